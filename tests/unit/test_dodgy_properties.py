"""Property tests: random DODGY games with random legal (and some illegal) actions and
random time steps keep every invariant of RULES.md §5."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubtable.engine import clone
from test_dodgy_kit import GAME, SEER, IllegalAction

OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "seer_mode": st.sampled_from(["rolled_face", "none"]),
        "reroll_each_round": st.booleans(),
        "seer_on_elimination": st.sampled_from(["removed", "back_to_centre"]),
        "jitter_ms": st.sampled_from([0, 150]),
        "challenge_min_window_s": st.sampled_from([0, 3]),
        "faces": st.sampled_from([["bow", "ship", "sword", "image4", "image5", "image6"], ["a", "b"]]),
    },
)


def check_invariants(state: dict) -> None:
    hands = state["hands"]
    held = [d for h in hands for d in h]
    regular = sorted([d for d in held if d != SEER] + [d for d in state["removed"] if d != SEER] + state["box"])
    assert regular == list(range(20)), "regular dice are conserved"
    places = held.count(SEER) + state["removed"].count(SEER) + (state["seer"] == "centre")
    assert places == 1, "the seer stone is in exactly one place"
    if isinstance(state["seer"], int):
        assert SEER in hands[state["seer"]]
    for seat, hand in enumerate(hands):
        assert bool(hand) == state["active"][seat], "a player is active exactly while he has dice"
        assert all(state["faces"][d] in state["options"]["faces"] for d in hand)
    n = len(held)
    quantities = [s["quantity"] for s in state["statements"]]
    assert quantities == sorted(set(quantities))
    if state["phase"] != "over":
        assert all(1 <= q <= n for q in quantities), "DGY-7: 1 <= q <= N"
        assert sum(state["active"]) >= 2
        assert GAME.deadline(state) is not None, "with timers on, the table never stalls"
    else:
        assert GAME.result(state)["winners"]


def hidden_changed(state: dict, seat) -> dict:
    """The same table with every fact ``seat`` may not know changed."""
    other = clone(state)
    faces = other["options"]["faces"]
    visible = set(other["public"]) | (set(other["hands"][seat]) if seat is not None else set())
    for hand in other["hands"]:
        for d in hand:
            if d not in visible:
                other["faces"][d] = faces[(faces.index(other["faces"][d]) + 1) % len(faces)]
    other["rng"] ^= 0x5EED
    if other["pending"] and other["pending"]["seat"] != seat:
        other["pending"]["image"] = faces[(faces.index(other["pending"]["image"]) + 1) % len(faces)]
        other["pending"]["quantity"] += 1
    return other


def check_views(state: dict) -> None:
    for seat in [None] + list(range(len(state["players"]))):
        view = GAME.view(state, seat)
        json.dumps(view)
        assert view == GAME.view(hidden_changed(state, seat), seat), "a view leaks hidden information"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 6), seed=st.integers(0, 2**32), options=OPTIONS, data=st.data())
def test_random_games_keep_the_invariants(n, seed, options, data):
    per = {2: 10, 3: 6, 4: 5, 5: 4, 6: 3}[n]
    threshold = data.draw(st.sampled_from([None] + [t for t in (2, 3, 4) if t < per]))
    options = dict(options, elimination_threshold=threshold)
    state = GAME.new([f"P{i}" for i in range(n)], seed, options, 1000)
    now = 1000
    for step in range(150):
        if GAME.result(state) is not None:
            break
        roll = data.draw(st.integers(0, 9))
        if roll < 3:
            now += data.draw(st.sampled_from([1, 50, 400, 2000, 5000, 16000, 31000]))
            state = GAME.tick(state, now)
        else:
            seat = data.draw(st.integers(0, n - 1))
            legal = GAME.legal(state, seat)
            if roll == 9 or not legal:
                action = data.draw(st.sampled_from([
                    {"type": "state", "quantity": 99, "image": "bow"},
                    {"type": "dodgy", "statement": -1},
                    {"type": "choose", "die": SEER},
                    {"type": "accept"},
                    {"type": "dodgy"},
                ]))
                before = clone(state)
                try:
                    state = GAME.apply(state, seat, action, now)
                except IllegalAction:
                    assert state == before, "a refused action leaves the state as it was"
            else:
                action = data.draw(st.sampled_from(legal))
                state = GAME.apply(state, seat, action, now)
        check_invariants(state)
        if step % 4 == 0:
            check_views(state)
    check_views(state)
    assert GAME.replay(state["players"], seed, options, 1000, state["log"]) == state
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 6), seed=st.integers(0, 2**32), limit=st.integers(1, 6), data=st.data())
def test_every_game_ends_within_its_round_limit(n, seed, limit, data):
    """Each round ends within N + 1 statements (DGY-7) or by a timeout; with ``round_limit``
    the whole game is bounded even if nobody ever acts."""
    state = GAME.new([f"P{i}" for i in range(n)], seed, {"round_limit": limit}, 0)
    now = 0
    for _ in range(limit * 30 + 20):
        if GAME.result(state) is not None:
            break
        rnd = state["round"]
        legal = [(s, a) for s in range(n) for a in GAME.legal(state, s)]
        if legal and data.draw(st.booleans()):
            seat, action = data.draw(st.sampled_from(legal))
            state = GAME.apply(state, seat, action, now)
        else:
            now = GAME.deadline(state)
            state = GAME.tick(state, now)
        assert state["round"] in (rnd, rnd + 1)
        assert len(state["statements"]) <= sum(len(h) for h in state["hands"])
    assert GAME.result(state) is not None and state["round"] <= limit


def test_each_view_is_seat_specific_in_play():
    state = GAME.new(["a", "b", "c"], 5, {}, 0)
    for seat in range(3):
        own = {d["id"] for d in GAME.view(state, seat)["hand"]}
        assert own == set(state["hands"][seat])
        text = json.dumps({k: v for k, v in GAME.view(state, seat).items() if k != "hand"})
        assert '"face"' not in text
