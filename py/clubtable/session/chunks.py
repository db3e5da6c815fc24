"""Messages of any size over a data channel that takes at most 256 KiB at a time.

A message is JSON text and always starts with ``{``.  One that is longer than
``CHUNK_CHARS`` characters is sent as frames ``~<id>/<i>/<n>|<piece>``: piece ``i`` of
``n`` of message ``id``, in order (the channel is ordered and reliable).  ``CHUNK_CHARS``
characters are at most 64 KiB of UTF-8, well under the channel's limit; a short message
goes as it is, so the common case costs nothing.

The receiving :class:`Reassembler` holds at most one partial message, never more than
``max_chars`` characters of it, and refuses a frame that breaks the order or the bounds
(:class:`ChunkError`) before buffering it: a hostile peer cannot make it hold more.  The
host feeds it in :meth:`Table.frame <clubtable.session.table.Table.frame>`, which pays for
every piece from the peer's byte budget first.
"""
from __future__ import annotations

import re
from typing import Optional

__all__ = ["CHUNK_CHARS", "MARK", "ChunkError", "split", "Splitter", "Reassembler"]

CHUNK_CHARS = 16_384
MARK = "~"
_HEADER_RE = re.compile(r"~(\d{1,15})/(\d{1,9})/(\d{1,9})\|")


class ChunkError(Exception):
    """A frame refused.  ``over``: it broke a bound (a message longer than allowed, or a
    second partial message begun), which no honest sender does; else it was malformed."""

    def __init__(self, code: str, reason: str, over: bool = False) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.message = reason
        self.over = over


def split(text: str, msg_id: int, size: int = CHUNK_CHARS) -> list:
    """The frames that carry ``text``: itself when it fits in one, else numbered pieces."""
    if len(text) <= size:
        return [text]
    n = -(-len(text) // size)
    return [f"{MARK}{msg_id}/{i}/{n}|{text[i * size:(i + 1) * size]}" for i in range(n)]


class Splitter:
    """The sending side of one link: numbers its long messages."""

    def __init__(self, size: int = CHUNK_CHARS) -> None:
        self.size = size
        self.next_id = 0

    def frames(self, text: str) -> list:
        if len(text) <= self.size:
            return [text]
        self.next_id += 1
        return split(text, self.next_id, self.size)


class Reassembler:
    """The receiving side of one link.  ``feed(frame)`` returns a whole message when one is
    complete, else None; raises ChunkError (and forgets the partial message) on a frame
    that is out of order or over the bounds."""

    def __init__(self, max_chars: int, size: int = CHUNK_CHARS) -> None:
        self.max_chars = max_chars
        self.size = size
        self._id: Optional[int] = None
        self._n = 0
        self._parts: list = []
        self._chars = 0

    @property
    def pending_chars(self) -> int:
        return self._chars

    def _reset(self) -> None:
        self._id, self._n, self._parts, self._chars = None, 0, [], 0

    def _fail(self, code: str, reason: str, over: bool = False) -> None:
        self._reset()
        raise ChunkError(code, reason, over)

    def feed(self, frame: str) -> Optional[str]:
        if not frame.startswith(MARK):
            if self._id is not None:
                self._fail("bad_chunk", "A message arrived in the middle of another one's pieces.")
            return frame
        m = _HEADER_RE.match(frame)
        if m is None:
            self._fail("bad_chunk", "A message piece has no readable header.")
        msg_id, i, n = (int(g) for g in m.groups())
        piece = frame[m.end():]
        if n < 2 or i >= n or n > -(-self.max_chars // self.size):
            self._fail("too_big", f"A message may be at most {self.max_chars} characters long.", True)
        if len(piece) > self.size or (i < n - 1 and len(piece) != self.size):
            self._fail("bad_chunk", "A message piece has the wrong size.")
        if i == 0:
            if self._id is not None:
                self._fail("bad_chunk", "A message began before the last one was complete.", True)
            self._id, self._n = msg_id, n
        elif msg_id != self._id or n != self._n or i != len(self._parts):
            self._fail("bad_chunk", "A message piece arrived out of order.")
        if self._chars + len(piece) > self.max_chars:
            self._fail("too_big", f"A message may be at most {self.max_chars} characters long.", True)
        self._parts.append(piece)
        self._chars += len(piece)
        if len(self._parts) < self._n:
            return None
        text = "".join(self._parts)
        self._reset()
        return text
