"""End-to-end fixtures: the built page (dist/) served on loopback, Debian's Chromium driven
by Playwright, and helpers that read what a tab received."""
import functools
import http.server
import json
import os
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
CHROMIUM = os.environ.get("CLUBTABLE_CHROMIUM", "/usr/bin/chromium")
# --disable-dev-shm-usage: CI machines may run in containers whose /dev/shm is 64 MB, which
# three Pyodide tabs overflow; the renderer then dies ("Target crashed").
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--disable-gpu", "--disable-quic", "--disable-dev-shm-usage"]
BOOT_MS = 60_000


# A renderer or browser that dies under it is the machine failing, not the page: such a test
# runs once more; any other failure (an assertion, a timeout) fails at once.
CRASHED = ["Target crashed", "Page crashed", "Target page, context or browser has been closed"]


def skip_or_fail(why: str, what: str) -> None:
    """A browser (or tool) these tests need is missing (``why``, with how to install it):
    skipped on a developer's machine, a failure in CI, which must run every test."""
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"CI runs the {what} tests: {why}", pytrace=False)
        pytest.skip(why)


def stop_process(proc, wait_s: float) -> None:
    """End a helper process the tests started (a browser, a TURN server): politely, then
    for good after ``wait_s``."""
    proc.terminate()
    try:
        proc.wait(wait_s)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=CRASHED))


# Every page of every context any test opens is watched (the browser methods that make a
# context are wrapped once, so contexts a test makes itself and other browsers it launches
# are watched too): an uncaught page error or a console.error fails the test at its
# teardown, unless the test allows that very message with
# ``@pytest.mark.allow_console_errors(r"regex", ..., reason="why this test provokes it")``.
PAGE_ERRORS = []


def _watch(ctx):
    def where(page):
        return page.url if page is not None else "?"

    def on_console(msg):
        if msg.type == "error":
            src = (msg.location or {}).get("url") or ""
            PAGE_ERRORS.append(f"console.error on {where(msg.page)}: {msg.text}" + (f" [{src}]" if src else ""))
    ctx.on("weberror", lambda e: PAGE_ERRORS.append(f"pageerror on {where(e.page)}: {e.error}"))
    ctx.on("console", on_console)
    return ctx


def _watch_all_contexts():
    from playwright.sync_api import Browser, BrowserType
    if getattr(Browser, "_clubtable_watched", False):
        return
    new_context, new_page, persistent = Browser.new_context, Browser.new_page, BrowserType.launch_persistent_context
    Browser.new_context = lambda self, *a, **kw: _watch(new_context(self, *a, **kw))

    def watched_page(self, *a, **kw):
        page = new_page(self, *a, **kw)
        _watch(page.context)
        return page
    Browser.new_page = watched_page
    BrowserType.launch_persistent_context = lambda self, *a, **kw: _watch(persistent(self, *a, **kw))
    Browser._clubtable_watched = True


def pytest_configure(config):
    config.addinivalue_line("markers", "allow_console_errors(*patterns, reason): page or console errors "
                                       "matching one of these regexes do not fail this test (say why)")


def page_errors():
    """The page and console errors of this test so far (a copy)."""
    return list(PAGE_ERRORS)


@pytest.fixture(autouse=True)
def no_page_errors(request):
    _watch_all_contexts()
    PAGE_ERRORS.clear()
    yield
    allowed = []
    for mark in request.node.iter_markers("allow_console_errors"):
        assert mark.kwargs.get("reason"), "allow_console_errors needs a reason"
        allowed += mark.args
    left = [e for e in PAGE_ERRORS if not any(re.search(p, e) for p in allowed)]
    PAGE_ERRORS.clear()
    if left:
        pytest.fail(f"{len(left)} page/console error(s) during the test:\n  " + "\n  ".join(left), pytrace=False)


sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (the served headers, CSP included, are build.py serve's own)


class QuietHandler(build.Handler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def base_url():
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is missing: run `python3 build.py dist` (build.py test does it)")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port),
                                             functools.partial(QuietHandler, directory=str(DIST)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def context(browser):
    ctx = browser.new_context()
    yield ctx
    ctx.close()


def new_tab(context):
    """A new page of ``context`` in a window of its own.  Pages that share a window are
    tabs, and headless Chromium draws only the one in front: the others take a click or a
    mouse move at about one frame a second (0.5-1 s each), which a test of several tabs
    would spend most of its time on.  Windows side by side are all drawn, as on a desk."""
    if not context.pages:
        return context.new_page()           # a context's first page opens a window
    cdp = context.new_cdp_session(context.pages[0])
    try:
        browser_context = cdp.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
    finally:
        cdp.detach()
    session = context.browser.new_browser_cdp_session()
    try:
        with context.expect_page() as opened:
            session.send("Target.createTarget", {"url": "about:blank", "browserContextId": browser_context,
                                                 "newWindow": True})
    finally:
        session.detach()
    return opened.value


def open_page(context, url, errors=None):
    page = new_tab(context)
    page.set_default_timeout(30_000)
    if errors is not None:
        page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
    return page


def tap_shows_made_screen(page, button, shown):
    """Tap ``button`` once the screen it shows is made out of sight, in idle time
    (ui/shell_table.py ``warm_next``, ``warm_likely``), and check the tap moved that
    screen onto the page (one adoption) instead of making it: fewer than a quarter of the
    table's elements made in the tap (made afresh, all of them are; a change that came after
    the screen was made is patched in the tap).  ``shown``: a selector of the screen that
    follows."""
    # idle time comes when the page has nothing else to do: on a busy machine, seconds later
    page.wait_for_function("() => JSON.parse(window.clubtableDebug('next-screen'))", timeout=15_000)
    page.evaluate("() => window.clubtableDebug('dom-reset')")
    page.click(button)
    page.wait_for_selector(shown)
    stats = page.evaluate("() => JSON.parse(window.clubtableDebug('dom'))")
    made = page.evaluate("() => document.querySelectorAll('#table *').length")
    assert stats["adopted"] == 1, stats
    assert made > 100 and stats["createElement"] < made / 4, (made, stats)


def received(page):
    """Every raw message this tab received from its host, parsed."""
    return [json.loads(m) for m in json.loads(page.evaluate("() => window.clubtableDebug('received')"))]


def sent(page):
    return [(peer, json.loads(m)) for peer, m in json.loads(page.evaluate("() => window.clubtableDebug('sent')"))]


def join_from_home(guest, name=None):
    """A guest tab on the home screen takes the first free seat of a table in another tab."""
    if name is not None:
        guest.fill("#join-name", name)
    join = ".open-tables button[data-key^='join-']:not([disabled])"    # by key: any language
    guest.wait_for_selector(join)
    guest.locator(join).first.click()
    guest.wait_for_selector("#lobby")


def open_two_tab_table(context, base_url, set_up, guest_name, errors=None):
    """A host tab sets a table up (``set_up(page)``, one remote seat), a second tab joins it
    from its home screen, and the host starts the game.  Returns ``(host, guest)``."""
    host = open_page(context, base_url, errors)
    set_up(host)
    host.wait_for_selector("#start-table")
    guest = open_page(context, base_url, errors)
    join_from_home(guest, guest_name)
    host.wait_for_selector(f"text={guest_name}")
    host.click("#start-table")
    return host, guest


def open_setup(page, base_url, game, seats, options=None, pace=None):
    """``game``'s set-up screen with exactly ``seats`` (the kinds, in order; the first seat is
    the player's own and keeps its kind), and, when ``options`` is given (``{}`` too), the
    options panel open with those set (``{name: value}``: a select takes the JSON of its
    choice, a field the text), and ``pace`` the computer players' pace ("0.5": quick) when
    given.  The table is not opened: the caller clicks ``#open-table``."""
    page.goto(base_url + f"#/{game}")
    page.wait_for_selector("#setup-form")
    while page.locator(".seat-row").count() > len(seats):
        page.click(f"[data-key='rm-{page.locator('.seat-row').count() - 1}']")
    while page.locator(".seat-row").count() < len(seats):
        page.click("#add-seat")
    for i, kind in enumerate(seats):
        if i:
            page.select_option(f"#seat-kind-{i}", kind)
    if pace is not None:
        page.select_option("#bot-pace", pace)
    if options is not None:
        if not page.locator("#setup-form details[open]").count():
            page.click("#setup-form summary")
        for name, value in options.items():
            sel = f"#opt-{name}"
            if page.locator(f"select{sel}").count():
                page.select_option(sel, str(value))
            else:
                page.fill(sel, str(value))
