"""Computer players for Wie Waldi!: seats that play at a human pace.

A bot sees only its own view and legal actions.  It keeps the memory a human keeps: the
dachshunds whose head it laid and the cards it has played this round, read from the
"placed by" flash in its view (§4.8) at the moment they happen; with ``show_card_owner``
on it simply reads the owner tags.

Pacing: every step (take a pile, turn up a card, place or decline it) costs a reaction
time drawn around the level's figure and divided by ``speed`` (1.0 = human pace, larger is
faster; tests use e.g. 10), and by the table's ``bot_speed`` option, which the bot reads
from its view (a table in the page cannot pass ``speed``).  ``wake_ms`` is the earliest time the bot will act; a session
may skip asking it before then, and asking it earlier is harmless (it returns None).

Strategy (RULES.md §4.10 notes): lay own heads at once; feed own dachshunds with bellies;
close own dachshunds with a tail once they are worth a marker; snatch long dachshunds of
others with a cat tail; never close another player's dachshund with a tail without a cat;
go for the emptied-pile bone.  The "relaxed" level plays like a beginner: it does not track
whose dachshund is whose, plays whatever fits, and sometimes fumbles.
"""
from __future__ import annotations

from typing import Optional

from ...engine import Bot
from . import cards as C

#: Seconds per step at speed 1.0, and the level's play.  WAL-4 simulated 0.5-1.5 s a move.
PROFILES = {
    "relaxed": {"take": 0.9, "reveal": 0.7, "decide": 1.5, "jitter": 0.35, "fumble": 0.2, "smart": False},
    "normal": {"take": 0.55, "reveal": 0.4, "decide": 0.9, "jitter": 0.3, "fumble": 0.06, "smart": True},
    "quick": {"take": 0.45, "reveal": 0.32, "decide": 0.65, "jitter": 0.25, "fumble": 0.0, "smart": True},
}
MARKER_COST = 1.5        # a marker spent brings the Stop closer; worth about 1.5 cards


class WaldiBot(Bot):
    def __init__(self, game, seat: int, level: str, seed: int, speed: float = 1.0) -> None:
        super().__init__(game, seat, level, seed)
        self.profile = PROFILES[level]
        self.speed = float(speed)
        self.table_speed = 1.0            # the table's ``bot_speed`` option, read from the view
        self.wake_ms: Optional[int] = None
        self._round = None
        self._reset_round()

    def _reset_round(self) -> None:
        self.my_heads: set = set()        # dachshund ids whose head I laid
        self.my_cards: set = set()        # (dog id, index) of every card I laid
        self.placed: list = []            # faces I laid this round
        self.streak = 0                   # declines in a row from the pile in hand
        self.dry = 0                      # declines in a row from any pile
        self.cycled: set = set()          # piles gone round without a play since my last play
        self.wake_ms = None

    # ------------------------------------------------------------------ pacing
    def _delay(self, step: str) -> int:
        base = self.profile[step]
        j = self.profile["jitter"]
        s = base * (1 - j + 2 * j * self.rng.random()) / max(self.speed * self.table_speed, 1e-6)
        return max(1, int(s * 1000))

    # ------------------------------------------------------------------ memory
    def _observe(self, view: dict) -> None:
        speed = view.get("bot_speed", 1)
        if isinstance(speed, (int, float)) and not isinstance(speed, bool) and speed > 0:
            self.table_speed = float(speed)
        if view["round"] != self._round:
            self._round = view["round"]
            self._reset_round()
        dogs = {d["id"]: d for d in view["dogs"]}
        if view["show_card_owner"]:
            for d in view["dogs"]:
                for i, f in enumerate(d["cards"]):
                    if f.get("owner") == self.seat:
                        self._remember(d["id"], i, f)
            return
        for e in view["recent"]:
            if e["seat"] == self.seat and e["dog"] in dogs:
                self._remember(e["dog"], e["index"], dogs[e["dog"]]["cards"][e["index"]])

    def _remember(self, dog: int, index: int, face: dict) -> None:
        if (dog, index) in self.my_cards:
            return
        self.my_cards.add((dog, index))
        self.placed.append({k: v for k, v in face.items() if k != "owner"})
        if index == 0:
            self.my_heads.add(dog)

    def _left_in_set(self, view: dict) -> list:
        """Faces of my set not yet laid this round (my piles plus the revealed card)."""
        left = [dict(f) for f in view["deck"]]
        for f in self.placed:
            if f in left:
                left.remove(f)
        return left

    # ------------------------------------------------------------------ play
    def act(self, view: dict, legal: list, now_ms: int) -> Optional[dict]:
        self._observe(view)
        if view["phase"] != "live" or not legal:
            if view["phase"] == "countdown" and (self.wake_ms is None or self.wake_ms < view["go_ms"]):
                self.wake_ms = view["go_ms"] + self._delay("take")     # reacting to "Wuff!"
            return None
        if self.wake_ms is None:
            self.wake_ms = now_ms + self._delay("take")
        if now_ms < self.wake_ms:
            return None
        me = view["me"]
        if me["revealed"] is not None:
            action = self._choose_placement(view, legal)
            if action["type"] == "decline":
                self.streak += 1
                self.dry += 1
            else:
                self.streak = self.dry = 0
                self.cycled = set()
            self.wake_ms = now_ms + self._delay("reveal")
            return action
        take = [a for a in legal if a["type"] == "take_pile"]
        in_hand = me["in_hand"]
        size = me["piles"][in_hand] if in_hand is not None else 0
        # Switch piles when the pile is gone or has gone round once without a play.
        if take and (in_hand is None or size == 0 or self.streak > size):
            if in_hand is not None and size:
                self.cycled.add(in_hand)
            self.streak = 0
            self.wake_ms = now_ms + self._delay("take")
            return self._choose_pile(view, take)
        if any(a["type"] == "reveal" for a in legal):
            self.wake_ms = now_ms + self._delay("decide")
            return {"type": "reveal"}
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
        mine = dog["id"] in self.my_heads if smart else False
        if face["kind"] == "belly":
            if not smart:
                return 1.0 + bonus
            if mine:
                return 1.5 + bonus
            # Feeding somebody else's dachshund is only worth it if I can still steal it.
            steal = any(f["kind"] == "tail" and f["cat"] and f["front"] == face["rear"]
                        for f in self._left_in_set(view))
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
        if face["cat"] or dog["id"] in self.my_heads:
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
            return last in self.my_cards
        return dog["id"] in self.my_heads
