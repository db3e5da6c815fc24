"""Moves on a phone: in the real page with the CPU slowed down as on a mid-range phone
(Chromium's ``Emulation.setCPUThrottlingRate``, 4× by default), for every game, a player's
click to the screen showing its result and each computer player's decision time.

    python3 build.py dist && python3 bench/phone_moves.py [--rate 4] [--games dodgy,waldi] [--samples 40]

Each game is played in a fresh 360×640 page, throttled from before it loads, solo against the
computer players at their hardest level where the game has them (Play-Doh's Cave has none:
three players pass one device), by the end-to-end tests' drivers, at the computers' quick pace.
The page is a phone's (Chromium's mobile emulation with a touch screen) and the drivers' clicks
are taps (``Locator.tap``), as a player's finger; ``--mouse`` clicks with a mouse on a page
360 px wide instead, as the figures before session 18 did.  A mouse pointer stays over the page,
and when a click changes the screen under it the browser hovers the new element (a style pass
and a hit test in the next frame): about 3–5 ms of CPU at full speed in the slowest clicks, which
a finger does not cost.  Before each tap the target is scrolled into view and two frames are drawn
(a finger scrolls, the player sees the button, then taps); ``--hasty`` taps as soon as Playwright
has scrolled, as before session 23, when the layout the scroll brought fell in the tap's task.
A hand-over's "ready" and a Dobbelduel reveal's "next match" are tapped once the page has been
idle (the device changes hands, the code is looked at).

* click to screen: a script added before the page's own listens (capture phase) for every real
  click, key press and change the driver makes and starts the clock at the event's own time
  stamp (so time the input waited behind other work counts).  If the page changed the DOM
  while handling it, ``dom`` is when the handling ended; ``screen`` is when the next frame after
  it was painted (a message posted from that frame's ``requestAnimationFrame`` callback is
  received after the paint).  Input that changed nothing (a key typed into a field) is not a
  sample.  Target: p99 <= 50 ms.
* decision: the table times each computer player's decision where it asks for it
  (``Table._plan``: the view, the legal moves and the bot's answer; ``table.decided_ms``) and
  the page's debug hook hands the times over (``clubtableDebug('decided-take')``).  Target:
  p99 <= 100 ms.

``--during-warmup``: instead, taps on the home screen's game cards (each answered by the game's
set-up screen) at random moments from the page being ready until its start-up warm-up
(``ui/warmup.py``) is done (each after the rest the warm-up takes after a tap, so that it lands
while the warm-up runs), a fresh page after each warm-up: the click to screen of a player
who taps a game while the page still warms up, and the page's long tasks (over 50 ms) in that
time.  With ``--estimate``, played at full speed and traced: each tap's main-thread CPU time
from its task to the frame that shows the set-up, plus its wait behind the task it arrived
in (the clock's wait × the main thread's CPU share), × the rate; and every task from ready to
warm as its CPU time × the rate.

CPU throttling is relative to this machine's own speed: other work on the machine inflates the
figures.  The load average is printed with them; ``--runs`` repeats everything and prints the
median of each figure over the runs.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
from _harness import ARGS, CHROMIUM, pct, serve  # noqa: E402

GAMES = ("dohdles", "dobbelduel", "cave", "waldi", "dodgy")
QUIET_S = 0.55                # --during-warmup: a little over ui/warmup.py's QUIET_MS
CLICK_TARGET_MS = 50
DECIDE_TARGET_MS = 100

# Added before the page's scripts.  A capture listener on window runs before the page's own
# (delegated on #app) for every real input; a listener added then on window's bubble phase
# runs after all of them.  The observer's records of the DOM changes made meanwhile are
# delivered after each listener (a microtask checkpoint), so it counts them as they come.
CLICK_TIMER = """(() => {
  const moves = [];
  window.__ctMoves = moves;
  let obs = null, changes = 0, timed = 0;
  function painted(m) {
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { m.screen = performance.now() - m.t0; };
      ch.port2.postMessage(0);
    });
  }
  function start(e) {
    if (!e.isTrusted) return;
    if (!obs) {
      obs = new MutationObserver(recs => { changes += recs.length; });
      obs.observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
    }
    obs.takeRecords();                 // what changed before this input is not its answer
    changes = 0;
    const m = {kind: e.type, target: (e.target && e.target.id) || '', t0: e.timeStamp,
               queued: performance.now() - e.timeStamp};
    window.addEventListener(e.type, function end(ev) {
      if (ev !== e) return;
      window.removeEventListener(e.type, end, false);
      if (changes + obs.takeRecords().length) {
        m.dom = performance.now() - m.t0;
        m.mark = 'ct-move-' + timed++;   // finds this input in a trace (--estimate)
        moves.push(m);
        performance.mark(m.mark);
        painted(m);
      }
    }, false);
  }
  for (const t of ['click', 'keydown', 'change']) window.addEventListener(t, start, true);
})()"""

# --during-warmup: a tap on a game card is answered in a later task (the route changes, then the
# hash's change draws the set-up screen): its clock stops at the frame painted after the set-up
# form is in the document.
CARD_TIMER = """(() => {
  const taps = [];
  let n = 0;
  window.__ctTaps = taps;
  window.addEventListener('click', e => {
    const card = e.isTrusted && e.target.closest && e.target.closest("[data-key^='play-']");
    if (!card) return;
    const m = {target: card.dataset.key.slice(5), t0: e.timeStamp, queued: performance.now() - e.timeStamp,
               mark: 'ct-tap-' + n++};
    performance.mark(m.mark);            // finds the tap's task in a trace (--estimate)
    const obs = new MutationObserver(() => {
      if (!document.getElementById('setup-form')) return;
      obs.disconnect();
      performance.mark(m.mark + '-drawn');
      m.dom = performance.now() - m.t0;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => { m.screen = performance.now() - m.t0; taps.push(m); };
        ch.port2.postMessage(0);
      });
    });
    obs.observe(document, {subtree: true, childList: true});
  }, true);
})()"""

# --during-warmup: the page's long tasks (over 50 ms; durations in ms) after it is ready
LONG_TASKS = """(() => {
  const long = [];
  window.__ctLong = long;
  try {
    new PerformanceObserver(list => {
      if (!document.body || document.body.dataset.ready !== '1') return;
      for (const e of list.getEntries()) long.push({at: e.startTime, ms: e.duration,
                                                    warm: document.body.dataset.warm === '1'});
    }).observe({type: 'longtask', buffered: false});
  } catch (e) { /* no long-task timing in this browser */ }
})()"""

TAKE_MOVES = "() => { const out = window.__ctMoves.filter(m => m.screen !== undefined); " \
             "window.__ctMoves.splice(0, window.__ctMoves.length); return out; }"
TAKE_DECIDED = "() => JSON.parse(window.clubtableDebug('decided-take'))"


def _setups():
    """game -> (seats, options for the set-up form, pace, the step that plays one action)."""
    from tests.e2e import cave_driver, dobbelduel_driver, dodgy_driver, dohdles_driver, waldi_driver
    from tests.e2e.test_club_evening_e2e import TrueWords

    words = iter(dohdles_driver.WORDS * 4)
    return {
        "dohdles": (("local", "bot", "bot"),
                    {"riddle_medium": '"table"', "first_player_rule": '"host_choice"', "first_player": "0",
                     **dohdles_driver.QUICK}, "0.5",
                    lambda p: dohdles_driver.step(p, TrueWords(p))),
        # the computer breaks the code first (its decisions), then the player (the clicks)
        "dobbelduel": (("local", "bot"), {"first_code_maker": "0"}, "0.5", dobbelduel_driver.step),
        "cave": (("local", "pass", "pass"), dict(cave_driver.FAST_OPTIONS), None,
                 lambda p: cave_driver.step(p, words)),
        "waldi": (("local", "bot", "bot", "bot"), {"scoring_pause_s": "0", "countdown_s": "1", "idle_stop_s": "4"},
                  "0.5", lambda p: waldi_driver.step(p)),
        "dodgy": (("local", "bot", "bot"), {"challenge_min_window_s": "0", "elimination_threshold": "4"}, "0.5",
                  lambda p: dodgy_driver.step(p, shout=True, claim="high")),
    }


def open_table(page, base, game, level):
    """The set-up of ``game`` filled in, every computer player at ``level`` (``hardest``: the
    game's last), the table opened; returns the step function."""
    from tests.e2e import cave_driver
    from tests.e2e.conftest import open_setup
    from clubtable.games import GAMES as ENGINES

    seats, options, pace, step = _setups()[game]
    if game == "cave":
        cave_driver.set_up_cave(page, base, seats, **options)     # its track is a table of its own
    else:
        open_setup(page, base, game, seats, options, pace=pace)
        levels = ENGINES[game].bot_levels
        want = levels[-1] if level == "hardest" else level
        if want in levels:
            for i, kind in enumerate(seats):
                if kind == "bot":
                    page.select_option(f"#seat-level-{i}", want)
        page.click("#open-table")
    page.wait_for_selector("#table", timeout=60_000)
    return step


# What --estimate traces: the page's tasks and the app's marks.
TRACE_CATEGORIES = ["devtools.timeline", "toplevel", "blink.user_timing", "disabled-by-default-devtools.timeline"]


def throttled_page(browser, args, errors, *scripts):
    """A phone-sized page in a new context, its page and console errors kept in ``errors``,
    ``scripts`` run in it before the page's own, at the CPU rate (1 with --estimate: the
    trace's CPU times are scaled instead): (context, page, CDP session)."""
    ctx = browser.new_context(viewport={"width": 360, "height": 640},
                              **({} if args.mouse else {"has_touch": True, "is_mobile": True}))
    for script in scripts:
        ctx.add_init_script(script)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_default_timeout(60_000)
    cdp = ctx.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1 if args.estimate else args.rate})
    return ctx, page, cdp


def play(browser, base, game, args):
    """Games of ``game`` in one throttled page until ``args.samples`` clicks are timed or
    ``args.seconds`` are up: (click samples, decision samples, games, page errors)."""
    errors: list = []
    ctx, page, cdp = throttled_page(browser, args, errors, CLICK_TIMER)
    page.goto(base)
    page.wait_for_selector("body[data-ready='1']", timeout=180_000)
    # the page's warm-up in idle time (ui/warmup.py), as while a player chooses a game
    page.wait_for_selector("body[data-warm='1']", state="attached", timeout=180_000)
    clicks, decided, games = [], [], 0
    if args.estimate:
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    end = time.time() + args.seconds
    while len(clicks) < args.samples and time.time() < end:
        step = open_table(page, base, game, args.level)
        games += 1
        page.evaluate(TAKE_MOVES)                 # the set-up's clicks are no moves
        page.evaluate(TAKE_DECIDED)
        while len(clicks) < args.samples and time.time() < end:
            try:
                did = step(page)
            except Exception:            # the screen changed under the driver: look again
                did = None
            time.sleep(0.05)
            clicks += page.evaluate(TAKE_MOVES)
            if did == "over":
                break
        time.sleep(0.3)                  # the last click's frame
        clicks += page.evaluate(TAKE_MOVES)
        decided += page.evaluate(TAKE_DECIDED)
    if args.estimate:
        trace = json.loads(browser.stop_tracing())
        if args.trace_dir:                       # for a breakdown of the slowest clicks
            Path(args.trace_dir).mkdir(parents=True, exist_ok=True)
            Path(args.trace_dir, f"{game}.json").write_text(json.dumps({"trace": trace, "clicks": clicks}))
        cpu = click_cpu(trace)
        for c in clicks:
            c["cpu"] = cpu.get(c["mark"], float("nan"))
        # a decision has no mark of its own (the table makes no browser call): its time at
        # full speed counts at the share of the clock the main thread had the CPU in its
        # longer tasks (the rest was other processes')
        share = cpu_share(trace)
        decided = [(s, lv, ms * share) for s, lv, ms in decided]
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    ctx.close()
    return clicks, decided, games, errors


def during_warmup(browser, base, args):
    """Taps on game cards at random moments while fresh pages warm up, until ``args.samples``
    taps or ``args.seconds``: (taps, long tasks after ready and before warm, pages, errors)."""
    import random
    rnd = random.Random(23)
    cards = [g for g in args.games]
    taps, long, pages, errors = [], [], 0, []
    end = time.time() + args.seconds
    while len(taps) < args.samples and time.time() < end:
        ctx, page, cdp = throttled_page(browser, args, errors, CARD_TIMER, LONG_TASKS)
        page.goto(base)
        page.wait_for_selector("body[data-ready='1']", timeout=180_000)
        if args.after_warmup:
            page.wait_for_selector("body[data-warm='1']", state="attached", timeout=180_000)
        if args.estimate:
            browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
        pages += 1
        first = len(taps)
        warm = "() => document.body.dataset.warm === '1'"
        # --after-warmup: up to 10 taps a page, one game after another
        while (len(taps) - first < 10 if args.after_warmup else not page.evaluate(warm)) and len(taps) < args.samples:
            # after a tap the warm-up rests for its quiet time (QUIET_MS): the next tap comes at a
            # random moment after that, while it runs again
            time.sleep(QUIET_S * (len(taps) > first) + rnd.uniform(0.02, 0.6) / (args.rate if args.estimate else 1))
            game = cards[(len(taps) - first) % len(cards)] if args.after_warmup else rnd.choice(cards)
            if not args.after_warmup and page.evaluate(warm):
                break
            page.click(f"[data-key='play-{game}']")
            page.wait_for_function("() => window.__ctTaps.length")
            taps += page.evaluate("() => window.__ctTaps.splice(0)")
            page.evaluate("() => { location.hash = '#/'; }")
            page.wait_for_selector("[data-key^='play-']")
        page.wait_for_selector("body[data-warm='1']", state="attached", timeout=180_000)
        long += [t for t in page.evaluate("() => window.__ctLong") if not t["warm"]]
        if args.estimate:
            trace = json.loads(browser.stop_tracing())
            share = cpu_share(trace, "ct-tap-")
            cpu = tap_cpu(trace)
            for t in taps[first:]:
                t["measured"] = t["screen"]
                t["queued"] *= share
                t["screen"] = (cpu.get(t["mark"], float("nan")) + t["queued"]) * args.rate
                t["dom"] *= args.rate
            long += [{"ms": ms * args.rate, "estimated": True} for ms in task_cpu(trace, "ct-tap-")
                     if ms * args.rate > 50]
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        ctx.close()
    return taps, long, pages, errors


def tap_cpu(trace):
    """For each tap (its ``ct-tap-<n>`` mark): the main thread's CPU time (ms) from the start
    of the task it was handled in to the end of the first frame committed after the set-up
    form was in the document (``ct-tap-<n>-drawn``)."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main, tasks = _main_tasks(events, "ct-tap-")
    if main is None:
        return {}
    at = {e["name"]: e["ts"] for e in events if str(e.get("name", "")).startswith("ct-tap-")}
    commits = sorted(e["ts"] + e.get("dur", 0) for e in events
                     if (e.get("pid"), e.get("tid")) == main and e.get("name") == "Commit" and e.get("ph") == "X")
    out = {}
    for name, ts in at.items():
        if name.endswith("-drawn") or name + "-drawn" not in at:
            continue
        first = next((t for t in tasks if t["ts"] <= ts <= t["ts"] + t["dur"]), None)
        done = first and next((c for c in commits if c > at[name + "-drawn"]), None)
        if done:
            out[name] = sum(t.get("tdur", t["dur"]) for t in tasks if first["ts"] <= t["ts"] < done) / 1000
    return out


def task_cpu(trace, prefix):
    """Every task of the page's main thread in the trace: its CPU time (ms)."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    _, tasks = _main_tasks(events, prefix)
    return [t.get("tdur", t["dur"]) / 1000 for t in tasks]


def report_warmup(taps, long, pages, args, load):
    taps = [t for t in taps if t["screen"] == t["screen"]]
    screen = [t["screen"] for t in taps]
    queued = [t["queued"] for t in taps]
    how = (f"ESTIMATED for CPU {args.rate:g}x slower from main-thread CPU time at full speed" if args.estimate
           else f"CPU {args.rate:g}x slower (Chromium's CPU throttling)")
    when = "after the page's warm-up" if args.after_warmup else "while the page warms up"
    print(f"taps on a game card {when}: {how}, "
          f"360x640, ms; {pages} page(s); load average (1 min) {load[0]:.2f} before / {load[1]:.2f} after")
    print(f"  {len(taps)} taps: click->screen p50 {pct(screen, 50):.1f} / p99 {pct(screen, 99):.1f} / "
          f"max {max(screen, default=float('nan')):.1f}; waited before handling p50 {pct(queued, 50):.1f} / "
          f"p99 {pct(queued, 99):.1f}")
    ms = sorted((t["ms"] for t in long if bool(t.get("estimated")) == bool(args.estimate)), reverse=True)
    print(f"  long tasks (>50 ms{', est. from CPU time' if args.estimate else ''}) from ready to warm: {len(ms)} in {pages} page(s) "
          f"({len(ms) / max(pages, 1):.1f} a page), longest " + ", ".join(f"{m:.0f}" for m in ms[:6]))
    slow = sorted(taps, key=lambda t: -t["screen"])[:5]
    print("  slowest taps: " + "; ".join(f"{t['target']} {t['screen']:.0f} ms (waited {t['queued']:.0f}, "
                                         f"handled by {t['dom']:.0f})" for t in slow))
    ok = bool(screen) and pct(screen, 99) <= CLICK_TARGET_MS
    print(f"target at CPU {args.rate:g}x: click->screen p99 <= {CLICK_TARGET_MS} ms {when} "
          f"({'met' if ok else 'MISSED'})")
    return ok


def _marks(events, prefix="ct-move-"):
    return [e for e in events if str(e.get("name", "")).startswith(prefix)]


def _main_tasks(events, prefix="ct-move-"):
    marks = _marks(events, prefix)
    if not marks:
        return None, []
    main = (marks[0]["pid"], marks[0]["tid"])
    return main, sorted((e for e in events if (e.get("pid"), e.get("tid")) == main and e.get("ph") == "X"
                         and e.get("name") == "ThreadControllerImpl::RunTask"), key=lambda e: e["ts"])


def cpu_share(trace, prefix="ct-move-") -> float:
    """CPU time / clock time of the page's main thread over its tasks of 2 ms or more."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    _, tasks = _main_tasks(events, prefix)
    long = [t for t in tasks if t["dur"] >= 2000 and "tdur" in t]
    wall = sum(t["dur"] for t in long)
    return min(1.0, sum(t["tdur"] for t in long) / wall) if wall else 1.0


def click_cpu(trace):
    """For each timed input (its ``ct-move-<n>`` mark): the CPU time (ms) the page's main
    thread spent from the start of the task that handled it to the end of the first frame
    committed after it, every task between counted (a timer that runs first delays the
    screen as much).  CPU time, unlike the clock, does not grow when other processes have
    the core."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main, tasks = _main_tasks(events)
    if main is None:
        return {}
    marks = _marks(events)
    commits = sorted(e["ts"] + e.get("dur", 0) for e in events
                     if (e.get("pid"), e.get("tid")) == main and e.get("name") == "Commit" and e.get("ph") == "X")
    out = {}
    for mark in marks:
        at = mark["ts"]
        first = next((t for t in tasks if t["ts"] <= at <= t["ts"] + t["dur"]), None)
        done = first and next((c for c in commits if c > first["ts"] + first["dur"]), None)
        if done:
            out[mark["name"]] = sum(t.get("tdur", t["dur"]) for t in tasks if first["ts"] <= t["ts"] < done) / 1000
    return out


def figures(clicks, decided, scale=None):
    """The figures of one game: click to DOM and to screen, decisions (ms), p50/p99/max.
    ``scale`` (``--estimate``): the screen figures are each click's main-thread CPU time and
    the decisions their time at full speed, both times ``scale``."""
    def stat(values):
        values = [v for v in values if v == v]
        return {"n": len(values), "p50": pct(values, 50), "p99": pct(values, 99),
                "max": max(values) if values else float("nan")}
    if scale:
        for c in clicks:
            c["measured"], c["screen"] = c["screen"], c["cpu"] * scale
        decided = [(s, lv, ms * scale) for s, lv, ms in decided]
    out = {"dom": stat([c["dom"] for c in clicks]), "screen": stat([c["screen"] for c in clicks]),
           "queued": stat([c["queued"] for c in clicks]), "decide": stat([ms for _, _, ms in decided]),
           "levels": sorted({lv for _, lv, _ in decided if lv})}
    slow = sorted(clicks, key=lambda c: -c["screen"])[:3]
    out["slowest_clicks"] = [f"{c['kind']} #{c['target'] or '?'} {c['screen']:.0f} ms "
                             f"(waited {c['queued']:.0f}, handled by {c['dom']:.0f})" for c in slow]
    out["slowest_decisions"] = [f"seat {s} {lv} {ms:.0f} ms" for s, lv, ms in sorted(decided, key=lambda d: -d[2])[:3]]
    return out


def median_of(runs, game, part, key):
    values = [r[game][part][key] for r in runs if game in r and r[game][part]["n"]]
    return statistics.median(values) if values else float("nan")


def report(runs, args, loads):
    if args.estimate:
        print(f"moves on a phone, ESTIMATED for CPU {args.rate:g}x slower: played at full speed, each click's "
              f"main-thread CPU time (input to the next frame committed) x {args.rate:g}, each decision's time x the "
              f"main thread's CPU share x {args.rate:g} (click->DOM: as measured at full speed); 360x640, ms; "
              f"{len(runs)} run(s)"
              + (", medians over the runs" if len(runs) > 1 else ""))
    else:
        print(f"moves on a phone: CPU {args.rate:g}x slower (Chromium's CPU throttling), 360x640, ms; "
              f"{len(runs)} run(s)" + (", medians over the runs" if len(runs) > 1 else ""))
    print("load average (1 min) " + ", ".join(f"{a:.2f} before / {b:.2f} after" for a, b in loads))
    head = f"{'game':11}{'clicks':>7}{'click->DOM p50/p99':>20}{'click->screen p50/p99/max':>27}" \
           f"{'decisions':>10}{'decision p50/p99/max':>23}  level"
    print(head)
    worst = {"screen": 0.0, "decide": 0.0}
    for game in args.games:
        if not any(game in r for r in runs):
            continue
        m = {(part, k): median_of(runs, game, part, k) for part in ("dom", "screen", "decide")
             for k in ("p50", "p99", "max")}
        n_clicks = sum(r[game]["screen"]["n"] for r in runs if game in r)
        n_dec = sum(r[game]["decide"]["n"] for r in runs if game in r)
        levels = ",".join(sorted({lv for r in runs if game in r for lv in r[game]["levels"]})) or "-"
        dec = (f"{m['decide', 'p50']:6.1f}/{m['decide', 'p99']:6.1f}/{m['decide', 'max']:6.1f}"
               if n_dec else "(no computer players)")
        print(f"{game:11}{n_clicks:>7}{m['dom', 'p50']:>10.1f}/{m['dom', 'p99']:<9.1f}"
              f"{m['screen', 'p50']:>11.1f}/{m['screen', 'p99']:6.1f}/{m['screen', 'max']:<8.1f}"
              f"{n_dec:>10}{dec:>23}  {levels}")
        if n_clicks:
            worst["screen"] = max(worst["screen"], m["screen", "p99"])
        if n_dec:
            worst["decide"] = max(worst["decide"], m["decide", "p99"])
    print("slowest (last run):")
    for game in args.games:
        if game in runs[-1]:
            r = runs[-1][game]
            print(f"  {game:11}clicks: " + "; ".join(r["slowest_clicks"]))
            if r["slowest_decisions"]:
                print(f"  {'':11}decisions: " + "; ".join(r["slowest_decisions"]))
    ok_click = worst["screen"] <= CLICK_TARGET_MS
    ok_dec = worst["decide"] <= DECIDE_TARGET_MS
    print(f"targets at CPU {args.rate:g}x: click->screen p99 <= {CLICK_TARGET_MS} ms "
          f"({'met' if ok_click else 'MISSED'}, worst {worst['screen']:.1f}); decision p99 <= {DECIDE_TARGET_MS} ms "
          f"({'met' if ok_dec else 'MISSED'}, worst {worst['decide']:.1f})")
    return ok_click and ok_dec


def parser():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rate", type=float, default=4, help="CPU slow-down factor (4: a mid-range phone)")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--samples", type=int, default=40, help="timed clicks per game")
    ap.add_argument("--seconds", type=float, default=150, help="at most this long playing each game")
    ap.add_argument("--level", default="hardest", help="the computer players' level (hardest: each game's last)")
    ap.add_argument("--runs", type=int, default=1, help="repeat everything; the figures' medians are printed")
    ap.add_argument("--estimate", action="store_true",
                    help="play at full speed with Chromium's tracing on and estimate each click at --rate from the "
                         "CPU time of the page's main thread (x rate): what an idle machine would show, where a "
                         "loaded machine inflates the clock; decisions: their time at full speed x the main thread's CPU "
                         "share x rate")
    ap.add_argument("--during-warmup", action="store_true",
                    help="instead: taps on game cards at random moments while fresh pages warm up after start-up "
                         "(--samples taps, --seconds at most), their click to screen and the long tasks meanwhile")
    ap.add_argument("--after-warmup", action="store_true",
                    help="with --during-warmup: the same taps once the warm-up is done (a tap's own cost)")
    ap.add_argument("--json", help="also write every sample to this file")
    ap.add_argument("--trace-dir", help="with --estimate: write each game's trace and clicks to DIR/<game>.json")
    ap.add_argument("--hasty", action="store_true",
                    help="tap as soon as Playwright has scrolled the target into view, as before session 23 "
                         "(default: the frames after the scroll are drawn first, as before a finger's tap)")
    ap.add_argument("--mouse", action="store_true",
                    help="a mouse on a page 360 px wide, as before session 18 (default: a phone's touch screen, "
                         "every click of the drivers a tap)")
    return ap


# A player's finger scrolls to a button, sees it, then taps it: the frames after the scroll
# come first.  Playwright scrolls the target into view and taps within a few milliseconds, so the
# layout a scroll brings (parts under ``content-visibility: auto`` that come near the view are
# laid out in the frame after the one that scrolled) landed in the tap's own task.
SETTLED = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0))))"
# Screens that are read before their button is tapped: a pass-and-play hand-over (the device goes
# from hand to hand before "ready") and Dobbelduel's reveal of a finished match (the code is
# looked at before "next match"): a second or more in which the page is idle, and makes the
# screen the tap shows then (ui/shell_table.py warm_next, warm_likely).
HANDED_OVER = "() => new Promise(r => requestIdleCallback(() => setTimeout(r, 0), {timeout: 3000}))"
READ_FIRST = ("#handover-ready", "#dd-next")


def _taps_for_clicks(settle: bool = True) -> None:
    """The drivers' clicks become taps (a finger, as on a phone: no mouse pointer is left
    over the page, so nothing is hovered anew when the screen changes under it).  With
    ``settle``, each tap's target is scrolled into view and the page's next two frames are
    drawn before the tap (``SETTLED``), as a player's scroll comes before their tap; and the
    button of a screen that is read first (``READ_FIRST``: a hand-over's "ready", a reveal's
    "next match") waits for the page's idle time (``HANDED_OVER``)."""
    from playwright.sync_api import Locator, Page

    def locator_tap(self, **kw):
        if settle and not kw.get("force"):
            self.scroll_into_view_if_needed(timeout=kw.get("timeout"))
            self.page.evaluate(SETTLED)
        return Locator.tap(self, **_tap_options(kw))

    def page_tap(self, selector, **kw):
        if settle and selector in READ_FIRST:
            self.evaluate(HANDED_OVER)
        return locator_tap(self.locator(selector).first, **kw)

    Page.click = page_tap
    Locator.click = locator_tap


def _tap_options(kw: dict) -> dict:
    return {k: v for k, v in kw.items() if k in ("force", "modifiers", "position", "timeout", "trial", "no_wait_after")}


def main(argv=None):
    """Run the bench; returns ``{"runs": [{game: figures}], "ok": bool}`` (bench/phone.py
    calls this with its own arguments)."""
    args = parser().parse_args(argv)
    if not args.mouse:
        _taps_for_clicks(settle=not args.hasty)
    args.games = [g for g in args.games.split(",") if g]
    unknown = set(args.games) - set(GAMES)
    if unknown:
        sys.exit(f"unknown games: {', '.join(sorted(unknown))} (known: {', '.join(GAMES)})")
    server, base = serve()
    from playwright.sync_api import sync_playwright
    runs, raw, loads, errors = [], [], [], []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            if args.during_warmup:
                before = os.getloadavg()[0]
                taps, long, pages, errors = during_warmup(browser, base, args)
                loads.append((before, os.getloadavg()[0]))
                raw.append({"taps": taps, "long": long})
                args.runs = 0
            for run in range(args.runs):
                before = os.getloadavg()[0]
                figs, samples = {}, {}
                for game in args.games:
                    clicks, decided, games, errs = play(browser, base, game, args)
                    errors += [f"{game}: {e}" for e in errs]
                    figs[game] = figures(clicks, decided, args.rate if args.estimate else None) | {"games": games}
                    samples[game] = {"clicks": clicks, "decided": decided}
                    f = figs[game]
                    print(f"  run {run + 1} {game}: {f['screen']['n']} clicks, screen p99 {f['screen']['p99']:.1f} ms; "
                          f"{f['decide']['n']} decisions, p99 {f['decide']['p99']:.1f} ms ({games} game(s))", flush=True)
                runs.append(figs)
                raw.append(samples)
                loads.append((before, os.getloadavg()[0]))
            browser.close()
    finally:
        server.shutdown()
    if errors:
        print("page errors:", *errors[:5], sep="\n  ")
    if args.json:
        Path(args.json).write_text(json.dumps({"rate": args.rate, "runs": raw, "loads": loads}))
    if args.during_warmup:
        ok = report_warmup(raw[0]["taps"], raw[0]["long"], pages, args, loads[0])
        return {"runs": raw, "loads": loads, "ok": ok, "errors": errors}
    ok = report(runs, args, loads)
    return {"runs": runs, "loads": loads, "ok": ok, "errors": errors}


if __name__ == "__main__":
    sys.exit(0 if main()["ok"] else 1)
