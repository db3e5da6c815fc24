"""Shared helpers for the DODGY tests (no tests here): the game, state builders and a
simulation driver for bots and random players."""
from __future__ import annotations

import importlib
import os
import sys
import types

try:
    from clubtable.games.dodgy import GAME, SEER, DodgyBot
except ImportError:
    # The registry imports its sibling games; in a checkout where one of them is still
    # being written, load this package on its own so the DODGY tests can still run.
    for name in [m for m in sys.modules if m == "clubtable.games" or m.startswith("clubtable.games.")]:
        del sys.modules[name]
    import clubtable

    _pkg = types.ModuleType("clubtable.games")
    _pkg.__path__ = [os.path.join(os.path.dirname(clubtable.__file__), "games")]
    sys.modules["clubtable.games"] = _pkg
    _dodgy = importlib.import_module("clubtable.games.dodgy")
    GAME, SEER, DodgyBot = _dodgy.GAME, _dodgy.SEER, _dodgy.DodgyBot

from clubtable.engine import IllegalAction  # noqa: E402

__all__ = ["GAME", "SEER", "DodgyBot", "IllegalAction", "new", "set_faces", "play", "give", "run_bots"]


def new(n: int = 3, seed: int = 1, now: int = 0, **options):
    """A fresh game; seat 0 opens unless ``first_player`` says otherwise."""
    options.setdefault("first_player", 0)
    return GAME.new([f"P{i}" for i in range(n)], seed, options, now)


def set_faces(state: dict, hands: list) -> dict:
    """Give each seat exactly these faces (a list of image names per seat, the seer stone's
    face last when the seat holds it): the worked examples need known dice."""
    for seat, faces in enumerate(hands):
        dice = state["hands"][seat]
        assert len(dice) == len(faces), (seat, len(dice), len(faces))
        regular = [d for d in dice if d != SEER]
        order = regular + ([SEER] if SEER in dice else [])
        for d, f in zip(order, faces):
            state["faces"][d] = f
    return state


def play(state: dict, seat, action: dict, now: int) -> dict:
    """An action arriving at ``now``: due timers first, then the action (as the table does)."""
    return GAME.apply(GAME.tick(state, now), seat, action, now)


def give(state: dict, frm: int, to: int, count: int = 1, seer: bool = False) -> dict:
    """Move dice between hands directly (to build mid-game positions)."""
    for _ in range(count):
        die = next(d for d in state["hands"][frm] if d != SEER)
        state["hands"][frm].remove(die)
        state["hands"][to].append(die)
        state["faces"][die] = state["faces"][die] or "bow"
    if seer:
        if SEER in state["hands"][frm]:
            state["hands"][frm].remove(SEER)
        state["hands"][to].append(SEER)
        state["seer"] = to
        state["faces"][SEER] = state["faces"][SEER] or "bow"
    for h in state["hands"]:
        h.sort()
    return state


def run_bots(bots: dict, state: dict, now: int = 0, step: int = 100, max_steps: int = 200000,
             check=None):
    """Drive a game with bots only: every ``step`` ms ask each bot (in a rotating order) for
    an action, apply it, tick the clock.  Returns (final state, now)."""
    n = len(state["players"])
    turn = 0
    for _ in range(max_steps):
        if GAME.result(state) is not None:
            return state, now
        acted = False
        for k in range(n):
            seat = (turn + k) % n
            if seat not in bots:
                continue
            action = bots[seat].act(GAME.view(state, seat), GAME.legal(state, seat), now)
            if action is not None:
                state = GAME.apply(state, seat, action, now)
                if check:
                    check(state)
                acted = True
                turn = seat + 1
                break
        if not acted:
            now += step
            state = GAME.tick(state, now)
            if check:
                check(state)
    raise AssertionError("the game did not end")
