"""The code breaker's reasoning: consistent codes, feedback partitions, expected scores.

Everything here works from PUBLIC information only (the rows on the board and their
feedback counts), so a UI may run :func:`notebook` on the breaker's view and a bot may
search with it without ever reading the code.

Representation.  The 6**4 = 1,296 codes are numbered ``i = sum((d_c - 1) * 6**c)``; a set of
codes is a Python ``int`` used as a bitset (bit ``i`` set = code ``i`` still possible).
``MASKS[c][w]`` holds, for a white die ``w`` in column ``c``, the three bitsets of codes for
which that die shows ``=``, ``+`` and ``-``.  Splitting a set by a row is a few ANDs per
column, and a feedback outcome is the integer ``eq + 5*plus + 25*minus``.

Values.  All consistent codes are equally likely (the code is rolled uniformly and feedback
is deterministic), so solving now with any consistent code wins with probability 1/n.
The expected final score of a *ready* position (no effort in progress) with ``n`` codes
left, ``e`` efforts used and ``s`` white dice left is estimated as
``V(n, e, s) = max(score(e, s) / n, C(n, e, s))`` where ``C`` is the value of continuing,
a table fitted offline by backward induction over ``e`` on positions from real play
(:mod:`.fit`, stored in :mod:`.value_table`).  The search below is exact over the current
roll, every placement and every feedback, and uses ``V`` one effort ahead.
"""
from __future__ import annotations

from bisect import bisect_right
from itertools import compress
from math import log
from typing import Iterable, Optional

from .board import FACES, MAX_EFFORTS, N_COLUMNS, ROLL_SIZE, match_score

# --------------------------------------------------------------------- the code space
N_CODES = 6 ** N_COLUMNS
CODES = [tuple((i // 6 ** c) % 6 + 1 for c in range(N_COLUMNS)) for i in range(N_CODES)]
ALL = (1 << N_CODES) - 1
EQ, PLUS, MINUS = 1, 5, 25          # feedback key = eq*1 + plus*5 + minus*25


def code_index(code: Iterable[int]) -> int:
    return sum((d - 1) * 6 ** c for c, d in enumerate(code))


def _bitset_from_flags(flags: list) -> int:
    # int(str, 2) builds a 1,296-bit integer in one step (much faster than 1,296 ORs).
    return int("".join("1" if f else "0" for f in reversed(flags)), 2)


def _build_masks() -> list:
    masks = [[None] * 7 for _ in range(N_COLUMNS)]
    for c in range(N_COLUMNS):
        col = [code[c] for code in CODES]
        for w in FACES:
            masks[c][w] = (
                _bitset_from_flags([d == w for d in col]),   # '='
                _bitset_from_flags([d > w for d in col]),    # '+': "has to be higher"
                _bitset_from_flags([d < w for d in col]),    # '-': "has to be lower"
            )
    return masks


MASKS = _build_masks()


def feedback_key(fb: dict) -> int:
    return fb["eq"] * EQ + fb["plus"] * PLUS + fb["minus"] * MINUS


def key_feedback(key: int) -> dict:
    return {"eq": key % 5, "plus": key // 5 % 5, "minus": key // 25}


def split(parts: dict, masks: list, col: int, w: int) -> dict:
    """Refine a partition ``{feedback key: bitset}`` by one more die ``w`` in column ``col``."""
    me, mp, mm = masks[col][w]
    new: dict = {}
    get = new.get
    for key, b in parts.items():
        x = b & me
        if x:
            new[key + EQ] = get(key + EQ, 0) | x
        x = b & mp
        if x:
            new[key + PLUS] = get(key + PLUS, 0) | x
        x = b & mm
        if x:
            new[key + MINUS] = get(key + MINUS, 0) | x
    return new


def partition(codes: int, row: list, masks: list = MASKS) -> dict:
    """The codes of ``codes`` grouped by the feedback ``row`` would get: {key: bitset}."""
    parts = {0: codes}
    for c, w in enumerate(row):
        if w is not None:
            parts = split(parts, masks, c, w)
    return parts


def consistent(rows: Iterable) -> int:
    """The bitset of codes consistent with every ``(dice, feedback)`` pair."""
    codes = ALL
    for dice, fb in rows:
        codes = partition(codes, dice).get(feedback_key(fb), 0)
        if not codes:
            break
    return codes


def board_rows(board: dict) -> list:
    """The (dice, feedback) pairs of a board in a view (rows still awaiting manual
    feedback carry no information yet)."""
    return [(r["dice"], r["feedback"]) for r in board["rows"] if r["feedback"] is not None]


_BIN_DIGIT = bytes.maketrans(b"01", b"\x00\x01")


def members(codes: int) -> list:
    """Indices of the set bits, ascending."""
    s = bin(codes)[:1:-1].encode()
    return list(compress(range(len(s)), s.translate(_BIN_DIGIT)))


def notebook(view: dict, list_limit: int = 24) -> dict:
    """The breaker's notebook, from the public board of a view only.

    Returns ``{"count": n, "possible": [[values] per column], "p_best": 1/n or 0,
    "candidates": [[v0..v3], ...] when n <= list_limit else None}``.  ``count`` 0 means the
    feedback given contradicts itself (possible only with manual feedback).
    """
    codes = consistent(board_rows(view["board"]))
    n = codes.bit_count()
    possible = [[w for w in FACES if codes & MASKS[c][w][0]] for c in range(N_COLUMNS)]
    cands = [list(CODES[i]) for i in members(codes)] if n <= list_limit else None
    return {"count": n, "possible": possible, "p_best": (1.0 / n) if n else 0.0,
            "candidates": cands}


# --------------------------------------------------------------------- dice rolls
def _multisets(k: int, lo: int = 1) -> list:
    if k == 0:
        return [()]
    return [(w,) + rest for w in range(lo, 7) for rest in _multisets(k - 1, w)]


def _roll_probability(roll: tuple) -> float:
    from math import factorial
    p = factorial(len(roll))
    for w in set(roll):
        p //= factorial(roll.count(w))
    return p / 6 ** len(roll)


ROLLS = {k: [(r, _roll_probability(r)) for r in _multisets(k)] for k in range(1, ROLL_SIZE + 1)}


def _sub_multisets(roll: tuple) -> list:
    subs = set()
    n = len(roll)
    for mask in range(1, 1 << n):
        subs.add(tuple(roll[i] for i in range(n) if mask >> i & 1))
    return sorted(subs)


SUBS = {r: _sub_multisets(r) for k in ROLLS for r, _ in ROLLS[k]}


# --------------------------------------------------------------------- value model
def score(e: int, s: int) -> int:
    return match_score(e, s)


class ValueModel:
    """``V(n, e, s)`` and the per-(e, s) lookup arrays ``g[n] = n * V(n, e, s)``.

    ``table[e][s]`` lists the value of continuing ``C`` at the sizes ``grid`` (interpolated
    linearly in log n between them); ``None`` means "use the fallback heuristic".
    """

    def __init__(self, grid: Optional[list] = None, table: Optional[dict] = None) -> None:
        if grid is None or table is None:
            from . import value_table
            grid = value_table.GRID if grid is None else grid
            table = value_table.TABLE if table is None else table
        self.grid = list(grid)
        self.logs = [log(m) for m in self.grid]
        self.table = table or {}
        self._g: dict = {}

    def cont(self, n: int, e: int, s: int) -> float:
        """C(n, e, s): expected final score if B rolls again (0 when he may not)."""
        if e >= MAX_EFFORTS or s <= 0 or n <= 0:
            return 0.0
        row = self.table.get(e, {}).get(s) if self.table else None
        if row is None:
            return heuristic_cont(n, e, s)
        grid = self.grid
        if n <= grid[0]:
            return row[0]
        if n >= grid[-1]:
            return row[-1]
        j = bisect_right(grid, n)
        lo, hi = j - 1, j
        if grid[lo] == n:
            return row[lo]
        t = (log(n) - self.logs[lo]) / (self.logs[hi] - self.logs[lo])
        return row[lo] + t * (row[hi] - row[lo])

    def value(self, n: int, e: int, s: int) -> float:
        if n <= 0:
            return 0.0
        return max(score(e, s) / n, self.cont(n, e, s))

    def g(self, e: int, s: int) -> "_Values":
        """``n * V(n, e, s)`` looked up by ``n`` (0..1296): summing it over a partition's sizes
        and dividing by the set's size gives the expected score after that feedback.  Each
        entry is worked out the first time it is read (a search reads a few dozen of the
        1,297; building them all at a bot's first decision at each (e, s) paused the page)."""
        vals = self._g.get((e, s))
        if vals is None:
            sc = score(e, s)
            row = self.table.get(e, {}).get(s) if self.table else None
            if e >= MAX_EFFORTS or s <= 0:
                vals = _Values(lambda n: sc if n else 0)
            elif row is None:
                vals = _Values(_heuristic_g(e, s, sc))
            else:
                vals = _Values(self._interpolated(row, sc))
            self._g[(e, s)] = vals
        return vals

    def _interpolated(self, row: list, sc: float):
        """``n -> max(score, n * C(n))`` with C interpolated linearly in log n between the
        grid's sizes (the same values as :meth:`cont` gives)."""
        grid, logs = self.grid, self.logs

        def at(n: int) -> float:
            if n <= 0:
                return 0.0
            if n < grid[0]:
                return max(sc, n * row[0])
            if n >= grid[-1]:
                return max(sc, n * row[-1])
            j = bisect_right(grid, n) - 1
            c0, dc, l0, dl = row[j], row[j + 1] - row[j], logs[j], logs[j + 1] - logs[j]
            return max(sc, n * (c0 + dc * (_LOG[n] - l0) / dl))
        return at


class _Values(dict):
    """``n -> f(n)``, each worked out once, on first reading."""

    __slots__ = ("f",)

    def __init__(self, f) -> None:
        super().__init__()
        self.f = f

    def __missing__(self, n: int):
        v = self[n] = self.f(n)
        return v


_LOG = [0.0] + [log(n) for n in range(1, N_CODES + 1)]


def heuristic_cont(n: int, e: int, s: int) -> float:
    """A crude value of continuing, used before any table is fitted and by the "normal"
    bot: each further effort uses up to 4 dice and divides the candidates by about 1.5
    per die placed; B solves after the best number of further efforts."""
    best = 0.0
    m, used = float(n), 0
    for j in range(1, MAX_EFFORTS - e + 1):
        k = min(ROLL_SIZE, s - used)
        if k <= 0:
            break
        used += k
        m = max(1.0, m / 1.5 ** k)
        best = max(best, score(e + j, s - used) / m)
    return best


def _heuristic_g(e: int, s: int, sc: float):
    """``n -> max(score, n * heuristic_cont(n, e, s))`` with the same arithmetic, the
    efforts' steps worked out once instead of once per ``n``."""
    steps = []
    used = 0
    for j in range(1, MAX_EFFORTS - e + 1):
        k = min(ROLL_SIZE, s - used)
        if k <= 0:
            break
        used += k
        steps.append((1.5 ** k, score(e + j, s - used)))

    def at(n: int) -> float:
        if n <= 0:
            return 0.0
        best = 0.0
        m = float(n)
        for d, sj in steps:
            m = m / d
            if m < 1.0:
                m = 1.0
            v = sj / m
            if v > best:
                best = v
        v = n * best
        return v if v > sc else sc
    return at


_DEFAULT_MODEL: Optional[ValueModel] = None


def default_model() -> ValueModel:
    """The fitted model (shared: its lookup arrays are built once per process)."""
    global _DEFAULT_MODEL
    if _DEFAULT_MODEL is None:
        _DEFAULT_MODEL = ValueModel()
    return _DEFAULT_MODEL


_HEURISTIC_MODEL: Optional[ValueModel] = None


def heuristic_model() -> ValueModel:
    """The crude model of :func:`heuristic_cont` (the "normal" bot), shared likewise."""
    global _HEURISTIC_MODEL
    if _HEURISTIC_MODEL is None:
        _HEURISTIC_MODEL = ValueModel(table={})
    return _HEURISTIC_MODEL


# --------------------------------------------------------------------- local bitsets
#: the digit of every code in each column, one byte per code
_COLUMN_DIGITS = [bytes(code[c] for code in CODES) for c in range(N_COLUMNS)]
#: for a white die ``w``: translations of digit bytes to b"1"/b"0" for '=', '+' and '-'
_SYMBOL_FLAGS = {
    w: tuple(bytes.maketrans(bytes(FACES), bytes(ord("1") if shows(d) else ord("0") for d in FACES))
             for shows in (lambda d, w=w: d == w, lambda d, w=w: d > w, lambda d, w=w: d < w))
    for w in FACES
}


class Position:
    """A candidate set re-indexed to ``0..n-1`` so its bitsets are small ints (fast), with
    the per-(column, value) masks restricted to it."""

    __slots__ = ("codes", "idx", "n", "full", "masks")

    def __init__(self, codes: int) -> None:
        self.codes = codes
        self.idx = members(codes)
        self.n = len(self.idx)
        self.full = (1 << self.n) - 1
        if self.n > 400:
            # Re-indexing costs more than it saves on big sets: use the global masks.
            self.masks = MASKS
            self.full = codes
            return
        # Each column's digits of the candidates, last candidate first, as one byte string;
        # a translation to b"0"/b"1" per (value, symbol) read in base 2 is the local bitset.
        order = self.idx[::-1]
        masks = []
        for c in range(N_COLUMNS):
            digits = bytes(map(_COLUMN_DIGITS[c].__getitem__, order))
            per = [None]
            for w in FACES:
                if digits:
                    per.append(tuple(int(digits.translate(t), 2) for t in _SYMBOL_FLAGS[w]))
                else:
                    per.append((0, 0, 0))
            masks.append(per)
        self.masks = masks

    def code(self, j: int) -> list:
        """The code of local bit ``j`` (or global bit, for big sets)."""
        return list(CODES[self.idx[j]] if self.masks is not MASKS else CODES[j])

    def to_global(self, bits: int) -> int:
        if self.masks is MASKS:
            return bits
        out = 0
        for j in members(bits):
            out |= 1 << self.idx[j]
        return out


def split_counts(parts: dict, masks: list, col: int, w: int) -> dict:
    """:func:`split` for the full code set, by sizes alone: ``{feedback key: group size}``.
    The 1,296 codes are every column's six faces combined, so a die ``w`` sends one sixth of
    each group to ``=``, ``(6 - w)`` sixths to ``+`` and ``(w - 1)`` sixths to ``-``: the same
    groups as the bitsets give, in the same order, for a few small sums."""
    new: dict = {}
    get = new.get
    for key, m in parts.items():
        m //= 6
        new[key + EQ] = get(key + EQ, 0) + m
        if w < 6:
            new[key + PLUS] = get(key + PLUS, 0) + m * (6 - w)
        if w > 1:
            new[key + MINUS] = get(key + MINUS, 0) + m * (w - 1)
    return new


def visit_rows(pos: Position, visit, values: Optional[tuple] = None, max_dice: int = ROLL_SIZE,
               informative_only: bool = False, counts: bool = False) -> None:
    """Call ``visit(row, k, parts)`` for every non-empty row: ``parts`` is ``pos`` split by
    the feedback that row would get ({key: local bitset}, or {key: group size} with
    ``counts``).  With ``values`` (a roll) the rows use those dice; without, any values, at
    most ``max_dice`` dice.  ``row`` is a list reused between calls: copy it to keep it.

    Each row is one node of a recursion that adds dice column by column, so rows sharing
    a prefix share its work, and a row's groups are dropped once it is visited (a search
    keeps no more than it needs, which spares the cycle collector).  ``informative_only``
    leaves out dice that show the same symbol for every candidate (they only shift every
    count alike): such a row has the same groups as the row without that die and costs a
    die more, so it never beats it."""
    masks, full = pos.masks, pos.full
    options = []
    for c in range(N_COLUMNS):
        ws = []
        for w in FACES:
            if informative_only:
                me, mp, mm = masks[c][w]
                if me & full == full or mp & full == full or mm & full == full:
                    continue
            ws.append(w)
        options.append(ws)
    if values is not None:
        avail: dict = {}
        for w in values:
            avail[w] = avail.get(w, 0) + 1
        max_dice = len(values)
    else:
        avail = {w: max_dice for w in FACES}
    if counts:
        if pos.codes != ALL:
            raise ValueError("group sizes by counting need the full code set")
        refine, start = split_counts, {0: N_CODES}
    else:
        refine, start = split, {0: full}
    row = [None] * N_COLUMNS

    def rec(col: int, parts: dict, k: int) -> None:
        if k:
            visit(row, k, parts)
            if k >= max_dice:
                return
        for c in range(col, N_COLUMNS):
            for w in options[c]:
                if avail[w] if w in avail else 0:
                    avail[w] -= 1
                    row[c] = w
                    rec(c + 1, refine(parts, masks, c, w), k + 1)
                    row[c] = None
                    avail[w] += 1

    rec(0, start, 0)
    del rec     # a function that calls itself is a cycle: break it, for the collector's sake


def rows_with_parts(pos: Position, values: Optional[tuple] = None, max_dice: int = ROLL_SIZE,
                    informative_only: bool = False) -> list:
    """Every non-empty row as ``(row, k, parts)`` (see :func:`visit_rows`), all kept."""
    out: list = []
    visit_rows(pos, lambda row, k, parts: out.append((tuple(row), k, parts)),
               values, max_dice, informative_only)
    return out


def row_outcomes(pos: Position, values: Optional[tuple] = None, max_dice: int = ROLL_SIZE,
                 informative_only: bool = False) -> list:
    """Like :func:`rows_with_parts` with the group sizes instead of the groups."""
    out: list = []
    if pos.codes == ALL:
        visit_rows(pos, lambda row, k, parts: out.append((tuple(row), k, list(parts.values()))),
                   values, max_dice, informative_only, counts=True)
    else:
        visit_rows(pos, lambda row, k, parts: out.append(
            (tuple(row), k, [b.bit_count() for b in parts.values()])),
            values, max_dice, informative_only)
    return out


def visit_outcomes(pos: Position, visit, values: Optional[tuple] = None, max_dice: int = ROLL_SIZE,
                   informative_only: bool = False) -> None:
    """:func:`visit_rows` with the group sizes: ``visit(row, k, sizes)`` (``sizes`` an
    iterable read once; the groups of the full set are counted, not built)."""
    if pos.codes == ALL:
        visit_rows(pos, lambda row, k, parts: visit(row, k, parts.values()),
                   values, max_dice, informative_only, counts=True)
    else:
        visit_rows(pos, lambda row, k, parts: visit(row, k, [b.bit_count() for b in parts.values()]),
                   values, max_dice, informative_only)


class Searcher:
    """Expected-score search for the breaker (the "hard" bot and the benchmark)."""

    #: solving is searched exactly only when worth at least this share of the fitted
    #: value of rolling on (below it, rolling on is clearly better)
    skip_ratio = 0.5

    def __init__(self, model: Optional[ValueModel] = None, cache_size: int = 4096) -> None:
        self.model = model or default_model()
        self.cache_size = cache_size
        self._cont: dict = {}
        self._rows: dict = {}

    def _remember(self, cache: dict, key, value):
        if len(cache) >= self.cache_size:
            cache.clear()       # simple and bounded; hits come mostly from early positions
        cache[key] = value
        return value

    # ---------------------------------------------------------------- one roll
    def row_values(self, codes: int, e: int, s: int, roll: Iterable[int]) -> list:
        """``[(expected score, row)]`` for every placement of the rolled dice: the mean over
        the feedback groups of ``V(group size, e + 1, s - k)``."""
        out: list = []
        self._score_rows(codes, e, s, roll, lambda v, row, k: out.append((v, list(row))))
        return out

    def _score_rows(self, codes: int, e: int, s: int, roll: Iterable[int], take) -> None:
        """``take(value, row, k)`` for every placement of the rolled dice (``row`` reused)."""
        roll = tuple(sorted(roll))
        pos = Position(codes)
        n = pos.n
        if not n:
            return
        g = [self.model.g(e + 1, s - k) for k in range(len(roll) + 1)]

        def visit(row, k, sizes):
            gk = g[k]
            take(sum(gk[m] for m in sizes) / n, row, k)
        visit_outcomes(pos, visit, roll)

    def best_row(self, codes: int, e: int, s: int, roll: Iterable[int]) -> tuple:
        """The placement with the highest expected score: ``(value, row)``.  Ties go to the
        row with the fewest dice, then to the first found."""
        key = (codes, e, s, tuple(sorted(roll)))
        hit = self._rows.get(key)
        if hit is None:
            best = [None, None, 0]          # value, row, dice placed

            def take(value, row, k):
                if best[0] is None or value > best[0] + 1e-12 or (
                        value > best[0] - 1e-12 and k < best[2]):
                    best[:] = value, list(row), k
            self._score_rows(codes, e, s, roll, take)
            hit = self._remember(self._rows, key, (best[0], best[1]))
        return hit[0], list(hit[1])

    # ---------------------------------------------------------------- before the roll
    def multiset_values(self, pos: Position, e: int, s: int) -> dict:
        """Best expected score for each multiset of dice one might place: {sorted: value}.
        Dice that tell nothing are skipped (see :func:`visit_rows`), except that a
        single such die is always available: a row needs at least one die (DOB-16)."""
        kmax = min(ROLL_SIZE, s)
        g = [self.model.g(e + 1, s - k) for k in range(kmax + 1)]
        n = pos.n
        blind = g[1][n] / n
        best: dict = {(w,): blind for w in FACES}

        def visit(row, k, sizes):
            gk = g[k]
            v = sum(gk[m] for m in sizes) / n
            ms = tuple(sorted(w for w in row if w is not None))
            if v > best.get(ms, -1.0):
                best[ms] = v
        visit_outcomes(pos, visit, None, kmax, informative_only=True)
        return best

    def continuation(self, codes: int, e: int, s: int) -> float:
        """Expected final score of rolling now and then placing as well as possible: the
        average over every roll of its best placement (exact over rolls and feedback)."""
        if e >= MAX_EFFORTS or s <= 0 or not codes:
            return 0.0
        key = (codes, e, s)
        hit = self._cont.get(key)
        if hit is not None:
            return hit
        pos = Position(codes)
        best = self.multiset_values(pos, e, s)
        total = 0.0
        for roll, p in ROLLS[min(ROLL_SIZE, s)]:
            total += p * max(best.get(sub, -1.0) for sub in SUBS[roll])
        return self._remember(self._cont, key, total)

    def ready_value(self, codes: int, e: int, s: int) -> float:
        n = codes.bit_count()
        if not n:
            return 0.0
        return max(score(e, s) / n, self.continuation(codes, e, s))

    def should_solve(self, codes: int, e: int, s: int) -> bool:
        """Solve now iff P(best candidate) x score now >= the expected score of rolling
        (searched exactly).  When solving is worth less than half what the fitted table
        promises for rolling on, the exact search is skipped."""
        n = codes.bit_count()
        if n == 0 or e >= MAX_EFFORTS or s <= 0:
            return True
        now = score(e, s) / n
        if now < self.skip_ratio * self.model.cont(n, e, s):
            return False            # clearly worse than rolling on: skip the exact search
        return now >= self.continuation(codes, e, s)


def _placed(row: list) -> int:
    return sum(1 for v in row if v is not None)


# --------------------------------------------------------------------- deeper search
class DeepSearcher(Searcher):
    """Two efforts deep: a placement is valued by the exact expected score of the *next*
    ready position (solve, or roll again and place as well as possible, searched exactly
    over every roll, placement and feedback), instead of the fitted ``V``.  Used by the
    benchmark to grade the bot's choices; too slow for play."""

    def __init__(self, model: Optional[ValueModel] = None) -> None:
        super().__init__(model, cache_size=1 << 30)
        self._ready: dict = {}

    def next_value(self, codes: int, e: int, s: int) -> float:
        key = (codes, e, s)
        v = self._ready.get(key)
        if v is None:
            n = codes.bit_count()
            if e >= MAX_EFFORTS or s <= 0:
                v = score(e, s) / n
            else:
                v = self.ready_value(codes, e, s)
            self._ready[key] = v
        return v

    def deep_row_values(self, codes: int, e: int, s: int, roll: Iterable[int]) -> list:
        roll = tuple(sorted(roll))
        pos = Position(codes)
        n = pos.n
        out = []
        for row, k, parts in rows_with_parts(pos, roll):
            total = 0.0
            for bits in parts.values():
                sub = pos.to_global(bits)
                total += bits.bit_count() * self.next_value(sub, e + 1, s - k)
            out.append((total / n, list(row)))
        return out

    def deep_ready_values(self, codes: int, e: int, s: int) -> tuple:
        """(solve now, roll and play on deeply): the deep values of the two choices."""
        n = codes.bit_count()
        now = score(e, s) / n
        if e >= MAX_EFFORTS or s <= 0:
            return now, 0.0
        total = 0.0
        for roll, p in ROLLS[min(ROLL_SIZE, s)]:
            total += p * max(v for v, _ in self.deep_row_values(codes, e, s, roll))
        return now, total
