"""The game contract every clubtable game follows (see docs/ARCHITECTURE.md).

A game is data plus pure functions.  A *state* is a JSON-safe ``dict``; ``apply`` never
mutates the state it is given: it returns a new one, or raises :class:`IllegalAction`
and the old state stays exactly as it was.  All randomness comes from the :class:`Rng`
whose integer state lives in ``state["rng"]``; all time enters as ``now_ms``.  So
``(players, options, seed, t0, log)`` replays any game exactly (:meth:`Game.replay`).

A game *declares* and the framework runs (docs/ARCHITECTURE.md, "The game contract"):

- ``moves = {type: Move(args={...})}``: every action with its argument schema.  ``apply``
  checks the seat, the JSON bounds, the move, the schema and whether the seat may make that
  move now, and only then calls the method the move names, ``Move(handler="move_x")``, as
  ``handler(state, seat, args, now_ms)``.
- ``stages = {name: Stage(...)}`` (engine/stages.py) and ``stage(state, seat)``: which
  moves are open to a seat now and which timers run; each move's ``guards`` and ``within``
  ranges say, once, when it may be made.  From these the framework derives ``active(state)
  -> {seat: [move types]}`` (who may act now: OpenSpiel's current player, boardgame.io's
  active players), ``awaited`` (whose move the table waits for), ``legal``, every refusal,
  the screens' ``can(move)`` and pass-and-play focus, and starts a stage's timers when a
  seat enters it and stops them when it leaves.  (A game without stages still writes
  ``active`` and ``why_not`` itself.)
- ``timers = {name: Timer(handler, ...)}``: named timers kept in ``state["timers"]``
  (a per-seat timer ``hold`` as ``hold0``, ``hold1`` ...), started and stopped by the
  stages or by the rules (``start_timer`` ...), fired by ``tick`` through their handler;
  one scheduled event per due time.  (Older form: a tuple of names, ``timer_<name>``.)
- Clock holds: two table moves every game has, ``hold_clocks`` and ``release_clocks``
  (seat None, logged like any move, so a replay does what the live game did).  While the
  clocks are held the game's time stands still at the moment of the hold: no timer fires,
  a timer started, paused or resumed counts from that moment, and the release moves every
  running timer on by the length of the hold.  A host holds the clocks while a
  pass-and-play hand-over screen is up, so a turn starts when its player taps.  A game that
  keeps its own time stamps outside the timers (a window's end, a right's expiry) reads
  the time through ``game_now`` and moves them in ``shift_clocks``.
- ``setup``, ``project`` (the view), ``result``; optionally ``legal_moves``, ``why_not``,
  ``table_moves``, ``awaited``, ``constants``, ``option_specs``, ``hidden_variants`` (for the
  conformance tests), ``bot``.
"""
from __future__ import annotations

from importlib import import_module
from itertools import islice
from typing import Any, Iterable, Optional

from .rng import Rng, derive_seed
from .schema import (Arg, Bool, Choice, Int, ListOf, Number, Move, Nullable, Picture, SchemaError, Seat as SeatArg,
                     Text, is_int, json_bounded, ms)
from .stages import Between, Candidates, Guard, OneOf, Stage, Timer, turn_or_now

__all__ = [
    "IllegalAction",
    "Game",
    "Bot",
    "Rng",
    "derive_seed",
    "clone",
    "Log",
    "Seat",
    "Action",
    "State",
    "Decision",
    "Move", "Arg", "Int", "Number", "Bool", "Choice", "Text", "Picture", "ListOf", "Nullable", "SeatArg",
    "is_int", "ms", "Stage", "Guard", "Between", "OneOf", "Candidates", "Timer", "turn_or_now",
]

# Table moves every game has (seat None): see "Clock holds" above.
CLOCK_MOVES = {
    "hold_clocks": Move(handler="move_hold_clocks",
                        doc="The table stops the game's time (a pass-and-play hand-over is up)."),
    "release_clocks": Move(handler="move_release_clocks",
                           doc="The game's time runs again; running timers move on by the hold."),
}

Seat = Optional[int]          # None is the table itself (timers, host) or a spectator
Action = dict                 # {"type": str, ...}, JSON-safe
State = dict                  # JSON-safe


class IllegalAction(Exception):
    """The rules forbid this action now.  ``code`` is stable (tests, i18n); ``message`` is
    a readable English sentence shown to the player.  ``reason`` (optional, stable too) says
    which rule, for a translation as precise as the sentence (``refusal.<code>.<reason>``),
    and ``params`` are the values that translation shows (an option's name: ``option``)."""

    def __init__(self, code: str, message: str, reason: Optional[str] = None, **params) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.reason = reason
        self.params = params


_LEAVES = frozenset((str, int, float, bool, type(None)))


def clone(value: Any) -> Any:
    """Deep copy of JSON-shaped data (dict/list/scalars; tuples become lists), several times
    faster than ``copy.deepcopy`` because it knows there are no cycles and no custom objects.
    A scalar is taken as it is without a call of its own: most of a state is scalars, and a
    call costs more than the copy (every move copies the state: ``Game._copy``)."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _LEAVES else clone(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [v if type(v) in _LEAVES else clone(v) for v in value]
    if isinstance(value, dict):          # a subclass (a Log is a list): copied as the plain kind
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clone(v) for v in value]
    return value


class Log(list):
    """The action log of a state: an immutable sequence of ``[seat, action, now_ms]``.

    ``apply`` must not copy the log (a 300-round game would copy thousands of entries on
    every move) and must not change the log of the state it was given.  So a ``Log`` is a
    length over an append-only list shared with the logs before it: ``plus`` appends to
    that list when this log is its newest (the usual case) and copies it only when an
    older state is played on again (a look-ahead, a branch).  Entries below a log's length
    never change, so every earlier state keeps exactly the log it had.

    It is a ``list`` for JSON and for readers (``len``, ``[-1]``, slices, iteration,
    ``==`` with a list), but never changes in place: ``clone``/``list()`` give a plain
    list (what a save or a message carries)."""

    __slots__ = ("_buf", "_n")

    def __init__(self, entries=(), _n=None) -> None:
        super().__init__()                 # the list's own storage stays empty
        if _n is None:
            self._buf = list(entries)
            self._n = len(self._buf)
        else:
            self._buf, self._n = entries, _n

    @classmethod
    def of(cls, log) -> "Log":
        """``log`` as a Log (a plain list, from a save or a clone, is copied once)."""
        return log if type(log) is cls else cls(log)

    def plus(self, entry) -> "Log":
        """This log with ``entry`` after it; ``self`` is unchanged."""
        buf, n = self._buf, self._n
        if len(buf) != n:                  # an older state played on again: branch off
            buf = buf[:n]
        buf.append(entry)
        return Log(buf, n + 1)

    def shares_with(self, other: "Log") -> bool:
        """Both logs are lengths over one stored list (nothing was copied between them)."""
        return isinstance(other, Log) and other._buf is self._buf

    # ---- reading, as a list
    def __len__(self) -> int:
        return self._n

    def __bool__(self) -> bool:
        return self._n > 0

    def __iter__(self):
        return islice(self._buf, self._n)

    def __reversed__(self):
        buf = self._buf
        return (buf[i] for i in range(self._n - 1, -1, -1))

    def __getitem__(self, i):
        if isinstance(i, slice):
            buf = self._buf
            return [buf[j] for j in range(self._n)[i]]
        if not isinstance(i, int) or isinstance(i, bool):
            raise TypeError("log indices must be integers or slices")
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("log index out of range")
        return self._buf[i]

    def __contains__(self, value) -> bool:
        return any(e == value for e in self)

    def index(self, value, start=0, stop=None):
        return list(self).index(value, start, self._n if stop is None else stop)

    def count(self, value) -> int:
        return sum(1 for e in self if e == value)

    def copy(self) -> list:
        return list(self)

    def __eq__(self, other):
        if isinstance(other, Log) and other._buf is self._buf:
            return other._n == self._n
        if not isinstance(other, list):
            return NotImplemented
        return len(other) == self._n and all(a == b for a, b in zip(self, other))

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __lt__(self, other):
        return list(self) < list(other)

    def __le__(self, other):
        return list(self) <= list(other)

    def __gt__(self, other):
        return list(self) > list(other)

    def __ge__(self, other):
        return list(self) >= list(other)

    __hash__ = None

    def __add__(self, other):
        return list(self) + list(other)

    def __radd__(self, other):
        return list(other) + list(self)

    def __mul__(self, k):
        return list(self) * k

    __rmul__ = __mul__

    def __repr__(self) -> str:
        return repr(list(self))

    def __copy__(self) -> list:
        return list(self)

    def __deepcopy__(self, memo) -> list:
        return clone(list(self))

    def __reduce_ex__(self, protocol):
        return (list, (list(self),))

    # ---- never in place
    def _immutable(self, *args, **kwargs):
        raise TypeError("a state's log never changes in place; apply returns a new state")

    append = extend = insert = pop = remove = clear = sort = reverse = _immutable
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _immutable


Decision = tuple    # (action: dict, think_ms: int) -- what a bot would do and how long it thinks


class Bot:
    """A computer player.  It sees only what its seat sees: its own ``view`` and ``legal``.

    ``decide(view, legal, now_ms)`` returns a :data:`Decision` ``(action, think_ms)`` or
    ``None`` to wait.  The *table* paces it: it applies the action ``think_ms`` (scaled by
    the table's bot pace, and never past the seat's deadline) after the decision, if it is
    still legal then.  Its own randomness comes from ``self.rng``, seeded by the table,
    never from the game state.  ``act`` paces ``decide`` by the bot itself, for a
    simulation that has no table.
    """

    def __init__(self, game: "Game", seat: int, level: str, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.level = level
        self.rng = Rng(derive_seed(seed, "bot", seat, level))
        self._waiting: Optional[tuple] = None      # (action, due) for ``act``

    def decide(self, view: dict, legal: list, now_ms: int) -> Optional[Decision]:
        """Every bot overrides this."""
        raise NotImplementedError

    def act(self, view: dict, legal: list, now_ms: int) -> Optional[dict]:
        """The action to send *now*, or None: ``decide`` paced by the bot itself, for a
        caller that does not pace (a simulation).  The think time runs from the first time an
        action was proposed, as long as the same action stays proposed."""
        decision = self.decide(view, legal, now_ms)
        if decision is None:
            self._waiting = None
            return None
        action, think_ms = decision
        if self._waiting is None or self._waiting[0] != action:
            self._waiting = (action, now_ms + max(0, int(think_ms)))
        if now_ms < self._waiting[1]:
            return None
        self._waiting = None
        return action


class Game:
    """Base of every game.  Class attributes describe the game to the lobby and the framework."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: dict = {}            # {name: default}; RULES.md Appendix A values live here
    option_choices: dict = {}     # {name: [allowed values]} for the set-up screen
    option_specs: dict = {}       # {name: Arg}: typed option schemas (bool is never an int)
    bot_levels: tuple = ()        # ("easy", "normal", "hard"), empty when no bots
    bots: str = ""                # "module:factory" of the bots, relative to the game's package
    bot_options: dict = {}        # {option: [values computer players can play with]} (others stall them)
    language_options: tuple = ()  # options whose choices are languages ("en"...): the set-up starts them at the page's
    realtime: bool = False        # players act at once or out of turn: the table ticks often
    pass_and_play: bool = True    # False: seats play simultaneously, one shared device cannot be passed
    moves: dict = {}              # {type: Move}: declared moves and their handlers
    stages: dict = {}             # {name: Stage}: who may act with what, and which timers run
    timers: Any = ()              # {name: Timer}, in firing order at equal times (or a tuple of names)
    constants: dict = {}          # rule constants a screen may show (never copied into a screen)
    # {view field: whom}: the fields of ``project`` that show something hidden from other
    # seats, and to whom ("own": the viewing seat's own secret; "side": its side's secrets;
    # "role": what a seat sees by its part in the play now, a code's maker, a riddle's
    # creators).  Every other field must be the same in every ``hidden_variants`` state,
    # for every viewer; each declared field must differ in some (the conformance suite).
    private: dict = {}
    version: int = 1              # the rules' version: a game record of a newer one is refused
    timeline: str = ""            # "module:function" giving the words of one logged event (``describe``)
    coach: str = ""               # "module:function" rating or summing up a finished game (``review``)

    # ------------------------------------------------------------------ public contract
    def new(self, players: list, seed: int, options: Optional[dict] = None, now_ms: int = 0) -> State:
        players = [str(p) for p in players]
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction(
                "player_count",
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {len(players)}.",
            )
        if not is_int(seed) or not is_int(now_ms):
            raise IllegalAction("bad_seed", "The seed and the start time must be whole numbers.")
        opts = self.check_options(options or {}, len(players))
        state: State = {
            "game": self.id,
            "players": players,
            "seed": int(seed),
            "options": opts,
            "t0": int(now_ms),
            "rng": Rng(int(seed)).state,
            "log": Log(),
        }
        if self.timers:
            state["timers"] = {}
        self.setup(state, int(now_ms))
        if self.stages:
            self._sync_timers({}, state, int(now_ms))
        return state

    def check_options(self, options: dict, n_players: int) -> dict:
        """Merge ``options`` over the defaults; refuse unknown names, values outside
        ``option_choices`` (same type required: ``True`` is not ``1``) and values that fail
        their ``option_specs``.  Games add cross-checks in ``validate_options``."""
        if not isinstance(options, dict) or not json_bounded(options, max_depth=4, max_items=512):
            raise IllegalAction("bad_options", "Options must be a mapping of names to values.")
        unknown = set(options) - set(self.options)
        if unknown:
            raise IllegalAction("bad_options", f"Unknown option: {sorted(unknown)[0]}.", "unknown",
                                option=sorted(unknown)[0])
        opts = clone(self.options)
        for name, value in options.items():
            choices = self.option_choices.get(name)
            if choices is not None and not any(type(value) is type(c) and value == c for c in choices):
                raise IllegalAction("bad_options", f"Option {name} cannot be {value!r}.", "value", option=name)
            spec = self.option_specs.get(name)
            if spec is not None:
                try:
                    value = spec.check(value, name)
                except SchemaError as err:
                    raise IllegalAction("bad_options", err.message, "value", option=name) from None
            opts[name] = clone(value)
        self.validate_options(opts, n_players)
        return opts

    def check_seat(self, state: State, seat: Seat) -> Seat:
        """``None`` (the table, a spectator) or a whole number naming a seat; never a bool."""
        if seat is None:
            return None
        if not is_int(seat) or not 0 <= seat < len(state["players"]):
            raise IllegalAction("bad_seat", "There is no such seat at this table.")
        return seat

    def check_action(self, state: Optional[State], action: Any) -> Action:
        """Schema check of a declared move: bounded JSON, a known type, no unknown field,
        every argument of its declared kind.  Returns the normalised action."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("malformed", "An action needs a type.")
        if not json_bounded(action, max_depth=6, max_items=1024):
            raise IllegalAction("malformed", "That action is too big or too deeply nested.")
        move = self.moves.get(action["type"]) or CLOCK_MOVES.get(action["type"])
        if move is None:
            raise IllegalAction("unknown_action", f"{self.title} has no move called {action['type'][:40]!r}.")
        try:
            return move.check(action, state)
        except SchemaError as err:
            raise IllegalAction(err.code, err.message, err.reason, **err.params) from None

    def apply(self, state: State, seat: Seat, action: Action, now_ms: int) -> State:
        """Apply ``seat``'s ``action`` at ``now_ms``.  Raises IllegalAction and changes
        nothing when the rules forbid it.  Timers are not fired here: whoever owns the clock
        (the table, a test, a bot's look-ahead) calls ``tick`` first, and the log records
        both, so a replay does exactly what the live game did."""
        seat = self.check_seat(state, seat)
        if not is_int(now_ms):
            raise IllegalAction("bad_time", "The time must be a whole number of milliseconds.")
        clean = self.check_action(state, action)
        base = state
        if self.result(base) is not None:
            raise IllegalAction("game_over", "The game is over.")
        clock = clean["type"] in CLOCK_MOVES and clean["type"] not in self.moves
        if clock:
            if seat is not None:
                raise IllegalAction("not_a_player", "Only the table holds and releases the clocks.")
        elif seat is None:
            if clean["type"] not in self.table_moves(base):
                raise IllegalAction("not_a_player", "Only a player at the table can do that.")
        elif self.stages:
            refused = self._refusal(base, seat, clean["type"], clean)
            if refused is not None:
                raise IllegalAction(*refused)
        elif clean["type"] not in self.active(base).get(seat, ()):
            raise IllegalAction(*self.why_not(base, seat, clean["type"]))
        move = CLOCK_MOVES[clean["type"]] if clock else self.moves[clean["type"]]
        new = self._copy(base)
        handler = getattr(self, move.handler)
        # while the clocks are held a move happens, for the game, at the moment of the hold
        at = int(now_ms) if clean["type"] == "release_clocks" else self.game_now(new, now_ms)
        plan = self._timer_plan(base) if self.stages else None
        handler(new, seat, {k: v for k, v in clean.items() if k != "type"}, at)
        if plan is not None:
            self._sync_timers(plan, new, at)
        new["log"] = Log.of(base["log"]).plus([seat, clean, int(now_ms)])
        return new

    def tick(self, state: State, now_ms: int) -> State:
        """Fire the timers due by ``now_ms``.  Returns the same object when nothing was due,
        so callers can test ``new is state``.  Only timers that were already scheduled when
        the tick began fire in it: a timer a handler starts (even one due at once) waits for
        the next tick, so a late tick never skips a phase players were meant to see."""
        if not is_int(now_ms):
            raise IllegalAction("bad_time", "The time must be a whole number of milliseconds.")
        due = self.deadline(state)
        if due is None or now_ms < due or self.result(state) is not None:
            return state
        new = self._copy(state)
        self._fire_due(new, int(now_ms))
        new["log"] = Log.of(state["log"]).plus([None, {"type": "tick"}, int(now_ms)])
        return new

    def view(self, state: State, seat: Seat) -> dict:
        """What ``seat`` may see (JSON-safe, sharing nothing with the state); None: a
        spectator.  The game's ``project`` with, under ``"shared"``, the part every game has
        in one shape (:meth:`shared_view`)."""
        seat = self.check_seat(state, seat)
        out = self.project(state, seat)
        out["shared"] = self.shared_view(state, seat)
        return out

    def shared_view(self, state: State, seat: Seat) -> dict:
        """What every game's view says the same way: ``stage`` (this seat's, None for a
        spectator or a game without stages), ``held`` (the table holds the clocks) and
        ``timers``, each ``{"name", "seat" (a per-seat timer's seat, else None),
        "deadline_ms" (host clock; None while paused), "left_ms" (while paused),
        "length_ms"}`` in firing order.  Whose move it is, the players and the result are
        in the table's update beside the view (session/table.py ``update_for``), not here."""
        index = self.timer_index()
        timers = []
        for stored, t in state.get("timers", {}).items():
            decl, whom, order = index.get(stored, (None, None, (99, 0)))
            name = stored[: -len(str(whom))] if whom is not None else stored
            timers.append((order, {"name": name, "seat": whom, "deadline_ms": t.get("at"),
                                   "left_ms": t.get("left") if t.get("at") is None else None,
                                   "length_ms": t.get("len")}))
        timers.sort(key=lambda pair: (pair[0], pair[1]["name"]))
        stage = self.stage(state, seat) if self.stages and seat is not None else None
        return {"stage": stage, "held": self.clocks_held(state), "timers": [t for _, t in timers]}

    def legal(self, state: State, seat: Seat) -> list:
        """Every legal action of ``seat`` now; a move whose arguments cannot be enumerated
        is given as a descriptor ``{"type": t, "args": {name: schema}}``."""
        seat = self.check_seat(state, seat)
        if seat is None or self.result(state) is not None:
            return []
        return self.legal_moves(state, seat)

    def awaited(self, state: State) -> list:
        """Seats the game is waiting for (a non-interrupt move is open to them, or their
        stage's ``awaits`` says so), in seat order: the turn, for pass-and-play focus and
        "whose move is it"."""
        if self.result(state) is not None:
            return []
        if self.stages:
            out = []
            for seat in range(len(state["players"])):
                stage = self.stages.get(self.stage(state, seat))
                if stage is None:
                    continue
                if stage.awaits is not None:
                    waits = stage.awaits(self, state, seat)
                else:
                    waits = any(not self.moves[t].interrupt and self._open(t, state, seat) for t in stage.moves)
                if waits:
                    out.append(seat)
            return out
        act = self.active(state)
        return sorted(s for s, types in act.items()
                      if any(not self.moves[t].interrupt for t in types if t in self.moves))

    def dump(self, state: State) -> dict:
        return clone(state)

    def load(self, data: dict) -> State:
        if not isinstance(data, dict) or data.get("game") != self.id:
            raise IllegalAction("bad_state", f"That is not a saved {self.title} game.")
        return clone(data)

    def replay(self, players: list, seed: int, options: dict, t0: int, log: Iterable) -> State:
        """Rebuild a game from its seed and action log; every peer can check a result."""
        state = self.new(players, seed, options, t0)
        for seat, action, now_ms in log:
            if action.get("type") == "tick":
                state = self.tick(state, now_ms)
            else:
                state = self.apply(state, seat, action, now_ms)
        return state

    def _imported(self, ref: str) -> tuple:
        """``"module:name"`` (``bots``, ``timeline``, ``coach``), the module relative to the
        game's package: ``(the module, imported now, name)``.  Imported only when first asked,
        so the rules never import what only a bot, a record or a coach needs."""
        module, name = ref.split(":")
        return import_module(module, type(self).__module__.rpartition(".")[0]), name

    def bot(self, level: str, seat: int, seed: int, **kw) -> Bot:
        """A computer player of ``level`` for ``seat``: ``bots`` names its factory, imported
        only when a bot is first asked for (the rules never import their bots)."""
        if not self.bots:
            raise IllegalAction("no_bots", f"{self.title} has no computer players.")
        if level not in self.bot_levels:
            raise IllegalAction("bad_level", f"{self.title} has no computer player level {level!r}.")
        mod, name = self._imported(self.bots)
        return getattr(mod, name)(self, seat, level, seed, **kw)

    def describe(self, before: State, seat: Seat, action: Action, after: State) -> tuple:
        """One logged event in words: ``(catalogue key, params)`` from the state before the
        move, the move and the state after it (a game record's timeline).  ``timeline`` names
        the game's own function, imported only when first asked (the rules never need it);
        without one, or when it has nothing to say, the event is "<player>: <move>" with the
        move's own key ``<game>.tl.<type>`` with the player's name (every declared move has
        one in the game's catalogue: tests/unit/test_timeline.py)."""
        if self.timeline:
            mod, name = self._imported(self.timeline)
            found = getattr(mod, name)(self, before, seat, action, after)
            if found is not None:
                return found
        kind = action.get("type", "")
        if kind == "tick":
            return "timeline.tick", {}
        if kind in CLOCK_MOVES:
            return f"timeline.{kind}", {}
        who = before["players"][seat] if is_int(seat) and 0 <= seat < len(before["players"]) else ""
        return f"{self.id}.tl.{kind}", {"player": who}

    def review(self, replay, **kw) -> Optional[dict]:
        """The coach's report on a replayed game (``session.record.Replay``): ``coach`` names
        the game's function, imported only when first asked; None without one.  Reads the
        replay only: it never changes a game or its record."""
        if not self.coach:
            return None
        mod, name = self._imported(self.coach)
        return getattr(mod, name)(self, replay, **kw)

    def review_summary(self, report: dict, names: list) -> list:
        """The coach's ``report`` summed up in words: ``[(catalogue key, params)]`` (the coach
        module's ``summary``; none without one)."""
        if not self.coach or not report:
            return []
        fn = getattr(self._imported(self.coach)[0], "summary", None)
        return fn(report, names) if fn is not None else []

    def review_note(self, rated: dict, names: list) -> list:
        """One rated decision of the coach's report in words, shown by its event:
        ``[(catalogue key, params)]`` (the coach module's ``note``; none without one)."""
        if not self.coach or not rated:
            return []
        fn = getattr(self._imported(self.coach)[0], "note", None)
        return fn(rated, names) if fn is not None else []

    def review_steps(self, replay):
        """The coach's report a verdict at a time: a generator yielding the log index of each
        verdict it made and returning the report (None without a coach), so the page can
        compute it in idle slices.  A coach without ``<name>_steps`` is one step.  First come
        the pieces of ``warm_up`` (the tables the coach's computer player builds once), each
        yielding -1 (no verdict yet): no slice builds them all inside one verdict."""
        if not self.coach:
            return None
        for _piece in self.warm_up():
            yield -1
        mod, name = self._imported(self.coach)
        yield -1                      # the coach's module imported: its own slice
        steps = getattr(mod, name + "_steps", None)
        if steps is not None:
            return (yield from steps(self, replay))
        return getattr(mod, name)(self, replay)

    def end_view(self, state: State) -> dict:
        """The all-seeing view of a finished game, every hidden thing turned up as at the end
        of a real game.  Every game's spectator view reveals everything once the game has a
        result (``tests/unit/test_record.py`` checks it: no hidden variant is left)."""
        return self.project(state, None)

    def warm_up(self) -> Iterable:
        """Steps of work (an iterable; each step a few ms at most) that the computer players
        would otherwise do in their first decisions, such as tables they build once: done in
        the page's idle time after start-up (``ui/warmup.py``).  Changes no decision."""
        return ()

    # ------------------------------------------------------------------ hooks
    def validate_options(self, opts: dict, n_players: int) -> None:
        """Raise IllegalAction("bad_options", ...) for combinations the rules forbid."""

    def setup(self, state: State, now_ms: int) -> None:
        raise NotImplementedError

    def stage(self, state: State, seat: int) -> Optional[str]:
        """The stage ``seat`` is in now (None: none; it may not act).  Default: the state's
        ``stage``, one name for every seat or a list with one per seat.  A game whose state
        already says it in fields of its own (a phase, who is out) reads them here."""
        st = state.get("stage")
        return st[seat] if isinstance(st, list) else st

    def active(self, state: State) -> dict:
        """``{seat: [move types]}``: who may act now and with which moves (a seat missing
        may not act): the moves of its stage whose guards hold."""
        if not self.stages:
            raise NotImplementedError
        out = {}
        for seat in range(len(state["players"])):
            types = self.open_moves(state, seat)
            if types:
                out[seat] = types
        return out

    def _open(self, move_type: str, state: State, seat: int) -> bool:
        return all(g.on_args or g.test(self, state, seat, None) for g in self.moves[move_type].guards)

    def _refusal(self, state: State, seat: int, move_type: str, action: Optional[dict]) -> Optional[tuple]:
        """Why ``seat`` may not make this move now (``action``: with its arguments, or None
        to ask about the move at all): its stage, then the move's guards in order, then the
        ranges of its arguments.  None: it may."""
        move = self.moves[move_type]
        stage = self.stages.get(self.stage(state, seat))
        if stage is None or move_type not in stage.moves:
            if stage is not None and stage.refuse is not None:
                return stage.refuse
            return self._closed(move, state, seat)
        for g in move.guards:
            if not g.on_args:
                refused = g.refusal(self, state, seat, None)
                if refused is not None:
                    return refused if refused[0] is not None else self._closed(move, state, seat)
        if action is None:
            return None
        for name in [*move.args, True]:
            rule = move.within.get(name)
            if rule is not None and name in action:
                refused = rule.refusal(self, state, seat, action, action[name])
                if refused is not None:
                    return refused
            for g in move.guards:
                if g.on_args == name or (name is True and g.on_args not in move.args and g.on_args):
                    refused = g.refusal(self, state, seat, action)
                    if refused is not None:
                        return refused
        return None

    def _closed(self, move: Move, state: State, seat: int) -> tuple:
        """The move's refusal when it is not open to ``seat`` (its ``closed``, by stage, or
        computed: :func:`~.stages.turn_or_now`)."""
        closed = move.closed
        if isinstance(closed, dict):
            closed = closed.get(self.stage(state, seat), closed.get(None))
        if callable(closed):
            closed = closed(self, state, seat)
        return closed or ("not_your_turn", "It is not your turn.")

    def table_moves(self, state: State) -> tuple:
        """Move types the table itself (seat None: the host) may make now."""
        return ()

    def why_not(self, state: State, seat: int, move: str) -> tuple:
        """(code, message) when ``seat`` may not make ``move`` now; games may say more."""
        if self.stages:
            return self._refusal(state, seat, move, None) or ("not_now", "That move is not possible right now.")
        if not self.active(state).get(seat):
            return ("not_your_turn", "It is not your turn.")
        return ("not_now", "That move is not possible right now.")

    def open_moves(self, state: State, seat: int) -> list:
        """The types of move ``seat`` may make now, their arguments not yet considered."""
        if self.stages:       # only this seat's stage: legal is asked for every seat in turn
            stage = self.stages.get(self.stage(state, seat))
            return [t for t in stage.moves if self._open(t, state, seat)] if stage is not None else []
        return list(self.active(state).get(seat, ()))

    def legal_moves(self, state: State, seat: int) -> list:
        """Default: each active move of ``seat`` enumerated from its schema (bounds may read
        the state), or described when it cannot be enumerated."""
        out = []
        for t in self.open_moves(state, seat):
            move = self.moves[t]
            argued = move.within or any(g.on_args for g in move.guards)
            actions = self._enumerate(t, state, seat) if argued else move.enumerate(t, state)
            out.extend(actions if actions is not None else [move.describe(t, state)])
        return out

    def _enumerate(self, move_type: str, state: State, seat: int) -> Optional[list]:
        """Every action of a move whose arguments' values now are declared (``within``),
        or from their schemas; kept when its argument guards hold.  None: too many."""
        move = self.moves[move_type]
        combos: list = [{"type": move_type}]
        for name, arg in move.args.items():
            rule = move.within.get(name)
            if rule is None:
                values = arg.choices(state)
                if values is None:
                    return None
                combos = [dict(c, **{name: v}) for c in combos for v in values]
            elif isinstance(rule, Between):
                combos = [dict(c, **{name: v}) for c in combos for v in rule.values(self, state, seat)]
            else:
                combos = [dict(c, **{name: v}) for c in combos for v in rule.values(self, state, seat, c)]
        checks = [g for g in move.guards if g.on_args]
        if not checks:
            return combos
        return [c for c in combos if all(g.test(self, state, seat, c) for g in checks)]

    def project(self, state: State, seat: Seat) -> dict:
        raise NotImplementedError

    def hidden_variants(self, state: State, seat: Seat, rng: Rng) -> list:
        """States that differ from ``state`` only in what ``seat`` may not see (another
        player's secret, the order of a face-down pile, an unrevealed code), drawn with
        ``rng``.  ``view(variant, seat)`` must equal ``view(state, seat)``: the conformance
        tests check it for every game.  Default: no hidden information."""
        return []

    def deadline(self, state: State) -> Optional[int]:
        """The earliest ``now_ms`` at which ``tick`` has something to do, or None (always
        None while the clocks are held)."""
        if state.get("held_at") is not None:
            return None
        running = [t["at"] for t in state.get("timers", {}).values() if t.get("at") is not None]
        return min(running) if running else None

    def _fire_due(self, state: State, now_ms: int) -> None:
        """Fire, in due order (ties in ``timers`` order), every timer due by ``now_ms`` that
        was scheduled before this tick and is still scheduled at the same time."""
        timers = state.get("timers", {})
        index = self.timer_index()
        due = sorted((t["at"], index[name][2] if name in index else (99, 0), name, t.get("n", 0))
                     for name, t in timers.items() if t.get("at") is not None and t["at"] <= now_ms)
        for at, _, name, n in due:
            cur = state["timers"].get(name)
            if cur is None or cur.get("at") != at or cur.get("n", 0) != n:
                continue                   # stopped or restarted by an earlier timer
            del state["timers"][name]
            decl, seat, _ = index.get(name, (None, None, None))
            plan = self._timer_plan(state) if self.stages else None
            if decl is None:
                getattr(self, f"timer_{name}")(state, now_ms)
            elif decl.per_seat:
                getattr(self, decl.handler)(state, seat, now_ms)
            else:
                getattr(self, decl.handler)(state, now_ms)
            if plan is not None:
                self._sync_timers(plan, state, now_ms)
            if self.result(state) is not None:
                break

    def timer_index(self) -> dict:
        """``{stored name: (Timer or None, seat or None, firing order)}`` of every timer this
        game can run (a per-seat timer once per seat: ``hold0`` ... ``hold<max-1>``)."""
        index = self.__dict__.get("_timer_index")
        if index is None:
            index = {}
            for i, name in enumerate(self.timers):
                decl = self.timers[name] if isinstance(self.timers, dict) else None
                if decl is not None and decl.per_seat:
                    for s in range(self.max_players):
                        index[f"{name}{s}"] = (decl, s, (i, s))
                else:
                    index[name] = (decl, None, (i, 0))
            self._timer_index = index
        return index

    def _timer_plan(self, state: State) -> dict:
        """``{stored name: (seat, key, runs)}``: the timers the seats' stages run now
        (``runs`` True) or hold (False: kept, standing still); running wins over held."""
        plan: dict = {}
        for seat in range(len(state["players"])):
            stage = self.stages.get(self.stage(state, seat))
            if stage is None:
                continue
            for names, runs in ((stage.timers, True), (stage.holds, False)):
                for tname in names:
                    decl = self.timers[tname]
                    whom = seat if decl.per_seat else None
                    stored = f"{tname}{seat}" if decl.per_seat else tname
                    if stored not in plan or (runs and not plan[stored][2]):
                        plan[stored] = (whom, decl.key(self, state, whom) if decl.key else None, runs)
        return plan

    def _sync_timers(self, before: dict, state: State, now_ms: int) -> None:
        """Stop the timers of stages left; pause those a stage now holds and resume them
        when a stage that runs them is entered again with the same key; start those of
        stages entered (or whose key changed: restarted), for as long as
        their ``length`` says (None: no limit; no ``length``: the rules start it)."""
        after = self._timer_plan(state)
        for stored in before:
            if stored not in after:
                self.stop_timer(state, stored)
        index = self.timer_index()
        for stored, (whom, key, runs) in after.items():
            old = before.get(stored)
            same = old is not None and old[:2] == (whom, key)
            if not runs:
                if same:
                    self.pause_timer(state, stored, now_ms)
                else:
                    self.stop_timer(state, stored)
                continue
            if same:
                if not old[2]:                      # held until now: its time runs on
                    self.resume_timer(state, stored, now_ms)
                continue
            decl = index[stored][0]
            if decl.length is None:
                continue
            length = decl.length(self, state, whom)
            if length is None:
                self.stop_timer(state, stored)
            else:
                self.start_timer(state, stored, now_ms, length)

    def result(self, state: State) -> Optional[dict]:
        raise NotImplementedError

    # ------------------------------------------------------------------ clock holds
    @staticmethod
    def clocks_held(state: State) -> bool:
        """The table holds the clocks (a pass-and-play hand-over is up)."""
        return state.get("held_at") is not None

    def move_hold_clocks(self, state: State, seat: Seat, args: dict, now_ms: int) -> None:
        """Stop the game's time at ``now_ms`` until ``release_clocks``."""
        if state.get("held_at") is not None:
            raise IllegalAction("clocks_held", "The clocks are already held.")
        state["held_at"] = int(now_ms)

    def move_release_clocks(self, state: State, seat: Seat, args: dict, now_ms: int) -> None:
        """Time runs again: every running timer moves on by the length of the hold, so each
        has exactly as much time left as it had when the clocks were held."""
        held_at = state.pop("held_at", None)
        if held_at is None:
            raise IllegalAction("clocks_running", "The clocks are not held.")
        shift = max(0, int(now_ms) - held_at)
        for t in state.get("timers", {}).values():
            if t.get("at") is not None:
                t["at"] += shift
        if shift:
            self.shift_clocks(state, shift)

    @staticmethod
    def game_now(state: State, now_ms: int) -> int:
        """The game's time: ``now_ms``, or the moment of the hold while the clocks are held
        (a move that arrives during a hold happens, for the game's clocks, at that moment)."""
        held_at = state.get("held_at")
        return int(now_ms) if held_at is None else int(held_at)

    def shift_clocks(self, state: State, shift_ms: int) -> None:
        """After a hold of ``shift_ms``: move on the game's own deadlines kept outside the
        timers, as the release moved the timers.  Default: the game keeps none."""

    # ------------------------------------------------------------------ timers
    # While the clocks are held, every timer function counts from the moment of the hold
    # (``held_at``): the game's time stands still.
    # state["timers"] = {name: {"at": due_ms, "len": ms, "n": k}} running, or
    #                   {name: {"at": None, "left": ms, "len": ms, "n": k}} paused.
    # ``n`` counts starts, so a timer restarted inside a tick is a different event.
    @staticmethod
    def start_timer(state: State, name: str, now_ms: int, length_ms: int) -> None:
        """(Re)start ``name`` to fire ``length_ms`` after ``now_ms``."""
        if state.get("held_at") is not None:
            now_ms = state["held_at"]
        old = state.setdefault("timers", {}).get(name)
        n = (old or {}).get("n", 0) + 1
        state["timers"][name] = {"at": int(now_ms) + max(0, int(length_ms)), "len": int(length_ms), "n": n}

    @staticmethod
    def stop_timer(state: State, name: str) -> None:
        state.setdefault("timers", {}).pop(name, None)

    @staticmethod
    def pause_timer(state: State, name: str, now_ms: int) -> None:
        """Stop the clock of ``name``, keeping what is left of it."""
        if state.get("held_at") is not None:
            now_ms = state["held_at"]
        t = state.get("timers", {}).get(name)
        if t is not None and t.get("at") is not None:
            t["left"] = max(0, t["at"] - int(now_ms))
            t["at"] = None

    @staticmethod
    def resume_timer(state: State, name: str, now_ms: int) -> None:
        if state.get("held_at") is not None:
            now_ms = state["held_at"]
        t = state.get("timers", {}).get(name)
        if t is not None and t.get("at") is None:
            t["at"] = int(now_ms) + t.pop("left", 0)

    @staticmethod
    def timer(state: State, name: str) -> Optional[dict]:
        """``{"at": due or None when paused, "left": ms when paused, "len": ms}`` or None."""
        t = state.get("timers", {}).get(name)
        return None if t is None else dict(t)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def rng(state: State) -> "_StateRng":
        """The state's generator; draws write the new integer back into ``state``."""
        return _StateRng(state)

    @staticmethod
    def _copy(state: State) -> State:
        # The log is a Log: shared, never copied (``apply`` sets the new one).
        return {k: (v if k == "log" else clone(v)) for k, v in state.items()}


class _StateRng(Rng):
    __slots__ = ("_st",)

    def __init__(self, state: State) -> None:
        super().__init__(state["rng"])
        self._st = state

    def next64(self) -> int:
        x = super().next64()
        self._st["rng"] = self.state
        return x
