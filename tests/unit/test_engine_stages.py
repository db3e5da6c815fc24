"""Rules as data (engine/stages.py) on a small game: the stages say who may act, guards and
ranges say why not, stage timers start on entry, restart when their key changes and stop on
exit, a per-seat timer is one declaration stored per seat."""
from __future__ import annotations

import pytest

from clubtable.engine import Between, Game, Guard, IllegalAction, Int, Move, OneOf, Stage, Timer, turn_or_now


class Relay(Game):
    """Players take turns adding 1..3 to a count; a seat that reaches 10 or more is "resting"
    (its own rest clock runs) until the table's turn clock gives the turn on."""
    id, title, min_players, max_players = "relay", "Relay", 2, 3
    stages = {
        "turn": Stage(("add", "rest"), timers=("turn",)),
        "wait": Stage(("add",)),
        "resting": Stage(("wake",), timers=("rest",), refuse=("resting", "You are resting.")),
    }
    moves = {
        "add": Move({"n": Int(0, 9)}, handler="move_add", closed=("not_now", "Not now."),
                    guards=(Guard("not_your_turn", lambda g, st, seat, a: seat == st["turn"], "Not your turn."),),
                    within={"n": Between(lambda g, st, seat: 1, lambda g, st, seat: 3,
                                         below=("too_low", "At least 1."), above=("too_high", "At most 3."))}),
        "rest": Move(handler="move_rest", closed={"wait": ("wait", "Wait."), None: ("not_now", "Not now.")}),
        "wake": Move({"seat": Int(0, 9)}, handler="move_wake", closed=("awake", "You are awake."),
                     within={"seat": OneOf(lambda g, st, seat, a: [seat], ("not_you", "Only yourself."))}),
    }
    timers = {
        "turn": Timer("timer_turn", length=lambda g, st, seat: 5000, key=lambda g, st, seat: st["turn"]),
        "rest": Timer("timer_rest", per_seat=True, length=lambda g, st, seat: 1000 * (seat + 1)),
    }

    def setup(self, state, now_ms):
        state.update(turn=0, count=0, resting=[False] * len(state["players"]))

    def stage(self, state, seat):
        if state["resting"][seat]:
            return "resting"
        return "turn" if seat == state["turn"] else "wait"

    def _next(self, state):
        state["turn"] = (state["turn"] + 1) % len(state["players"])

    def move_add(self, state, seat, args, now_ms):
        state["count"] += args["n"]
        self._next(state)

    def move_rest(self, state, seat, args, now_ms):
        state["resting"][seat] = True
        self._next(state)

    def move_wake(self, state, seat, args, now_ms):
        state["resting"][seat] = False

    def timer_turn(self, state, now_ms):
        self._next(state)

    def timer_rest(self, state, seat, now_ms):
        state["resting"][seat] = False

    def project(self, state, seat):
        return {"count": state["count"], "turn": state["turn"]}

    def result(self, state):
        return {"winners": [0], "scores": [0, 0]} if state["count"] >= 30 else None


G = Relay()


def refused(state, seat, action):
    with pytest.raises(IllegalAction) as err:
        G.apply(state, seat, action, 0)
    return err.value.code


def test_who_may_act_legal_and_awaited_come_from_the_stages():
    st = G.new(["a", "b", "c"], 1, {}, 0)
    assert G.active(st) == {0: ["add", "rest"]}
    assert G.legal(st, 0) == [{"type": "add", "n": n} for n in (1, 2, 3)] + [{"type": "rest"}]
    assert G.awaited(st) == [0] and G.legal(st, 1) == []


def test_refusals_come_in_order_stage_guards_ranges():
    st = G.new(["a", "b", "c"], 1, {}, 0)
    assert refused(st, 1, {"type": "add", "n": 2}) == "not_your_turn"      # the guard
    assert refused(st, 0, {"type": "add", "n": 0}) == "too_low"            # the range
    assert refused(st, 0, {"type": "add", "n": 4}) == "too_high"
    assert refused(st, 1, {"type": "rest"}) == "wait"                      # closed, by stage
    assert refused(st, 0, {"type": "wake", "seat": 0}) == "awake"          # closed
    st = G.apply(st, 0, {"type": "rest"}, 0)
    assert refused(st, 0, {"type": "add", "n": 1}) == "resting"            # the stage's own refusal
    assert refused(st, 0, {"type": "wake", "seat": 1}) == "not_you"        # OneOf
    assert G.why_not(st, 2, "rest") == ("wait", "Wait.")


class Poky(Relay):
    """Relay with a move no stage opens, refused by what the table knows, and a rest that
    closes (with no reason of its own) once the count reaches 5."""
    moves = dict(Relay.moves,
                 poke=Move(handler="move_rest", closed=turn_or_now),
                 rest=Move(handler="move_rest", closed={"wait": ("wait", "Wait."), None: ("not_now", "Not now.")},
                           guards=(Guard(None, lambda g, st, seat, a: st["count"] < 5, None),)))


def test_a_closed_refusal_computed_and_a_guard_that_closes_the_move():
    p = Poky()
    st = p.new(["a", "b", "c"], 1, {}, 0)
    assert p.why_not(st, 0, "poke") == ("not_now", "That move is not possible right now.")   # seat 0 may add
    assert p.why_not(st, 1, "poke") == ("not_your_turn", "It is not your turn.")           # seat 1 may do nothing
    st = p.apply(st, 0, {"type": "add", "n": 3}, 0)
    st = p.apply(st, 1, {"type": "add", "n": 3}, 0)                   # count 6: rest closes for seat 2
    assert p.active(st) == {2: ["add"]}
    assert p.why_not(st, 2, "rest") == ("not_now", "Not now.")          # the move's closed refusal, by stage
    with pytest.raises(IllegalAction) as err:
        p.apply(st, 2, {"type": "rest"}, 0)
    assert err.value.code == "not_now"


def test_stage_timers_start_on_entry_restart_on_a_new_key_and_stop_on_exit():
    st = G.new(["a", "b", "c"], 1, {}, 100)
    assert G.timer(st, "turn")["at"] == 5100
    st = G.apply(st, 0, {"type": "add", "n": 1}, 700)                     # seat 1's turn: a new clock
    assert G.timer(st, "turn")["at"] == 5700
    st = G.apply(st, 1, {"type": "rest"}, 800)                             # seat 1 rests: its own clock
    assert G.timer(st, "rest1")["at"] == 800 + 2000 and G.timer(st, "rest0") is None
    st = G.tick(st, 2800)                                                  # rest1 fires: awake again
    assert st["resting"] == [False, False, False] and G.timer(st, "rest1") is None
    st = G.apply(st, 2, {"type": "rest"}, 2900)
    st = G.apply(st, 2, {"type": "wake", "seat": 2}, 3000)                 # leaving the stage stops it
    assert G.timer(st, "rest2") is None
    again = G.replay(st["players"], st["seed"], st["options"], st["t0"], st["log"])
    assert again == st


class Quiz(Game):
    """A turn clock that stands still while anyone has called "wait" (a stage that holds it),
    and the caller's own clock meanwhile."""
    id, title, min_players, max_players = "quiz", "Quiz", 2, 2
    stages = {
        "turn": Stage(("answer", "wait"), timers=("turn",)),
        "other": Stage(("wait",)),
        "waiting": Stage(("go",), timers=("wait",), holds=("turn",)),
        "held": Stage(holds=("turn",), refuse=("paused", "Paused.")),
    }
    moves = {
        "answer": Move(handler="move_answer"),
        "wait": Move(handler="move_wait"),
        "go": Move(handler="move_go"),
    }
    timers = {
        "turn": Timer("timer_turn", length=lambda g, st, seat: 5000, key=lambda g, st, seat: st["turn"]),
        "wait": Timer("timer_wait", length=lambda g, st, seat: 3000),
    }

    def setup(self, state, now_ms):
        state.update(turn=0, waiting=None, answers=0)

    def stage(self, state, seat):
        if state["waiting"] is not None:
            return "waiting" if seat == state["waiting"] else "held"
        return "turn" if seat == state["turn"] else "other"

    def move_answer(self, state, seat, args, now_ms):
        state["answers"] += 1
        state["turn"] = 1 - state["turn"]

    def move_wait(self, state, seat, args, now_ms):
        state["waiting"] = seat

    def move_go(self, state, seat, args, now_ms):
        state["waiting"] = None

    def timer_turn(self, state, now_ms):
        state["turn"] = 1 - state["turn"]

    def timer_wait(self, state, now_ms):
        state["waiting"] = None

    def project(self, state, seat):
        return dict(state)

    def result(self, state):
        return None


Q = Quiz()


def test_a_stage_that_holds_a_timer_pauses_it_and_its_time_runs_on_after():
    st = Q.new(["a", "b"], 1, {}, 0)
    assert Q.timer(st, "turn")["at"] == 5000
    st = Q.apply(st, 1, {"type": "wait"}, 1000)                    # the other seat asks to wait
    assert Q.timer(st, "turn") == {"at": None, "left": 4000, "len": 5000, "n": 1}
    assert Q.timer(st, "wait")["at"] == 4000 and Q.deadline(st) == 4000
    st = Q.tick(st, 4000)                                            # the wait runs out: the turn clock runs on
    assert st["waiting"] is None and Q.timer(st, "turn") == {"at": 8000, "len": 5000, "n": 1}
    st = Q.apply(st, 0, {"type": "wait"}, 6000)
    st = Q.apply(st, 0, {"type": "go"}, 6500)                        # held again: 2000 left, then on
    assert Q.timer(st, "turn")["at"] == 8500 and Q.timer(st, "wait") is None
    st = Q.tick(st, 8500)                                            # the turn passes; a new clock
    assert st["turn"] == 1 and Q.timer(st, "turn")["at"] == 13500
    again = Q.replay(st["players"], st["seed"], st["options"], st["t0"], st["log"])
    assert again == st


def test_a_timer_held_by_a_stage_under_the_table_clock_hold():
    st = Q.new(["a", "b"], 1, {}, 0)
    st = Q.apply(st, None, {"type": "hold_clocks"}, 1000)
    st = Q.apply(st, 1, {"type": "wait"}, 3000)                      # happens at the hold: 4000 left
    st = Q.apply(st, None, {"type": "release_clocks"}, 3000)
    assert Q.timer(st, "turn")["left"] == 4000 and Q.timer(st, "wait")["at"] == 1000 + 3000 + 2000
    assert Q.why_not(st, 0, "answer") == ("paused", "Paused.")
    st = Q.apply(st, 1, {"type": "go"}, 3500)                        # the table's hold did not eat into it
    assert Q.timer(st, "turn") == {"at": 7500, "len": 5000, "n": 1}
