"""Saving a hosted table as it goes, a little at a time (pure Python; the browser's
``localStorage`` is one :class:`Storage`, tests use :class:`MemoryStorage`).

A table is saved under ``clubtable.host.<id>`` in pieces, so a change writes a few hundred
bytes, not the whole table:

- ``<key>``: the head, ``{"format": 2, "log_len", "version", "now"}``, rewritten on every
  change (it is small);
- ``<key>.meta``: seats, tokens, options, seed, players, ``t0``, bot pace and the list of
  pictures: rewritten only when it changes (a claim, the start, a new picture);
- ``<key>.log.<k>``: entries ``k*LOG_CHUNK ..`` of the action log.  A full chunk is written
  once; only the last, open one is rewritten as it fills;
- ``<key>.asset.<hex>``: a picture, ``<mime>;<base64>``, written once.

Pieces are written log first, head last, so a save cut short by a closing tab restores to
the head's ``log_len``: a consistent earlier moment.  A write the storage refuses (its quota
is full) raises :class:`StorageFull`, which the caller reports: a table is never lost
silently.
"""
from __future__ import annotations

import base64
import json
from typing import Optional

__all__ = ["StorageFull", "Storage", "MemoryStorage", "TableSaver", "load_table", "delete_table",
           "TokenBook", "HOST_PREFIX", "GUEST_PREFIX", "LOG_CHUNK"]

HOST_PREFIX = "clubtable.host."
LOG_CHUNK = 16
FORMAT = 2


class StorageFull(Exception):
    """The storage refused a write (its quota is full)."""


class Storage:
    """What the save code needs of a key-value store of strings."""

    def get(self, key: str) -> Optional[str]:
        raise NotImplementedError

    def set(self, key: str, value: str) -> None:
        """Raises StorageFull when the value does not fit."""
        raise NotImplementedError

    def delete(self, key: str) -> None:
        raise NotImplementedError

    def keys(self, prefix: str = "") -> list:
        """The stored keys that start with ``prefix``, sorted."""
        raise NotImplementedError


class MemoryStorage(Storage):
    """A dict with a quota in characters (``localStorage`` counts keys and values), which
    also counts what was written."""

    def __init__(self, quota: Optional[int] = None) -> None:
        self.data: dict = {}
        self.quota = quota
        self.writes = 0
        self.chars_written = 0

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.data.items())

    def get(self, key: str) -> Optional[str]:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            old = len(key) + len(self.data[key]) if key in self.data else 0
            if self.used() - old + len(key) + len(value) > self.quota:
                raise StorageFull("The quota is full.")
        self.data[key] = value
        self.writes += 1
        self.chars_written += len(key) + len(value)

    def delete(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self, prefix: str = "") -> list:
        return sorted(k for k in self.data if k.startswith(prefix))


def _dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class TableSaver:
    """Saves one table incrementally into ``storage``; ``save(table)`` after each change."""

    def __init__(self, storage: Storage, table_id: str) -> None:
        self.storage = storage
        self.key = HOST_PREFIX + table_id
        self._meta: Optional[str] = None
        self._full_chunks = 0         # chunks written for good
        self._open: Optional[str] = None
        self._assets: list = []

    def _set(self, key: str, value: str) -> None:
        self.storage.set(key, value)

    def save(self, table) -> None:
        """Write what changed since the last save.  Raises StorageFull."""
        data = table.save(include_log=False)
        head = {"format": FORMAT, "log_len": 0, "version": data.pop("version"), "now": data.pop("now")}
        data.pop("log", None)
        data["format"] = FORMAT
        data["assets"] = list(self._assets)
        log = table.state["log"] if table.state is not None else []
        full = len(log) // LOG_CHUNK
        if full < self._full_chunks:              # a new game in the same table: start over
            self._full_chunks, self._open = 0, None
        for k in range(self._full_chunks, full):
            self._set(f"{self.key}.log.{k}", _dumps(log[k * LOG_CHUNK:(k + 1) * LOG_CHUNK]))
        if full > self._full_chunks:
            self._full_chunks, self._open = full, None
        rest = log[full * LOG_CHUNK:]
        if rest:
            text = _dumps(rest)
            if text != self._open:
                self._set(f"{self.key}.log.{full}", text)
                self._open = text
        meta = _dumps(data)
        if meta != self._meta:
            self._set(self.key + ".meta", meta)
            self._meta = meta
        head["log_len"] = len(log)
        self._set(self.key, _dumps(head))

    def save_asset(self, ref: str, mime: str, data: bytes) -> Optional[str]:
        """Keep a picture (once); returns a readable reason when the storage is full."""
        if ref in self._assets:
            return None
        try:
            self._set(f"{self.key}.asset.{ref[7:]}", mime + ";" + base64.b64encode(data).decode("ascii"))
        except StorageFull:
            return ("This browser's storage for the page is full: the picture was not kept. "
                    "Finish or close other tables, or use smaller pictures.")
        self._assets.append(ref)
        self._meta = None                          # the list of pictures is in the meta
        return None

    def restored(self, assets: list, log_len: int) -> None:
        """After a restore: these pictures and the full log chunks are saved already."""
        self._assets = list(assets)
        self._full_chunks = log_len // LOG_CHUNK


def load_table(storage: Storage, table_id: str) -> Optional[tuple]:
    """``(data, assets)`` of a saved table: ``data`` is what ``Table.restore`` takes, assets
    ``[(ref, mime, bytes)]``.  None when nothing is saved.  Reads the one-piece format 1 too."""
    key = HOST_PREFIX + table_id
    text = storage.get(key)
    if text is None:
        return None
    head = json.loads(text)
    if head.get("format") == 1:
        return head, []
    if head.get("format") != FORMAT:
        raise ValueError("unknown save format")
    data = json.loads(storage.get(key + ".meta") or "null")
    if not isinstance(data, dict):
        raise ValueError("the saved table has no meta")
    n = int(head["log_len"])
    log: list = []
    k = 0
    while len(log) < n:
        chunk = storage.get(f"{key}.log.{k}")
        if chunk is None:
            raise ValueError(f"log chunk {k} is missing")
        log.extend(json.loads(chunk))
        k += 1
    data.update(format=1, log=log[:n], version=head["version"], now=head["now"])
    assets = []
    for ref in data.pop("assets", []):
        stored = storage.get(f"{key}.asset.{ref[7:]}")
        if stored is not None and ";" in stored:
            mime, b64 = stored.split(";", 1)
            assets.append((ref, mime, base64.b64decode(b64)))
    return data, assets


def delete_table(storage: Storage, table_id: str, keys: Optional[list] = None) -> None:
    """Remove every piece of a saved table (``keys``: the storage's keys, when it can list
    them; else the pieces the head and meta name)."""
    key = HOST_PREFIX + table_id
    if keys is None:
        keys = [key, key + ".meta"]
        try:
            head = json.loads(storage.get(key) or "{}")
            meta = json.loads(storage.get(key + ".meta") or "{}")
        except ValueError:
            head, meta = {}, {}
        n = int(head.get("log_len") or 0) if isinstance(head, dict) else 0
        keys += [f"{key}.log.{k}" for k in range(n // LOG_CHUNK + 1)]
        keys += [f"{key}.asset.{r[7:]}" for r in (meta.get("assets") or [] if isinstance(meta, dict) else [])]
    for k in keys:
        if k == key or k.startswith(key + "."):
            storage.delete(k)


GUEST_PREFIX = "clubtable.guest."     # + table id: the rejoin tokens this browser holds there
MAX_TABLES_REMEMBERED = 20


class TokenBook:
    """Rejoin tokens a browser keeps per table and seat (in ``localStorage``, so a guest tab
    closed and opened again takes its seat back).  Several tabs of one browser may sit at
    the same table, so a token is taken back only for a seat nobody holds now."""

    INDEX = GUEST_PREFIX + "index"

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def _load(self, table_id: str) -> dict:
        try:
            data = json.loads(self.storage.get(GUEST_PREFIX + table_id) or "{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def remember(self, table_id: str, seat: int, token: str, name: str) -> None:
        seats = self._load(table_id)
        seats[str(seat)] = {"token": token, "name": name}
        try:
            self.storage.set(GUEST_PREFIX + table_id, _dumps(seats))
            index = [t for t in self._index() if t != table_id] + [table_id]
            for old in index[:-MAX_TABLES_REMEMBERED]:
                self.storage.delete(GUEST_PREFIX + old)
            self.storage.set(self.INDEX, _dumps(index[-MAX_TABLES_REMEMBERED:]))
        except StorageFull:
            pass                            # the session copy still works for this tab

    def _index(self) -> list:
        try:
            index = json.loads(self.storage.get(self.INDEX) or "[]")
        except ValueError:
            return []
        return [t for t in index if isinstance(t, str)] if isinstance(index, list) else []

    def forget(self, table_id: str, seat: Optional[int] = None) -> None:
        if seat is None:
            self.storage.delete(GUEST_PREFIX + table_id)
            return
        seats = self._load(table_id)
        if seats.pop(str(seat), None) is not None:
            try:
                self.storage.set(GUEST_PREFIX + table_id, _dumps(seats))
            except StorageFull:
                pass

    def recall(self, table_id: str, seat_summaries: Optional[list]) -> Optional[dict]:
        """``{"seat", "token", "name"}`` for a remembered seat of this table that the host's
        public summary shows as a remote seat not connected now; None otherwise (also when
        the summary is unknown: better a fresh seat than another tab's)."""
        if not isinstance(seat_summaries, list):
            return None
        for key, rec in sorted(self._load(table_id).items()):
            if not key.isdigit() or not isinstance(rec, dict) or not isinstance(rec.get("token"), str):
                continue
            seat = int(key)
            if seat < len(seat_summaries) and isinstance(seat_summaries[seat], dict) and \
                    seat_summaries[seat].get("kind") == "remote" and not seat_summaries[seat].get("connected"):
                return {"seat": seat, "token": rec["token"], "name": rec.get("name") or ""}
        return None
