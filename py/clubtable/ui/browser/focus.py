"""Focus, scrolling and the screen readers' live regions."""
from __future__ import annotations

from . import document, js_object, window
from .timers import later


_less_motion: list = []     # the page's query for reduced motion, made once: its ``matches`` follows the setting


def _scroll_behavior() -> str:
    """Smooth, unless the player asked the system for less motion (as the page's CSS
    animations stop then)."""
    try:
        if not _less_motion:
            _less_motion.append(window.matchMedia("(prefers-reduced-motion: reduce)"))
        return "auto" if _less_motion[0].matches else "smooth"
    except Exception:
        return "smooth"


def focus(selector: str, prevent_scroll: bool = False) -> bool:
    """Focus the first element matching ``selector``; False when there is none."""
    el = document.querySelector(selector)
    if not el:
        return False
    if prevent_scroll:
        el.focus(js_object({"preventScroll": True}))
    else:
        el.focus()
    return True


def focus_heading(selector: str) -> bool:
    """Move focus (and the view) to a heading, the start of a new screen or of news: made
    focusable for this (tabindex -1) without joining the tab order."""
    el = document.querySelector(selector)
    if not el:
        return False
    if el.tabIndex < 0 and not el.hasAttribute("tabindex"):    # a control keeps its place in the tab order
        el.setAttribute("tabindex", "-1")
    el.focus()
    el.scrollIntoView(js_object({"block": "start", "behavior": _scroll_behavior()}))
    return True


def scroll_within(box_selector: str, item_selector: str) -> bool:
    """Scroll the box (a list with its own scroll bar, positioned: the item's ``offsetTop`` is
    from it) so that the item shows in its middle, without moving the page (``scrollIntoView``
    would scroll every ancestor)."""
    box = document.querySelector(box_selector)
    item = document.querySelector(item_selector) if box else None
    if not item:
        return False
    top = item.offsetTop
    if top < box.scrollTop or top + item.offsetHeight > box.scrollTop + box.clientHeight:
        box.scrollTop = max(0, top - box.clientHeight // 2)
    return True


def focus_first(selectors) -> None:
    """Focus the first of ``selectors`` present on the page."""
    for sel in selectors:
        if focus(sel):
            return


def focus_is_lost() -> bool:
    """Nothing has focus (it fell back to the page body, e.g. its element was removed)."""
    el = document.activeElement
    return el is None or not el or str(getattr(el, "tagName", "BODY")).upper() == "BODY"


def keep_focus(element_id: str, force: bool = False) -> None:
    """After this render: focus ``element_id`` (without scrolling) if ``force``, or if a
    re-render removed the focused control (focus fell back to the page body)."""
    def check():
        if force or focus_is_lost():
            target = document.getElementById(element_id)
            if target:
                target.focus(js_object({"preventScroll": True}))
    later(0, check)


def is_typing() -> bool:
    """The player is typing in a field (news must not take the focus from it)."""
    el = document.activeElement
    if el is None or not el:
        return False
    tag = str(getattr(el, "tagName", "")).upper()
    kind = str(el.getAttribute("type") or "text").lower() if tag == "INPUT" else ""
    return tag == "TEXTAREA" or (tag == "INPUT" and kind not in ("button", "submit", "checkbox", "radio", "range",
                                                                 "color", "file", "reset", "image"))


def scroll_into_view(selector: str) -> bool:
    """Scroll the least needed to show the element (news beside the control in use)."""
    el = document.querySelector(selector)
    if not el:
        return False
    el.scrollIntoView(js_object({"block": "nearest", "behavior": _scroll_behavior()}))
    return True


class _LiveRegions:
    """The page's own live regions (never replaced), and what was said in each last."""

    def __init__(self) -> None:
        self.said: dict = {}          # region id -> the text put there last
        self.found: dict = {}         # region id -> its element

    def element(self, region: str):
        el = self.found.get(region)
        if not el:
            el = self.found[region] = document.getElementById(region)
        return el

    def say(self, text: str, region: str) -> None:
        el = self.element(region)
        if not el:
            return
        last = self.said.get(region, "")
        if last.rstrip("\u00a0") == text:
            text = text + ("\u00a0" if not last.endswith("\u00a0") else "")
        self.said[region] = text
        el.textContent = text


_regions = _LiveRegions()


def announce(text: str, region: str = "announce") -> None:
    """Say ``text`` to screen readers through the page's small polite live region.  The
    same text twice is still announced (a no-break space makes it a change)."""
    _regions.say(text, region)
