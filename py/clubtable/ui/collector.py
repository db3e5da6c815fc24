"""The cycle collector, out of the way of a player's clicks.

CPython's collector runs when enough objects have been made since its last pass, so it
fell in the clicks that make the most: a young pass in 9 of 29 Play-Doh's Cave clicks at
CPU 4× (the median click 10.5 ms against 4.7 without, docs/PERFORMANCE.md), and a full pass
walked the whole start-up heap (100 ms in the middle of a move).  So after start-up the
heap made so far is set aside (``gc.freeze``: modules, the games' tables, the snapshot's
heap, none of it ever garbage), the collector no longer starts by itself, and each draw
asks for one young pass in the page's idle time instead (at the latest a second later, so
a page that is never idle still collects).  Most garbage is freed at once by reference
counting; only cycles wait for these passes.
"""
from __future__ import annotations

import gc

from .browser import timers

OLD_EVERY = 10                # every this many young passes, an increment of the old generation too
IDLE_TIMEOUT_MS = 1000        # a busy page collects at the latest this long after a draw

_asked: list = []
_passes = [0]


def start() -> None:
    """From now on the collector runs only in idle time, over what was made after now."""
    gc.freeze()
    gc.disable()


def settle() -> None:
    """Collect what was made since ``start`` and set the survivors aside too (after the
    start-up warm-up: the games' screens imported, their caches filled)."""
    if not gc.isenabled():
        gc.collect()
        gc.freeze()


def after_draw() -> None:
    """A draw made objects: one pass in the page's idle time (one asked for at a time)."""
    if _asked or gc.isenabled():
        return
    _asked.append(True)
    timers.when_idle(_collect, IDLE_TIMEOUT_MS)


def _collect(*_) -> None:
    _asked.clear()
    _passes[0] += 1
    gc.collect(1 if _passes[0] % OLD_EVERY == 0 else 0)
