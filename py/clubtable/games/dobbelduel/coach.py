"""Dobbelduel's coach: every effort of the code breaker rated against the strongest computer
player (the ``hard`` breaker, :class:`.solver.Searcher`) from the same position, and the
maker's hand-given feedback checked.

A breaker's decision is one of: roll (rather than solve), place a row of the rolled dice,
solve with a code.  From the breaker's view before it (public rows and their feedback only),
with ``n`` codes still possible, ``e`` efforts used and ``s`` white dice left, the values are
the solver's expected final match points (20 + 5 per empty row + 1 per unused die, once the
code is broken):

* solve with a possible code: ``score(e, s) / n`` (an impossible code: 0);
* roll: the exact expectation over every roll of its best placement (``continuation``); when
  solving is clearly worse (below the solver's ``skip_ratio`` of the fitted value of going
  on) the fitted value stands in, as the computer player itself decides;
* place a row: the mean, over the feedback groups the row makes, of the fitted value of the
  position after it (``row_values``).

The loss is the best value minus the chosen one, in expected points; the verdict thresholds
are ``THRESHOLDS`` (docs/RECORDS.md).  Each rated effort also gives the codes possible before
and after it (after: with the feedback it really got) and, beside a weaker choice, the best
one.  Accuracy per match: :func:`..coaching.accuracy` of the breaker's decisions.
"""
from __future__ import annotations

from time import perf_counter
from typing import Optional

from ..coaching import accuracy, drain, tally, verdict
from . import solver
from .board import MAX_EFFORTS, READY, ROLLED, feedback

#: largest loss (expected match points) still rated best, good, inaccuracy, mistake
THRESHOLDS = (0.05, 0.75, 2.0, 5.0)


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
        loss = max(0.0, best_v - chosen)
        v = verdict(loss, THRESHOLDS)
        return {
            "kind": kind,
            "action": dict(action),
            "codes_before": n,
            "value": round(chosen, 3),
            "best_value": round(best_v, 3),
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
        entry["accuracy"] = accuracy((r["value"], r["best_value"]) for r in rated)
        entry["verdicts"] = tally(rated)
        entry["score"] = (states[-1]["matches"][mi]["score"] or {}).get("total")
        out.append(entry)
    return {"game": game.id, "matches": out, "thresholds": list(THRESHOLDS)}



def coach(game, replay, times: Optional[list] = None, clock=perf_counter) -> dict:
    """The whole report at once (:func:`coach_steps` run to its end)."""
    return drain(coach_steps(game, replay, times, clock))


def _acc(value) -> str:
    return "–" if value is None else f"{value:g}"


def summary(report: dict, names: list) -> list:
    """The report's summary in words, ``[(catalogue key, params)]``: per match the breaker's
    accuracy and verdicts, and the maker's wrong answers."""
    out = []
    for m in report["matches"]:
        n = m["verdicts"]
        out.append(("dobbelduel.coach.match", {"match": m["match"] + 1, "name": names[m["breaker"]],
                                               "accuracy": _acc(m["accuracy"]), "best": n["best"], "good": n["good"],
                                               "inaccuracy": n["inaccuracy"], "mistake": n["mistake"],
                                               "blunder": n["blunder"]}))
        out += [("dobbelduel.coach.wrong_feedback", {"name": names[m["maker"]], "effort": f["effort"]})
                for f in m["feedback"] if f["wrong"]]
    return out

__all__ = ["THRESHOLDS", "Coach", "coach", "coach_steps"]
