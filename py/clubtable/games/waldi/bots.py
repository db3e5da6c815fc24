"""Computer players for Wie Waldi!: seats that play at a human pace.

A bot sees only its own view and legal actions.  It keeps the memory a human keeps
(``strategy.Memory``, every level): the dachshunds whose head it laid and the cards it has
played this round, read from the "placed by" flash in its view (§4.8) at the moment they
happen, or from the owner tags with ``show_card_owner`` on, and the cards it put back
under its piles.

Pacing: ``decide`` returns the action with a think time: every step (take a pile, turn up
a card, place or decline it) costs a reaction time drawn around the level's figure and
divided by ``speed`` (1.0 = human pace, larger is faster; tests use e.g. 10).  The table
scales it by its bot pace.  The reaction time runs from the moment the bot's own situation
changed (its hand, its piles, "Wuff!"); other players' cards landing in between change
what it will do, not when, so a busy table never starves a bot.

Strategy (RULES.md §4.10 notes): lay own heads at once; feed own dachshunds with bellies;
close own dachshunds with a tail once they are worth a marker; snatch long dachshunds of
others with a cat tail; never close another player's dachshund with a tail without a cat;
go for the emptied-pile bone.  The "relaxed" level plays like a beginner: it does not track
whose dachshund is whose, plays whatever fits, and sometimes fumbles.  The "normal" level
puts a card under whenever it is unsure.  The "quick" level plays by ``strategy.py``: it
lays a card whenever laying it helps, remembers the cards it put back under its piles, and
works on the pile nearest to empty whose next card it can lay.
"""
from __future__ import annotations

from ...engine import Bot
from . import cards as C
from . import strategy

#: Seconds per step at speed 1.0, and the level's play.  WAL-4 simulated 0.5-1.5 s a move.
PROFILES = {
    "relaxed": {"take": 0.9, "reveal": 0.7, "decide": 1.5, "jitter": 0.35, "fumble": 0.2, "smart": False},
    "normal": {"take": 0.55, "reveal": 0.4, "decide": 0.9, "jitter": 0.3, "fumble": 0.06, "smart": True},
    "quick": {"take": 0.45, "reveal": 0.32, "decide": 0.65, "jitter": 0.25, "fumble": 0.0, "smart": True,
              "plan": True},       # judgement of strategy.py: lays whenever it helps, plans its piles
}
MARKER_COST = 1.5        # a marker spent brings the Stop closer; worth about 1.5 cards


class WaldiBot(Bot):
    def __init__(self, game, seat: int, level: str, seed: int, speed: float = 1.0) -> None:
        super().__init__(game, seat, level, seed)
        self.profile = PROFILES[level]
        self.speed = float(speed)
        self._round = None
        self._reset_round()

    def _reset_round(self) -> None:
        self.streak = 0                   # declines in a row from the pile in hand
        self.dry = 0                      # declines in a row from any pile
        self.cycled: set = set()          # piles gone round without a play since my last play
        self._own = None                  # my own situation the current decision is for
        self._ready = None                # when my reaction time for it is over (ms)
        self._plan = None                 # (action, effects on my memory, dogs it was chosen for)
        self.mem = strategy.Memory(self.seat)   # what I remember of the round (strategy.py)

    # ------------------------------------------------------------------ pacing
    def _delay(self, step: str) -> int:
        base = self.profile[step]
        j = self.profile["jitter"]
        s = base * (1 - j + 2 * j * self.rng.random()) / max(self.speed, 1e-6)
        return max(1, int(s * 1000))

    # ------------------------------------------------------------------ memory
    def _observe(self, view: dict) -> None:
        if view["round"] != self._round:
            self._round = view["round"]
            self._reset_round()
        self.mem.observe(view)

    # ------------------------------------------------------------------ play
    def decide(self, view: dict, legal: list, now_ms: int):
        """``(action, think_ms)``, or None while there is nothing to do (the countdown,
        between rounds: it says it is ready at once, having seen the scores)."""
        self._observe(view)
        if view["phase"] == "scoring" and {"type": "next_round"} in legal:
            if self._own != "scoring":
                self._own, self._ready = "scoring", now_ms + self._delay("decide")
            return {"type": "next_round"}, max(0, self._ready - now_ms)
        if view["phase"] != "live" or not legal:
            self._own = self._plan = None
            return None
        me = view["me"]
        own = (view["round"], me["in_hand"], tuple(me["piles"]), repr(me["revealed"]), me["markers_left"])
        if own != self._own:
            self._commit()                    # my last decision was carried out
            self._own, self._plan = own, None
            step = "decide" if me["revealed"] is not None else ("reveal" if me["in_hand"] is not None else "take")
            self._ready = now_ms + self._delay(step)
        dogs = tuple((d["id"], d["length"], d["open"]) for d in view["dogs"])
        if self._plan is None or self._plan[2] != dogs or self._plan[0] not in legal:
            plan = self._choose(view, legal)
            if plan is None:
                self._plan = None
                return None
            self._plan = (plan[0], plan[1], dogs)
        return self._plan[0], max(0, self._ready - now_ms)

    def _commit(self) -> None:
        """Remember what my previous decision did (declines in a row, piles cycled)."""
        if self._plan is None:
            return
        effects = self._plan[1]
        if effects == "decline":
            self.streak += 1
            self.dry += 1
        elif effects == "placed":
            self.streak = self.dry = 0
            self.cycled = set()
        elif isinstance(effects, tuple):          # ("take", pile cycled or None)
            if effects[1] is not None:
                self.cycled.add(effects[1])
            self.streak = 0
        self._plan = None

    def _choose(self, view: dict, legal: list):
        """(action, its effect on my memory) for my situation now, or None."""
        if self.profile.get("plan"):
            step = strategy.next_step(view, legal, self.mem, self.rng)
            if step is None:
                return None
            action, kind = step
            if kind == "place":
                return action, ("decline" if action["type"] == "decline" else "placed")
            return action, (("take", None) if kind == "take" else None)
        me = view["me"]
        if me["revealed"] is not None:
            action = self._choose_placement(view, legal)
            return action, ("decline" if action["type"] == "decline" else "placed")
        take = [a for a in legal if a["type"] == "take_pile"]
        in_hand = me["in_hand"]
        size = me["piles"][in_hand] if in_hand is not None else 0
        # Switch piles when the pile is gone or has gone round once without a play.
        if take and (in_hand is None or size == 0 or self.streak > size):
            cycled = in_hand if (in_hand is not None and size) else None
            if cycled is not None:
                self.cycled.add(cycled)           # so the choice below avoids it
            return self._choose_pile(view, take), ("take", cycled)
        if any(a["type"] == "reveal" for a in legal):
            return {"type": "reveal"}, None
        return None

    def _choose_pile(self, view: dict, take: list) -> dict:
        if not self.profile["smart"]:
            return self.rng.choice(take)
        sizes = view["me"]["piles"]
        fresh = [a for a in take if a["pile"] not in self.cycled]
        if not fresh:
            self.cycled = set()
        take = fresh or take
        if view["seats"][self.seat]["pile_emptied"]:
            return max(take, key=lambda a: (sizes[a["pile"]], -a["pile"]))
        # Going for the emptied-pile bone: the smallest pile is nearest to it.
        return min(take, key=lambda a: (sizes[a["pile"]], a["pile"]))

    def _choose_placement(self, view: dict, legal: list) -> dict:
        plays = [a for a in legal if a["type"] in ("place_head", "attach")]
        if plays and self.rng.random() < self.profile["fumble"]:
            return self.rng.choice(plays)
        # The longer nothing fits, the less choosy: a stalled table helps nobody (WAL-8).
        best, best_score = {"type": "decline"}, -0.15 * max(0, self.dry - 6)
        for a in plays:
            score = self._score(view, a) + 0.01 * self.rng.random()    # breaks ties
            if score > best_score:
                best, best_score = a, score
        return best

    def _score(self, view: dict, action: dict) -> float:
        """Expected change of my cards won, roughly, for laying the revealed card."""
        me = view["me"]
        face = me["revealed"]
        smart = self.profile["smart"]
        bonus = 0.0
        if not view["seats"][self.seat]["pile_emptied"]:
            left = me["piles"][me["in_hand"]]
            bone = C.BONE_VALUE[C.PILE_BONUS_BONE.get(view["edition"], "bronze")]
            bonus = 2.5 * bone if left == 0 else (0.3 if left <= 3 else 0.0)
        if action["type"] == "place_head":
            return 5.0 + bonus
        dog = next(d for d in view["dogs"] if d["id"] == action["dog"])
        length = dog["length"]
        mine = dog["id"] in self.mem.my_heads if smart else False
        if face["kind"] == "belly":
            if not smart:
                return 1.0 + bonus
            if mine:
                return 1.5 + bonus
            # Feeding somebody else's dachshund is only worth it if I can still steal it.
            steal = any(f["kind"] == "tail" and f["cat"] and f["front"] == face["rear"]
                        for f in self.mem.left_in_set(view))
            return (0.2 if steal else -0.6) + bonus
        cost = MARKER_COST + self._stop_cost(view, face, dog)
        if face["cat"]:
            gain = length + 1 + (0.5 * length if not mine else 0.0)
            return gain - cost + bonus
        if not smart:
            return (1.0 if length <= 2 else -1.0) + bonus
        if mine:
            return length + 1 - cost + bonus
        return -(length + 1) - cost + bonus

    def _stop_cost(self, view: dict, face: dict, dog: dict) -> float:
        """My last marker stops the round: good when I lead, bad when I trail."""
        if view["me"]["markers_left"] != 1 or not self.profile["smart"]:
            return 0.0
        mine = 0
        others = 0
        for d in view["dogs"]:
            if d["open"]:
                continue
            if self._owns(d):
                mine += d["length"]
            else:
                others += d["length"]
        gain = dog["length"] + 1
        if face["cat"] or dog["id"] in self.mem.my_heads:
            mine += gain
        else:
            others += gain
        n = len(view["players"])
        return -2.0 if mine >= others / max(1, n - 1) else 3.0

    def _owns(self, dog: dict) -> bool:
        """Whether a completed dachshund is mine, as far as I remember."""
        last = (dog["id"], dog["length"] - 1)
        tail = dog["cards"][-1]
        if tail.get("cat"):
            return last in self.mem.my_cards
        return dog["id"] in self.mem.my_heads
