"""The coaches' common scale: a decision's loss against the strongest computer player's best
choice from the same position, turned into a verdict, and an accuracy figure per match.

Each coach measures loss in its game's own unit (Dobbelduel: expected efforts left; DODGY:
the chance of being right, 0..1) and gives its thresholds; docs/RECORDS.md ("The coaches")
lists them.  A coach reads a finished game's replay only: it never changes a game or its
record.
"""
from __future__ import annotations

VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")


def verdict(loss: float, thresholds: tuple) -> str:
    """``thresholds``: the largest loss still rated best, good, inaccuracy and mistake."""
    for name, limit in zip(VERDICTS, thresholds):
        if loss <= limit:
            return name
    return VERDICTS[-1]


def accuracy(pairs) -> float | None:
    """100 × the mean of chosen value / best value over decisions whose best value is above
    zero (a decision with nothing to gain counts as fully accurate); None without decisions."""
    shares = []
    for chosen, best in pairs:
        shares.append(1.0 if best <= 1e-12 else max(0.0, min(1.0, chosen / best)))
    return round(100.0 * sum(shares) / len(shares), 1) if shares else None


def tally(items) -> dict:
    """How many decisions got each verdict."""
    out = {v: 0 for v in VERDICTS}
    for item in items:
        out[item["verdict"]] += 1
    return out


def drain(steps):
    """Run a coach's steps (a generator yielding the log index of each verdict it made and
    returning the report) to the end: the report."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def riddle_lines(report: dict, names: list, prefix: str) -> list:
    """A riddle game's summary in words, ``[(catalogue key, params)]``: one line per riddle
    (who made it, the questions, letters and guesses it took, who solved it), the keys
    ``<prefix>.coach.riddle`` and ``<prefix>.coach.riddle_solved``."""
    out = []
    for r in report["riddles"]:
        solved = r.get("solved_by")
        who = solved if isinstance(solved, list) else ([] if solved is None else [solved])
        params = {"maker": names[r["maker"]], "questions": r["questions"], "letters": r["letters"],
                  "guesses": r["guesses"], "names": ", ".join(names[s] for s in who)}
        out.append((f"{prefix}.coach.riddle_solved" if who else f"{prefix}.coach.riddle", params))
    return out
