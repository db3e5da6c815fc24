"""Dobbelduel rules (RULES.md §2): one test per rule and per worked example of §2.7,
then property tests over random play."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from clubtable.engine import IllegalAction
from clubtable.games.dobbelduel import GAME, feedback, match_score
from clubtable.games.dobbelduel.rules import MAX_EXTRA_PAIRS

ANNA, BEN = 0, 1


# --------------------------------------------------------------------- helpers
def new(seed: int = 1, **options) -> dict:
    options.setdefault("first_code_maker", BEN)      # Anna breaks first unless told
    return GAME.new(["Anna", "Ben"], seed=seed, options=options, now_ms=0)


def cur(state: dict) -> dict:
    return state["matches"][state["match"]]


def set_code(state: dict, code) -> None:
    """Test set-up: fix the hidden code of the current match."""
    cur(state)["code"] = list(code)


def roll(state: dict, values=None) -> dict:
    """The breaker rolls; ``values`` overrides the dice (test set-up)."""
    state = GAME.apply(state, cur(state)["breaker"], {"type": "roll"}, 0)
    if values is not None:
        assert len(values) == len(cur(state)["rolled"])
        cur(state)["rolled"] = list(values)
    return state


def effort(state: dict, row: list) -> dict:
    """One whole effort placing ``row``: the roll holds those dice plus 1s as filler."""
    placed = [v for v in row if v is not None]
    size = min(4, cur(state)["supply"])
    state = roll(state, placed + [1] * (size - len(placed)))
    state = GAME.apply(state, cur(state)["breaker"], {"type": "place", "row": row}, 0)
    if state["options"]["feedback"] == "manual":
        fb = feedback(cur(state)["code"], row)
        state = GAME.apply(state, cur(state)["maker"], {"type": "feedback", **fb}, 0)
    return state


def solve(state: dict, code) -> dict:
    return GAME.apply(state, cur(state)["breaker"], {"type": "solve", "code": list(code)}, 0)


#: the solution row, described by its schema (1,296 codes are not enumerated)
SOLVE = {"type": "solve", "interrupt": False, "args": {"code": {
    "kind": "list", "item": {"kind": "choice", "choices": [1, 2, 3, 4, 5, 6]}, "min_len": 4, "max_len": 4}}}


def raises(code: str, state: dict, seat, action: dict) -> None:
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, action, 0)
    assert err.value.code == code
    assert json.dumps(state, sort_keys=True) == before      # unchanged


# --------------------------------------------------------------------- §2.1 components, Appendix A
def test_components_and_default_options():
    """DOB-1/DOB-4/Appendix A: 18 white dice, 4 columns blue-red-yellow-green, 2 matches."""
    assert GAME.options == {
        "columns": ["blue", "red", "yellow", "green"], "first_code_maker": "random",
        "matches": 2, "tie": "draw", "feedback": "auto", "wrong_feedback": "at_reveal"}
    state = GAME.new(["A", "B"], seed=3)
    view = GAME.view(state, 0)
    assert view["columns"] == ["blue", "red", "yellow", "green"]
    assert view["board"]["supply"] == 18 and view["board"]["max_efforts"] == 7
    assert GAME.min_players == GAME.max_players == 2


def test_options_are_checked():
    """§2.10: matches must be even; unknown values are refused."""
    for bad in ({"matches": 3}, {"matches": 0}, {"tie": "coin"}, {"feedback": "shout"},
                {"first_code_maker": 2}, {"columns": ["blue", "red", "red", "green"]}):
        with pytest.raises(IllegalAction) as err:
            GAME.new(["A", "B"], seed=1, options=bad)
        assert err.value.code == "bad_options"
    state = GAME.new(["A", "B"], seed=1, options={"columns": ["green", "yellow", "red", "blue"]})
    assert GAME.view(state, None)["columns"] == ["green", "yellow", "red", "blue"]


# --------------------------------------------------------------------- §2.2 setup
def test_code_is_rolled_from_the_seed():
    """§2.2: the engine rolls the code (4 values 1–6); same seed, same code."""
    a, b = GAME.new(["A", "B"], seed=42), GAME.new(["A", "B"], seed=42)
    assert cur(a)["code"] == cur(b)["code"]
    assert all(1 <= v <= 6 for v in cur(a)["code"]) and len(cur(a)["code"]) == 4
    codes = {tuple(cur(GAME.new(["A", "B"], seed=s))["code"]) for s in range(30)}
    assert len(codes) > 20


def test_first_code_maker_option():
    """DOB-5: the first maker is seat 0, seat 1, or drawn from the seed."""
    assert cur(GAME.new(["A", "B"], 1, {"first_code_maker": 0}))["maker"] == 0
    assert cur(GAME.new(["A", "B"], 1, {"first_code_maker": 1}))["maker"] == 1
    makers = {cur(GAME.new(["A", "B"], s))["maker"] for s in range(20)}
    assert makers == {0, 1}


def test_breaker_starts_ready():
    state = new()
    view = GAME.view(state, ANNA)
    assert view["role"] == "breaker" and GAME.awaited(state) == [ANNA] and view["phase"] == "ready"
    assert GAME.legal(state, ANNA) == [{"type": "roll"}, SOLVE]
    assert GAME.legal(state, BEN) == [] and GAME.legal(state, None) == []


# --------------------------------------------------------------------- §2.4 effort
def test_roll_is_four_dice_or_what_is_left():
    """§2.4 step 1: roll min(4, supply) white dice."""
    state = new()
    state = roll(state)
    assert len(cur(state)["rolled"]) == 4
    state = new()
    for row in ([1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]):
        state = effort(state, row)
    assert cur(state)["supply"] == 2
    state = roll(state)
    assert len(cur(state)["rolled"]) == 2


def test_place_one_to_four_rolled_dice_on_chosen_columns():
    """§2.4 step 2: 1..k of the rolled dice, on distinct columns; placed dice are used up,
    the others go back to the supply."""
    state = roll(new(), [2, 3, 6, 6])
    raises("empty_row", state, ANNA, {"type": "place", "row": [None] * 4})
    raises("not_rolled", state, ANNA, {"type": "place", "row": [4, None, None, None]})
    raises("not_rolled", state, ANNA, {"type": "place", "row": [2, 2, None, None]})
    raises("bad_arg", state, ANNA, {"type": "place", "row": [2, 3, 6]})
    raises("bad_arg", state, ANNA, {"type": "place", "row": [True, None, None, None]})
    raises("not_breaker", state, BEN, {"type": "place", "row": [2, None, None, None]})
    state = GAME.apply(state, ANNA, {"type": "place", "row": [None, 6, None, 2]}, 0)
    m = cur(state)
    assert m["supply"] == 16 and m["rolled"] is None and len(m["rows"]) == 1
    assert m["phase"] == "ready"


def test_legal_placements_are_every_distinct_row():
    """Four different values: sum over k of C(4,k)·4!/(4-k)! = 16+72+96+24 = 208 rows."""
    state = roll(new(), [1, 2, 3, 4])
    legal = GAME.legal(state, ANNA)
    assert len(legal) == 208
    assert len({json.dumps(a) for a in legal}) == 208
    state = roll(new(), [5, 5, 5, 5])
    assert len(GAME.legal(state, ANNA)) == 2 ** 4 - 1


def test_worked_example_feedback():
    """§2.7 Feedback: code blue 3, red 5, yellow 1, green 6; B places 3, 2, 6, 6 and is told
    only 2 x '=', 1 x '+', 1 x '-'."""
    assert feedback([3, 5, 1, 6], [3, 2, 6, 6]) == {"eq": 2, "plus": 1, "minus": 1}
    state = new()
    set_code(state, [3, 5, 1, 6])
    state = effort(state, [3, 2, 6, 6])
    row = GAME.view(state, ANNA)["board"]["rows"][0]
    assert row["feedback"] == {"eq": 2, "plus": 1, "minus": 1}
    assert set(row) == {"dice", "placed", "feedback", "supply_after"}     # never which column


def test_feedback_ignores_empty_columns():
    assert feedback([3, 5, 1, 6], [None, 6, None, None]) == {"eq": 0, "plus": 0, "minus": 1}


def test_no_solving_during_an_effort():
    """DOB-6: the solution row only when no effort is in progress."""
    state = roll(new())
    raises("not_now", state, ANNA, {"type": "solve", "code": [1, 1, 1, 1]})
    raises("not_now", state, ANNA, {"type": "roll"})


def test_only_the_breaker_plays_and_feedback_is_automatic():
    state = new()
    raises("not_breaker", state, BEN, {"type": "roll"})
    raises("not_breaker", state, BEN, {"type": "solve", "code": [1, 1, 1, 1]})
    raises("not_manual", state, BEN, {"type": "feedback", "eq": 0, "plus": 0, "minus": 1})
    raises("unknown_action", state, ANNA, {"type": "peek"})
    raises("bad_arg", state, ANNA, {"type": "solve", "code": [1, 2, 3, 7]})
    raises("unknown_field", state, ANNA, {"type": "solve", "choices": [1, 2, 3, 4, 5, 6], "length": 4})


# --------------------------------------------------------------------- §2.5 solving, §2.6 scoring
def test_worked_example_scoring_49():
    """§2.7 Scoring: solved after 3 efforts placing 4, 3 and 2 dice: 20 + 5 x 4 + 9 = 49."""
    state = new()
    set_code(state, [2, 4, 6, 1])
    for row in ([1, 2, 3, 4], [5, 6, 1, None], [None, None, 2, 2]):
        state = effort(state, row)
    state = solve(state, [2, 4, 6, 1])
    done = state["matches"][0]
    assert done["score"]["total"] == 49 and done["score"]["reason"] == "broken"
    assert done["score"]["lines"] == [
        {"item": "base", "points": 20},
        {"item": "empty_rows", "count": 4, "each": 5, "points": 20},
        {"item": "unused_dice", "count": 9, "each": 1, "points": 9},
    ]
    assert match_score(3, 9) == 49


def test_worked_example_all_dice_seven_efforts():
    """§2.7: 4, 4, 3, 2, 2, 2, 1 uses all 18 dice in 7 efforts; the solve is forced and a
    correct one scores 20 + 0 + 0 = 20."""
    state = new()
    set_code(state, [6, 6, 6, 6])
    counts = [4, 4, 3, 2, 2, 2, 1]
    for k in counts:
        state = effort(state, [1] * k + [None] * (4 - k))
    m = cur(state)
    assert m["supply"] == 0 and len(m["rows"]) == 7 and m["phase"] == "must_solve"
    assert GAME.legal(state, ANNA) == [SOLVE]
    raises("must_solve", state, ANNA, {"type": "roll"})
    state = solve(state, [6, 6, 6, 6])
    assert state["matches"][0]["score"]["total"] == 20


def test_solve_forced_after_seventh_effort_even_with_dice_left():
    """§2.5: "after 7 efforts, the code breaker is obliged to fill his solution row"."""
    state = new()
    for _ in range(7):
        state = effort(state, [1, None, None, None])
    assert cur(state)["phase"] == "must_solve" and cur(state)["supply"] == 11
    raises("must_solve", state, ANNA, {"type": "roll"})


def test_solve_forced_when_white_dice_run_out():
    """DOB-9: with no white dice left B must place the solution."""
    state = new()
    for row in ([1] * 4, [1] * 4, [1] * 4, [1] * 4, [1, 1, None, None]):
        state = effort(state, row)
    assert cur(state)["supply"] == 0 and len(cur(state)["rows"]) == 5
    assert cur(state)["phase"] == "must_solve"
    state = solve(state, cur(state)["code"])
    assert state["matches"][0]["score"]["total"] == 20 + 5 * 2


def test_worked_example_blind_first_guess_73():
    """§2.7: solving before any effort and being right scores 20 + 35 + 18 = 73, the maximum."""
    state = new()
    set_code(state, [1, 2, 3, 4])
    state = solve(state, [1, 2, 3, 4])
    assert state["matches"][0]["score"]["total"] == 73 == match_score(0, 18)


def test_worked_example_failure_scores_zero():
    """§2.7 Failure / DOB-13: any wrong value scores 0, no partial credit."""
    state = new()
    set_code(state, [1, 2, 3, 4])
    state = effort(state, [1, 2, 3, None])
    state = solve(state, [1, 2, 3, 5])
    sc = state["matches"][0]["score"]
    assert sc == {"reason": "not_broken", "broken": False, "lines": [], "total": 0}


def test_solution_once_per_match_then_roles_swap():
    """§2.6: "not allowed to fill his solution row more than once per match"; the next match
    starts with the roles exchanged and a fresh board."""
    state = new()
    state = solve(state, [1, 1, 1, 1])
    assert state["match"] == 1
    m = cur(state)
    assert (m["maker"], m["breaker"]) == (ANNA, BEN)
    assert m["supply"] == 18 and m["rows"] == [] and m["solution"] is None
    raises("not_breaker", state, ANNA, {"type": "solve", "code": [1, 1, 1, 1]})


def test_worked_example_game_anna_wins_49_40():
    """§2.7 Game: match 1 Anna breaks with 49; match 2 Ben breaks with 40; Anna wins 49–40."""
    state = new()
    set_code(state, [2, 4, 6, 1])
    for row in ([1, 2, 3, 4], [5, 6, 1, None], [None, None, 2, 2]):
        state = effort(state, row)
    state = solve(state, [2, 4, 6, 1])
    assert GAME.result(state) is None
    set_code(state, [5, 5, 5, 5])
    # 40 = 20 + 5 x 3 + 5: four efforts using 13 dice.
    for row in ([1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4], [5, None, None, None]):
        state = effort(state, row)
    state = solve(state, [5, 5, 5, 5])
    assert GAME.result(state) == {"winners": [ANNA], "scores": [49, 40]}
    view = GAME.view(state, None)
    assert view["phase"] == "over" and view["scores"] == [[49, 0], [0, 40]]
    assert view["totals"] == [49, 40]
    raises("game_over", state, BEN, {"type": "roll"})


def test_tie_draw_and_extra_pair():
    """DOB-10 option tie="extra_pair": a tied game goes on with another pair of matches."""
    for tie, expect_matches in (("draw", 2), ("extra_pair", 4)):
        state = new(tie=tie)
        for _ in range(2):
            set_code(state, [6, 6, 6, 6])
            state = solve(state, [1, 1, 1, 1])
        assert state["n_matches"] == expect_matches
        if tie == "draw":
            assert GAME.result(state) == {"winners": [0, 1], "scores": [0, 0]}
        else:
            assert GAME.result(state) is None and cur(state)["breaker"] == ANNA
    # The extra pairs stop after MAX_EXTRA_PAIRS: then it is a draw.
    state = new(tie="extra_pair")
    while GAME.result(state) is None:
        set_code(state, [6, 6, 6, 6])
        state = solve(state, [1, 1, 1, 1])
    assert state["n_matches"] == 2 + 2 * MAX_EXTRA_PAIRS
    assert GAME.result(state)["winners"] == [0, 1]


def test_more_matches_alternate_roles():
    """§2.10: matches = 4: each player breaks twice, roles alternating."""
    state = new(matches=4)
    breakers = []
    while GAME.result(state) is None:
        breakers.append(cur(state)["breaker"])
        state = solve(state, [3, 3, 3, 3])
    assert breakers == [ANNA, BEN, ANNA, BEN]
    assert len(GAME.view(state, 0)["scores"]) == 4


# --------------------------------------------------------------------- §2.10 manual feedback
def test_manual_feedback_is_a_maker_action():
    """§2.10: in manual mode the maker enters the counts; his legal actions are every split of
    the placed dice into '=', '+', '-'."""
    state = new(feedback="manual")
    set_code(state, [3, 5, 1, 6])
    state = roll(state, [2, 3, 6, 6])
    state = GAME.apply(state, ANNA, {"type": "place", "row": [3, 2, 6, 6]}, 0)
    view_b = GAME.view(state, ANNA)
    assert view_b["phase"] == "feedback" and GAME.awaited(state) == [BEN]
    assert view_b["board"]["rows"][0]["feedback"] is None
    assert GAME.legal(state, ANNA) == []
    legal = GAME.legal(state, BEN)
    assert len(legal) == 15 and {"type": "feedback", "eq": 2, "plus": 1, "minus": 1} in legal
    assert all(a["eq"] + a["plus"] + a["minus"] == 4 for a in legal)
    assert GAME.view(state, BEN)["board"]["code"] == [3, 5, 1, 6]
    raises("bad_feedback", state, BEN, {"type": "feedback", "eq": 1, "plus": 1, "minus": 1})
    raises("bad_arg", state, BEN, {"type": "feedback", "eq": "2", "plus": 1, "minus": 1})
    raises("not_maker", state, ANNA, {"type": "feedback", "eq": 2, "plus": 1, "minus": 1})
    raises("not_now", state, ANNA, {"type": "roll"})
    state = GAME.apply(state, BEN, {"type": "feedback", "eq": 2, "plus": 1, "minus": 1}, 0)
    assert cur(state)["phase"] == "ready" and cur(state)["wrong_row"] is None


def test_manual_wrong_feedback_penalty_at_reveal():
    """DOB-7: wrong information is recorded, not refused; at the reveal B scores as if he had
    broken the code at the end of that effort, even with a wrong solution."""
    state = new(feedback="manual")
    set_code(state, [3, 5, 1, 6])
    state = effort(state, [1, 2, 3, 4])                     # truthful
    state = roll(state, [2, 3, 6, 6])
    state = GAME.apply(state, ANNA, {"type": "place", "row": [3, 2, 6, None]}, 0)
    state = GAME.apply(state, BEN, {"type": "feedback", "eq": 3, "plus": 0, "minus": 0}, 0)
    assert cur(state)["phase"] == "ready"                  # play goes on
    assert GAME.view(state, ANNA)["board"]["wrong_row"] is None
    state = effort(state, [1, 1, 1, 1])
    state = solve(state, [1, 1, 1, 1])
    done = state["matches"][0]
    # Wrong row: effort 2, after which 18 - 4 - 3 = 11 dice were left: 20 + 5 x 5 + 11 = 56.
    assert done["score"]["reason"] == "wrong_feedback" and done["score"]["total"] == 56
    board = GAME.view(state, ANNA)["history"][0]
    assert board["wrong_row"] == 1
    assert [r["correct"] for r in board["rows"]] == [True, False, True]
    assert board["rows"][1]["true_feedback"] == {"eq": 1, "plus": 1, "minus": 1}


def test_manual_wrong_feedback_immediate_option():
    """DOB-7 with wrong_feedback="immediate": B wins the match right after that effort."""
    state = new(feedback="manual", wrong_feedback="immediate")
    set_code(state, [3, 5, 1, 6])
    state = roll(state, [2, 3, 6, 6])
    state = GAME.apply(state, ANNA, {"type": "place", "row": [3, 2, 6, 6]}, 0)
    state = GAME.apply(state, BEN, {"type": "feedback", "eq": 0, "plus": 0, "minus": 4}, 0)
    done = state["matches"][0]
    assert done["phase"] == "done" and done["solution"] is None
    assert done["score"]["total"] == 20 + 5 * 6 + 14 and state["match"] == 1


# --------------------------------------------------------------------- §2.8 hidden information
def test_code_hidden_from_breaker_and_spectator_until_reveal():
    """§2.8: the maker sees the code; B and spectators only once the solution row is filled."""
    state = new()
    state = effort(state, [1, 2, 3, 4])
    code = cur(state)["code"]
    assert GAME.view(state, BEN)["board"]["code"] == code
    for seat in (ANNA, None):
        assert GAME.view(state, seat)["board"]["code"] is None
    state = solve(state, [1, 1, 1, 1])
    for seat in (ANNA, BEN, None):
        hist = GAME.view(state, seat)["history"][0]
        assert hist["code"] == code and hist["revealed"]
        assert hist["score"]["total"] in (0, 64)


def _breaker_view_without_code(state: dict, seat) -> str:
    return json.dumps(GAME.view(state, seat), sort_keys=True)


def assert_code_not_visible(state: dict) -> None:
    """The breaker's and the spectator's views do not depend on the hidden code at all."""
    m = cur(state)
    if m["phase"] == "done":
        return
    for seat in (m["breaker"], None):
        before = _breaker_view_without_code(state, seat)
        other = json.loads(json.dumps(state))
        om = other["matches"][other["match"]]
        om["code"] = [7 - v for v in om["code"]]
        for r in om["rows"]:
            r["true"] = {"eq": 9, "plus": 9, "minus": 9}
        assert _breaker_view_without_code(other, seat) == before


# --------------------------------------------------------------------- properties
def random_play(seed: int, feedback_mode: str = "auto", lie: float = 0.0, max_steps: int = 400):
    """Play a whole game with random legal actions; yields every state."""
    from clubtable.engine import Rng
    rng = Rng(seed)
    state = GAME.new(["A", "B"], seed=seed, options={"feedback": feedback_mode, "matches": 2})
    t = 0
    yield state
    for _ in range(max_steps):
        if GAME.result(state) is not None:
            return
        t += 10
        [seat] = GAME.awaited(state)
        legal = GAME.legal(state, seat)
        action = dict(rng.choice(legal))
        if action["type"] == "solve":
            m = cur(state)
            action = {"type": "solve",
                      "code": list(m["code"]) if rng.random() < 0.3 else [rng.randint(1, 6) for _ in range(4)]}
        elif action["type"] == "roll" and rng.random() < 0.1:
            action = {"type": "solve", "code": [rng.randint(1, 6) for _ in range(4)]}
        elif action["type"] == "feedback" and rng.random() >= lie:
            fb = feedback(cur(state)["code"], cur(state)["rows"][-1]["dice"])
            action = {"type": "feedback", **fb}
        state = GAME.apply(state, seat, action, t)
        yield state
    raise AssertionError("game did not end")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32), mode=st.sampled_from(["auto", "manual"]))
def test_property_random_games(seed, mode):
    """Feedback counts equal the dice placed; scores are 0 or 20..73; the code never reaches
    the breaker or a spectator before the reveal; replay and dump/load reproduce the game."""
    states = list(random_play(seed, mode, lie=0.2 if mode == "manual" else 0.0))
    final = states[-1]
    for state in states[:: max(1, len(states) // 12)] + [final]:
        assert_code_not_visible(state)
    for m in final["matches"]:
        for r in m["rows"]:
            placed = sum(1 for v in r["dice"] if v is not None)
            assert 1 <= placed <= 4
            assert sum(r["true"].values()) == placed == sum(r["given"].values())
            if mode == "auto":
                assert r["given"] == r["true"] == feedback(m["code"], r["dice"])
        total = m["score"]["total"]
        assert total == 0 or 20 <= total <= 73
        assert m["supply"] == 18 - sum(sum(1 for v in r["dice"] if v is not None) for r in m["rows"])
        assert len(m["rows"]) <= 7
    res = GAME.result(final)
    assert res is not None and sum(res["scores"]) == sum(m["score"]["total"] for m in final["matches"])
    replayed = GAME.replay(final["players"], final["seed"], final["options"], final["t0"], final["log"])
    assert replayed == final
    assert GAME.load(json.loads(json.dumps(GAME.dump(final)))) == final
    mid = states[len(states) // 2]
    assert GAME.load(json.loads(json.dumps(GAME.dump(mid)))) == mid


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2 ** 32))
def test_property_every_enumerated_legal_action_applies(seed):
    """Every action ``legal`` lists (except the described solve) is accepted."""
    for state in random_play(seed, "manual"):
        if GAME.result(state) is not None:
            break
        [seat] = GAME.awaited(state)
        for action in GAME.legal(state, seat):
            if action["type"] != "solve":
                GAME.apply(state, seat, action, 0)
        assert GAME.legal(state, 1 - seat) == []


def test_views_are_json_and_complete():
    state = roll(new())
    for seat in (ANNA, BEN, None):
        view = GAME.view(state, seat)
        json.dumps(view)
        for key in ("you", "players", "columns", "feedback_mode", "match", "n_matches", "maker",
                    "breaker", "role", "phase", "board", "history", "scores", "totals",
                    "result"):
            assert key in view
        assert view["board"]["rolled"] == cur(state)["rolled"]
        assert view["board"]["score_if_solved_now"] == 73


def test_options_and_views_at_the_edge():
    """``True`` is not seat 1; a view is the seat's own copy (changing it changes nothing)."""
    for bad in (True, False, 1.0, "1"):
        with pytest.raises(IllegalAction) as err:
            GAME.new(["A", "B"], 1, {"first_code_maker": bad})
        assert err.value.code == "bad_options"
    state = effort(new(), [1, 2, None, None])
    before = json.dumps(state, sort_keys=True)
    for seat in (None, ANNA, BEN):
        v = GAME.view(state, seat)
        v["board"]["rows"][0]["dice"].append(9)
        v["board"]["rows"][0]["feedback"]["eq"] = 9
        v["options"]["columns"].append("pink")
        v["totals"].append(1)
    assert json.dumps(state, sort_keys=True) == before
    assert GAME.constants["max_efforts"] == 7 and GAME.constants["code_space"] == 1296


def test_no_rule_state_only_a_bot_needed():
    """The state holds rules only: no time of the last action (bots are paced by the table)."""
    assert "updated_ms" not in new() and "updated_ms" not in GAME.view(new(), ANNA)
