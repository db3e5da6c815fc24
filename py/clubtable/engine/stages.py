"""Rules as data: stages, guards, argument ranges and timers a game declares once.

A game that declares ``stages`` says *who may act with what* only here, and the framework
derives ``active``, ``awaited``, ``legal`` and every refusal from it (docs/ADDING_A_GAME.md):

- :class:`Stage`: the moves open in it, the timers that run while some seat is in it, and
  optionally a refusal of its own (a seat that is out of the game) and which of its seats
  the table waits for.  ``Game.stage(state, seat)`` says which stage a seat is in.
- :class:`Guard`: one named condition of a move, with the refusal given when it fails.  The
  same predicate decides whether the move is open (``active``), what ``legal`` lists and
  what a refused player is told.
- :class:`Between` and :class:`OneOf`: an argument's values now (the state's bounds), used
  to enumerate ``legal`` and to refuse a value outside them with the rule's own code;
  :class:`Candidates`: values to try, which the move's argument guards then judge.
- :class:`Timer`: an engine-run timer, its handler, how long it runs when a stage starts it
  (``length``), whether it is kept per seat (``hold`` for seat 2 is stored as ``hold2``),
  and ``key``: when it changes while the stage goes on, the timer starts again (the next
  player's turn clock).
"""
from __future__ import annotations

from typing import Any, Callable, Optional

Refusal = tuple     # (code, message[, reason])


def _text(message, game, state, seat, args) -> str:
    return message(game, state, seat, args) if callable(message) else message


def turn_or_now(game, state, seat) -> Refusal:
    """A move's ``closed`` refusal that says no more than the table knows: "not your turn"
    when the seat may make no move at all now, else "not now"."""
    if game.active(state).get(seat):
        return ("not_now", "That move is not possible right now.")
    return ("not_your_turn", "It is not your turn.")


class Guard:
    """``test(game, state, seat, action) -> bool``; ``action`` is None when the question is
    whether the move is open at all, and ``on_args`` guards (which read the action's
    arguments) are then left out.  ``code`` None: when it fails the move is refused as
    closed (its ``closed`` refusal): a condition with no refusal of its own.  ``on_args`` may name an argument: the guard is checked
    right after that argument's ``within`` range (else after all of them), so refusals come
    in the order the rule states them.  ``message`` may be a callable of the same arguments
    (a figure in it)."""

    __slots__ = ("code", "test", "message", "reason", "on_args")

    def __init__(self, code: str, test: Callable, message: Any, reason: Optional[str] = None,
                 on_args: bool = False) -> None:
        self.code, self.test, self.message, self.reason, self.on_args = code, test, message, reason, on_args

    def refusal(self, game, state, seat, args) -> Optional[Refusal]:
        if self.test(game, state, seat, args):
            return None
        return (self.code, _text(self.message, game, state, seat, args), self.reason)


class Between:
    """A whole-number argument from ``lo(game, state, seat)`` to ``hi(...)``; a value below
    or above is refused with ``below``/``above`` ``(code, message)``."""

    __slots__ = ("lo", "hi", "below", "above")

    def __init__(self, lo: Callable, hi: Callable, below: tuple, above: tuple) -> None:
        self.lo, self.hi, self.below, self.above = lo, hi, below, above

    def values(self, game, state, seat) -> list:
        return list(range(self.lo(game, state, seat), self.hi(game, state, seat) + 1))

    def refusal(self, game, state, seat, args, value) -> Optional[Refusal]:
        if value < self.lo(game, state, seat):
            code, message = self.below
        elif value > self.hi(game, state, seat):
            code, message = self.above
        else:
            return None
        return (code, _text(message, game, state, seat, args), None)


class OneOf:
    """An argument whose values now are ``values(game, state, seat, action)`` (a die in a
    hand); ``action`` holds the arguments declared before this one (the dachshund whose
    length a card names)."""

    __slots__ = ("values", "refuse")

    def __init__(self, values: Callable, refuse: tuple) -> None:
        self.values, self.refuse = values, refuse

    def refusal(self, game, state, seat, args, value) -> Optional[Refusal]:
        if value in self.values(game, state, seat, args):
            return None
        code, message = self.refuse
        return (code, _text(message, game, state, seat, args), None)


class Candidates:
    """Values of an argument to try when listing ``legal`` (a row of dice); the move's
    argument guards decide which are legal and refuse the others, so there is one rule."""

    __slots__ = ("values",)

    def __init__(self, values: Callable) -> None:
        self.values = values

    def refusal(self, game, state, seat, args, value) -> Optional[Refusal]:
        return None


class Stage:
    """``moves``: open in this stage (each still subject to its guards), in the order
    ``active`` lists them.  ``timers``: declared timers that run while a seat is in it
    (started on entry when their ``length`` says so, always stopped on exit).  ``refuse``:
    ``(code, message)`` for any move of a seat in this stage that the stage does not open
    (a seat that is out), before the move's own ``closed`` refusal.  ``awaits(game, state, seat)``: whether the
    table waits for this seat (default: a move that is not an interrupt is open to it).
    ``holds``: timers that stand still, keeping their time left, while a seat is in it (an
    interrupt pauses the turn clock); one runs on when a stage that runs it is entered again
    with the same key, and stops when no stage runs or holds it."""

    __slots__ = ("moves", "timers", "holds", "refuse", "awaits", "doc")

    def __init__(self, moves: tuple = (), timers: tuple = (), refuse: Optional[tuple] = None,
                 awaits: Optional[Callable] = None, doc: str = "", holds: tuple = ()) -> None:
        self.moves, self.timers, self.holds = tuple(moves), tuple(timers), tuple(holds)
        self.refuse, self.awaits, self.doc = refuse, awaits, doc


class Timer:
    """An engine-run timer.  ``handler``: the game's method it calls when it fires,
    ``handler(state, now_ms)`` or, ``per_seat``, ``handler(state, seat, now_ms)``.
    ``length(game, state, seat)``: milliseconds it runs for when a stage starts it (0: due
    at once), or None: no limit (not started).  No ``length``: the rules start it themselves
    (``start_timer``) and the stage only stops it.  It runs on while some seat is in a stage
    that runs it; ``key(game, state, seat)``: a change of it restarts the timer (the next
    player's turn clock)."""

    __slots__ = ("handler", "length", "per_seat", "key", "doc")

    def __init__(self, handler: str, length: Optional[Callable] = None, per_seat: bool = False,
                 key: Optional[Callable] = None, doc: str = "") -> None:
        self.handler, self.length, self.per_seat, self.key, self.doc = handler, length, per_seat, key, doc
