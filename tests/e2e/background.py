"""A Chromium in which a tab can really go to the background (hidden, its timers throttled,
frozen on demand), for the host-that-sleeps test and ``bench/sleep.py --how background``.

Under ``playwright.chromium.launch`` no page is ever hidden, whatever the window: Playwright
turns on focus emulation for every page it drives (``Emulation.setFocusEmulationEnabled``),
which in Chromium counts as a capturer of the page and keeps it "visible"; its launch
switches also turn timer throttling and renderer backgrounding off.  So here Chromium is
started as a user would start it (no such switches, headless, a debugging port) and
Playwright attaches with ``connect_over_cdp(no_defaults=True)``, which leaves the default
context's pages alone.  Then a page whose window is minimised (``hide``), or that has another
tab in front of it, is hidden as in a user's browser: ``visibilityState`` "hidden", a
``visibilitychange``, chained timers run once a second, and ``Page.setWebLifecycleState
("frozen")`` is honoured (measured, Chromium 156: a 100 ms timer chain ran every 1,000 ms
hidden, 0 times in 3 s frozen)."""
import contextlib
import re
import shutil
import subprocess
import tempfile
import threading

from .conftest import ARGS, CHROMIUM, _watch, stop_process


@contextlib.contextmanager
def hideable_context(chromium):
    """``(browser, context)``: a Chromium of its own and its default context, every page of
    which is watched for page and console errors like any test's.  ``chromium``: Playwright's
    browser type (``playwright.chromium``, or a launched browser's ``browser_type``)."""
    profile = tempfile.mkdtemp(prefix="clubtable-bg-")
    proc = subprocess.Popen([CHROMIUM, "--headless", "--remote-debugging-port=0", f"--user-data-dir={profile}",
                             "--window-size=1280,800", *ARGS, "about:blank"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        endpoint = None
        for line in proc.stderr:
            found = re.search(r"DevTools listening on (ws://\S+)", line)
            if found:
                endpoint = found.group(1)
                break
        if endpoint is None:
            raise RuntimeError("Chromium did not open its debugging port")
        # the rest of its log must be read, or Chromium blocks on a full pipe
        threading.Thread(target=lambda: [None for _ in proc.stderr], daemon=True).start()
        browser = chromium.connect_over_cdp(endpoint, no_defaults=True)
        try:
            yield browser, _watch(browser.contexts[0])
        finally:
            browser.close()
    finally:
        stop_process(proc, 10)
        shutil.rmtree(profile, ignore_errors=True)


def _window(context, page, session):
    cdp = context.new_cdp_session(page)
    try:
        target = cdp.send("Target.getTargetInfo")["targetInfo"]["targetId"]
    finally:
        cdp.detach()
    return session.send("Browser.getWindowForTarget", {"targetId": target})["windowId"]


def _set_window(context, page, state):
    session = context.browser.new_browser_cdp_session()
    try:
        session.send("Browser.setWindowBounds", {"windowId": _window(context, page, session),
                                                 "bounds": {"windowState": state}})
    finally:
        session.detach()


# Playwright polls a page's condition on animation frames by default, which a hidden page
# does not draw: poll on a timer instead.
def _visibility(page, state):
    page.wait_for_function(f"document.visibilityState === '{state}'", polling=100, timeout=5_000)


def hide(context, page):
    """``page``'s window is minimised (its player switched to another window or app): the
    page is hidden and Chromium throttles it."""
    _set_window(context, page, "minimized")
    _visibility(page, "hidden")


def show(context, page):
    _set_window(context, page, "normal")
    _visibility(page, "visible")
