"""clubtable.session.Guest: client state, hostile hosts, end-of-game verification."""
from __future__ import annotations

import copy
import json
import os
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_session_fakegame import GAME, Net, make_table  # noqa: E402

from clubtable.session import Guest, ProtocolError, encode, parse_guest  # noqa: E402


def play_first(t, seat):
    return {"type": "play", "card": t.state["hands"][seat][0]}


def finished(seed=11, hand=3):
    t = make_table(seed=seed, options={"hand": hand})
    net = Net(t)
    net.join("A", "Ann")
    net.join("B", "Ben")
    net.join("S", "Sue", spectate=True)
    net.deliver(t.start(0))
    while t.result is None:
        seat = t.state["turn"]
        peer = "AB"[seat]
        net.now += 100
        net.send(peer, net.guests[peer].intent(play_first(t, seat)))
    return t, net


def end_of(net, peer):
    return json.loads([x for x in net.raw[peer] if '"t":"end"' in x][-1])


# ---------------------------------------------------------------------------- outgoing
def test_guest_messages_pass_the_host_checks():
    g = Guest("tbl1", "Ann\u0000", token="tok", seat=1)
    msgs = [g.hello(), g.hello(spectate=True), g.intent({"type": "say", "text": "hi"}), g.ping(5), g.bye()]
    parsed = [parse_guest(m) for m in msgs]
    assert [m["seq"] for m in parsed] == [1, 2, 3, 4, 5]
    assert parsed[0] == {"t": "hello", "table": "tbl1", "seq": 1, "name": "Ann", "token": "tok",
                         "seat": 1, "spectate": False}
    assert parsed[2]["seat"] == 1 and parsed[2]["action"] == {"type": "say", "text": "hi"}


def test_guest_refuses_to_send_oversized_action():
    g = Guest("tbl1", "Ann")
    with pytest.raises(ProtocolError) as e:
        g.intent({"type": "say", "text": "x" * 2001})
    assert e.value.code == "bad_action" and e.value.message
    with pytest.raises(ProtocolError) as e:
        g.intent({"type": "say", "words": ["x" * 500]})
    assert e.value.code == "bad_action"
    assert g.seq == 0


# ---------------------------------------------------------------------------- incoming
def test_welcome_and_update_fill_the_state():
    t, net = finished()
    a = net.guests["A"]
    assert a.welcomed and a.seat == 0 and a.token and a.game_id == "secretcards"
    assert a.options == t.options and a.seed_hash == t.seed_hash
    assert a.result == t.result and a.started and a.v == t.version
    assert a.players == ["Ann", "Ben"]
    kinds = [e[0] for e in net.events["A"]]
    assert kinds[0] == "welcome" and "update" in kinds and kinds[-1] == "end"


def hostile_host_messages(g):
    s = g.host_seq
    good_update = {"t": "update", "table": g.table_id, "seq": s + 100, "v": 1, "seat": 0, "view": {},
                   "legal": [], "seats": [], "result": None, "now": 0, "started": True}
    return [
        "{",
        "[]",
        b"\xff",
        "[" * 5000,
        " " * (1 << 20) + "{}",
        encode({"t": "hello", "table": g.table_id, "seq": s + 1, "name": "x"}),
        encode({**good_update, "table": "other"}),
        encode({**good_update, "seq": s}),                   # stale
        encode({**good_update, "seq": 0}),
        encode({**good_update, "view": "<script>"}),
        encode({**good_update, "legal": "all"}),
        encode({**good_update, "seats": [{"name": "x" * 99, "kind": "remote", "connected": True}]}),
        encode({**good_update, "v": "1"}),
        encode({"t": "welcome", "table": g.table_id, "seq": s + 1, "seat": 0, "token": "t", "game": "g",
                "options": {}, "seed_hash": "nothex", "players": [], "seats": []}),
        # a picture whose bytes do not match its reference, or are no picture at all
        encode({"t": "asset", "table": g.table_id, "seq": s + 100, "ref": "sha256:" + "0" * 64,
                "mime": "image/png", "data": "iVBORw0KGgo="}),
        encode({"t": "asset", "table": g.table_id, "seq": s + 100, "ref": "sha256:" + "0" * 64,
                "mime": "image/gif", "data": "R0lGODlh"}),
    ]


def test_hostile_host_cannot_crash_or_change_guest():
    t, net = finished()
    a = net.guests["A"]
    keep = copy.deepcopy({k: v for k, v in vars(a).items() if k != "_game"})
    for raw in hostile_host_messages(a):
        events = a.receive(raw)
        assert len(events) == 1 and events[0][0] == "error", raw[:80]
        assert isinstance(events[0][1], str) and isinstance(events[0][2], str)
        now = {k: v for k, v in vars(a).items() if k != "_game"}
        assert now == keep, raw[:80]


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.binary(max_size=200), st.text(max_size=200),
                 st.builds(lambda t, f: json.dumps({"t": t, "table": "tbl1", "seq": 10**6, **f}),
                           st.sampled_from(["welcome", "update", "reject", "pong", "end", "lobby", "x"]),
                           st.dictionaries(st.sampled_from(["seat", "token", "game", "options", "seed_hash",
                                                            "players", "seats", "v", "view", "legal", "result",
                                                            "now", "started", "ref", "code", "reason", "ts",
                                                            "seed", "t0", "log"]),
                                           st.none() | st.integers() | st.text(max_size=5)
                                           | st.lists(st.integers(), max_size=3)
                                           | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                                           max_size=10))))
def test_fuzz_guest_receive_never_raises(raw):
    g = Guest("tbl1", "Ann", game=GAME)
    g.seed_hash = "0" * 64
    events = g.receive(raw)
    assert isinstance(events, list) and events


def test_reject_and_pong_events():
    g = Guest("tbl1", "Ann")
    ev = g.receive(encode({"t": "reject", "table": "tbl1", "seq": 1, "ref": 4, "code": "x", "reason": "No."}))
    assert ev == [("reject", "x", "No.")] and g.last_reject == {"ref": 4, "code": "x", "reason": "No."}
    assert g.receive(encode({"t": "pong", "table": "tbl1", "seq": 2, "ts": 9})) == [("pong", 9, False)]


def test_lobby_message_is_passed_on():
    t = make_table()
    g = Guest("other", "Ann")
    ev = g.receive(encode(t.lobby_info()))
    assert ev[0][0] == "lobby" and ev[0][1]["open_seats"] == 2


def test_new_link_restarts_host_numbering():
    g = Guest("tbl1", "Ann")
    pong = {"t": "pong", "table": "tbl1", "seq": 5, "ts": 1}
    assert g.receive(encode(pong))[0][0] == "pong"
    assert g.receive(encode({**pong, "seq": 1}))[0][:2] == ("error", "stale_seq")
    g.hello()
    assert g.receive(encode({**pong, "seq": 1}))[0][0] == "pong"


# ---------------------------------------------------------------------------- verification
def test_honest_end_verifies_for_everyone():
    t, net = finished()
    for p in "ABS":
        g = net.guests[p]
        assert g.verified is not None and g.verified[0], g.verified
        assert net.last_event(p)[0] == "end" and net.last_event(p)[1] is True
        assert g.end["seed"] == t.seed


def test_tampered_seed_fails():
    t, net = finished()
    a = net.guests["A"]
    end = end_of(net, "A")
    end["seed"] += 1
    ok, why = a.verify_end(end)
    assert not ok and "commitment" in why


def test_tampered_log_action_fails():
    t, net = finished()
    a = net.guests["A"]
    end = end_of(net, "A")
    end["log"][0][1]["card"] = "c99x"
    ok, why = a.verify_end(end)
    assert not ok and "replay" in why


def test_tampered_log_that_still_replays_fails():
    """Swapping the order of two of B's plays keeps the log legal and the result the same
    (scores are sums), but the replayed table differs from what the guest was shown."""
    t, net = finished(hand=3)
    a = net.guests["A"]
    end = end_of(net, "A")
    b_entries = [e for e in end["log"] if e[0] == 1]
    b_entries[0][1]["card"], b_entries[1][1]["card"] = b_entries[1][1]["card"], b_entries[0][1]["card"]
    state = GAME.replay(end["players"], end["seed"], end["options"], end["t0"], end["log"])
    assert GAME.result(state) == end["result"]            # legal, same result
    ok, why = a.verify_end(end)
    assert not ok and "shown" in why


def test_tampered_log_removed_or_added_entry_fails():
    t, net = finished()
    a = net.guests["A"]
    end = end_of(net, "A")
    del end["log"][-1]
    assert not a.verify_end(end)[0]
    end = end_of(net, "A")
    end["log"].append([0, {"type": "say", "text": "extra"}, end["log"][-1][2]])
    ok, why = a.verify_end(end)
    assert not ok and "game is over" in why


def test_tampered_result_fails():
    t, net = finished()
    a = net.guests["A"]
    end = end_of(net, "A")
    end["result"] = {"winners": [1 - end["result"]["winners"][0]], "scores": [0, 0]}
    ok, why = a.verify_end(end)
    assert not ok and "result" in why


def test_tampered_options_or_players_fail():
    t, net = finished()
    a = net.guests["A"]
    end = end_of(net, "A")
    end["options"] = {**end["options"], "turn_ms": 1000}
    assert not a.verify_end(end)[0]
    end = end_of(net, "A")
    end["players"] = ["Mallory", "Ben"]
    assert not a.verify_end(end)[0]


def test_view_mismatch_fails():
    t, net = finished()
    a = net.guests["A"]
    a.view = dict(a.view, played=[[], []])
    ok, why = a.verify_end(end_of(net, "A"))
    assert not ok and "shown" in why


def test_no_commitment_fails():
    t, net = finished()
    g = Guest("tbl1", "Late", game=GAME)
    ok, why = g.verify_end(end_of(net, "A"))
    assert not ok and "commitment" in why


def test_garbage_end_does_not_crash():
    t, net = finished()
    a = net.guests["A"]
    for bad in ({}, {"seed": "x"}, {"seed": t.seed}, {"seed": t.seed, "options": {}, "players": "ab",
                                                       "t0": 0, "log": [[1, 2]]}):
        ok, why = a.verify_end(bad)
        assert ok is False and isinstance(why, str)


def test_tampered_end_received_is_reported():
    t, net = finished()
    a = net.guests["A"]
    end = end_of(net, "A")
    end["seed"] += 1
    end["seq"] = a.host_seq + 1
    assert a.receive(encode(end)) == [("end", False, a.verified[1])]
    assert a.verified[0] is False


# ---------------------------------------------------------------------------- a guest's record
def test_a_guest_whose_check_of_the_end_held_has_the_hosts_record(monkeypatch):
    """Every player's phone offers "Replay" and "Save" at the end, not only the host's: the
    end reveals the seed and the whole log, and the guest's record is the host's file."""
    import fake_dom
    from shell_stub import fake_page
    page = fake_page(monkeypatch, ["clubtable.ui"])
    parts = next(page)
    try:
        from clubtable.session.record import record_from_table
        GuestTable = parts.controllers.GuestTable
        t, net = finished()
        for peer in "ABS":
            ctl = GuestTable.__new__(GuestTable)
            ctl.guest, ctl.verified, ctl._record = net.guests[peer], net.guests[peer].verified, None
            assert ctl.finished_record() == record_from_table(t)
        ctl = GuestTable.__new__(GuestTable)      # a check that failed: nothing to replay or save
        ctl.guest, ctl.verified, ctl._record = net.guests["A"], (False, "tampered"), None
        assert ctl.finished_record() is None
        g = Guest("tbl1", "Ann", game=t.game)     # before the end: none
        ctl.guest, ctl.verified, ctl._record = g, None, None
        assert ctl.finished_record() is None
    finally:
        next(page, None)
