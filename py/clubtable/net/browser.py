"""Browser pieces the table's plumbing needs: pictures as object URLs, and a storage whose
failures are reported (``localStorage`` refuses a write when the quota is full)."""
from __future__ import annotations

from typing import Optional

from js import Blob, Object, Uint8Array, URL, window
from pyodide.ffi import to_js

_urls: dict = {}            # ref -> object URL (made once per picture and tab)


def object_url(ref: str, mime: str, data: bytes) -> str:
    """An object URL showing a picture's bytes (``<img src>``), made once per reference."""
    url = _urls.get(ref)
    if url is None:
        arr = Uint8Array.new(len(data))
        arr.assign(data)
        blob = Blob.new(to_js([arr]), to_js({"type": mime}, dict_converter=Object.fromEntries))
        url = str(URL.createObjectURL(blob))
        _urls[ref] = url
    return url


class StorageFull(Exception):
    """The browser refused a write: its storage for this page is full."""


class WebStorage:
    """``localStorage`` (or ``sessionStorage``) behind the small interface the session's
    save code uses: ``get``, ``set`` (raises StorageFull), ``delete``, ``keys``."""

    def __init__(self, store: str = "localStorage") -> None:
        self.store = store

    def _s(self):
        return getattr(window, self.store)

    def get(self, key: str) -> Optional[str]:
        try:
            v = self._s().getItem(key)
        except Exception:
            return None
        return v if isinstance(v, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            self._s().setItem(key, value)
        except Exception as exc:           # QuotaExceededError (or storage disabled)
            raise StorageFull(str(exc)) from None

    def delete(self, key: str) -> None:
        try:
            self._s().removeItem(key)
        except Exception:
            pass

    def keys(self, prefix: str = "") -> list:
        try:
            s = self._s()
            return [k for k in (s.key(i) for i in range(int(s.length))) if isinstance(k, str) and k.startswith(prefix)]
        except Exception:
            return []
