"""The browser behind one door: the only place the page's ``js`` and ``pyodide.ffi`` are
imported for the DOM layer and the shell.  The modules beside it each hold one small part
of the page, behind plain functions:

``timers``    the clock, ``later``/``soon``/``when_idle``, the countdowns' ticker
``focus``     focus, scrolling, the screen readers' live regions
``tab``       address, language and title, visibility, window listeners and hooks
``sharing``   clipboard and the system's share sheet
``canvas``    pointer strokes, painting, pictures from a canvas or a file
``files``     a file the player gives (input or drop), a file offered as a download
``debug``     the tests' and benches' read-only window into the tab

Each keeps its own state; none writes another's.  A proxy the page calls for its whole
life (a listener, a timer's callback, a window hook) is made with :func:`lasting`, which
holds it (Pyodide destroys a proxy nothing holds)."""
from __future__ import annotations

from typing import Callable

import js as window                    # on the page's thread what pyscript.window is
from js import document
from pyodide.ffi import create_proxy, to_js

__all__ = ["window", "document", "create_proxy", "to_js", "lasting", "js_object", "LASTING"]


class Lasting:
    """The proxies the page keeps calling until it closes: only ``keep`` adds to them."""

    def __init__(self) -> None:
        self._held: list = []

    def keep(self, fn: Callable):
        proxy = create_proxy(fn)       # looked up at the call: a test may stand in for it
        self._held.append(proxy)
        return proxy

    def __len__(self) -> int:
        return len(self._held)


LASTING = Lasting()


def lasting(fn: Callable):
    """A proxy of ``fn`` the page may call for as long as it lives."""
    return LASTING.keep(fn)


def js_object(data: dict):
    """``data`` as a plain JavaScript object (options for a browser call)."""
    return to_js(data, dict_converter=window.Object.fromEntries)
