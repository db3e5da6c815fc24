"""Dobbelduel's board and its arithmetic (RULES.md §2.1, §2.4, §2.6): the constants, the
match phases, the feedback counts and the match score.  The rules, the solver and the bots
all read them here, so none of them imports another to get them (no import circle).
"""
from __future__ import annotations

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
