"""DODGY benchmark: the computer levels against each other and against two reference
players written here, heads-up and four-player, with Wilson 95 % intervals.

    python bench/dodgy.py                  # the headline rows, 100 games each (a few minutes)
    python bench/dodgy.py --all --games 500 # every row, 500 games each (about an hour, one process)
    python bench/dodgy.py --games 200 --rows hard-bayes,hard-threshold
    python bench/dodgy.py --apply-cost --rows none   # apply early and late in a 300-round game

The engine is driven directly (``tick`` / ``apply``) on a simulated clock that jumps from
event to event: every player is asked when the table changes, answers ``(action,
think_ms)``, and the action is applied ``think_ms`` later if it is still legal, as the
table does.  Every player, reference or level, thinks for the same 600–1400 ms, so no row
is won by speed.  Seats alternate (heads-up) or rotate (four players) between games.

The two references use only their own view:

* ``threshold``: P(statement true) from its own dice with every unknown die at 1/6 (the
  stone counted as §5.4 says).  It claims the highest quantity it believes at ≥ 50 %,
  challenges as the next stater below 50 %, and as a bystander below 20 %.
* ``bayes``: a Bayesian reader, the strong reference.  For every rival a posterior over
  his whole hidden hand (the vector of counts per image, multinomial prior) given every
  statement he made this round: he names an image with a chance ε = 0.15 whatever he
  holds, else by a softmax (β = 8) over the images of how likely each would be true from
  his side (his dice, the faces he sees, the stone wild for him, a Binomial over the rest).
  The table's count of an image is the convolution of the rivals' posteriors plus what is
  certain (the stone as §5.4 says).  As the next stater it challenges when the statement is
  likelier false than its best raise is true; it claims what most likely wins the next
  exchange (the next stater, whose hand it reads too, challenges a claim that looks
  likelier false than true from his side; a claim he must raise on is worth 0.55); as a
  bystander it challenges below 25 %.
* ``reader``: a simple reader, kept as a floor.  Reads statements as evidence.  Each image a rival named this round adds
  log-odds ``READ_BOOST`` per claim to every one of that rival's dice showing it (a
  quantity above the minimum adds ``JUMP_BOOST`` per step, up to four); it then claims the
  image and height most likely true given that, at the lowest legal height (hard to
  challenge), challenges as the next stater when the current statement is less likely
  true than its own best raise is false, and as a bystander below 20 %.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))

from clubtable.engine import IllegalAction, Log, Rng, derive_seed  # noqa: E402
from clubtable.games.dodgy import GAME  # noqa: E402
from clubtable.games.dodgy.reading import SEER, convolve, tail, binomial_pmf  # noqa: E402

THINK_MS = (600, 1400)
READ_BOOST = 0.6      # log-odds per die for each image a rival names
JUMP_BOOST = 0.15     # and per step his statement went above the minimum (at most 4)
OPTIONS = {"statement_s": 30, "choose_s": 15, "first_player_rule": "random"}


# ---------------------------------------------------------------------- references
def _find(legal, kind):
    return next((a for a in legal if a["type"] == kind), None)


def _choose(legal, rng):
    for a in legal:
        if a.get("die") == SEER:
            return a
    return legal[rng.below(len(legal))]


class Reference:
    """A bench player: ``plan(view, legal, now) -> (action, think_ms) | None``."""

    reads = False

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(derive_seed(seed, "ref", seat, type(self).__name__))

    def plan(self, view, legal, now):
        action = self.choose(view, legal)
        if action is None:
            return None
        return action, THINK_MS[0] + self.rng.below(THINK_MS[1] - THINK_MS[0] + 1)

    # Per-die probability of ``image`` for each opponent's hidden dice.
    def die_p(self, view, seat, image):
        return 1.0 / len(view["faces"])

    def p_true(self, view, q, image, stater):
        pmf, certain = self.table(view, image, stater)
        return tail(pmf, q - certain)

    def table(self, view, image, stater):
        """(pmf of the unknown dice showing ``image``, dice certain to count)."""
        faces = view["faces"]
        base = 1.0 / len(faces)
        rolled = view["options"]["seer_mode"] == "rolled_face"
        certain = 0
        for d in view["hand"]:
            if d["seer"]:
                certain += 1 if (stater == self.seat or (rolled and d["face"] == image)) else 0
            elif d["face"] == image:
                certain += 1
        pmf = [1.0]
        for info in view["seats"]:
            s = info["seat"]
            if s == self.seat or not info["active"]:
                continue
            known = view["known"][s]
            for d in known:
                if d["seer"]:
                    certain += 1 if (s == stater or (rolled and d["face"] == image)) else 0
                elif d["face"] == image:
                    certain += 1
            n = info["dice"] - len(known)
            if info["seer"] and not any(d["seer"] for d in known):
                n -= 1
                if s == stater:
                    certain += 1
                elif rolled:
                    pmf = convolve(pmf, [1 - base, base])
            if n > 0:
                pmf = convolve(pmf, binomial_pmf(n, self.die_p(view, s, image)))
        return pmf, certain

    def claims(self, view):
        lo, hi = view["min_quantity"], view["max_quantity"]
        out = []
        for f in view["faces"]:
            pmf, certain = self.table(view, f, self.seat)
            out += [(tail(pmf, q - certain), q, f) for q in range(lo, min(hi, lo + 5) + 1)]
        return out


class Threshold(Reference):
    def choose(self, view, legal):
        kinds = {a["type"] for a in legal}
        if "choose" in kinds:
            return _choose(legal, self.rng)
        cur = view["statement"]
        if "state" in kinds:
            if cur is not None and self.p_true(view, cur["quantity"], cur["image"], cur["seat"]) < 0.5:
                return _find(legal, "dodgy")
            cands = self.claims(view)
            good = [c for c in cands if c[0] >= 0.5]
            p, q, f = max(good, key=lambda c: (c[1], c[0])) if good else max(cands)
            return {"type": "state", "quantity": q, "image": f}
        if "dodgy" in kinds:
            if view["stater"] == self.seat and view["phase"] == "statement":
                return _find(legal, "dodgy")
            if self.p_true(view, cur["quantity"], cur["image"], cur["seat"]) < 0.2:
                return _find(legal, "dodgy")
            return _find(legal, "accept")
        return None


class Reader(Reference):
    def die_p(self, view, seat, image):
        base = 1.0 / len(view["faces"])
        logit = {f: 0.0 for f in view["faces"]}
        lo = 1
        for st in view["statements"]:
            if st["seat"] == seat and not st.get("auto"):
                logit[st["image"]] += READ_BOOST + JUMP_BOOST * min(4, max(0, st["quantity"] - lo))
            lo = st["quantity"] + 1
        w = {f: base * math.exp(v) for f, v in logit.items()}
        return w[image] / sum(w.values())

    def choose(self, view, legal):
        kinds = {a["type"] for a in legal}
        if "choose" in kinds:
            return _choose(legal, self.rng)
        cur = view["statement"]
        if "state" in kinds:
            cands = self.claims(view)
            p_best = max(c[0] for c in cands)
            if cur is not None and self.p_true(view, cur["quantity"], cur["image"], cur["seat"]) < 1 - p_best:
                return _find(legal, "dodgy")
            p, q, f = max(cands, key=lambda c: (c[0], -c[1]))
            return {"type": "state", "quantity": q, "image": f}
        if "dodgy" in kinds:
            if view["stater"] == self.seat and view["phase"] == "statement":
                return _find(legal, "dodgy")
            if self.p_true(view, cur["quantity"], cur["image"], cur["seat"]) < 0.2:
                return _find(legal, "dodgy")
            return _find(legal, "accept")
        return None


def _compositions(n: int, f: int) -> list:
    """Every hand of ``n`` dice over ``f`` faces as a count vector, with its prior
    probability (multinomial, each face 1/f)."""
    key = (n, f)
    if key not in _COMPOSITIONS:
        out = []

        def rec(prefix, left, slots):
            if slots == 1:
                out.append(prefix + (left,))
                return
            for c in range(left, -1, -1):
                rec(prefix + (c,), left - c, slots - 1)

        rec((), n, f)
        base = math.factorial(n) / f ** n
        _COMPOSITIONS[key] = [(c, base / math.prod(math.factorial(x) for x in c)) for c in out]
    return _COMPOSITIONS[key]


_COMPOSITIONS: dict = {}


class Bayes(Reference):
    """A Bayesian reader.  For every rival, a posterior over his whole hidden hand (the
    vector of counts per image, multinomial prior) given every statement he made this
    round: he names an image at a height with a chance ``ε`` (a bluff, a forced raise),
    else by a softmax over images of how likely each would be true *from his side* (his
    own dice, the faces he sees, the stone wild for him, Binomial for the dice he cannot
    see).  So a named image raises his count of it and lowers the others.  The table's
    count of an image is the convolution of the rivals' posterior marginals, plus what is
    certain.  It challenges as the next stater when the statement is likelier false than
    its best raise is true; it claims what maximises the chance of winning the next
    exchange: the next stater (whose hand it also reads) challenges a claim that looks
    false from his side, a challenged claim wins when true, and a claim he must raise on
    is worth a little more than even to the claimer."""

    BETA = 8.0            # how sharply a rival prefers the image likeliest true for him
    EPS = 0.15            # share of statements that say nothing about the hand
    MAX_JOINT = 6500      # hands larger than this are read image by image
    RAISE_VALUE = 0.55    # worth of a claim the next stater raises on
    BYSTANDER = 0.25

    def __init__(self, seat, seed):
        super().__init__(seat, seed)
        self._cache = {}

    # ---- what everyone can count
    def _setup(self, view):
        faces = view["faces"]
        rolled = view["options"]["seer_mode"] == "rolled_face"
        holder = view["seer"] if isinstance(view["seer"], int) and not isinstance(view["seer"], bool) else None
        public = {f: 0 for f in faces}
        seer_face = None
        hidden = {}
        my_hidden = 0
        for info in view["seats"]:
            s = info["seat"]
            if not info["active"]:
                continue
            if s == self.seat:
                my_hidden = sum(1 for d in view["hand"] if not d["seer"])
                continue
            known = view["known"][s]
            n = info["dice"] - len(known)
            for d in known:
                if d["seer"]:
                    seer_face = d["face"]
                else:
                    public[d["face"]] += 1
            if info["seer"] and not any(d["seer"] for d in known):
                n -= 1
            hidden[s] = max(0, n)
        mine = {f: 0 for f in faces}
        for d in view["hand"]:
            if d["seer"]:
                seer_face = d["face"]
            else:
                mine[d["face"]] += 1
        return faces, rolled, holder, public, seer_face, hidden, my_hidden, mine

    def posterior(self, view, s, ctx):
        """{image: pmf of rival ``s``'s hidden dice showing it}."""
        faces, rolled, holder, public, seer_face, hidden, my_hidden, mine = ctx
        n = hidden[s]
        said = []
        lo = 1
        for st in view["statements"]:
            if st["seat"] == s and not st.get("auto"):
                said.append((st["quantity"], st["image"]))
            lo = st["quantity"] + 1
        key = (view["round"], s, n, tuple(said))
        if key in self._cache:
            return self._cache[key]
        f = len(faces)
        p = 1.0 / f
        # From his side: the dice he cannot see, and what he counts for sure.
        unseen = sum(hidden.values()) - n + my_hidden
        if holder is not None and holder != s and rolled and seer_face is None:
            unseen += 1                          # a stone he does not hold, face unseen by me
        wild = 1 if holder == s else 0
        tails = [0.0] * (unseen + 2)
        acc = 0.0
        pmf = binomial_pmf(unseen, p)
        for j in range(unseen, -1, -1):
            acc += pmf[j]
            tails[j] = acc

        def t(need):
            return 1.0 if need <= 0 else (tails[need] if need <= unseen else 0.0)

        joint = math.comb(n + f - 1, f - 1) <= self.MAX_JOINT
        if joint:
            comps = [c for c, _ in _compositions(n, f)]
            # The weights after all the statements but the last are kept from before.
            done = 0
            weights = [w for _, w in _compositions(n, f)]
            for m in range(len(said), 0, -1):
                hit = self._cache.get(("w", view["round"], s, n, tuple(said[:m])))
                if hit is not None:
                    done, weights = m, list(hit)
                    break
            for m in range(done, len(said)):
                q, img = said[m]
                i = faces.index(img)
                # e[j][c] = exp(β × P(q × image j true | c of j in his hand))
                e = [[math.exp(self.BETA * t(q - c - public[fj] - wild)) for c in range(n + 1)] for fj in faces]
                ei = e[i]
                floor = self.EPS / f
                for k, c in enumerate(comps):
                    den = 0.0
                    for j, cj in enumerate(c):
                        den += e[j][cj]
                    weights[k] *= floor + (1 - self.EPS) * ei[c[i]] / den
                self._cache[("w", view["round"], s, n, tuple(said[:m + 1]))] = list(weights)
            z = sum(weights) or 1.0
            out = {fj: [0.0] * (n + 1) for fj in faces}
            for c, w in zip(comps, weights):
                w /= z
                for j, cj in enumerate(c):
                    out[faces[j]][cj] += w
        else:
            out = {}
            for fj in faces:
                post = binomial_pmf(n, p)
                for q, img in said:
                    if img == fj:
                        post = [x * (self.EPS + (1 - self.EPS) * t(q - k - public[fj] - wild))
                                for k, x in enumerate(post)]
                z = sum(post) or 1.0
                out[fj] = [x / z for x in post]
        self._cache[key] = out
        return out

    def p_true(self, view, q, image, stater, ctx=None, posts=None):
        ctx = ctx or self._setup(view)
        faces, rolled, holder, public, seer_face, hidden, my_hidden, mine = ctx
        posts = posts if posts is not None else {s: self.posterior(view, s, ctx) for s in hidden}
        certain = mine[image] + public[image]
        pmf = [1.0]
        if holder is not None:
            if holder == stater:
                certain += 1
            elif rolled:
                if seer_face is not None:
                    certain += int(seer_face == image)
                else:
                    pmf = [1 - 1 / len(faces), 1 / len(faces)]
        for s in hidden:
            pmf = convolve(pmf, posts[s][image])
        return tail(pmf, q - certain)

    def choose(self, view, legal):
        kinds = {a["type"] for a in legal}
        if "choose" in kinds:
            return _choose(legal, self.rng)
        ctx = self._setup(view)
        faces, rolled, holder, public, seer_face, hidden, my_hidden, mine = ctx
        posts = {s: self.posterior(view, s, ctx) for s in hidden}
        cur = view["statement"]
        if "state" in kinds:
            lo, hi = view["min_quantity"], view["max_quantity"]
            cands = [(self.p_true(view, q, f, self.seat, ctx, posts), q, f)
                     for f in faces for q in range(lo, min(hi, lo + 5) + 1)]
            p_best = max(c[0] for c in cands)
            if cur is not None and self.p_true(view, cur["quantity"], cur["image"], cur["seat"], ctx, posts) < 1 - p_best:
                return _find(legal, "dodgy")
            nxt = self._next(view)
            best = max(cands, key=lambda c: (self._value(view, c, nxt, ctx, posts), -c[1]))
            return {"type": "state", "quantity": best[1], "image": best[2]}
        if "dodgy" in kinds:
            if view["stater"] == self.seat and view["phase"] == "statement":
                return _find(legal, "dodgy")
            if self.p_true(view, cur["quantity"], cur["image"], cur["seat"], ctx, posts) < self.BYSTANDER:
                return _find(legal, "dodgy")
            return _find(legal, "accept")
        return None

    def _next(self, view):
        n = len(view["seats"])
        s = self.seat
        for _ in range(n):
            s = (s + 1) % n
            if view["seats"][s]["active"] and s != self.seat:
                return s
        return None

    def _value(self, view, cand, nxt, ctx, posts):
        """P(I win the next exchange) for a claim: the next stater challenges it when it
        looks likelier false than even from his side."""
        p, q, image = cand
        if nxt is None or nxt not in posts:
            return p
        faces, rolled, holder, public, seer_face, hidden, my_hidden, mine = ctx
        f = len(faces)
        # His side: his count k of the image, the public dice, my stone if I hold it (wild
        # for my claim), and a Binomial over every die he cannot see.
        unseen = sum(hidden.values()) - hidden[nxt] + my_hidden
        sure = public[image] + (1 if holder == self.seat else 0)
        pmf_u = binomial_pmf(unseen, 1.0 / f)
        challenged = 0.0
        for k, w in enumerate(posts[nxt][image]):
            if w and tail(pmf_u, q - sure - k) < 0.5:
                challenged += w
        return challenged * p + (1 - challenged) * self.RAISE_VALUE


REFERENCES = {"threshold": Threshold, "reader": Reader, "bayes": Bayes}


class Level:
    """A level of the game's own computer player: ``decide`` gives (action, think_ms)."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        self.bot = GAME.bot(level, seat, seed)

    def plan(self, view, legal, now):
        return self.bot.decide(view, legal, now)


def make_player(name: str, seat: int, seed: int):
    if name in REFERENCES:
        return REFERENCES[name](seat, seed)
    return Level(name, seat, seed)


# ---------------------------------------------------------------------- the table
def play(names: list, seed: int, options: dict = None, max_rounds: int = 2000, capture=None) -> dict:
    """One game; returns the winners and per-seat challenge statistics."""
    opts = dict(OPTIONS, **(options or {}))
    state = GAME.new([f"{n}{i}" for i, n in enumerate(names)], seed, opts, 0)
    players = [make_player(n, i, seed) for i, n in enumerate(names)]
    order_rng = Rng(derive_seed(seed, "order"))
    n = len(names)
    pending: dict = {}                       # seat -> [due, tiebreak, action]
    seen: dict = {}                          # seat -> log length when last asked
    now = 0
    refused = 0
    while GAME.result(state) is None:
        if state["round"] > max_rounds:
            raise AssertionError(f"game {seed} ran past {max_rounds} rounds")
        # Ask every seat whose situation changed and that has no action on its way.
        mark = len(state["log"])
        for s in range(n):
            if s in pending:
                continue
            if seen.get(s) == mark:
                continue
            seen[s] = mark
            legal = GAME.legal(state, s)
            if not legal:
                continue
            out = players[s].plan(GAME.view(state, s), legal, now)
            if out is not None:
                action, think = out
                pending[s] = [now + max(0, int(think)), order_rng.next64(), action]
        due = [p[0] for p in pending.values()]
        timer = GAME.deadline(state)
        if timer is not None:
            due.append(timer)
        if not due:
            raise AssertionError(f"game {seed} stalled in phase {state['phase']}")
        now = max(now, min(due))
        before = len(state["log"])
        state = GAME.tick(state, now)
        for s, (t, _, action) in sorted(pending.items(), key=lambda kv: (kv[1][0], kv[1][1])):
            if t > now:
                continue
            del pending[s]
            seen.pop(s, None)
            if action not in GAME.legal(state, s):
                continue                    # overtaken by events: the table drops it
            try:
                if capture is not None:
                    capture.append((state, s, action, now))
                state = GAME.apply(state, s, action, now)
            except IllegalAction:
                refused += 1
        if len(state["log"]) != before:
            # The table changed: actions no longer legal are dropped, their seats asked again.
            for s in list(pending):
                if pending[s][2] not in GAME.legal(state, s):
                    del pending[s]
                    seen.pop(s, None)
    res = GAME.result(state)
    return {"names": names, "winners": res["winners"], "rounds": state["round"], "history": state["history"],
            "refused": refused}


# ---------------------------------------------------------------------- statistics
def wilson(k: float, n: int, z: float = 1.96) -> tuple:
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def row_tables(a: str, b: str, players: int, games: int) -> list:
    """Seatings of one ``a`` against ``players - 1`` of ``b``, rotating ``a``'s seat."""
    return [[a if s == g % players else b for s in range(players)] for g in range(games)]


ROWS = {
    # heads-up: the levels against each other
    "hard-normal": ("hard", "normal", 2),
    "hard-easy": ("hard", "easy", 2),
    "normal-easy": ("normal", "easy", 2),
    # heads-up: the levels against the references
    "hard-threshold": ("hard", "threshold", 2),
    "hard-reader": ("hard", "reader", 2),
    "normal-threshold": ("normal", "threshold", 2),
    "normal-reader": ("normal", "reader", 2),
    "easy-threshold": ("easy", "threshold", 2),
    "reader-threshold": ("reader", "threshold", 2),
    "hard-bayes": ("hard", "bayes", 2),
    "normal-bayes": ("normal", "bayes", 2),
    "bayes-threshold": ("bayes", "threshold", 2),
    "bayes-reader": ("bayes", "reader", 2),
    "hard-3bayes": ("hard", "bayes", 4),
    "bayes-3hard": ("bayes", "hard", 4),
    # four players: one against three
    "hard-3normal": ("hard", "normal", 4),
    "hard-3threshold": ("hard", "threshold", 4),
    "hard-3reader": ("hard", "reader", 4),
    "reader-3hard": ("reader", "hard", 4),
    "normal-3threshold": ("normal", "threshold", 4),
}
QUICK = ["hard-bayes", "hard-threshold", "hard-reader", "hard-normal", "hard-3bayes", "hard-3threshold"]



class Stubborn(Reference):
    """For the apply-cost run only: opens with "1 × the image I hold most" (always true),
    challenges every statement made to it, accepts as a bystander.  The challenger always
    loses a die to the opener and opens the next round, so the dice go round the table and
    nobody runs out: the game lasts exactly as many rounds as its ``round_limit``."""

    def choose(self, view, legal):
        kinds = {a["type"] for a in legal}
        if "choose" in kinds:
            return _choose(legal, self.rng)
        if "state" in kinds and view["statement"] is None:
            faces = [d["face"] for d in view["hand"] if not d["seer"]] or view["faces"]
            return {"type": "state", "quantity": 1, "image": max(view["faces"], key=faces.count)}
        if "state" in kinds or view["phase"] == "statement" and view["stater"] == self.seat:
            return _find(legal, "dodgy")
        return _find(legal, "accept")          # a bystander lets it pass


REFERENCES["stubborn"] = Stubborn


def apply_cost(rounds: int = 300) -> None:
    """Engine time of ``apply`` early and late in one long game: six ``stubborn`` players
    and ``round_limit`` = ``rounds``, so the game lasts exactly that many rounds; every
    apply of ten rounds at each end, each repeated (best of 5), median of each batch."""
    samples: list = []
    r = play(["stubborn"] * 6, 7, {"round_limit": rounds}, capture=samples)
    assert r["rounds"] == rounds, r["rounds"]

    def cost(batch):
        out = []
        for state, s, action, now in batch:
            best = float("inf")
            for _ in range(5):
                # A log at the end of its stored list, as in live play (applying again to an
                # older state branches the log off, which copies it once).
                state = dict(state, log=Log(list(state["log"])))
                t0 = time.perf_counter()
                GAME.apply(state, s, action, now)
                best = min(best, time.perf_counter() - t0)
            out.append(best * 1e6)
        return sorted(out)[len(out) // 2]

    last = samples[-1][0]
    # Ten whole rounds at each end, so both have the same mix of moves; from round 2 on,
    # since the first round has no reveal yet to copy.
    early = [x for x in samples if 2 <= x[0]["round"] <= 11]
    late = [x for x in samples if x[0]["round"] > rounds - 10]
    print(f"apply cost in a {r['rounds']}-round game of 6 ({len(samples)} applies; at the end the log holds "
          f"{len(last['log'])} entries, the history {len(last['history'])} challenges): median over rounds "
          f"2-11 {cost(early):.1f} µs, over rounds {rounds - 9}-{rounds} {cost(late):.1f} µs")


def _job(args):
    names, seed = args
    return play(names, seed)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games per row (default 100)")
    ap.add_argument("--all", action="store_true", help="every row, not only the headline rows")
    ap.add_argument("--rows", default=None, help="comma-separated row names: " + ",".join(ROWS))
    ap.add_argument("--workers", type=int, default=1, help="processes (default 1: the machine is shared)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--apply-cost", action="store_true", help="also time apply early and late in a long game")
    args = ap.parse_args()
    games = args.games
    rows = [r for r in args.rows.split(",") if r in ROWS] if args.rows else (list(ROWS) if args.all else QUICK)
    print(f"DODGY bench: {games} games per row, think {THINK_MS[0]}-{THINK_MS[1]} ms for every player, "
          f"{args.workers} worker(s), CPython {sys.version.split()[0]}")
    print("win rate of the first-named player (one seat), Wilson 95 % interval; fair share is 1/players")
    t_all = time.perf_counter()
    pool = Pool(args.workers) if args.workers > 1 else None
    for row in rows:
        a, b, k = ROWS[row]
        jobs = [(names, args.seed * 100_000 + g) for g, names in enumerate(row_tables(a, b, k, games))]
        t0 = time.perf_counter()
        results = pool.map(_job, jobs, chunksize=4) if pool else [_job(j) for j in jobs]
        wins = 0.0
        rounds = 0
        made = [0, 0]           # a's challenged statements: [true, all]
        called = [0, 0]         # a's challenges: [statement false, all]
        for (names, _), r in zip(jobs, results):
            seat = names.index(a)
            if seat in r["winners"]:
                wins += 1 / len(r["winners"])
            rounds += r["rounds"]
            for h in r["history"]:
                if h["stater"] == seat:
                    made[0] += h["correct"]
                    made[1] += 1
                if h["challenger"] == seat:
                    called[0] += not h["correct"]
                    called[1] += 1
        lo, hi = wilson(wins, games)
        label = f"{a} vs {b}" if k == 2 else f"{a} vs 3 {b}"
        print(f"  {label:24s} {k}p n={games}: {100 * wins / games:5.1f} %  [{100 * lo:5.1f}, {100 * hi:5.1f}]"
              f"  fair {100 / k:4.1f} %  rounds {rounds / games:5.1f}; its challenged claims true "
              f"{100 * made[0] / max(1, made[1]):3.0f} %, its challenges right {100 * called[0] / max(1, called[1]):3.0f} %"
              f"  ({time.perf_counter() - t0:.0f} s)", flush=True)
    if pool:
        pool.close()
    if args.apply_cost:
        apply_cost()
    print(f"total {time.perf_counter() - t_all:.0f} s")


if __name__ == "__main__":
    main()
