"""The game contract every clubtable game follows (see docs/ARCHITECTURE.md).

A game is data plus pure functions.  A *state* is a JSON-safe ``dict``; ``apply`` never
mutates the state it is given: it returns a new one, or raises :class:`IllegalAction`
and the old state stays exactly as it was.  All randomness comes from the :class:`Rng`
whose integer state lives in ``state["rng"]``; all time enters as ``now_ms``.  So
``(players, options, seed, t0, log)`` replays any game exactly (:meth:`Game.replay`).

Subclasses implement the lower-case hooks ``setup``, ``do``, ``on_tick``, ``legal``,
``view``, ``result`` (and optionally ``deadline`` and ``bot``); the public methods here
add the checks and the log that every game shares.
"""
from __future__ import annotations

from typing import Any, Iterable, Optional

from .rng import Rng, derive_seed

__all__ = [
    "IllegalAction",
    "Game",
    "Bot",
    "Rng",
    "derive_seed",
    "clone",
    "Seat",
    "Action",
    "State",
]

Seat = Optional[int]          # None is the table itself (timers, host) or a spectator
Action = dict                 # {"type": str, ...}, JSON-safe
State = dict                  # JSON-safe


class IllegalAction(Exception):
    """The rules forbid this action now.  ``code`` is stable (tests, i18n); ``message`` is
    a readable English sentence shown to the player."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def clone(value: Any) -> Any:
    """Deep copy of JSON-shaped data (dict/list/scalars), several times faster than
    ``copy.deepcopy`` because it knows there are no cycles and no custom objects."""
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) for v in value]
    if isinstance(value, tuple):
        return [clone(v) for v in value]
    return value


class Bot:
    """A computer player.  It sees only what its seat sees: its own ``view`` and ``legal``.

    ``act`` is asked after every change and on every clock tick; it returns an action to
    send now, or ``None`` to wait.  Human-like pacing (a real-time game's reaction time)
    is the bot's own business, measured against ``now_ms``.  Its own randomness comes
    from ``self.rng``, seeded by the table, never from the game state.
    """

    def __init__(self, game: "Game", seat: int, level: str, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.level = level
        self.rng = Rng(derive_seed(seed, "bot", seat, level))

    def act(self, view: dict, legal: list, now_ms: int) -> Optional[dict]:
        raise NotImplementedError


class Game:
    """Base of every game.  Class attributes describe the game to the lobby."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: dict = {}            # {name: default}; RULES.md Appendix A values live here
    option_choices: dict = {}     # {name: [allowed values]} for the set-up screen
    bot_levels: tuple = ()        # ("easy", "normal", "hard"), empty when no bots
    realtime: bool = False        # players act at once (the session ticks often)
    max_text: int = 200           # longest free-text field an action may carry

    # ------------------------------------------------------------------ public contract
    def new(self, players: list, seed: int, options: Optional[dict] = None, now_ms: int = 0) -> State:
        players = [str(p) for p in players]
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction(
                "player_count",
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {len(players)}.",
            )
        opts = self.check_options(options or {}, len(players))
        state: State = {
            "game": self.id,
            "players": players,
            "seed": int(seed),
            "options": opts,
            "t0": int(now_ms),
            "rng": Rng(int(seed)).state,
            "log": [],
        }
        self.setup(state, int(now_ms))
        return state

    def check_options(self, options: dict, n_players: int) -> dict:
        """Merge ``options`` over the defaults; refuse unknown names and values outside
        ``option_choices``.  Games add cross-checks in ``validate_options``."""
        if not isinstance(options, dict):
            raise IllegalAction("bad_options", "Options must be a mapping of names to values.")
        unknown = set(options) - set(self.options)
        if unknown:
            raise IllegalAction("bad_options", f"Unknown option: {sorted(unknown)[0]}.")
        opts = clone(self.options)
        for name, value in options.items():
            choices = self.option_choices.get(name)
            if choices is not None and value not in choices:
                raise IllegalAction("bad_options", f"Option {name} cannot be {value!r}.")
            opts[name] = clone(value)
        self.validate_options(opts, n_players)
        return opts

    def apply(self, state: State, seat: Seat, action: Action, now_ms: int) -> State:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("malformed", "An action needs a type.")
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(state["players"])):
            raise IllegalAction("bad_seat", "There is no such seat at this table.")
        if self.result(state) is not None:
            raise IllegalAction("game_over", "The game is over.")
        new = self._copy(state)
        self.do(new, seat, action, int(now_ms))
        new["log"] = state["log"] + [[seat, clone(action), int(now_ms)]]
        return new

    def tick(self, state: State, now_ms: int) -> State:
        """Apply every timer due by ``now_ms``.  Returns the same object when nothing was due,
        so callers can test ``new is state``."""
        due = self.deadline(state)
        if due is None or now_ms < due or self.result(state) is not None:
            return state
        new = self._copy(state)
        self.on_tick(new, int(now_ms))
        new["log"] = state["log"] + [[None, {"type": "tick"}, int(now_ms)]]
        return new

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

    def bot(self, level: str, seat: int, seed: int) -> Bot:
        raise IllegalAction("no_bots", f"{self.title} has no computer players.")

    # ------------------------------------------------------------------ hooks
    def validate_options(self, opts: dict, n_players: int) -> None:
        """Raise IllegalAction("bad_options", ...) for combinations the rules forbid."""

    def setup(self, state: State, now_ms: int) -> None:
        raise NotImplementedError

    def do(self, state: State, seat: Seat, action: Action, now_ms: int) -> None:
        """Mutate ``state`` (a private copy) by ``action`` or raise IllegalAction."""
        raise NotImplementedError

    def deadline(self, state: State) -> Optional[int]:
        """The earliest ``now_ms`` at which ``tick`` has something to do, or None."""
        return None

    def on_tick(self, state: State, now_ms: int) -> None:
        """Mutate ``state`` (a private copy) by every timer due at ``now_ms``."""

    def legal(self, state: State, seat: Seat) -> list:
        raise NotImplementedError

    def view(self, state: State, seat: Seat) -> dict:
        raise NotImplementedError

    def result(self, state: State) -> Optional[dict]:
        raise NotImplementedError

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def rng(state: State) -> "_StateRng":
        """The state's generator; draws write the new integer back into ``state``."""
        return _StateRng(state)

    @staticmethod
    def _copy(state: State) -> State:
        # The log only ever grows by new lists, so it can be shared, not copied.
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
