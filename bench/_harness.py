"""Shared bench plumbing: serve dist/ on loopback, launch Debian's Chromium."""
import functools
import http.server
import os
import socket
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# CLUBTABLE_DIST: another build to serve (an A/B of two trees, each built into its own folder)
DIST = Path(os.environ.get("CLUBTABLE_DIST") or ROOT / "dist")
CHROMIUM = os.environ.get("CLUBTABLE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--disable-gpu", "--disable-quic"]


sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (served as `build.py serve` serves: headers, precompressed files)


class Handler(build.Handler):
    def log_message(self, *args):
        pass


def serve():
    if not (DIST / "index.html").exists():
        sys.exit("run `python3 build.py dist` first")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{port}/"


def pct(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    k = max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))
    return values[k]


def summary(values):
    return {"n": len(values), "p50": pct(values, 50), "p99": pct(values, 99), "mean": statistics.fmean(values)}


# A bare RTCPeerConnection pair between two tabs (benchmark tooling only: the app's own
# links are Python), to time the raw data-channel round trip the app's figures compare with.
ECHO_OFFER = """async () => {
  const pc = new RTCPeerConnection({iceServers: []});
  window.__echo = {pc, ch: pc.createDataChannel('echo')};
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise(r => { const c = () => pc.iceGatheringState === 'complete' && r(); pc.onicegatheringstatechange = c; c(); });
  return pc.localDescription.sdp;
}"""
ECHO_ANSWER = """async (sdp) => {
  const pc = new RTCPeerConnection({iceServers: []});
  pc.ondatachannel = e => { e.channel.onmessage = m => e.channel.send(m.data); };
  await pc.setRemoteDescription({type: 'offer', sdp});
  await pc.setLocalDescription(await pc.createAnswer());
  await new Promise(r => { const c = () => pc.iceGatheringState === 'complete' && r(); pc.onicegatheringstatechange = c; c(); });
  window.__echoPeer = pc;
  return pc.localDescription.sdp;
}"""
ECHO_RUN = """async ([sdp, n]) => {
  const {pc, ch} = window.__echo;
  await pc.setRemoteDescription({type: 'answer', sdp});
  if (ch.readyState !== 'open') await new Promise(r => ch.onopen = r);
  const out = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await new Promise(r => { ch.onmessage = r; ch.send(JSON.stringify({t: 'ping', i})); });
    out.push(performance.now() - t0);
  }
  return out;
}"""


def raw_echo(offerer, answerer, n):
    """n round trips offerer -> answerer -> offerer on a raw data channel, in ms."""
    offer = offerer.evaluate(ECHO_OFFER)
    answer = answerer.evaluate(ECHO_ANSWER, offer)
    return offerer.evaluate(ECHO_RUN, [answer, n])


# ``--trace``: the page records time marks (``net/trace.py``) on the clock all tabs share;
# each sample's marks, from the click on, are told as time since the click, stage by stage.
TAKE_MARKS = "() => window.clubtableTrace ? JSON.parse(window.clubtableTrace('take')) : []"


def stages(samples):
    """``samples``: list of (t_click, [(tab, name, ms), ...]).  For each mark name (the first
    of that name after the click, per tab), the median and p90 of ms since the click."""
    by: dict = {}
    for t0, marks in samples:
        seen = set()
        for tab, name, ms in sorted(marks, key=lambda m: m[2]):
            key = f"{tab}:{name}"
            if ms < t0 or key in seen:
                continue
            seen.add(key)
            by.setdefault(key, []).append(ms - t0)
    rows = sorted(((pct(v, 50), k, pct(v, 90), len(v)) for k, v in by.items()))
    return [f"  {k:28s} n={n:3d}  p50={p50:7.2f}  p90={p90:7.2f} ms after the click" for p50, k, p90, n in rows]


def table_of_two(ctx, base, set_up, playing):
    """A table hosted in one new tab and joined from another, started: ``(host, guest)``.
    ``set_up(host)`` fills the host's set-up; ``playing`` is a selector the guest's screen shows
    once play has begun.  Each tab is a window of its own (tabs of one window are drawn only in
    front)."""
    from tests.e2e.conftest import join_from_home, new_tab
    host = new_tab(ctx)
    host.goto(base)
    host.wait_for_selector("body[data-ready='1']", timeout=120_000)
    set_up(host)
    host.wait_for_selector("#start-table")
    guest = new_tab(ctx)
    guest.goto(base)
    guest.wait_for_selector("body[data-ready='1']", timeout=120_000)
    join_from_home(guest)
    host.click("#start-table")
    guest.wait_for_selector(playing, timeout=30_000)
    return host, guest
