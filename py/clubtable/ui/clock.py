"""How a screen shows a time left: one function, for the screens' context and the page's
countdown ticker alike (``ui/browser/timers.py``).  Pure: it imports nothing."""
from __future__ import annotations


def clock_text(seconds: int, unit: bool = True) -> str:
    """Seconds left as a player reads a clock: "42 s" under a minute (``unit``: with the
    unit; a bare "3" for Wie Waldi!'s count to "Wuff!"), "9:59" from a minute on (Play-Doh's
    Cave's question round runs 10 minutes: "600 s" was read as a number, not a time)."""
    seconds = max(0, int(seconds))
    if seconds >= 60:
        return f"{seconds // 60}:{seconds % 60:02d}"
    return f"{seconds} s" if unit else str(seconds)
