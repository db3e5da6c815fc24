"""A few moves of every game, played by computer players out of sight while the page is
idle after it starts; and, once a table with computer players opens, their game's own
warm-up (``prepare``).

Why: the browser compiles the interpreter's hot code (WebAssembly) quickly at first and well
only once it has run for a while, so the first moves of the first game of a fresh page took
twice as long as later ones (Dobbelduel's first frames: 15-25 ms against 2-3).  Played here,
in idle time, those moves cost nobody anything; a player's first game then runs at the
speed of the hundredth.  Nothing here is seen, saved or sent: tables in memory, drawn into
an element outside the document, and every remembered part forgotten afterwards.
"""
from __future__ import annotations

import time

from . import dom
from .browser import tab, timers

MOVES_PER_GAME = 12           # drawn moves per game: enough for the compiler, in ~0.3 s of idle time
SLICE_MS = 8.0                # at most this long per idle callback (a click waits no longer)
BOX = "warm-up"


_started: list = []
_finished: list = []


def running() -> bool:
    """The start-up warm-up has begun and not finished.  The replay's coach waits for it:
    until then the interpreter's code runs as the browser's first, unoptimised compilation
    left it, and the coach's verdicts took up to 10× as long (450 ms slices at CPU 4×
    against 13 ms after it; docs/RECORDS.md)."""
    return bool(_started) and not _finished


def start() -> None:
    """Begin when the page is idle; ``body[data-warm]`` says when it is done."""
    if _started:
        return
    _started.append(True)
    dom.detached_root(BOX)        # outside the document: no id or focus of it can be found
    timers.when_idle(_Run().step)


class _Run:
    def __init__(self) -> None:
        from ..games import GAMES
        self.queue = [g for g in GAMES.values() if getattr(g, "bot_levels", None)]
        self.play = None

    def step(self, ms_left: float) -> None:
        end = time.perf_counter() + min(SLICE_MS, max(ms_left, 1.0)) / 1000
        try:
            while time.perf_counter() < end:
                if self.play is None:
                    if not self.queue:
                        return self.finish()
                    self.play = _Play(self.queue.pop(0))
                if not self.play.move():
                    self.play = None
        except Exception as e:  # a warm-up must never stop the page
            print("warm-up stopped:", repr(e))
            return self.finish()
        timers.when_idle(self.step)

    def finish(self) -> None:
        _finished.append(True)
        dom.unmount(BOX)
        dom.forget_memos()
        tab.mark_warm()


class _Play:
    """One game among computer players, its seat 0's screen drawn after every change."""

    def __init__(self, game) -> None:
        from ..i18n import Translator
        from ..session import Table
        from .screens import screen_module
        low = getattr(game, "min_players", 2) or 2
        high = getattr(game, "max_players", 3) or 3
        level = "normal" if "normal" in game.bot_levels else game.bot_levels[0]
        self.game, self.mod, self.t = game, screen_module(game.id), Translator("en")
        self.table = Table(game.id, [{"kind": "bot", "level": level} for _ in range(max(low, min(3, high)))],
                           options=_bot_playable(game), bot_pace=0.0, now_ms=0, seed=1)
        self.table.start(0, allow_empty=True)
        self.now, self.drawn, self.scratch = 0, 0, {}

    def move(self) -> bool:
        """One step of the game; False when this game has done its part."""
        from .context import ScreenContext
        table = self.table
        if table.result is not None or self.drawn >= MOVES_PER_GAME:
            return False
        before = table.version
        wake = table.next_wakeup()
        self.now = max(self.now + 1, wake if wake is not None else self.now + 1000)
        table.tick(self.now)
        if table.version != before:
            game = self.game
            ctx = ScreenContext(game_id=game.id, seat=0, update=dict(table.update_for(0), game=game.id), t=self.t,
                                act=lambda *a, **k: None, toast=lambda *a: None, scratch=self.scratch,
                                now=lambda: self.now, constants=dict(getattr(game, "constants", None) or {}),
                                lang=self.t.lang, seat_colours=getattr(self.mod, "seat_colours", None))
            dom.mount(BOX, self.mod.render(ctx))
            self.drawn += 1
        return True


def _bot_playable(game) -> dict:
    """Options computer players can play with (the game's ``bot_options``: Dohdles' riddles
    on the table, not drawn or photographed)."""
    return {name: fits[0] for name, fits in game.bot_options.items()}


_prepared: set = set()


def prepare(game) -> None:
    """``game.warm_up()``'s steps (tables its computer players would otherwise build in their
    first decisions) in idle time, once per page.  Asked when a table of ``game`` with
    computer players opens, not at start-up: a page that never plays it keeps the memory
    (DODGY's hard reader: 7 MB)."""
    if game.id in _prepared:
        return
    _prepared.add(game.id)
    steps = iter(game.warm_up())

    def step(ms_left: float) -> None:
        end = time.perf_counter() + min(SLICE_MS, max(ms_left, 1.0)) / 1000
        try:
            while time.perf_counter() < end:
                if next(steps, _prepared) is _prepared:
                    return
        except Exception as e:  # only a head start: the bots build what they need anyway
            print("warm-up stopped:", repr(e))
            return
        timers.when_idle(step)
    timers.when_idle(step)
