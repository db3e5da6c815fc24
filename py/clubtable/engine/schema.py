"""Argument schemas: what a move (or an option) may carry, declared once as data.

A game declares its moves as ``{type: Move(args={name: Arg, ...})}``.  The framework checks
every action against that declaration *before* the game's rules see it: unknown moves and
unknown fields are refused, a bool is never an int, a float is never an id, text has its own
length bound, and nothing nested is walked without a bound.  The same schemas describe the
moves to the protocol (guest intents), to the screens (``ctx.can``) and to ``legal``
descriptors (a move whose arguments cannot be enumerated is described by its schema).

Every ``Arg.check`` returns the normalised value or raises :class:`SchemaError` with a code
and a readable message; :meth:`Game.apply` turns that into ``IllegalAction``.  The message is
a sentence about the argument's ``label`` ("The die must be a whole number."), never its
name in the code, and shows a bound only when the argument says it means something to a
player (``shown``: "The letter position must be from 1 to 5.").  The ``reason`` and
``params`` name the sentence for the screens' catalogues (``refusal.<code>.<reason>``), which
say it without the label in every language.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any, Callable, Iterable, Optional, Sequence

__all__ = [
    "SchemaError", "Arg", "Int", "Number", "Bool", "Choice", "Text", "Picture", "ListOf", "Seat", "Nullable",
    "Move", "json_bounded", "is_int", "ms", "MAX_TEXT", "PICTURE_RE",
]

MAX_TEXT = 2000            # the longest free text any move may carry (a question, a riddle note)
PICTURE_RE = re.compile(r"sha256:[0-9a-f]{64}\Z")


class SchemaError(Exception):
    def __init__(self, code: str, message: str, reason: Optional[str] = None, **params: Any) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.reason = reason
        self.params = params


def _what(arg: "Arg", name: str) -> str:
    """The argument as a sentence begins with it: "The die", "Entry 2 of the row".  An
    option (no label) is named by its name, which the set-up screen shows beside it."""
    if arg.label is None:
        return name
    return arg.label[:1].upper() + arg.label[1:] if arg.label.startswith("entry ") else "The " + arg.label


def is_int(value: Any) -> bool:
    """A whole number that is not a bool (``True`` is an ``int`` in Python, never a seat)."""
    return isinstance(value, int) and not isinstance(value, bool)


def ms(seconds: Any) -> int:
    """Seconds (an option value, int or float) as whole milliseconds, the engines' clock unit."""
    return int(round(float(seconds) * 1000))


def json_bounded(value: Any, max_depth: int = 8, max_items: int = 4096) -> bool:
    """True when ``value`` is JSON-shaped, at most ``max_depth`` deep and ``max_items`` big.
    Iterative, so a hostile action nested thousands deep cannot raise ``RecursionError``."""
    stack = [(value, 0)]
    seen = 0
    while stack:
        v, depth = stack.pop()
        seen += 1
        if seen > max_items or depth > max_depth:
            return False
        if isinstance(v, dict):
            for k, x in v.items():
                if not isinstance(k, str):
                    return False
                stack.append((x, depth + 1))
        elif isinstance(v, list):
            stack.extend((x, depth + 1) for x in v)
        elif not (v is None or isinstance(v, (bool, int, float, str))):
            return False
    return True


class Arg:
    """One argument's schema.  ``optional`` arguments may be left out (``default`` is used).
    ``label``: what a player calls it, in the protocol's English ("die", "letter position"):
    refusals are sentences about it.  ``shown``: the bounds mean something to a player, so a
    refusal may say them (else they stay the engine's business)."""

    kind = "any"
    noun = "value"              # the label of an argument that was not given one

    def __init__(self, optional: bool = False, default: Any = None, label: Optional[str] = None,
                 shown: bool = False) -> None:
        self.optional = optional
        self.default = default
        self.label = label
        self.shown = shown

    def labelled(self, label: str) -> "Arg":
        """This schema under another label (a list's entries)."""
        import copy
        out = copy.copy(self)
        out.label = label
        return out

    def check(self, value: Any, name: str, state: Optional[dict] = None) -> Any:
        raise NotImplementedError

    def describe(self, state: Optional[dict] = None) -> dict:
        """A JSON description (for ``legal`` descriptors, the protocol and set-up screens)."""
        out = {"kind": self.kind}
        if self.optional:
            out["optional"] = True
        return out

    def choices(self, state: Optional[dict] = None) -> Optional[list]:
        """Every value, when there are few enough to enumerate; else None."""
        return None


class Int(Arg):
    """A whole number in ``[lo, hi]``; bounds may be callables of the state."""

    kind = "int"

    def __init__(self, lo: Any = 0, hi: Any = 2 ** 31, **kw: Any) -> None:
        super().__init__(**kw)
        self.lo, self.hi = lo, hi

    def _bounds(self, state):
        lo = self.lo(state) if callable(self.lo) else self.lo
        hi = self.hi(state) if callable(self.hi) else self.hi
        return lo, hi

    def check(self, value, name, state=None):
        what = _what(self, name)
        if not is_int(value):
            raise SchemaError("bad_arg", f"{what} must be a whole number.", "whole_number")
        lo, hi = self._bounds(state)
        if not lo <= value <= hi:
            if self.shown or self.label is None:
                raise SchemaError("bad_arg", f"{what} must be from {lo} to {hi}.", "range", lo=lo, hi=hi)
            raise SchemaError("bad_arg", f"{what} is not one at this table.", "no_such")
        return value

    def describe(self, state=None):
        lo, hi = self._bounds(state)
        return dict(super().describe(state), lo=lo, hi=hi)

    def choices(self, state=None):
        lo, hi = self._bounds(state)
        return list(range(lo, hi + 1)) if hi - lo < 64 else None


class Number(Arg):
    """A number (whole or not, never a bool, never NaN or infinite) in ``[lo, hi]``: a time
    in seconds, a pace.  Moves use :class:`Int`; this is mostly for options."""

    kind = "number"

    def __init__(self, lo: float = 0, hi: float = 2 ** 31, **kw: Any) -> None:
        super().__init__(**kw)
        self.lo, self.hi = lo, hi

    def check(self, value, name, state=None):
        what = _what(self, name)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value \
                or value in (float("inf"), float("-inf")):
            raise SchemaError("bad_arg", f"{what} must be a number.", "number")
        if not self.lo <= value <= self.hi:
            if self.shown or self.label is None:
                raise SchemaError("bad_arg", f"{what} must be from {self.lo} to {self.hi}.", "range",
                                  lo=self.lo, hi=self.hi)
            raise SchemaError("bad_arg", f"{what} is out of range.", "no_such")
        return value

    def describe(self, state=None):
        return dict(super().describe(state), lo=self.lo, hi=self.hi)


class Seat(Int):
    """A seat number of this table (0..n-1)."""

    kind = "seat"

    def __init__(self, **kw: Any) -> None:
        super().__init__(0, lambda s: len(s["players"]) - 1 if s else 11, **kw)


class Bool(Arg):
    kind = "bool"

    def check(self, value, name, state=None):
        if not isinstance(value, bool):
            raise SchemaError("bad_arg", f"{_what(self, name)} must be yes or no.", "yes_no")
        return value

    def choices(self, state=None):
        return [False, True]


class Choice(Arg):
    """One of a fixed list, or of the list in ``state["options"][option]``.  Types must
    match exactly: ``1.0`` is not ``1`` and ``True`` is not ``1``."""

    kind = "choice"

    def __init__(self, values: Optional[Sequence] = None, option: Optional[str] = None,
                 of: Optional[Callable[[dict], Sequence]] = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.values, self.option, self.of = values, option, of

    def choices(self, state=None):
        if self.values is not None:
            return list(self.values)
        if state is None:
            return None
        if self.option is not None:
            return list(state["options"][self.option])
        return list(self.of(state))

    def check(self, value, name, state=None):
        allowed = self.choices(state)
        if allowed is None:
            raise SchemaError("not_started", "The game has not started yet.")
        if not any(type(value) is type(c) and value == c for c in allowed):
            raise SchemaError("bad_arg", f"{_what(self, name)} is not one of the choices open now.", "choice")
        return value

    def describe(self, state=None):
        return dict(super().describe(state), choices=self.choices(state))


class Text(Arg):
    """Free text a player types: NFC-normalised, stripped, control characters refused,
    ``1..max_len`` characters.  ``pattern`` (a compiled regex) may narrow it further."""

    kind = "text"

    def __init__(self, max_len: int = 200, min_len: int = 1, pattern: Optional[re.Pattern] = None,
                 **kw: Any) -> None:
        super().__init__(**kw)
        if max_len > MAX_TEXT:
            raise ValueError("Text max_len above MAX_TEXT")
        self.max_len, self.min_len, self.pattern = max_len, min_len, pattern

    def check(self, value, name, state=None):
        what = _what(self, name)
        if not isinstance(value, str):
            raise SchemaError("bad_arg", f"{what} must be text.", "text")
        too_long = SchemaError("too_long", f"{what} is longer than {self.max_len} characters.", "text",
                               max_len=self.max_len)
        if len(value) > self.max_len * 4:
            raise too_long
        text = unicodedata.normalize("NFC", value).strip()
        if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co") and ch not in "\n" for ch in text):
            raise SchemaError("bad_text", f"{what} contains characters that cannot be shown.", "unshown")
        if len(text) < self.min_len:
            raise SchemaError("empty_text", f"{what} must not be empty.", "text")
        if len(text) > self.max_len:
            raise too_long
        if self.pattern is not None and not self.pattern.fullmatch(text):
            raise SchemaError("bad_text", f"{what} is not in the expected form.", "form")
        return text

    def describe(self, state=None):
        return dict(super().describe(state), max_len=self.max_len, min_len=self.min_len)


class Picture(Arg):
    """A picture sent on the asset channel, named by its hash: ``"sha256:<64 hex>"``.
    The state and the log hold only this reference, never the bytes."""

    kind = "picture"

    def check(self, value, name, state=None):
        if not isinstance(value, str) or not PICTURE_RE.match(value):
            raise SchemaError("bad_picture", f"{_what(self, name)} is not a picture shared at this table.", "picture")
        return value


class ListOf(Arg):
    """A list of ``item`` with ``min_len..max_len`` entries (checked before any item)."""

    kind = "list"

    def __init__(self, item: Arg, min_len: int = 0, max_len: int = 16, **kw: Any) -> None:
        super().__init__(**kw)
        self.item, self.min_len, self.max_len = item, min_len, max_len

    def check(self, value, name, state=None):
        what = _what(self, name)
        if not isinstance(value, list):
            raise SchemaError("bad_arg", f"{what} must be a list.", "list")
        if not self.min_len <= len(value) <= self.max_len:
            if self.min_len == self.max_len:
                raise SchemaError("bad_arg", f"{what} must have {self.min_len} entries.", "entries",
                                  size=self.min_len)
            raise SchemaError("bad_arg", f"{what} must have {self.min_len} to {self.max_len} entries.",
                              "entries_range", min_len=self.min_len, max_len=self.max_len)
        label = self.label or name
        return [(self.item.labelled(f"entry {i + 1} of the {label}") if self.label else self.item).check(
                    v, f"{name}[{i}]", state) for i, v in enumerate(value)]

    def describe(self, state=None):
        return dict(super().describe(state), item=self.item.describe(state),
                    min_len=self.min_len, max_len=self.max_len)


class Nullable(Arg):
    """``None`` or a value of ``inner``."""

    def __init__(self, inner: Arg, **kw: Any) -> None:
        super().__init__(**kw)
        self.inner = inner
        self.kind = inner.kind
        if self.label is None:
            self.label = inner.label

    def check(self, value, name, state=None):
        return None if value is None else self.inner.check(value, name, state)

    def labelled(self, label: str) -> "Arg":
        out = super().labelled(label)
        out.inner = self.inner.labelled(label)
        return out

    def describe(self, state=None):
        return dict(self.inner.describe(state), nullable=True)

    def choices(self, state=None):
        inner = self.inner.choices(state)
        return None if inner is None else [None] + inner


class Move:
    """A move a game declares.

    ``args``: the argument schemas.  ``interrupt``: a move a seat *may* make out of turn (a
    challenge, a "Dohdles!" claim) — the table does not wait for it, so pass-and-play focus
    and "whose move is it" ignore it.  ``handler``: the name of the game's method that
    applies it (every move names one), called as ``handler(state, seat, args, now_ms)``
    on a private copy of the state.

    A game with stages (engine/stages.py) also declares, once, when the move may be made:
    ``guards`` (each a named condition with its refusal, checked in order), ``within``
    (``{arg: Between/OneOf}``: an argument's values now, which also enumerate ``legal``)
    and ``closed``: the refusal when the seat's stage does not open the move (or
    ``{stage: refusal, None: otherwise}`` when it depends on the stage the seat is in; a
    refusal may be a function ``(game, state, seat)``, e.g. ``stages.turn_or_now``).
    """

    __slots__ = ("args", "interrupt", "handler", "doc", "guards", "within", "closed")

    def __init__(self, args: Optional[dict] = None, interrupt: bool = False,
                 handler: Optional[str] = None, doc: str = "", guards: tuple = (),
                 within: Optional[dict] = None, closed: Any = None) -> None:
        self.args = dict(args or {})
        self.interrupt = interrupt
        self.handler = handler
        self.doc = doc
        self.guards = tuple(guards)
        self.within = dict(within or {})
        self.closed = closed

    def check(self, action: dict, state: Optional[dict] = None) -> dict:
        """The normalised ``{"type": ..., arg: value, ...}`` or SchemaError.  Unknown fields
        are refused, so nothing unexpected ever reaches the rules or the log."""
        extra = set(action) - set(self.args) - {"type"}
        if extra:
            # the field is the sender's, not one of ours: it is not repeated back
            raise SchemaError("unknown_field", "This move carries something it does not take.", "move")
        out = {"type": action["type"]}
        for name, arg in self.args.items():
            if name not in action:
                if not arg.optional:
                    what = arg.label or arg.noun
                    raise SchemaError("missing_arg", f"This move needs its {what}.", "move")
                if arg.default is not None:
                    out[name] = arg.default
                continue
            out[name] = arg.check(action[name], name, state)
        return out

    def describe(self, type_: str, state: Optional[dict] = None) -> dict:
        return {"type": type_, "args": {n: a.describe(state) for n, a in self.args.items()},
                "interrupt": self.interrupt}

    def enumerate(self, type_: str, state: Optional[dict] = None, limit: int = 512) -> Optional[list]:
        """Every concrete action of this move when its arguments are few, else None."""
        combos: list = [{"type": type_}]
        for name, arg in self.args.items():
            values = arg.choices(state)
            if values is None:
                return None
            combos = [dict(c, **{name: v}) for c in combos for v in values]
            if len(combos) > limit:
                return None
        return combos


def check_all(spec: dict, values: dict, what: str = "option") -> dict:
    """Check a mapping of named values against ``{name: Arg}`` (used for options)."""
    out = {}
    for name, arg in spec.items():
        if name in values:
            out[name] = arg.check(values[name], f"{what} {name}")
    return out


def iter_arg_kinds(moves: dict) -> Iterable[tuple]:
    for type_, mv in moves.items():
        for name, arg in mv.args.items():
            yield type_, name, arg


def takes_pictures(moves: dict) -> bool:
    """Whether any of ``moves`` names a picture (in a list or nullable too): only then do its
    players upload pictures, the one message long enough to come in many pieces."""
    def has(arg: Arg) -> bool:
        return isinstance(arg, Picture) or any(
            isinstance(inner, Arg) and has(inner) for inner in (getattr(arg, "item", None), getattr(arg, "inner", None)))
    return any(has(arg) for _, _, arg in iter_arg_kinds(moves))
