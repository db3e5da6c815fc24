"""Files the player gives the page (a file input or a drop) and files it offers back (a
download): game records."""
from __future__ import annotations

from typing import Callable

from . import document, js_object, to_js, window
from .timers import later


def file_bytes(files, max_bytes: int, fn: Callable) -> None:
    """The bytes of the first of ``files`` (a file input's or a drop's ``FileList``):
    ``fn(bytes)``, or ``fn(None)`` when it is over ``max_bytes`` (not read at all) or cannot
    be read."""
    import asyncio
    if not files or not files.length:
        return
    file = files.item(0)
    if int(file.size) > max_bytes:
        fn(None)
        return

    async def read():
        try:
            buf = await file.arrayBuffer()
            data = window.Uint8Array.new(buf).to_bytes()
        except Exception:
            fn(None)
            return
        fn(data)
    asyncio.ensure_future(read())


def save_file(name: str, data: bytes, mime: str) -> None:
    """Offer ``data`` as a download named ``name`` (a Blob behind a link clicked once)."""
    arr = window.Uint8Array.new(len(data))
    arr.assign(data)
    blob = window.Blob.new(to_js([arr]), js_object({"type": mime}))
    url = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = name
    a.style.display = "none"
    document.body.appendChild(a)
    a.click()
    a.remove()
    later(60_000, lambda: window.URL.revokeObjectURL(url))    # the download has its copy by then
