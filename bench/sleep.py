"""A host whose page sleeps: what its guest sees, and how late the table's timers run.

    python3 build.py dist && python3 bench/sleep.py [--runs dodgy:30,dodgy:120,waldi:30,waldi:120,waldi:360]

Each run: a table hosted in one tab (the host's own seat and a computer player) and joined
from another (the guest), started; then the host's page sleeps for the run's seconds while
the guest keeps playing (one move, then it waits for news, as a person would), and wakes.  Printed per run: when the guest showed the host away
(seconds after the sleep began), the guest's moves made meanwhile, how soon after the wake the
warning went and the guest's next update came, how many table versions the wake caught up in
its first second, how late the host's ticks ran at the wake (the table's due work: timers,
computer players), and whether the game then went on without a page error.

How the page sleeps.  Chromium's throttling of a background tab (1 Hz timers, then one
wake-up a minute after 5 minutes) and a phone's freezing both need a page the browser counts
as hidden.  Chromium 156 here never hides one: with Playwright, or raw under Xvfb, a tab behind
another tab, a minimised window (``Browser.setWindowBounds``) and ``Page.setWebLifecycleState
("frozen")`` all left ``visibilityState`` "visible" and a 100 ms timer firing every ~100 ms
(measured).  So the sleep is the debugger's: ``Debugger.pause`` stops every script of the
host's page, timers and incoming messages alike, which is what a frozen tab is, and the
worst of throttling (no tick at all for the whole sleep).
"""
import argparse
import collections
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _harness import ARGS, CHROMIUM, serve, table_of_two  # noqa: E402

LATE = "() => window.clubtableWire('late')"
STATE = """() => { const s = document.querySelector('#host-status');
                   return s ? s.getAttribute('data-state') : null; }"""
RECEIVED = "() => JSON.parse(window.clubtableDebug('received')).map(m => JSON.parse(m))"


def _game(name):
    if name == "dodgy":
        from tests.e2e.dodgy_driver import set_up_dodgy, step
        return (lambda page, base: set_up_dodgy(page, base, seats=("local", "remote", "bot"), pace="0.5"),
                "#my-dice", lambda page: step(page, shout=False))
    from tests.e2e.waldi_driver import set_up_waldi, step
    return (lambda page, base: set_up_waldi(page, base, seats=("local", "remote", "bot"), countdown_s=1),
            "#waldi-status[data-phase='live']", step)


def _versions(page):
    return [m["v"] for m in page.evaluate(RECEIVED) if m.get("t") == "update"]


def run(ctx, base, game, seconds, errors):
    set_up, playing, step = _game(game)
    host, guest = table_of_two(ctx, base, lambda page: set_up(page, base), playing)
    for _ in range(6):                      # a few moves first: the table is warm and running
        step(guest)
        step(host)
        time.sleep(0.3)
    host.evaluate(LATE)                     # forget the lateness of the start
    cdp = ctx.new_cdp_session(host)
    cdp.send("Debugger.enable")
    v_before = max(_versions(guest) or [0])
    cdp.send("Debugger.pause")
    t0 = time.monotonic()
    away_at, moves, states, acted_on = None, 0, set(), None
    while time.monotonic() - t0 < seconds:
        state = guest.evaluate(STATE)
        states.add(state)
        if state == "host_away" and away_at is None:
            away_at = time.monotonic() - t0
        seen = len(_versions(guest))
        if seen != acted_on:                # as a person would: one move, then wait for news
            try:
                if step(guest) not in (None, "over"):
                    moves += 1
                    acted_on = seen
            except Exception:               # the screen changed under the driver
                pass
        time.sleep(0.5)
    n_before_wake = len(guest.evaluate(RECEIVED))
    cdp.send("Debugger.resume")
    woke = time.monotonic()
    back_at = first_update = None
    while time.monotonic() - woke < 15 and (back_at is None or first_update is None):
        if back_at is None and guest.evaluate(STATE) is None:
            back_at = time.monotonic() - woke
        if first_update is None and any(m.get("t") == "update" for m in guest.evaluate(RECEIVED)[n_before_wake:]):
            first_update = time.monotonic() - woke
        time.sleep(0.05)
    time.sleep(max(0.0, 1.0 - (time.monotonic() - woke)))
    caught_up = [m for m in guest.evaluate(RECEIVED)[n_before_wake:]]
    late = json.loads(host.evaluate(LATE))
    cdp.send("Debugger.disable")
    cdp.detach()
    for _ in range(20):                     # the game goes on
        step(guest)
        step(host)
        time.sleep(0.25)
    v_after = max(_versions(guest) or [0])
    rejects = dict(collections.Counter(m.get("code") for m in caught_up if m.get("t") == "reject"))
    host.close()
    guest.close()
    late_s = sorted((x / 1000 for x in late), reverse=True)
    return {
        "game": game, "slept_s": seconds,
        "away_shown_after_s": None if away_at is None else round(away_at, 1),
        "guest_moves_while_asleep": moves,
        "warning_gone_after_wake_s": None if back_at is None else round(back_at, 2),
        "first_update_after_wake_s": None if first_update is None else round(first_update, 2),
        "updates_in_first_second": sum(1 for m in caught_up if m.get("t") == "update"),
        "refused_at_wake": rejects,
        "ticks_late_over_1s": sum(1 for x in late_s if x > 1), "latest_tick_s": late_s[0] if late_s else 0,
        "versions_before_after": (v_before, v_after), "page_errors": list(errors),
        "states_seen": sorted(s or "-" for s in states),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", default="dodgy:30,dodgy:120,waldi:30,waldi:120,waldi:360",
                    help="game:seconds of sleep, comma separated")
    args = ap.parse_args()
    server, base = serve()
    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for spec in args.runs.split(","):
                game, seconds = spec.split(":")
                ctx = browser.new_context()
                errors = []
                ctx.on("weberror", lambda e: errors.append(str(e.error)))
                out = run(ctx, base, game, int(seconds), errors)
                print(json.dumps(out), flush=True)
                ctx.close()
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
