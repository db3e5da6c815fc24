"""Computer players paced by the table: a bot decides ``(action, think_ms)``, the table keeps
the plan and applies it when it is due (thinking time × the table's pace), never after the
seat's deadline, and only if it is still legal then."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from session_sketch_game import SKETCH, Sketchbook, SketchBot  # noqa: E402
from test_session_fakegame import GAME, SecretCards  # noqa: E402

from clubtable.engine import Bot, IllegalAction  # noqa: E402
from clubtable.session import Table  # noqa: E402
from clubtable.session.table import BOT_POLL_MS, DEADLINE_MARGIN_MS  # noqa: E402


def sketch_table(pace=1.0, turn_ms=60_000, kinds=("bot", "local")):
    seats = [{"kind": k} for k in kinds]
    return Table(SKETCH, seats, options={"turn_ms": turn_ms}, seed=5, table_id="tbl1", bot_pace=pace)


def test_act_paces_decide_by_the_bot_itself():
    """``Bot.act`` (for a simulation without a table) sends the decision once its thinking
    time has passed."""
    class Steady(Bot):
        def decide(self, view, legal, now_ms):
            return (legal[0], 500) if legal else None

    bot = Steady(GAME, 0, "easy", 1)
    st = GAME.new(["a", "b"], 1, {}, 0)
    view, legal = GAME.view(st, 0), GAME.legal(st, 0)
    assert bot.act(view, legal, 100) is None
    assert bot.act(view, legal, 599) is None
    assert bot.act(view, legal, 600) == legal[0]


@pytest.mark.parametrize("pace", [0.5, 1.0, 2.0])
def test_the_plan_is_applied_after_thinking_time_times_pace(pace):
    t = sketch_table(pace)
    t.start(1000)
    t.tick(1000)                         # the bot decides now ...
    assert t.plans[0].due == 1000 + int(SketchBot.think_ms * pace)
    assert t.state["turn"] == 0
    t.tick(t.plans[0].due - 1)           # ... and does nothing before its plan is due
    assert t.state["turn"] == 0
    t.tick(1000 + int(SketchBot.think_ms * pace))
    assert t.state["turn"] == 1 and 0 not in t.plans
    assert t.state["log"][-1][:2] == [0, {"type": "skip"}]


def test_next_wakeup_is_the_plan_due_time():
    t = sketch_table(1.0)
    t.start(0)
    assert t.next_wakeup() == BOT_POLL_MS            # no plan yet: ask soon
    t.tick(10)
    assert t.next_wakeup() == 10 + SketchBot.think_ms


def test_a_plan_never_goes_past_the_seats_deadline():
    """Turn timer 1 s, the bot thinks 3 s (6 s relaxed): it acts before its turn runs out."""
    t = sketch_table(2.0, turn_ms=1000)
    t.start(0)
    t.tick(0)
    assert t.plans[0].due == 1000 - DEADLINE_MARGIN_MS
    assert t.next_wakeup() == 1000 - DEADLINE_MARGIN_MS
    t.tick(1000 - DEADLINE_MARGIN_MS)
    assert t.state["log"][-1] == [0, {"type": "skip"}, 1000 - DEADLINE_MARGIN_MS]


def test_the_first_look_never_holds_a_computer_past_its_own_deadline():
    """The computers wait until the table has been seen (and a moment more), but a computer
    whose turn would run out first acts before its deadline: seen or not, it is never timed
    out by the rules for a courtesy of the screen."""
    for release in (None, 300):                 # never seen; seen at 300, but the first look ends at 1300
        t = sketch_table(2.0, turn_ms=1000, kinds=("bot", "local"))
        t.start(0)
        t.hold_bots()
        if release is not None:
            t.release_bots(release, 1000)
        assert t.next_wakeup() == 1000 - DEADLINE_MARGIN_MS
        t.tick(500)
        assert not t.state["log"]               # still held: its turn has time left
        t.tick(1000 - DEADLINE_MARGIN_MS)
        assert t.state["log"][-1] == [0, {"type": "skip"}, 1000 - DEADLINE_MARGIN_MS]
        assert t.state["turn"] == 1 and not [e for e in t.events if e["kind"] == "bot_illegal"]


def test_a_late_tick_applies_a_plan_that_fell_due_before_the_deadline():
    """A host's page in the background ticks once a second: a plan due at 750, before its
    turn ends at 1000, is still the bot's move at a tick at 2600 (not a time-out), and the
    next seat's turn runs from that tick (it is not skipped in turn)."""
    t = sketch_table(2.0, turn_ms=1000, kinds=("bot", "bot", "local"))
    t.start(0)
    t.tick(0)
    assert t.plans[0].due == 750
    t.tick(2600)
    assert t.state["log"][-1] == [0, {"type": "skip"}, 2600]
    assert not [e for e in t.events if e["kind"] == "bot_illegal"]
    assert t.state["turn"] == 1 and t.state["timers"]["turn"]["at"] == 3600 and 1 in t.plans


def test_a_computer_whose_whole_turn_passed_before_any_tick_still_acts_before_its_timer():
    """The page slept through the bot's whole turn (no tick asked it): had it ticked on time
    the bot would have acted before its deadline, so the late tick has it act first, and the
    rules' time-out does not fire for it."""
    t = sketch_table(2.0, turn_ms=1000, kinds=("bot", "local"))
    t.start(0)
    t.tick(2600)
    assert t.state["log"][-1] == [0, {"type": "skip"}, 2600]
    assert t.state["turn"] == 1 and t.state["timers"]["turn"]["at"] == 3600


def test_a_late_tick_asks_a_bot_once_even_when_its_plan_is_refused():
    class Stubborn(SketchBot):
        def decide(self, view, legal, now_ms):
            return {"type": "nonsense"}, 0

    game = Sketchbook()
    game.bot = lambda level, seat, seed: Stubborn(game, seat, level, seed)
    t = Table(game, [{"kind": "bot"}, {"kind": "local"}], options={"turn_ms": 1000}, seed=5, table_id="t")
    t.start(0)
    t.tick(2600)        # refused once in the catch-up (not again and again), the rules' time-out,
    # then once more by the tick's usual round of the bots
    assert [e["kind"] for e in t.events].count("bot_illegal") == 2
    assert t.state["log"][-1][0] is None


def test_a_move_that_arrives_before_a_late_tick_goes_after_the_plan_due_before_it():
    t = sketch_table(2.0, turn_ms=1000, kinds=("bot", "local"))
    t.start(0)
    t.tick(0)
    t.local(1, {"type": "skip"}, 1400)          # the guest's message ran; the tick had not
    assert t.state["log"][-2:] == [[0, {"type": "skip"}, 1400], [1, {"type": "skip"}, 1400]]


def _dodgy_host_guest_bot(think_ms):
    """DODGY as in tests/e2e/test_sleep_e2e.py: the host's seat (0) opens, a guest (1), a
    computer (2) that thinks ``think_ms`` (relaxed pace); statements within 3 s."""
    t = Table("dodgy", [{"kind": "local"}, {"kind": "local"}, {"kind": "bot", "level": "easy"}],
              options={"challenge_min_window_s": 0, "statement_s": 3, "first_player_rule": "host_choice",
                       "first_player": 0}, seed=38, table_id="tbl1", bot_pace=2.0)
    t.start(0)
    t.bots[2].delay_ms = (think_ms // 2, think_ms // 2)
    return t


@pytest.mark.parametrize("ticks", [range(3000, 9000, 100), range(3000, 9000, 1000), [3000, 8000]],
                         ids=["on time", "once a second", "one late tick"])
def test_a_plan_made_before_the_computers_turn_never_outlives_its_turns_deadline(ticks):
    """The sequence that timed the computer out in the e2e test: the host's page (hidden)
    does not state in time, so the rules' timer states for it at a tick (3000); at that tick
    the computer, a bystander, plans to let that statement stand, after 3.8 s of thought
    (due 6800: no deadline of its own bounds it).  The guest states at 3200, and the computer
    must state by 6200.  Its old plan must not keep it waiting past that: it falls due
    DEADLINE_MARGIN_MS before the deadline, is refused (the computer is the stater now), and
    the computer states in time, its own statement, whether the host's page ticks on time,
    once a second (in the background) or once, late."""
    t = _dodgy_host_guest_bot(3800)
    guest_done = False
    for now in ticks:
        if not guest_done and now > 3200:
            t.local(1, {"type": "state", "quantity": 2, "image": t.state["options"]["faces"][0]}, 3200)
            guest_done = True
            assert t.awaited() == [2] and t.game.deadline(t.state) == 6200
        t.tick(now)
        if now == 3000:
            assert t.plans[2].action["type"] == "accept" and t.plans[2].due == 6800
            assert t.awaited() == [1]
    log = t.state["log"]
    guest = next(i for i, (seat, a, _) in enumerate(log) if seat == 1)
    assert log[guest + 1][0] == 2 and log[guest + 1][1]["type"] in ("state", "dodgy"), log   # not the timer
    assert not [h for h in t.state["history"] if h["by_timeout"] and h["challenger"] == 2]
    assert not [s for s in t.state["statements"] if s["seat"] == 2 and s["auto"]]
    assert [e["code"] for e in t.events if e["kind"] == "bot_illegal"] == ["state_instead"]


def test_plans_that_fell_due_are_applied_in_due_order_not_seat_order():
    class Talker(SketchBot):
        def decide(self, view, legal, now_ms):
            if any(a["type"] == "say" for a in legal) and not any(s == self.seat for s, _ in view["chat"]):
                return {"type": "say", "text": str(self.seat)}, 900 if self.seat == 0 else 300
            return None

    game = Sketchbook()
    game.bot = lambda level, seat, seed: Talker(game, seat, level, seed)
    t = Table(game, [{"kind": "bot", "level": "normal"}, {"kind": "bot", "level": "normal"}, {"kind": "local"}],
              options={"turn_ms": 60_000}, seed=5, table_id="tbl1")
    t.start(0)
    t.tick(0)
    assert (t.plans[0].due, t.plans[1].due) == (900, 300)
    t.tick(1500)
    assert t.state["chat"] == [[1, "1"], [0, "0"]]


def test_the_deadline_of_another_seat_does_not_hurry_a_bot():
    """The cap applies only while the bot's own seat is awaited."""
    class Chatty(SketchBot):
        def decide(self, view, legal, now_ms):
            if any(a["type"] == "say" for a in legal) and not view["chat"]:
                return {"type": "say", "text": "hello"}, 5000
            return None

    game = Sketchbook()
    game.bot = lambda level, seat, seed: Chatty(game, seat, level, seed)
    t = Table(game, [{"kind": "local"}, {"kind": "bot", "level": "normal"}], options={"turn_ms": 1000},
              seed=5, table_id="tbl1")
    t.start(0)
    t.tick(0)
    assert t.plans[1].due == 5000
    assert t.awaited() == [0]


def test_a_plan_that_became_illegal_is_refused_and_the_bot_asked_again():
    t = sketch_table(1.0, kinds=("local", "bot"))
    t.start(0)
    t.local(0, {"type": "skip"}, 0)
    t.tick(0)                                    # bot plans to skip at 3000
    assert t.plans[1].due == 3000
    t.plans[1].action = {"type": "erase"}          # seat 1 has no picture to erase
    # the plan is stale by the time it is due: the table logs the refusal and asks again
    t.tick(3000)
    assert t.events[-1]["kind"] == "bot_illegal"
    assert t.plans[1].action == {"type": "skip"} and t.plans[1].due == 3000 + 3000


def test_bot_plan_not_applied_after_the_game_changed_so_it_is_illegal():
    """A legacy bot's plan for a card it no longer holds is refused, never applied."""
    game = SecretCards()
    t = Table(game, [{"kind": "bot", "level": "easy"}, {"kind": "local"}], seed=3, table_id="tbl1")
    t.start(0)

    class Slow(Bot):
        def decide(self, view, legal, now_ms):
            return (legal[0], 1000) if legal else None
    t.bots[0] = Slow(game, 0, "easy", 1)
    t.tick(0)
    planned = t.plans[0].action
    # the turn timer plays the bot's lowest card first (10 s); the plan is then out of date
    t.state["hands"][0].remove(planned["card"])
    t.tick(1000)
    assert any(e["kind"] == "bot_illegal" for e in t.events)
    assert all(entry[1] != planned for entry in t.state["log"])


def test_bad_thinking_times_are_clamped():
    class Odd(Bot):
        def __init__(self, game, seat, think):
            super().__init__(game, seat, "normal", 1)
            self.think = think

        def decide(self, view, legal, now_ms):
            return ({"type": "skip"}, self.think) if legal and legal[0]["type"] != "say" else None

    for think, due in ((-50, 0), (True, 0), (float("nan"), 0), ("soon", 0), (10 ** 12, 60_000 - DEADLINE_MARGIN_MS)):
        t = sketch_table(1.0)
        t.start(0)
        t.bots[0] = Odd(t.game, 0, think)
        t.tick(0)
        assert t.state["turn"] == 1 if due == 0 else t.plans[0].due == due, think


def test_bot_pace_is_a_table_setting_saved_and_restored():
    t = sketch_table(0.5)
    assert t.save()["bot_pace"] == 0.5
    again = Table.restore(t.save(), game=SKETCH)
    assert again.bot_pace == 0.5
    with pytest.raises(IllegalAction) as e:
        sketch_table(pace=True)
    assert e.value.code == "bad_pace"
    with pytest.raises(IllegalAction):
        sketch_table(pace=-1)
    assert "bot_pace" not in SKETCH.options


def test_replacing_a_seat_with_a_bot_drops_an_old_plan():
    t = sketch_table(1.0, kinds=("bot", "local"))
    t.start(0)
    t.tick(0)
    assert 0 in t.plans
    t.replace_with_bot(0, "normal", 10)
    assert 0 not in t.plans
