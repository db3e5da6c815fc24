"""The page itself: its address, language and title, whether it is seen, the window's
events and the hooks page scripts and tests may call, and reading its elements by id."""
from __future__ import annotations

import json
from typing import Callable

from . import document, js_object, lasting, window


# --------------------------------------------------------------------------- the address
def location_hash() -> str:
    return str(window.location.hash or "")


def set_location_hash(route: str) -> None:
    window.location.hash = route


def page_url() -> str:
    """This page's address without its hash (for invitation links)."""
    return str(window.location.href).split("#")[0]


def page_query() -> str:
    return str(window.location.search or "")


def page_host() -> str:
    return str(window.location.hostname or "")


def preferred_languages() -> list:
    return [str(x) for x in window.navigator.languages]


async def fetch_json(path: str):
    """A JSON file of this very site (relative ``path``), or None when it is missing or the
    network is off.  Never another origin: the page's policy allows only its own."""
    try:
        resp = await window.fetch(path, js_object({"cache": "no-store"}))
        if not resp.ok:
            return None
        return json.loads(str(await resp.text()))
    except Exception:
        return None


# --------------------------------------------------------------------------- language, title, marks
class _Shown:
    """What this module last wrote to the page's lang and title: every draw asks, the page
    is told once."""

    def __init__(self) -> None:
        self.lang = self.title = None


_shown = _Shown()


def set_document_lang(lang: str) -> None:
    if _shown.lang != lang:
        _shown.lang = lang
        document.documentElement.setAttribute("lang", lang)


def set_title(text: str) -> None:
    if _shown.title != text:
        _shown.title = text
        document.title = text


def mark_ready() -> None:
    window.performance.mark("py:ready")          # the start's phases: see static/boot.mjs
    document.body.setAttribute("data-ready", "1")


def mark_warm() -> None:
    """The warm-up after start-up is done (``ui/warmup.py``; the frame bench waits for it)."""
    document.body.setAttribute("data-warm", "1")


# --------------------------------------------------------------------------- seen or not
def page_hidden() -> bool:
    """The page is in the background (another tab, a minimised window, a phone's other app)."""
    return str(window.document.visibilityState) == "hidden"


def page_visible() -> bool:
    """The page is on the screen (not a tab in the background, not a minimised window)."""
    return str(getattr(document, "visibilityState", "visible")) != "hidden"


def on_visible(fn: Callable) -> None:
    """``fn()`` whenever the page comes back on the screen."""
    document.addEventListener("visibilitychange", lasting(lambda *_: fn() if page_visible() else None))


# --------------------------------------------------------------------------- window events and hooks
def on_window(event: str, fn: Callable) -> None:
    window.addEventListener(event, lasting(fn))


def expose_global(name: str, fn: Callable) -> None:
    """``window.<name>``: a Python function page scripts and tests may call."""
    setattr(window, name, lasting(fn))


# --------------------------------------------------------------------------- elements by id
def by_id(element_id: str):
    return document.getElementById(element_id)


def set_text(element_id: str, text: str) -> None:
    el = document.getElementById(element_id)
    if el:
        el.textContent = text


def input_value(element_id: str) -> str:
    """The current text of an input (what the player typed), or ``""``."""
    el = document.getElementById(element_id)
    return str(el.value) if el else ""
