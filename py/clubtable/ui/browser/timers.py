"""The clock and the page's timers: ``later``, ``soon`` (the task after this one),
``when_idle``, and the ticker of the live countdowns (``[data-deadline]`` elements)."""
from __future__ import annotations

import time
from typing import Callable, Optional

from . import document, js_object, lasting, window
from ..clock import clock_text


def now_ms() -> int:
    """Wall-clock ms: the host's game clock must survive a reload of the tab.  The C
    library's clock is the browser's ``Date.now()``, without a call into the page (1 µs
    against 27, measured)."""
    return int(time.time() * 1000)


class _Later:
    """What ``later`` runs, by number.  One lasting proxy serves every call (the timer passes
    it the number): making and dropping a proxy per call cost more than the rest (76 µs,
    measured)."""

    def __init__(self) -> None:
        self.due: dict = {}
        self.last = 0
        self.proxy = None

    def add(self, ms: int, fn: Callable) -> None:
        if self.proxy is None:
            self.proxy = lasting(self.run)
        self.last += 1
        self.due[self.last] = fn
        window.setTimeout(self.proxy, ms, self.last)

    def run(self, key) -> None:
        fn = self.due.pop(int(key), None)
        if fn is not None:
            fn()


_later = _Later()


def later(ms: int, fn: Callable) -> None:
    """Run ``fn`` once after ``ms``."""
    _later.add(ms, fn)


_after_task: list = []        # what runs in the task after this one (one timer for all of it)


def soon(fn: Callable) -> None:
    """Run ``fn`` in the task after this one: work the screen does not wait for (saving,
    a word to screen readers, scrolling to news) leaves a move's task, so the page shows
    the move first.  Everything asked for in one task shares one timer."""
    if not _after_task:
        later(0, _run_after_task)
    _after_task.append(fn)


def _run_after_task() -> None:
    due = list(_after_task)
    _after_task.clear()
    for fn in due:
        try:
            fn()
        except Exception as e:  # one failing step must not stop the others
            print("deferred step failed:", repr(e))


class _Idle:
    """What waits for the page's idle time, oldest first (one lasting proxy for all)."""

    def __init__(self) -> None:
        self.due: list = []
        self.proxy = None

    def add(self, fn: Callable, timeout_ms: int) -> None:
        ric = getattr(window, "requestIdleCallback", None)
        if ric is None:
            later(50, lambda: fn(10.0))
            return
        self.due.append(fn)
        if self.proxy is None:
            self.proxy = lasting(self.run)
        ric(self.proxy, js_object({"timeout": timeout_ms}))

    def run(self, deadline, *_) -> None:
        # one callback per request: each runs the oldest request still waiting
        if self.due:
            self.due.pop(0)(float(deadline.timeRemaining()))


_idle = _Idle()


def when_idle(fn: Callable, timeout_ms: int = 2000) -> None:
    """Run ``fn(ms_left)`` when the page has nothing else to do (``requestIdleCallback``;
    ``ms_left`` is how long it may take), within ``timeout_ms``; where the browser has no
    idle callbacks, in a task after 50 ms with 10 ms to use."""
    _idle.add(fn, timeout_ms)


# --------------------------------------------------------------------------- countdowns
COUNTDOWN_ATTRS = ("data-deadline", "data-offset", "data-unit")


def seconds_left(attrs: dict, now: Optional[int] = None) -> str:
    """A countdown's time left on the host's clock (``data-offset``: how far it is ahead of
    this tab's), rounded up to whole seconds, as ``clock_text`` shows it (``data-unit``: with
    its unit): shown as the element is made (``ui.dom``), then by the ticker."""
    try:
        deadline, offset = int(attrs["data-deadline"]), int(attrs.get("data-offset") or 0)
    except ValueError:
        return ""
    left = (deadline - ((now_ms() if now is None else now) + offset) + 999) // 1000
    return clock_text(left, bool(attrs.get("data-unit")))


def tick_countdowns(*_) -> None:
    """Refresh every ``[data-deadline]`` element: the time left on the host's clock."""
    now = now_ms()
    for el in document.querySelectorAll("[data-deadline]"):
        text = seconds_left({name: el.getAttribute(name) for name in COUNTDOWN_ATTRS}, now)
        if el.textContent != text:
            el.textContent = text


def start_countdowns() -> None:
    window.setInterval(lasting(tick_countdowns), 250)
