"""Game records in the shell: "Save this game" on a finished table's result (the host's, which
holds the whole game, or a guest's, from the seed and log the host reveals at the end) and
the ``#/open`` page, which opens a record from a file input or a file dropped on it, replays
it and says whether its final state matches (docs/RECORDS.md).  Its "Replay this game" opens
the replay screen (ui/replay.py); this page lists the game's events in words, and this
device's finished games (session/history.py), each to replay, save or delete.  Every text from the file (names, the game's lines) is set as text, never markup.
"""
from __future__ import annotations

import time

from ..games import GAMES
from ..session import history, record
from .browser import files, timers
from . import replay as replays
from . import storage
from .dom import h

# Texts: record.* in the shell catalogue (locale/<lang>/LC_MESSAGES/clubtable.po).

_opened = [None]          # the last Reading this page opened (one at a time)
_kept: set = set()        # tables this tab has already offered to the list (no storage read per redraw)


def _history():
    return history.History(storage.BrowserStore(storage.LOCAL))


def keep_finished(app) -> None:
    """A table this tab played (hosted, or as a guest whose check of the end held) that has
    ended goes into this device's list of finished games, once; when it cannot be kept (too
    big, the store full) the player is told once, and the table itself is untouched.

    Asked while the result is drawn, it works in idle time: making the record replays the
    whole game (milliseconds on a phone), which the click that ended the game must not wait
    for."""
    ctl = app.ctl
    table_id = getattr(ctl, "table_id", None)
    if ctl is None or table_id is None or table_id in _kept or not ctl.has_finished_record():
        return
    _kept.add(table_id)
    _waiting[table_id] = (app, ctl)
    timers.when_idle(lambda _ms_left: _keep_waiting(table_id))


_waiting: dict = {}       # table id -> (app, controller): finished games not yet in the list


def _keep_waiting(*table_ids) -> None:
    """Put these finished games (all that wait, if none is named) into the device's list."""
    for table_id in table_ids or list(_waiting):
        app_ctl = _waiting.pop(table_id, None)
        if app_ctl is not None:
            _keep(*app_ctl, table_id)


def _keep(app, ctl, table_id) -> None:
    try:
        rec = ctl.finished_record()
    except Exception:        # the list is a convenience: it must never break the result screen
        return
    if rec is None:
        return
    try:
        got = _history().keep(table_id, rec, time.time())
    except Exception:
        got = history.FULL
    if got in (history.TOO_BIG, history.FULL) and app.ctl is ctl:
        app.toast(app.t("record.not_kept"))


def file_name(game_id: str, now_s: float) -> str:
    """``clubtable-<game>-<YYYY-MM-DD-HHMM>.json`` (UTC): sorts by date in a folder."""
    return f"clubtable-{game_id}-{time.strftime('%Y-%m-%d-%H%M', time.gmtime(now_s))}.json"


def save_button(app):
    """The result's "Save this game": the host's, or a guest's once its check of the end held."""
    ctl = app.ctl
    if ctl is None or not ctl.has_finished_record():
        return None

    def save(_e):
        rec = ctl.finished_record()          # made on the click (or already, in idle time)
        if rec is None:
            app.toast(app.t("record.not_made"))
            return
        files.save_file(file_name(rec["game"], time.time()), record.write_record(rec), "application/json")
        app.toast(app.t("record.saved"))
    return h("button", app.t("record.save"), id="save-record", on_click=save)


def home_link(app):
    """The home screen's way to the ``#/open`` page."""
    return h("p", h("a", app.t("record.open_link"), href="#/open", id="open-link"), cls="open-link")


def opened(app, data) -> None:
    """A file's bytes (None: too big or unreadable) read and replayed; the page redrawn."""
    reading = record.read_record(data) if data is not None else record.Reading(record.DAMAGED, "unreadable")
    _opened[0] = reading
    app.announce(app.t(reading.key, **reading.params))
    app.render()


def render(app):
    """The ``#/open`` route."""
    t = app.t

    def chosen(e):
        files.file_bytes(e.target.files, record.MAX_RECORD_BYTES, lambda data: opened(app, data))

    def over(e):
        e.preventDefault()                     # a drop is allowed here

    def dropped(e):
        e.preventDefault()
        files.file_bytes(e.dataTransfer.files, record.MAX_RECORD_BYTES, lambda data: opened(app, data))

    reading = _opened[0]
    body = [h("h1", t("record.open_title")),
            h("p", t("record.open_hint"), cls="muted", id="open-hint"),
            # a button in the page's language (the browser's own file field speaks the
            # browser's, and its button is smaller than a finger)
            h("div", h("label", t("record.choose_file"),
                       h("input", type="file", id="open-record", accept=".json,application/json",
                         aria_describedby="open-hint", cls="sr-only", on_change=chosen),
                       cls="button"),
              cls="field drop-zone", id="drop-zone", on_dragover=over, on_drop=dropped)]
    if reading is not None:
        good = reading.code == record.OK
        body.append(h("p", t(reading.key, **reading.params), id="record-status", role="status",
                      cls="ok" if good else ("warn" if reading.opened else "error"), data_code=reading.code))
        if reading.opened:
            body += _summary(app, reading)
    body.append(_finished_list(app))
    body.append(h("p", h("a", t("record.home"), href="#/"), cls="back"))
    return h("section", body, id="open", cls="open-record")


def _finished_list(app):
    """This device's finished games, newest first: each replays from its stored record, read
    by the same strict reader as a file."""
    _keep_waiting()           # a game that ended a moment ago is listed too
    t = app.t
    hist = _history()

    def replay(tid):
        text = hist.record_text(tid)        # None: deleted in another tab meanwhile
        reading = record.read_record(text.encode("utf-8") if text is not None else b"")
        if reading.opened:
            replays.open_replay(app, reading.replay)
        else:
            app.toast(t(reading.key, **reading.params))

    def save(tid, game_id, at):
        text = hist.record_text(tid)
        if text is not None:
            files.save_file(file_name(game_id, at), text.encode("utf-8"), "application/json")
            app.toast(t("record.saved"))

    def delete(tid):
        hist.delete(tid)
        app.announce(t("record.deleted"))
        app.render()

    items = []
    for tid, e in hist.entries():
        game = GAMES.get(e["game"])
        title = game.title if game is not None else e["game"]
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(e["at"]))
        winners = ", ".join(e["winners"])
        items.append(h("li",
                       h("strong", title, cls="finished-game"), " · ", h("span", when, cls="finished-date"),
                       h("br"), h("span", t("record.players", names=", ".join(e["players"])), cls="finished-players"),
                       h("br") if winners else None,
                       h("span", t("result.winners", names=winners, n=len(e["winners"])), cls="finished-winners") if winners else None,
                       h("div",
                         h("button", t("replay.open"), cls="primary finished-replay",
                           on_click=lambda _e, tid=tid: replay(tid)), " ",
                         h("button", t("record.save"), cls="finished-save",
                           on_click=lambda _e, tid=tid, g=e["game"], at=e["at"]: save(tid, g, at)), " ",
                         h("button", t("record.delete"), cls="finished-delete",
                           on_click=lambda _e, tid=tid: delete(tid)),
                         cls="actions"),
                       key=f"fin-{tid}", data_table=tid, cls="finished"))
    return h("div", h("h2", t("record.finished_title")),
             h("ol", items, id="finished-list", cls="finished-list") if items
             else h("p", t("record.finished_none"), cls="muted", id="finished-none"),
             id="finished")


def _summary(app, reading) -> list:
    t = app.t
    replay = reading.replay
    game = GAMES[reading.record["game"]]
    names = ", ".join(p["name"] for p in reading.record["players"])
    lang = t.lang
    lines = replay.timeline(lang)
    return [h("h2", game.title, id="record-game"),
            h("p", t("record.players", names=names), id="record-players"),
            h("p", h("button", t("replay.open"), id="replay-record", cls="primary",
                     on_click=lambda e: replays.open_replay(app, replay))),
            h("h3", t("record.timeline")),
            h("ol", [h("li", line, key=f"ev-{i}") for i, line in enumerate(lines)], id="record-timeline",
              cls="timeline")]
