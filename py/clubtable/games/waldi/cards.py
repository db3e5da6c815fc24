"""The Wie Waldi! / "10" deck: one set of 30 card fronts, identical for every player (WAL-5).

A *face* is a JSON-safe dict::

    {"kind": "head",  "rear": colour}                      # starts a dachshund
    {"kind": "belly", "front": colour, "rear": colour}      # front != rear (§4.1)
    {"kind": "tail",  "front": colour, "cat": bool}         # completes it

``front`` is the blanket colour at the edge toward the head, ``rear`` the edge toward the
tail.  Orientation is fixed (§4.1), so a card fits an open end exactly when its ``front``
equals the ``rear`` of the dachshund's last card.

A *card id* is an int ``set * 30 + index``: the set is the seat that owns the card (its back,
§4.2), the index points into the set's 30 faces.  Card ids never leave the engine in a view
(they would reveal the back).
"""
from __future__ import annotations

from typing import Optional

SET_SIZE = 30
HEADS, BELLIES, TAILS = 7, 16, 7
PILES, PILE_SIZE = 3, 10
DEFAULT_COLOURS = ["red", "yellow", "green", "blue"]

#: WAL-1: cat tails per set by edition (DE 3 cat / 4 no-cat, FR 4 cat / 3 no-cat).
CAT_TAILS = {"DE": 3, "FR": 4}
#: WAL-2: the bone for an emptied pile, by edition.
PILE_BONUS_BONE = {"DE": "bronze", "FR": "silver"}
BONE_VALUE = {"gold": 3, "silver": 2, "bronze": 1}


def owner_of(card: int) -> int:
    """The seat whose set (card back) the card belongs to."""
    return card // SET_SIZE


def default_deck(colours: Optional[list] = None, edition: str = "DE") -> list:
    """The §4.1 DEFAULT composition, built from ``colours`` (3–6 names, default 4).

    With the four default colours this is exactly the RULES.md §4.1 list:

    * heads (7): rear red, red, yellow, yellow, green, green, blue;
    * bellies (16): the 12 ordered pairs, then red>yellow, yellow>green, green>blue, blue>red;
    * tails (7): front red, red, yellow, yellow, green, green, blue; DE cats on red, yellow,
      green; FR cats on red, yellow, green, blue.

    Other colour counts follow the same recipe (WAL-4 reports balanced 3-, 5- and 6-colour
    decks play well): heads and tails share one colour multiset and the bellies are a union
    of directed cycles, so every colour is as often a rear edge as a front edge.
    """
    cs = list(colours or DEFAULT_COLOURS)
    k = len(cs)
    if not 3 <= k <= 6:
        raise ValueError("the default deck recipe needs 3 to 6 colours")
    ends = [cs[i * k // HEADS] for i in range(HEADS)]
    deck = [{"kind": "head", "rear": c} for c in ends]
    for front, rear in _belly_pairs(k):
        deck.append({"kind": "belly", "front": cs[front], "rear": cs[rear]})
    # Cats go first on the first tail of each colour, then on the second ones (§4.1).
    order = sorted(range(TAILS), key=lambda i: (ends[:i].count(ends[i]), i))
    cats = set(order[: CAT_TAILS[edition]])
    deck += [{"kind": "tail", "front": c, "cat": i in cats} for i, c in enumerate(ends)]
    return deck


def _belly_pairs(k: int) -> list:
    """16 (front, rear) colour-index pairs forming directed cycles (balanced flow)."""
    pairs: list = []
    left = BELLIES
    d = 1
    # Whole "distance-d" cycles c_i -> c_(i+d) first, never leaving a single edge over.
    while left >= k and left - k != 1:
        pairs += [(i, (i + d) % k) for i in range(k)]
        left -= k
        d = d % (k - 1) + 1
    if left % 2:                                    # an odd rest takes one 3-cycle
        pairs += [(0, 1), (1, 2), (2, 0)]
        left -= 3
    i = 0
    while left:                                     # the rest in 2-cycles a<->b
        a, b = i % k, (i + 1) % k
        pairs += [(a, b), (b, a)]
        left -= 2
        i += 2 if k > 2 else 1
    return pairs


def check_deck(deck: object, colours: list) -> list:
    """Validate a custom deck (30 faces); return it normalised or raise ValueError."""
    if not isinstance(deck, list) or len(deck) != SET_SIZE:
        raise ValueError(f"A deck has exactly {SET_SIZE} cards.")
    out = []
    for n, face in enumerate(deck, 1):
        if not isinstance(face, dict) or face.get("kind") not in ("head", "belly", "tail"):
            raise ValueError(f"Card {n} needs a kind: head, belly or tail.")
        kind = face["kind"]
        need = {"head": ("rear",), "belly": ("front", "rear"), "tail": ("front",)}[kind]
        for edge in need:
            if face.get(edge) not in colours:
                raise ValueError(f"Card {n} has a {edge} colour that is not a blanket colour.")
        if kind == "belly" and face["front"] == face["rear"]:
            raise ValueError(f"Card {n}: a belly has two different colours.")
        card = {"kind": kind, **{e: face[e] for e in need}}
        if kind == "tail":
            card["cat"] = bool(face.get("cat", False))
        out.append(card)
    counts = [sum(1 for f in out if f["kind"] == k) for k in ("head", "belly", "tail")]
    if counts != [HEADS, BELLIES, TAILS]:
        raise ValueError("A set has 7 heads, 16 bellies and 7 tails.")
    return out


def deck_warnings(deck: list) -> list:
    """WAL-4: colours that appear more often on one edge than the other stall rounds.

    Returns readable warnings (empty for a balanced deck): for each colour, the number of
    rear edges (heads, bellies) must equal the number of front edges (bellies, tails).
    """
    rear: dict = {}
    front: dict = {}
    for f in deck:
        if "rear" in f:
            rear[f["rear"]] = rear.get(f["rear"], 0) + 1
        if "front" in f:
            front[f["front"]] = front.get(f["front"], 0) + 1
    warnings = []
    for c in sorted(set(rear) | set(front)):
        r, fr = rear.get(c, 0), front.get(c, 0)
        if r != fr:
            warnings.append(f"Colour {c} is a rear edge {r} times but a front edge {fr} times; rounds may stall.")
    return warnings


def fits(face: dict, end: Optional[str]) -> bool:
    """A belly or tail fits an open end whose rear colour is ``end`` (§4.4 Attach)."""
    return face["kind"] != "head" and end is not None and face["front"] == end
