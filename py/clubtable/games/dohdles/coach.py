"""Dohdles!'s summary after the game: per Dohdle, the questions asked and letters opened, the
guesses ("Dohdles!" claims) it took and who solved it.  Read from the replay only; the secret
word is shown here only because the game is over (every word is public at the end)."""
from __future__ import annotations

from ..coaching import riddle_lines


def coach(game, replay, times=None, clock=None) -> dict:
    final = replay.final
    claims: dict = {}
    for _seat, action, _now in replay.record["log"]:
        if action["type"] == "claim":
            claims[action["dohdle"]] = claims.get(action["dohdle"], 0) + 1
    over = game.result(final) is not None
    riddles = []
    for d in final["dohdles"]:
        if d["status"] == "unmade":
            continue
        riddles.append({
            "id": d["id"], "maker": d["maker"], "status": d["status"],
            "word": d["word"] if over else None,
            "questions": sum(1 for qa in d.get("qa", ()) if not qa.get("refused")),
            "refused": sum(1 for qa in d.get("qa", ()) if qa.get("refused")),
            "letters": sum(1 for x in d.get("letters", ()) if x is not None),
            "guesses": claims.get(d["id"], 0),
            "solved_by": d.get("solved_by"),
        })
    return {"game": game.id, "riddles": riddles}


def summary(report: dict, names: list) -> list:
    """The report's summary in words, ``[(catalogue key, params)]``: one line per riddle."""
    return riddle_lines(report, names, "dohdles")
