"""DOM-update benchmark: DOM calls and time per screen update, inside the real page, for
each game in a solo game against computer players, with the patching mount and with the
old full rebuild (``?dom=rebuild`` sets ``dom.FULL_REBUILD``).

    python3 build.py dist && python3 bench/dom.py [--seconds 40] [--games dodgy,dobbelduel,waldi]

The page's DOM layer counts its own calls (createElement, setAttribute, insert/remove,
text and property writes, reads); the shell times each update (building the tree and
mounting it).  A driver from the end-to-end tests plays the human seat meanwhile.
"""
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
from _harness import ARGS, CHROMIUM, serve  # noqa: E402


def _dodgy():
    from tests.e2e.dodgy_driver import set_up_dodgy, step
    return (lambda page, base: set_up_dodgy(page, base, seats=("local", "bot", "bot")),
            "#my-dice", lambda page: step(page))


def _dobbelduel():
    from tests.e2e.dobbelduel_driver import set_up_dobbelduel, step
    return (lambda page, base: set_up_dobbelduel(page, base, seats=("local", "bot"), level="hard"),
            "#dd-board-0", lambda page: step(page))


def _waldi():
    from tests.e2e.waldi_driver import set_up_waldi, step
    return (lambda page, base: set_up_waldi(page, base, seats=("local", "bot", "bot", "bot"),
                                            scoring_pause_s=0, countdown_s=2),
            "#waldi-board", lambda page: step(page))


GAMES = {"dodgy": _dodgy, "dobbelduel": _dobbelduel, "waldi": _waldi}


def measure(browser, base, game, rebuild, seconds):
    set_up, ready, step = GAMES[game]()
    url = base + ("?dom=rebuild" if rebuild else "")
    ctx = browser.new_context()
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=120_000)
    set_up(page, url)
    page.wait_for_selector(ready)
    page.evaluate("() => window.clubtableDebug('dom-reset')")
    end = time.time() + seconds
    while time.time() < end:
        try:
            if step(page) == "over" or page.locator("#result").count():
                break
        except Exception:         # the screen changed under the driver: look again
            pass
        time.sleep(0.05)
    stats = json.loads(page.evaluate("() => window.clubtableDebug('dom')"))
    ctx.close()
    assert stats["full_rebuild"] == rebuild
    return stats


def per_update(s):
    n = max(1, s["mounts"])
    return {"updates": s["mounts"], "ffi": s["ffi"] / n, "create": (s["createElement"] + s["createTextNode"]) / n,
            "attrs": s["setAttribute"] / n, "ms": s["render_ms"] / max(1, s["renders"]), "mount_ms": s["mount_ms"] / n}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=40)
    ap.add_argument("--games", default="dodgy,dobbelduel,waldi")
    args = ap.parse_args()
    server, base = serve()
    from playwright.sync_api import sync_playwright
    rows = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for game in args.games.split(","):
                before = per_update(measure(browser, base, game, True, args.seconds))
                after = per_update(measure(browser, base, game, False, args.seconds))
                rows.append((game, before, after))
                print(game, "rebuild", before, "patch", after, flush=True)
            browser.close()
    finally:
        server.shutdown()
    print("DOM updates in a solo game against computer players (per update; before = full rebuild)")
    print(f"{'game':<11} {'mode':<8} {'updates':>7} {'DOM calls':>10} {'creates':>8} {'setAttr':>8} "
          f"{'update ms':>10} {'mount ms':>9}")
    for game, b, a in rows:
        for mode, r in (("rebuild", b), ("patch", a)):
            print(f"{game:<11} {mode:<8} {r['updates']:>7} {r['ffi']:>10.1f} {r['create']:>8.1f} {r['attrs']:>8.1f} "
                  f"{r['ms']:>10.2f} {r['mount_ms']:>9.2f}")
        print(f"{game:<11} {'ratio':<8} {'':>7} {b['ffi'] / max(a['ffi'], 1e-9):>9.1f}x "
              f"{b['create'] / max(a['create'], 1e-9):>7.1f}x {b['attrs'] / max(a['attrs'], 1e-9):>7.1f}x "
              f"{b['ms'] / max(a['ms'], 1e-9):>9.1f}x {b['mount_ms'] / max(a['mount_ms'], 1e-9):>8.1f}x")


if __name__ == "__main__":
    main()
