"""The app's shell without a page, for unit tests of whole screens: a fake DOM with a clock
the test moves, a hosted table's controller, and ``App`` made without its constructor (which
needs the browser)."""
import types

import fake_dom


class Lobby:
    """The same-browser lobby channel, which these tests never use."""

    def announce(self):
        pass

    def gone(self, table_id):
        pass


def fake_page(monkeypatch, modules):
    """Install the fake DOM (``modules`` imported afresh over it); yields the page's parts.
    Use as the body of a pytest fixture: ``yield from fake_page(monkeypatch, MODULES)``."""
    doc, dom = fake_dom.install()
    # the result screen's look back (records, replay) times work for idle time: bound afresh too
    modules = (*modules, "clubtable.ui.records", "clubtable.ui.replay")
    fake_dom.forget(*modules)
    clock = types.SimpleNamespace(now=1_000)
    dom.window.setTimeout = lambda fn, ms, *args: None
    dom.window.addEventListener = lambda event, fn: None
    from clubtable.ui.browser import timers
    timers.now_ms = lambda: clock.now
    from clubtable.ui import controllers
    monkeypatch.setattr(controllers.asyncio, "ensure_future", lambda coro: coro.close())
    yield types.SimpleNamespace(dom=dom, doc=doc, clock=clock, controllers=controllers)
    fake_dom.forget(*modules)
    fake_dom.uninstall()


def host(page, table):
    return page.controllers.HostTable(table, Lobby(), on_change=lambda: None)


def shell(ctl):
    """The app's screens over ``ctl`` (drawing returns trees; nothing is mounted)."""
    from clubtable.i18n import Translator
    from clubtable.ui.app import App
    app = App.__new__(App)
    app.t = Translator("en")
    app.screen_state, app.news_heard = {}, {}
    app.keep_focus_on = app.focus_kept = None
    app.result_said = app.focus_after = app.news_at = None
    app.confirm_leave = False
    app.next_screen = app.likely_due = None   # no screen made out of sight (warm_next, warm_likely)
    app.scanner = None                  # no camera looking (ui/scan.py)
    app.held_notes = []                 # no note waiting for the game's end (App.note)
    app.result_notes = []               # no note shown as a line of the result
    app.notes_shown, app.toasts, app.toast_shown, app.refused, app.toast_text = set(), [], {}, set(), None
    app.render = lambda *a: None
    app.announce = app.toast = lambda *a: None
    app.refuse = lambda r: None
    app.ctl = ctl
    return app


def run_alone(coro):
    """Run ``coro`` to its end on an event loop of its own, in a thread of its own: in the
    whole suite the end-to-end tests run first in this process, and Playwright's loop is
    then still running in the main thread (``asyncio.run`` refuses to start there)."""
    import asyncio
    import threading
    failed = []

    def run():
        try:
            asyncio.run(coro)
        except BaseException as e:          # re-raised in the test's own thread
            failed.append(e)
    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
