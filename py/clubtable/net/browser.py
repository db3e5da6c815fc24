"""Browser pieces the table's plumbing needs: pictures as object URLs.  (Storage goes through
``ui/storage.py``, the one helper with its memory fallback.)"""
from __future__ import annotations

from pyodide.ffi import to_js

_urls: dict = {}            # ref -> object URL (made once per picture and tab)


def object_url(ref: str, mime: str, data: bytes) -> str:
    """An object URL showing a picture's bytes (``<img src>``), made once per reference."""
    url = _urls.get(ref)
    if url is None:
        from js import Blob, Object, Uint8Array, URL     # at the use: the snapshot has no page
        arr = Uint8Array.new(len(data))
        arr.assign(data)
        blob = Blob.new(to_js([arr]), to_js({"type": mime}, dict_converter=Object.fromEntries))
        url = str(URL.createObjectURL(blob))
        _urls[ref] = url
    return url
