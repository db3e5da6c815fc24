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
* With ``joint`` (the ``deep`` style, level ``hard``) the posterior is over an opponent's
  whole hand, the vector of his counts per image: he names an image with a chance
  ``floor`` whatever he holds, else by a softmax over the images of how likely each would
  be true from his side.  So a named image raises his count of it and lowers the others.

The policy (``decide``) claims from those posteriors (``deep``: the claim that most likely
wins the next exchange, given how the next stater sees it from his side), challenges when
the current statement is less likely to be true than its best raise is to be caught false,
and bluffs where it pays:
early in a round it sometimes names an image it holds little of, at a quantity the table
makes likely anyway, so that readers at the table are led to raise on that image.
"""
from __future__ import annotations

from math import comb, exp, factorial, prod
from operator import add, itemgetter
from typing import Optional

from ..coaching import drain

SEER = 20
BETA = 8.0          # how sharply a rival prefers the image likeliest true from his side
JOINT_MAX = 6500    # hands with more shapes than this are read image by image

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
    # Reads each rival's whole hand (a named image lowers the others too) and claims what
    # most likely wins the next exchange, given how the next stater will see it.
    "deep": {
        "floor": 0.15,
        "read": True,
        "joint": True,
        "value": 0.55,          # worth of a claim the next stater raises on
        "value_slack": 0.3,     # ... at most this above its chance of being true
        "doubt": 0.4,           # the next stater challenges below this, from his side
        "caught": 0.4,          # challenges when P(statement) < caught × P(best raise false)
        "bystander": 0.25,
        "bluff": 0.5,
        "bluff_safe": 0.7,
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


_COMPOSITIONS: dict = {}


def _compositions(n: int, f: int) -> tuple:
    """Every hand of ``n`` dice over ``f`` faces as a count vector, and its multinomial
    prior probability (each face 1/f)."""
    key = (n, f)
    if key not in _COMPOSITIONS:
        out: list = []

        def rec(prefix: tuple, left: int, slots: int) -> None:
            if slots == 1:
                out.append(prefix + (left,))
                return
            for c in range(left, -1, -1):
                rec(prefix + (c,), left - c, slots - 1)

        rec((), n, f)
        base = factorial(n) / f ** n
        _COMPOSITIONS[key] = (out, [base / prod(factorial(x) for x in c) for c in out])
    return _COMPOSITIONS[key]


def _columns(n: int, f: int) -> list:
    """``cols[j][k]``: the count of image j in hand shape k."""
    key = ("cols", n, f)
    if key not in _COMPOSITIONS:
        comps = _compositions(n, f)[0]
        _COMPOSITIONS[key] = [[c[j] for c in comps] for j in range(f)]
    return _COMPOSITIONS[key]


def _groups(n: int, f: int) -> list:
    """``groups[j][v]``: a getter of the weights of the hand shapes with v of image j."""
    key = ("groups", n, f)
    if key not in _COMPOSITIONS:
        out = []
        for col in _columns(n, f):
            idx: list = [[] for _ in range(n + 1)]
            for k, v in enumerate(col):
                idx[v].append(k)
            out.append([(itemgetter(*ks) if len(ks) > 1 else (lambda w, k=ks[0]: (w[k],))) if ks
                        else (lambda w: ()) for ks in idx])
        _COMPOSITIONS[key] = out
    return _COMPOSITIONS[key]


def prepare(faces: int):
    """The hand-shape tables of every hand the joint reading reads (``faces`` images), one
    hand size per step: built in idle time (``Game.warm_up``) rather than in the first
    decision that meets that many dice (12 dice: 6,188 shapes, 8 ms in CPython)."""
    n = 1
    while comb(n + faces - 1, faces - 1) <= JOINT_MAX:
        for build in (_compositions, _columns, _groups):      # a third of the work each
            build(n, faces)
            yield n
        n += 1


_JOINT: dict = {}          # memo of _joint_weights
_MARGINALS: dict = {}      # memo of TableRead.joint_posterior's per-image counts


def _joint_key(n: int, f: int, said: tuple, faces: list, public: tuple, wild: int, unseen: int,
               floor: float, chance=None) -> tuple:
    """The memos' key for ``_joint_weights``' arguments (``chance`` follows from the rest)."""
    return (n, f, said, tuple(faces), public, wild, unseen, floor)


def _joint_weights(n: int, f: int, said: tuple, faces: list, public: tuple, wild: int, unseen: int,
                   floor: float, chance) -> list:
    """Unnormalised posterior weight of every hand shape (``_compositions`` order) after
    the statements ``said``.  Memoised by prefix: within a round each new statement costs
    one pass over the shapes, not one per statement so far."""
    hit = _JOINT.get(_joint_key(n, f, said, faces, public, wild, unseen, floor))
    if hit is not None:
        return hit
    if not said:
        return _compositions(n, f)[1]
    return drain(_joint_pass(n, f, said, faces, public, wild, unseen, floor, chance))


def _joint_pass(n: int, f: int, said: tuple, faces: list, public: tuple, wild: int, unseen: int,
                floor: float, chance):
    """The last statement's pass of ``_joint_weights`` (the earlier ones from the memo), a
    step per image (the coach's slices: ``TableRead.joint_pieces``); returns the weights,
    memoised."""
    weights = _joint_weights(n, f, said[:-1], faces, public, wild, unseen, floor, chance)
    q, img = said[-1]
    i = faces.index(img)
    e = [[exp(BETA * chance(q - c - public[j] - wild)) for c in range(n + 1)] for j in range(f)]
    cols = _columns(n, f)
    den = [0.0] * len(weights)
    for j in range(f):
        den = list(map(add, den, map(e[j].__getitem__, cols[j])))
        yield j
    ei = e[i]
    low, high = floor / f, 1.0 - floor
    weights = [w * (low + high * ei[v] / d) for w, v, d in zip(weights, cols[i], den)]
    if len(_JOINT) > 512:
        _JOINT.clear()
    _JOINT[_joint_key(n, f, said, faces, public, wild, unseen, floor)] = weights
    return weights


# ---------------------------------------------------------------------- the table
class TableRead:
    """The posteriors of one view: each opponent's count of each image, and the chance
    that any statement is true.  Built once per decision; cheap (a few small arrays)."""

    def __init__(self, view: dict, floor: float = 0.25, read: bool = True, joint: bool = False) -> None:
        self.view = view
        self.joint = joint
        self._joint_done: set = set()
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
    def _his_side(self, seat: int) -> tuple:
        """(dice ``seat`` cannot see, dice he counts for sure besides his own per image
        except the stone, 1 when the stone is wild for him)."""
        n = self.hidden.get(seat, 0)
        unseen = self.total_hidden - n + sum(self.mine.values())
        wild = 0
        extra = 0                                  # the stone's face counted for him
        if self.holder == seat:
            wild = 1
        elif self.holder is not None and self.rolled:
            if self.seer_public:
                extra = 1
            else:
                unseen += 1
        return unseen, wild, extra

    def _joint_args(self, seat: int) -> Optional[tuple]:
        """``_joint_weights``' arguments for ``seat``'s statements this round (None: none
        said, or a hand with too many shapes to list)."""
        n = self.hidden.get(seat, 0)
        f = len(self.faces)
        said = self.claims.get(seat, ())
        if not said or comb(n + f - 1, f - 1) > JOINT_MAX:
            return None
        unseen, wild, extra = self._his_side(seat)
        tails = _binomial_tails(unseen, self.p)

        def chance(need):
            return 1.0 if need <= 0 else (tails[need] if need <= unseen else 0.0)

        public = tuple(self.public[fj] + (extra if self.seer_face == fj else 0) for fj in self.faces)
        return n, f, tuple(said), self.faces, public, wild, unseen, self.floor, chance

    def joint_posterior(self, seat: int) -> Optional[dict]:
        """{image: P(k of ``seat``'s hidden dice show it)} from a posterior over his whole
        hand (a count per image, multinomial prior) given his statements this round: he
        names an image at a height with a chance ``floor`` whatever he holds (a bluff, a
        forced raise), else by a softmax over the images of how likely each would be true
        from his side.  So a named image raises his count of it *and lowers the others*.
        None when his hand has too many shapes to list (many dice, many faces)."""
        args = self._joint_args(seat)
        if args is None:
            return None
        n, f = args[:2]
        key = _joint_key(*args)
        if key not in _MARGINALS:
            weights = _joint_weights(*args)
            z = sum(weights) or 1.0
            cols = [[sum(pick(weights)) / z for pick in picks] for picks in _groups(n, f)]
            if len(_MARGINALS) > 512:
                _MARGINALS.clear()
            _MARGINALS[key] = cols
        return {fj: list(col) for fj, col in zip(self.faces, _MARGINALS[key])}

    def joint_pieces(self):
        """The joint readings this read will need, filled into their memos a statement's pass
        over a hand's shapes at a time, an image per step, then each opponent's marginals: the coach
        runs them as slices of their own, so no slice of the page's idle time does a whole
        chain of them (up to 95 ms at CPU 4x, docs/RECORDS.md).  Changes no value: the
        memos are of pure functions, and what a cleared memo lacks is made again."""
        if not self.joint:
            return
        for seat in self.hidden:
            args = self._joint_args(seat)
            if args is None:
                continue
            n, f, said, faces, public, wild, unseen, floor, chance = args
            for k in range(1, len(said) + 1):
                if _joint_key(n, f, said[:k], faces, public, wild, unseen, floor) not in _JOINT:
                    for _image in _joint_pass(n, f, said[:k], faces, public, wild, unseen, floor, chance):
                        yield seat
                    yield seat
            if _joint_key(*args) not in _MARGINALS:
                self.joint_posterior(seat)
                yield seat

    def count_posterior(self, seat: int, image: str) -> list:
        """P(k of ``seat``'s hidden regular dice show ``image``), k = 0..hidden."""
        key = (seat, image)
        if key in self._counts:
            return self._counts[key]
        if self.joint and seat not in self._joint_done:
            self._joint_done.add(seat)
            joint = self.joint_posterior(seat)
            if joint is not None:
                for fj, pmf in joint.items():
                    self._counts[(seat, fj)] = pmf
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
            pmf = self._others_and_stone(image)                # a hidden stone, by its face
        return tail(pmf, need)

    def _others_and_stone(self, image: str) -> list:
        """:meth:`_others` with the hidden stone's face too (it shows ``image`` with 1/f)."""
        key = ("stone", image)
        if key not in self._tables:
            self._tables[key] = convolve(self._others(image), [1.0 - self.p, self.p])
        return self._tables[key]


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


def cheap_bluff(read: TableRead, view: dict, cands: list, style: dict, rng) -> Optional[tuple]:
    """A cheap bluff, ``style["bluff"]`` of the time: an image I hold little of, at the lowest
    height, where the table makes it likely anyway.  Readers take it as evidence and raise on
    it; I know better and challenge."""
    if style["bluff"] and rng.random() < style["bluff"]:
        lo = view["min_quantity"]
        safe = [c for c in cands if c[1] == lo and c[0] >= style["bluff_safe"]]
        if safe:
            p, q, image = min(safe, key=lambda c: (read.mine[c[2]], -c[0]))
            if read.mine[image] < max(read.mine.values()):
                return p, q, image
    return None


def best_claim(read: TableRead, view: dict, style: dict, rng) -> tuple:
    """The statement to make: (P true, quantity, image)."""
    me = view["you"]
    cands = candidate_claims(read, view, me)
    if not cands:
        return None
    best_p = max(c[0] for c in cands)
    bluff = cheap_bluff(read, view, cands, style, rng)
    if bluff:
        return bluff
    sure = [c for c in cands if c[0] >= style["push"]]
    if sure:
        return max(sure, key=lambda c: (c[1], c[0]))
    good = [c for c in cands if c[0] >= min(style["target"], best_p)]
    # Among claims nearly as safe as the safest, the lowest (it leaves the next stater the
    # hardest raise), then the most likely.
    return max(good, key=lambda c: (c[0] >= best_p - 0.05, -c[1], c[0]))


def next_stater(view: dict, me: int) -> Optional[int]:
    """The next active player to my left (who answers my statement)."""
    n = len(view["seats"])
    s = me
    for _ in range(n - 1):
        s = (s + 1) % n
        if view["seats"][s]["active"]:
            return s
    return None


def p_challenged(read: TableRead, view: dict, q: int, image: str, nxt: int, doubt: float) -> float:
    """The chance the next stater challenges "q × image" from me: he does when it looks
    less likely than ``doubt`` from his side (his own count of the image, which I know only
    by its posterior, the faces he sees, my stone when I hold it, and a Binomial over every
    die he cannot see)."""
    unseen = read.total_hidden - read.hidden.get(nxt, 0) + sum(read.mine.values())
    sure = read.public[image] + (1 if read.holder == read.me else 0)
    if read.holder is not None and read.holder not in (read.me, nxt) and read.rolled:
        unseen += 1
    tails = _binomial_tails(unseen, read.p)
    out = 0.0
    for k, w in enumerate(read.count_posterior(nxt, image)):
        need = q - sure - k
        his = 1.0 if need <= 0 else (tails[need] if need <= unseen else 0.0)
        if w and his < doubt:
            out += w
    return out


def valued_claim(read: TableRead, view: dict, style: dict, rng) -> Optional[tuple]:
    """The statement that most likely wins the next exchange: challenged, it wins when
    true; raised on, it is worth ``style["value"]`` (the raiser is the one at risk now)."""
    me = view["you"]
    cands = candidate_claims(read, view, me, span=6)
    if not cands:
        return None
    nxt = next_stater(view, me)
    bluff = cheap_bluff(read, view, cands, style, rng)
    if bluff:
        return bluff
    if nxt is None or nxt not in read.hidden:
        return max(cands, key=lambda c: (c[0], -c[1]))

    def value(c):
        ch = p_challenged(read, view, c[1], c[2], nxt, style["doubt"])
        return ch * c[0] + (1.0 - ch) * min(style["value"], c[0] + style["value_slack"])

    return max(cands, key=lambda c: (value(c), -c[1]))


def decide(view: dict, legal: list, rng, style: Optional[dict] = None,
           read: Optional[TableRead] = None) -> Optional[dict]:
    """The action a reading player takes now, or None (nothing to do).  ``read``: this view's
    reading already made in this style (the coach weighs the same view: its tables are shared)."""
    style = style or STYLES["reader"]
    if not legal:
        return None
    kinds = {a["type"] for a in legal}
    if "choose" in kinds:
        return choose_die([a for a in legal if a["type"] == "choose"], rng)
    if read is None:
        read = TableRead(view, style["floor"], style["read"], style.get("joint", False))
    cur = view["statement"]
    me = view["you"]
    if "state" in kinds:
        claim = valued_claim(read, view, style, rng) if style.get("value") else best_claim(read, view, style, rng)
        if cur is not None and "dodgy" in kinds:
            p_cur = read.p_true(cur["quantity"], cur["image"], cur["seat"])
            # Challenging loses a die when the statement is true; raising loses one when the
            # raise is false and is caught.  Take the smaller risk.
            p_raise = claim[0] if claim is not None else 0.0
            if style.get("value"):
                p_raise = max((c[0] for c in candidate_claims(read, view, me, span=6)), default=0.0)
            # a statement that cannot be true is always challenged: a sure die beats any raise
            if claim is None or p_cur <= 0.0 or p_cur < (1.0 - p_raise) * style["caught"]:
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
