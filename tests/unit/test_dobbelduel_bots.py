"""Dobbelduel breaker's reasoning (solver), notebook and computer players."""
from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from clubtable.engine import Rng
from clubtable.games.dobbelduel import GAME, feedback, notebook
from clubtable.games.dobbelduel import solver
from clubtable.games.dobbelduel.bots import DobbelduelBot

ANNA, BEN = 0, 1


def cur(state):
    return state["matches"][state["match"]]


def new(**options):
    options.setdefault("first_code_maker", BEN)
    return GAME.new(["Anna", "Ben"], seed=11, options=options)


def bot(level, seat, seed=5):
    b = GAME.bot(level, seat, seed)
    b.pace_ms = 0
    return b


def play(state, bots, stop=None):
    """Let the bots play until the game (or ``stop(state)``) ends."""
    t = state["log"][-1][2] if state["log"] else state["t0"]
    for _ in range(500):
        if GAME.result(state) is not None or (stop and stop(state)):
            return state
        t += 100
        [seat] = GAME.awaited(state)
        action = bots[seat].act(GAME.view(state, seat), GAME.legal(state, seat), t)
        assert action is not None
        state = GAME.apply(state, seat, action, t)
    raise AssertionError("no end")


# --------------------------------------------------------------------- solver
def test_all_codes_consistent_at_start():
    """1,296 codes (6^4) before any feedback."""
    assert solver.consistent([]).bit_count() == 1296 == solver.N_CODES


def test_partition_matches_feedback_rule():
    """Splitting by a row groups codes exactly by the §2.4 feedback counts."""
    row = [3, 2, 6, None]
    parts = solver.partition(solver.ALL, row)
    assert sum(b.bit_count() for b in parts.values()) == 1296
    for key, bits in parts.items():
        for i in solver.members(bits)[:50]:
            assert solver.feedback_key(feedback(list(solver.CODES[i]), row)) == key
    # A single die in a column: '=' for 1 value, '+' for the higher ones, '-' for the lower.
    one = solver.partition(solver.ALL, [None, 4, None, None])
    sizes = {solver.key_feedback(k)["eq"] * 100 + solver.key_feedback(k)["plus"] * 10
             + solver.key_feedback(k)["minus"]: b.bit_count() for k, b in one.items()}
    assert sizes == {100: 216, 10: 432, 1: 648}


@settings(max_examples=30, deadline=None)
@given(code=st.lists(st.integers(1, 6), min_size=4, max_size=4),
       rows=st.lists(st.lists(st.one_of(st.none(), st.integers(1, 6)), min_size=4, max_size=4),
                     min_size=1, max_size=4))
def test_true_code_is_always_consistent(code, rows):
    pairs = [(r, feedback(code, r)) for r in rows if any(v is not None for v in r)]
    codes = solver.consistent(pairs)
    assert codes >> solver.code_index(code) & 1
    for i in solver.members(codes)[:30]:
        assert all(feedback(list(solver.CODES[i]), r) == fb for r, fb in pairs)


def test_notebook_from_the_breakers_view():
    """The notebook uses the public board only: after the §2.7 example feedback the true code
    is among the candidates, and a single '=' on blue 1 pins blue to 1."""
    state = new()
    cur(state)["code"] = [1, 5, 1, 6]
    state = GAME.apply(state, ANNA, {"type": "roll"}, 0)
    cur(state)["rolled"] = [1, 3, 3, 3]
    state = GAME.apply(state, ANNA, {"type": "place", "row": [1, None, None, None]}, 0)
    nb = notebook(GAME.view(state, ANNA))
    assert nb["count"] == 216 and nb["possible"][0] == [1] and nb["possible"][1] == [1, 2, 3, 4, 5, 6]
    assert nb["candidates"] is None and abs(nb["p_best"] - 1 / 216) < 1e-12
    json.dumps(nb)
    # Before any effort: everything possible.
    nb0 = notebook(GAME.view(new(), ANNA))
    assert nb0["count"] == 1296 and nb0["possible"] == [[1, 2, 3, 4, 5, 6]] * 4


def test_notebook_lists_few_candidates():
    rows = [([1, 2, 3, 4], {"eq": 4, "plus": 0, "minus": 0})]
    view = {"board": {"rows": [{"dice": d, "feedback": f} for d, f in rows]}}
    assert notebook(view) == {"count": 1, "possible": [[1], [2], [3], [4]], "p_best": 1.0,
                              "candidates": [[1, 2, 3, 4]]}


def test_roll_distribution_sums_to_one():
    for k, rolls in solver.ROLLS.items():
        assert abs(sum(p for _, p in rolls) - 1) < 1e-12
    assert len(solver.ROLLS[4]) == 126


def test_search_values_solving_against_rolling():
    """Solve now is worth score/n; with one code left it beats any roll, and with 1,296 left
    rolling is worth far more than a blind guess."""
    s = solver.Searcher()
    one = 1 << solver.code_index([2, 2, 2, 2])
    assert s.should_solve(one, 2, 10)
    assert not s.should_solve(solver.ALL, 0, 18)
    assert s.continuation(solver.ALL, 0, 18) > 25 > 73 / 1296


def test_search_prefers_informative_dice():
    """From the start a roll of 1,1,1,1 is worth little: placing 1s splits only '=' from '+'.
    The bot then places fewer dice than with a roll of 3,3,4,4."""
    s = solver.Searcher()
    v_bad, row_bad = s.best_row(solver.ALL, 0, 18, [1, 1, 1, 1])
    v_good, row_good = s.best_row(solver.ALL, 0, 18, [3, 3, 4, 4])
    assert v_good > v_bad
    placed = lambda r: sum(1 for v in r if v is not None)
    assert placed(row_bad) <= placed(row_good)


def test_row_values_cover_every_legal_placement():
    s = solver.Searcher()
    state = GAME.apply(new(), ANNA, {"type": "roll"}, 0)
    rolled = cur(state)["rolled"]
    rows = sorted(json.dumps(r) for _, r in s.row_values(solver.ALL, 0, 18, rolled))
    legal = sorted(json.dumps(a["row"]) for a in GAME.legal(state, ANNA))
    assert rows == legal


def test_full_set_groups_counted_as_the_bitsets_give_them():
    """From the start every column's six faces are all possible, so a row's groups can be
    counted instead of built: the same sizes, in the same order, for every placement."""
    pos = solver.Position(solver.ALL)
    for roll in [(1, 2, 5, 6), (3, 3, 4, 4), (1, 1, 1, 1), (6, 6, 6, 6), (2, 4)]:
        counted = solver.row_outcomes(pos, roll)
        built = [(row, k, [b.bit_count() for b in parts.values()])
                 for row, k, parts in solver.rows_with_parts(pos, roll)]
        assert counted == built


def test_candidate_masks_match_the_feedback_symbols():
    """A small candidate set is re-indexed 0..n-1; its masks say '=', '+' or '-' exactly
    as the rule does for each candidate's digit."""
    codes = solver.consistent([([3, 4, None, 2], {"eq": 1, "plus": 1, "minus": 1})])
    pos = solver.Position(codes)
    assert 0 < pos.n <= 400 and pos.masks is not solver.MASKS
    for c in range(4):
        for w in range(1, 7):
            me, mp, mm = pos.masks[c][w]
            for j, i in enumerate(pos.idx):
                d = solver.CODES[i][c]
                assert (me >> j & 1, mp >> j & 1, mm >> j & 1) == (d == w, d > w, d < w)


def test_values_read_on_demand_agree_with_the_model():
    """``g(e, s)[n]`` is n times the value of a ready position: max(score now, rolling on)."""
    for model in (solver.default_model(), solver.heuristic_model()):
        for e, s in [(1, 15), (2, 12), (3, 9), (5, 4), (7, 3), (2, 0)]:
            g = model.g(e, s)
            assert g[0] == 0
            for n in (1, 2, 7, 50, 333, 1296):
                assert abs(g[n] - n * model.value(n, e, s)) < 1e-9 * max(1.0, g[n])


def test_a_decision_leaves_nothing_for_the_cycle_collector():
    """Everything a decision builds is freed as it goes (no reference cycles), so bots do
    not wake the collector that pauses the page."""
    import gc
    state = new()
    bots = [bot("hard", ANNA), bot("hard", BEN)]
    gc.collect()
    gc.disable()
    try:
        play(state, bots)
        for level in GAME.bot_levels:
            play(new(feedback="manual"), [bot(level, ANNA), bot(level, BEN)])
        assert gc.collect() == 0
    finally:
        gc.enable()


# --------------------------------------------------------------------- bots
def test_bots_play_whole_games_at_every_level():
    for level in GAME.bot_levels:
        for mode in ("auto", "manual"):
            state = GAME.new(["A", "B"], seed=3, options={"feedback": mode})
            state = play(state, [bot(level, 0), bot(level, 1)])
            assert GAME.result(state) is not None


def test_bot_asks_for_its_pace():
    b = GAME.bot("hard", ANNA, 1)
    state = new()
    view, legal = GAME.view(state, ANNA), GAME.legal(state, ANNA)
    assert b.decide(view, legal, 10) == ({"type": "roll"}, b.pace_ms)
    assert b.decide(view, legal, 20) == ({"type": "roll"}, b.pace_ms)     # asked again: same answer
    assert b.act(view, legal, 30) is None                                 # paced by itself
    assert b.act(view, legal, 30 + b.pace_ms) == {"type": "roll"}
    assert bot("hard", BEN).decide(GAME.view(state, BEN), GAME.legal(state, BEN), 10 ** 6) is None


def test_maker_bot_answers_truthfully_in_manual_mode():
    state = new(feedback="manual")
    breaker, maker = bot("hard", ANNA), bot("easy", BEN)
    for _ in range(3):
        state = play(state, [breaker, maker], stop=lambda s: cur(s)["phase"] == "feedback")
        state = play(state, [breaker, maker], stop=lambda s: cur(s)["phase"] != "feedback")
        row = cur(state)["rows"][-1]
        assert row["given"] == row["true"]


def test_breaker_bot_never_reads_the_code():
    """The hard breaker's choices depend only on its view: changing the hidden code (and the
    hidden true feedback) does not change what it does."""
    state = new()
    for _ in range(3):
        state = GAME.apply(state, ANNA, {"type": "roll"}, 0)
        view = GAME.view(state, ANNA)
        a = bot("hard", ANNA).act(view, GAME.legal(state, ANNA), 10 ** 6)
        other = json.loads(json.dumps(state))
        other["matches"][0]["code"] = [7 - v for v in other["matches"][0]["code"]]
        assert bot("hard", ANNA).act(GAME.view(other, ANNA), GAME.legal(other, ANNA), 10 ** 6) == a
        state = GAME.apply(state, ANNA, a, 0)
        if cur(state)["phase"] != "ready":
            break


def test_bot_actions_are_legal():
    for level in GAME.bot_levels:
        state = GAME.new(["A", "B"], seed=8)
        b = bot(level, cur(state)["breaker"])
        for _ in range(12):
            m = cur(state)
            if m["phase"] == "done" or state["match"] > 0:
                break
            legal = GAME.legal(state, m["breaker"])
            a = b.act(GAME.view(state, m["breaker"]), legal, 10 ** 6)
            if a["type"] == "solve":
                assert any(x["type"] == "solve" for x in legal)
            else:
                assert a in legal
            state = GAME.apply(state, m["breaker"], a, 0)


def test_bot_solves_at_once_when_the_feedback_contradicts_itself():
    """Manual mode: if the maker's counts leave no code possible, the information was wrong,
    and the penalty (DOB-7) pays most if the breaker ends the match now."""
    state = new(feedback="manual")
    cur(state)["code"] = [3, 3, 3, 3]
    state = GAME.apply(state, ANNA, {"type": "roll"}, 0)
    cur(state)["rolled"] = [1, 1, 1, 1]
    state = GAME.apply(state, ANNA, {"type": "place", "row": [1, 1, 1, 1]}, 0)
    # Impossible: a 1 can never need to be lower.
    state = GAME.apply(state, BEN, {"type": "feedback", "eq": 0, "plus": 0, "minus": 4}, 0)
    a = bot("hard", ANNA).act(GAME.view(state, ANNA), GAME.legal(state, ANNA), 10 ** 6)
    assert a["type"] == "solve"
    state = GAME.apply(state, ANNA, a, 0)
    assert state["matches"][0]["score"]["total"] == 20 + 30 + 14


def test_hard_beats_easy_on_average():
    from clubtable.games.dobbelduel.fit import simulate
    rng = Rng(99)
    hard = solver.Searcher()
    total_hard = sum(simulate(hard, rng) for _ in range(60))
    rng = Rng(99)
    easy_total = 0
    for _ in range(60):
        state = GAME.new(["A", "B"], seed=rng.below(10 ** 9), options={"matches": 2})
        state = play(state, [bot("easy", 0, rng.below(99)), bot("easy", 1, rng.below(99))])
        easy_total += sum(GAME.result(state)["scores"]) / 2
    assert total_hard / 60 > easy_total / 60 + 5
