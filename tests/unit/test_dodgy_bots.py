"""DODGY computer players: they act only legally, from their own view, at a human pace,
and the hard level beats the easy one."""
from __future__ import annotations

import math

import pytest

from clubtable.games.dodgy.bots import PROFILES, prob_at_least
from test_dodgy_kit import GAME, SEER, give, new, play, run_bots, set_faces


def binomial_tail(n, p, k):
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


@pytest.mark.parametrize("n, k", [(0, 0), (0, 1), (5, 0), (5, 1), (12, 3), (18, 7), (20, 21)])
def test_tail_probability_is_the_binomial_one(n, k):
    assert prob_at_least([1 / 6] * n, k) == pytest.approx(binomial_tail(n, 1 / 6, k))


def test_bot_probability_counts_own_dice_and_the_wild_stone():
    s = set_faces(give(new(3), 2, 0, 1, seer=True), [["ship"] * 3 + ["bow"] * 4 + ["sword"], ["bow"] * 6, ["bow"] * 5])
    bot = GAME.bot("normal", 0, 1)
    view = GAME.view(s, 0)
    # 3 ships of its own + the wild stone when it states: 4 ships are certain.
    assert bot.probability(view, 4, "ship", 0) == 1.0
    # For Ben's statement the stone shows a sword: 3 certain, 11 unknown dice at 1/6.
    assert bot.probability(view, 4, "ship", 1) == pytest.approx(binomial_tail(11, 1 / 6, 1))
    other = GAME.bot("normal", 1, 1)
    # Ben does not see Anna's dice; her stone is wild for her own statement.
    assert other.probability(GAME.view(s, 1), 2, "sword", 0) == pytest.approx(binomial_tail(12, 1 / 6, 1))


def _bot_turn(bot, state, seat, now):
    return bot.act(GAME.view(state, seat), GAME.legal(state, seat), now)


def test_bots_wait_a_human_delay_before_acting():
    s = new(3)
    for level in GAME.bot_levels:
        bot = GAME.bot(level, 0, 7)
        lo, hi = PROFILES[level]["delay_ms"]
        assert 500 <= lo <= hi < GAME.options["challenge_min_window_s"] * 1000
        assert _bot_turn(bot, s, 0, 0) is None
        assert _bot_turn(bot, s, 0, lo - 1) is None
        action = _bot_turn(bot, s, 0, hi)
        assert action in GAME.legal(s, 0)


def test_bots_do_not_act_without_legal_actions():
    s = new(3)
    assert _bot_turn(GAME.bot("hard", 1, 1), s, 1, 10_000) is None


def test_winner_takes_the_seer_stone():
    s = set_faces(give(new(3), 2, 0, 1, seer=True), [["bow"] * 8, ["ship"] * 6, ["bow"] * 5])
    s = play(s, 0, {"type": "state", "quantity": 9, "image": "ship"}, 0)
    s = play(s, 1, {"type": "dodgy"}, 100)
    assert s["reveal"]["winner"] == 1
    for level in GAME.bot_levels:
        bot = GAME.bot(level, 1, 3)
        bot.delay_ms = (0, 0)
        assert _bot_turn(bot, s, 1, 200) == {"type": "choose", "die": SEER}


def test_bot_shouts_when_no_raise_is_possible():
    s = new(2)
    s = play(s, 0, {"type": "state", "quantity": 20, "image": "bow"}, 0)
    for level in GAME.bot_levels:
        bot = GAME.bot(level, 1, 3)
        bot.delay_ms = (0, 0)
        assert _bot_turn(bot, s, 1, 100)["type"] == "dodgy"


def test_bystander_challenges_the_absurd_and_accepts_the_likely():
    s = set_faces(new(3), [["bow"] * 6, ["bow"] * 6, ["ship"] * 6])
    absurd = play(s, 0, {"type": "state", "quantity": 15, "image": "ship"}, 0)
    likely = play(s, 0, {"type": "state", "quantity": 3, "image": "ship"}, 0)
    for level in ("normal", "hard"):
        bot = GAME.bot(level, 2, 3)
        bot.delay_ms = (0, 0)
        assert _bot_turn(bot, absurd, 2, 10)["type"] == "dodgy"
        bot = GAME.bot(level, 2, 3)
        bot.delay_ms = (0, 0)
        assert _bot_turn(bot, likely, 2, 10)["type"] == "accept"


def test_bot_decides_from_its_view_alone():
    """The same view and seed give the same decision whatever the hidden dice are."""
    a = set_faces(new(3, seed=1), [["bow"] * 6, ["ship"] * 6, ["sword"] * 6])
    b = set_faces(new(3, seed=1), [["bow"] * 6, ["image4"] * 6, ["bow"] * 6])
    a = play(a, 0, {"type": "state", "quantity": 4, "image": "bow"}, 0)
    b = play(b, 0, {"type": "state", "quantity": 4, "image": "bow"}, 0)
    assert GAME.view(a, 0) == GAME.view(b, 0)
    for level in GAME.bot_levels:
        x, y = GAME.bot(level, 0, 9), GAME.bot(level, 0, 9)
        assert [_bot_turn(x, a, 0, t) for t in range(0, 3000, 100)] == [
            _bot_turn(y, b, 0, t) for t in range(0, 3000, 100)
        ]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_bot_games_are_legal_and_end(n):
    """Full games with every level at real pace, with the default timers on: ``run_bots``
    applies through the contract, so an illegal bot action would raise."""
    levels = GAME.bot_levels
    s = new(n, seed=100 + n, first_player=None, jitter_ms=100 if n == 4 else 0,
            reroll_each_round=n != 5, elimination_threshold=2 if n == 6 else None)
    bots = {i: GAME.bot(levels[i % 3], i, 50 + i) for i in range(n)}
    timeouts = []

    def check(state):
        if state["reveal"] and state["reveal"]["by_timeout"]:
            timeouts.append(state["reveal"]["round"])

    final, _ = run_bots(bots, s, check=check)
    result = GAME.result(final)
    assert len(result["winners"]) == 1
    assert timeouts == []                          # bots never let their clock run out
    assert GAME.replay(final["players"], final["seed"], final["options"], final["t0"], final["log"]) == final


def match(levels, seed, **options):
    s = new(len(levels), seed=seed, first_player=seed % len(levels), **options)
    bots = {}
    for i, level in enumerate(levels):
        bots[i] = GAME.bot(level, i, seed * 10 + i)
        bots[i].delay_ms = (0, 0)
    final, _ = run_bots(bots, s)
    return [levels[w] for w in GAME.result(final)["winners"]]


def test_hard_beats_easy_more_often_than_not():
    wins = 0
    games = 30
    for seed in range(games):
        levels = ("hard", "easy") if seed % 2 else ("easy", "hard")
        wins += match(levels, seed, elimination_threshold=4) == ["hard"]
    assert wins > games // 2


def test_hard_beats_normal_at_a_three_player_table():
    wins = 0
    games = 30
    for seed in range(games):
        levels = ["normal"] * 3
        levels[seed % 3] = "hard"
        wins += match(tuple(levels), seed, elimination_threshold=3) == ["hard"]
    assert wins > games / 3                        # better than its fair share
