"""Reading the DODGY table: what the others probably hold, from what they said.

Everything here is a pure function of a seat's view (and, for the policy, the bot's own
``Rng``).  The model:

* Every hidden regular die shows each image with probability 1/len(faces) (DGY-2).  Dice
  whose faces are public (``known``), the bot's own hand and the seer stone are counted
  as RULES.md §5.4 says: the stone is wild for its holder's own statement; otherwise it
  counts by its rolled face (``seer_mode`` ``rolled_face``) or not at all.
* A statement is evidence about its maker's hand.  A player who says "q × image" has, as
  far as he can see, a good chance that it is true: with ``k`` of that image among his
  hidden dice, the chance he gives it is P(k + what he knows + Binomial(others' dice) ≥ q).
  The likelihood of his statement given ``k`` is ``floor + (1 - floor) × that chance``:
  ``floor`` is the share of statements that say nothing (bluffs, forced raises).  Each
  opponent's count of each image has a posterior ∝ Binomial prior × the likelihood of
  every statement he made this round about that image.
* The table's count of an image is the sum of the opponents' posterior counts, the
  certain dice and the stone: P(statement true) is its tail.

The policy (``decide``) claims from those posteriors, challenges when the current
statement is less likely to be true than its best raise is to be caught false, and bluffs
where it pays:
early in a round it sometimes names an image it holds little of, at a quantity the table
makes likely anyway, so that readers at the table are led to raise on that image.
"""
from __future__ import annotations

from math import comb
from typing import Optional

SEER = 20

#: The styles of play built on this model (bots.py picks one per level).
STYLES = {
    # Reads every statement; claims what it believes, pushes the quantity when sure;
    # bluffs cheaply early in a round; challenges from the posterior.
    "reader": {
        "floor": 0.2,           # share of statements that carry no information
        "read": True,
        "target": 0.62,         # claims it believes at least this much
        "push": 0.8,            # raises beyond the minimum only when this sure
        "caught": 0.4,          # chance a false raise is challenged (the cost of raising)
        "bystander": 0.18,      # a bystander challenges below this
        "bluff": 0.3,           # chance of a cheap misleading claim when one exists
        "bluff_safe": 0.7,      # ... that it still believes at least this much
    },
}


# ---------------------------------------------------------------------- distributions
def binomial_pmf(n: int, p: float) -> list:
    """P(X = k) for k = 0..n, X ~ Binomial(n, p)."""
    if n <= 0:
        return [1.0]
    q = 1.0 - p
    return [comb(n, k) * p ** k * q ** (n - k) for k in range(n + 1)]


def tail(pmf: list, k: int) -> float:
    """P(X ≥ k)."""
    if k <= 0:
        return 1.0
    if k >= len(pmf):
        return 0.0
    return min(1.0, max(0.0, sum(pmf[k:])))


def convolve(a: list, b: list) -> list:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _binomial_tails(n: int, p: float) -> list:
    """``t[j]`` = P(Binomial(n, p) ≥ j) for j = 0..n+1."""
    pmf = binomial_pmf(n, p)
    out = [0.0] * (n + 2)
    acc = 0.0
    for j in range(n, -1, -1):
        acc += pmf[j]
        out[j] = acc
    return out


# ---------------------------------------------------------------------- the table
class TableRead:
    """The posteriors of one view: each opponent's count of each image, and the chance
    that any statement is true.  Built once per decision; cheap (a few small arrays)."""

    def __init__(self, view: dict, floor: float = 0.25, read: bool = True) -> None:
        self.view = view
        self.faces = list(view["faces"])
        self.p = 1.0 / len(self.faces)
        self.me = view["you"]
        self.rolled = view["options"]["seer_mode"] == "rolled_face"
        self.floor = floor
        seer = view["seer"]
        self.holder = seer if isinstance(seer, int) and not isinstance(seer, bool) else None
        # The stone's face, when this seat can see it (its own, or public).
        self.seer_face: Optional[str] = None
        self.seer_public = False
        self.public = {f: 0 for f in self.faces}   # regular faces everyone can see
        self.mine = {f: 0 for f in self.faces}     # my own regular faces
        for d in view["hand"]:
            if d["seer"]:
                self.seer_face = d["face"]
            else:
                self.mine[d["face"]] += 1
        self.hidden: dict = {}                     # seat -> hidden regular dice
        for info in view["seats"]:
            s = info["seat"]
            if s == self.me or not info["active"]:
                continue
            known = view["known"][s]
            n = info["dice"] - len(known)
            for d in known:
                if d["seer"]:
                    self.seer_face, self.seer_public = d["face"], True
                else:
                    self.public[d["face"]] += 1
            if info["seer"] and not any(d["seer"] for d in known):
                n -= 1
            self.hidden[s] = max(0, n)
        self.total_hidden = sum(self.hidden.values())
        self.claims: dict = {}                     # seat -> [(quantity, image), ...] this round
        if read:
            for st in view["statements"]:
                if not st.get("auto") and st["seat"] in self.hidden:
                    self.claims.setdefault(st["seat"], []).append((st["quantity"], st["image"]))
        self._counts: dict = {}
        self._tables: dict = {}

    # ------------------------------------------------------------------ one opponent
    def count_posterior(self, seat: int, image: str) -> list:
        """P(k of ``seat``'s hidden regular dice show ``image``), k = 0..hidden."""
        key = (seat, image)
        if key in self._counts:
            return self._counts[key]
        n = self.hidden.get(seat, 0)
        post = binomial_pmf(n, self.p)
        said = [q for q, img in self.claims.get(seat, ()) if img == image]
        if said and n:
            # What the speaker knew for sure besides his hidden dice, and how many dice
            # he could not see.
            known = self.public[image]
            unseen = self.total_hidden - n + sum(self.mine.values())
            if self.holder == seat:
                known += 1                         # his stone is wild for his own claim
            elif self.holder is not None and self.rolled:
                if self.seer_public:
                    known += int(self.seer_face == image)
                else:
                    unseen += 1
            tails = _binomial_tails(unseen, self.p)
            for q in said:
                for k in range(n + 1):
                    need = q - k - known
                    chance = 1.0 if need <= 0 else (tails[need] if need <= unseen else 0.0)
                    post[k] *= self.floor + (1.0 - self.floor) * chance
            z = sum(post)
            post = [x / z for x in post] if z > 0 else binomial_pmf(n, self.p)
        self._counts[key] = post
        return post

    def die_probabilities(self, seat: int) -> dict:
        """Per image, the chance that one hidden die of ``seat`` shows it (sums to 1)."""
        n = self.hidden.get(seat, 0)
        if n == 0:
            return {f: self.p for f in self.faces}
        raw = {f: sum(k * x for k, x in enumerate(self.count_posterior(seat, f))) / n for f in self.faces}
        z = sum(raw.values())
        return {f: v / z for f, v in raw.items()}

    # ------------------------------------------------------------------ the table
    def _others(self, image: str) -> list:
        """The pmf of the opponents' hidden regular dice showing ``image``."""
        if image not in self._tables:
            pmf = [1.0]
            for s in self.hidden:
                pmf = convolve(pmf, self.count_posterior(s, image))
            self._tables[image] = pmf
        return self._tables[image]

    def certain(self, image: str, stater: int) -> int:
        """Dice that count for sure: mine, the public ones, and the stone when its holder
        states or its face is seen."""
        n = self.mine[image] + self.public[image]
        if self.holder is not None:
            if self.holder == stater:
                n += 1
            elif self.rolled and self.seer_face is not None:
                n += int(self.seer_face == image)
        return n

    def p_true(self, quantity: int, image: str, stater: int) -> float:
        """P(at least ``quantity`` dice count as ``image``) for ``stater``'s statement."""
        need = quantity - self.certain(image, stater)
        pmf = self._others(image)
        if (self.holder is not None and self.holder != stater and self.rolled
                and self.seer_face is None):
            pmf = convolve(pmf, [1.0 - self.p, self.p])      # a hidden stone, by its face
        return tail(pmf, need)


# ---------------------------------------------------------------------- the policy
def _find(legal: list, kind: str) -> Optional[dict]:
    for a in legal:
        if a["type"] == kind:
            return a
    return None


def choose_die(legal: list, rng) -> dict:
    """The exchange winner takes the seer stone whenever he can (it is wild for him)."""
    for a in legal:
        if a["die"] == SEER:
            return a
    return legal[rng.below(len(legal))]


def candidate_claims(read: TableRead, view: dict, me: int, span: int = 5) -> list:
    """(P true, quantity, image) for every image at the lowest ``span`` legal heights."""
    lo, hi = view["min_quantity"], view["max_quantity"]
    out = []
    for image in read.faces:
        for q in range(lo, min(hi, lo + span - 1) + 1):
            out.append((read.p_true(q, image, me), q, image))
    return out


def best_claim(read: TableRead, view: dict, style: dict, rng) -> tuple:
    """The statement to make: (P true, quantity, image)."""
    me = view["you"]
    cands = candidate_claims(read, view, me)
    if not cands:
        return None
    best_p = max(c[0] for c in cands)
    # A cheap bluff: an image I hold little of, at a height the table makes likely anyway.
    # Readers take it as evidence and raise on it; I know better and challenge.
    if style["bluff"] and rng.random() < style["bluff"]:
        lo = view["min_quantity"]
        safe = [c for c in cands if c[1] == lo and c[0] >= style["bluff_safe"]]
        if safe:
            p, q, image = min(safe, key=lambda c: (read.mine[c[2]], -c[0]))
            if read.mine[image] < max(read.mine.values()):
                return p, q, image
    sure = [c for c in cands if c[0] >= style["push"]]
    if sure:
        return max(sure, key=lambda c: (c[1], c[0]))
    good = [c for c in cands if c[0] >= min(style["target"], best_p)]
    # Among claims nearly as safe as the safest, the lowest (it leaves the next stater the
    # hardest raise), then the most likely.
    return max(good, key=lambda c: (c[0] >= best_p - 0.05, -c[1], c[0]))


def decide(view: dict, legal: list, rng, style: Optional[dict] = None) -> Optional[dict]:
    """The action a reading player takes now, or None (nothing to do)."""
    style = style or STYLES["reader"]
    if not legal:
        return None
    kinds = {a["type"] for a in legal}
    if "choose" in kinds:
        return choose_die([a for a in legal if a["type"] == "choose"], rng)
    read = TableRead(view, style["floor"], style["read"])
    cur = view["statement"]
    me = view["you"]
    if "state" in kinds:
        claim = best_claim(read, view, style, rng)
        if cur is not None and "dodgy" in kinds:
            p_cur = read.p_true(cur["quantity"], cur["image"], cur["seat"])
            # Challenging loses a die when the statement is true; raising loses one when the
            # raise is false and is caught.  Take the smaller risk.
            if claim is None or p_cur < (1.0 - claim[0]) * style["caught"]:
                return _find(legal, "dodgy")
        p, q, image = claim
        return {"type": "state", "quantity": q, "image": image}
    if "dodgy" in kinds:
        if view["phase"] == "statement" and view["stater"] == me:
            return _find(legal, "dodgy")                  # no raise is possible (DGY-7)
        p_cur = read.p_true(cur["quantity"], cur["image"], cur["seat"])
        if p_cur < style["bystander"]:
            return _find(legal, "dodgy")
        return _find(legal, "accept")
    return None


__all__ = ["STYLES", "TableRead", "decide", "best_claim", "binomial_pmf", "tail", "convolve"]
