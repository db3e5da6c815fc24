"""Copying a code (ui.browser.sharing.copy_text): the player always gets exactly one answer,
also when the browser's clipboard never answers."""
import sys

import pytest

import fake_dom


class Promise:
    """A clipboard promise the test settles (or never does)."""

    def __init__(self):
        self.ok = self.err = None

    def then(self, ok, err):
        self.ok, self.err = ok, err


class Clipboard:
    def __init__(self):
        self.promise = Promise()

    def writeText(self, text):
        self.text = text
        return self.promise


@pytest.fixture
def page():
    """``clubtable.ui.browser.sharing`` on a fake page with a clipboard the test answers, a
    field ``code`` the old copy command copies, and the timers asked for (not run)."""
    doc, _dom = fake_dom.install()
    js = sys.modules["js"]
    timers = []
    js.setTimeout = lambda fn, ms, *args: timers.append((ms, fn, args))
    js.navigator = type("Navigator", (), {"clipboard": Clipboard()})()
    doc.execCommand = lambda command: True
    field = doc.createElement("textarea")
    field.setAttribute("id", "code")
    field.select = lambda: None
    doc.body.appendChild(field)
    fake_dom.forget("clubtable.ui.browser.sharing")
    from clubtable.ui.browser import sharing
    try:
        yield sharing, timers, js.navigator
    finally:
        fake_dom.forget("clubtable.ui.browser.sharing")
        fake_dom.uninstall()


def _fire(timers):
    for ms, fn, args in list(timers):
        fn(*args)


def test_a_clipboard_that_never_answers_still_gets_the_player_an_answer(page):
    sharing, timers, navigator = page
    clip = navigator.clipboard
    heard = []
    sharing.copy_text("CODE", heard.append, "code")
    assert clip.text == "CODE" and heard == []
    assert [ms for ms, *_ in timers] == [sharing.COPY_WAIT_MS]
    _fire(timers)                                    # no answer in time: the old copy command
    assert heard == ["copied"]
    clip.promise.ok()                                # a late answer says nothing more
    assert heard == ["copied"]


def test_a_clipboard_that_answers_is_heard_once(page):
    sharing, timers, navigator = page
    heard = []
    sharing.copy_text("CODE", heard.append, "code")
    navigator.clipboard.promise.ok()
    _fire(timers)
    assert heard == ["copied"]
    heard.clear()
    navigator.clipboard = Clipboard()
    sharing.copy_text("CODE", heard.append, None)
    navigator.clipboard.promise.err("NotAllowedError")   # refused: nothing to select either
    _fire(timers)
    assert heard == ["selected"]
