"""A small DOM layer: build element trees in Python, mount them, route events.

Why not ``innerHTML`` or template strings: text that players type must never be parsed as
HTML.  ``h()`` turns every string child into a *text node*, so a name such as
``<img onerror=…>`` is shown literally.  Attributes are set one by one with
``setAttribute`` (no markup parsing either).

Events are delegated: one listener per event type on the root, and elements carry
``data-act="<key>"``; the key maps to a Python callable registered while building the
tree.  So re-rendering never leaks JavaScript proxies (there is only one per event type),
and a whole screen can be rebuilt on every update.  Focus is restored afterwards to the
element with the same ``id`` or ``data-key``, so keyboard users keep their place.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from pyodide.ffi import create_proxy
from pyscript import document, window

_handlers: dict = {}
_owned: dict = {}           # mount target id -> handler keys registered under it
_building: list = []        # keys registered by the tree being built
_next_key = [0]
_listeners: list = []


class Node:
    """A tree built in Python, turned into DOM once at ``mount`` (few FFI calls per node)."""

    __slots__ = ("tag", "attrs", "children", "events")

    def __init__(self, tag: str, attrs: dict, children: list, events: dict) -> None:
        self.tag, self.attrs, self.children, self.events = tag, attrs, children, events


def h(tag: str, *children: Any, **attrs: Any) -> Node:
    """``h("button", "Roll", cls="primary", on_click=fn, aria_label="Roll the dice")``.

    ``cls`` is ``class``; ``aria_x``/``data_x`` become ``aria-x``/``data-x``; ``on_<event>``
    registers a handler; ``None``/``False`` attributes and children are skipped; lists of
    children are flattened.
    """
    events = {}
    clean = {}
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        if name.startswith("on_"):
            events[name[3:]] = value
            continue
        if name == "cls":
            name = "class"
        elif name == "html_for":
            name = "for"
        else:
            name = name.replace("_", "-")
        clean[name] = "" if value is True else str(value)
    flat: list = []
    _flatten(children, flat)
    return Node(tag, clean, flat, events)


def _flatten(items, out: list) -> None:
    for c in items:
        if c is None or c is False:
            continue
        if isinstance(c, (list, tuple)):
            _flatten(c, out)
        else:
            out.append(c)


def _build(node: Any, svg: bool = False):
    if not isinstance(node, Node):
        return document.createTextNode(str(node))
    svg = svg or node.tag == "svg"
    el = (document.createElementNS("http://www.w3.org/2000/svg", node.tag) if svg
          else document.createElement(node.tag))
    for name, value in node.attrs.items():
        el.setAttribute(name, value)
    if node.events:
        keys = []
        for event, fn in node.events.items():
            _next_key[0] += 1
            key = f"h{_next_key[0]}"
            _handlers[(event, key)] = fn
            _building.append((event, key))
            keys.append(f"{event}:{key}")
        el.setAttribute("data-act", " ".join(keys))
    for child in node.children:
        el.appendChild(_build(child, svg))
    return el


def mount(target, tree: Any) -> None:
    """Replace ``target``'s children with ``tree`` (a Node or list), keeping focus in place."""
    if isinstance(target, str):
        target = document.getElementById(target)
    active = document.activeElement
    focus_id = active.id if active and active.id else None
    focus_key = active.getAttribute("data-key") if active and active.getAttribute else None
    owner = str(target.id or "body")
    for old in _owned.pop(owner, ()):   # only this target's handlers: others stay live
        _handlers.pop(old, None)
    _building.clear()
    frag = document.createDocumentFragment()
    for node in tree if isinstance(tree, list) else [tree]:
        if node is not None:
            frag.appendChild(_build(node))
    target.replaceChildren(frag)
    _owned[owner] = list(_building)
    again = None
    if focus_id:
        again = document.getElementById(focus_id)
    if not again and focus_key:
        again = target.querySelector(f'[data-key="{focus_key}"]')
    if again:
        again.focus()


def _dispatch(event) -> None:
    el = event.target
    while el and getattr(el, "getAttribute", None):
        acts = el.getAttribute("data-act")
        if acts:
            for pair in str(acts).split():
                name, key = pair.split(":", 1)
                if name == event.type:
                    fn = _handlers.get((name, key))
                    if fn is not None:
                        if event.type in ("submit",):
                            event.preventDefault()
                        fn(event)
                        return
        el = el.parentElement


def listen(root_id, events=("click", "input", "change", "submit", "keydown", "dragstart", "dragover", "drop")) -> None:
    """Install the delegating listeners once, on ``root_id``."""
    root = document.getElementById(root_id) if root_id else document.body
    for ev in events:
        proxy = create_proxy(_dispatch)
        _listeners.append(proxy)  # keep a reference, or the proxy is destroyed
        root.addEventListener(ev, proxy)


def on_window(event: str, fn: Callable) -> None:
    proxy = create_proxy(fn)
    _listeners.append(proxy)
    window.addEventListener(event, proxy)


def by_id(element_id: str):
    return document.getElementById(element_id)


def set_text(element_id: str, text: str) -> None:
    el = document.getElementById(element_id)
    if el:
        el.textContent = text


def value_of(event) -> str:
    return str(event.target.value)


def later(ms: int, fn: Callable) -> None:
    """Run ``fn`` once after ``ms`` (the proxy is released after the call)."""
    def once(*_):
        try:
            fn()
        finally:
            proxy.destroy()
    proxy = create_proxy(once)
    window.setTimeout(proxy, ms)


def now_ms() -> int:
    """Wall-clock ms: the host's game clock must survive a reload of the tab."""
    return int(window.Date.now())


def focus(selector: str) -> None:
    el = document.querySelector(selector)
    if el:
        el.focus()


def local_get(key: str, store: str = "localStorage") -> Optional[str]:
    """A stored string (``store`` is ``localStorage`` or ``sessionStorage``), or None."""
    try:
        v = getattr(window, store).getItem(key)
    except Exception:  # storage may be disabled (privacy mode, sandboxed iframe)
        return None
    return v if isinstance(v, str) else None


def local_set(key: str, value: str, store: str = "localStorage") -> None:
    try:
        getattr(window, store).setItem(key, value)
    except Exception:
        pass


def local_del(key: str, store: str = "localStorage") -> None:
    try:
        getattr(window, store).removeItem(key)
    except Exception:
        pass


def tick_countdowns(*_) -> None:
    """Refresh every ``[data-deadline]`` element: seconds left on the host's clock."""
    now = int(window.Date.now())
    for el in document.querySelectorAll("[data-deadline]"):
        deadline = int(el.getAttribute("data-deadline"))
        offset = int(el.getAttribute("data-offset") or 0)
        left = max(0, (deadline - (now + offset) + 999) // 1000)
        text = str(left)
        if el.textContent != text:
            el.textContent = text


def start_countdowns() -> None:
    proxy = create_proxy(tick_countdowns)
    _listeners.append(proxy)
    window.setInterval(proxy, 250)


def expose_debug(app) -> None:
    """A read-only window into the tab for the end-to-end tests: the raw messages this tab
    received as a guest or sent as a host (JSON text), never anything else."""
    import json

    def debug(what):
        ctl = app.ctl
        what = str(what)
        if what == "received":
            return json.dumps(list(getattr(ctl, "received", [])))
        if what == "sent":
            return json.dumps(list(getattr(ctl, "message_log", [])))
        if what == "role":
            return "none" if ctl is None else ("host" if getattr(ctl, "is_host", False) else "guest")
        return "null"
    proxy = create_proxy(debug)
    _listeners.append(proxy)
    window.clubtableDebug = proxy


def focus_first(selectors) -> None:
    """Focus the first element matching one of ``selectors`` (in order), if any: where a
    keyboard user's place is after an action."""
    for sel in selectors:
        el = document.querySelector(sel)
        if el:
            el.focus()
            return


def keep_focus(element_id: str, force: bool = False) -> None:
    """After this render: focus ``element_id`` (without scrolling) if ``force``, or if a
    re-render removed the focused control (focus fell back to the page body)."""
    from pyodide.ffi import to_js

    def check():
        el = document.activeElement
        lost = el is None or not el or str(getattr(el, "tagName", "BODY")).upper() == "BODY"
        if force or lost:
            target = document.getElementById(element_id)
            if target:
                target.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
    later(0, check)
