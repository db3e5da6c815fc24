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

**The host's flow control** (``window``).  A guest's long message (a picture: up to 44
pieces) goes at most ``WINDOW`` pieces ahead of what the host has read: after every
``ACK_EVERY`` pieces the host answers ``got`` with a fresh key, and a piece beyond the first
``WINDOW`` carries (``~<id>/<i>/<n>/<key>|``) the key of a ``got`` no more than ``WINDOW``
pieces before it.  The guest's :class:`Outbox` waits for them.  A peer that sends ahead
without them is refused at the first piece it could not have been asked for and dropped:
a flood of pieces is cut after ``WINDOW`` of them, not after a whole picture's 44, and no
more than a window of an honest picture is ever on its way.
"""
from __future__ import annotations

import re
import secrets
from collections import deque
from typing import Callable, Optional

__all__ = ["CHUNK_CHARS", "MARK", "WINDOW", "ACK_EVERY", "STALL_MS", "LET_GO", "ChunkError", "split", "Splitter", "Reassembler",
           "Outbox"]

CHUNK_CHARS = 16_384
MARK = "~"
WINDOW = 8          # pieces a guest may send beyond the host's last ``got`` (128 K characters)
ACK_EVERY = 4       # the host says ``got`` after every so many pieces of a message
STALL_MS = 30_000   # a long message that waited this long for a ``got`` is given up
# The host's refusals after which it no longer holds the partial message: its sender gives it up.
LET_GO = ("rate_limited", "bad_chunk")
_HEADER_RE = re.compile(r"~(\d{1,15})/(\d{1,9})/(\d{1,9})(?:/([A-Za-z0-9_-]{1,24}))?\|")


def _piece(msg_id: int, i: int, n: int, piece: str, key: str = "") -> str:
    return f"{MARK}{msg_id}/{i}/{n}{'/' + key if key else ''}|{piece}"


class ChunkError(Exception):
    """A frame refused.  ``over``: it broke a bound (a message longer than allowed, or a
    second partial message begun), which no honest sender does; else it was malformed."""

    def __init__(self, code: str, reason: str, over: bool = False) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.message = reason
        self.over = over


def _cut(text: str, size: int) -> list:
    """``text`` in pieces of ``size`` characters (the last may be shorter)."""
    return [text[i:i + size] for i in range(0, len(text), size)]


def split(text: str, msg_id: int, size: int = CHUNK_CHARS) -> list:
    """The frames that carry ``text``: itself when it fits in one, else numbered pieces."""
    if len(text) <= size:
        return [text]
    pieces = _cut(text, size)
    return [_piece(msg_id, i, len(pieces), piece) for i, piece in enumerate(pieces)]


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
    that is out of order or over the bounds.  With a ``window`` (the host reading a guest)
    it keeps the flow control: after a feed, ``ack`` is ``(id, count, key)`` when the
    sender is to be told ``got``, else None."""

    def __init__(self, max_chars: int, size: int = CHUNK_CHARS, window: Optional[int] = None,
                 keys: Callable[[], str] = lambda: secrets.token_urlsafe(6)) -> None:
        self.max_chars = max_chars
        self.size = size
        self.window = window
        self._keys = keys
        self._id: Optional[int] = None
        self._n = 0
        self._parts: list = []
        self._chars = 0
        self._acks: dict = {}           # key -> the count of pieces it acknowledged
        self.ack: Optional[tuple] = None

    @property
    def pending_chars(self) -> int:
        return self._chars

    def _reset(self) -> None:
        self._id, self._n, self._parts, self._chars, self._acks = None, 0, [], 0, {}

    def _fail(self, code: str, reason: str, over: bool = False) -> None:
        self._reset()
        raise ChunkError(code, reason, over)

    def feed(self, frame: str) -> Optional[str]:
        self.ack = None
        if not frame.startswith(MARK):
            if self._id is not None:
                self._fail("bad_chunk", "A message arrived in the middle of another one's pieces.")
            return frame
        m = _HEADER_RE.match(frame)
        if m is None:
            self._fail("bad_chunk", "A message piece has no readable header.")
        msg_id, i, n = (int(g) for g in m.groups()[:3])
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
        count = i + 1
        if self.window is not None and count > self.window:
            key = m.group(4)
            if key is None or key not in self._acks or count > self._acks[key] + self.window:
                self._fail("too_fast", "A message piece came before the host asked for it.", True)
        self._parts.append(piece)
        self._chars += len(piece)
        if len(self._parts) < self._n:
            if self.window is not None and count % ACK_EVERY == 0:
                key = self._keys()
                self._acks[key] = count
                self.ack = (msg_id, count, key)
            return None
        text = "".join(self._parts)
        self._reset()
        return text


class Outbox:
    """The sending side of a guest's link to its host, keeping the host's flow control
    (see the module's docstring).  ``put(text)`` and ``acked(...)`` return the frames that may
    go now; the rest wait, and a message after a long one waits behind it (the order
    holds).  A long message that has waited ``STALL_MS`` for a ``got`` (the host let it go
    without a word that reached us) is given up when the next message is put, so the link
    never stalls for good (``now_ms``: the caller's clock; None, no such check)."""

    def __init__(self, window: int = WINDOW, size: int = CHUNK_CHARS) -> None:
        self.window = window
        self.size = size
        self.next_id = 0
        self._queue: deque = deque()    # whole messages (str) and pieces (id, i, n, text)
        self._got: tuple = (None, 0, "")   # the host's last ``got``: id, count, key
        self._waiting_since: Optional[float] = None

    @property
    def waiting(self) -> int:
        """Frames not sent yet."""
        return len(self._queue)

    def put(self, text: str, now_ms: Optional[float] = None) -> list:
        if len(text) <= self.size:
            self._queue.append(text)
        else:
            self.next_id += 1
            pieces = _cut(text, self.size)
            self._queue.extend((self.next_id, i, len(pieces), piece) for i, piece in enumerate(pieces))
        if now_ms is not None and self._waiting_since is not None and now_ms - self._waiting_since >= STALL_MS:
            return self.give_up()
        out = self.ready()
        if now_ms is not None and self._queue and self._waiting_since is None:
            self._waiting_since = now_ms
        return out

    def acked(self, msg_id: int, count: int, key: str) -> list:
        """The host's ``got``: it has read ``count`` pieces of message ``msg_id``."""
        got_id, got_count, _ = self._got
        if msg_id != got_id or count > got_count:
            self._got = (msg_id, count, key)
        return self.ready()

    def give_up(self) -> list:
        """The host refused the long message being sent (its pieces are forgotten there):
        the rest of its pieces are dropped, and what waited behind it goes."""
        while self._queue and not isinstance(self._queue[0], str) and self._queue[0][1] > 0:
            self._queue.popleft()
        return self.ready()

    def ready(self) -> list:
        out = []
        while self._queue:
            head = self._queue[0]
            if isinstance(head, str):
                out.append(self._queue.popleft())
                continue
            msg_id, i, n, piece = head
            key = ""
            if i + 1 > self.window:
                got_id, got_count, key = self._got
                if got_id != msg_id or i + 1 > got_count + self.window:
                    break
            self._queue.popleft()
            out.append(_piece(msg_id, i, n, piece, key))
        if out or not self._queue:         # it moved: the wait for a got starts again
            self._waiting_since = None
        return out
