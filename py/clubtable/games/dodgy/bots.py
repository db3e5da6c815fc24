"""Computer players for DODGY.

A bot sees only its own view: its own faces, every player's dice count, who holds the seer
stone, the public statements and any faces made public.  From that it estimates the chance
that a claim "at least q × image" is true: its own dice are known, every unknown die shows
the image with probability 1/len(faces), and the seer stone counts as RULES.md §5.4 says
(wild for the holder's own claim; by its rolled face, or never, otherwise).

Levels differ in how well they estimate and how they use the estimate:

* ``easy``   noisy estimates, random claim heights, challenges only gross claims;
* ``normal`` exact binomial estimates, claims it believes, a little bluffing;
* ``hard``   reads the table (``reading.py``, style ``deep``): a posterior over every
             rival's whole hand from the statements he made this round, his dice count,
             the seer stone and the faces made public; claims what most likely wins the
             next exchange given how the next player will see it, challenges from the
             posterior, bluffs where it pays.

Bots think once per decision point (round, phase, statement, stater) and ask for a human-ish
think time (``delay_ms``) before acting: ``decide`` returns the plan with the time left of
that delay, however often the table asks; the table paces it.  A statement made early is
simply held by the rules (§5.7.2), so bystanders always get their challenge window.
"""
from __future__ import annotations

from typing import Optional

from ...engine import Bot
from . import reading

SEER = 20

PROFILES = {
    "easy": {
        "delay_ms": (900, 2000),
        "noise": 0.15,          # uniform noise added to every probability estimate
        "inference": 0.0,       # how much a rival's claimed image raises his odds of holding it
        "target": None,         # None: a random claim height just above the minimum
        "raise_margin": 0.2,    # next stater challenges when P(cur) < P(best raise) - margin
        "bystander": 0.15,      # a bystander challenges when P(cur) < this
        "bluff": 0.2,           # chance of a minimum raise on a random image
    },
    "normal": {
        "delay_ms": (700, 1600),
        "noise": 0.0,
        "inference": 0.0,
        "target": 0.6,
        "raise_margin": 0.05,
        "bystander": 0.3,
        "bluff": 0.08,
    },
    "hard": {
        "delay_ms": (600, 1400),
        "noise": 0.0,
        "inference": 0.35,
        "target": 0.8,          # claims it is quite sure of, so the next raise is the risky one
        "raise_margin": 0.15,
        "bystander": 0.3,
        "bluff": 0.06,
        "reading": "deep",      # decisions by reading.py in this style (the fields above unused)
    },
}


def prob_at_least(probs: list, k: int) -> float:
    """P(at least ``k`` successes) for independent trials with the given probabilities
    (a Poisson-binomial tail, by dynamic programming)."""
    if k <= 0:
        return 1.0
    if k > len(probs):
        return 0.0
    dist = [1.0] + [0.0] * len(probs)
    for i, p in enumerate(probs, start=1):
        q = 1.0 - p
        for j in range(i, 0, -1):
            dist[j] = dist[j] * q + dist[j - 1] * p
        dist[0] *= q
    return min(1.0, max(0.0, sum(dist[k:])))


class DodgyBot(Bot):
    """One DODGY computer player; see the module docstring for the levels."""

    def __init__(self, game, seat: int, level: str, seed: int) -> None:
        super().__init__(game, seat, level, seed)
        self.profile = PROFILES[level]
        self.delay_ms = self.profile["delay_ms"]
        self._key = None
        self._plan: Optional[dict] = None
        self._due = 0

    # ------------------------------------------------------------------ pacing
    def decide(self, view: dict, legal: list, now_ms: int):
        """``(action, think_ms)``: the plan for this decision point and what is left of its
        delay; None when there is nothing to do (or the plan is no longer legal)."""
        if not legal:
            self._key = None
            return None
        cur = view["statement"]
        key = (view["round"], view["phase"], cur["n"] if cur else None, view["stater"])
        if key != self._key:
            self._key = key
            self._plan = self.plan(view, legal)
            lo, hi = self.delay_ms
            self._due = now_ms + lo + (self.rng.below(hi - lo + 1) if hi > lo else 0)
        if self._plan is None or self._plan not in legal:
            return None
        return self._plan, max(0, self._due - now_ms)

    # ------------------------------------------------------------------ decisions
    def plan(self, view: dict, legal: list) -> Optional[dict]:
        """What to do at this decision point (no pacing)."""
        if self.profile.get("reading"):
            return reading.decide(view, legal, self.rng, reading.STYLES[self.profile["reading"]])
        kinds = {a["type"] for a in legal}
        if "choose" in kinds:
            return self._choose(legal)
        cur = view["statement"]
        if "state" in kinds:
            best = self._best_statement(view, legal)
            if cur is None:
                return best
            p_cur = self.estimate(view, cur["quantity"], cur["image"], cur["seat"])
            p_best = self.estimate(view, best["quantity"], best["image"], self.seat)
            if p_cur < p_best - self.profile["raise_margin"] or p_cur < 0.05:
                return _find(legal, "dodgy")
            return best
        if "dodgy" in kinds:
            if view["phase"] == "statement" and view["stater"] == self.seat:
                return _find(legal, "dodgy")          # no raise is possible (DGY-7)
            p_cur = self.estimate(view, cur["quantity"], cur["image"], cur["seat"])
            if p_cur < self.profile["bystander"]:
                return _find(legal, "dodgy")
            return _find(legal, "accept")     # None while shouts are being collected
        return None

    def _choose(self, legal: list) -> dict:
        """The exchange winner takes the seer stone whenever he can (it is wild for him)."""
        for a in legal:
            if a["die"] == SEER:
                return a
        return legal[self.rng.below(len(legal))]

    def _best_statement(self, view: dict, legal: list) -> dict:
        statements = [a for a in legal if a["type"] == "state"]
        lo = view["min_quantity"]
        prof = self.profile
        scored = {}
        for image in view["faces"]:
            for a in statements:
                if a["image"] == image and a["quantity"] <= lo + 6:
                    scored[(a["quantity"], image)] = self.estimate(view, a["quantity"], image, self.seat)
        if not scored:
            return statements[0]
        if self.rng.random() < prof["bluff"]:
            # A bluff: the minimum raise on an image we do not believe in most.
            image = view["faces"][self.rng.below(len(view["faces"]))]
            return {"type": "state", "quantity": lo, "image": image}
        if prof["target"] is None:
            # Easy: the image it holds most of, at a height near its rough expectation.
            image = max(view["faces"], key=lambda f: (scored.get((lo, f), 0.0), self.rng.random()))
            q = lo + self.rng.below(2)
            while (q, image) not in scored and q > lo:
                q -= 1
            return {"type": "state", "quantity": q, "image": image}
        good = [(q, p, img) for (q, img), p in scored.items() if p >= prof["target"]]
        if good:
            q, p, image = max(good, key=lambda t: (t[0], t[1]))
        else:
            (q, image), p = max(scored.items(), key=lambda kv: (kv[1], -kv[0][0]))
        return {"type": "state", "quantity": q, "image": image}

    # ------------------------------------------------------------------ the model
    def estimate(self, view: dict, quantity: int, image: str, stater: int) -> float:
        """P(at least ``quantity`` dice count as ``image``) for a statement by ``stater``,
        from this bot's view only (plus the level's noise)."""
        p = self.probability(view, quantity, image, stater)
        noise = self.profile["noise"]
        if noise:
            p += self.rng.random() * 2 * noise - noise
        return p

    def probability(self, view: dict, quantity: int, image: str, stater: int) -> float:
        base = 1.0 / len(view["faces"])
        rolled = view["options"]["seer_mode"] == "rolled_face"
        me = view["you"]
        certain = 0
        unknown: list = []
        for d in view["hand"]:
            if d["seer"]:
                certain += 1 if (stater == me or (rolled and d["face"] == image)) else 0
            elif d["face"] == image:
                certain += 1
        claimed = self._claimed_images(view) if self.profile["inference"] else {}
        for info in view["seats"]:
            s = info["seat"]
            if s == me or not info["active"]:
                continue
            known = view["known"][s]
            n_unknown = info["dice"] - len(known)
            seer_hidden = info["seer"] and not any(d["seer"] for d in known)
            for d in known:
                if d["seer"]:
                    certain += 1 if (s == stater or (rolled and d["face"] == image)) else 0
                elif d["face"] == image:
                    certain += 1
            if seer_hidden:
                n_unknown -= 1
                if s == stater:
                    certain += 1
                elif rolled:
                    unknown.append(base)
            if n_unknown <= 0:
                continue
            boosted = 0
            if claimed.get(s) == image and not info["seer"]:
                boosted = 1
                unknown.append(min(0.95, base + self.profile["inference"]))
            unknown.extend([base] * (n_unknown - boosted))
        return prob_at_least(unknown, quantity - certain)

    @staticmethod
    def _claimed_images(view: dict) -> dict:
        """The image each player named in his latest statement of this round."""
        out = {}
        for st in view["statements"]:
            if not st.get("auto"):
                out[st["seat"]] = st["image"]
        return out


def _find(legal: list, kind: str) -> Optional[dict]:
    for a in legal:
        if a["type"] == kind:
            return a
    return None


__all__ = ["DodgyBot", "PROFILES", "prob_at_least"]
