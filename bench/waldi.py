"""Wie Waldi! benchmark: thousands of bot games under CPython with a simulated clock.

    python bench/waldi.py                 # the full run (a few minutes on 2 cores)
    python bench/waldi.py --scale 0.1     # a smoke run
    python bench/waldi.py --workers 1     # single process

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

from clubtable.engine import IllegalAction, Rng  # noqa: E402
from clubtable.games.waldi import GAME  # noqa: E402
from clubtable.games.waldi import cards as C  # noqa: E402
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


def play(levels: list, seed: int, step: int, latency: tuple, options: dict, capture=None) -> dict:
    n = len(levels)
    opts = dict({"scoring_pause_s": 5}, **options)
    state = GAME.new([f"{lv}{i}" for i, lv in enumerate(levels)], seed, opts, 0)
    bots = [GAME.bot(lv, i, seed) for i, lv in enumerate(levels)]
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
            lengths.append(state["stop"]["t"] - state["go_ms"])
            queue = []                       # intents in flight meet a stopped round anyway
        if GAME.result(state) is not None:
            break
        order = list(range(n))
        net.shuffle(order)
        for s in order:
            bot = bots[s]
            action = bot.act(GAME.view(state, s), GAME.legal(state, s), now)
            if action is not None:
                queue.append([now + latency[0] + net.below(latency[1] - latency[0] + 1), net.next64(), s, action])
        if now > 3_600_000:
            raise AssertionError("a game ran for an hour of table time")
    res = GAME.result(state)
    return {"levels": levels, "winners": res["winners"], "scores": res["scores"], "place_us": place_us,
            "other_us": other_us, "refused": refused, "lengths": lengths, "reasons": reasons,
            "rounds": rounds_checked, "sim_ms": now}


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


def pct(xs: list, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scale", type=float, default=1.0, help="multiply the number of games")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--step", type=int, default=50, help="simulated ms per step")
    ap.add_argument("--latency", type=int, nargs=2, default=(10, 80), help="network delay range, ms")
    args = ap.parse_args()

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
