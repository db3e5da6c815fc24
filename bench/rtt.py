"""Round-trip benchmark: a DODGY action from a guest tab to the host and back (click to
updated screen), and from the guest's click to the host tab's updated screen, against a raw
data-channel echo between the same two tabs, p50 and p99.

    python3 build.py dist && python3 bench/rtt.py [--samples 60]

The raw echo is a bare RTCPeerConnection pair made in the two tabs for the measurement
(benchmark tooling only; the app's own links are Python).
"""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, __import__("os").path.dirname(__file__))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _harness import ARGS, CHROMIUM, TAKE_MARKS, raw_echo, serve, stages, summary, table_of_two  # noqa: E402

# Click the guest's first legal action and time until the screen shows the host's answer.
CLICK_TO_SCREEN = """async () => {
  const pick = () => document.querySelector('#choose button') || document.querySelector('#shout-dodgy')
      || (document.querySelector('#claim-form') && document.querySelector('[data-image]'));
  const target = pick();
  if (!target) return null;
  if (target.matches('[data-image]')) {         // a claim: choose the image first (local only)
    target.click();
    await new Promise(r => setTimeout(r, 30));
    const submit = document.querySelector('#make-claim');
    if (!submit) return null;
    return await timed(submit);
  }
  return await timed(target);
  async function timed(el) {
    const board = document.querySelector('#board');
    const before = board.textContent;
    const t0 = performance.now();
    window.__clickedAt = performance.timeOrigin + t0;   // for the other tab's screen
    el.click();
    await new Promise(r => {
      const obs = new MutationObserver(() => {
        if (document.querySelector('#board') && document.querySelector('#board').textContent !== before) {
          obs.disconnect(); r();
        }
      });
      obs.observe(document.querySelector('#app'), {subtree: true, childList: true, characterData: true});
      setTimeout(() => { obs.disconnect(); r(); }, 5000);
    });
    return performance.now() - t0;
  }
}"""

# In the other tab: the absolute time (timeOrigin + now: one clock for every tab of the
# machine) at which its board next changes.
ARM_OTHER = """() => {
  const board = () => document.querySelector('#board');
  const before = board() ? board().textContent : '';
  window.__otherChanged = new Promise(r => {
    const obs = new MutationObserver(() => {
      if (board() && board().textContent !== before) { obs.disconnect(); r(performance.timeOrigin + performance.now()); }
    });
    obs.observe(document.querySelector('#app'), {subtree: true, childList: true, characterData: true});
    setTimeout(() => { obs.disconnect(); r(null); }, 5000);
  });
}"""
OTHER_CHANGED = "async () => await window.__otherChanged"


def sample(ctx, base, samples, seconds=600, trace=False, on_table=None):
    """Guest clicks at DODGY tables of two tabs (new tables until there are ``samples``):
    ``(click to the guest's screen ms, click to the host's screen ms, traced, games, echo)``;
    ``on_table(host, guest)`` runs once each table has started (the phone bench throttles both
    tabs there)."""
    from tests.e2e.dodgy_driver import set_up_dodgy, step
    traced = []
    actions, others = [], []
    games = 0
    echo = None
    deadline = time.time() + seconds
    # A DODGY game ends after about 20 of the guest's actions: new games, at new tables
    # in new tabs, until there are enough samples (a median of 20 is a noisy median).
    while len(actions) < samples and time.time() < deadline:
        host, guest = table_of_two(ctx, base, lambda page: set_up_dodgy(
            page, base, seats=("local", "remote"), threshold="null", window="0"), "#my-dice")
        if on_table:
            on_table(host, guest)
        if echo is None:      # raw echo between the same two tabs, once
            echo = raw_echo(guest, host, samples)
        while len(actions) < samples and time.time() < deadline:
            if guest.locator("#result").count():
                break
            host.evaluate(ARM_OTHER)
            if trace:
                host.evaluate(TAKE_MARKS)
                guest.evaluate(TAKE_MARKS)
            dt = guest.evaluate(CLICK_TO_SCREEN)
            if dt is not None:
                actions.append(dt)
                seen = host.evaluate(OTHER_CHANGED)
                clicked = guest.evaluate("window.__clickedAt")
                if seen is not None:
                    others.append(seen - clicked)
                if trace:
                    time.sleep(0.05)
                    marks = [("guest", n, ms) for n, ms in guest.evaluate(TAKE_MARKS)]
                    marks += [("host", n, ms) for n, ms in host.evaluate(TAKE_MARKS)]
                    marks.append(("guest", "SCREEN", clicked + dt))
                    if seen is not None:
                        marks.append(("host", "SCREEN", seen))
                    traced.append((clicked, marks))
            else:
                step(host, shout=False)
                time.sleep(0.05)
        games += 1
        host.close()
        guest.close()
    return actions, others, traced, games, echo


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=60)
    ap.add_argument("--trace", action="store_true", help="time each stage of the path (the page's ?trace marks)")
    args = ap.parse_args()
    server, base = serve()
    if args.trace:
        base += "?trace"
    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            actions, others, traced, games, echo = sample(browser.new_context(), base, args.samples, trace=args.trace)
            browser.close()
    finally:
        server.shutdown()
    a, e = summary(actions), summary(echo)
    print(f"rtt benchmark (two tabs, one Chromium, loopback WebRTC; {games} games)")
    print(f"raw data-channel echo : n={e['n']:4d}  p50={e['p50']:7.2f} ms  p99={e['p99']:7.2f} ms")
    print(f"DODGY click->screen   : n={a['n']:4d}  p50={a['p50']:7.2f} ms  p99={a['p99']:7.2f} ms")
    if others:
        o = summary(others)
        print(f"guest click->host screen: n={o['n']:4d}  p50={o['p50']:7.2f} ms  p99={o['p99']:7.2f} ms"
              "  (target p50 <= 10, p99 <= 40)")
    if traced:
        print("stages (--trace):")
        print("\n".join(stages(traced)))
    print(f"ratio action/echo     : p50 {a['p50'] / e['p50']:.1f}x  p99 {a['p99'] / e['p99']:.1f}x")


if __name__ == "__main__":
    main()
