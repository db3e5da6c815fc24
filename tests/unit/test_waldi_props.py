"""Wie Waldi!: properties over many simulated rounds, hidden information, replay, dump/load.

A random table (each step: the clock moves 0-400 ms, timers fire, one random seat sends a
random legal intent, placements preferred) is checked after every step."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings, strategies as st_

from clubtable.engine import Rng, clone
from clubtable.games.waldi import GAME
from clubtable.games.waldi import cards as C
from clubtable.games.waldi.rules import MARKERS, rank_bones_for

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_table(seed: int, n: int, options: dict, on_step=None, max_steps: int = 20_000):
    rng = Rng(seed)
    state = GAME.new([f"P{i}" for i in range(n)], seed, dict({"scoring_pause_s": 2}, **options), 0)
    now = 0
    for _ in range(max_steps):
        if GAME.result(state) is not None:
            return state
        now += rng.below(400)
        before = state
        state = GAME.tick(state, now)
        if on_step and state is not before:
            on_step(before, state)
        seat = rng.below(n)
        legal = GAME.legal(state, seat)
        if not legal:
            continue
        plays = [a for a in legal if a["type"] in ("attach", "place_head")]
        action = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal)
        before = state
        state = GAME.apply(state, seat, action, now)
        if on_step:
            on_step(before, state)
    raise AssertionError("the game did not end")


def cards_of(state):
    out = [c for piles in state["piles"] for p in piles for c in p]
    out += [c for c in state["revealed"] if c is not None]
    out += [c for d in state["dogs"] for c in d["cards"]]
    return sorted(out)


class Checker:
    """Invariants of §4 checked on every transition."""

    def __init__(self):
        self.rounds = 0

    def __call__(self, before, after):
        n = len(after["players"])
        deck = GAME.deck_of(after["options"])
        # All 30 × players cards are always somewhere, each exactly once.
        assert cards_of(after) == list(range(C.SET_SIZE * n))
        # Each player's piles and revealed card are his own set; pile sizes stay ≤ 10.
        for s in range(n):
            assert all(c // C.SET_SIZE == s for p in after["piles"][s] for c in p)
            assert all(len(p) <= C.PILE_SIZE for p in after["piles"][s])
            r = after["revealed"][s]
            assert r is None or r // C.SET_SIZE == s
        # Dachshunds: head first, colours chain, only the last card may be a tail, and a
        # closed one ends with its tail and never grows.
        for d in after["dogs"]:
            faces = [deck[c % C.SET_SIZE] for c in d["cards"]]
            assert faces[0]["kind"] == "head"
            assert all(f["kind"] == "belly" for f in faces[1:-1])
            assert all(a["rear"] == b["front"] for a, b in zip(faces, faces[1:]))
            assert (faces[-1]["kind"] == "tail") == (not d["open"])
            assert (d["completed_by"] is not None) == (not d["open"])
        if after["round"] == before["round"]:
            old = {d["id"]: d for d in before["dogs"]}
            for d in after["dogs"]:
                if d["id"] in old and not old[d["id"]]["open"]:
                    assert d["cards"] == old[d["id"]]["cards"]
            # Markers: six minus the dachshunds the player completed this round.
            for s in range(n):
                done = sum(1 for d in after["dogs"] if d["completed_by"] == s)
                assert after["markers"][s] == MARKERS - done >= 0
        if len(after["results"]) > len(before["results"]):
            self.round_over(after)

    def round_over(self, state):
        self.rounds += 1
        r = state["results"][-1]
        opts = state["options"]
        won = [0] * len(state["players"])
        for d in state["dogs"]:
            if not d["open"]:
                won[d["owner"]] += len(d["cards"])
        assert r["won_cards"] == won
        assert r["rank_bones"] == rank_bones_for(won, opts["rank_ties"], opts["min_cards_for_rank_bone"])
        bonus = C.BONE_VALUE[C.PILE_BONUS_BONE[opts["edition"]]]
        expect = [(C.BONE_VALUE[b] if b else 0) + (bonus if e else 0)
                  for b, e in zip(r["rank_bones"], r["pile_bonus"])]
        assert r["points"] == expect
        if r["reason"] == "markers":
            assert state["markers"][r["stopped_by"]] == 0
        assert sum(sum(x["points"]) for x in state["results"]) == sum(state["points"])
        if state["phase"] == "over":
            assert len(state["results"]) == 3


@SETTINGS
@given(seed=st_.integers(0, 2**32), n=st_.integers(2, 4), edition=st_.sampled_from(["DE", "FR"]),
       ties=st_.sampled_from(["competition", "dense"]), min_cards=st_.sampled_from([0, 1, 5]))
def test_every_round_ends_and_all_invariants_hold(seed, n, edition, ties, min_cards):
    check = Checker()
    state = random_table(seed, n, {"edition": edition, "rank_ties": ties, "min_cards_for_rank_bone": min_cards},
                         on_step=check)
    assert check.rounds == 3 and state["phase"] == "over"
    res = GAME.result(state)
    assert res["scores"] == state["points"]
    assert all(state["points"][w] == max(state["points"]) for w in res["winners"])
    # Bone totals: a round gives each player at most gold + the pile bone; without ties the
    # ranking bones are exactly gold, silver(, bronze)(, nothing).
    bonus = C.BONE_VALUE[C.PILE_BONUS_BONE[edition]]
    for r in state["results"]:
        assert all(p <= 3 + bonus for p in r["points"])
        if len(set(r["won_cards"])) == n and min_cards == 0:
            assert sorted(C.BONE_VALUE[b] for b in r["rank_bones"] if b) == sorted([3, 2, 1][:min(n, 3)])


def test_many_rounds_with_other_timers_and_colours():
    """A few hundred rounds over option corners: no hold limit, no idle stop, 3/5/6 colours."""
    check = Checker()
    for i in range(24):
        k = 3 + i % 4
        opts = {"blanket_colours": [f"c{j}" for j in range(k)], "max_hold_s": (0, 5)[i % 2],
                "idle_stop_s": (30, 0)[i % 3 == 0], "show_card_owner": bool(i % 2), "placed_flash_s": i % 3}
        random_table(1000 + i, 2 + i % 3, opts, on_step=check)
    assert check.rounds == 72


@SETTINGS
@given(seed=st_.integers(0, 2**32), n=st_.integers(2, 4))
def test_replay_and_dump_load_reproduce_the_game(seed, n):
    """§4.9: the seeded shuffles plus the ordered intent log reproduce the game exactly."""
    state = random_table(seed, n, {})
    again = GAME.replay(state["players"], state["seed"], state["options"], state["t0"], state["log"])
    assert again == state
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state


def views_along(seed, n, options, every=7):
    """(state, seat) samples taken along a random table."""
    out = []
    step = [0]

    def grab(before, after):
        step[0] += 1
        if step[0] % every == 0 and after["phase"] == "live":
            out.append(after)
    random_table(seed, n, options, on_step=grab)
    return out


def test_views_do_not_depend_on_pile_order_or_other_revealed_cards():
    """§4.8: pile order is unknown to everyone, the owner included; another player's revealed
    card is hidden until placed."""
    rng = Rng(4)
    for state in views_along(11, 4, {})[:150]:
        for seat in (0, 1, 2, 3, None):
            other = clone(state)
            for s in range(4):
                for p in other["piles"][s]:
                    rng.shuffle(p)
                if s != seat and other["revealed"][s] is not None:
                    # Swap the revealed card with a card of the same owner from his piles.
                    pile = next((p for p in other["piles"][s] if p), None)
                    if pile:
                        pile[0], other["revealed"][s] = other["revealed"][s], pile[0]
            assert GAME.view(other, seat) == GAME.view(state, seat)


def test_views_do_not_tell_who_placed_a_card_after_the_flash():
    """§4.8 / WAL-11: with show_card_owner off, moving every placed card to another set
    (same face) changes no view, once the "placed by" flash is left out."""
    for state in views_along(12, 3, {})[:150]:
        other = clone(state)
        for d in other["dogs"]:
            d["cards"] = [(c + C.SET_SIZE) % (3 * C.SET_SIZE) for c in d["cards"]]
        for seat in (0, 1, 2, None):
            a, b = GAME.view(state, seat), GAME.view(other, seat)
            a.pop("recent"), b.pop("recent")
            assert a == b
            assert all("owner" not in f for d in a["dogs"] for f in d["cards"])
            assert all(d["owner"] is None for d in a["dogs"])


def test_views_never_contain_another_player_s_revealed_face():
    for state in views_along(13, 2, {"show_card_owner": True})[:200]:
        for seat in (0, 1, None):
            v = GAME.view(state, seat)
            if seat is None:
                assert v["me"] is None
            else:
                card = state["revealed"][seat]
                assert (v["me"]["revealed"] is None) == (card is None)
            json.dumps(v)
