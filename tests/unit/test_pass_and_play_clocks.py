"""Fair pass-and-play: while a hand-over screen is up the table holds the game's clocks,
so a seat's turn starts when its player takes the device.  The hold is two logged table
moves (``hold_clocks``/``release_clocks``), so every replay does what the live game did."""
from __future__ import annotations

import json

import pytest

from clubtable.engine import Game, IllegalAction
from clubtable.games import GAMES
from clubtable.session import Table

DODGY = GAMES["dodgy"]


def pass_table(statement_s=30):
    t = Table("dodgy", [{"kind": "pass", "name": "Ann"}, {"kind": "pass", "name": "Bob"}],
              options={"statement_s": statement_s, "first_player_rule": "host_choice", "first_player": 0},
              seed=5, table_id="t1")
    t.start(0)
    return t


def test_a_held_clock_does_not_run_out():
    """Wait on the hand-over screen far longer than the statement clock: nothing is lost,
    and after the tap the stater has all 30 s again."""
    t = pass_table()
    stater = t.awaited()[0]
    assert t.game.timer(t.state, "statement")["at"] == 30_000
    t.hold_clocks(1_000)
    assert t.clocks_held
    before = json.dumps({k: v for k, v in t.state.items() if k != "log"}, sort_keys=True)
    t.tick(200_000)                          # three minutes behind the hand-over screen
    assert json.dumps({k: v for k, v in t.state.items() if k != "log"}, sort_keys=True) == before
    assert t.next_wakeup() is None           # nothing to fire while held
    t.release_clocks(200_000)
    assert not t.clocks_held
    assert t.game.timer(t.state, "statement")["at"] == 200_000 + 29_000
    assert t.awaited() == [stater]
    t.tick(200_000 + 28_999)
    assert t.game.timer(t.state, "statement") is not None      # still the stater's turn
    t.tick(200_000 + 29_000)
    assert t.game.timer(t.state, "statement") is None or t.game.timer(t.state, "statement")["at"] != 229_000


def test_the_hold_is_logged_and_replays_exactly():
    t = pass_table()
    t.hold_clocks(1_000)
    t.tick(60_000)
    t.release_clocks(60_000)
    seat = t.awaited()[0]
    t.local(seat, {"type": "state", "quantity": 1, "image": t.state["faces"][0]}, 61_000)
    types = [a["type"] for _, a, _ in t.state["log"]]
    assert types[:2] == ["hold_clocks", "release_clocks"]
    again = DODGY.replay(t.state["players"], t.seed, t.options, t.t0, t.state["log"])
    assert json.dumps(again, sort_keys=True) == json.dumps(t.state, sort_keys=True)
    restored = Table.restore(t.save(), now_ms=61_000)
    assert json.dumps(restored.state, sort_keys=True) == json.dumps(t.state, sort_keys=True)


def test_timers_started_while_held_count_from_the_hold():
    """The game's time stands still: a clock the rules start, pause or resume during the
    hold behaves as if it were the moment of the hold."""
    st = {"timers": {}, "held_at": 1_000}
    Game.start_timer(st, "a", 50_000, 10_000)
    assert st["timers"]["a"]["at"] == 11_000
    Game.pause_timer(st, "a", 70_000)
    assert st["timers"]["a"]["left"] == 10_000
    Game.resume_timer(st, "a", 80_000)
    assert st["timers"]["a"]["at"] == 11_000
    DODGY.move_release_clocks(st, None, {}, 100_000)
    assert st["timers"]["a"]["at"] == 110_000 and "held_at" not in st


def test_only_the_table_holds_the_clocks():
    t = pass_table()
    with pytest.raises(IllegalAction) as e:
        DODGY.apply(t.state, 0, {"type": "hold_clocks"}, 10)
    assert e.value.code == "not_a_player"
    with pytest.raises(IllegalAction) as e:
        DODGY.apply(t.state, None, {"type": "release_clocks"}, 10)
    assert e.value.code == "clocks_running"
    held = DODGY.apply(t.state, None, {"type": "hold_clocks"}, 10)
    with pytest.raises(IllegalAction) as e:
        DODGY.apply(held, None, {"type": "hold_clocks"}, 20)
    assert e.value.code == "clocks_held"
    with pytest.raises(IllegalAction):
        DODGY.apply(t.state, None, {"type": "hold_clocks", "x": 1}, 10)


def test_a_guest_cannot_hold_the_clocks():
    t = Table("dodgy", [{"kind": "local", "name": "Ann"}, {"kind": "remote", "name": "Bob"}],
              seed=5, table_id="t2")
    t.connect("p", 0)
    t.receive("p", json.dumps({"t": "hello", "table": "t2", "seq": 1, "name": "Bob", "seat": None,
                                "token": None, "spectate": False}), 0)
    t.start(0)
    outs = t.receive("p", json.dumps({"t": "intent", "table": "t2", "seq": 2, "seat": 1,
                                       "action": {"type": "hold_clocks"}}), 10)
    assert any(m.get("t") == "reject" for _, m in outs)
    assert not t.clocks_held


def test_hold_is_a_no_op_before_the_game():
    done = Table("dodgy", [{"kind": "pass", "name": "A"}, {"kind": "pass", "name": "B"}], seed=1, table_id="t3")
    assert done.hold_clocks(0) == [] and not done.clocks_held     # not started


def test_simultaneous_games_refuse_pass_and_play():
    """Waldi is played by everyone at once (§4.2): a second seat on one device could never act."""
    assert GAMES["waldi"].pass_and_play is False
    with pytest.raises(IllegalAction) as e:
        Table("waldi", [{"kind": "local", "name": "A"}, {"kind": "pass", "name": "B"}])
    assert e.value.code == "no_pass_and_play"
    assert all(g.pass_and_play for gid, g in GAMES.items() if gid != "waldi")
