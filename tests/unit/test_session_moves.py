"""Updates say which moves a seat may make now (``moves``, from ``game.active``) and whom the
game waits for (``awaited``); guest intents meet the move schemas before anything else."""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from session_sketch_game import SKETCH  # noqa: E402
from test_session_fakegame import Net, Tokens, started_pair  # noqa: E402

from clubtable.session import Table  # noqa: E402


def sketch_pair():
    t = Table(SKETCH, [{"kind": "remote"}, {"kind": "remote"}], seed=9, table_id="tbl1", token_factory=Tokens())
    net = Net(t)
    net.join("A", "Ann")
    net.join("B", "Ben")
    net.join("S", "Sue", spectate=True)
    net.deliver(t.start(0))
    return t, net


def test_update_carries_moves_and_awaited():
    t, net = sketch_pair()
    a, b, s = (net.guests[p] for p in "ABS")
    assert a.moves == ["draw", "skip", "say"] and a.awaited == [0]
    assert b.moves == ["say"] and b.awaited == [0]
    assert s.moves == [] and s.awaited == [0]
    net.send("A", a.intent({"type": "skip"}))
    assert a.moves == ["say"] and b.moves == ["draw", "skip", "say"]
    assert a.awaited == b.awaited == s.awaited == [1]


def test_interrupt_moves_are_open_but_not_awaited():
    t, net = sketch_pair()
    assert "say" in net.guests["B"].moves and 1 not in net.guests["B"].awaited


def test_no_moves_and_nobody_awaited_once_the_game_is_over():
    t, net = sketch_pair()
    net.send("A", net.guests["A"].intent({"type": "skip"}))
    net.send("B", net.guests["B"].intent({"type": "skip"}))
    assert t.result is not None
    for p in "ABS":
        assert net.guests[p].moves == [] and net.guests[p].awaited == []


def test_legacy_games_derive_moves_and_awaited_from_legal():
    t, net = started_pair()
    assert net.guests["A"].moves == ["play"] and net.guests["A"].awaited == [0]
    assert net.guests["B"].moves == [] and net.guests["S"].awaited == [0]


def test_intents_meet_the_move_schema_first():
    """Unknown fields and moves are refused before the seat or the turn is looked at, so
    nothing unexpected reaches the rules or the log."""
    t, net = sketch_pair()
    a, b, s = (net.guests[p] for p in "ABS")
    before = list(t.state["log"])
    cases = [
        (s, "S", {"type": "skip", "admin": True}, "unknown_field"),       # a spectator, out of turn
        (b, "B", {"type": "skip", "x": 1}, "unknown_field"),
        (a, "A", {"type": "draw", "picture": "cat.png"}, "bad_picture"),
        (a, "A", {"type": "draw"}, "missing_arg"),
        (a, "A", {"type": "fly"}, "unknown_action"),
        (a, "A", {"type": "say", "text": "\x07beep"}, "bad_text"),
    ]
    for guest, peer, action, code in cases:
        net.send(peer, guest.intent(action))
        assert net.last_event(peer)[:2] == ("reject", code), (action, net.last_event(peer))
    assert t.state["log"] == before


def test_a_long_free_text_reaches_the_game_normalised():
    t, net = sketch_pair()
    text = "Was ist das? " + "ü" * 1900
    net.send("B", net.guests["B"].intent({"type": "say", "text": "  " + text + "  "}))
    assert t.state["chat"] == [[1, text]]
    assert t.state["log"][-1][1] == {"type": "say", "text": text}
    assert json.loads(net.raw["A"][-1])["view"]["chat"] == [[1, text]]
