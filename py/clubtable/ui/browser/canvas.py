"""Small, generic browser pieces for screens that draw or send pictures (the riddle kit):
pointer strokes on a canvas, painting strokes, and a picture's bytes from a canvas or a
file the player chose."""
from __future__ import annotations

import asyncio
import base64
from typing import Callable, Optional

from . import document, lasting, window


class _Pads:
    """Canvas id -> fn(kind, x, y): pointer strokes on that canvas, routed by one set of
    listeners on the document (installed at the first pad)."""

    def __init__(self) -> None:
        self.fns: dict = {}

    def add(self, canvas_id: str, fn: Callable) -> None:
        add = getattr(document, "addEventListener", None)    # None: a test's stand-in document
        if not self.fns and add is not None:
            for ev in ("pointerdown", "pointermove", "pointerup", "pointercancel"):
                add(ev, lasting(self.pointer))
        self.fns[canvas_id] = fn

    def pointer(self, event) -> None:
        el = event.target
        fn = self.fns.get(str(getattr(el, "id", "") or ""))
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


_pads = _Pads()


def on_pointer(canvas_id: str, fn: Callable) -> None:
    """Route pointer strokes on the element ``canvas_id`` to ``fn(kind, x, y)``: ``kind`` is
    ``"down"``, ``"move"``, ``"up"`` or ``"cancel"``; ``x, y`` in the canvas's own pixels.
    Delegated on the document once, so a canvas a render re-creates keeps working."""
    _pads.add(canvas_id, fn)


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
        if s.get("points"):
            _stroke(c, s, relief)


def _stroke(c, s: dict, relief: bool) -> None:
    """One stroke: its colour with a shadow, then (``relief``) a light ridge along it."""
    pts = s["points"]
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
    el = document.getElementById(canvas_id)
    if not el:
        return None
    url = str(el.toDataURL(mime, quality))
    return base64.b64decode(url.split(",", 1)[1]) if "," in url else None


def image_file_bytes(event, max_side: int, fn: Callable, mime: str = "image/jpeg", quality: float = 0.82) -> None:
    """The picture a file input (camera or file) chose, scaled so its longer side is at
    most ``max_side`` pixels and re-encoded in the browser; ``fn(bytes)`` gets it, or
    ``fn(None)`` when the file is not a picture the browser can read."""
    files = event.target.files
    if not files or not files.length:
        return
    asyncio.ensure_future(_scaled(files.item(0), max_side, fn, mime, quality))


async def _scaled(file, max_side: int, fn: Callable, mime: str, quality: float) -> None:
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
