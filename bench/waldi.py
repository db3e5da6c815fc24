"""Wie Waldi! benchmark: thousands of bot games under CPython with a simulated clock.

    python bench/waldi.py                 # the full run (a few minutes on 2 cores)
    python bench/waldi.py --scale 0.1     # a smoke run
    python bench/waldi.py --workers 1     # single process
    python bench/waldi.py --versus        # each level against the two references (below)
    python bench/waldi.py --versus --quick --games 100

``--versus`` compares each level with two reference players written here, each given the
*same* reaction timing as the level it meets (they are WaldiBots of that level with only
the judgement replaced: take, turn up, place or put under at the same step times), 2, 3 and 4 players (one level seat against one, two or three references, seats
rotated), with Wilson 95 % intervals:

* ``random``: turns up cards and lays each at a random legal place (puts it under only
  when nothing fits); takes a random pile when its pile is empty or went round unplayed;
* ``greedy``: lays each card where it wins most cards at once (a cat tail on the longest
  dachshund, a tail on its own, a head, a belly on its own), and otherwise anywhere
  rather than putting it under; works on its smallest pile.

Each table advances ``now_ms`` in small steps (``--step``, default 50 ms), applies due
timers with ``tick`` and asks every bot (``bot.act``: ``decide`` paced by its think time).  An intent reaches
the host after a simulated network delay (``--latency``, 10-80 ms by default), and intents
are applied in arrival order, so races for the same open end happen as they would online.

Prints: rounds per second, round length and stop reasons, the win rates of each level
against the others (2, 3 and 4 players), the engine's time per placement (``apply`` of an
``attach`` or ``place_head``, p50/p99 µs), refusals by code, and the §4 invariants checked
at every round's end (all 30 × n cards accounted for, bones as the rules say).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from multiprocessing import Pool

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))

from clubtable.engine import Bot, IllegalAction, Rng, derive_seed  # noqa: E402
from clubtable.games.waldi import GAME  # noqa: E402
from clubtable.games.waldi import cards as C  # noqa: E402
from clubtable.games.waldi.bots import WaldiBot  # noqa: E402
from clubtable.games.waldi.rules import rank_bones_for  # noqa: E402

LEVELS = ("relaxed", "normal", "quick")


def check_round(state: dict) -> None:
    """§4 invariants at a round's end (raises AssertionError)."""
    n = len(state["players"])
    cards = sorted([c for piles in state["piles"] for p in piles for c in p]
                   + [c for d in state["dogs"] for c in d["cards"]])
    assert cards == list(range(C.SET_SIZE * n)), "cards lost or duplicated"
    assert all(r is None for r in state["revealed"])
    res = state["results"][-1]
    won = [0] * n
    for d in state["dogs"]:
        if not d["open"]:
            won[d["owner"]] += len(d["cards"])
    assert res["won_cards"] == won
    opts = state["options"]
    assert res["rank_bones"] == rank_bones_for(won, opts["rank_ties"], opts["min_cards_for_rank_bone"])
    bonus = C.BONE_VALUE[C.PILE_BONUS_BONE[opts["edition"]]]
    assert res["points"] == [(C.BONE_VALUE[b] if b else 0) + (bonus if e else 0)
                             for b, e in zip(res["rank_bones"], res["pile_bonus"])]


# ---------------------------------------------------------------------- references
def _immediate(view: dict, action: dict, mem) -> float:
    """Cards won at once by laying the revealed card as ``action`` (the greedy measure)."""
    face = view["me"]["revealed"]
    if action["type"] == "place_head":
        return 1.0
    dog = next(d for d in view["dogs"] if d["id"] == action["dog"])
    mine = dog["id"] in mem.my_heads      # the bot's own memory (strategy.Memory)
    if face["kind"] == "belly":
        return 0.5 if mine else 0.0
    if face["cat"] or mine:
        return dog["length"] + 1.0
    return -(dog["length"] + 1.0)


class RandomBot(WaldiBot):
    """Reference: the level's own pacing (it is a WaldiBot), random judgement."""

    def _choose_placement(self, view: dict, legal: list) -> dict:
        plays = [a for a in legal if a["type"] in ("place_head", "attach")]
        return self.rng.choice(plays) if plays else {"type": "decline"}

    def _choose_pile(self, view: dict, take: list) -> dict:
        return self.rng.choice(take)


class GreedyBot(WaldiBot):
    """Reference: the level's own pacing, greedy judgement with the fallback of laying the
    card anywhere rather than putting it under; its smallest pile first."""

    def _choose_placement(self, view: dict, legal: list) -> dict:
        plays = [a for a in legal if a["type"] in ("place_head", "attach")]
        if not plays:
            return {"type": "decline"}
        return max(plays, key=lambda a: (_immediate(view, a, self.mem), self.rng.random()))

    def _choose_pile(self, view: dict, take: list) -> dict:
        sizes = view["me"]["piles"]
        return min(take, key=lambda a: (sizes[a["pile"]], a["pile"]))


REFERENCES = {"random": RandomBot, "greedy": GreedyBot}


def make_player(name: str, seat: int, seed: int):
    """``level`` (the game's own bot) or ``ref@level`` (a reference at that level's pace)."""
    if "@" in name:
        ref, level = name.split("@")
        bot = REFERENCES[ref](GAME, seat, level, seed)
        bot.profile = dict(bot.profile, plan=False, fumble=0.0, smart=True)   # its own judgement only
        return bot
    return GAME.bot(name, seat, seed)


def ask(bot, view: dict, legal: list, now: int):
    """(action, think_ms) from a bot of either form: ``act`` (paces itself, think 0) or
    ``decide`` (the table paces it)."""
    if isinstance(bot, Bot) and type(bot).act is Bot.act:
        return bot.decide(view, legal, now)
    action = bot.act(view, legal, now)
    return None if action is None else (action, 0)


def play(levels: list, seed: int, step: int, latency: tuple, options: dict, capture=None) -> dict:
    n = len(levels)
    opts = dict({"scoring_pause_s": 5}, **options)
    state = GAME.new([f"{lv}{i}" for i, lv in enumerate(levels)], seed, opts, 0)
    bots = [make_player(lv, i, seed) for i, lv in enumerate(levels)]
    thinking: dict = {}                      # seat -> (due ms, action) for table-paced bots
    laid = [0] * n                           # cards laid / turned up, per seat
    turned = [0] * n
    bone_rounds = [0] * n
    net = Rng(seed * 7919 + 1)
    queue: list = []                         # [arrival ms, tiebreak, seat, action]
    now = 0
    place_us: list = []
    other_us: list = []
    refused: Counter = Counter()
    lengths: list = []
    reasons: Counter = Counter()
    rounds_checked = 0
    perf = time.perf_counter
    while GAME.result(state) is None:
        now += step
        before = state
        state = GAME.tick(state, now)
        # Intents that have reached the host by now, in arrival order.
        queue.sort()
        while queue and queue[0][0] <= now and GAME.result(state) is None:
            t, _, seat, action = queue.pop(0)
            state = GAME.tick(state, t)
            t0 = perf()
            try:
                prev = state
                state = GAME.apply(state, seat, action, t)
                if capture is not None and action["type"] in ("attach", "place_head"):
                    capture.append((prev, seat, action, t))
            except IllegalAction as e:
                refused[e.code] += 1
            else:
                dt = (perf() - t0) * 1e6
                (place_us if action["type"] in ("attach", "place_head") else other_us).append(dt)
        if len(state["results"]) > len(before["results"]):
            check_round(state)
            rounds_checked += 1
            stop = state["results"][-1]
            reasons[stop["reason"]] += 1
            for i, b in enumerate(stop["pile_bonus"]):
                bone_rounds[i] += int(b)
            lengths.append(state["stop"]["t"] - state["go_ms"])
            queue = []                       # intents in flight meet a stopped round anyway
        if GAME.result(state) is not None:
            break
        order = list(range(n))
        net.shuffle(order)
        for s in order:
            bot = bots[s]
            if s in thinking:
                due, action = thinking[s]
                if now < due:
                    continue
                del thinking[s]
                if action in GAME.legal(state, s):
                    queue.append([now + latency[0] + net.below(latency[1] - latency[0] + 1), net.next64(), s, action])
                continue
            wake = getattr(bot, "wake_ms", None)
            if wake is not None and now < wake and state["phase"] == "live":
                continue                     # asleep: a session may skip asking (bots.py)
            out = ask(bot, GAME.view(state, s), GAME.legal(state, s), now)
            if out is None:
                continue
            action, think = out
            if action["type"] == "reveal":
                turned[s] += 1
            elif action["type"] in ("attach", "place_head"):
                laid[s] += 1
            if think > 0:
                thinking[s] = (now + think, action)
            else:
                queue.append([now + latency[0] + net.below(latency[1] - latency[0] + 1), net.next64(), s, action])
        if now > 3_600_000:
            raise AssertionError("a game ran for an hour of table time")
    res = GAME.result(state)
    return {"levels": levels, "winners": res["winners"], "scores": res["scores"], "place_us": place_us,
            "other_us": other_us, "refused": refused, "lengths": lengths, "reasons": reasons,
            "rounds": rounds_checked, "sim_ms": now, "laid": laid, "turned": turned, "bone_rounds": bone_rounds}


def isolated_apply(games: int = 8) -> list:
    """Engine time of each placement alone: the same ``apply`` repeated, best of 5,
    with the garbage collector held off (it otherwise adds rare multi-ms pauses)."""
    import gc
    samples: list = []
    for i in range(games):
        play(["normal", "quick", "normal", "relaxed"], 50 + i, 50, (10, 80), {}, capture=samples)
    out = []
    gc.collect()
    gc.disable()
    try:
        for state, seat, action, t in samples:
            best = float("inf")
            for _ in range(5):
                t0 = time.perf_counter()
                GAME.apply(state, seat, action, t)
                best = min(best, time.perf_counter() - t0)
            out.append(best * 1e6)
    finally:
        gc.enable()
    return out


def _job(args):
    return play(*args)


def tables(scale: float) -> list:
    """(label, level lists) with seats rotated so no level profits from a seat."""
    k = lambda x: max(1, int(x * scale))  # noqa: E731
    out = []
    for a, b in (("relaxed", "normal"), ("normal", "quick"), ("relaxed", "quick")):
        out.append((f"2p {a} vs {b}", [[a, b] if i % 2 else [b, a] for i in range(k(400))]))
    three = ["relaxed", "normal", "quick"]
    out.append(("3p relaxed/normal/quick", [three[i % 3:] + three[:i % 3] for i in range(k(450))]))
    four = ["relaxed", "normal", "quick", "normal"]
    out.append(("4p relaxed/normal/quick/normal", [four[i % 4:] + four[:i % 4] for i in range(k(400))]))
    out.append(("4p normal x4 (FR)", [["normal"] * 4 for _ in range(k(150))]))
    return out


def wilson(k: float, n: int, z: float = 1.96) -> tuple:
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / d
    return (max(0.0, c - h), min(1.0, c + h))


def versus_rows(levels: list, games: int, sizes=(2, 3, 4), refs=("random", "greedy")) -> list:
    """(label, level, size, seatings): one level seat against references at its pace."""
    out = []
    for level in levels:
        pace = level.split("@")[-1]
        for ref in refs:
            for k in sizes:
                seatings = [[level if s == g % k else f"{ref}@{pace}" for s in range(k)] for g in range(games)]
                out.append((f"{level} vs {k - 1} {ref}", level, k, seatings))
    return out


def versus(args) -> None:
    levels = args.levels.split(",")
    games = args.games or (100 if args.quick else 400)
    sizes = tuple(int(x) for x in args.sizes.split(",")) if args.sizes else ((2,) if args.quick else (2, 3, 4))
    print(f"Wie Waldi! levels against references at the same pace: {games} games per row, step {args.step} ms, "
          f"latency {args.latency[0]}-{args.latency[1]} ms, {args.workers} worker(s)")
    print("win share of the level's seat (shared wins split), Wilson 95 %; fair share = 1/players; "
          "laid = placement intents per card turned up; bone = rounds it won the emptied-pile bone")
    pool = Pool(args.workers) if args.workers > 1 else None
    for label, level, k, seatings in versus_rows(levels, games, sizes, tuple(args.refs.split(","))):
        jobs = [(names, 5000 + g, args.step, tuple(args.latency), {}) for g, names in enumerate(seatings)]
        t0 = time.perf_counter()
        results = pool.map(_job, jobs, chunksize=2) if pool else [_job(j) for j in jobs]
        wins = 0.0
        stats = {"me": [0, 0, 0, 0], "ref": [0, 0, 0, 0]}     # laid, turned, bone rounds, rounds
        for (names, *_), r in zip(jobs, results):
            seat = names.index(level)
            if seat in r["winners"]:
                wins += 1 / len(r["winners"])
            for i in range(k):
                st = stats["me" if i == seat else "ref"]
                st[0] += r["laid"][i]
                st[1] += r["turned"][i]
                st[2] += r["bone_rounds"][i]
                st[3] += r["rounds"]
        lo, hi = wilson(wins, games)
        me, ref = stats["me"], stats["ref"]
        print(f"  {label:30s} {k}p n={games}: {100 * wins / games:5.1f} % [{100 * lo:5.1f}, {100 * hi:5.1f}] "
              f"fair {100 / k:4.1f} % | laid {me[0] / max(1, me[1]):.2f} vs {ref[0] / max(1, ref[1]):.2f}, "
              f"bone {100 * me[2] / max(1, me[3]):3.0f} % vs {100 * ref[2] / max(1, ref[3]):3.0f} % "
              f"({time.perf_counter() - t0:.0f} s)", flush=True)
    if pool:
        pool.close()


def pct(xs: list, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scale", type=float, default=1.0, help="multiply the number of games")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--step", type=int, default=50, help="simulated ms per step")
    ap.add_argument("--latency", type=int, nargs=2, default=(10, 80), help="network delay range, ms")
    ap.add_argument("--versus", action="store_true", help="each level against the random and greedy references")
    ap.add_argument("--levels", default=",".join(LEVELS), help="levels for --versus (policy@level for a bench policy)")
    ap.add_argument("--games", type=int, default=None, help="games per --versus row (default 400, --quick 100)")
    ap.add_argument("--quick", action="store_true", help="--versus: 2-player rows only, 100 games")
    ap.add_argument("--sizes", default=None, help="--versus: table sizes, e.g. 2,4")
    ap.add_argument("--refs", default="random,greedy", help="--versus: reference players")
    args = ap.parse_args()
    if args.versus:
        versus(args)
        return

    plan = tables(args.scale)
    jobs = []
    for label, tabs in plan:
        opts = {"edition": "FR"} if "FR" in label else {}
        jobs += [(label, (levels, 1000 + i, args.step, tuple(args.latency), opts)) for i, levels in enumerate(tabs)]
    print(f"Wie Waldi! bench: {len(jobs)} games, step {args.step} ms, latency {args.latency[0]}-"
          f"{args.latency[1]} ms, {args.workers} worker(s), CPython {sys.version.split()[0]}")
    t0 = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            results = pool.map(_job, [a for _, a in jobs], chunksize=4)
    else:
        results = [_job(a) for _, a in jobs]
    wall = time.perf_counter() - t0

    rounds = sum(r["rounds"] for r in results)
    sim_s = sum(r["sim_ms"] for r in results) / 1000
    print(f"\n{len(results)} games, {rounds} rounds in {wall:.1f} s wall: {rounds / wall:.1f} rounds/s "
          f"({len(results) / wall:.1f} games/s, {sim_s / wall:.0f}x real time over {args.workers} process(es))")
    lengths = [x / 1000 for r in results for x in r["lengths"]]
    reasons = sum((r["reasons"] for r in results), Counter())
    print(f"round length (simulated): mean {sum(lengths) / len(lengths):.1f} s, p50 {pct(lengths, .5):.1f} s, "
          f"p90 {pct(lengths, .9):.1f} s; stops: " + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))
    print(f"invariants checked at the end of all {rounds} rounds: ok")

    print("\nwin rate per seat of each level (shared wins split), mean bone points per seat:")
    by_label: dict = {}
    for (label, _), r in zip(jobs, results):
        by_label.setdefault(label, []).append(r)
    for label, rs in by_label.items():
        wins: Counter = Counter()
        seats: Counter = Counter()
        points: Counter = Counter()
        for r in rs:
            for i, lv in enumerate(r["levels"]):
                seats[lv] += 1
                points[lv] += r["scores"][i]
            for w in r["winners"]:
                wins[r["levels"][w]] += 1 / len(r["winners"])
        # Share of games won per seat of that level (a level with two seats counts each).
        cells = [f"{lv} {100 * wins[lv] / seats[lv]:5.1f}% (bones {points[lv] / seats[lv]:4.1f})"
                 for lv in LEVELS if seats[lv]]
        print(f"  {label:34s} n={len(rs):4d}: " + "; ".join(cells))

    place = [x for r in results for x in r["place_us"]]
    other = [x for r in results for x in r["other_us"]]
    print(f"\nengine apply, placement (attach/place_head) in play: n={len(place)}, p50 {pct(place, .5):.0f} µs, "
          f"p90 {pct(place, .9):.0f} µs, p99 {pct(place, .99):.0f} µs (includes GC pauses and machine load)")
    iso = isolated_apply()
    print(f"engine apply, placement in isolation (4 players, best of 5, no GC): n={len(iso)}, "
          f"p50 {pct(iso, .5):.0f} µs, p99 {pct(iso, .99):.0f} µs, max {max(iso):.0f} µs")
    print(f"engine apply, other intents (take_pile/reveal/decline): n={len(other)}, p50 {pct(other, .5):.0f} µs, "
          f"p99 {pct(other, .99):.0f} µs")
    refused = sum((r["refused"] for r in results), Counter())
    print("refused intents (races and stale intents): " + (", ".join(f"{k} {v}" for k, v in refused.most_common())
                                                          or "none"))


if __name__ == "__main__":
    main()
