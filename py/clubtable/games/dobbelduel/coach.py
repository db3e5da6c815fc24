"""Dobbelduel's coach: every effort of the code breaker rated against the strongest computer
player (the ``hard`` breaker, :class:`.solver.Searcher`) from the same position, in expected
efforts left, and the maker's hand-given feedback checked.

A breaker's decision is one of: roll (rather than solve), place a row of the rolled dice,
solve with a code.  From the breaker's view before it (public rows and their feedback only),
with ``n`` codes still possible, ``e`` efforts used and ``s`` white dice left, each choice is
valued as the solver values it when it chooses, in expected final match points (20 + 5 per
empty row + 1 per unused die, once the code is broken):

* solve with a possible code: ``score(e, s) / n`` (an impossible code: 0);
* roll: the exact expectation over every roll of its best placement (``continuation``); when
  solving is clearly worse (below the solver's ``skip_ratio`` of the fitted value of going
  on) the fitted value stands in, as the computer player itself decides;
* place a row: the mean, over the feedback groups the row makes, of the fitted value of the
  position after it (``row_values``).

The coach says it in **expected efforts left**: the points the breaker can still expect to
give up from the score it would have breaking the code right now, at the rulebook's rate of
5 points an effort row (``ROW_POINTS``), so a die counts a fifth of an effort and a wrong
solution all that was left (``efforts_left``).  For a row "now" is after this effort: the
row's effort is spent, its dice not yet.  The chosen and the best choice share that base, so
the loss is their difference, in efforts; the verdict thresholds are ``THRESHOLDS``
(docs/RECORDS.md).  Each rated effort also gives the codes possible before and after it
(after: with the feedback it really got) and, beside a weaker choice, the best one.
Accuracy per match: 100 × the mean over the breaker's efforts of 1 less the efforts it lost
(at least 0: an effort that threw a whole effort away, or more, counts 0).
"""
from __future__ import annotations

from time import perf_counter
from typing import Optional

from ..coaching import accuracy, drain, tally, verdict
from . import solver
from .board import MAX_EFFORTS, READY, ROLLED, ROW_POINTS, feedback

#: largest loss (expected efforts left, against the best choice's) still rated best, good,
#: inaccuracy, mistake: a fitted table's rounding; under a die; under two dice; up to one
#: effort thrown away (a row that tells nothing costs an effort and its dice: a mistake or
#: a blunder); beyond, a blunder (a gamble on the code, an impossible code)
THRESHOLDS = (0.01, 0.15, 0.4, 1.0)


def efforts_left(base: float, value: float) -> float:
    """The expected match points ``value`` said as the efforts still to give up from ``base``
    (the score of breaking the code now), 5 points an effort."""
    return (base - value) / ROW_POINTS


class Coach:
    """One per game replay; the searcher's caches serve every decision of the game."""

    def __init__(self) -> None:
        self.searcher = solver.Searcher()

    # ---------------------------------------------------------------- values
    def row_value(self, codes: int, e: int, s: int, row: list) -> float:
        n = codes.bit_count()
        if not n:
            return 0.0
        k = sum(1 for v in row if v is not None)
        g = self.searcher.model.g(e + 1, s - k)
        return sum(g[b.bit_count()] for b in solver.partition(codes, row).values()) / n

    def roll_value(self, codes: int, e: int, s: int) -> float:
        if e >= MAX_EFFORTS or s <= 0:
            return 0.0
        n = codes.bit_count()
        model = self.searcher.model
        if n and solver.score(e, s) / n < self.searcher.skip_ratio * model.cont(n, e, s):
            return model.cont(n, e, s)
        return self.searcher.continuation(codes, e, s)

    @staticmethod
    def solve_value(codes: int, e: int, s: int, code) -> float:
        n = codes.bit_count()
        if not n or code is None or not codes >> solver.code_index(code) & 1:
            return 0.0
        return solver.score(e, s) / n

    # ---------------------------------------------------------------- one decision
    def rate(self, board: dict, action: dict) -> dict:
        """The rating of ``action`` from the breaker's ``board`` (its view's)."""
        codes = solver.consistent(solver.board_rows(board))
        n = codes.bit_count()
        e, s, phase = board["efforts_used"], board["supply"], board["phase"]
        kind = action["type"]
        any_code = list(solver.CODES[solver.members(codes)[0]]) if n else None
        if phase == ROLLED:
            best_v, best_row = self.searcher.best_row(codes, e, s, board["rolled"]) if n else (0.0, None)
            chosen = self.row_value(codes, e, s, action["row"])
            best_action = {"type": "place", "row": best_row}
            best_v = best_v if best_v is not None else 0.0
        else:
            options = [(self.solve_value(codes, e, s, any_code), {"type": "solve", "code": any_code})]
            if phase == READY:
                options.append((self.roll_value(codes, e, s), {"type": "roll"}))
            best_v, best_action = max(options, key=lambda o: o[0])
            chosen = (self.roll_value(codes, e, s) if kind == "roll"
                      else self.solve_value(codes, e, s, action.get("code")))
        # breaking the code now: before a ready choice, or once this row's effort is spent
        base = solver.score(e + (1 if phase == ROLLED else 0), s)
        left, best_left = efforts_left(base, chosen), efforts_left(base, best_v)
        loss = max(0.0, left - best_left)
        v = verdict(loss, THRESHOLDS)
        return {
            "kind": kind,
            "action": dict(action),
            "codes_before": n,
            "value": round(chosen, 3),
            "best_value": round(best_v, 3),
            "efforts_left": round(left, 2),
            "best_efforts_left": round(best_left, 2),
            "loss": round(loss, 3),
            "verdict": v,
            "best": None if v == "best" else best_action,
        }


def coach_steps(game, replay, times: Optional[list] = None, clock=perf_counter):
    """``{"matches": [...]}``: per match the breaker's rated efforts, the maker's feedback
    checks and the breaker's accuracy.  ``replay``: a :class:`session.record.Replay`.
    ``times``: a list that gets each verdict's time in ms by ``clock`` (bench/coach.py)."""
    c = Coach()
    yield -1                          # the fitted model loaded: a slice of its own, no verdict
    states, log = replay.states, replay.record["log"]
    matches: dict = {}
    for i, (seat, action, _now) in enumerate(log):
        before, after = states[i], states[i + 1]
        if seat is None:
            continue
        mi = before["match"]
        m = before["matches"][mi]
        entry = matches.setdefault(mi, {"match": mi, "maker": m["maker"], "breaker": m["breaker"],
                                        "efforts": [], "feedback": []})
        m_after = after["matches"][mi]
        if action["type"] == "feedback" and seat == m["maker"]:
            row = m_after["rows"][-1]
            entry["feedback"].append({"step": i, "effort": len(m_after["rows"]), "given": dict(row["given"]),
                                      "true": dict(row["true"]), "wrong": row["given"] != row["true"]})
            continue
        if seat != m["breaker"] or action["type"] not in ("roll", "place", "solve"):
            continue
        t0 = clock()
        board = game.view(before, seat)["board"]
        rated = c.rate(board, action)
        if times is not None:
            times.append((clock() - t0) * 1000.0)
        yield i
        rated["step"] = i
        rated["effort"] = board["efforts_used"] + (1 if board["phase"] == ROLLED else 0)
        if action["type"] == "place":
            # the codes left once the row got its feedback (the true one: the coach sees all)
            rows = solver.board_rows(board) + [(action["row"], feedback(m["code"], action["row"]))]
            rated["codes_after"] = solver.consistent(rows).bit_count()
            if rated["best"] is not None:
                best_row = rated["best"]["row"]
                rows_b = solver.board_rows(board) + [(best_row, feedback(m["code"], best_row))]
                rated["best_codes_after"] = solver.consistent(rows_b).bit_count()
        entry["efforts"].append(rated)
    out = []
    for mi in sorted(matches):
        entry = matches[mi]
        rated = entry["efforts"]
        # each effort's share: 1 less the efforts it lost, a whole effort lost (or more) 0
        entry["accuracy"] = accuracy((max(0.0, 1.0 - r["loss"]), 1.0) for r in rated)
        entry["verdicts"] = tally(rated)
        entry["score"] = (states[-1]["matches"][mi]["score"] or {}).get("total")
        out.append(entry)
    return {"game": game.id, "matches": out, "thresholds": list(THRESHOLDS)}



def coach(game, replay, times: Optional[list] = None, clock=perf_counter) -> dict:
    """The whole report at once (:func:`coach_steps` run to its end)."""
    return drain(coach_steps(game, replay, times, clock))


def summary(report: dict, names: list) -> list:
    """The report's summary in words, ``[(catalogue key, params)]``: per match the breaker's
    accuracy and verdicts, and the maker's wrong answers; first, what "expected efforts left"
    (by each rated effort, :func:`note`) means."""
    out = [("dobbelduel.coach.legend", {})] if any(m["efforts"] for m in report["matches"]) else []
    for m in report["matches"]:
        n = m["verdicts"]
        out.append(("dobbelduel.coach.match", {"match": m["match"] + 1, "name": names[m["breaker"]],
                                               "accuracy_dec": m["accuracy"], "best": n["best"], "good": n["good"],
                                               "inaccuracy": n["inaccuracy"], "mistake": n["mistake"],
                                               "blunder": n["blunder"]}))
        out += [("dobbelduel.coach.wrong_feedback", {"name": names[m["maker"]], "effort": f["effort"]})
                for f in m["feedback"] if f["wrong"]]
    return out



def note(rated: dict, names: list = ()) -> list:
    """One rated effort in words, ``[(catalogue key, params)]``, shown by its event: the codes
    possible before and after it (and after the best row), and the expected efforts left
    after it and, for a weaker one, after the best effort (which the timeline shows).
    ``names`` (the players', as ``summary`` gets them): not needed here."""
    out = []
    if "codes_after" in rated:
        best_after = rated.get("best_codes_after")
        if best_after is None:
            out.append(("dobbelduel.coach.codes_after", {"before": rated["codes_before"], "after": rated["codes_after"]}))
        else:
            out.append(("dobbelduel.coach.codes_after_best", {"before": rated["codes_before"],
                                                              "after": rated["codes_after"], "best": best_after}))
    elif rated["kind"] == "solve" and rated["codes_before"]:
        # a solution's odds: what makes a gamble a blunder, and a forced one the only choice
        ruled_out = rated["value"] <= 0
        out.append(("dobbelduel.coach.codes_ruled_out" if ruled_out else "dobbelduel.coach.codes_solve",
                    {"before": rated["codes_before"]}))
    else:
        out.append(("dobbelduel.coach.codes", {"before": rated["codes_before"]}))
    if rated["best"] is None:
        out.append(("dobbelduel.coach.left", {"left_dec": rated["efforts_left"]}))
    else:
        out.append(("dobbelduel.coach.left_best", {"left_dec": rated["efforts_left"],
                                                   "best_dec": rated["best_efforts_left"]}))
    return out

__all__ = ["THRESHOLDS", "Coach", "coach", "coach_steps", "efforts_left", "note", "summary"]
