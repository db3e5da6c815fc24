"""Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi (``firefox_client/``),
behind the few Playwright page methods the e2e drivers use, so the same drivers
(``dodgy_driver``, ``dobbelduel_driver``, ``conftest.join_from_home``...) play in Firefox.

Playwright's Firefox needs its own patched build (a download), and Debian has no geckodriver;
puppeteer-core talks to stock Firefox over WebDriver BiDi and downloads nothing.  It is pinned
in ``firefox_client/package-lock.json`` and installed by ``build.py test`` (``npm ci``, kept out
of dist/).  Page errors and console errors land in conftest's list, so every Firefox test fails
on them as the Chromium tests do."""
import json
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

from . import conftest

CLIENT = Path(__file__).resolve().parent / "firefox_client"
FIREFOX = os.environ.get("CLUBTABLE_FIREFOX", "/usr/bin/firefox-esr")

# Written into the fresh profile's user.js, beside the automation prefs puppeteer-core sets
# (no first-run pages, no default-browser check, no telemetry; @puppeteer/browsers' firefox.js):
PREFS = {
    # Without a camera permission Firefox names its host candidates <uuid>.local (mDNS), which
    # the other page cannot resolve here: two pages that never used the camera fail with
    # "ICE failed" (tried).  Off, the candidates carry the machine's addresses.  (On a machine
    # with only a loopback interface Firefox gathers no UDP candidate at all, even with
    # media.peerconnection.ice.loopback: tried in an `unshare -n` namespace, so that pref is
    # not set; the WebRTC test needs a network interface.)
    "media.peerconnection.ice.obfuscate_host_addresses": False,
    # A headless machine has no camera and nobody to answer the permission prompt: the host's
    # "Scan the reply" gets Firefox's generated test picture (no QR code in it) at once.
    # Without either, the scan never starts (tried).
    "media.navigator.streams.fake": True,
    "media.navigator.permission.disabled": True,
}


def available():
    """Why Firefox tests cannot run here, or None.  With CI set they never skip: a missing
    browser or client fails them (``.ci/run`` installs both)."""
    if not os.path.exists(FIREFOX):
        return f"no Firefox at {FIREFOX} (apt-get install firefox-esr)"
    if not shutil.which("node"):
        return "no node (apt-get install nodejs npm)"
    if not (CLIENT / "node_modules" / "puppeteer-core").is_dir():
        return f"puppeteer-core not installed (npm ci --prefix {CLIENT}; build.py test does it)"
    return None


def require():
    conftest.skip_or_fail(available(), "Firefox")


class Firefox:
    """One headless Firefox (a fresh temporary profile) and its windows."""

    def __init__(self, timeout_s=120):
        self.timeout_s = timeout_s
        self.proc = subprocess.Popen(["node", str(CLIENT / "bridge.mjs"), FIREFOX, json.dumps(PREFS)],
                                     cwd=CLIENT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1)
        self.answers = {}
        self.cond = threading.Condition()
        self.next_id = 0
        self.version = None
        self.stderr = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: self.stderr.extend(self.proc.stderr), daemon=True).start()
        with self.cond:
            if not self.cond.wait_for(lambda: self.version or self.proc.poll() is not None, timeout=timeout_s):
                raise RuntimeError("Firefox did not start")
        if not self.version:
            raise RuntimeError("Firefox did not start: " + "".join(self.stderr)[-2000:])

    def _read(self):
        for line in self.proc.stdout:
            msg = json.loads(line)
            with self.cond:
                if msg.get("event") == "error":
                    conftest.PAGE_ERRORS.append(msg["text"])
                elif msg.get("event") == "ready":
                    self.version = msg["version"]
                else:
                    self.answers[msg["id"]] = msg
                self.cond.notify_all()
        with self.cond:
            self.cond.notify_all()

    def call(self, op, **args):
        with self.cond:
            self.next_id += 1
            rid = self.next_id
            self.proc.stdin.write(json.dumps({"id": rid, "op": op, **args}) + "\n")
            self.proc.stdin.flush()
            if not self.cond.wait_for(lambda: rid in self.answers or self.proc.poll() is not None,
                                      timeout=self.timeout_s):
                raise TimeoutError(f"Firefox: no answer to {op} in {self.timeout_s} s")
            if rid not in self.answers:
                raise RuntimeError("Firefox's client ended: " + "".join(self.stderr)[-2000:])
            msg = self.answers.pop(rid)
        if not msg["ok"]:
            raise FirefoxError(msg["error"])
        return msg["value"]

    def new_context(self):
        return Context(self, self.call("context"))

    def close(self):
        if self.proc.poll() is None:
            try:
                self.call("quit")
            except (RuntimeError, TimeoutError, OSError):
                pass
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class FirefoxError(Exception):
    pass


class Context:
    """Pages that share storage and a BroadcastChannel (one player's browser), and no more."""

    def __init__(self, browser, cid):
        self.browser, self.cid = browser, cid

    def new_page(self, width=1280, height=800):
        return Page(self.browser, self.browser.call("open", context=self.cid,
                                                    viewport={"width": width, "height": height}))

    def close(self):
        self.browser.call("close_context", context=self.cid)


class Locator:
    """Playwright's locator, as far as the drivers use it: a chain of (selector, nth) steps
    resolved afresh in the page at every call."""

    def __init__(self, page, steps):
        self.page, self.steps = page, steps

    def _call(self, op, **args):
        return self.page._call(op, steps=self.steps, **args)

    def _act(self, action, value=None, timeout=None):
        self._call("act", action=action, value=value, timeout=timeout or self.page.timeout_ms)

    def _with_nth(self, nth):
        return Locator(self.page, self.steps[:-1] + [[self.steps[-1][0], nth]])

    @property
    def first(self):
        return self._with_nth(0)

    @property
    def last(self):
        return self._with_nth(-1)

    def nth(self, i):
        return self._with_nth(i)

    def locator(self, selector):
        return Locator(self.page, self.steps + [[selector, None]])

    def count(self):
        return self._call("count")

    def all(self):
        return [self.nth(i) for i in range(self.count())]

    def click(self, timeout=None):
        self._act("click", timeout=timeout)

    def focus(self):
        self._act("focus")

    def fill(self, value):
        self._act("fill", value)

    def select_option(self, value):
        self._act("select", [value] if isinstance(value, str) else list(value))

    def check(self):
        self._act("check")

    def uncheck(self):
        self._act("uncheck")

    def wait_for(self, state="visible", timeout=None):
        self._call("wait", state=state, timeout=timeout or self.page.timeout_ms)

    def evaluate(self, fn, arg=None):
        return self._call("eval_on", fn=fn, arg=arg, all=False)

    def evaluate_all(self, fn, arg=None):
        return self._call("eval_on", fn=fn, arg=arg, all=True)

    def get_attribute(self, name):
        return self.evaluate("(e, name) => e.getAttribute(name)", name)

    def inner_text(self):
        return self.evaluate("e => e.innerText")

    def text_content(self):
        return self.evaluate("e => e.textContent")

    def input_value(self):
        return self.evaluate("e => e.value")

    def is_checked(self):
        return self.evaluate("e => e.checked")

    def is_visible(self):
        return self.evaluate("e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'")


class Keyboard:
    def __init__(self, page):
        self.page = page

    def press(self, key):
        self.page._call("press", key=key)

    def type(self, text):
        self.page._call("type", text=text)


class Page:
    """Playwright's sync page, as far as the drivers use it."""

    def __init__(self, browser, pid):
        self.browser, self.pid = browser, pid
        self.timeout_ms = 30_000
        self.keyboard = Keyboard(self)

    def _call(self, op, **args):
        return self.browser.call(op, page=self.pid, **args)

    def set_default_timeout(self, ms):
        self.timeout_ms = ms

    def locator(self, selector):
        return Locator(self, [[selector, None]])

    def goto(self, url):
        self._call("goto", url=url)

    def reload(self):
        self._call("reload")

    def add_init_script(self, source):
        """``source`` runs in every document this page loads, before the page's scripts."""
        self._call("preload", source=source)

    def wait_for_selector(self, selector, timeout=None, state="visible"):
        self.locator(selector).wait_for(state=state, timeout=timeout)

    def click(self, selector, timeout=None):
        self.locator(selector).first.click(timeout=timeout)

    def fill(self, selector, value):
        self.locator(selector).first.fill(value)

    def select_option(self, selector, value):
        self.locator(selector).first.select_option(value)

    def check(self, selector):
        self.locator(selector).first.check()

    def is_checked(self, selector):
        return self.locator(selector).first.is_checked()

    def input_value(self, selector):
        return self.locator(selector).first.input_value()

    def get_attribute(self, selector, name):
        return self.locator(selector).first.get_attribute(name)

    def inner_text(self, selector):
        return self.locator(selector).first.inner_text()

    def evaluate(self, fn, arg=None):
        return self._call("evaluate", fn=fn, arg=arg)

    def wait_for_function(self, fn, arg=None, timeout=None):
        """Until ``fn`` (a function's source or an expression) is truthy in the page."""
        end = time.monotonic() + (timeout or self.timeout_ms) / 1000
        while not self.evaluate(fn, arg):
            if time.monotonic() > end:
                raise TimeoutError(f"Firefox: {fn} still false after {timeout or self.timeout_ms} ms")
            time.sleep(0.05)

    def wait_for_timeout(self, ms):
        time.sleep(ms / 1000)

    def bring_to_front(self):
        self._call("front")

    def set_viewport_size(self, size):
        self._call("viewport", width=size["width"], height=size["height"])

    def screenshot(self, path, full_page=False):
        self._call("screenshot", path=str(path), full=full_page)

    def close(self):
        self._call("close")
