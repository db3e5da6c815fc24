"""Dobbelduel benchmark: the computer code breaker against a baseline and a deeper search.

    python bench/dobbelduel.py [--matches 10000] [--jobs 2] [--positions 40] [--ready 12]

Prints, for ``--matches`` matches per player (each through the real engine, the bots
seeing only their views):
* the mean score and success rate of the "hard" bot, of the "normal" bot, and of the
  baseline ("easy": place every rolled die, solve when one code is left);
* the hard bot's time per move (p50 / p99 / max, CPython; wall clock, and CPU time of the
  process, which a busy machine does not inflate);
* on positions sampled from the hard bot's games, its choice against the best choice of a
  search one effort deeper (exhaustive over the roll's placements, every feedback, every
  next roll and next placement): the expected-score ratio, bot / best.
Exit status 1 when a target is missed: hard > baseline, mean ratio >= 0.95, p99 < 100 ms.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "py"))

from clubtable.engine import Rng, derive_seed  # noqa: E402  (derive_seed: bots only)
from clubtable.games.dobbelduel import GAME, solver  # noqa: E402
from clubtable.games.dobbelduel.bots import DobbelduelBot  # noqa: E402


def play_games(args):
    """Worker: ``games`` two-match games between two bots of ``level``.  Returns the breaker
    scores, the breaker's move times (ms) and, when ``sample``, the hard bot's decisions."""
    level, first, games, seed, sample = args
    scores, times, placements, readies = [], [], [], []
    # Game seeds from one SplitMix64 stream, so a worker's slice [first, first + games) is the
    # same games however the work is split (derive_seed would do as well: it is SHA-256).
    stream = Rng(seed)
    for _ in range(first):
        stream.next64()
    for g in range(first, first + games):
        gseed = stream.next64()
        state = GAME.new(["A", "B"], seed=gseed, options={"first_code_maker": g % 2})
        bots = [GAME.bot(level, s, derive_seed(gseed, "bot", s)) for s in (0, 1)]
        for b in bots:
            b.pace_ms = 0
        t = 0
        while GAME.result(state) is None:
            t += 1
            [seat] = GAME.awaited(state)
            view = GAME.view(state, seat)
            legal = GAME.legal(state, seat)
            t0, c0 = time.perf_counter(), time.process_time()
            action = bots[seat].act(view, legal, t)
            times.append(((time.perf_counter() - t0) * 1000.0, (time.process_time() - c0) * 1000.0))
            if sample:
                board = view["board"]
                codes = solver.consistent(solver.board_rows(board))
                e, s = board["efforts_used"], board["supply"]
                if action["type"] == "place":
                    placements.append((codes, e, s, tuple(board["rolled"]), action["row"]))
                elif board["phase"] == "ready" and 2 <= codes.bit_count() <= 8:
                    readies.append((codes, e, s, action["type"] == "solve"))
            state = GAME.apply(state, seat, action, t)
        for m in state["matches"]:
            scores.append(m["score"]["total"])
    return scores, times, placements, readies


_DEEP = None


def deep_searcher() -> solver.DeepSearcher:
    global _DEEP                  # one per worker process, so its caches are shared
    if _DEEP is None:
        _DEEP = solver.DeepSearcher()
    return _DEEP


def deep_placement(args):
    """Worker: deep values of every placement of a sampled roll; the bot's ratio."""
    codes, e, s, roll, row = args
    deep = deep_searcher()
    values = deep.deep_row_values(codes, e, s, roll)
    best = max(v for v, _ in values)
    mine = next(v for v, r in values if r == list(row))
    return e, codes.bit_count(), mine, best


def deep_ready(args):
    """Worker: deep values of solving now and of rolling on; the bot's ratio."""
    codes, e, s, solved = args
    deep = deep_searcher()
    now, roll_on = deep.deep_ready_values(codes, e, s)
    return e, codes.bit_count(), (now if solved else roll_on), max(now, roll_on), solved


def run_level(pool, level, matches, jobs, seed, sample=False):
    games = (matches + 1) // 2
    per = [(games * i) // jobs for i in range(jobs + 1)]
    chunks = [(level, per[i], per[i + 1] - per[i], seed, sample) for i in range(jobs)]
    t0 = time.time()
    parts = pool.map(play_games, chunks)
    scores = [x for p in parts for x in p[0]][:matches]
    times = [x for p in parts for x in p[1]]
    placements = [x for p in parts for x in p[2]]
    readies = [x for p in parts for x in p[3]]
    return scores, times, placements, readies, time.time() - t0


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def stratified(items, key, total, rng):
    """Up to ``total`` items spread evenly over the values of ``key``."""
    groups: dict = {}
    for it in items:
        groups.setdefault(key(it), []).append(it)
    for g in groups.values():
        rng.shuffle(g)
    out, i = [], 0
    while len(out) < total and any(i < len(g) for g in groups.values()):
        for k in sorted(groups):
            if i < len(groups[k]) and len(out) < total:
                out.append(groups[k][i])
        i += 1
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description="Dobbelduel bot benchmark")
    ap.add_argument("--matches", type=int, default=10000, help="matches per player (default 10000)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--positions", type=int, default=40, help="placement positions for the deep check")
    ap.add_argument("--ready", type=int, default=12, help="solve-or-roll positions for the deep check")
    ap.add_argument("--seed", type=int, default=2011)
    args = ap.parse_args()
    start = time.time()
    print(f"Dobbelduel benchmark: {args.matches} matches per player, {args.jobs} jobs, seed {args.seed}")
    with Pool(args.jobs) as pool:
        summary = {}
        for level, label in (("hard", "hard bot"), ("normal", "normal bot"), ("easy", "baseline (easy)")):
            scores, times, placements, readies, secs = run_level(
                pool, level, args.matches, args.jobs, args.seed, sample=(level == "hard"))
            mean = statistics.mean(scores)
            se = statistics.pstdev(scores) / len(scores) ** 0.5
            ok = sum(1 for x in scores if x) / len(scores)
            summary[level] = mean
            print(f"  {label:16s} mean score {mean:6.2f} ± {se:.2f}   success {100 * ok:5.1f}%   "
                  f"({len(scores)} matches, {secs:.0f} s)")
            if level == "hard":
                hard_times, hard_place, hard_ready = times, placements, readies
        wall = [w for w, _ in hard_times]
        cpu = [c for _, c in hard_times]
        print(f"  hard bot time per move (CPython, {len(wall)} moves): wall p50 {pct(wall, 0.5):.2f} ms, "
              f"p99 {pct(wall, 0.99):.2f} ms, max {max(wall):.1f} ms; "
              f"CPU p50 {pct(cpu, 0.5):.2f} ms, p99 {pct(cpu, 0.99):.2f} ms, max {max(cpu):.1f} ms")

        rng = Rng(args.seed)
        sample = stratified(hard_place, lambda p: min(p[1], 4), args.positions, rng)
        t0 = time.time()
        res = pool.map(deep_placement, sample, chunksize=1)
        ratios = [mine / best for _, _, mine, best in res]
        print(f"  deep check, placements: {len(res)} positions (efforts used 0..{max(r[0] for r in res)}), "
              f"mean ratio {statistics.mean(ratios):.4f}, worst {min(ratios):.4f}, "
              f"best choice in {100 * sum(1 for r in ratios if r > 1 - 1e-9) / len(ratios):.0f}% "
              f"({time.time() - t0:.0f} s)")
        for e in sorted({r[0] for r in res}):
            rs = [mine / best for ee, _, mine, best in res if ee == e]
            print(f"      after {e} efforts: {len(rs):3d} positions, mean ratio {statistics.mean(rs):.4f}")
        rsample = stratified(hard_ready, lambda p: p[3], args.ready, rng)
        t0 = time.time()
        rres = pool.map(deep_ready, rsample, chunksize=1) if rsample else []
        rratios = [mine / best for _, _, mine, best, _ in rres]
        if rres:
            print(f"  deep check, solve or roll (2..8 codes left): {len(rres)} positions "
                  f"({sum(1 for r in rres if r[4])} solved), mean ratio {statistics.mean(rratios):.4f}, "
                  f"worst {min(rratios):.4f} ({time.time() - t0:.0f} s)")
    all_ratios = ratios + rratios
    checks = {
        "hard beats the baseline": summary["hard"] > summary["easy"],
        "within 5% of the deeper search (mean ratio)": statistics.mean(all_ratios) >= 0.95,
        "p99 move time under 100 ms": pct(wall, 0.99) < 100.0,
    }
    for name, ok in checks.items():
        print(f"  {'PASS' if ok else 'FAIL'}: {name}")
    print(f"  total {time.time() - start:.0f} s")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
