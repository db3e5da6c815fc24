"""The clipboard and the system's share sheet, each with its fallback where the browser or
the club's frame refuses."""
from __future__ import annotations

from typing import Callable, Optional

from . import create_proxy, document, js_object, timers, window

# How long the clipboard may take to answer before the text is selected for the player: the
# API does not promise to settle (a permission prompt left open, a browser's own bug), and the
# player must not be left with no answer at all.
COPY_WAIT_MS = 2000


def select_text(element_id: str) -> bool:
    """Select the whole text of a field (for the player to copy by hand) and try the old
    ``copy`` command, which works without the clipboard API (plain http on a network
    address); True when that copied."""
    el = document.getElementById(element_id) if element_id else None
    if not el:
        return False
    try:
        el.focus()
        el.select()
        return bool(document.execCommand("copy"))
    except Exception:
        return False


def allowed(feature: str) -> bool:
    """The page's frame may use ``feature`` (``clipboard-write``, ``web-share``): a club's
    iframe grants them with its ``allow`` attribute.  True where the browser cannot say (no
    policy object, or a feature it does not know, like ``web-share`` on desktop Linux)."""
    policy = getattr(document, "permissionsPolicy", None) or getattr(document, "featurePolicy", None)
    if not policy:
        return True
    try:
        if feature not in [str(f) for f in policy.features()]:
            return True            # a feature this browser does not know: the API decides
        return bool(policy.allowsFeature(feature))
    except Exception:
        return True


def copy_text(text: str, done: Callable[[str], None], select_id: Optional[str] = None) -> None:
    """Put ``text`` on the clipboard; ``done("copied")``, or, when the browser refuses (no
    secure context, a frame without ``clipboard-write``), the text of ``select_id`` is
    selected for the player and ``done("copied")`` if the old copy command took it, else
    ``done("selected")``."""
    answered = []

    def once(fn):
        def run(*_):
            if not answered:
                answered.append(True)
                fn()
        return run

    fallback = once(lambda: done("copied" if select_text(select_id) else "selected"))
    clip = getattr(window.navigator, "clipboard", None)
    if not clip or not allowed("clipboard-write"):       # not asked where it is not allowed
        fallback()
        return
    try:
        clip.writeText(text).then(create_proxy(once(lambda: done("copied"))), create_proxy(fallback))
    except Exception:
        fallback()
        return
    timers.later(COPY_WAIT_MS, fallback)                 # no answer: the player still gets one


def can_share() -> bool:
    """The browser has the Web Share API (phones, some desktops) and this frame may use it."""
    return bool(getattr(window.navigator, "share", None)) and allowed("web-share")


def share(data: dict, done: Callable[[str], None]) -> None:
    """Open the system's share sheet with ``data`` (``title``, ``text``, ``url``);
    ``done("shared")``, ``done("cancelled")`` when the player closed it, or
    ``done("failed")`` when the browser refused (a frame without ``web-share``)."""
    def refused(err=None, *_):
        name = str(getattr(err, "name", "") or "")
        done("cancelled" if name == "AbortError" else "failed")
    try:
        window.navigator.share(js_object(data)).then(create_proxy(lambda *_: done("shared")), create_proxy(refused))
    except Exception:
        done("failed")
