"""Wie Waldi's summary after the game: per player, cards laid against cards put under (by
hand or by the hold limit), dachshunds closed and snatched, and reaction times (from turning
a card up to laying it or putting it under).  Read from the replay only.

*Snatched*: a dachshund the player closed with a cat's tail although another player laid its
head, so it became the player's (§4.5.2)."""
from __future__ import annotations

from . import cards as C
from .rules import dachshund_owner


def _percentile(values: list, q: float):
    if not values:
        return None
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def coach(game, replay, times=None, clock=None) -> dict:
    states, log = replay.states, replay.record["log"]
    n = len(states[0]["players"])
    deck = game.deck_of(states[0]["options"])
    out = [{"seat": s, "revealed": 0, "laid": 0, "heads": 0, "put_under": 0, "timed_out": 0,
            "closed": 0, "snatched": 0, "reactions": []} for s in range(n)]
    shown_at = [None] * n                  # when each seat's current card was turned up
    for i, (seat, action, now) in enumerate(log):
        before, after = states[i], states[i + 1]
        kind = action["type"]
        if kind == "reveal":
            out[seat]["revealed"] += 1
            shown_at[seat] = now
            continue
        # whichever way a held card left the hand (laid, declined, a pile taken, the hold
        # limit, the round's stop), its reaction time ends here
        for s in range(n):
            if before["revealed"][s] is not None and after["revealed"][s] is None:
                laid = seat == s and kind in ("attach", "place_head")
                if laid:
                    out[s]["laid"] += 1
                    out[s]["heads"] += kind == "place_head"
                else:
                    out[s]["put_under"] += 1
                    out[s]["timed_out"] += kind == "tick" and after["phase"] == before["phase"]
                if shown_at[s] is not None and (laid or seat == s):
                    out[s]["reactions"].append(now - shown_at[s])
                shown_at[s] = None
        if kind == "attach":
            dog = next(d for d in after["dogs"] if d["id"] == action["dog"])
            if not dog["open"] and dog["completed_by"] == seat:
                out[seat]["closed"] += 1
                if dachshund_owner(deck, dog["cards"]) == seat and C.owner_of(dog["cards"][0]) != seat:
                    out[seat]["snatched"] += 1
    for row in out:
        r = row.pop("reactions")
        row["reaction_ms"] = {"count": len(r), "median": _percentile(r, 0.5), "p90": _percentile(r, 0.9),
                              "fastest": min(r) if r else None}
    return {"game": game.id, "players": out}


def summary(report: dict, names: list) -> list:
    """The report's summary in words, ``[(catalogue key, params)]``: one line per player."""
    return [("waldi.coach.player", {"name": names[p["seat"]], "laid": p["laid"], "put_under": p["put_under"],
                                    "timed_out": p["timed_out"], "closed": p["closed"], "snatched": p["snatched"],
                                    "median": "–" if p["reaction_ms"]["median"] is None else p["reaction_ms"]["median"]})
            for p in report["players"]]