"""Property tests: random sequences of good and bad messages never change the game except
through legal intents (and due timers), and the table never raises on network input."""
from __future__ import annotations

import json
import os
import sys

from hypothesis import event, given, settings
from hypothesis import strategies as st

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_session_fakegame import GAME, Net, make_table  # noqa: E402

from clubtable.engine import IllegalAction  # noqa: E402
from clubtable.session import Table, encode  # noqa: E402

json_scalars = st.none() | st.booleans() | st.integers(-2**60, 2**60) | st.floats(allow_nan=False) | st.text(max_size=8)
json_values = st.recursive(json_scalars, lambda k: st.lists(k, max_size=4) | st.dictionaries(st.text(max_size=6), k, max_size=4),
                           max_leaves=20)

good = st.tuples(st.just("good"), st.integers(0, 10))
ops = st.one_of(
    good, good, good, good, good, good, good, good,
    st.tuples(st.just("say"), st.sampled_from("AB"), st.text(min_size=1, max_size=30)),
    st.tuples(st.just("wrong_seat"), st.integers(0, 10)),
    st.tuples(st.just("out_of_turn"), st.integers(0, 10)),
    st.tuples(st.just("replay"), st.sampled_from("AB")),
    st.tuples(st.just("spectator"), st.sampled_from([None, 0, 1])),
    st.tuples(st.just("wrong_table"),),
    st.tuples(st.just("garbage"), st.binary(max_size=64)),
    st.tuples(st.just("json"), st.sampled_from("ABSZ"), st.sampled_from(["hello", "intent", "ping", "bye", "update", "x"]),
              st.dictionaries(st.sampled_from(["seat", "action", "name", "token", "spectate", "ts", "seq", "table"]),
                              json_values, max_size=5)),
    st.tuples(st.just("action"), st.sampled_from("AB"), json_values),
    st.tuples(st.just("oversize"), st.sampled_from("ABS")),
    st.tuples(st.just("stranger"), st.text(max_size=30)),
    st.tuples(st.just("bad_token"), st.text(min_size=1, max_size=64)),
    st.tuples(st.just("wait"), st.integers(0, 25_000)),
)


def canon(state):
    return json.dumps(state, sort_keys=True)


@settings(max_examples=200, deadline=None)
@given(st.lists(ops, min_size=15, max_size=60), st.integers(0, 2**53 - 1))
def test_state_changes_only_through_legal_intents(script, seed):
    t = make_table(seed=seed, options={"hand": 4})
    net = Net(t)
    net.join("A", "Ann")
    net.join("B", "Ben")
    net.join("S", "Sue", spectate=True)
    net.deliver(t.start(0))
    last_sent = {}
    owner = {0: "A", 1: "B"}

    def guest_send(peer, action):
        g = net.guests[peer]
        text = g.intent(action)
        last_sent[peer] = text
        return t.receive(peer, text, net.now)

    for op in script:
        before = t.state
        version = t.version
        kind = op[0]
        expect_change = False
        expected = before
        if kind == "wait":
            net.now += op[1]
            outs = t.tick(net.now)
            expected = GAME.tick(before, net.now)
            expect_change = expected is not before
            assert canon(t.state) == canon(expected)
            assert (t.version == version + 1) if expect_change else (t.version == version)
            net.deliver(outs)
            continue
        legal = GAME.legal(before, before["turn"]) if t.result is None else []
        if kind == "good" and legal:
            seat = before["turn"]
            action = legal[op[1] % len(legal)]
            outs = guest_send(owner[seat], action)
            expected = GAME.apply(before, seat, action, net.now)
            expect_change = True
        elif kind == "say":
            seat = "AB".index(op[1])
            action = {"type": "say", "text": op[2]}
            try:
                expected = GAME.apply(before, seat, action, net.now)
                expect_change = True
            except IllegalAction:
                pass
            try:
                outs = guest_send(op[1], action)
            except Exception:           # the guest refused to send it (protocol bounds)
                assert not expect_change or len(encode(action)) > 2048 or len(op[2]) > 200
                expect_change, expected = False, before
                outs = []
        elif kind == "wrong_seat":
            seat = before["turn"]
            other = owner[1 - seat]
            hand = before["hands"][seat] or ["c01x"]
            net.guests[other].seq += 1
            text = encode({"t": "intent", "table": "tbl1", "seq": net.guests[other].seq, "seat": seat,
                           "action": {"type": "play", "card": hand[op[1] % len(hand)]}})
            outs = t.receive(other, text, net.now)
        elif kind == "out_of_turn":
            seat = 1 - before["turn"]
            hand = before["hands"][seat] or ["c01x"]
            outs = guest_send(owner[seat], {"type": "play", "card": hand[op[1] % len(hand)]})
        elif kind == "replay" and op[1] in last_sent:
            outs = t.receive(op[1], last_sent[op[1]], net.now)
        elif kind == "spectator":
            outs = t.receive("S", encode({"t": "intent", "table": "tbl1", "seq": net.guests["S"].seq + 1000,
                                          "seat": op[1], "action": {"type": "say", "text": "hi"}}), net.now)
        elif kind == "wrong_table":
            outs = t.receive("A", encode({"t": "intent", "table": "nope", "seq": 10**9, "seat": 0,
                                          "action": {"type": "say", "text": "x"}}), net.now)
        elif kind == "garbage":
            outs = t.receive("A", op[1], net.now)
        elif kind == "json":
            msg = {"t": op[2], "table": "tbl1", "seq": 1, **op[3]}
            if op[2] == "intent" and op[1] in "AB" and msg.get("seat") == "AB".index(op[1]):
                msg["seat"] = "x"       # keep this one surely bad: see "action" for good-shaped ones
            if op[2] == "hello":
                msg["token"] = "not-a-token"
                msg.pop("spectate", None)
            outs = t.receive(op[1], json.dumps(msg), net.now)
        elif kind == "action":
            # any JSON as an action, from the seat's owner: legal only if the game says so
            seat = "AB".index(op[1])
            action = op[2]
            try:
                expected = GAME.apply(GAME.tick(before, net.now), seat, action, net.now)
                expect_change = True
            except Exception:
                pass
            # json.dumps, not encode: a hostile peer may send Infinity too
            text = json.dumps({"t": "intent", "table": "tbl1", "seq": net.guests[op[1]].seq + 1, "seat": seat,
                               "action": action})
            net.guests[op[1]].seq += 1
            outs = t.receive(op[1], text, net.now)
            if expect_change and t.state is before:     # refused by the protocol's bounds
                expect_change, expected = False, before
        elif kind == "oversize":
            outs = t.receive(op[1], " " * 5000, net.now)
        elif kind == "stranger":
            text = encode({"t": "hello", "table": "tbl1", "seq": 1, "name": op[1]})
            outs = t.receive("Z", text, net.now)
            t.disconnect("Z", net.now)
            assert t.state is before
            continue                        # a spectator arrives and leaves: seats unchanged
        elif kind == "bad_token":
            text = encode({"t": "hello", "table": "tbl1", "seq": 1, "name": "Eve", "token": op[1]})
            outs = t.receive("E", text, net.now)
            t.disconnect("E", net.now)
        else:
            continue
        if expect_change:
            assert canon(t.state) == canon(expected), op
            assert t.version == version + 1
        else:
            assert t.state is before or canon(t.state) == canon(before), op
            assert t.version == version, op
            assert all(m["t"] in ("reject", "pong") for _, m in outs), (op, outs)
        net.deliver(outs)

    event("game over" if t.result is not None else "running")
    event(f"log length {min(len(t.state['log']) // 4 * 4, 12)}+")
    # the table still works: it saves, restores to the same state, and the guests agree
    assert Table.restore(t.save(), now_ms=net.now, game=GAME).state == t.state
    for p, seat in (("A", 0), ("B", 1), ("S", None)):
        assert net.guests[p].view == json.loads(json.dumps(GAME.view(t.state, seat)))
    if t.result is not None:
        assert net.guests["A"].verified[0] and net.guests["S"].verified[0]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=1, max_size=20), st.integers(0, 2**53 - 1))
def test_save_restore_anywhere_replays_equal(moves, seed):
    t = make_table(kinds=("local", "pass", "bot"), seed=seed, options={"hand": 3})
    t.start(0)
    now = 0
    for m in moves:
        now += 3_000 * m + 1
        if t.result is not None:
            break
        seat = t.state["turn"]
        if seat == 2:
            t.tick(now)
        else:
            legal = GAME.legal(t.state, seat)
            try:
                t.local(seat, legal[m % len(legal)], now)
            except IllegalAction:
                pass                     # a timer played first
        r = Table.restore(json.loads(json.dumps(t.save())), now_ms=now, game=GAME)
        assert r.state == t.state and r.version > t.version
