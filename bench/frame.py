"""Frame benchmark: the work of one move, measured inside the page (Pyodide in Chromium), for
every landed game in a game of computer players:

* apply    the engine's ``apply`` (the table's one path, timers first);
* project  every seat's update (view, legal moves, roster) as the host builds it;
* screen   the game's screen for seat 0 rebuilt and mounted through the DOM layer;
* frame    apply + project + screen of the same move (target: p99 <= 16 ms);
* bot      a computer player's decision (view + legal + ``decide``; target: p99 <= 50 ms).

    python3 build.py dist && python3 bench/frame.py [--moves 300] [--games dodgy,waldi]

The measuring code is Python run in the page's own interpreter (a script tag added after
start-up), through the same modules the app uses.
"""
import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _harness import ARGS, CHROMIUM, serve  # noqa: E402

MEASURE = r"""
import json, time
from pyscript import document
from clubtable.games import GAMES
from clubtable.catalogue import CATALOGUE
from clubtable.session import table as table_mod
from clubtable.session import Table
from clubtable.i18n import Translator
from clubtable.ui import dom
from clubtable.ui.app import screen_module
from clubtable.ui.context import ScreenContext

MOVES = __MOVES__
ONLY = __GAMES__
ms = lambda: time.perf_counter() * 1000
out = {}
if not document.getElementById("frame-bench"):
    box = document.createElement("div")
    box.id = "frame-bench"
    box.style.display = "none"
    document.body.append(box)


def seat_count(game):
    # three seats where the game allows (a table of friends), else its minimum
    low, high = getattr(game, "min_players", 2) or 2, getattr(game, "max_players", 3) or 3
    return max(low, min(3, high))


def measure(gid, game):
    n = seat_count(game)
    timings = {"apply": [], "project": [], "screen": [], "frame": [], "bot": []}
    real_decide = table_mod._decide

    def timed_decide(bot, view, legal, now, _d=real_decide):
        t0 = ms()
        try:
            return _d(bot, view, legal, now)
        finally:
            timings["bot"].append(ms() - t0)
    table_mod._decide = timed_decide
    real_apply = game.apply
    applied = []

    def timed_apply(*a, _f=real_apply, **k):
        t0 = ms()
        try:
            return _f(*a, **k)
        finally:
            applied.append(ms() - t0)
    game.apply = timed_apply
    t = Translator("en")
    games = 0
    mod = screen_module(gid)
    try:
        while len(timings["frame"]) < MOVES and games < 30:   # short games: play another
            games += 1
            table = Table(gid, [{"kind": "bot", "level": "normal"} for _ in range(n)], bot_pace=0.0, now_ms=0)
            now = 0
            table.start(now, allow_empty=True)
            scratch = {}
            steps = 0
            while table.result is None and len(timings["frame"]) < MOVES and steps < 20 * MOVES:
                steps += 1
                wake = table.next_wakeup()
                now = max(now + 1, wake if wake is not None else now + 1000)
                applied.clear()
                before = table.version
                table.tick(now)
                if table.version == before:
                    continue
                t0 = ms()
                ups = [table.update_for(s) for s in range(n)]
                t1 = ms()
                ctx = ScreenContext(game_id=gid, seat=0, update=dict(ups[0], game=gid), t=t, act=lambda *a: None,
                                    toast=lambda *a: None, scratch=scratch,
                                    constants=dict(getattr(game, "constants", None) or {}), others=[])
                dom.mount("frame-bench", mod.render(ctx))
                t2 = ms()
                timings["apply"].append(sum(applied))
                timings["project"].append(t1 - t0)
                timings["screen"].append(t2 - t1)
                timings["frame"].append(sum(applied) + t2 - t0)
    finally:
        game.apply = real_apply
        table_mod._decide = real_decide
    out[gid] = {"seats": n, "games": games, **timings}


try:
    measure(ONLY[0], GAMES[ONLY[0]])
except Exception as exc:   # reported, not lost in the console
    import traceback
    out[ONLY[0]] = {"error": traceback.format_exc()}
document.body.setAttribute("data-frame-" + ONLY[0], json.dumps(out))
"""


def pct(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    return values[max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=300)
    ap.add_argument("--games", default="")
    args = ap.parse_args()
    only = [g for g in args.games.split(",") if g]
    server, base = serve()
    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(base)
            page.wait_for_selector("body[data-ready='1']", timeout=120_000)
            games = only or page.evaluate("""() => [...document.querySelectorAll('[data-key^="play-"]')]
                .map(b => b.dataset.key.slice(5))""")
            data = {}
            for gid in games:
                code = MEASURE.replace("__MOVES__", str(args.moves)).replace("__GAMES__", json.dumps([gid]))
                page.evaluate("""(code) => { const s = document.createElement('script');
                    s.type = 'py'; s.textContent = code; document.body.append(s); }""", code)
                page.wait_for_selector(f"body[data-frame-{gid}]", state="attached", timeout=600_000)
                data.update(json.loads(page.get_attribute("body", f"data-frame-{gid}")))
                if "error" in data[gid]:
                    print(f"  {gid}: {data.pop(gid)['error']}", flush=True)
                    continue
                print(f"  {gid}: {len(data[gid]['frame'])} moves", flush=True)
            browser.close()
    finally:
        server.shutdown()
    if errors:
        print("page errors:", *errors[:3], sep="\n  ")
    print("frame benchmark: ms per move inside the page (Chromium headless), p50 / p99 / max")
    print(f"{'game':12}{'seats':>6}{'moves':>6}" + "".join(f"{k:>20}" for k in ("apply", "project", "screen",
                                                                              "frame", "bot")))
    worst = {"frame": 0.0, "bot": 0.0}
    for gid, r in data.items():
        cells = []
        for key in ("apply", "project", "screen", "frame", "bot"):
            v = r[key]
            cells.append(f"{pct(v, 50):6.1f}/{pct(v, 99):6.1f}/{max(v) if v else float('nan'):6.1f}")
            if key in worst and v:
                worst[key] = max(worst[key], pct(v, 99))
        print(f"{gid:12}{r['seats']:>6}{len(r['frame']):>6}" + "".join(f"{c:>20}" for c in cells))
    print(f"targets: frame p99 <= 16 ms ({'met' if worst['frame'] <= 16 else 'MISSED'}, worst {worst['frame']:.1f}); "
          f"bot p99 <= 50 ms ({'met' if worst['bot'] <= 50 else 'MISSED'}, worst {worst['bot']:.1f})")


if __name__ == "__main__":
    main()
