"""Dobbelduel's events in words, for a game record's timeline (``Game.describe``)."""
from __future__ import annotations


def _dice(values) -> str:
    return " ".join("·" if v is None else str(v) for v in values)


def describe(game, before: dict, seat, action: dict, after: dict):
    names = before["players"]
    who = names[seat] if isinstance(seat, int) else ""
    kind = action["type"]
    m_before = before["matches"][before["match"]]
    m = after["matches"][before["match"]]           # the match this event belongs to
    if kind == "roll":
        return "dobbelduel.tl.roll", {"player": who, "faces": _dice(m["rolled"])}
    if kind == "place":
        row = m["rows"][-1]
        fb = row["given"]
        if fb is None:
            return "dobbelduel.tl.place", {"player": who, "row": _dice(action["row"])}
        return "dobbelduel.tl.place_feedback", {"player": who, "row": _dice(action["row"]), **fb}
    if kind == "feedback":
        row = m["rows"][-1]
        key = "dobbelduel.tl.feedback" if row["given"] == row["true"] else "dobbelduel.tl.feedback_wrong"
        return key, {"player": who, **row["given"]}
    if kind == "solve":
        score = (m["score"] or {}).get("total", 0)
        right = list(action["code"]) == list(m_before["code"])
        return ("dobbelduel.tl.solve_right" if right else "dobbelduel.tl.solve_wrong"), {
            "player": who, "code": _dice(action["code"]), "points": score}
    return None
