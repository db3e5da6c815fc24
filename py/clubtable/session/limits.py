"""Bounds a host keeps so that no peer can flood it: token buckets and bounded logs.

A :class:`Bucket` refills at ``rate`` per second up to ``burst``; time is the ``now_ms``
the caller passes (the table's clock), so the buckets are deterministic and testable.
A :class:`BoundedLog` keeps the most recent entries within a count and a size.
"""
from __future__ import annotations

from collections import deque
from typing import Any, Iterator

__all__ = ["Bucket", "BoundedLog"]


class Bucket:
    """A token bucket: ``take(now_ms, cost)`` is True while the budget allows it."""

    __slots__ = ("rate", "burst", "level", "at")

    def __init__(self, rate: float, burst: float, now_ms: int = 0) -> None:
        self.rate = float(rate)          # tokens per second
        self.burst = float(burst)
        self.level = float(burst)
        self.at = now_ms

    def take(self, now_ms: int, cost: float = 1.0) -> bool:
        if now_ms > self.at:
            self.level = min(self.burst, self.level + (now_ms - self.at) * self.rate / 1000.0)
            self.at = now_ms
        if self.level >= cost:
            self.level -= cost
            return True
        return False


class BoundedLog:
    """The most recent entries, at most ``max_items`` of them and ``max_size`` in total
    (each entry's size is given by ``size(entry)``, default ``len``)."""

    def __init__(self, max_items: int, max_size: int, size=len) -> None:
        self.max_items = max_items
        self.max_size = max_size
        self._size_of = size
        self._items: deque = deque()
        self.size = 0
        self.dropped = 0                 # entries let go so far

    def append(self, item: Any) -> None:
        n = self._size_of(item)
        self._items.append((item, n))
        self.size += n
        while self._items and (len(self._items) > self.max_items or self.size > self.max_size):
            _, k = self._items.popleft()
            self.size -= k
            self.dropped += 1

    def __iter__(self) -> Iterator:
        return (item for item, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, i: int) -> Any:
        return self._items[i][0]

    def clear(self) -> None:
        self._items.clear()
        self.size = 0
