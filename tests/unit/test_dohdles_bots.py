"""Dohdles! computer players: they make word-only Dohdles at a table in table mode, ask the
sample questions, answer them from their theme table, guess from the board vocabulary, and
only ever send legal moves."""
from __future__ import annotations

import pytest

from clubtable.engine import IllegalAction
from clubtable.games.dohdles import GAME
from clubtable.games.dohdles.bots import answer_for, candidates
from clubtable.games.riddles.boards import SAMPLE_QUESTIONS
from test_dohdles_kit import NAMES, Play

LABELS = ["yes", "no", "partly", "irrelevant"]


def run_bots(n, level, seed, options=None, limit=20_000):
    """A table of bots, paced as a table would: each decision lands after its think time."""
    opts = dict(options or {}, riddle_medium="table", first_player_rule="random")
    state = GAME.new(NAMES[:n], seed, opts, 0)
    bots = [GAME.bot(level, s, seed) for s in range(n)]
    now, illegal = 0, 0
    for _ in range(limit):
        if GAME.result(state) is not None:
            break
        plans = []
        for s, bot in enumerate(bots):
            d = bot.decide(GAME.view(state, s), GAME.legal(state, s), now)
            if d is not None:
                plans.append((now + d[1], s, d[0]))
        due = GAME.deadline(state)
        if plans and (due is None or min(plans)[0] < due):
            at, seat, action = min(plans, key=lambda p: (p[0], p[1]))
            now = at
            try:
                state = GAME.apply(state, seat, action, now)
            except IllegalAction:
                illegal += 1
                raise
        else:
            now = due
            state = GAME.tick(state, now)
    return state, illegal


@pytest.mark.parametrize("n,level,seed", [(3, "easy", 1), (4, "normal", 2), (7, "normal", 3), (6, "easy", 4)])
def test_a_table_of_bots_plays_a_whole_game_with_legal_moves(n, level, seed):
    state, illegal = run_bots(n, level, seed)
    assert GAME.result(state) is not None and illegal == 0


def test_bots_solve_some_riddles():
    solved = 0
    for seed in range(2):
        state, _ = run_bots(4, "normal", seed)
        solved += sum(d["status"] == "solved" for d in state["dohdles"])
    assert solved > 0


def test_the_bot_answers_sample_questions_about_its_word_truthfully():
    en = SAMPLE_QUESTIONS["en"]
    assert answer_for("dog", en[0], LABELS, "en") == "yes"          # a living being
    assert answer_for("dog", en[1], LABELS, "en") == "no"           # made by humans
    assert answer_for("hammer", en[14], LABELS, "en") == "partly"   # a tool? (tools and toys)
    assert answer_for("Hund", SAMPLE_QUESTIONS["de"][6], LABELS, "de") == "yes"
    assert answer_for("dog", "Does it bark?", LABELS, "en") == "irrelevant"


def test_candidates_follow_letters_and_answers():
    d = {"letters": ["M", None, None, None, "_"], "qa": [
        {"q": SAMPLE_QUESTIONS["en"][6], "a": "yes", "refused": False}]}
    cands = candidates(d, LABELS, "en")
    assert "mouse" not in cands and "monkey" not in cands     # 5 and 6 letters
    assert all(c[0] == "m" and len(c) < 5 for c in cands)


def test_a_bot_refuses_a_question_about_letters_and_makes_nothing_without_table_mode():
    p = Play(3)
    bot = GAME.bot("easy", 1, 5)
    p.do(0, "move_chip", dohdle=p.of(1)[0])
    p.do(0, "ask", question="Does it start with R?")
    action, _ = bot.decide(p.view(1), GAME.legal(p.state, 1), p.now)
    assert action == {"type": "refuse"}
    q = Play(3, make=False)
    assert bot.decide(q.view(1), GAME.legal(q.state, 1), 0) is None
    with pytest.raises(IllegalAction):
        GAME.bot("hard", 0, 1)
