"""Computer players for Dobbelduel.

One bot object plays one seat for the whole game, so it is code maker in some matches and
code breaker in others.  It decides from its own view and legal actions only.

* Code maker (every level): with computed feedback there is nothing to do (RULES.md §2.2,
  DOB-8).  With manual feedback it answers truthfully from its view, which shows the code.
* Code breaker:
  - ``easy``: places every rolled die on random columns and solves when one code is left
    (or when forced, with a random consistent code).  This is also the benchmark baseline.
  - ``normal``: searches placements by expected score like ``hard``, but with a crude
    value model, and solves as soon as its best candidate is at least even money.
  - ``hard``: keeps the set of codes consistent with all feedback (1,296 at the start).
    Before each roll it compares solving now (P(best candidate) x score now) with the
    exact expected score of rolling on; for a roll it tries every placement of 1..k dice
    on every columns choice and picks the best expected final score (information
    against the points that unplaced dice and empty rows are worth), see
    :mod:`.solver`.
"""
from __future__ import annotations

from typing import Optional

from ...engine import Bot
from . import solver
from .board import MUST_SOLVE, READY, ROLLED, feedback


class DobbelduelBot(Bot):
    #: milliseconds a bot asks to think before each action, so people can follow the dice
    #: (the table scales it by its bot pace); the benchmark and the tests set it to 0.
    pace_ms = 600

    def __init__(self, game, seat: int, level: str, seed: int) -> None:
        super().__init__(game, seat, level, seed)
        if level == "hard":
            self.searcher = solver.Searcher()
        elif level == "normal":
            self.searcher = solver.Searcher(solver.heuristic_model())
        else:
            self.searcher = None
        self._key = None
        self._plan: Optional[dict] = None

    # ------------------------------------------------------------------ entry point
    def decide(self, view: dict, legal: list, now_ms: int):
        """``(action, pace_ms)`` from this seat's view, or None when it has nothing to do.
        The same position always gives the same action (the table may ask again)."""
        if not legal:
            self._key = None
            return None
        key = (view["match"], view["board"]["phase"], view["board"]["efforts_used"])
        if key != self._key:
            self._key, self._plan = key, self.choose(view, legal)
        return self._plan, self.pace_ms

    def choose(self, view: dict, legal: list) -> dict:
        """The action for this position (no pacing)."""
        types = {a["type"] for a in legal}
        if "feedback" in types:
            return self.give_feedback(view)
        board = view["board"]
        codes = solver.consistent(solver.board_rows(board))
        e, s = board["efforts_used"], board["supply"]
        if board["phase"] == ROLLED:
            return {"type": "place", "row": self.choose_row(codes, e, s, board["rolled"], legal)}
        if board["phase"] == MUST_SOLVE or (board["phase"] == READY and self.wants_to_solve(codes, e, s)):
            return {"type": "solve", "code": self.choose_code(codes)}
        return {"type": "roll"}

    # ------------------------------------------------------------------ the maker
    def give_feedback(self, view: dict) -> dict:
        """Truthful counts for the last row, from the code shown in the maker's view."""
        board = view["board"]
        fb = feedback(board["code"], board["rows"][-1]["dice"])
        return {"type": "feedback", **fb}

    # ------------------------------------------------------------------ the breaker
    def wants_to_solve(self, codes: int, e: int, s: int) -> bool:
        n = codes.bit_count()
        if n <= 1:
            # One code left is certain; none left means the maker's feedback was wrong, and
            # the penalty (DOB-7) pays most if the match ends now.
            return True
        if self.level == "easy":
            return False
        if self.level == "normal":
            return n <= 2
        return self.searcher.should_solve(codes, e, s)

    def choose_code(self, codes: int) -> list:
        cands = solver.members(codes)
        if not cands:
            return [self.rng.randint(1, 6) for _ in range(4)]
        return list(solver.CODES[self.rng.choice(cands)])

    def choose_row(self, codes: int, e: int, s: int, rolled: list, legal: list) -> list:
        if self.level == "easy" or not codes:
            return random_full_row(rolled, self.rng)
        return self.searcher.best_row(codes, e, s, rolled)[1]


def random_full_row(rolled: list, rng) -> list:
    """All rolled dice on distinct random columns (the baseline's placement)."""
    cols = [0, 1, 2, 3]
    rng.shuffle(cols)
    row = [None] * 4
    for w, c in zip(rolled, cols):
        row[c] = w
    return row

