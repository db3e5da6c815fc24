"""Every use of the browser's storage goes through here.

``localStorage`` keeps a hosted table across reloads; ``sessionStorage`` remembers which table
this tab hosts or joined.  Either may be refused: a cross-site iframe with third-party storage
blocked, a privacy mode, a full disk.  Then the page keeps working with values held in memory
for the life of the tab, and says once (``on_memory_only``) that a reload will not resume the
table.  Nothing at start-up depends on storage succeeding.
"""
from __future__ import annotations

from typing import Callable, Optional

from ..session.store import Storage, StorageFull
from .browser import window

LOCAL, SESSION = "localStorage", "sessionStorage"
NOTICE_KEY = "storage.memory_only"      # the text the app shows, in every language

_memory: dict = {LOCAL: {}, SESSION: {}}
_refused: set = set()                   # stores that failed once: memory from then on
_told = [False]
_listener: list = []                    # the app's callback, once it is up
_pending = [False]


def _isolate_preview() -> None:
    """The For-clubs preview frame shares this origin's storage with the tab that shows it:
    it keeps its own tables in memory so it never resumes or overwrites that tab's table."""
    try:
        search = str(window.location.search or "")
    except Exception:
        return
    if "preview=1" in search:
        _refused.update((LOCAL, SESSION))
        _told[0] = True


_isolate_preview()


def _store(name: str):
    """The browser store, or None when it is refused (reading the property may throw too)."""
    if name in _refused:
        return None
    try:
        store = getattr(window, name)
        store.length  # noqa: B018  (a blocked store throws here, not at the property)
        return store
    except Exception:
        _fall_back(name)
        return None


def _fall_back(name: str) -> None:
    _refused.add(name)
    if not _told[0]:
        _told[0] = True
        if _listener:
            _listener[0](NOTICE_KEY)
        else:
            _pending[0] = True


def on_memory_only(fn: Callable[[str], None]) -> None:
    """``fn(text_key)`` is called once, the first time a store is refused (now, if it was)."""
    _listener[:] = [fn]
    if _pending[0]:
        _pending[0] = False
        fn(NOTICE_KEY)


def memory_only() -> bool:
    return bool(_refused)


def get(key: str, store: str = LOCAL) -> Optional[str]:
    """A stored string, or None."""
    s = _store(store)
    if s is None:
        return _memory[store].get(key)
    try:
        v = s.getItem(key)
    except Exception:
        _fall_back(store)
        return _memory[store].get(key)
    return v if isinstance(v, str) else None


def put(key: str, value: Optional[str], store: str = LOCAL) -> None:
    """Store ``value`` (``None`` removes the key)."""
    mem = _memory[store]
    if value is None:
        mem.pop(key, None)
    else:
        mem[key] = value
    s = _store(store)
    if s is None:
        return
    try:
        if value is None:
            s.removeItem(key)
        else:
            s.setItem(key, value)
    except Exception:   # refused or full: memory keeps the value for this tab
        _fall_back(store)


def delete(key: str, store: str = LOCAL) -> None:
    put(key, None, store)


def _is_quota(exc: Exception) -> bool:
    """A write refused because the store is full (not because storage is blocked)."""
    return "quota" in (str(getattr(exc, "name", "")) + " " + str(exc)).lower()


def keys(prefix: str = "", store: str = LOCAL) -> list:
    s = _store(store)
    found = {k for k in _memory[store] if k.startswith(prefix)}
    if s is not None:
        try:
            found.update(k for k in (s.key(i) for i in range(int(s.length)))
                         if isinstance(k, str) and k.startswith(prefix))
        except Exception:
            _fall_back(store)
    return sorted(found)


class BrowserStore(Storage):
    """The session's save code's view of the browser's storage, through this module: a
    blocked store falls back to memory (said once), a full one raises ``StorageFull`` so the
    table reports it instead of losing it silently."""

    def __init__(self, store: str = LOCAL) -> None:
        self.store = store

    def get(self, key: str) -> Optional[str]:
        return get(key, self.store)

    def set(self, key: str, value: str) -> None:
        s = _store(self.store)
        if s is not None:
            try:
                s.setItem(key, value)
            except Exception as exc:
                if _is_quota(exc):
                    raise StorageFull(str(exc)) from None
                _fall_back(self.store)
        _memory[self.store][key] = value

    def delete(self, key: str) -> None:
        delete(key, self.store)

    def keys(self, prefix: str = "") -> list:
        return keys(prefix, self.store)
