"""Copying a code (ui.browser.sharing.copy_text): the player always gets exactly one answer,
also when the browser's clipboard never answers (WebKitGTK's, its window not focused)."""
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


def _sharing(clipboard):
    doc, _dom = fake_dom.install()
    import sys
    js = sys.modules["js"]
    timers = []
    js.setTimeout = lambda fn, ms, *args: timers.append((ms, fn, args))
    js.navigator = type("Navigator", (), {"clipboard": clipboard})()
    doc.execCommand = lambda command: True
    field = doc.createElement("textarea")
    field.setAttribute("id", "code")
    field.select = lambda: None
    doc.body.appendChild(field)
    fake_dom.forget("clubtable.ui.browser.sharing")
    from clubtable.ui.browser import sharing
    return sharing, timers


def _fire(timers):
    for ms, fn, args in list(timers):
        fn(*args)


def test_a_clipboard_that_never_answers_still_gets_the_player_an_answer():
    clip = Clipboard()
    try:
        sharing, timers = _sharing(clip)
        heard = []
        sharing.copy_text("CODE", heard.append, "code")
        assert clip.text == "CODE" and heard == []
        assert [ms for ms, *_ in timers] == [sharing.COPY_WAIT_MS]
        _fire(timers)                                    # no answer in time: the old copy command
        assert heard == ["copied"]
        clip.promise.ok()                                # a late answer says nothing more
        assert heard == ["copied"]
    finally:
        fake_dom.forget("clubtable.ui.browser.sharing")
        fake_dom.uninstall()


def test_a_clipboard_that_answers_is_heard_once():
    clip = Clipboard()
    try:
        sharing, timers = _sharing(clip)
        heard = []
        sharing.copy_text("CODE", heard.append, "code")
        clip.promise.ok()
        _fire(timers)
        assert heard == ["copied"]
        heard.clear()
        clip2 = Clipboard()
        import sys
        sys.modules["js"].navigator.clipboard = clip2
        sharing.copy_text("CODE", heard.append, None)
        clip2.promise.err("NotAllowedError")             # refused: nothing to select either
        _fire(timers)
        assert heard == ["selected"]
    finally:
        fake_dom.forget("clubtable.ui.browser.sharing")
        fake_dom.uninstall()
