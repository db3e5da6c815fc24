"""DODGY's events in words, for a game record's timeline (``Game.describe``)."""
from __future__ import annotations

from .rules import SEER


def describe(game, before: dict, seat, action: dict, after: dict):
    """``(key, params)``; a parameter ending in ``_key`` is itself a catalogue key (an
    image's name), translated before it is filled in.  None: the framework's default."""
    names = before["players"]
    who = names[seat] if isinstance(seat, int) else ""
    kind = action["type"]
    rev, was = after.get("reveal"), before.get("reveal")
    if rev is not None and rev is not was and (was is None or rev["at"] != was["at"] or rev["round"] != was["round"]) \
            and before["phase"] != "choose":
        # this event lifted the cups: a shout (or a statement that ran out of time)
        key = "dodgy.tl.challenge_timeout" if rev["by_timeout"] else "dodgy.tl.challenge"
        return key, {"player": names[rev["challenger"]], "stater": names[rev["stater"]],
                     "quantity": rev["quantity"], "image_key": f"dodgy.face.{rev['image']}",
                     "count": rev["count"], "loser": names[rev["loser"]]}
    if kind == "state":
        return "dodgy.tl.state", {"player": who, "quantity": action["quantity"],
                                  "image_key": f"dodgy.face.{action['image']}"}
    if kind == "choose" or (kind == "tick" and before["phase"] == "choose" and after["phase"] != "choose"):
        rev = before["reveal"]
        moved = after["reveal"]["chosen"] if after.get("reveal") else None
        die = action.get("die", moved)
        key = "dodgy.tl.take_seer" if die == SEER else "dodgy.tl.take"
        return key, {"player": names[rev["winner"]], "loser": names[rev["loser"]]}
    if kind == "tick" and after["phase"] == "over":
        return "dodgy.tl.over", {}
    return None
