"""A guest's view of whether the host's page answers (session.guest.Heartbeat), on a fake
clock: a host that answers is never away, one that stops answering is away after AWAY_MS,
a guest whose own tab slept does not blame the host, and a hidden host is told apart."""
import os
import sys

from clubtable.session.guest import AWAY_MS, PING_MS, RESEND_MS, Heartbeat

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_session_fakegame import started_pair  # noqa: E402


class Clock:
    def __init__(self):
        self.now = 1_000_000

    def run(self, hb, ms, answer=True, hidden=None, step=100):
        """``ms`` of a guest's timer every ``step`` ms: pings when due, the host answering
        (or not).  Returns the moments at which the host was away."""
        away = []
        for _ in range(ms // step):
            self.now += step
            if hb.due(self.now):
                hb.pinged(self.now)
                if answer:
                    hb.heard(self.now + 10, hidden)
            if hb.away(self.now):
                away.append(self.now)
        return away


def test_a_host_that_answers_is_never_away():
    hb, clock = Heartbeat(), Clock()
    assert clock.run(hb, 60_000) == []
    assert hb.hidden is False


def test_a_silent_host_is_away_after_away_ms_and_back_at_its_first_answer():
    hb, clock = Heartbeat(), Clock()
    clock.run(hb, 3_000)
    silent_from = clock.now
    away = clock.run(hb, 12_000, answer=False)
    assert away and away[0] - silent_from <= AWAY_MS + PING_MS       # noticed within a ping of AWAY_MS
    assert away[0] - silent_from >= AWAY_MS - PING_MS                # not before
    assert away == list(range(away[0], clock.now + 1, 100))          # and stays away while silent
    hb.heard(clock.now)                                              # the host woke: any message
    assert not hb.away(clock.now)
    assert clock.run(hb, 10_000) == []


def test_any_message_from_the_host_is_an_answer():
    hb, clock = Heartbeat(), Clock()
    hb.pinged(clock.now)
    clock.now += AWAY_MS - 1
    hb.heard(clock.now)                  # an update, not a pong
    clock.now += AWAY_MS
    assert not hb.away(clock.now)


def test_a_guest_whose_own_tab_slept_waits_a_full_period_before_judging():
    hb, clock = Heartbeat(), Clock()
    assert hb.due(clock.now)
    hb.pinged(clock.now)                 # a ping, then this tab is frozen for a minute
    clock.now += 60_000
    assert not hb.away(clock.now)        # its first look after waking starts the wait again
    woke = clock.now
    away = clock.run(hb, 2 * AWAY_MS, answer=False)     # looking every 100 ms, no answer
    assert away[0] == woke + AWAY_MS     # now the host is away


def test_a_sleeping_host_gets_few_pings_so_its_wake_is_no_flood():
    """Everything a guest sends while the host sleeps arrives at once when it wakes: an
    hour asleep costs at most one ping a minute, far inside the host's message budget."""
    hb, clock = Heartbeat(), Clock()
    clock.run(hb, 3_000)
    sent = []
    for _ in range(3_600_000 // 500):
        clock.now += 500
        if hb.due(clock.now):
            hb.pinged(clock.now)
            sent.append(clock.now)
    assert len(sent) <= 3_600_000 // RESEND_MS + 1
    assert hb.away(clock.now)
    from clubtable.session.table import BUDGETS
    assert len(sent) < BUDGETS["msgs"][1]


def test_hidden_comes_from_the_hosts_answer_and_a_new_link_forgets_it():
    hb, clock = Heartbeat(), Clock()
    clock.run(hb, 2_000, hidden=True)
    assert hb.hidden and not hb.away(clock.now)         # in the background but answering
    clock.run(hb, 2_000, hidden=False)
    assert not hb.hidden
    clock.run(hb, 2_000, hidden=True)
    hb.reset()
    assert not hb.hidden and hb.due(clock.now) and not hb.away(clock.now + 10 * AWAY_MS)


def test_the_host_tells_its_guests_at_once_when_its_page_goes_to_the_background_and_back():
    """Not at their next ping (up to 1.5 s later): a pong nobody asked for, to every
    welcomed peer (spectators too), and only when it changed."""
    t, net = started_pair()
    told = net.deliver(t.set_hidden(True))
    assert sorted(p for p, _ in told) == ["A", "B", "S"]
    assert all(m["t"] == "pong" and m["hidden"] is True for _, m in told)
    assert net.events["A"][-1] == ("pong", 0, True)
    assert t.set_hidden(True) == []
    assert net.send("B", net.guests["B"].ping(5))[-1][1]["hidden"] is True
    assert [m["hidden"] for _, m in net.deliver(t.set_hidden(False))] == [False] * 3


def test_pings_are_spaced_by_ping_ms():
    hb, clock = Heartbeat(), Clock()
    sent = []
    for _ in range(100):
        clock.now += 100
        if hb.due(clock.now):
            hb.pinged(clock.now)
            sent.append(clock.now)
            hb.heard(clock.now + 5)
    assert len(sent) in (10_000 // PING_MS, 10_000 // PING_MS + 1)
    assert all(b - a >= PING_MS for a, b in zip(sent, sent[1:]))


# ---------------------------------------------------------------------------- the host's side
def test_a_host_page_that_runs_often_reads_the_time_as_it_is():
    from clubtable.session.table import WakeClock
    clock = WakeClock(0)
    for now in range(0, 60_000, 1_000):         # 1 Hz: a background tab's throttled timers
        assert clock.read(now) == now and not clock.waking
    assert clock.slept == []


def test_after_a_sleep_what_queued_up_is_read_as_of_the_moment_the_page_fell_asleep():
    from clubtable.session.table import SLEEP_GAP_MS, WAKE_WINDOW_MS, WakeClock
    clock = WakeClock(0)
    assert clock.read(1_000) == 1_000
    assert clock.read(1_000 + 120_000) == 1_000            # woke two minutes later: a queued message
    assert clock.waking
    assert clock.read(1_000 + 120_000 + WAKE_WINDOW_MS - 1) == 1_000   # the next one too
    woke = 1_000 + 120_000 + WAKE_WINDOW_MS
    assert clock.read(woke) == woke and not clock.waking   # then time runs on
    assert clock.slept == [(1_000, 121_000)]
    assert clock.read(woke + SLEEP_GAP_MS) == woke + SLEEP_GAP_MS      # a gap of exactly the limit: awake


def test_a_move_made_while_the_host_slept_is_not_lost_to_a_timer_the_sleep_let_fall_due():
    """The fake game's turn timer (10 s) plays the seat's lowest card when it runs out.  The
    host's page sleeps a minute just after A's turn began; A's move, sent in time, queued up.
    Read with the wall clock, the timer fires first and A's card is refused; read with the
    wake clock, A's card is played as of the moment the host fell asleep, and the timer that
    fell due meanwhile (B's turn) fires at the tick after."""
    from test_session_fakegame import started_pair

    from clubtable.session.table import WAKE_WINDOW_MS, WakeClock

    def play(clocked):
        t, net = started_pair()
        clock = WakeClock(0)
        card = max(net.guests["A"].view["hand"])          # not what the timer would play
        woke = 60_000
        net.now = clock.read(woke) if clocked else woke
        net.send("A", net.guests["A"].intent({"type": "play", "card": card}))
        later = woke + WAKE_WINDOW_MS
        net.deliver(t.tick(clock.read(later) if clocked else later))
        return net, card

    net, card = play(clocked=False)
    assert [e[1] for e in net.events["A"] if e[0] == "reject"] == ["not_your_turn"]   # lost to the timer
    assert card not in net.guests["A"].view["played"][0]
    net, card = play(clocked=True)
    assert not any(e[0] == "reject" for e in net.events["A"])
    view = net.guests["B"].view
    assert view["played"][0] == [card] and len(view["played"][1]) == 1    # A's move, then B's timeout
    assert net.guests["B"].now == 60_000 + WAKE_WINDOW_MS
