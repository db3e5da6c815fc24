"""DODGY's coach: every statement and every challenge decision rated from what the player
could see then (own dice, the public faces, the table's statements), with the reading
computer player's model (:mod:`.reading`, the ``deep`` style of the ``hard`` level).

The unit is the chance of coming out of the exchange the decision leads to without losing a
die, as the strongest computer player values it:

* a statement "q × image": challenged, it wins when true (``p_true``, from the stater's
  side); raised on, it is worth at most ``style["value"]`` (``reading.valued_claim``), so
  the value weighs both by the chance the next stater challenges it (``p_challenged``);
* a challenge of the current statement (by the next stater or a bystander): the chance it is
  false;
* a bystander letting it stand: ``1 - style["bystander"]`` (the reading player shouts as a
  bystander only when a statement is less likely true than its ``bystander`` threshold:
  staying out loses nothing, a shout risks a die).

A decision's best value is the best of the options open to the player there (challenging,
every claim at the lowest heights ``reading.candidate_claims`` looks at, and the choice made);
the loss is best minus chosen, rated on ``THRESHOLDS``.  The strongest computer player's own
choice (``reading.decide``) and its chance are given beside it: it sometimes bluffs on
purpose, so it is not always the "best" here.  The summary per player: statements, bluffs
(statements false when made, seen from the whole table), bluffs caught (their challenges of
false statements), statements caught, good doubts (challenges rated best or good), accuracy.
"""
from __future__ import annotations

from time import perf_counter
from typing import Optional

from ...engine import Rng
from ...engine.rng import derive_seed
from ..coaching import accuracy, drain, tally, verdict
from . import reading
from .rules import SEER

#: largest loss (chance of being right) still rated best, good, inaccuracy, mistake
THRESHOLDS = (0.02, 0.08, 0.18, 0.35)
STYLE = "deep"


def true_count(state: dict, image: str, stater: int) -> int:
    """How many dice count as ``image`` for ``stater``'s statement (as the reveal counts:
    the stone is wild for its holder, else counts by its face in ``rolled_face`` mode)."""
    faces = state["faces"]
    n = sum(1 for h in state["hands"] for d in h if d != SEER and faces[d] == image)
    holder = state["seer"]
    if isinstance(holder, int) and not isinstance(holder, bool):
        if holder == stater:
            n += 1
        elif state["options"]["seer_mode"] == "rolled_face" and faces[SEER] == image:
            n += 1
    return n


def _claim_value(read, view, me: int, q: int, image: str, style: dict) -> float:
    """The chance a claim wins the exchange it leads to, as the reading player values it
    (``reading.valued_claim``): challenged, it wins when true; raised on, it is worth
    ``style["value"]`` at most (the raiser is the one at risk then)."""
    p = read.p_true(q, image, me)
    nxt = reading.next_stater(view, me)
    if nxt is None or nxt not in read.hidden:
        return p
    ch = reading.p_challenged(read, view, q, image, nxt, style["doubt"])
    return ch * p + (1.0 - ch) * min(style["value"], p + style["value_slack"])


def _value(read, view, me: int, action: dict, style: dict) -> float:
    cur = view["statement"]
    kind = action["type"]
    if kind == "state":
        return _claim_value(read, view, me, action["quantity"], action["image"], style)
    if kind == "dodgy":
        return 1.0 - read.p_true(cur["quantity"], cur["image"], cur["seat"])
    return 1.0 - style["bystander"]                   # accept: a bystander stays out


def _read(view: dict):
    """What the strongest player reads from ``view``."""
    style = reading.STYLES[STYLE]
    return reading.TableRead(view, style["floor"], style["read"], style.get("joint", False))


def rate(game, state: dict, seat: int, action: dict, seed: int, read=None) -> dict:
    """One decision of ``seat`` in ``state`` (before it), from ``seat``'s view only
    (``read``: the strongest player's reading of that view, when the caller made it)."""
    read = read or _read(game.view(state, seat))
    view = read.view
    legal = game.legal(state, seat)
    style = reading.STYLES[STYLE]
    cur = view["statement"]
    kinds = {a["type"] for a in legal}
    stater = view["phase"] == "statement" and view["stater"] == seat
    options = []
    if "state" in kinds and stater:
        for _p, q, image in reading.candidate_claims(read, view, seat, span=6):
            options.append((_claim_value(read, view, seat, q, image, style),
                            {"type": "state", "quantity": q, "image": image}))
    if cur is not None and "dodgy" in kinds:
        options.append((_value(read, view, seat, {"type": "dodgy"}, style), {"type": "dodgy"}))
    if cur is not None and "accept" in kinds:
        options.append((_value(read, view, seat, {"type": "accept"}, style), {"type": "accept"}))
    chosen = _value(read, view, seat, action, style)
    options.append((chosen, {k: v for k, v in action.items() if k != "statement"}))
    best_v, best_action = max(options, key=lambda o: o[0])
    bot = reading.decide(view, legal, Rng(seed), style, read)
    loss = max(0.0, best_v - chosen)
    v = verdict(loss, THRESHOLDS)
    out = {
        "kind": "statement" if action["type"] == "state" else ("challenge" if action["type"] == "dodgy" else "stay_out"),
        "action": {k: v2 for k, v2 in action.items() if k != "statement"},
        "role": "stater" if stater else "bystander",
        "value": round(chosen, 4),
        "best_value": round(best_v, 4),
        "loss": round(loss, 4),
        "verdict": v,
        "best": None if v == "best" else best_action,
        "bot": None if bot is None else {k: v2 for k, v2 in bot.items() if k != "statement"},
        "bot_value": None if bot is None else round(_value(read, view, seat, bot, style), 4),
    }
    if action["type"] == "state":
        out["p_true"] = round(read.p_true(action["quantity"], action["image"], seat), 4)
    if cur is not None:
        out["against"] = {"seat": cur["seat"], "quantity": cur["quantity"], "image": cur["image"],
                          "p_true": round(read.p_true(cur["quantity"], cur["image"], cur["seat"]), 4)}
    return out


def coach_steps(game, replay, times: Optional[list] = None, clock=perf_counter):
    """``{"decisions": [...], "players": [summary per seat]}`` for a DODGY replay.
    ``times``: a list that gets each verdict's time in ms by ``clock`` (bench/coach.py)."""
    states, log = replay.states, replay.record["log"]
    seed = replay.record["seed"]
    n = len(states[0]["players"])
    decisions = []
    summary = [{"seat": s, "statements": 0, "bluffs": 0, "challenges": 0, "bluffs_caught": 0,
                "wrong_challenges": 0, "statements_caught": 0, "good_doubts": 0} for s in range(n)]
    for i, (seat, action, _now) in enumerate(log):
        if seat is None or action["type"] not in ("state", "dodgy", "accept"):
            continue
        before, after = states[i], states[i + 1]
        if action["type"] == "dodgy" and before.get("phase") == "challenge":
            continue                         # a late shout in a collected challenge decides nothing
        if action["type"] != "state" and not before["statements"]:
            continue
        # the joint readings this verdict needs first, a statement per slice (no verdict)
        read = _read(game.view(before, seat))
        for _piece in read.joint_pieces():
            yield -1
        t0 = clock()
        rated = rate(game, before, seat, action, derive_seed(seed, "coach", i), read)
        if times is not None:
            times.append((clock() - t0) * 1000.0)
        yield i
        rated["step"], rated["seat"], rated["round"] = i, seat, before["round"]
        me = summary[seat]
        if action["type"] == "state":
            rated["true"] = true_count(before, action["image"], seat) >= action["quantity"]
            me["statements"] += 1
            me["bluffs"] += not rated["true"]
        elif action["type"] == "dodgy":
            rev = after.get("reveal")
            if rev is not None and rev["challenger"] == seat and rev is not before.get("reveal"):
                rated["caught"] = not rev["correct"]
                me["challenges"] += 1
                me["bluffs_caught"] += not rev["correct"]
                me["wrong_challenges"] += rev["correct"]
                if not rev["correct"]:
                    summary[rev["stater"]]["statements_caught"] += 1
            me["good_doubts"] += rated["verdict"] in ("best", "good")
        decisions.append(rated)
    for s in range(n):
        mine = [d for d in decisions if d["seat"] == s]
        summary[s]["accuracy"] = accuracy((d["value"], d["best_value"]) for d in mine)
        summary[s]["verdicts"] = tally(mine)
    return {"game": game.id, "decisions": decisions, "players": summary, "thresholds": list(THRESHOLDS)}



def coach(game, replay, times: Optional[list] = None, clock=perf_counter) -> dict:
    """The whole report at once (:func:`coach_steps` run to its end)."""
    return drain(coach_steps(game, replay, times, clock))


def summary(report: dict, names: list) -> list:
    """The report's summary in words, ``[(catalogue key, params)]``: one line per player."""
    return [("dodgy.coach.player", {"name": names[p["seat"]], "statements": p["statements"], "bluffs": p["bluffs"],
                                    "challenges": p["challenges"], "caught": p["bluffs_caught"],
                                    "good": p["good_doubts"], "accuracy_dec": p["accuracy"]})
            for p in report["players"]]


def note(rated: dict, names: list) -> list:
    """One rated decision in words, ``[(catalogue key, params)]``, shown by its event: the
    chance that the statement made (or the one challenged or let stand) was true from what the
    player could see, and the strongest computer player's choice there with its value (the
    chance of losing no die in the exchange it leads to)."""
    me = names[rated["seat"]]
    out = []
    if "p_true" in rated:
        out.append(("dodgy.coach.true_own", {"name": me, "chance_pct": rated["p_true"]}))
    elif "against" in rated:
        out.append(("dodgy.coach.true_against", {"name": me, "stater": names[rated["against"]["seat"]],
                                                 "chance_pct": rated["against"]["p_true"]}))
    bot = rated.get("bot")
    if bot is not None and bot["type"] in ("state", "dodgy", "accept"):
        params = {"chance_pct": rated["bot_value"]}
        if bot["type"] == "state":
            params.update(quantity=bot["quantity"], image_key=f"dodgy.face.{bot['image']}")
        out.append((f"dodgy.coach.bot_{bot['type']}", params))
    return out

__all__ = ["THRESHOLDS", "true_count", "rate", "coach", "coach_steps", "note", "summary"]
