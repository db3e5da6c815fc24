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
    updated_ms:  time of the last applied action (bots pace themselves on it)
"""
from __future__ import annotations

from itertools import permutations
from typing import Optional

from ...engine import Game, IllegalAction, clone

# --------------------------------------------------------------------- constants (§2.1)
COLOURS = ("blue", "red", "yellow", "green")     # DOB-1, DOB-4: default column order
N_COLUMNS = 4
FACES = (1, 2, 3, 4, 5, 6)                        # DOB-15
WHITE_DICE = 18
MAX_EFFORTS = 7                                   # DOB-2: rows 2..8 of the board
ROLL_SIZE = 4                                     # "Roll 4 white dice"
BASE_POINTS = 20                                  # §2.6
ROW_POINTS = 5
DIE_POINTS = 1
MAX_EXTRA_PAIRS = 5                               # tie="extra_pair": then it is a draw

# Match phases.  "ready": B may roll or solve; "rolled": B must place; "feedback": M enters
# counts (manual mode only); "must_solve": B must fill the solution row; "done": revealed.
READY, ROLLED, FEEDBACK, MUST_SOLVE, DONE = "ready", "rolled", "feedback", "must_solve", "done"


def match_score(efforts_used: int, supply: int) -> int:
    """§2.6 / DOB-11 / DOB-12: 20 + 5 per empty effort row + 1 per unused white die."""
    return BASE_POINTS + ROW_POINTS * (MAX_EFFORTS - efforts_used) + DIE_POINTS * supply


def feedback(code: list, row: list) -> dict:
    """§2.4 step 3: for every column holding a white die ``w`` against the code digit ``d``:
    ``=`` if ``w == d``; ``-`` ("has to be lower") if ``w > d``; ``+`` if ``w < d``.
    Only the counts are returned, never which column gave which symbol."""
    eq = plus = minus = 0
    for w, d in zip(row, code):
        if w is None:
            continue
        if w == d:
            eq += 1
        elif w < d:
            plus += 1
        else:
            minus += 1
    return {"eq": eq, "plus": plus, "minus": minus}


def _is_face(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6


def _is_count(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= N_COLUMNS


def _placements(rolled: list) -> list:
    """Every distinct way to put 1..len(rolled) of the rolled dice on distinct columns
    (DOB-16: at least one die).  Equal values are interchangeable, so rows are distinct."""
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
    return out


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

    # ------------------------------------------------------------------ set-up
    def validate_options(self, opts: dict, n_players: int) -> None:
        m = opts["matches"]
        if not (isinstance(m, int) and not isinstance(m, bool) and m >= 2 and m % 2 == 0):
            raise IllegalAction("bad_options", "The number of matches must be even, so each "
                                "player breaks as often as he makes the code.")

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
        state["updated_ms"] = now_ms
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

    def turn(self, state: dict) -> Optional[int]:
        """The seat whose action the game waits for (None when over)."""
        if self.result(state) is not None:
            return None
        m = self.current(state)
        return m["maker"] if m["phase"] == FEEDBACK else m["breaker"]

    # ------------------------------------------------------------------ actions
    def do(self, state: dict, seat, action: dict, now_ms: int) -> None:
        kind = action["type"]
        handler = {
            "roll": self._do_roll,
            "place": self._do_place,
            "feedback": self._do_feedback,
            "solve": self._do_solve,
        }.get(kind)
        if handler is None:
            raise IllegalAction("unknown_action", f"Dobbelduel has no action called {kind!r}.")
        m = self.current(state)
        handler(state, m, seat, action)
        state["updated_ms"] = now_ms

    def _need_breaker(self, m: dict, seat) -> None:
        if seat != m["breaker"]:
            raise IllegalAction("not_breaker", "Only the code breaker may do that.")

    def _do_roll(self, state: dict, m: dict, seat, action: dict) -> None:
        """§2.4 step 1 RollWhite: roll min(4, supply) white dice; only with no effort in
        progress, fewer than 7 efforts made and at least one white die left."""
        self._need_breaker(m, seat)
        if m["phase"] == MUST_SOLVE:
            raise IllegalAction("must_solve", "No efforts are left: fill in the solution row.")
        if m["phase"] != READY:
            raise IllegalAction("not_now", "An effort is already in progress.")
        rng = self.rng(state)
        m["rolled"] = [rng.randint(1, 6) for _ in range(min(ROLL_SIZE, m["supply"]))]
        m["phase"] = ROLLED

    def _do_place(self, state: dict, m: dict, seat, action: dict) -> None:
        """§2.4 step 2 PlaceWhite: put 1..k of the rolled dice on distinct columns of the
        next effort row.  Placed dice are used up; the others go back to the supply.  The
        feedback counts follow (computed, or entered by the maker in manual mode)."""
        self._need_breaker(m, seat)
        if m["phase"] != ROLLED:
            raise IllegalAction("not_now", "Roll the white dice first.")
        row = action.get("row")
        if not (isinstance(row, list) and len(row) == N_COLUMNS
                and all(v is None or _is_face(v) for v in row)):
            raise IllegalAction("bad_row", "A row names, for each of the 4 columns, a rolled "
                                "value or nothing.")
        placed = [v for v in row if v is not None]
        if not placed:
            raise IllegalAction("empty_row", "Place at least one white die (DOB-16).")
        left = list(m["rolled"])
        for v in placed:
            if v not in left:
                raise IllegalAction("not_rolled", f"There is no rolled {v} left to place.")
            left.remove(v)
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

    def _do_feedback(self, state: dict, m: dict, seat, action: dict) -> None:
        """§2.10 manual mode: the maker enters the counts for the last effort.  Counts that
        do not match the code are recorded, not refused (DOB-7 penalty)."""
        if state["options"]["feedback"] != "manual":
            raise IllegalAction("not_manual", "Feedback is computed by the engine at this table.")
        if seat != m["maker"]:
            raise IllegalAction("not_maker", "Only the code maker gives the feedback.")
        if m["phase"] != FEEDBACK:
            raise IllegalAction("not_now", "There is no effort waiting for feedback.")
        eq, plus, minus = action.get("eq"), action.get("plus"), action.get("minus")
        if not all(_is_count(v) for v in (eq, plus, minus)):
            raise IllegalAction("bad_feedback", "Feedback is three counts: eq, plus and minus.")
        row = m["rows"][-1]
        placed = sum(1 for v in row["dice"] if v is not None)
        if eq + plus + minus != placed:
            raise IllegalAction("bad_feedback", f"Give exactly one symbol per placed die "
                                f"({placed} in all).")
        row["given"] = {"eq": eq, "plus": plus, "minus": minus}
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

    def _do_solve(self, state: dict, m: dict, seat, action: dict) -> None:
        """§2.5 PlaceSolution: once per match, only when no effort is in progress (DOB-6);
        B chooses the values freely; then the code is revealed and the match scored."""
        self._need_breaker(m, seat)
        if m["phase"] not in (READY, MUST_SOLVE):
            raise IllegalAction("not_now", "The solution row can only be filled when no effort "
                                "is in progress.")
        code = action.get("code")
        if not (isinstance(code, list) and len(code) == N_COLUMNS and all(_is_face(v) for v in code)):
            raise IllegalAction("bad_code", "A solution is 4 values from 1 to 6, one per column.")
        m["solution"] = list(code)
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

    # ------------------------------------------------------------------ legal actions
    def legal(self, state: dict, seat) -> list:
        """Every legal action of ``seat``.  The solution is described, not enumerated:
        ``{"type": "solve", "choices": [1..6], "length": 4}`` stands for any
        ``{"type": "solve", "code": [v0, v1, v2, v3]}``."""
        if seat is None or self.result(state) is not None:
            return []
        m = self.current(state)
        phase = m["phase"]
        solve = {"type": "solve", "choices": list(FACES), "length": N_COLUMNS}
        if seat == m["breaker"]:
            if phase == READY:
                return [{"type": "roll"}, solve]
            if phase == MUST_SOLVE:
                return [solve]
            if phase == ROLLED:
                return [{"type": "place", "row": row} for row in _placements(m["rolled"])]
            return []
        if phase == FEEDBACK:
            n = sum(1 for v in m["rows"][-1]["dice"] if v is not None)
            return [{"type": "feedback", "eq": eq, "plus": plus, "minus": n - eq - plus}
                    for eq in range(n + 1) for plus in range(n - eq + 1)]
        return []

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
            "score": m["score"],
            "wrong_row": m["wrong_row"] if revealed else None,
        }

    def view(self, state: dict, seat) -> dict:
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
            "turn": self.turn(state),
            "board": self._board(state, cur, seat),
            "history": [self._board(state, m, seat) for m in state["matches"][:state["match"]]],
            "scores": scores,
            "totals": self.totals(state),
            "result": res,
            "updated_ms": state["updated_ms"],
        }

    # ------------------------------------------------------------------ bots
    def bot(self, level: str, seat: int, seed: int):
        from .bots import make_bot
        if level not in self.bot_levels:
            raise IllegalAction("bad_level", f"Dobbelduel bots are {', '.join(self.bot_levels)}.")
        return make_bot(self, seat, level, seed)
