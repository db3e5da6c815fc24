"""A host whose page sleeps or goes to the background: what its guest sees, and how late the
table's timers run.

    python3 build.py dist && python3 bench/sleep.py [--how background|frozen|pause]
        [--runs dodgy:30,dodgy:120,dodgy:360,waldi:30,waldi:120,waldi:360] [--to-end]

Each run: a table hosted in one tab (the host's own seat and a computer player) and joined
from another tab in a window of its own (the guest), started; then the host's page goes away
for the run's seconds while the guest keeps playing (one move, then it waits for news, as a
person would), and comes back.  The host's own player is away with it: its seat's clocks run
out as the rules say.  How the host's page goes away (``--how``):

* ``background`` (default): its window is minimised, as when its player switches to another
  window or app on a computer.  The page is hidden and Chromium throttles its timers (once a
  second; once a minute after 5 minutes for pages that do not use WebRTC), but its events
  (the guests' messages) still run.  ``tests/e2e/background.py`` says why this needs a
  Chromium that Playwright attaches to rather than launches.
* ``frozen``: minimised and then frozen (``Page.setWebLifecycleState("frozen")``), as a phone
  does to a tab in the background: nothing of the page runs, timers nor events.
* ``pause``: the debugger stops every script of the page (``Debugger.pause``) in a visible
  window: a freeze that needs nothing of the browser's lifecycle (the first way measured).

Printed per run (one JSON line): when the guest showed the host hidden or away (seconds after
it went), the guest's moves meanwhile and how soon each was answered (the next update the
guest received after its click, p50 and max), how late the host's ticks ran while away (the
table's due work: timers, computer players; p50, max) and how much each sleep of its clock
loop overran (p50, max, and the max of each minute, which shows a switch to once-a-minute
wake-ups), how soon after the return the warning went (and, after a freeze, the guest's next
update came), how many updates the return brought in its first second, how late the first
ticks after the return ran, any refusal the guest received, the table versions it never got
an update of, and whether the game then went on (and with ``--to-end``: played to its end, and
the guest's replay of the whole log gave the table it was shown) without a page error.
"""
import argparse
import collections
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _harness import ARGS, CHROMIUM, pct, serve, table_of_two  # noqa: E402

LATE = "() => window.clubtableWire('late')"
STATE = """() => { const s = document.querySelector('#host-status');
                   return s ? s.getAttribute('data-state') : null; }"""
RECEIVED = "() => JSON.parse(window.clubtableDebug('received')).map(m => JSON.parse(m))"


def _game(name):
    if name == "dodgy":
        from tests.e2e.dodgy_driver import set_up_dodgy, step
        # no elimination: the game outlasts a 6-minute absence
        return (lambda page, base: set_up_dodgy(page, base, seats=("local", "remote", "bot"), pace="0.5",
                                                threshold="null"),
                "#my-dice", lambda page: step(page, shout=False))
    from tests.e2e.waldi_driver import set_up_waldi, step
    return (lambda page, base: set_up_waldi(page, base, seats=("local", "remote", "bot"), countdown_s=1),
            "#waldi-status[data-phase='live']", step)


def _updates(page):
    return [m for m in page.evaluate(RECEIVED) if m.get("t") == "update"]


def _sleeper(ctx, host, how):
    """(go, back): put the host's page away and bring it back."""
    if how == "pause":
        cdp = ctx.new_cdp_session(host)
        cdp.send("Debugger.enable")

        def back():
            cdp.send("Debugger.resume")
            cdp.send("Debugger.disable")
            cdp.detach()
        return (lambda: cdp.send("Debugger.pause")), back
    from tests.e2e.background import hide, show
    if how == "background":
        return (lambda: hide(ctx, host)), (lambda: show(ctx, host))
    cdp = ctx.new_cdp_session(host)

    def go():
        hide(ctx, host)
        cdp.send("Page.setWebLifecycleState", {"state": "frozen"})

    def back():
        cdp.send("Page.setWebLifecycleState", {"state": "active"})
        cdp.detach()
        show(ctx, host)
    return go, back


def _late(host):
    """(due, loop): how late the host's ticks with due work ran, and how much each of its
    clock loop's sleeps overran, in s, since the last ask."""
    out = json.loads(host.evaluate(LATE))
    return [x / 1000 for x in out["due"]], [x / 1000 for x in out["loop"]]


def _look(host, t0, late, loop, loop_by_minute):
    due, slept = _late(host)
    late += due
    loop += slept
    minute = int((time.monotonic() - t0) // 60)
    loop_by_minute[minute] = max([loop_by_minute[minute], *slept])


def run(ctx, base, game, seconds, how, errors, to_end=False):
    set_up, playing, step = _game(game)
    host, guest = table_of_two(ctx, base, lambda page: set_up(page, base), playing)
    for _ in range(6):                      # a few moves first: the table is warm and running
        step(guest)
        step(host)
        time.sleep(0.3)
    _late(host)                             # forget the lateness of the start
    go, back = _sleeper(ctx, host, how)
    v_before = max([m["v"] for m in _updates(guest)] or [0])
    go()
    t0 = time.monotonic()
    shown, moves, answered, states = {}, 0, [], set()
    late, loop, loop_by_minute, next_look = [], [], collections.defaultdict(float), t0 + 10
    moved_at, acted_on, over = None, None, False
    while time.monotonic() - t0 < seconds:
        now = time.monotonic()
        state = guest.evaluate(STATE)
        states.add(state)
        if state and state not in shown:
            shown[state] = round(now - t0, 1)
        seen = len(_updates(guest))
        if moved_at is not None and seen != acted_on:
            answered.append(now - moved_at)
            moved_at = None
        if seen != acted_on and not over:   # as a person would: one move, then wait for news
            try:
                did = step(guest)
            except Exception:               # the screen changed under the driver
                did = None
            over = did == "over"
            if did not in (None, "over"):
                moves += 1
                acted_on, moved_at = seen, time.monotonic()
        if how == "background" and now >= next_look:   # a hidden page still answers a script
            _look(host, t0, late, loop, loop_by_minute)
            next_look = now + 10
        time.sleep(0.1)
    if how == "background":
        _look(host, t0, late, loop, loop_by_minute)
    n_before = len(guest.evaluate(RECEIVED))
    back()
    woke = time.monotonic()
    gone_at = first_update = None
    try:                                    # watched in the guest's page: reading all it received is slow
        guest.wait_for_selector("#host-status", state="detached", timeout=15_000)
        gone_at = time.monotonic() - woke
    except Exception:
        pass
    # what queued while the page was frozen (a background page's updates never stopped)
    while how != "background" and time.monotonic() - woke < 15 and first_update is None:
        if any(m.get("t") == "update" for m in guest.evaluate(RECEIVED)[n_before:]):
            first_update = time.monotonic() - woke
        time.sleep(0.05)
    time.sleep(max(0.0, 1.0 - (time.monotonic() - woke)))
    caught_up = guest.evaluate(RECEIVED)[n_before:]
    at_return = _late(host)[0]
    if how != "background":                 # nothing ran while away: the return's ticks are the sleep's
        late = at_return
    for _ in range(20):                     # the game goes on
        step(guest)
        step(host)
        time.sleep(0.25)
    verified = None
    if to_end:
        verified = _play_to_end(game, host, guest)
    v_after = max([m["v"] for m in _updates(guest)] or [0])
    every = guest.evaluate(RECEIVED)
    host.close()
    guest.close()
    return {
        "game": game, "how": how, "away_s": seconds,
        "guest_showed_after_s": shown,
        "guest_moves_meanwhile": moves, "answered": len(answered),
        "answer_s_p50_max": [round(pct(answered, 50), 2), round(max(answered), 2)] if answered else None,
        "ticks_while_away": len(late),
        "tick_late_s_p50_max": [round(pct(late, 50), 2), round(max(late), 2)] if late else None,
        "loop_overslept_s_p50_max": [round(pct(loop, 50), 2), round(max(loop), 2)] if loop else None,
        "loop_overslept_max_by_minute_s": [round(loop_by_minute[m], 2) for m in sorted(loop_by_minute)],
        "warning_gone_after_return_s": None if gone_at is None else round(gone_at, 2),
        "first_update_after_return_s": None if first_update is None else round(first_update, 2),
        "updates_in_first_second": sum(1 for m in caught_up if m.get("t") == "update"),
        "latest_tick_at_return_s": round(max(at_return), 2) if at_return else 0,
        "refused": dict(collections.Counter(m.get("code") for m in every if m.get("t") == "reject")),
        "versions_before_after": (v_before, v_after), "versions_missed": _missed(every), "verified": verified,
        "page_errors": list(errors), "states_seen": sorted(s or "-" for s in states),
    }


def _missed(messages):
    """Table versions the guest never got an update of (between its first and last)."""
    seen = {m["v"] for m in messages if m.get("t") == "update"}
    return sorted(set(range(min(seen), max(seen) + 1)) - seen) if seen else []


def _play_to_end(game, host, guest, timeout_s=600):
    """Both tabs play until the game's end; the guest's check of the whole log (True/False)."""
    if game == "dodgy":
        from tests.e2e.dodgy_driver import play_until_over
        over = play_until_over([host, guest], timeout_s=timeout_s, shout=(False, True))
    else:
        from tests.e2e.waldi_driver import step
        end, over = time.time() + timeout_s, False
        while not over and time.time() < end:
            for page in (host, guest):
                try:
                    over = over or step(page) == "over"
                except Exception:
                    pass
            time.sleep(0.05)
    if not over:
        return False
    try:
        guest.wait_for_selector("#verified", timeout=60_000)
    except Exception:
        return False
    return guest.locator("#verified.ok").count() == 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--how", choices=("background", "frozen", "pause"), default="background")
    ap.add_argument("--runs", default="dodgy:30,dodgy:120,dodgy:360,waldi:30,waldi:120,waldi:360",
                    help="game:seconds away, comma separated")
    ap.add_argument("--to-end", action="store_true", help="then play each game to its end and check the log")
    args = ap.parse_args()
    server, base = serve()
    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as pw:
            for spec in args.runs.split(","):
                game, seconds = spec.split(":")
                if args.how == "pause":
                    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                    ctx = browser.new_context()
                    errors = []
                    ctx.on("weberror", lambda e: errors.append(str(e.error)))
                    print(json.dumps(run(ctx, base, game, int(seconds), args.how, errors, args.to_end)), flush=True)
                    browser.close()
                    continue
                from tests.e2e import conftest
                from tests.e2e.background import hideable_context
                with hideable_context(pw.chromium) as (browser, ctx):
                    conftest.PAGE_ERRORS.clear()
                    out = run(ctx, base, game, int(seconds), args.how, conftest.PAGE_ERRORS, args.to_end)
                    print(json.dumps(out), flush=True)
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
