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


# --------------------------------------------------------------------------- drawing and pictures
# Small, generic browser pieces for screens that draw or send pictures (the riddle kit).
_pads: dict = {}            # canvas id -> fn(kind, x, y): pointer strokes on that canvas


def on_pointer(canvas_id: str, fn: Callable) -> None:
    """Route pointer strokes on the element ``canvas_id`` to ``fn(kind, x, y)``: ``kind`` is
    ``"down"``, ``"move"``, ``"up"`` or ``"cancel"``; ``x, y`` in the canvas's own pixels.
    Delegated on the document once, so a canvas a render re-creates keeps working."""
    if not _pads:
        for ev in ("pointerdown", "pointermove", "pointerup", "pointercancel"):
            proxy = create_proxy(_pointer)
            _listeners.append(proxy)
            document.addEventListener(ev, proxy)
    _pads[canvas_id] = fn


def _pointer(event) -> None:
    el = event.target
    fn = _pads.get(str(getattr(el, "id", "") or ""))
    if fn is None:
        return
    kind = str(event.type)[7:]
    if kind == "down":
        event.preventDefault()
        try:
            el.setPointerCapture(event.pointerId)   # keep the stroke when the finger leaves
        except Exception:
            pass
    rect = el.getBoundingClientRect()
    x = (event.clientX - rect.left) * el.width / max(1, rect.width)
    y = (event.clientY - rect.top) * el.height / max(1, rect.height)
    fn(kind, round(x, 1), round(y, 1))


def paint(canvas_id: str, strokes: list, background: Optional[str] = None, relief: bool = True) -> None:
    """Draw ``strokes`` ({"colour", "width", "points": [[x, y], ...]}) on a canvas, after
    filling it with ``background`` (None: draw over what is there).  ``relief`` gives each
    stroke a soft shadow and a light ridge, so it looks like a roll of dough."""
    el = document.getElementById(canvas_id)
    if not el:
        return
    c = el.getContext("2d")
    if background is not None:
        c.save()
        c.shadowColor = "transparent"
        c.fillStyle = background
        c.fillRect(0, 0, el.width, el.height)
        c.restore()
    c.lineCap = "round"
    c.lineJoin = "round"
    for s in strokes:
        pts = s.get("points") or []
        if not pts:
            continue
        w = float(s.get("width", 16))
        passes = [(s["colour"], w, 0.0, "rgba(0,0,0,0.35)")]
        if relief:
            passes.append(("rgba(255,255,255,0.35)", w * 0.35, -w * 0.16, None))
        for colour, width, shift, shadow in passes:
            c.save()
            if shadow and relief:
                c.shadowColor = shadow
                c.shadowBlur = w * 0.45
                c.shadowOffsetY = w * 0.15
            c.strokeStyle = colour
            c.lineWidth = width
            c.beginPath()
            c.moveTo(pts[0][0] + shift, pts[0][1] + shift)
            for x, y in pts[1:] or [(pts[0][0] + 0.01, pts[0][1])]:
                c.lineTo(x + shift, y + shift)
            c.stroke()
            c.restore()


def canvas_bytes(canvas_id: str, mime: str = "image/png", quality: float = 0.85) -> Optional[bytes]:
    """The canvas's picture, encoded (``toDataURL``, synchronous), or None."""
    import base64
    el = document.getElementById(canvas_id)
    if not el:
        return None
    url = str(el.toDataURL(mime, quality))
    return base64.b64decode(url.split(",", 1)[1]) if "," in url else None


def image_file_bytes(event, max_side: int, fn: Callable, mime: str = "image/jpeg", quality: float = 0.82) -> None:
    """The picture a file input (camera or file) chose, scaled so its longer side is at
    most ``max_side`` pixels and re-encoded in the browser; ``fn(bytes)`` gets it, or
    ``fn(None)`` when the file is not a picture the browser can read."""
    import asyncio
    import base64
    files = event.target.files
    if not files or not files.length:
        return
    file = files.item(0)

    async def scale():
        try:
            bmp = await window.createImageBitmap(file)
        except Exception:
            fn(None)
            return
        k = min(1.0, max_side / max(1, bmp.width, bmp.height))
        cv = document.createElement("canvas")
        cv.width = max(1, int(bmp.width * k))
        cv.height = max(1, int(bmp.height * k))
        cx = cv.getContext("2d")
        cx.fillStyle = "#ffffff"            # a transparent PNG becomes a JPEG on white
        cx.fillRect(0, 0, cv.width, cv.height)
        cx.drawImage(bmp, 0, 0, cv.width, cv.height)
        bmp.close()
        url = str(cv.toDataURL(mime, quality))
        fn(base64.b64decode(url.split(",", 1)[1]))
    asyncio.ensure_future(scale())


def share_picture(data: bytes) -> tuple:
    """Hand a picture to this tab's table (the host keeps it, a guest sends it on the asset
    channel): ``(ref, None)`` or ``(None, reason)``.  Goes through the page's wire hook."""
    import base64
    import json
    wire = getattr(window, "clubtableWire", None)
    if wire is None:
        return None, "No table here to share the picture with."
    out = json.loads(str(wire("upload", base64.b64encode(bytes(data)).decode("ascii"))))
    return out.get("ref"), out.get("error")


def picture_url(ref: str) -> Optional[str]:
    """An object URL for a picture this tab has (``sha256:…``), or None."""
    wire = getattr(window, "clubtableWire", None)
    if wire is None or not ref:
        return None
    return str(wire("asset_url", ref)) or None
