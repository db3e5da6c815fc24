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


def three_pass_table(window_s=3):
    t = Table("dodgy", [{"kind": "pass", "name": n} for n in ("Ann", "Bob", "Cem")],
              options={"statement_s": 30, "challenge_min_window_s": window_s,
                       "first_player_rule": "host_choice", "first_player": 0},
              seed=5, table_id="t4")
    t.start(0)
    return t


def _state(t, seat, q, now):
    t.local(seat, {"type": "state", "quantity": q, "image": t.state["faces"][0]}, now)


def test_the_challenge_window_stands_still_behind_the_hand_over_screen():
    """§5.7.2 with a 3 s minimum window: Ann states, the device goes to Bob for a minute and
    a half; Bob's statement half a second after his tap is still inside the window (held,
    Cem may still shout), not applied at once because the wall clock ran on."""
    t = three_pass_table()
    ann = t.awaited()[0]
    _state(t, ann, 1, 1_000)
    assert t.state["window_end"] == 4_000
    t.hold_clocks(1_000)
    t.tick(90_000)
    t.release_clocks(100_000)
    assert t.state["window_end"] == 103_000                  # moved on by the hold, like the timers
    bob = t.awaited()[0]
    assert t.update_for(bob)["view"]["window_end"] == 103_000
    _state(t, bob, 2, 100_500)
    assert t.state["pending"] is not None                     # held until the window ends
    assert len(t.state["statements"]) == 1
    t.tick(103_000)
    assert t.state["pending"] is None and len(t.state["statements"]) == 2


def test_a_move_during_a_hold_happens_at_the_moment_of_the_hold():
    """A guest at a mixed table may act while a hand-over screen is up: for the game's
    clocks, its move happens when the clocks stopped."""
    t = pass_table()
    st = DODGY.apply(t.state, None, {"type": "hold_clocks"}, 1_000)
    stater = DODGY.awaited(st)[0]
    st = DODGY.apply(st, stater, {"type": "state", "quantity": 1, "image": st["faces"][0]}, 50_000)
    assert st["statements"][-1]["at"] == 1_000
    assert st["window_end"] == 1_000 + 3_000
    assert DODGY.timer(st, "statement")["at"] == 1_000 + 30_000
    st = DODGY.apply(st, None, {"type": "release_clocks"}, 60_000)
    assert st["window_end"] == 4_000 + 59_000
    assert DODGY.timer(st, "statement")["at"] == 31_000 + 59_000


def test_a_dohdle_masters_special_right_outlasts_the_hold():
    """DOH-11: the Dohdle Master's right to answer first lasts as long after a hold as it
    had left before it."""
    dohdles = GAMES["dohdles"]
    st = {"timers": {}, "held_at": 1_000, "burst": {"rights": {"3": 2_500}}}
    dohdles.move_release_clocks(st, None, {}, 11_000)
    assert st["burst"]["rights"] == {"3": 12_500}
    quiet = {"timers": {}, "held_at": 1_000, "burst": None}
    dohdles.move_release_clocks(quiet, None, {}, 11_000)          # no burst: nothing to move


def test_waldis_own_time_stamps_move_with_the_timers():
    waldi = GAMES["waldi"]
    st = {"timers": {}, "held_at": 1_000, "go_ms": 4_000, "last_place_ms": 900,
          "recent": [{"until": 2_000}]}
    waldi.move_release_clocks(st, None, {}, 6_000)
    assert (st["go_ms"], st["last_place_ms"], st["recent"][0]["until"]) == (9_000, 5_900, 7_000)


@pytest.mark.parametrize("game_id", [g for g, game in GAMES.items() if game.timers])
def test_no_clock_of_any_game_runs_behind_the_hand_over_screen(game_id):
    """Every game with timers: ten minutes behind a hold change nothing, and the release
    gives every running timer exactly the time it had left."""
    game = GAMES[game_id]
    players = [f"P{i}" for i in range(game.min_players)]
    st = game.replay(players, 7, dict(game.options), 0, [])
    st = game.tick(st, 1_000)
    running = {n: t["at"] for n, t in st.get("timers", {}).items() if t.get("at") is not None}
    assert running, "the game starts a clock"
    held = game.apply(st, None, {"type": "hold_clocks"}, 1_000)
    assert game.tick(held, 601_000) is held                   # nothing is due while held
    released = game.apply(held, None, {"type": "release_clocks"}, 601_000)
    assert {n: t["at"] for n, t in released["timers"].items() if t.get("at") is not None} == \
        {n: at + 600_000 for n, at in running.items()}
