"""Flood benchmark: one guest tab sends 2,000 well-formed DODGY intents in one second over
its data channel while another guest plays; how long that player's move takes to reach the
screens (its own and the host's), against the same move with no flood, p50 and p99.

    python3 build.py dist && python3 bench/flood.py [--samples 10]

The host refuses the flood (budgets per peer: one reject per burst, then it closes the
flooder's link); the flooding tab reconnects with its token between samples.

``--partial`` adds issue 20's flood of partial messages: the flooding tab opens a link of its
own to the host (a bare RTCPeerConnection signalled over the page's BroadcastChannel, as a
hostile page would), takes its seat back with its token, and sends 120 messages of 43 pieces of
16,384 characters that never complete (87 MB).  While it floods, the host plays its own move;
the rows are that move's time to the host's screen and the host's longest event-loop stall (a
10 ms interval's worst lateness, and Chromium's long tasks).  Target: both within 100 ms.

``--cpu`` traces the host's tasks over every flood and prints their time on the CPU beside
their time on the clock: on this shared 2-core machine a task is mostly a thread waiting for a
core (docs/PERFORMANCE.md, "Under attack").  ``--apart`` sends the flood from a second
Chromium, as an attacker's own device would (``--apart-nice 19``: that Chromium gets only the
CPU the rest leaves idle; ``--cores``: the host's Chromium on one core and the attacker's on the
other, so that neither waits for the other's core, the nearest one machine comes to another
device); the offer and the
answer cross through the flooding tab's BroadcastChannel, the one way into the host's browser.
``--game dohdles`` runs the partial flood at a Dohdles! table instead, a game that takes pictures:
while the flooder makes its riddles (in a drawing medium) the host accepts the pieces of a
picture as its flow control asks for them (``session/chunks.py``: a window of 8 pieces ahead of
the host's ``got``), so the flood, which does not wait, is refused at its ninth piece
(``too_fast``; before session 18, after a picture's 43); the host has no one-click move there, so
only its loop figures are printed.  ``--after-making``: every player makes its Dohdles first,
and the flood comes during play, when no move of the flooder names a picture.
"""
import argparse
import json
import sys
import tempfile
import time
from typing import Optional
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _harness import ARGS, CHROMIUM, serve, summary  # noqa: E402
from rtt import CLICK_TO_SCREEN  # noqa: E402

# 2,000 intents in 40 bursts of 50, one burst every 25 ms, through the app's own link.
FLOOD = """(n) => {
  const action = JSON.stringify({type: 'accept', statement: 0});
  let sent = 0;
  const burst = () => {
    for (let i = 0; i < 50 && sent < n; i++, sent++) window.clubtableWire('act', action);
    if (sent < n) setTimeout(burst, 25);
  };
  burst();
  return true;
}"""

# The host's board changes: when (on the clock all tabs share), after arming.
ARM_HOST = """() => {
  window.__seen = null;
  const board = document.querySelector('#board');
  const before = board ? board.textContent : '';
  const obs = new MutationObserver(() => {
    const b = document.querySelector('#board');
    if (b && b.textContent !== before) { window.__seen = performance.timeOrigin + performance.now(); obs.disconnect(); }
  });
  obs.observe(document.querySelector('#app'), {subtree: true, childList: true, characterData: true});
  setTimeout(() => obs.disconnect(), 5000);
}"""

NOW = "() => performance.timeOrigin + performance.now()"

# The host's event loop: the worst lateness of a 10 ms interval, and Chromium's long tasks.
WATCH_LOOP = """() => {
  window.__gaps = []; window.__long = [];
  let last = performance.now();
  clearInterval(window.__watch);
  window.__watch = setInterval(() => { const n = performance.now(); window.__gaps.push(n - last - 10); last = n; }, 10);
  if (!window.__longObs) {
    window.__longObs = new PerformanceObserver(l => l.getEntries().forEach(e => {
      window.__long.push(e.duration);
      (window.__longAt = window.__longAt || []).push([performance.timeOrigin + e.startTime, e.duration]); }));
    window.__longObs.observe({entryTypes: ['longtask']});
  }
}"""
LOOP_STALLS = """() => { clearInterval(window.__watch);
  return {gap: Math.max(0, ...window.__gaps), long: Math.max(0, ...window.__long), n: window.__long.length}; }"""

# A hostile link: its own RTCPeerConnection, offered like the app's (PARTIAL_OFFER, in the
# hostile page), signalled over a tab of the host's browser's BroadcastChannel (SIGNAL, in the
# flooding tab: a page of another browser cannot reach that channel, so the bench carries the
# offer and the answer across), then seated with the tab's token and flooded with pieces of
# messages that never complete (PARTIAL_GO, in the hostile page).
PARTIAL_OFFER = """async () => {
  const pc = new RTCPeerConnection({iceServers: []});
  const ch = pc.createDataChannel('clubtable', {ordered: true});
  window.__hostile = {pc, ch};
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise(r => { const c = () => pc.iceGatheringState === 'complete' && r(); pc.onicegatheringstatechange = c; c(); });
  return pc.localDescription.sdp;
}"""
SIGNAL = """async ([tableId, sdp]) => {
  const peer = 'p' + Math.random().toString(16).slice(2, 14);
  const bc = new BroadcastChannel('clubtable-v1');
  const answer = new Promise(r => bc.onmessage = e => {
    const m = JSON.parse(e.data); if (m.k === 'answer' && m.to === peer) r(m.sdp); });
  bc.postMessage(JSON.stringify({k: 'offer', to: tableId, from: peer, sdp}));
  const got = await answer;
  bc.close();
  return got;
}"""
PARTIAL_GO = """async ([tableId, token, nMsgs, nPieces, answerSdp]) => {
  const {pc, ch} = window.__hostile;
  await pc.setRemoteDescription({type: 'answer', sdp: answerSdp});
  if (ch.readyState !== 'open') await new Promise(r => ch.onopen = r);
  const got = [];
  let closed = false;
  ch.onmessage = m => got.push(JSON.parse(m.data.startsWith('~') ? '{}' : m.data));
  ch.onclose = () => { closed = true; };
  ch.send(JSON.stringify({t: 'hello', table: tableId, seq: 1, name: 'Flood', token, seat: null, spectate: false}));
  await new Promise(r => setTimeout(r, 300));
  const piece = 'z'.repeat(16384);
  const t0 = performance.now();
  let sent = 0;
  window.__floodGo = true;
  outer: for (let k = 1; k <= nMsgs; k++) {
    for (let i = 0; i < nPieces; i++) {
      while (ch.bufferedAmount > (4 << 20) && !closed) await new Promise(r => setTimeout(r, 2));
      if (closed || ch.readyState !== 'open') break outer;
      try { ch.send('~' + k + '/' + i + '/' + (nPieces + 1) + '|' + piece); sent++; } catch (e) { break outer; }
    }
  }
  const ms = performance.now() - t0;
  await new Promise(r => setTimeout(r, 300));
  pc.close();
  return {sent, ms, closed, seated: got.filter(m => m.t === 'welcome').map(m => m.seat),
          rejects: got.filter(m => m.t === 'reject').map(m => m.code)};
}"""

# The host's own move: from its click to the first change of its screen.
HOST_MOVE = """async () => {
  // A statement needs an image first: "State" stays disabled until one is picked, and a click on a
  // disabled button changes nothing (the first change seen would be a clock's tick, ~1 s later).
  const pick = document.querySelector('#claim-form .image-pick');
  if (pick && document.querySelector('#make-claim')?.disabled) {
    pick.click();
    for (let i = 0; i < 100 && document.querySelector('#make-claim')?.disabled; i++)
      await new Promise(r => setTimeout(r, 10));
  }
  const target = document.querySelector('#choose button') || document.querySelector('#shout-dodgy')
      || document.querySelector('#make-claim:not([disabled])');
  if (!target) return null;
  const t0 = performance.now();
  const seen = new Promise(r => {
    const obs = new MutationObserver(() => { obs.disconnect(); r(performance.now() - t0); });
    obs.observe(document.querySelector('#app'), {subtree: true, childList: true, characterData: true, attributes: true});
    setTimeout(() => { obs.disconnect(); r(null); }, 5000);
  });
  target.click();
  return await seen;
}"""

# A guest tab is at the started table: DODGY shows its dice; Dohdles' first screen differs by
# seat and setting, so its link being open (after the welcome) is what counts.
SEATED = {"dodgy": "() => !!document.querySelector('#my-dice')",
          "dohdles": "() => window.clubtableWire('status') === 'open' && !document.querySelector('#lobby')"}

HOST_HAS_MOVE = ("() => !!(document.querySelector('#choose button') || document.querySelector('#shout-dodgy') || "
                 "document.querySelector('#claim-form'))")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=10)
    ap.add_argument("--intents", type=int, default=2000)
    ap.add_argument("--partial", action="store_true", help="only the partial-message flood (issue 20)")
    ap.add_argument("--trace", action="store_true", help="with --partial: where the host's time goes")
    ap.add_argument("--chromium-trace", metavar="PATH",
                    help="with --partial: a Chromium performance trace of the host over the first flood, "
                         "and its longest tasks summarised")
    ap.add_argument("--cpu", action="store_true",
                    help="with --partial: trace the host's tasks over every flood (Chromium's `toplevel` events) "
                         "and print their time on the CPU beside their time on the clock")
    ap.add_argument("--apart", action="store_true",
                    help="with --partial: the hostile link comes from a second Chromium (its own processes), "
                         "as an attacker's own device would, not from the flooding tab of the host's browser")
    ap.add_argument("--apart-nice", type=int, default=0, metavar="N",
                    help="with --apart: that Chromium runs at niceness N (19: only on CPU the host leaves idle, "
                         "the nearest this one machine comes to another device)")
    ap.add_argument("--cores", action="store_true",
                    help="with --apart: the host's Chromium (its three tabs) on core 0 and the attacker's on "
                         "core 1 (taskset), as two devices: neither waits for the other's core")
    ap.add_argument("--game", choices=("dodgy", "dohdles"), default="dodgy",
                    help="with --partial: the table's game (dohdles: one that takes pictures; loop figures only)")
    ap.add_argument("--after-making", action="store_true",
                    help="with --game dohdles: every player makes its Dohdles first, so the flood comes "
                         "while no move of the flooder names a picture (otherwise: while it makes them)")
    args = ap.parse_args()
    if args.cores and not args.apart:
        ap.error("--cores needs --apart")
    if args.after_making and args.game != "dohdles":
        ap.error("--after-making needs --game dohdles")
    if args.game != "dodgy" and not args.partial:
        ap.error("--game dohdles needs --partial")
    from tests.e2e.conftest import join_from_home, new_tab   # each tab a window: all are drawn
    from tests.e2e.dodgy_driver import set_up_dodgy, step
    server, base = serve()
    from playwright.sync_api import sync_playwright
    quiet, flooded = {"own": [], "host": []}, {"own": [], "host": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=niced(0, 0 if args.cores else None), args=ARGS)
            ctx = browser.new_context()
            pages = []
            for k in range(3):
                p = new_tab(ctx)
                p.goto(base + ("?trace" if args.trace and k == 0 else ""))
                p.wait_for_selector("body[data-ready='1']", timeout=120_000)
                pages.append(p)
            host, flooder, player = pages
            for p in pages:
                p.set_default_timeout(5000)
            if args.game == "dohdles":
                from tests.e2e.dohdles_driver import set_up as set_up_dohdles
                set_up_dohdles(host, base + ("?trace" if args.trace else ""), ("local", "remote", "remote"))
            else:
                host.goto(base + ("?trace" if args.trace else "") + "#/dodgy")
                host.wait_for_selector("#setup-form", timeout=30_000)
                while host.locator(".seat-row").count() < 3:
                    host.click("#add-seat")
                set_up_dodgy(host, base + ("?trace" if args.trace else ""), seats=("local", "remote", "remote"),
                             threshold="null", window="0")
            host.wait_for_selector("#start-table")
            join_from_home(flooder)                       # seat 2
            join_from_home(player)                        # seat 3
            host.wait_for_function("() => !document.body.textContent.includes('(waiting)')")
            host.click("#start-table")
            player.wait_for_function(SEATED[args.game], timeout=30_000)
            if args.after_making:
                from tests.e2e.dohdles_driver import make_one
                for page in (host, flooder, player):
                    page.wait_for_selector("[id^='make-']", timeout=30_000)
                    while make_one(page) is not None:
                        pass
                host.wait_for_selector("#ring .dohdle", timeout=30_000)
                host.wait_for_function("() => !document.querySelector(\"[id^='make-']\")")

            if args.partial:
                args_trace[0] = args.trace
                args_trace[1] = args.chromium_trace
                args_trace[2] = args.cpu
                hostile = None
                if args.apart:
                    other = pw.chromium.launch(executable_path=niced(args.apart_nice, 1 if args.cores else None),
                                               args=ARGS)
                    hostile = other.new_page()
                    hostile.goto(base + "bench-hostile")     # any page of the origin: only its script runs
                partial_rows(host, flooder, player, args.samples, hostile, args.game)
                print(f"  the hostile link came from {'a second Chromium' if args.apart else 'the flooding tab'}"
                      + (f" at niceness {args.apart_nice}" if args.apart else "")
                      + ("; each Chromium on a core of its own" if args.cores else "") + f"; load {load()}")
                browser.close()
                return
            deadline = time.time() + 600
            turn = 0
            while min(len(quiet["own"]), len(flooded["own"])) < args.samples and time.time() < deadline:
                if player.locator("#result").count():
                    break
                if player.evaluate("() => !!(document.querySelector('#choose button') || "
                                   "document.querySelector('#shout-dodgy') || document.querySelector('#claim-form'))"):
                    flood = turn % 2 == 1
                    if flood:
                        for _ in range(200):              # the flooder is back at the table
                            if flooder.evaluate("() => window.clubtableWire('status')") == "open":
                                break
                            time.sleep(0.1)
                        flooder.evaluate(FLOOD, args.intents)
                        time.sleep(0.3)                   # in the middle of the flood
                    host.evaluate(ARM_HOST)
                    t_click = player.evaluate(NOW)
                    dt = player.evaluate(CLICK_TO_SCREEN)
                    if dt is None:
                        continue
                    seen = None
                    for _ in range(50):
                        seen = host.evaluate("() => window.__seen")
                        if seen is not None:
                            break
                        time.sleep(0.05)
                    bucket = flooded if flood else quiet
                    bucket["own"].append(dt)
                    if seen is not None:
                        bucket["host"].append(max(0.0, seen - t_click))
                    turn += 1
                    if flood:
                        time.sleep(1.0)                   # let the flood end
                else:
                    for page in (host, flooder):
                        try:
                            step(page, shout=False)
                        except Exception:       # a screen re-rendered under the click: again
                            pass
                    time.sleep(0.05)
            browser.close()
    finally:
        server.shutdown()
    print(f"flood benchmark (three tabs, one Chromium, loopback WebRTC; {args.intents} intents in 1 s)")
    for name, data in (("no flood", quiet), ("during a flood", flooded)):
        for where in ("own", "host"):
            if data[where]:
                s = summary(data[where])
                label = f"{name}, move -> {'player' if where == 'own' else 'host'} screen"
                print(f"{label:40s}: n={s['n']:3d}  p50={s['p50']:7.1f} ms  p99={s['p99']:7.1f} ms")
    print(json.dumps({"target_ms": 100}))


args_trace = [False, None, False]
CPU_TRACE = Path(tempfile.gettempdir()) / "clubtable-flood-cpu.json"


def load() -> str:
    return " ".join(open("/proc/loadavg").read().split()[:3])


def niced(n: int, cpu: Optional[int] = None) -> str:
    """Chromium itself, or a script that starts it (its every process) at niceness ``n`` and,
    given ``cpu``, on that core alone (``taskset``)."""
    if not n and cpu is None:
        return CHROMIUM
    pin = f"taskset -c {int(cpu)} " if cpu is not None else ""
    path = Path(tempfile.gettempdir()) / f"clubtable-chromium-nice{n}-cpu{cpu}"
    path.write_text(f'#!/bin/sh\nexec {pin}nice -n {int(n)} "{CHROMIUM}" "$@"\n')
    path.chmod(0o755)
    return str(path)


def outermost(events):
    """The events of a trace not inside another of the same thread (their times add up)."""
    out, end = [], {}
    for e in sorted(events, key=lambda e: (e["ts"], -e["dur"])):
        if e["ts"] >= end.get(e["tid"], -1):
            out.append(e)
            end[e["tid"]] = e["ts"] + e["dur"]
    return out


def host_cpu(path):
    """The host's main thread over a traced flood: (its longest task on the CPU, all its tasks
    on the CPU, all its tasks on the clock), ms.  The clock counts the time a task waited for a
    core as well; the CPU, the thread's own work."""
    events = json.loads(Path(path).read_text())
    events = events.get("traceEvents", events) if isinstance(events, dict) else events
    host = {f.get("processId") for e in events if e.get("name") == "TracingStartedInBrowser"
            for f in e["args"]["data"].get("frames", [])}
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain" and e["pid"] in host}
    tasks = outermost(e for e in events if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) in main
                      and e.get("name") == "ThreadControllerImpl::RunTask" and "dur" in e)
    if not tasks:
        return (0.0, 0.0, 0.0)
    return (max(t.get("tdur", 0) for t in tasks) / 1000, sum(t.get("tdur", 0) for t in tasks) / 1000,
            sum(t["dur"] for t in tasks) / 1000)


def longest_tasks(path, n=6):
    """The host renderer's longest main-thread tasks in a Chromium trace, and what took their
    time (the longest events inside each).  Each task's time on the clock and on the CPU (the
    thread's own time, ``tdur``): a task much longer than its CPU time was the thread waiting
    for a core, not working."""
    events = json.loads(Path(path).read_text())
    events = events.get("traceEvents", events) if isinstance(events, dict) else events
    names = {(e["pid"], e["tid"]): e.get("args", {}).get("name") for e in events if e.get("name") == "thread_name"}
    host = {f.get("processId") for e in events if e.get("name") == "TracingStartedInBrowser"
            for f in e["args"]["data"].get("frames", [])}
    main = {k for k, v in names.items() if v == "CrRendererMain"}
    done = [e for e in events if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) in main and "dur" in e]
    print(f"  trace: the host's renderer is pid {sorted(host)}; the flooder's and the player's are the others")
    tasks = [e for e in done if e["name"] == "ThreadControllerImpl::RunTask"]
    for pid in sorted({t["pid"] for t in tasks}):
        mine = [t for t in tasks if t["pid"] == pid]
        span = (max(t["ts"] + t["dur"] for t in mine) - min(t["ts"] for t in mine)) / 1000
        rtc = outermost(e for e in events if e.get("ph") == "X" and e.get("pid") == pid and "tdur" in e
                        and str(names.get((pid, e.get("tid")))).startswith("WebRTC"))
        print(f"  trace: pid {pid}{' (host)' if pid in host else ''}: main thread busy "
              f"{sum(t['dur'] for t in mine) / 1000:.0f} ms on the clock, {sum(t.get('tdur', 0) for t in mine) / 1000:.0f} ms "
              f"on the CPU, longest task on the CPU {max(t.get('tdur', 0) for t in mine) / 1000:.1f} ms, over {span:.0f} ms; "
              f"WebRTC threads' top-level events {sum(e['tdur'] for e in rtc) / 1000:.0f} ms on the CPU")
    for t in sorted((t for t in tasks if t["pid"] in host), key=lambda e: -e["dur"])[:n]:
        inside = [e for e in done if e is not t and t["ts"] <= e["ts"] < t["ts"] + t["dur"]
                  and (e["pid"], e["tid"]) == (t["pid"], t["tid"])]
        inside.sort(key=lambda e: -e["dur"])
        what = ", ".join(f"{e['name']}{'(' + e['args']['data'].get('type', '') + ')' if isinstance(e.get('args', {}).get('data'), dict) and e['args']['data'].get('type') else ''} {e['dur'] / 1000:.1f}"
                         for e in inside[:8])
        print(f"  trace: host task {t['dur'] / 1000:.1f} ms, {t.get('tdur', 0) / 1000:.1f} ms on the CPU: {what}")


def partial_rows(host, flooder, player, samples, hostile=None, game="dodgy"):
    """Issue 20's flood of partial messages, ``samples`` times: the host's own move during it,
    and the host's event loop.  ``hostile``: the page that floods (another browser's), else
    the flooding tab itself.  ``game`` "dohdles": no move of the host's (none is one click
    there), the loop only, over a quiet second to compare."""
    own_move = game == "dodgy"
    hostile = hostile or flooder
    from tests.e2e.dodgy_driver import step
    welcome = [json.loads(m) for m in json.loads(flooder.evaluate("() => window.clubtableDebug('received')"))]
    welcome = [m for m in welcome if m["t"] == "welcome"][-1]
    table_id, token = welcome["table"], welcome["token"]
    moves, gaps, longs, outcome, cpu = [], [], [], [], []
    quiet_moves, quiet_gaps = [], []
    deadline = time.time() + 900
    while min(len(gaps), len(quiet_gaps)) < samples and time.time() < deadline:
        if host.locator("#result").count():
            break
        if own_move and not host.evaluate(HOST_HAS_MOVE):
            for page in (player, flooder):
                try:
                    step(page, shout=False)
                except Exception:       # a screen re-rendered under the click: again
                    pass
            time.sleep(0.05)
            continue
        host.evaluate(WATCH_LOOP)
        if len(quiet_gaps) < len(gaps):           # the same move with no flood, to compare
            dt = host.evaluate(HOST_MOVE) if own_move else None
            time.sleep(0.3 if own_move else 1.0)  # no move: about a flood's length of quiet
            stalls = host.evaluate(LOOP_STALLS)
            if dt is not None or not own_move:
                if dt is not None:
                    quiet_moves.append(dt)
                quiet_gaps.append(stalls["gap"])
            continue
        hostile.evaluate("() => { window.__floodGo = false; }")
        tracing = args_trace[1] and not moves
        cpu_trace = args_trace[2] and not tracing
        if cpu_trace:                             # the tasks only: little overhead
            host.context.browser.start_tracing(page=host, path=CPU_TRACE, categories=["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"])
        if tracing:
            host.context.browser.start_tracing(page=host, path=args_trace[1], categories=[
                "devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute",
                "blink.user_timing", "toplevel", "disabled-by-default-v8.gc"])
        offer = hostile.evaluate(PARTIAL_OFFER)
        answer = flooder.evaluate(SIGNAL, [table_id, offer])
        hostile.evaluate(f"() => {{ window.__floodRun = ({PARTIAL_GO})({json.dumps([table_id, token, 120, 43, answer])}); }}")
        for _ in range(200):
            if hostile.evaluate("() => window.__floodGo"):
                break
            time.sleep(0.01)
        time.sleep(0.05)                          # in the middle of the flood
        dt = host.evaluate(HOST_MOVE) if own_move else None
        out = hostile.evaluate("async () => await window.__floodRun")
        time.sleep(0.3)
        stalls = host.evaluate(LOOP_STALLS)
        if tracing or cpu_trace:
            host.context.browser.stop_tracing()
            cpu.append(host_cpu(args_trace[1] if tracing else CPU_TRACE))
        if tracing:
            longest_tasks(args_trace[1])
        marks = json.loads(host.evaluate("() => window.clubtableTrace ? window.clubtableTrace('take') : '[]'"))
        if args_trace[0]:
            longest = max(host.evaluate("() => window.__longAt || []") or [[0, 0]], key=lambda x: x[1])
            inside = [(n, round(at - longest[0], 1)) for n, at in marks if longest[0] <= at <= longest[0] + longest[1]]
            print(f"  host: longest task {longest[1]:.0f} ms; marks in it: {inside[:40]}")
            host.evaluate("() => { window.__longAt = []; }")
            at = {n: t for n, t in marks if n.startswith("link.")}
            if len(at) == 4:
                print(f"  host: channel.close() {at['link.channel_closed'] - at['link.closing']:.1f} ms, "
                      f"pc.close() {at['link.pc_closed'] - at['link.pc_closing']:.1f} ms, "
                      f"{at['link.pc_closing'] - at['link.channel_closed']:.1f} ms after")
            closed = [at for n, at in marks if n == "host.closed"]
            if closed:      # the drop: what the host did around closing the flooder's link
                near = [(n, round(at - closed[0], 1)) for n, at in marks if -60 <= at - closed[0] <= 60 and n != "rx"]
                print(f"  host: around the close: {near[:30]}")
        if marks:
            spans, start = [], None
            for name, at in marks:
                if name == "host.recv":
                    start = at
                elif name in ("host.drawn", "host.applied") and start is not None and name == "host.applied":
                    spans.append(at - start)
                    start = None
            rx = [at for name, at in marks if name == "rx"]
            print(f"  host: {len(rx)} frames read in {rx[-1] - rx[0] if rx else 0:.0f} ms; table.frame "
                  f"{sum(spans):.1f} ms in all, longest {max(spans or [0]):.1f} ms")
        if dt is None and own_move:
            continue
        if dt is not None:
            moves.append(dt)
        gaps.append(stalls["gap"])
        longs.append(stalls["long"])
        outcome.append(out)
        flooder.reload()                          # the tab takes its seat back with its token
        flooder.wait_for_selector("body[data-ready='1']", timeout=120_000)
        flooder.wait_for_function(SEATED[game], timeout=30_000)
        time.sleep(0.5)
    print(f"partial-message flood at a {'DODGY' if game == 'dodgy' else 'Dohdles!'} table (120 messages x 43 pieces "
          "of 16,384 characters that never complete, sent by a second link of a seated guest's tab)")
    for label, data in (("no flood: host's own move -> host screen", quiet_moves),
                        ("no flood: host loop, worst interval lateness", quiet_gaps),
                        ("flood: host's own move -> host screen", moves),
                        ("flood: host loop, worst interval lateness", gaps),
                        ("flood: host loop, longest long task", longs)):
        if data:
            s = summary(data)
            print(f"{label:44s}: n={s['n']:3d}  p50={s['p50']:7.1f} ms  p99={s['p99']:7.1f} ms  max={max(data):7.1f} ms")
    if cpu:
        for label, k in (("flood: host's longest task on the CPU", 0), ("flood: host's main thread on the CPU", 1),
                         ("flood: the same tasks on the clock", 2)):
            s = summary([c[k] for c in cpu])
            print(f"{label:44s}: n={s['n']:3d}  p50={s['p50']:7.1f} ms  p99={s['p99']:7.1f} ms  max={max(c[k] for c in cpu):7.1f} ms")
    for o in outcome[:3]:
        print(f"  flooder: {o['sent']} pieces sent in {o['ms']:.0f} ms, seated {o['seated']}, "
              f"rejects {o['rejects']}, link closed by the host: {o['closed']}")
    print(json.dumps({"target_ms": 100}))


if __name__ == "__main__":
    main()
