"""Wie Waldi! judgement: what to do with a turned-up card, and which pile to work on.

Pure functions of a seat's view, its legal actions and a small ``Memory`` of what that
player has seen himself (as a human at the table remembers): the dachshunds whose head he
laid, the cards he laid, and the cards he turned up and put back under a pile (they go to
the bottom of that same pile, WAL-9, so their order is known).

Values are in *cards won* (the ranking currency, §4.5); a bone point is worth
``POINT`` cards.  A placement **helps** when its value is positive:

* a head: a new dachshund that goes to me unless someone closes it with a cat tail;
* a belly: feeds my own dachshund, or one I can still steal with a cat tail of my set;
* a cat tail: the whole dachshund is mine (§4.5.2);
* a tail without a cat on my own dachshund: it is mine for good;
* any card brings my pile nearer the emptied-pile bone (WAL-16/17), most of all the last.

It hurts to close somebody else's dachshund without a cat (it is his), to spend the marker
that stops the round while trailing, and to feed a dachshund only another can win.  The
strongest play places whenever a placement helps and puts the card under only when none
does; it works on the pile nearest to empty whose next card it knows it can lay.
"""
from __future__ import annotations

from typing import Optional

from . import cards as C

POINT = 4.0              # cards won worth one bone point (a rank step is about that)
HEAD = 1.2               # a new dachshund of mine, before anybody steals it
MARKER = 0.6             # a spent marker brings my round's end nearer
FEED = 0.1               # a belly on another's dachshund: the pile shrinks, and it may come back to me
PROGRESS = 0.8           # share of the pile bone a card brings, divided by the cards left + 1


class Memory:
    """What one seat remembers of the current round (reset when the round changes)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.round = None
        self.reset()

    def reset(self) -> None:
        self.my_heads: set = set()         # dachshund ids whose head I laid
        self.my_cards: set = set()         # (dog id, index) of the cards I laid
        self.laid: list = []               # faces I laid this round
        self.order: list = [[None] * C.PILE_SIZE for _ in range(C.PILES)]   # top first; None = unseen
        self.open_card: Optional[tuple] = None   # (pile, face, pile size after the reveal)
        self.dogs_seen: set = set()
        self.head_placed: Optional[dict] = None  # a head I just laid, to find its dachshund

    def observe(self, view: dict) -> None:
        if view["round"] != self.round:
            self.round = view["round"]
            self.reset()
        me = view["me"]
        if me is None:
            return
        dogs = {d["id"]: d for d in view["dogs"]}
        # Whose cards: the owner tags when shown, else the "placed by" flash (§4.8).
        if view["show_card_owner"]:
            for d in view["dogs"]:
                for i, f in enumerate(d["cards"]):
                    if f.get("owner") == self.seat:
                        self._remember(d["id"], i, f)
        for e in view["recent"]:
            if e["seat"] == self.seat and e["dog"] in dogs:
                self._remember(e["dog"], e["index"], dogs[e["dog"]]["cards"][e["index"]])
        # A head I laid with no flash to tell: the one new dachshund starting with it.
        if self.head_placed is not None:
            new = [d for d in view["dogs"] if d["id"] not in self.dogs_seen
                   and _plain(d["cards"][0]) == self.head_placed]
            if len(new) == 1:
                self._remember(new[0]["id"], 0, new[0]["cards"][0])
            self.head_placed = None
        self.dogs_seen = set(dogs)
        # The card I had turned up: back under its pile, or laid.
        if self.open_card is not None and me["revealed"] is None:
            pile, face, size = self.open_card
            if me["piles"][pile] == size + 1:
                self.order[pile].append(face)      # under the same pile (WAL-9)
            self.open_card = None
        if me["revealed"] is not None and self.open_card is None and me["in_hand"] is not None:
            pile = me["in_hand"]
            if self.order[pile]:
                self.order[pile].pop(0)
            self.open_card = (pile, _plain(me["revealed"]), me["piles"][pile])
        for i, size in enumerate(me["piles"]):
            # Keep the model's length honest (a missed step never makes it drift for long).
            o = self.order[i]
            while len(o) > size:
                o.pop(0)
            while len(o) < size:
                o.insert(0, None)

    def placed(self, action: dict, face: dict) -> None:
        """Called with the placement the player sends (to find a head with no flash)."""
        if action["type"] == "place_head":
            self.head_placed = _plain(face)

    def _remember(self, dog: int, index: int, face: dict) -> None:
        if (dog, index) in self.my_cards:
            return
        self.my_cards.add((dog, index))
        self.laid.append(_plain(face))
        if index == 0:
            self.my_heads.add(dog)

    def left_in_set(self, view: dict) -> list:
        """Faces of my set not laid this round."""
        left = [_plain(f) for f in view["deck"]]
        for f in self.laid:
            if f in left:
                left.remove(f)
        return left


def _plain(face: dict) -> dict:
    return {k: v for k, v in face.items() if k != "owner"}


# ---------------------------------------------------------------------- placements
def owns(dog: dict, mem: Memory) -> bool:
    """Whether a dachshund is (or, open, would be without a cat) mine, as I remember."""
    if not dog["open"] and dog["cards"][-1].get("cat"):
        return (dog["id"], dog["length"] - 1) in mem.my_cards
    return dog["id"] in mem.my_heads


def pile_value(view: dict, left: int) -> float:
    """What laying a card is worth toward the emptied-pile bone when ``left`` cards stay
    in the pile after it (WAL-16: one bone, however many piles)."""
    me = view["me"]
    if view["seats"][me["seat"]]["pile_emptied"]:
        return 0.0
    bone = C.BONE_VALUE[C.PILE_BONUS_BONE.get(view["edition"], "bronze")] * POINT
    if left == 0:
        return bone
    return bone * PROGRESS / (left + 1)


def stop_value(view: dict, mem: Memory, gain_mine: float, gain_other: float) -> float:
    """My last marker stops the round (§4.5.1): good when I lead, bad when I trail."""
    mine, best_other = 0.0, 0.0
    per: dict = {}
    for d in view["dogs"]:
        if d["open"]:
            continue
        if owns(d, mem):
            mine += d["length"]
        else:
            per[d["id"]] = d["length"]
    others = sum(per.values()) + gain_other
    mine += gain_mine
    n = len(view["players"])
    best_other = others / max(1, n - 1) * (1.5 if n > 2 else 1.0)
    return 2.0 if mine > best_other else -3.0


def score(view: dict, action: dict, mem: Memory) -> float:
    """The value (in cards) of laying the turned-up card as ``action``."""
    me = view["me"]
    face = me["revealed"]
    progress = pile_value(view, me["piles"][me["in_hand"]])
    if action["type"] == "place_head":
        return HEAD + progress
    dog = next(d for d in view["dogs"] if d["id"] == action["dog"])
    length = dog["length"]
    mine = dog["id"] in mem.my_heads
    if face["kind"] == "belly":
        if mine:
            return 1.0 + progress
        steal = any(f["kind"] == "tail" and f["cat"] and f["front"] == face["rear"]
                    for f in mem.left_in_set(view))
        return (0.3 if steal else FEED) + progress
    gain = length + 1
    if face["cat"]:
        value = gain if not mine else 0.5 * gain
        mine_gain, other_gain = gain, 0
    elif mine:
        value = 0.6 * gain
        mine_gain, other_gain = gain, 0
    else:
        value = -gain
        mine_gain, other_gain = 0, gain
    value -= MARKER
    if me["markers_left"] == 1:
        value += stop_value(view, mem, mine_gain, other_gain)
    return value + progress


def choose_placement(view: dict, legal: list, mem: Memory, rng) -> dict:
    """Lay the card where it helps most; put it under only when no placement helps."""
    best, best_value = {"type": "decline"}, 0.0
    for a in legal:
        if a["type"] in ("place_head", "attach"):
            v = score(view, a, mem) + 0.001 * rng.random()
            if v > best_value:
                best, best_value = a, v
    return best


def helpful(view: dict, legal: list, mem: Memory) -> list:
    """The placements that help (value above zero)."""
    return [a for a in legal if a["type"] in ("place_head", "attach") and score(view, a, mem) > 0]


# ---------------------------------------------------------------------- piles
def placeable(view: dict, face: Optional[dict]) -> bool:
    """Whether a known face could be laid now (a head always; else a matching open end)."""
    if face is None:
        return False
    if face["kind"] == "head":
        return True
    return any(d["open"] and d["end"] == face["front"] for d in view["dogs"])


def choose_pile(view: dict, take: list, mem: Memory) -> Optional[dict]:
    """Which pile to hold: the one nearest to empty whose top card I know I can lay, else
    one whose top I have not seen, else (all tops known and stuck) the smallest, to cycle.
    Returns None to keep the pile in hand."""
    me = view["me"]
    sizes = me["piles"]
    chasing = not view["seats"][me["seat"]]["pile_emptied"]

    def rank(i: int) -> tuple:
        top = mem.order[i][0] if mem.order[i] else None
        known = top is not None
        fits = placeable(view, top)
        state = 2 if fits else (1 if not known else 0)
        size = sizes[i] if chasing else -sizes[i]
        # Chasing the bone: the smallest pile that is not known to be stuck.
        return (state > 0, -size, state, -i) if chasing else (state, -size, -i)

    options = [i for i in range(C.PILES) if sizes[i] > 0]
    if not options:
        return None
    best = max(options, key=rank)
    hand = me["in_hand"]
    if hand is not None and sizes[hand] > 0 and rank(hand)[:-1] >= rank(best)[:-1]:
        return None                      # the pile in hand is as good as any: no take step
    return next((a for a in take if a["pile"] == best), None)


# ---------------------------------------------------------------------- one step
def next_step(view: dict, legal: list, mem: Memory, rng) -> Optional[tuple]:
    """The strongest play's next action and the step it is (``take``, ``reveal`` or
    ``place``: a placement or a decline), or None.  Call ``mem.observe(view)`` first."""
    if view["phase"] != "live" or not legal or view["me"] is None:
        return None
    me = view["me"]
    if me["revealed"] is not None:
        action = choose_placement(view, legal, mem, rng)
        mem.placed(action, me["revealed"])
        return action, "place"
    take = [a for a in legal if a["type"] == "take_pile"]
    if take:
        pick = choose_pile(view, take, mem)
        if pick is not None:
            return pick, "take"
    if any(a["type"] == "reveal" for a in legal):
        return {"type": "reveal"}, "reveal"
    if take:
        return take[0], "take"
    return None


__all__ = ["next_step", "Memory", "score", "choose_placement", "choose_pile", "helpful", "placeable", "POINT"]
