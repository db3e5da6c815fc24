"""Wie Waldi! placement latency: from a key press in a guest tab to the host's confirmation
shown in that tab (the laid card on the guest's screen), and to the card on the host tab's
screen, p50 and p99, against the raw
data-channel echo between the same two tabs in the same run.

    python3 build.py dist && python3 bench/waldi_rtt.py [--samples 40]
"""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _harness import ARGS, CHROMIUM, TAKE_MARKS, raw_echo, serve, stages, summary, table_of_two  # noqa: E402

STALE_S = 6           # no head laid for this long: on to a new game

# One guest step in the page: take a pile / turn a card up / lay a head (timed) / put under.
# A head is laid with "n"; the time runs until the guest's board shows one more card.
STEP = """async () => {
  const q = s => document.querySelector(s);
  const board = q('#waldi-board');
  if (!board || !q("#waldi-status[data-phase='live']")) return {did: 'wait'};
  const press = key => board.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
  const cards = () => document.querySelectorAll('.waldi-dog .waldi-card').length;
  const rev = q('#waldi-revealed');
  const kind = rev ? rev.getAttribute('data-kind') : null;
  if (kind === 'head') {
    const before = cards();
    const t0 = performance.now();
    window.__pressedAt = performance.timeOrigin + t0;   // for the host tab's screen
    press('n');
    await new Promise(r => {
      const obs = new MutationObserver(() => { if (cards() > before) { obs.disconnect(); r(); } });
      obs.observe(q('#app'), {subtree: true, childList: true});
      setTimeout(() => { obs.disconnect(); r(); }, 5000);
    });
    return {did: 'head', ms: performance.now() - t0};
  }
  if (kind) {   // put under: the host's confirmation is the card leaving the guest's hand
    const t0 = performance.now();
    press('u');
    await new Promise(r => {
      const obs = new MutationObserver(() => {
        const x = q('#waldi-revealed');
        if (!x || !x.getAttribute('data-kind')) { obs.disconnect(); r(); }
      });
      obs.observe(q('#app'), {subtree: true, childList: true, attributes: true});
      setTimeout(() => { obs.disconnect(); r(); }, 5000);
    });
    return {did: 'under', ms: performance.now() - t0};
  }
  if (q('#waldi-reveal') && !q('#waldi-reveal').disabled) { press(' '); return {did: 'reveal'}; }
  const piles = [...document.querySelectorAll('.waldi-pile')];
  const held = piles.findIndex(b => b.classList.contains('held'));
  const next = piles.findIndex((b, i) => i !== held && !b.disabled);
  press(String((next < 0 ? 0 : next) + 1));
  return {did: 'take'};
}"""

# In the host tab: the absolute time (timeOrigin + now, one clock for the machine's tabs)
# at which its screen next shows one more laid card.
ARM_HOST = """() => {
  const cards = () => document.querySelectorAll('.waldi-dog .waldi-card').length;
  const before = cards();
  window.__hostSaw = new Promise(r => {
    const obs = new MutationObserver(() => {
      if (cards() > before) { obs.disconnect(); r(performance.timeOrigin + performance.now()); }
    });
    obs.observe(document.querySelector('#app'), {subtree: true, childList: true});
    setTimeout(() => { obs.disconnect(); r(null); }, 3000);
  });
}"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=40, help="heads laid to time (cards put under come as they come)")
    ap.add_argument("--trace", action="store_true", help="time each stage of the path (the page's ?trace marks)")
    args = ap.parse_args()
    from tests.e2e.waldi_driver import set_up_waldi
    server, base = serve()
    if args.trace:
        base += "?trace"
    traced = []
    from playwright.sync_api import sync_playwright
    placements, unders, at_host = [], [], []
    games = 0
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            ctx = browser.new_context()
            echo = None
            deadline = time.time() + 600
            # A guest playing alone lays its heads (two or three) and then only puts cards
            # under, for ever (nobody plays the host's seat): new games, at new tables in new
            # tabs, until there are enough heads.
            while len(placements) < args.samples and time.time() < deadline:
                games += 1
                host, guest = table_of_two(ctx, base, lambda page: set_up_waldi(
                    page, base, seats=("local", "remote"), max_hold_s=0, idle_stop_s=0, countdown_s=1),
                    "#waldi-status[data-phase='live']")
                if echo is None:      # raw echo between the same two tabs, once
                    echo = raw_echo(guest, host, args.samples)
                guest.bring_to_front()
                last_head = time.time()
                while len(placements) < args.samples and time.time() < deadline:
                    if time.time() - last_head > STALE_S:
                        break   # the guest's heads are laid: the rest of its deck only goes under
                    host.evaluate(ARM_HOST)
                    if args.trace:
                        host.evaluate(TAKE_MARKS)
                        guest.evaluate(TAKE_MARKS)
                    r = guest.evaluate(STEP)
                    if r.get("did") == "head" and r.get("ms") is not None:
                        last_head = time.time()
                        placements.append(r["ms"])
                        seen = host.evaluate("async () => await window.__hostSaw")
                        pressed = guest.evaluate("window.__pressedAt")
                        if seen is not None:
                            at_host.append(seen - pressed)
                        if args.trace:
                            time.sleep(0.05)
                            marks = [("guest", n, ms) for n, ms in guest.evaluate(TAKE_MARKS)]
                            marks += [("host", n, ms) for n, ms in host.evaluate(TAKE_MARKS)]
                            marks.append(("guest", "SCREEN", pressed + r["ms"]))
                            if seen is not None:
                                marks.append(("host", "SCREEN", seen))
                            traced.append((pressed, marks))
                    elif r.get("did") == "under" and r.get("ms") is not None:
                        unders.append(r["ms"])
                    if guest.locator("#result").count():
                        break   # the game ended
                    for page in (guest, host):   # a round ended: on to the next one
                        if page.locator("#waldi-next").count():
                            try:
                                page.click("#waldi-next", timeout=2000)
                            except Exception:
                                pass
                    time.sleep(0.02)
                host.close()
                guest.close()
            browser.close()
    finally:
        server.shutdown()
    a, e = summary(placements), summary(echo)
    print(f"waldi placement latency (two tabs, one Chromium, loopback WebRTC; {games} games)")
    print(f"raw data-channel echo    : n={e['n']:4d}  p50={e['p50']:7.2f} ms  p99={e['p99']:7.2f} ms")
    print(f"head laid, key->screen   : n={a['n']:4d}  p50={a['p50']:7.2f} ms  p99={a['p99']:7.2f} ms")
    u = summary(unders)
    print(f"card under, key->screen  : n={u['n']:4d}  p50={u['p50']:7.2f} ms  p99={u['p99']:7.2f} ms")
    both = summary(placements + unders)
    if at_host:
        o = summary(at_host)
        print(f"head laid, key->host tab : n={o['n']:4d}  p50={o['p50']:7.2f} ms  p99={o['p99']:7.2f} ms"
              "  (target p50 <= 10, p99 <= 40)")
    if traced:
        print("stages of a head laid (--trace):")
        print("\n".join(stages(traced)))
    print(f"ratio placement/echo     : p50 {both['p50'] / e['p50']:.1f}x  p99 {both['p99'] / e['p99']:.1f}x "
          f"(heads and cards put under together, n={both['n']})")


if __name__ == "__main__":
    main()
