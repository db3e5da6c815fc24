"""This device's finished games, kept for the ``#/open`` list (pure Python over a
:class:`~clubtable.session.store.Storage`: the browser's ``localStorage`` in the page).

Each game is one key, ``clubtable.finished.<table id>`` = ``{"at", "game", "players",
"winners", "record"}`` where ``record`` is the record file's text (docs/RECORDS.md), read back
through the same strict ``record.read_record`` as a file.  The other fields only label the
list; a stored value that does not parse is skipped, never trusted.  At most ``MAX_GAMES`` games
and ``MAX_CHARS`` characters are kept, oldest dropped first, so the hosted tables that share the
store keep their room.  ``clubtable.finished_ids`` lists the tables already kept (deleted ones
too), so a reload of a finished table does not store it again.
"""
from __future__ import annotations

import json
from typing import Optional

from .store import Storage, StorageFull

PREFIX = "clubtable.finished."
SEEN_KEY = "clubtable.finished_ids"
MAX_GAMES = 20
MAX_CHARS = 1_500_000          # of localStorage's ~5 M per site
MAX_SEEN = 60

KEPT, ALREADY, TOO_BIG, FULL = "kept", "already", "too_big", "full"


def _load(raw: Optional[str]) -> Optional[dict]:
    """A stored entry, or None when it is damaged (anything but the shape written here)."""
    try:
        v = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        return None
    if not (isinstance(v, dict) and isinstance(v.get("record"), str) and isinstance(v.get("game"), str)
            and isinstance(v.get("at"), (int, float)) and not isinstance(v.get("at"), bool)
            and isinstance(v.get("players"), list) and all(isinstance(p, str) for p in v["players"])
            and isinstance(v.get("winners"), list) and all(isinstance(p, str) for p in v["winners"])):
        return None
    return v


class History:
    def __init__(self, store: Storage) -> None:
        self.store = store

    def _seen(self) -> list:
        try:
            v = json.loads(self.store.get(SEEN_KEY) or "[]")
        except ValueError:
            return []
        return [x for x in v if isinstance(x, str)] if isinstance(v, list) else []

    def entries(self) -> list:
        """``[(table id, entry)]``, newest first; damaged ones left out."""
        out = []
        for key in self.store.keys(PREFIX):
            entry = _load(self.store.get(key))
            if entry is not None:
                out.append((key[len(PREFIX):], entry))
        out.sort(key=lambda kv: kv[1]["at"], reverse=True)
        return out

    def record_text(self, table_id: str) -> Optional[str]:
        entry = _load(self.store.get(PREFIX + table_id))
        return entry["record"] if entry else None

    def delete(self, table_id: str) -> None:
        self.store.delete(PREFIX + table_id)

    def keep(self, table_id: str, record: dict, now: float) -> str:
        """Keep a finished table's ``record`` (once per table).  Returns ``kept``, ``already``,
        ``too_big`` (over the whole cap: pictures) or ``full`` (the store refused it even with
        the older games dropped).  Never raises for a store that is full."""
        seen = self._seen()
        if table_id in seen:
            return ALREADY
        from .record import write_record
        names = [p["name"] for p in record["players"]]
        won = (record.get("result") or {}).get("winners") or []
        text = json.dumps({"at": now, "game": record["game"], "players": names,
                           "winners": [names[w] for w in won if isinstance(w, int) and 0 <= w < len(names)],
                           "record": write_record(record).decode("utf-8")},
                          separators=(",", ":"), ensure_ascii=False)
        self._mark(seen, table_id)
        if len(text) > MAX_CHARS:
            return TOO_BIG
        # oldest first out, until this one fits within both caps
        older = sorted(((e["at"], tid, len(self.store.get(PREFIX + tid) or ""))
                        for tid, e in self.entries()))
        total = sum(n for _, _, n in older)
        while older and (len(older) >= MAX_GAMES or total + len(text) > MAX_CHARS):
            _, tid, n = older.pop(0)
            self.delete(tid)
            total -= n
        for key in self.store.keys(PREFIX):    # damaged entries only take room
            if _load(self.store.get(key)) is None:
                self.store.delete(key)
        while True:
            try:
                self.store.set(PREFIX + table_id, text)
                return KEPT
            except StorageFull:
                if not older:
                    return FULL
                self.delete(older.pop(0)[1])

    def _mark(self, seen: list, table_id: str) -> None:
        try:
            self.store.set(SEEN_KEY, json.dumps((seen + [table_id])[-MAX_SEEN:]))
        except StorageFull:
            pass            # at worst a reload keeps the same game again
