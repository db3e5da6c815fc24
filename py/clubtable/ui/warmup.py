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

from . import collector, dom
from .browser import js_object, lasting, tab, timers, window

MOVES_PER_GAME = 12           # drawn moves per game: enough for the compiler, in ~0.3 s of idle time
SLICE_MS = 8.0                # no step starts after this long in one idle callback (one begun runs to its end)
QUIET_MS = 500                # after a player's tap or key, the warm-up waits this long before going on
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
    run = _Run()
    run.listen()
    timers.when_idle(run.step)


class _Run:
    """The warm-up in small steps (a table's set-up, one tick, one screen built, one patch:
    each a few ms at full speed, where a computer's move drawn whole took up to 80), each
    slice of idle time as many as fit; a step never starts while input waits
    (``navigator.scheduling.isInputPending`` where the browser has it) nor within
    ``QUIET_MS`` of a player's tap or key.  What a step already running costs, a tap waits
    for: at CPU 4× a whole move was a long task of up to 320 ms in the first seconds after
    start-up (docs/PERFORMANCE.md)."""

    def __init__(self) -> None:
        self.steps = _steps()
        self.last_input = -1e9
        self.resting = False
        self.proxy = None
        scheduling = getattr(getattr(window, "navigator", None), "scheduling", None)
        self.pending = getattr(scheduling, "isInputPending", None)

    def listen(self) -> None:
        self.proxy = lasting(self.heard)
        for kind in ("pointerdown", "keydown"):
            window.addEventListener(kind, self.proxy, js_object({"capture": True, "passive": True}))

    def heard(self, *_) -> None:
        self.last_input = time.perf_counter()

    def input_waits(self) -> bool:
        if (time.perf_counter() - self.last_input) * 1000 < QUIET_MS:
            return True
        try:
            return bool(self.pending()) if self.pending is not None else False
        except Exception:      # a browser that lists it and refuses it: go by the taps alone
            self.pending = None
            return False

    def step(self, ms_left: float) -> None:
        self.resting = False
        end = time.perf_counter() + min(SLICE_MS, max(ms_left, 1.0)) / 1000
        try:
            while time.perf_counter() < end:
                if self.input_waits():
                    return self.rest()
                if next(self.steps, _finished) is _finished:
                    return self.finish()
        except Exception as e:  # a warm-up must never stop the page
            print("warm-up stopped:", repr(e))
            return self.finish()
        collector.after_draw()
        timers.when_idle(self.step)

    def rest(self) -> None:
        """Go on in idle time once the player has let the page be for ``QUIET_MS``."""
        if not self.resting:
            self.resting = True
            timers.later(QUIET_MS, lambda: timers.when_idle(self.step))

    def finish(self) -> None:
        _finished.append(True)
        if self.proxy is not None:
            for kind in ("pointerdown", "keydown"):
                window.removeEventListener(kind, self.proxy, js_object({"capture": True}))
        dom.unmount(BOX)
        dom.forget_memos()
        collector.settle()          # what the warm-up left (screens imported, caches) set aside too
        tab.mark_warm()


def _steps():
    """Every game's rules imported (the snapshot leaves them out: games/__init__.py) and its
    screen module (the set-up screen asks for both, so a first tap on a game no longer waits
    for them), each a step of its own, then the moves of every game with computer players
    among them, seat 0's screen built and patched after every change; one small step per
    ``next``."""
    from ..games import GAMES
    from ..i18n import Translator
    from ..session import Table
    from .context import ScreenContext
    from .screens import screen_module
    t = Translator("en")
    yield None, "imports"
    games = []
    for game_id in GAMES:
        games.append(GAMES[game_id])
        yield game_id, "rules"
        screen_module(game_id)
        yield game_id, "screen"
    for game in games:
        if not getattr(game, "bot_levels", None):
            continue
        mod = screen_module(game.id)
        low = getattr(game, "min_players", 2) or 2
        high = getattr(game, "max_players", 3) or 3
        level = game.bot_levels[0]        # the quickest to decide: a step of its own is short too
        table = Table(game.id, [{"kind": "bot", "level": level} for _ in range(max(low, min(3, high)))],
                      options=_bot_playable(game), bot_pace=0.0, now_ms=0, seed=1)
        yield game.id, "table"
        table.start(0, allow_empty=True)
        yield game.id, "start"
        now, drawn, scratch = 0, 0, {}
        while table.result is None and drawn < MOVES_PER_GAME:
            before = table.version
            wake = table.next_wakeup()
            now = max(now + 1, wake if wake is not None else now + 1000)
            table.tick(now)
            yield game.id, "tick"
            if table.version != before:
                ctx = ScreenContext(game_id=game.id, seat=0, update=dict(table.update_for(0), game=game.id), t=t,
                                    act=lambda *a, **k: None, toast=lambda *a: None, scratch=scratch,
                                    now=lambda now=now: now, constants=dict(getattr(game, "constants", None) or {}),
                                    lang=t.lang, seat_colours=getattr(mod, "seat_colours", None))
                tree = mod.render(ctx)
                yield game.id, "render"
                dom.mount(BOX, tree)
                drawn += 1
                yield game.id, "mount"


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
