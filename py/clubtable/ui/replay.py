"""The replay screen (``#/replay``): a game record stepped through move by move, each step drawn
by the game's own screen (``render(ctx)``) from the view of a seat the viewer picks, or the
all-seeing view once the game is over; first / back / forward / last, play at a chosen speed,
the keyboard (←/→, Home/End, Space), and the events in words beside, the current one marked.
A real-time game (Wie Waldi) plays on its logged times, scaled by the speed.

The replayed screen is inert: its context sends nothing, announces nothing, and the board is
an ``inert`` element (no button in it can be pressed or focused).  Pictures come from the record.

The coach (``Game.review_steps``) runs beside it one verdict per idle slice, with a progress
line, so a click is never kept waiting; Dobbelduel's and DODGY's verdicts show by their events
with the better choice in words, and every game's summary below (docs/RECORDS.md).
"""
from __future__ import annotations

from typing import Optional

from ..session import record as rec
from . import dom
from .browser import focus, tab, timers
from .context import ScreenContext
from .dom import h

# Texts: replay.* and coach.* in the shell catalogue (locale/<lang>/LC_MESSAGES/clubtable.po).

SPEEDS = (0.5, 1, 2, 4)
STEP_MS = 1200            # a turn-based game's step at speed 1
WALDI_MS = (80, 4000)     # a real-time step's pause at speed 1: its logged time, within these
SLICE_MS = 12             # the coach's verdicts are made while at least this much idle time is left


def _noop(*_a, **_k):
    return None


def _no_move(*_a, **_k):
    """A replayed screen's ``act``: the game is over or past; nothing is sent."""
    return None


class Viewer:
    """One record being replayed: where it stands, who it is seen by, and the coach's work."""

    def __init__(self, replay, label: str = "") -> None:
        self.replay = replay
        self.game = replay.game
        self.record = replay.record
        self.step = 0
        self.last = len(replay) - 1
        # the first player at the device (not a computer) by default
        people = [p["seat"] for p in replay.record["players"] if not p["computer"]]
        self.seat: Optional[int] = people[0] if people else 0
        self.playing = False
        self.speed = 1
        self.timer = 0                # bumps on every start/stop: a stale timer does nothing
        self.scratch: dict = {}
        self.label = label
        self.coach_steps = replay.game.review_steps(replay)
        self.coached: Optional[dict] = None
        self.coach_at = 0             # the log index the coach has reached
        self.coach_done = False
        self.events = replay.events()
        self.pictures = replay.pictures()

    # ------------------------------------------------------------------ moving
    def go(self, step: int) -> None:
        self.step = max(0, min(self.last, int(step)))

    def seen_by(self) -> Optional[int]:
        """The seat whose view is drawn (None: the table's public view, and at the end of a
        finished game the all-seeing one)."""
        return self.seat

    def view(self) -> dict:
        if self.seat is None and self.step == self.last and self.replay.over:
            return self.replay.end_view()
        return self.replay.view(self.step, self.seat)

    def pause_ms(self) -> int:
        """How long the step now shown stays when playing."""
        if self.game.realtime and self.step < self.last:
            log = self.record["log"]
            before = log[self.step - 1][2] if self.step > 0 else self.record["t0"]
            gap = log[self.step][2] - before
            return int(max(WALDI_MS[0], min(WALDI_MS[1], gap)) / self.speed)
        return int(STEP_MS / self.speed)

    # ------------------------------------------------------------------ the coach
    def coach_some(self, ms_left: float) -> bool:
        """Make verdicts while the idle slice lasts (at least one); True when finished."""
        import time
        end = time.perf_counter() + max(0.0, ms_left - SLICE_MS) / 1000.0
        while not self.coach_done:
            try:
                # -1: a piece before the next verdict (a table, a reading): no step further
                self.coach_at = max(self.coach_at, next(self.coach_steps) + 1)
            except StopIteration as done:
                self.coached = done.value
                self.coach_done = True
                self.coach_at = len(self.events)
            if time.perf_counter() >= end:
                break
        return self.coach_done

    def verdicts(self) -> dict:
        """``{log index: rated decision}`` of a finished coach's report."""
        got = self.coached or {}
        out = {}
        for d in got.get("decisions", ()):
            out[d["step"]] = d
        for m in got.get("matches", ()):
            for d in m.get("efforts", ()):
                out[d["step"]] = d
        return out


_viewer: list = [None]
_keys_bound = [False]


def open_replay(app, replay, label: str = "") -> None:
    """Show ``replay`` on the ``#/replay`` screen; the coach starts in the page's idle time."""
    old = _viewer[0]
    if old is not None:
        old.timer += 1                # its playing stops
    v = _viewer[0] = Viewer(replay, label)
    if not _keys_bound[0]:
        _keys_bound[0] = True
        tab.on_window("keydown", lambda e: _key(app, e))
    _coach_later(app, v)
    app.go("#/replay")


def _coach_later(app, v: Viewer) -> None:
    def run(ms_left):
        if _viewer[0] is not v or v.coach_done:
            return
        from . import warmup          # here, not at the top: unit tests import the DOM modules afresh
        if warmup.running():          # the interpreter still cold: see warmup.running
            timers.when_idle(run, 500)
            return
        done = v.coach_some(ms_left)
        if app.route == "#/replay":
            app.render()
        if not done:
            timers.when_idle(run, 500)
    timers.when_idle(run, 500)


def replay_button(app):
    """The result's "Replay this game": the table's game, from its record, on this device
    (the host's, or a guest's once its check of the end held)."""
    ctl = app.ctl
    if ctl is None or not ctl.has_finished_record():
        return None

    def replay(_e):
        made = ctl.finished_record()         # made on the click (or already, in idle time)
        if made is None:
            app.toast(app.t("record.not_made"))
            return
        reading = rec.read_record(rec.write_record(made))
        if reading.opened:
            open_replay(app, reading.replay)
        else:
            app.toast(app.t(reading.key, **reading.params))
    return h("button", app.t("replay.open"), id="replay-game", on_click=replay)


# ------------------------------------------------------------------ moving, from the page
def _move(app, v: Viewer, step: int, stop: bool = True) -> None:
    if stop and v.playing:
        v.playing = False
        v.timer += 1
    v.go(step)
    app.render()
    _show_current()


def _show_current() -> None:
    """The current event in view in the timeline's own scroll box, the page left where it is."""
    timers.soon(lambda: focus.scroll_within("#replay-timeline", "#replay-timeline li.current"))


def _toggle(app, v: Viewer) -> None:
    v.timer += 1
    v.playing = not v.playing
    if v.playing:
        if v.step >= v.last:
            v.go(0)
        _tick(app, v, v.timer)
    app.render()


def _tick(app, v: Viewer, timer: int) -> None:
    def next_step():
        if _viewer[0] is not v or v.timer != timer or not v.playing:
            return
        v.go(v.step + 1)
        _show_current()
        if v.step >= v.last:
            v.playing = False
        elif app.route == "#/replay":
            _tick(app, v, timer)
        else:
            v.playing = False          # the viewer left: nothing runs on
        app.render()
    timers.later(v.pause_ms(), next_step)


def _key(app, e) -> None:
    v = _viewer[0]
    if v is None or app.route != "#/replay" or focus.is_typing():
        return
    key = str(getattr(e, "key", ""))
    if getattr(e, "ctrlKey", False) or getattr(e, "altKey", False) or getattr(e, "metaKey", False):
        return
    tag = dom.target_tag(e)
    if tag == "select":                # its own arrows pick a seat or a speed
        return
    moves = {"ArrowLeft": v.step - 1, "ArrowRight": v.step + 1, "Home": 0, "End": v.last}
    if key in moves:
        e.preventDefault()
        _move(app, v, moves[key])
    elif key == " " and tag not in ("button", "select", "a"):    # a focused button's Space is its own
        e.preventDefault()
        _toggle(app, v)


# ------------------------------------------------------------------ drawing
def render(app):
    """The ``#/replay`` route."""
    t = app.t
    v = _viewer[0]
    if v is None:
        return h("section", h("h1", t("replay.title_none")), h("p", t("replay.none"), id="replay-none"),
                 h("p", h("a", t("record.open_link"), href="#/open")), id="replay", cls="screen replay")
    game = v.game
    names = [p["name"] for p in v.record["players"]]
    seats = [{"name": p["name"], "kind": "bot" if p["computer"] else "local"} for p in v.record["players"]]
    seat = v.seen_by()
    at_end = v.step == v.last
    result = game.result(v.replay.states[v.step]) if at_end else None
    update = {"view": v.view(), "seats": seats, "result": result, "legal": [], "moves": [], "awaited": []}
    mod = app.screen_module(game.id)
    pictures = v.pictures

    def picture(ref):
        found = pictures.get(ref)
        if found is None:
            return None
        from ..net import browser
        return browser.object_url(ref, *found)
    ctx = ScreenContext(game_id=game.id, seat=seat, update=update, t=app.t, act=_no_move, toast=_noop,
                        announce=_noop, scratch=v.scratch, constants=dict(getattr(game, "constants", None) or {}),
                        lang=app.t.lang, keep_parts=False, asset_url=picture, now=lambda: _step_time(v),
                        replay=True, seat_colours=getattr(mod, "seat_colours", None))
    board = mod.render(ctx)
    return h("section",
             h("header", h("h1", t("replay.title", game=game.title)),
               h("p", t("record.players", names=", ".join(names)), id="replay-players", cls="muted"),
               cls="play-head"),
             _controls(app, v, names),
             h("div",
               h("div", board, cls="board replay-board", id="board", inert=True, aria_label=t("replay.board")),
               h("aside", _timeline(app, v), _coach(app, v, names), cls="replay-side"),
               cls="replay-body"),
             h("p", h("a", t("record.home"), href="#/"), cls="back"),
             cls=f"screen replay game-{game.id}", id="replay", data_step=v.step, data_steps=v.last,
             data_seat="all" if seat is None else seat)


def _step_time(v: Viewer) -> int:
    """The game's clock at the step shown (so a countdown shows what was left then)."""
    log = v.record["log"]
    return log[v.step - 1][2] if v.step > 0 else v.record["t0"]


def _controls(app, v: Viewer, names: list):
    t = app.t

    def b(label, key, step, disabled):
        return h("button", label, data_key=key, id=f"replay-{key}", disabled=disabled,
                 aria_label=t(f"replay.{key}"), on_click=lambda e: _move(app, v, step))

    def pick_seat(e):
        value = dom.value_of(e)
        v.seat = None if value == "all" else int(value)
        v.scratch.clear()
        app.render()

    def pick_speed(e):
        v.speed = float(dom.value_of(e))
        if v.playing:                          # the next step comes at the new speed
            v.timer += 1
            _tick(app, v, v.timer)
        app.render()
    seat_opts = [h("option", n, value=str(i), selected=v.seat == i, key=f"s{i}") for i, n in enumerate(names)]
    if v.replay.over:
        seat_opts.append(h("option", t("replay.all"), value="all", selected=v.seat is None, key="all"))
    return h("div",
             h("div",
               b("«", "first", 0, v.step == 0),
               b("‹", "back", v.step - 1, v.step == 0),
               h("button", t("replay.pause" if v.playing else "replay.play"), id="replay-play", data_key="play",
                 cls="primary", aria_pressed="true" if v.playing else "false", on_click=lambda e: _toggle(app, v)),
               b("›", "forward", v.step + 1, v.step >= v.last),
               b("»", "last", v.last, v.step >= v.last),
               h("span", t("replay.step", step=v.step, steps=v.last), id="replay-step", role="status"),
               cls="replay-buttons", role="group", aria_label=t("replay.controls")),
             h("div",
               h("label", t("replay.seen_by"), " ",
                 h("select", seat_opts, id="replay-seat", on_change=pick_seat)),
               " ",
               h("label", t("replay.speed"), " ",
                 h("select", [h("option", f"{s:g}×", value=str(s), selected=v.speed == s, key=f"v{s}")
                              for s in SPEEDS], id="replay-speed", on_change=pick_speed)),
               cls="replay-options"),
             h("p", t("replay.keys"), cls="muted small", id="replay-keys"),
             cls="replay-controls")


def _timeline(app, v: Viewer):
    t = app.t
    lang = t.lang
    verdicts = v.verdicts()
    items = [h("li", h("button", t("replay.start"), cls="event", on_click=lambda e: _move(app, v, 0),
                       aria_current="step" if v.step == 0 else None),
               cls="current" if v.step == 0 else None, key="ev-start")]
    for i, (key, params) in enumerate(v.events):
        here = v.step == i + 1
        rated = verdicts.get(i)
        items.append(h("li",
                       h("button", rec.sentence(lang, key, params), cls="event",
                         aria_current="step" if here else None,
                         on_click=lambda e, s=i + 1: _move(app, v, s)),
                       _verdict(app, v, i, rated, here) if rated else None,
                       cls="current" if here else None, key=f"ev-{i}", data_event=i))
    # room for the numbers: a real-time game has hundreds of events (the third digit was cut off)
    digits = len(str(len(items)))
    return h("section", h("h2", t("record.timeline")),
             h("ol", items, cls=f"timeline digits-{min(5, max(2, digits))}", id="replay-timeline"),
             cls="replay-timeline")


def _verdict(app, v: Viewer, i: int, rated: dict, here: bool = False):
    t = app.t
    kind = rated["verdict"]
    better = None
    if rated.get("best"):
        better = t("coach.better", move=_in_words(app, v, i, rated["best"]))
    # the game's own figures for this decision (Game.review_note), each a line of its own, by
    # the current event only: by every event they crowd a phone's timeline to one event a view
    figures = []
    if here:
        names = [p["name"] for p in v.record["players"]]
        figures = [h("span", rec.sentence(t.lang, key, params), cls="coach-figure", key=f"f{j}")
                   for j, (key, params) in enumerate(v.game.review_note(rated, names))]
    return h("div", h("span", t(f"coach.verdict.{kind}"), cls=f"verdict {kind}", data_verdict=kind),
             " ", h("span", better, cls="better") if better else None, *figures, cls="coach-note")


def _in_words(app, v: Viewer, i: int, action: dict) -> str:
    """The better choice at log entry ``i``, said as the timeline would say it."""
    seat, _action, now = v.record["log"][i]
    before = v.replay.states[i]
    try:
        after = v.game.apply(before, seat, action, now)
        key, params = v.game.describe(before, seat, action, after)
    except Exception:           # a choice the rules would not take as it stands: its kind alone
        key, params = v.game.describe(before, seat, action, before)
    return rec.sentence(app.t.lang, key, params)


def _coach(app, v: Viewer, names: list):
    t = app.t
    if not v.game.coach:
        return None
    if not v.coach_done:
        total = max(1, len(v.events))
        body = [h("p", t("coach.progress", percent=int(100 * v.coach_at / total)), id="coach-progress",
                  role="status", cls="muted")]
    else:
        body = summary(t.lang, v.game, v.coached or {}, names) or [h("p", t("coach.nothing"), id="coach-nothing")]
    return h("section", h("h2", t("coach.title")), body, cls="coach", id="coach",
             data_done="1" if v.coach_done else "0")


def summary(lang: str, game, report: dict, names: list) -> list:
    """The coach's summary in words (``Game.review_summary``): one line per player, match or riddle."""
    lines = [rec.sentence(lang, key, params) for key, params in game.review_summary(report, names)]
    return [h("ul", [h("li", line, key=f"c{i}") for i, line in enumerate(lines)], id="coach-summary")] if lines else []
