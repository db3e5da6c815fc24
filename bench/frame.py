"""Frame benchmark: the work of one move, measured inside the page (Pyodide in Chromium), for
every landed game:

* apply    the engine's ``apply`` (the table's one path, timers first);
* project  every seat's update (view, legal moves, roster) as the host builds it;
* screen   the game's screen for seat 0 rebuilt and mounted through the DOM layer;
* frame    apply + project + screen of the same move (target: p99 <= 16 ms);
* bot      a computer player's decision as the table asks it (view + legal + ``decide``;
           target: p99 <= 50 ms).

    python3 build.py dist && python3 bench/frame.py [--moves 150] [--games dodgy,waldi] [--level hard] [--warmup 60] [--cold] [--profile]

Games with computer players play with one at every seat (Dohdles with real dough, the medium a
computer player can make riddles in).  Play-Doh's Cave has none: its seats are local players
whose moves a seeded script picks among the legal ones and sends through the table as a click
would (``Table.local``).  The measuring code is Python run in the page's own interpreter (a
script tag added after start-up), through the same modules the app uses.  ``--profile`` also
prints where the time went (cProfile in the page, by own time).  The machine's load average is
printed with the figures. Each run is repeated in fresh pages (``--runs``, 3) and every move counts
its least time: the games are seeded, so the runs make the same moves, and a busy machine only
ever adds time to a move.  Measuring starts once the page has warmed up in idle time
(``body[data-warm]``, ui/warmup.py: well under a second after start-up, while a player is still
choosing a game); ``--cold`` starts at once, without the warm-up, the worst case.
"""
import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _harness import ARGS, CHROMIUM, pct, serve  # noqa: E402

MEASURE = r"""
import gc, json, random, time
from js import document
from clubtable.games import GAMES
from clubtable.session import Table
from clubtable.i18n import Translator
from clubtable.ui import dom
from clubtable.ui.screens import screen_module
from clubtable.ui.context import ScreenContext

MOVES = __MOVES__
WARMUP = __WARMUP__
GID = __GAME__
PROFILE = __PROFILE__
LEVEL = __LEVEL__
ms = lambda: time.perf_counter() * 1000
if not document.getElementById("frame-bench"):
    box = document.createElement("div")
    box.id = "frame-bench"
    box.style.display = "none"
    document.body.append(box)

OPTIONS = {"dohdles": {"riddle_medium": "table"}, "cave": {"riddle_medium": "table"}}
WORDS = ["lantern", "apple", "kite", "moon", "bell", "anchor", "straße", "glaçon"]
QUESTIONS = ["Is it alive?", "Can you hold it in one hand?", "Is it round?"]


def seat_count(game):
    # three seats where the game allows (a table of friends), else its minimum
    low, high = getattr(game, "min_players", 2) or 2, getattr(game, "max_players", 3) or 3
    return max(low, min(3, high))


def scripted(table, seat, rng):
    # a player's move, as the screen would send it: a legal action, descriptors filled in
    legal = table.game.legal(table.state, seat)
    if not legal:
        return None
    pick = rng.choice(legal)
    if "args" not in pick:
        return pick
    args = {}
    for name, spec in pick["args"].items():
        choices = spec.get("choices")
        if choices is not None:
            if not choices:
                return None
            args[name] = rng.choice(choices)
        elif spec.get("kind") == "int":
            args[name] = rng.randint(spec["lo"], min(spec["hi"], spec["lo"] + 4))
        elif spec.get("kind") == "bool":
            args[name] = rng.random() < 0.5
        elif name in ("text", "question"):
            args[name] = rng.choice(QUESTIONS)
        else:
            args[name] = rng.choice(WORDS)
    return dict(type=pick["type"], **args)


def measure(gid, game, MOVES=MOVES, first_seed=0):
    n = seat_count(game)
    bots = bool(game.bot_levels)
    timings = {"apply": [], "project": [], "screen": [], "render": [], "frame": [], "bot": [], "ffi": [], "gc": [], "mount": [], "gcf": [], "gcb": [], "page": [], "json": []}
    started = [0.0]

    def gc_pause(phase, info):
        if phase == "start":
            started[0] = ms()
        else:
            timings["gc"].append(ms() - started[0])
    gc.callbacks.append(gc_pause)
    real_plan = Table._plan

    def timed_plan(self, seat, _p=real_plan):
        mark = len(timings["gc"])
        t0 = ms()
        try:
            return _p(self, seat)
        finally:
            timings["bot"].append(ms() - t0)
            timings["gcb"].append(sum(timings["gc"][mark:]))
    Table._plan = timed_plan
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
    rng = random.Random(7 + first_seed)
    level = LEVEL if LEVEL in game.bot_levels else ("normal" if "normal" in game.bot_levels else None)
    kind = {"kind": "bot", "level": level} if bots else {"kind": "local"}
    try:
        while len(timings["frame"]) < MOVES and games < 30:   # short games: play another
            games += 1
            table = Table(gid, [dict(kind) for _ in range(n)], options=OPTIONS.get(gid), bot_pace=0.0,
                          now_ms=0, seed=first_seed + games)
            now = 0
            table.start(now, allow_empty=True)
            scratch = {}
            steps = 0
            while table.result is None and len(timings["frame"]) < MOVES and steps < 40 * MOVES:
                steps += 1
                applied.clear()
                gc_mark = len(timings["gc"])
                before = table.version
                if bots:
                    wake = table.next_wakeup()
                    now = max(now + 1, wake if wake is not None else now + 1000)
                    table.tick(now)
                else:
                    now += rng.choice([300, 1500, 4000]) if rng.random() < 0.9 else 31_000
                    table.tick(now)
                    if table.version == before:
                        awaited = table.awaited() or sorted(table._active())
                        if awaited:
                            seat = rng.choice(awaited)
                            action = scripted(table, seat, rng)
                            if action is not None:
                                try:
                                    table.local(seat, action, now)
                                except Exception:
                                    table._take_pending()
                if table.version == before:
                    continue
                t0 = ms()
                ups = [table.update_for(s) for s in range(n)]
                t1 = ms()
                ctx = ScreenContext(game_id=gid, seat=0, update=dict(ups[0], game=gid), t=t, act=lambda *a: None,
                                    toast=lambda *a: None, scratch=scratch, now=lambda: now,
                                    constants=dict(getattr(game, "constants", None) or {}), others=[])
                dom.reset_stats()
                tree = mod.render(ctx)
                tm = ms()
                dom.mount("frame-bench", tree)
                t2 = ms()
                timings["render"].append(tm - t1)
                timings["ffi"].append(dom.ffi_calls())
                timings["apply"].append(sum(applied))
                timings["project"].append(t1 - t0)
                timings["screen"].append(t2 - t1)
                timings["frame"].append(sum(applied) + t2 - t0)
                timings["mount"].append(t2 - tm)
                timings["page"].append(dom.STATS.get("page_ms", 0.0))
                timings["json"].append(dom.STATS.get("json_ms", 0.0))
                timings["gcf"].append(sum(timings["gc"][gc_mark:]))
    finally:
        gc.callbacks.remove(gc_pause)
        game.apply = real_apply
        Table._plan = real_plan
    return {"seats": n, "games": games, "frozen": gc.get_freeze_count(), "threshold": gc.get_threshold(), "players": "bots" if bots else "scripted", **timings}


out = {}
try:
    if PROFILE:
        import cProfile, io, pstats
        prof = cProfile.Profile()
        prof.enable()
    if WARMUP:          # other tables (other seeds) played first, not counted
        measure(GID, GAMES[GID], WARMUP, 1000)
    out[GID] = measure(GID, GAMES[GID])
    if PROFILE:
        prof.disable()
        text = io.StringIO()
        pstats.Stats(prof, stream=text).sort_stats("tottime").print_stats(25)
        out[GID]["profile"] = text.getvalue()
except Exception as exc:   # reported, not lost in the console
    import traceback
    out[GID] = {"error": traceback.format_exc()}
document.body.setAttribute("data-frame-" + GID, json.dumps(out))
"""

GAMES = ("dobbelduel", "dodgy", "waldi", "dohdles", "cave")
KEYS = ("apply", "project", "screen", "frame", "bot")
MORE = ("render", "json", "page", "gc")


PER_MOVE = ("apply", "project", "screen", "render", "mount", "frame", "ffi", "gcf", "page", "json")


def combine(runs):
    """Runs of the same games (same seeds, same moves): each move's figures are the least of
    the runs.  A busy machine only ever adds time (another process has the core), so the
    least of a few runs is the page's own cost; the collector's pauses stay (they come at
    the same moves in every run).  ``screen`` is taken whole (its render and mount may be
    least in different runs)."""
    out = {}
    for gid in runs[0]:
        same = [r[gid] for r in runs if gid in r]
        first = dict(same[0])
        for key in PER_MOVE + ("bot", "gcb"):
            n = min(len(r[key]) for r in same)
            first[key] = [min(r[key][i] for r in same) for i in range(n)]
        # a move's time is the sum of its parts' least times (each part is the same work in every run)
        first["frame"] = [a + p + sc for a, p, sc in zip(first["apply"], first["project"], first["screen"])]
        first["gc"] = min((r["gc"] for r in same), key=sum)
        first["runs"] = len(same)
        out[gid] = first
    return out


def run(args, games):
    runs, errors = [], []
    for i in range(args.runs):
        data, errs = run_once(args, games)
        runs.append(data)
        errors += errs
    return combine(runs), errors


def run_once(args, games):
    server, base = serve()
    from playwright.sync_api import sync_playwright
    data, errors = {}, []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            # cProfile is not in the standard library a snapshot's restore mounts: profile a normal start
            query = "&".join(q for q, on in (("nosnapshot", args.profile), ("nowarm", args.cold)) if on)
            page.goto(base + ("?" + query if query else ""))
            page.wait_for_selector("body[data-ready='1']", timeout=120_000)
            if not args.cold:
                # the page's own warm-up in idle time (ui/warmup.py), as a player choosing a game gives it
                page.wait_for_selector("body[data-warm='1']", state="attached", timeout=120_000)
            for gid in games:
                code = (MEASURE.replace("__MOVES__", str(args.moves)).replace("__WARMUP__", str(args.warmup)).replace("__GAME__", json.dumps(gid))
                        .replace("__PROFILE__", str(bool(args.profile))).replace("__LEVEL__", json.dumps(args.level)))
                page.evaluate("""(code) => { const s = document.createElement('script');
                    s.type = 'py'; s.textContent = code; document.body.append(s); }""", code)
                page.wait_for_selector(f"body[data-frame-{gid}]", state="attached", timeout=900_000)
                data.update(json.loads(page.get_attribute("body", f"data-frame-{gid}")))
                if "error" in data[gid]:
                    print(f"  {gid}: {data.pop(gid)['error']}", flush=True)
                    continue
                print(f"  {gid}: {len(data[gid]['frame'])} moves", flush=True)
                if args.profile:
                    print(data[gid].pop("profile"))
            browser.close()
    finally:
        server.shutdown()
    return data, errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=150)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--profile", action="store_true", help="print the page's cProfile, by own time")
    ap.add_argument("--cold", action="store_true", help="measure at once after start-up, without the page's "
                    "warm-up (?nowarm): a first game begun within a second of the page being ready")
    ap.add_argument("--runs", type=int, default=3, help="fresh pages; each move counts its least time")
    ap.add_argument("--level", default="normal", help="the computer players' level (where the game has it)")
    ap.add_argument("--json", help="also write the raw timings to this file")
    ap.add_argument("--warmup", type=int, default=0,
                    help="moves of other tables played first in the page, not counted (a fresh page runs its first "
                         "moves slower: the browser is still compiling the interpreter's hot code)")
    args = ap.parse_args()
    games = [g for g in args.games.split(",") if g]
    load_before = os.getloadavg()
    data, errors = run(args, games)
    load_after = os.getloadavg()
    if errors:
        print("page errors:", *errors[:3], sep="\n  ")
    if args.json:
        Path(args.json).write_text(json.dumps(data))
    print(f"frame benchmark: ms per move inside the page (Chromium headless), p50 / p99 / max; "
          f"each move's least time over {args.runs} runs in fresh pages"
          + (f", after {args.warmup} uncounted moves of each game" if args.warmup else ""))
    print(f"load average (1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after")
    print(f"{'game':12}{'seats':>6}{'moves':>6}" + "".join(f"{k:>20}" for k in KEYS) + f"{'DOM ops p50/max':>20}")
    worst = {"frame": 0.0, "bot": 0.0}
    more = []
    for gid, r in data.items():
        cells = []
        for key in KEYS:
            v = r[key]
            cells.append(f"{pct(v, 50):6.1f}/{pct(v, 99):6.1f}/{max(v) if v else float('nan'):6.1f}")
            if key in worst and v:
                worst[key] = max(worst[key], pct(v, 99))
        calls = f"{pct(r['ffi'], 50):.0f}/{max(r['ffi']) if r['ffi'] else 0}"
        print(f"{gid:12}{r['seats']:>6}{len(r['frame']):>6}" + "".join(f"{c:>20}" for c in cells) + f"{calls:>20}")
        more.append(f"{gid:12}" + "".join(f"{pct(r[k], 50):6.1f}/{pct(r[k], 99):6.1f}/{max(r[k]) if r[k] else 0:6.1f}  "
                                          for k in MORE) + f"{len(r['gc'])} collections ({r['frozen']} objects frozen)")
    print("of the screen: building the tree (render; the rest is the patch: the diff in Python, then encoding it (json)\n"
          "and the page carrying it out (page)), and the cycle collector's pauses (gc)")
    print(*more, sep="\n")
    print("slowest moves: ms = apply + project + render + mount; DOM operations; collector ms in the move")
    for gid, r in data.items():
        order = sorted(range(len(r["frame"])), key=lambda i: -r["frame"][i])[:3]
        print(f"{gid:12}" + "; ".join(
            f"{r['frame'][i]:.1f} = {r['apply'][i]:.1f} + {r['project'][i]:.1f} + {r['render'][i]:.1f} + "
            f"{r['mount'][i]:.1f} (page {r['page'][i]:.1f}), {r['ffi'][i]} ops, gc {r['gcf'][i]:.1f}" for i in order))
    print("slowest decisions: ms, of which the collector's pauses")
    for gid, r in data.items():
        order = sorted(range(len(r["bot"])), key=lambda i: -r["bot"][i])[:3]
        if r["bot"]:
            print(f"{gid:12}" + "; ".join(f"{r['bot'][i]:.1f} (gc {r['gcb'][i]:.1f})" for i in order))
    print(f"targets: frame p99 <= 16 ms ({'met' if worst['frame'] <= 16 else 'MISSED'}, worst {worst['frame']:.1f}); "
          f"bot p99 <= 50 ms ({'met' if worst['bot'] <= 50 else 'MISSED'}, worst {worst['bot']:.1f})")


if __name__ == "__main__":
    main()
