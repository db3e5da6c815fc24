"""Dobbelduel (Leo Colovini, 999 Games 2011): the rules engine.

RULES.md §2.  Two players; in each match one is the code *maker* (M), the other the code
*breaker* (B).  The code is four coloured dice rolled by the engine and hidden from B
(§2.2).  B has up to 7 *efforts* (§2.4): roll ``min(4, supply)`` white dice, place 1–4 of
them on chosen columns of the next effort row (placed dice are used up, the rest return),
and receive unordered counts of ``=`` / ``+`` / ``-``.  Once per match, whenever no effort is
in progress, B fills the solution row (§2.5); it is forced after the 7th effort and when no
white dice remain (DOB-9).  A broken code scores 20 + 5 per empty effort row + 1 per unused
white die; a wrong one scores 0 (§2.6).  A game is ``matches`` matches with roles
alternating; most points wins, a tie is a draw (DOB-10).

Manual feedback (§2.10, option ``feedback="manual"``): M enters the counts as a seat
action.  Wrong counts are recorded, not refused; B then scores as if he had broken the code
at the end of the first effort with wrong information (DOB-7), applied when the code is
revealed (``wrong_feedback="at_reveal"``) or at once (``wrong_feedback="immediate"``).

State layout (JSON-safe, everything under the base keys of :class:`~clubtable.engine.Game`)::

    match:       index of the current match (0-based)
    n_matches:   matches in this game (grows by 2 per extra pair, option ``tie``)
    extra_pairs: extra pairs played so far
    matches:     [match, ...] one per started match (see ``_new_match``)
"""
from __future__ import annotations

from itertools import permutations
from typing import Optional

from ...engine import Candidates, Choice, Game, Guard, IllegalAction, Int, ListOf, Move, Nullable, Stage, clone
from .board import (  # noqa: F401  (re-exported: the rules module names them too)
    BASE_POINTS, COLOURS, DIE_POINTS, DONE, FACES, FEEDBACK, MAX_EFFORTS, MAX_EXTRA_PAIRS, MUST_SOLVE, N_COLUMNS,
    READY, ROLL_SIZE, ROLLED, ROW_POINTS, WHITE_DICE, feedback, match_score,
)


def _rows(rolled: list) -> list:
    """Rows to try for ``place``, in the order ``legal`` lists them: every distinct way to
    put 1..len(rolled) of the rolled dice on distinct columns, each column empty first
    (its guards, the rule, keep them all; generating only these is what keeps it fast)."""
    counts: dict = {}
    for w in rolled:
        counts[w] = counts.get(w, 0) + 1
    out: list = []
    row: list = [None] * N_COLUMNS

    def rec(col: int, placed: int) -> None:
        if col == N_COLUMNS:
            if placed:
                out.append(list(row))
            return
        row[col] = None
        rec(col + 1, placed)
        for w in sorted(counts):
            if counts[w]:
                counts[w] -= 1
                row[col] = w
                rec(col + 1, placed + 1)
                counts[w] += 1
        row[col] = None

    rec(0, 0)
    del rec     # a function that calls itself is a cycle: without this, only the collector frees the rows
    return out


def _unrolled(g, st, a):
    """The first value of the row that is not left among the rolled dice, or None."""
    left = list(g.current(st)["rolled"])
    for v in a["row"]:
        if v is not None:
            if v not in left:
                return v
            left.remove(v)
    return None


def _placed(g, st) -> int:
    return sum(1 for v in g.current(st)["rows"][-1]["dice"] if v is not None)


class Dobbelduel(Game):
    id = "dobbelduel"
    title = "Dobbelduel"
    min_players = 2
    max_players = 2
    options = {
        "columns": list(COLOURS),          # DOB-4 (cosmetic: the colour of each column)
        "first_code_maker": "random",      # DOB-5: "random", or seat 0 / 1
        "matches": 2,                      # §2.10: any even number, roles alternate
        "tie": "draw",                     # DOB-10: "draw" or "extra_pair"
        "feedback": "auto",                # §2.10: "auto" (engine) or "manual" (the maker)
        "wrong_feedback": "at_reveal",     # DOB-7 in manual mode: "at_reveal" or "immediate"
    }
    option_choices = {
        "columns": [list(p) for p in permutations(COLOURS)],
        "first_code_maker": ["random", 0, 1],
        "matches": [2, 4, 6, 8, 10],
        "tie": ["draw", "extra_pair"],
        "feedback": ["auto", "manual"],
        "wrong_feedback": ["at_reveal", "immediate"],
    }
    bot_levels = ("easy", "normal", "hard")
    bots = ".bots:DobbelduelBot"
    timeline = ".timeline:describe"            # the events in words (a record's timeline)
    coach = ".coach:coach"                     # the coach's report after the game (Game.review)
    # ------------------------------------------------------------------ who may act
    # The breaker is in the stage of the match's phase; the maker is "making" (his only
    # move is the manual feedback, §2.10).  Feedback is open in every stage so that its
    # guards say why it is refused (computed feedback, not the maker, nothing to count).
    stages = {
        READY: Stage(("roll", "solve", "feedback")),
        ROLLED: Stage(("place", "feedback")),
        MUST_SOLVE: Stage(("solve", "feedback")),
        FEEDBACK: Stage(("feedback",)),                       # the breaker waits for the counts
        "making": Stage(("feedback",), refuse=("not_breaker", "Only the code breaker may do that.")),
    }
    moves = {
        "roll": Move(handler="move_roll", doc="RollWhite: roll min(4, supply) white dice",
                     closed={MUST_SOLVE: ("must_solve", "No efforts are left: fill in the solution row."),
                             None: ("not_now", "An effort is already in progress.")}),
        "place": Move({"row": ListOf(Nullable(Int(1, 6, shown=True)), N_COLUMNS, N_COLUMNS, label="row")},
                      handler="move_place", doc="PlaceWhite: per column a rolled value, or null",
                      closed=("not_now", "Roll the white dice first."),
                      # DOB-16: 1..k of the rolled dice on distinct columns
                      within={"row": Candidates(lambda g, st, seat, a: _rows(g.current(st)["rolled"]))},
                      guards=(Guard("empty_row", lambda g, st, seat, a: any(v is not None for v in a["row"]),
                                    "Place at least one white die (DOB-16).", on_args="row"),
                              Guard("not_rolled", lambda g, st, seat, a: _unrolled(g, st, a) is None,
                                    lambda g, st, seat, a: f"There is no rolled {_unrolled(g, st, a)} left to place.",
                                    on_args="row"))),
        "feedback": Move({"eq": Int(0, N_COLUMNS, label="count of right dice in the right place", shown=True),
                          "plus": Int(0, N_COLUMNS, label="count of dice one too high", shown=True),
                          "minus": Int(0, N_COLUMNS, label="count of dice one too low", shown=True)},
                         handler="move_feedback", doc="manual feedback: the counts of = + - for the last effort",
                         guards=(
                             Guard("not_manual", lambda g, st, seat, a: st["options"]["feedback"] == "manual",
                                   "Feedback is computed by the engine at this table."),
                             Guard("not_maker", lambda g, st, seat, a: seat == g.current(st)["maker"],
                                   "Only the code maker gives the feedback."),
                             Guard("not_now", lambda g, st, seat, a: g.current(st)["phase"] == FEEDBACK,
                                   "There is no effort waiting for feedback."),
                             # one symbol per placed die; counts that do not match the code
                             # are recorded, not refused (DOB-7)
                             Guard("bad_feedback", lambda g, st, seat, a: a["eq"] + a["plus"] + a["minus"] == _placed(g, st),
                                   lambda g, st, seat, a: f"Give exactly one symbol per placed die "
                                                          f"({_placed(g, st)} in all).", on_args=True),
                         )),
        # The solution (1,296 codes) is not enumerated: ``legal`` describes it by its schema.
        "solve": Move({"code": ListOf(Choice(list(FACES)), N_COLUMNS, N_COLUMNS, label="solution")},
                      handler="move_solve", doc="PlaceSolution: one value per column",
                      closed=("not_now", "The solution row can only be filled when no effort is in progress.")),
    }
    # the code of the match in play shows on its maker's board only
    private = {"board": "role"}
    constants = {
        "max_efforts": MAX_EFFORTS,
        "code_space": len(FACES) ** N_COLUMNS,     # 1,296 codes before any feedback
        "faces": list(FACES),
        "columns": N_COLUMNS,
        "white_dice": WHITE_DICE,
        "roll_size": ROLL_SIZE,
        "base_points": BASE_POINTS,
        "row_points": ROW_POINTS,
        "die_points": DIE_POINTS,
    }

    # ------------------------------------------------------------------ set-up
    def validate_options(self, opts: dict, n_players: int) -> None:
        m = opts["matches"]
        if not (isinstance(m, int) and not isinstance(m, bool) and m >= 2 and m % 2 == 0):
            raise IllegalAction("bad_options", "The number of matches must be even, so each "
                                "player breaks as often as he makes the code.", "even_matches")

    def setup(self, state: dict, now_ms: int) -> None:
        """§2.2: choose the first code maker (DOB-5) and start match 0."""
        first = state["options"]["first_code_maker"]
        if first == "random":
            first = self.rng(state).below(2)
        state["match"] = 0
        state["n_matches"] = state["options"]["matches"]
        state["extra_pairs"] = 0
        state["first_maker"] = first
        state["matches"] = []
        self._new_match(state, maker=first)

    def _new_match(self, state: dict, maker: int) -> None:
        """§2.2 step 3: the engine rolls the code; it is visible to the maker only."""
        rng = self.rng(state)
        code = [rng.randint(1, 6) for _ in range(N_COLUMNS)]
        state["matches"].append({
            "maker": maker,
            "breaker": 1 - maker,
            "code": code,
            "supply": WHITE_DICE,          # white dice B still owns (never placed)
            "rolled": None,                # the current roll, while an effort is in progress
            "rows": [],                    # effort rows: dice, given and true feedback
            "phase": READY,
            "solution": None,
            "wrong_row": None,             # first effort with wrong manual feedback
            "score": None,                 # breakdown once revealed
        })

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def current(state: dict) -> dict:
        return state["matches"][state["match"]]

    def stage(self, state: dict, seat: int) -> Optional[str]:
        m = self.current(state)
        return m["phase"] if seat == m["breaker"] else "making"

    def move_roll(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        """§2.4 step 1 RollWhite: roll min(4, supply) white dice; only with no effort in
        progress, fewer than 7 efforts made and at least one white die left."""
        m = self.current(state)
        rng = self.rng(state)
        m["rolled"] = [rng.randint(1, 6) for _ in range(min(ROLL_SIZE, m["supply"]))]
        m["phase"] = ROLLED

    def move_place(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        """§2.4 step 2 PlaceWhite: put 1..k of the rolled dice on distinct columns of the
        next effort row.  Placed dice are used up; the others go back to the supply.  The
        feedback counts follow (computed, or entered by the maker in manual mode)."""
        m = self.current(state)
        row = args["row"]
        placed = [v for v in row if v is not None]
        true = feedback(m["code"], row)
        m["supply"] -= len(placed)
        m["rolled"] = None
        manual = state["options"]["feedback"] == "manual"
        m["rows"].append({
            "dice": list(row),
            "given": None if manual else dict(true),
            "true": true,
            "supply_after": m["supply"],
        })
        if manual:
            m["phase"] = FEEDBACK
        else:
            self._after_effort(m)

    def move_feedback(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        """§2.10 manual mode: the maker enters the counts for the last effort.  Counts that
        do not match the code are recorded, not refused (DOB-7 penalty)."""
        m = self.current(state)
        row = m["rows"][-1]
        row["given"] = {"eq": args["eq"], "plus": args["plus"], "minus": args["minus"]}
        if row["given"] != row["true"] and m["wrong_row"] is None:
            m["wrong_row"] = len(m["rows"]) - 1
            if state["options"]["wrong_feedback"] == "immediate":
                self._finish_match(state, m)
                return
        self._after_effort(m)

    @staticmethod
    def _after_effort(m: dict) -> None:
        """§2.5 forced solve: after the 7th effort, or with no white dice left (DOB-9)."""
        if len(m["rows"]) >= MAX_EFFORTS or m["supply"] == 0:
            m["phase"] = MUST_SOLVE
        else:
            m["phase"] = READY

    def move_solve(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        """§2.5 PlaceSolution: once per match, only when no effort is in progress (DOB-6);
        B chooses the values freely; then the code is revealed and the match scored."""
        m = self.current(state)
        m["solution"] = list(args["code"])
        self._finish_match(state, m)

    # ------------------------------------------------------------------ scoring (§2.6)
    @staticmethod
    def score_breakdown(m: dict) -> dict:
        """The match score worked out line by line.  Wrong manual feedback (DOB-7): B scores
        as if he had broken the code at the end of that effort."""
        if m["wrong_row"] is not None:
            efforts = m["wrong_row"] + 1
            supply = m["rows"][m["wrong_row"]]["supply_after"]
            reason = "wrong_feedback"
        elif m["solution"] is not None and m["solution"] == m["code"]:
            efforts, supply, reason = len(m["rows"]), m["supply"], "broken"
        else:
            return {"reason": "not_broken", "broken": False, "lines": [], "total": 0}
        empty = MAX_EFFORTS - efforts
        lines = [
            {"item": "base", "points": BASE_POINTS},
            {"item": "empty_rows", "count": empty, "each": ROW_POINTS, "points": ROW_POINTS * empty},
            {"item": "unused_dice", "count": supply, "each": DIE_POINTS, "points": DIE_POINTS * supply},
        ]
        return {"reason": reason, "broken": reason == "broken", "lines": lines,
                "total": sum(line["points"] for line in lines)}

    def _finish_match(self, state: dict, m: dict) -> None:
        """Reveal, score, and start the next match with roles swapped (§2.6, §2.10)."""
        m["rolled"] = None
        m["phase"] = DONE
        m["score"] = self.score_breakdown(m)
        if state["match"] + 1 >= state["n_matches"]:
            totals = self.totals(state)
            if (state["options"]["tie"] == "extra_pair" and totals[0] == totals[1]
                    and state["extra_pairs"] < MAX_EXTRA_PAIRS):
                state["extra_pairs"] += 1
                state["n_matches"] += 2
            else:
                return                       # the game is over
        state["match"] += 1
        self._new_match(state, maker=m["breaker"])

    @staticmethod
    def totals(state: dict) -> list:
        t = [0, 0]
        for m in state["matches"]:
            if m["score"] is not None:
                t[m["breaker"]] += m["score"]["total"]
        return t

    def result(self, state: dict) -> Optional[dict]:
        """Over when the last match is scored; most points wins, a tie is a draw (DOB-10)."""
        last = state["matches"][-1]
        if state["match"] + 1 < state["n_matches"] or last["phase"] != DONE:
            return None
        totals = self.totals(state)
        best = max(totals)
        return {"winners": [s for s in (0, 1) if totals[s] == best], "scores": totals}

    # ------------------------------------------------------------------ views (§2.8)
    def _board(self, state: dict, m: dict, seat) -> dict:
        """One match as ``seat`` may see it.  The code is shown to the maker, and to everyone
        once revealed; the true feedback of each row only after the reveal."""
        revealed = m["phase"] == DONE
        show_code = revealed or seat == m["maker"]
        rows = []
        for r in m["rows"]:
            out = {
                "dice": list(r["dice"]),
                "placed": sum(1 for v in r["dice"] if v is not None),
                "feedback": None if r["given"] is None else dict(r["given"]),
                "supply_after": r["supply_after"],
            }
            if revealed:
                out["true_feedback"] = dict(r["true"])
                out["correct"] = r["given"] == r["true"]
            rows.append(out)
        efforts = len(m["rows"])
        return {
            "maker": m["maker"],
            "breaker": m["breaker"],
            "phase": m["phase"],
            "code": list(m["code"]) if show_code else None,
            "revealed": revealed,
            "supply": m["supply"],
            "rolled": None if m["rolled"] is None else list(m["rolled"]),
            "efforts_used": efforts,
            "max_efforts": MAX_EFFORTS,
            "rows": rows,
            "solution": None if m["solution"] is None else list(m["solution"]),
            "score_if_solved_now": match_score(efforts, m["supply"]),
            "score": clone(m["score"]),
            "wrong_row": m["wrong_row"] if revealed else None,
        }

    def project(self, state: dict, seat) -> dict:
        cur = self.current(state)
        res = self.result(state)
        if seat == cur["maker"]:
            role = "maker"
        elif seat == cur["breaker"]:
            role = "breaker"
        else:
            role = None
        scores = []
        for i in range(state["n_matches"]):
            m = state["matches"][i] if i < len(state["matches"]) else None
            if m is None or m["score"] is None:
                scores.append(None)
            else:
                pair = [0, 0]
                pair[m["breaker"]] = m["score"]["total"]
                scores.append(pair)
        return {
            "game": self.id,
            "you": seat,
            "players": list(state["players"]),
            "columns": list(state["options"]["columns"]),
            "feedback_mode": state["options"]["feedback"],
            "options": clone(state["options"]),
            "match": state["match"],
            "n_matches": state["n_matches"],
            "maker": cur["maker"],
            "breaker": cur["breaker"],
            "role": role,
            "phase": "over" if res is not None else cur["phase"],
            "board": self._board(state, cur, seat),
            "history": [self._board(state, m, seat) for m in state["matches"][:state["match"]]],
            "scores": scores,
            "totals": self.totals(state),
            "result": res,
        }

    # ------------------------------------------------------------------ hidden information
    def hidden_variants(self, state: dict, seat, rng) -> list:
        """States ``seat`` cannot tell from ``state``: the match in play has another code
        (and so other true feedback), unless ``seat`` is its maker.  With computed feedback
        the other code gives the same counts (they are public); with manual feedback any
        code will do (only the maker's counts are public).  Revealed matches are public."""
        from . import solver

        m = self.current(state)
        if seat == m["maker"] or m["phase"] == DONE:
            return []
        manual = state["options"]["feedback"] == "manual"
        if manual:
            codes = [[rng.randint(1, 6) for _ in range(N_COLUMNS)] for _ in range(3)]
        else:
            cands = solver.members(solver.consistent(solver.board_rows(self._board(state, m, seat))))
            codes = [list(solver.CODES[rng.choice(cands)]) for _ in range(3)]
        out = []
        for code in codes:
            alt = clone(state)
            am = self.current(alt)
            am["code"] = code
            for r in am["rows"]:
                r["true"] = feedback(code, r["dice"])
            if manual:
                wrong = [i for i, r in enumerate(am["rows"]) if r["given"] is not None and r["given"] != r["true"]]
                am["wrong_row"] = wrong[0] if wrong else None
                if wrong and state["options"]["wrong_feedback"] == "immediate":
                    continue                   # that match would have ended already
            out.append(alt)
        return out

