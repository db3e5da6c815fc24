"""Fit the breaker's value table C(n, e, s) (developer tool; not used by the game at run time).

    python -m clubtable.games.dobbelduel.fit [--rounds 2] [--games 2000] [--jobs 2]

C(n, e, s) is the expected final score of *rolling* from a ready position with ``n``
consistent codes, ``e`` efforts used and ``s`` white dice left.  It is fitted by backward
induction over ``e`` (the effort count only grows): for e = 6 down to 0, sample candidate
sets that real play reaches after ``e`` efforts, compute for each the exact value of
rolling (every roll, every placement, every feedback) using the already fitted table for
``e + 1`` one effort ahead, and smooth the results over ``log n`` onto a grid.  The sets come
from games played by the bot itself (with some random exploration), and the procedure is
repeated so the sets follow the fitted policy.  The result is written to
:mod:`.value_table`.
"""
from __future__ import annotations

import argparse
import os
import time
from math import log
from multiprocessing import Pool

from ...engine import Rng
from . import solver
from .board import MAX_EFFORTS, ROLL_SIZE, WHITE_DICE, feedback

GRID = [1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 32, 40, 50, 64, 80, 100, 128, 160, 200,
        256, 320, 400, 512, 640, 800, 1000, 1296]


def simulate(searcher: solver.Searcher, rng: Rng, explore: float = 0.0, record=None) -> int:
    """One match of the searcher as breaker (no engine overhead); returns its score.
    ``record`` collects the ready positions ``(codes, e)``."""
    code = [rng.randint(1, 6) for _ in range(4)]
    codes, e, s = solver.ALL, 0, WHITE_DICE
    while True:
        if record is not None:
            record.append((codes, e))
        if e >= MAX_EFFORTS or s <= 0 or searcher.should_solve(codes, e, s):
            guess = solver.CODES[rng.choice(solver.members(codes))]
            return solver.score(e, s) if list(guess) == code else 0
        roll = [rng.randint(1, 6) for _ in range(min(ROLL_SIZE, s))]
        if explore and rng.random() < explore:
            k = 1 + rng.below(len(roll))
            cols = [0, 1, 2, 3]
            rng.shuffle(cols)
            row = [None] * 4
            for w, c in zip(roll[:k], cols):
                row[c] = w
        else:
            row = searcher.best_row(codes, e, s, roll)[1]
        fb = feedback(code, row)
        codes = solver.partition(codes, row)[solver.feedback_key(fb)]
        e += 1
        s -= sum(1 for v in row if v is not None)


def _collect(args):
    table, games, seed, explore = args
    searcher = solver.Searcher(solver.ValueModel(GRID, table))
    rng = Rng(seed)
    rec: list = []
    for _ in range(games):
        simulate(searcher, rng, explore, rec)
    return rec


def s_range(e: int) -> range:
    """White dice one can have left after ``e`` efforts (each used 1..4), and at least 1."""
    return range(max(1, WHITE_DICE - ROLL_SIZE * e), WHITE_DICE - e + 1)


def continuation_for_all_s(codes: int, e: int, model: solver.ValueModel) -> dict:
    """{s: value of rolling} for every s in ``s_range(e)``; the placements are enumerated
    once and re-scored for each s."""
    pos = solver.Position(codes)
    n = pos.n
    outcomes = {}
    for row, k, sizes in solver.row_outcomes(pos, None, ROLL_SIZE):
        ms = tuple(sorted(w for w in row if w is not None))
        outcomes.setdefault(ms, []).append(sizes)
    out = {}
    for s in s_range(e):
        kmax = min(ROLL_SIZE, s)
        g = [model.g(e + 1, s - k) for k in range(kmax + 1)]
        best = {}
        for ms, lists in outcomes.items():
            k = len(ms)
            if k > kmax:
                continue
            gk = g[k]
            best[ms] = max(sum(gk[m] for m in sizes) for sizes in lists) / n
        out[s] = sum(p * max(best[sub] for sub in solver.SUBS[roll])
                     for roll, p in solver.ROLLS[kmax])
    return out


def _evaluate(args):
    table, e, sets = args
    model = solver.ValueModel(GRID, table)
    return [(codes.bit_count(), continuation_for_all_s(codes, e, model)) for codes in sets]


def smooth(points: list) -> list:
    """Weighted local-linear fit in log n at each grid point (triangular kernel reaching the
    neighbouring grid points); grid points with no data take the nearest fitted value."""
    xs = [log(m) for m in GRID]
    fitted: list = [None] * len(GRID)
    for j, x0 in enumerate(xs):
        lo = xs[j - 1] if j else x0 - 1e-9
        hi = xs[j + 1] if j + 1 < len(xs) else x0 + 1e-9
        sw = swx = swy = swxx = swxy = 0.0
        for m, y in points:
            x = log(m)
            if x < lo or x > hi:
                continue
            w = 1.0 - (x0 - x) / (x0 - lo) if x < x0 else (1.0 - (x - x0) / (hi - x0) if x > x0 else 1.0)
            if w <= 0:
                continue
            dx = x - x0
            sw += w
            swx += w * dx
            swy += w * y
            swxx += w * dx * dx
            swxy += w * dx * y
        if sw <= 0:
            continue
        det = sw * swxx - swx * swx
        if det > 1e-9 * max(sw * swxx, 1e-12):
            fitted[j] = (swxx * swy - swx * swxy) / det
        else:
            fitted[j] = swy / sw
    known = [j for j, v in enumerate(fitted) if v is not None]
    if not known:
        return []
    for j in range(len(GRID)):
        if fitted[j] is None:
            near = min(known, key=lambda k: abs(k - j))
            fitted[j] = fitted[near]
    return [round(v, 4) for v in fitted]


def backward_fit(positions: list, per_bucket: int, seed: int, pool) -> dict:
    rng = Rng(seed)
    by_e: dict = {}
    for codes, e in positions:
        if e < MAX_EFFORTS:
            by_e.setdefault(e, set()).add(codes)
    logs = [log(m) for m in GRID]
    table: dict = {}
    for e in range(MAX_EFFORTS - 1, -1, -1):
        buckets: dict = {}
        for codes in sorted(by_e.get(e, ())):
            n = codes.bit_count()
            j = min(range(len(GRID)), key=lambda k: abs(logs[k] - log(n)))
            buckets.setdefault(j, []).append(codes)
        sets = []
        for j in sorted(buckets):
            b = buckets[j]
            rng.shuffle(b)
            sets.extend(b[:per_bucket])
        chunks = [(table, e, sets[i::8]) for i in range(8)]
        results = [r for part in pool.map(_evaluate, chunks) for r in part]
        table[e] = {}
        prev = None
        for s in s_range(e):
            row = smooth([(n, vals[s]) for n, vals in results])
            if row and prev:
                # One more white die never hurts (it can stay unused for a point), so the
                # value cannot fall as s grows: smooth out sampling noise that says otherwise.
                row = [max(a, b) for a, b in zip(row, prev)]
            if row:
                table[e][s] = prev = row
        print(f"  e={e}: {len(sets)} sets", flush=True)
    return table


def write_table(table: dict, path: str) -> None:
    lines = [
        '"""Fitted value of continuing, C(n, e, s): generated by',
        "``python -m clubtable.games.dobbelduel.fit`` (see that module).  ``TABLE[e][s]``",
        'lists C at the sizes ``GRID``; the solver interpolates in log n."""',
        f"GRID = {GRID!r}",
        "TABLE = {",
    ]
    for e in sorted(table):
        lines.append(f"    {e}: {{")
        for s in sorted(table[e]):
            lines.append(f"        {s}: {table[e][s]!r},")
        lines.append("    },")
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--per-bucket", type=int, default=10)
    ap.add_argument("--explore", type=float, default=0.15)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2011)
    ap.add_argument("--start", choices=["heuristic", "current"], default="heuristic")
    args = ap.parse_args()
    if args.start == "current":
        from . import value_table
        table = value_table.TABLE
    else:
        table = {}
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "value_table.py")
    with Pool(args.jobs) as pool:
        for r in range(args.rounds):
            t0 = time.time()
            chunks = [(table, args.games // args.jobs, args.seed * 100 + r * 10 + i, args.explore)
                      for i in range(args.jobs)]
            positions = [p for part in pool.map(_collect, chunks) for p in part]
            print(f"round {r}: {len(positions)} positions in {time.time() - t0:.0f}s", flush=True)
            table = backward_fit(positions, args.per_bucket, args.seed + r, pool)
            write_table(table, out)
            print(f"round {r} done in {time.time() - t0:.0f}s -> {out}", flush=True)


if __name__ == "__main__":
    main()
