"""Play-Doh's Cave's summary after the game: per riddle, the questions asked about it, the
letters asked for, the guesses written at it and who solved it.
Read from the replay only; the words are shown because the game is over."""
from __future__ import annotations

from ..coaching import riddle_lines


def coach(game, replay, times=None, clock=None) -> dict:
    final = replay.final
    per: dict = {r["id"]: {"questions": 0, "letters": 0, "guesses": 0} for r in final["riddles"]}
    for _seat, action, _now in replay.record["log"]:
        target = action.get("riddle")
        if target not in per:
            continue
        kind = action["type"]
        if kind == "ask":
            per[target]["questions"] += 1
        elif kind == "ask_letter":
            per[target]["letters"] += 1
        elif kind == "guess":
            per[target]["guesses"] += 1
    over = game.result(final) is not None
    riddles = [dict(per[r["id"]], id=r["id"], maker=r["maker"], word=r["word"] if over else None,
                    solved_by=list(r["solved_by"]), removed=r["removed"]) for r in final["riddles"]]
    return {"game": game.id, "riddles": riddles}


def summary(report: dict, names: list) -> list:
    """The report's summary in words, ``[(catalogue key, params)]``: one line per riddle."""
    return riddle_lines(report, names, "cave")
