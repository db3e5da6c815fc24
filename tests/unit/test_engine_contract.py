"""The declared-move contract of clubtable.engine.Game, on a tiny game written for it."""
import pytest

from clubtable.engine import Choice, Game, IllegalAction, Int, Move, Text


class Race(Game):
    """Two seats take turns adding 1..3 to a counter; reaching 10 wins.  A 'shout' may be made
    by the seat not on turn (an interrupt).  The turn times out after 5 s: the turn passes."""

    id = "race"
    title = "Race"
    moves = {
        "add": Move(handler="move_add", args={"n": Int(1, 3)}),
        "say": Move(handler="move_say", args={"text": Text(20)}, interrupt=True),
        "pick": Move(handler="move_pick", args={"c": Choice(["a", "b"])}),
    }
    timers = ("turn",)

    def setup(self, state, now_ms):
        state.update(total=0, turn=0, said=[])
        self.start_timer(state, "turn", now_ms, 5000)

    def active(self, state):
        other = 1 - state["turn"]
        return {state["turn"]: ["add", "pick"], other: ["say"]}

    def move_add(self, state, seat, args, now_ms):
        state["total"] += args["n"]
        state["turn"] = 1 - seat
        self.start_timer(state, "turn", now_ms, 5000)

    def move_say(self, state, seat, args, now_ms):
        state["said"].append(args["text"])

    def move_pick(self, state, seat, args, now_ms):
        pass

    def timer_turn(self, state, now_ms):
        state["turn"] = 1 - state["turn"]
        self.start_timer(state, "turn", now_ms, 0)   # due at once: must wait for the next tick

    def project(self, state, seat):
        return {"total": state["total"], "turn": state["turn"], "said": list(state["said"])}

    def result(self, state):
        return {"winners": [1 - state["turn"]], "scores": [0, 0]} if state["total"] >= 10 else None


G = Race()


def test_schema_refusals_change_nothing():
    s = G.new(["a", "b"], seed=1)
    for bad in ({"type": "add", "n": True}, {"type": "add", "n": 1.0}, {"type": "add", "n": 4},
                {"type": "add"}, {"type": "add", "n": 1, "pad": "x"}, {"type": "nope"},
                {"type": "pick", "c": "c"}, {"type": "say", "text": "x" * 21}):
        with pytest.raises(IllegalAction):
            G.apply(s, 0, bad, 1)
    with pytest.raises(IllegalAction):
        G.apply(s, True, {"type": "add", "n": 1}, 1)
    deep = {"type": "add", "n": 1}
    cur = deep
    for _ in range(3000):
        cur["x"] = {}
        cur = cur["x"]
    with pytest.raises(IllegalAction):
        G.apply(s, 0, deep, 1)
    assert s["log"] == [] and s["total"] == 0


def test_whose_move_and_interrupts():
    s = G.new(["a", "b"], seed=1)
    assert G.awaited(s) == [0]
    with pytest.raises(IllegalAction) as e:
        G.apply(s, 1, {"type": "add", "n": 1}, 1)
    assert e.value.code == "not_now"
    s = G.apply(s, 1, {"type": "say", "text": " <b>hi</b> "}, 2)
    assert G.view(s, 0)["said"] == ["<b>hi</b>"]
    assert {"type": "add", "n": 2} in G.legal(s, 0)
    with pytest.raises(IllegalAction):
        G.view(s, 5)
    with pytest.raises(IllegalAction):
        G.view(s, True)


def test_late_tick_fires_one_event_per_due_time():
    s = G.new(["a", "b"], seed=1)
    t = G.tick(s, 60_000)        # very late: the turn passes once, not twelve times
    assert t["turn"] == 1
    assert G.deadline(t) == 60_000           # the restarted timer waits for the next tick
    u = G.tick(t, 60_000)
    assert u["turn"] == 0
    assert G.tick(s, 4999) is s


def test_pause_and_resume():
    s = G.new(["a", "b"], seed=1)
    G.pause_timer(s, "turn", 1000)
    assert G.deadline(s) is None and G.tick(s, 10**6) is s
    G.resume_timer(s, "turn", 50_000)
    assert G.deadline(s) == 54_000


def test_replay_equals_live():
    s = G.new(["a", "b"], seed=3)
    s = G.apply(s, 0, {"type": "add", "n": 3}, 100)
    s = G.tick(s, 9000)                                   # seat 1 timed out at 5100: back to 0
    s = G.apply(s, 0, {"type": "add", "n": 3}, 9000)
    s2 = G.replay(["a", "b"], 3, {}, 0, s["log"])
    assert s2 == s
