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

import sys
from typing import Callable

from pyodide.ffi import create_proxy, to_js


class NoPageYet(ImportError):
    """The page's ``window`` or ``document`` was read where there is no page: while build.py
    makes the snapshot (a module that reads one as it is imported stays out of it), or, after
    a restore, before :func:`arrive`."""


class _StandIn:
    """In place of the page's ``window`` or ``document`` in a snapshot's modules, until
    :func:`arrive` puts the page's own in every module that took it."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str):
        raise NoPageYet(f"the page's {self._name}.{attr} was read before the page was there")

    def __repr__(self) -> str:
        return f"<the page's {self._name}, not there yet>"


try:
    import js as window                # on the page's thread what pyscript.window is
    from js import document
except ImportError:                    # build.py's snapshot maker: no page (it hides ``js``)
    window, document = _StandIn("window"), _StandIn("document")

__all__ = ["window", "document", "create_proxy", "to_js", "lasting", "js_object", "LASTING", "arrive"]


def arrive() -> int:
    """Put the page's ``window`` and ``document`` where the snapshot's modules hold stand-ins.

    The screens' modules are imported into the snapshot, made without a page, so that a
    start does not import them (a third of a second at CPU 4x on a cold start).  Each took
    the stand-ins here (``from .browser import document``); py/main.py calls this before
    anything draws.  Returns how many names it bound (0 when no stand-in was taken: a start
    without the snapshot, the unit tests)."""
    here = sys.modules[__name__].__dict__
    if not isinstance(here.get("window"), _StandIn):
        return 0
    import js
    page = {id(here["window"]): js, id(here["document"]): js.document}
    bound = 0
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "clubtable" or name.startswith("clubtable.")):
            continue
        names = vars(module)
        found = [(key, page[id(value)]) for key, value in names.items()
                 if isinstance(value, _StandIn) and id(value) in page]
        for key, value in found:
            names[key] = value
        bound += len(found)
    return bound


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
