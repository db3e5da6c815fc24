"""WebKit (Safari's engine) for the e2e tests: Debian's WebKitGTK MiniBrowser driven by its
WebDriver (``webkit2gtk-driver``) through Selenium, on an Xvfb display of its own, behind the
few Playwright page methods the game drivers (``*_driver.py``) use, so the same drivers play
in WebKit as in Chromium.

Nothing is downloaded at run time: Selenium is given the driver's and the browser's paths
(Selenium Manager is never asked).  Without WebKit here the tests skip, unless ``CI`` is set:
then they fail, so CI cannot pass without running them.

WebKitWebDriver has no log endpoint and no WebDriver BiDi (a session asking for
``webSocketUrl`` is refused), so the page's errors are collected in the page: the page is
opened without waiting for its load (``pageLoadStrategy: none``) and a collector is put in as
soon as the document is the page's, long before Python starts (``install`` checks that).  It
keeps every ``console.error``, uncaught error, unhandled rejection and resource that failed
to load; ``WebKitPage.errors()`` reads them."""
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from .conftest import skip_or_fail

DRIVER = os.environ.get("CLUBTABLE_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("CLUBTABLE_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
BOOT_S = 180                      # a start without the snapshot took 40-90 s here at load 12-20

# The collector (see the module's text).  ``console.error`` keeps calling the browser's own.
COLLECT = """
if (!window.__ctErrors) {
  const errors = window.__ctErrors = [];
  const text = (v) => { try { return v instanceof Error ? `${v.name}: ${v.message}` : String(v); } catch (e) { return '?'; } };
  const original = console.error.bind(console);
  console.error = (...args) => { errors.push('console.error: ' + args.map(text).join(' ')); original(...args); };
  window.addEventListener('error', (e) => {
    const el = e.target;
    if (el && el !== window && (el.src || el.href)) errors.push(`failed to load: ${el.src || el.href}`);
    else errors.push(`pageerror: ${e.message} [${e.filename}:${e.lineno}]`);
  }, true);
  window.addEventListener('unhandledrejection', (e) => errors.push('unhandled rejection: ' + text(e.reason)));
  // in before the page's Python is ready (boot.mjs may already have chosen how it starts,
  // data-python-boot, when files come from the offline worker of a quiet machine)
  window.__ctCollectorBefore = (document.body && document.body.dataset.ready !== undefined)
      ? 'ready (' + (document.documentElement.dataset.pythonBoot || '?') + ')' : 'python not started';
}
return [location.href, window.__ctCollectorBefore, !!window.__ctLeft];
"""


def available() -> str:
    """Why WebKit cannot run here ('' when it can)."""
    missing = [p for p in (DRIVER, MINIBROWSER) if not os.path.exists(p)]
    if missing:
        return f"WebKit is missing ({', '.join(missing)}): apt-get install webkit2gtk-driver"
    if not shutil.which("Xvfb"):
        return "Xvfb is missing: apt-get install xvfb"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is missing: pip install -r requirements-test.txt"
    return ""


def skip_or_fail_without_webkit():
    skip_or_fail(available(), "WebKit")


class Xvfb:
    """An X display of its own on the first free number from 90 (the lock file says which
    are taken), stopped with the browser."""

    def __init__(self, size="1280x800x24"):
        for n in range(90, 190):
            if os.path.exists(f"/tmp/.X{n}-lock") or os.path.exists(f"/tmp/.X11-unix/X{n}"):
                continue
            self.display = f":{n}"
            self.proc = subprocess.Popen(["Xvfb", self.display, "-screen", "0", size, "-nolisten", "tcp"],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            end = time.time() + 10
            while self.proc.poll() is None and time.time() < end:
                if os.path.exists(f"/tmp/.X11-unix/X{n}"):
                    return
                time.sleep(0.05)
            self.stop()                       # taken meanwhile by another (or too slow): the next
        raise RuntimeError("no free X display for Xvfb")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def start_webkit(display):
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service
    opts = Options()
    opts.binary_location = MINIBROWSER
    opts.add_argument("--automation")
    opts.page_load_strategy = "none"         # the collector goes in before the page's scripts run
    os.environ.setdefault("SE_OFFLINE", "true")   # Selenium Manager, if ever asked, fetches nothing
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    log = Path(tempfile.gettempdir()) / f"clubtable-webkitdriver-{port}.log"
    # no bubblewrap sandbox, as Chromium's --no-sandbox (conftest.ARGS): a CI container may
    # not allow the namespaces it needs, and the browser only ever opens the local build
    service = Service(executable_path=DRIVER, port=port, log_output=str(log),
                      env={**os.environ, "DISPLAY": display, "WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS": "1"})
    driver = webdriver.WebKitGTK(options=opts, service=service)
    driver.set_window_size(1280, 800)
    return driver


class WebKitPage:
    """The Playwright page methods the drivers call, over a Selenium WebDriver."""

    def __init__(self, driver, timeout_s=30):
        self.driver = driver
        self.timeout_s = timeout_s
        self.keyboard = _Keyboard(driver)
        self.lost_errors = []            # those of documents navigated away from
        self.boots = []                  # (url, seconds, how Python started) of each open

    # -- navigation and the error collector
    def goto(self, url):
        """``url``; a new document gets the collector at once (only the hash changing keeps
        the document, and the collector with it)."""
        from selenium.common.exceptions import WebDriverException
        same = self.driver.current_url.split("#")[0] == url.split("#")[0] and "#" in url
        if not same:
            self.lost_errors += self.errors()
            self.driver.execute_script("window.__ctLeft = true")    # not the new document
        self.driver.get(url)
        if same:
            return
        end = time.time() + 30
        while True:
            try:
                href, before, left = self.driver.execute_script(COLLECT)
                if href.split("#")[0] == url.split("#")[0] and not left:
                    break
            except WebDriverException:
                href = "(between documents)"
            if time.time() > end:
                raise AssertionError(f"{url} never opened (at {href})")
            time.sleep(0.01)
        assert before == "python not started", f"the collector came after Python started ({before})"

    def open(self, url):
        """``url`` opened and ready (the home screen drawn by Python); returns seconds taken."""
        t0 = time.time()
        self.goto(url)
        self.wait_for_selector("body[data-ready='1']", timeout=BOOT_S * 1000)
        took = time.time() - t0
        self.boots.append((url, took, self.evaluate("document.documentElement.dataset.pythonBoot")))
        return took

    def errors(self):
        try:
            return list(self.driver.execute_script("return window.__ctErrors || []"))
        except Exception as e:            # the page is gone: say so rather than pass
            return [f"errors unreadable: {e}"]

    def all_errors(self):
        return self.lost_errors + self.errors()

    # -- Playwright's page methods, as the drivers use them
    def evaluate(self, expr, *args):
        expr = expr.strip()
        if expr.startswith(("(", "function", "async")) or "=>" in expr.split("{")[0]:
            return self.driver.execute_script(f"return ({expr})(...arguments)", *args)
        return self.driver.execute_script(f"return ({expr})", *args)

    def locator(self, selector):
        return Locator(self, None, selector)

    def wait_for_selector(self, selector, timeout=None):
        until = time.time() + (timeout or self.timeout_s * 1000) / 1000
        script = ("return [...document.querySelectorAll(arguments[0])]"
                  ".some((e) => e.getClientRects().length > 0)")
        while not self.driver.execute_script(script, selector):
            if time.time() > until:
                raise AssertionError(f"no visible {selector!r} within {timeout or self.timeout_s * 1000} ms")
            time.sleep(0.05)
        return self.locator(selector)

    def click(self, selector, timeout=None):
        self.locator(selector).click(timeout=timeout)

    def select_option(self, selector, value):
        self.locator(selector).select_option(value)

    def fill(self, selector, value):
        self.locator(selector).fill(value)

    def check(self, selector):
        if not self.locator(selector).is_checked():
            self.click(selector)

    def bring_to_front(self):
        pass                               # one window, always drawn

    def wait_for_timeout(self, ms):
        time.sleep(ms / 1000)

    def screenshot(self, path):
        self.driver.save_screenshot(str(path))


class _Keyboard:
    def __init__(self, driver):
        self.driver = driver

    def press(self, key):
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.driver).send_keys(key).perform()   # to the focused element, as keys


# Set as a player's typing would leave it: the value, then the events the page listens to.
SET_VALUE = """(el, value) => {
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event('input', {bubbles: true}));
  el.dispatchEvent(new Event('change', {bubbles: true}));
  return el.value;
}"""


# A locator's elements, found in the page in one round trip (WebDriver's own element search
# costs several): ``arguments[0]`` is its chain of [selector, nth or null]; ``FN`` becomes a
# function of the elements and ``arguments[1...]``.
RESOLVE = """let els = [document];
for (const [sel, nth] of arguments[0]) {
  let next = [];
  for (const root of els) next.push(...root.querySelectorAll(sel));
  els = nth === null ? next : next.slice(nth, nth + 1);
}
return (FN)(els, ...[...arguments].slice(1));"""


class Locator:
    """CSS only (the drivers use nothing else), resolved afresh at every call."""

    def __init__(self, page, parent, selector, nth=None):
        self.page, self.parent, self.selector, self.nth = page, parent, selector, nth

    def chain(self):
        return (self.parent.chain() if self.parent is not None else []) + [[self.selector, self.nth]]

    def run(self, fn, *args):
        """``fn(elements, *args)`` in the page."""
        return self.page.driver.execute_script(RESOLVE.replace("FN", fn), self.chain(), *args)

    def _first(self, fn, *args, timeout=None):
        """``fn(element, *args)`` on the first element, once there is one."""
        until = time.time() + (timeout or self.page.timeout_s * 1000) / 1000
        while True:
            found, value = self.run(f"(els, ...a) => els.length ? [true, ({fn})(els[0], ...a)] : [false, null]", *args)
            if found:
                return value
            if time.time() > until:
                raise AssertionError(f"no {self.selector!r}")
            time.sleep(0.05)

    @property
    def first(self):
        return Locator(self.page, self.parent, self.selector, 0)

    def locator(self, selector):
        return Locator(self.page, self, selector)

    def all(self):
        return [Locator(self.page, self.parent, self.selector, i) for i in range(self.count())]

    def count(self):
        return self.run("(els) => els.length")

    def click(self, timeout=None):
        """A real click (WebDriver's, through WebKit's automation: pointer events at the
        element's centre), once the element is drawn, enabled and still, as Playwright waits."""
        from selenium.common.exceptions import WebDriverException
        until = time.time() + (timeout or self.page.timeout_s * 1000) / 1000
        seen = None
        while True:
            # where it is on the screen, twice in a row: a page still scrolling (a new
            # screen's smooth scroll to its heading) moves it between WebDriver's reading of
            # its centre and the click, which then lands on whatever came there instead
            el, where = self.run("(els) => { const e = els.find((e) => e.getClientRects().length && !e.disabled);"
                                 " if (!e) return [null, null]; const r = e.getBoundingClientRect();"
                                 " return [e, [r.x, r.y, r.width, r.height]]; }")
            steady, seen = el is not None and where == seen, where
            if steady:
                try:
                    el.click()
                    return
                except WebDriverException:        # gone or covered since: look again
                    if time.time() > until:
                        raise
            if time.time() > until:
                raise AssertionError(f"no enabled {self.selector!r} to click")
            time.sleep(0.05)

    def select_option(self, value):
        got = self._first(SET_VALUE, str(value))
        assert got == str(value), f"{self.selector!r} has no option {value!r}"

    def fill(self, value):
        self._first(SET_VALUE, str(value))

    def focus(self):
        self._first("(e) => e.focus()")

    def get_attribute(self, name):
        return self._first("(e, name) => e.getAttribute(name)", name)

    def is_checked(self):
        return self._first("(e) => e.checked")

    def inner_text(self):
        return self._first("(e) => e.innerText")

    def evaluate_all(self, fn):
        return self.run(fn)


@pytest.fixture(scope="module")
def webkit():
    """One WebKit for the module's tests, on its own Xvfb; yields a ``WebKitPage``."""
    skip_or_fail_without_webkit()
    display = Xvfb()
    driver = None
    try:
        driver = start_webkit(display.display)
        yield WebKitPage(driver)
    finally:
        if driver is not None:
            driver.quit()
        display.stop()
