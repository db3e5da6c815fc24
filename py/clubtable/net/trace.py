"""Time marks along a message's path, for the round-trip benches (off unless the page is
opened with ``?trace``).

``mark(name)`` records ``(name, ms)`` with ``ms`` on the machine-wide clock every tab shares
(``performance.timeOrigin + performance.now()``), so marks from a guest's tab and the host's
line up.  ``window.clubtableTrace("take")`` returns the marks as JSON and forgets them.
Nothing is recorded, and no browser call is made, while tracing is off.
"""
from __future__ import annotations

import json

MAX_MARKS = 20_000
_marks: list = []
_on = [False]
_clock = [None]


def enabled() -> bool:
    return _on[0]


def enable() -> None:
    """Start recording (the page does this for ``?trace``) and expose the marks."""
    if _on[0]:
        return
    from js import performance, window
    from pyodide.ffi import create_proxy
    origin = float(performance.timeOrigin)
    _clock[0] = lambda: origin + float(performance.now())
    _on[0] = True

    def read(what=None):
        if str(what) == "take":
            out = json.dumps(_marks)
            _marks.clear()
            return out
        return json.dumps(_marks)
    proxy = create_proxy(read)
    _proxies.append(proxy)
    window.clubtableTrace = proxy
    # the cycle collector's passes, which stall whatever task they fall in
    import gc
    gc.callbacks.append(lambda phase, info: mark(f"gc.{phase}{info.get('generation')}"))


_proxies: list = []


def mark(name: str) -> None:
    if _on[0] and len(_marks) < MAX_MARKS:
        _marks.append((name, _clock[0]()))
