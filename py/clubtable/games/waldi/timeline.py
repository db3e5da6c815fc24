"""Wie Waldi's events in words, for a game record's timeline (``Game.describe``)."""
from __future__ import annotations


def describe(game, before: dict, seat, action: dict, after: dict):
    names = before["players"]
    who = names[seat] if isinstance(seat, int) else ""
    kind = action["type"]
    if kind == "take_pile":
        return "waldi.tl.take_pile", {"player": who, "pile": action["pile"] + 1}
    if kind == "attach":
        dog = next(d for d in after["dogs"] if d["id"] == action["dog"])
        key = "waldi.tl.attach_close" if not dog["open"] and dog["completed_by"] == seat else "waldi.tl.attach"
        return key, {"player": who, "dog": action["dog"]}
    if kind == "tick" and (after["phase"] != before["phase"] or after["round"] != before["round"]):
        return f"waldi.tl.phase.{after['phase']}", {"round": after["round"]}
    return None
