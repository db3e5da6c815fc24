"""Dohdles!'s summary after the game: per Dohdle, the questions asked and letters opened, the
guesses ("Dohdles!" claims) it took and who solved it.  Read from the replay only; the secret
word is shown here only because the game is over (every word is public at the end)."""
from __future__ import annotations


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
    out = []
    for r in report["riddles"]:
        solved = r.get("solved_by")
        who = solved if isinstance(solved, list) else ([] if solved is None else [solved])
        params = {"maker": names[r["maker"]], "questions": r["questions"], "letters": r["letters"],
                  "guesses": r["guesses"], "names": ", ".join(names[s] for s in who)}
        out.append(("dohdles.coach.riddle_solved" if who else "dohdles.coach.riddle", params))
    return out