"""Pictures at a table: checked, stored once, and shown only to the seats that may see them.

A picture is named by its content, ``sha256:<64 hex>`` (``engine.schema.Picture``): the game
state and the log hold only this reference.  The bytes travel in one ``asset`` message each
way (``{"ref", "mime", "data": base64}``), which the link layer carries in bounded pieces
(:mod:`.chunks`).  The host

- accepts a picture only if its bytes are a PNG, WebP or JPEG (by their magic bytes, which
  must agree with the announced type), at most ``MAX_ASSET_BYTES`` long, and hash to the
  announced reference;
- keeps each picture once per table (``AssetStore``, bounded in count and bytes), with the
  seats that shared it: a move may name only pictures its own seat shared (``owned``), so a
  seat cannot launder another side's hidden picture through a move of its own;
- relays a picture to a peer only when its reference appears in the view that peer is about
  to receive (:meth:`AssetStore.due`), never before, and only once per link.

Guests keep what they received in an :class:`AssetInbox` (bounded, oldest let go first).
"""
from __future__ import annotations

import base64
import binascii
import hashlib
from collections import OrderedDict
from typing import Any, Optional

from ..engine.schema import PICTURE_RE

__all__ = ["AssetError", "MAX_ASSET_BYTES", "MAX_ASSET_CHARS", "MIME_TYPES", "sniff", "ref_of",
           "check", "refs_in", "asset_message", "AssetStore", "AssetInbox"]

MAX_ASSET_BYTES = 512 * 1024          # a picture after the browser scaled it down
MAX_ASSET_CHARS = 4 * (-(-MAX_ASSET_BYTES // 3))   # its base64 text
MAX_TABLE_ASSETS = 64                 # pictures one table keeps
MAX_TABLE_ASSET_BYTES = 16 << 20      # and their bytes in all
MIME_TYPES = ("image/png", "image/webp", "image/jpeg")


class AssetError(Exception):
    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.message = reason


def sniff(data: bytes) -> Optional[str]:
    """The picture type told by the first bytes, or None: PNG, WebP or JPEG only."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "image/png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    if data[:3] == b"\xff\xd8\xff":
        return "image/jpeg"
    return None


def ref_of(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def check(ref: Any, mime: Any, data: Any) -> bytes:
    """The picture's bytes from an ``asset`` message's fields, or AssetError."""
    if not isinstance(ref, str) or not PICTURE_RE.match(ref):
        raise AssetError("bad_asset", "A picture is named sha256: and 64 hexadecimal digits.")
    if mime not in MIME_TYPES:
        raise AssetError("bad_asset", "Only PNG, WebP and JPEG pictures can be shared.")
    if not isinstance(data, str) or len(data) > MAX_ASSET_CHARS:
        raise AssetError("too_big", f"A picture may be at most {MAX_ASSET_BYTES // 1024} KiB.")
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise AssetError("bad_asset", "The picture's data is not base64.") from None
    if not raw or len(raw) > MAX_ASSET_BYTES:
        raise AssetError("too_big", f"A picture may be at most {MAX_ASSET_BYTES // 1024} KiB.")
    if sniff(raw) != mime:
        raise AssetError("bad_asset", "That is not a PNG, WebP or JPEG picture.")
    if ref_of(raw) != ref:
        raise AssetError("bad_asset", "The picture does not match its sha256 reference.")
    return raw


def encode_data(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def asset_message(ref: str, mime: str, data: bytes) -> dict:
    """An ``asset`` message without ``table`` and ``seq`` (the sender adds them)."""
    return {"t": "asset", "ref": ref, "mime": mime, "data": encode_data(data)}


def refs_in(value: Any) -> list:
    """Every picture reference in a JSON value (a view, an action), in the order met.
    Iterative: views are small, but nothing here trusts that."""
    out: list = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if len(v) == 71 and v.startswith("sha256:") and PICTURE_RE.match(v) and v not in out:
                out.append(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


class AssetStore:
    """The host's pictures: ``{ref: (mime, bytes)}``, and what each peer has been sent."""

    def __init__(self, max_count: int = MAX_TABLE_ASSETS, max_bytes: int = MAX_TABLE_ASSET_BYTES) -> None:
        self.max_count = max_count
        self.max_bytes = max_bytes
        self.assets: dict = {}
        self.bytes = 0
        self.sent: dict = {}          # peer id -> set of refs it has received on this link
        self.owners: dict = {}        # ref -> seats that shared it (None: the host's device)

    def __contains__(self, ref: str) -> bool:
        return ref in self.assets

    def __len__(self) -> int:
        return len(self.assets)

    def get(self, ref: str) -> Optional[tuple]:
        return self.assets.get(ref)

    def room_for(self, size: int) -> None:
        if len(self.assets) >= self.max_count:
            raise AssetError("too_many_pictures", f"A table keeps at most {self.max_count} pictures.")
        if self.bytes + size > self.max_bytes:
            raise AssetError("too_many_pictures",
                             f"A table keeps at most {self.max_bytes >> 20} MiB of pictures.")

    def add(self, ref: str, mime: str, data: bytes) -> bool:
        """Keep a checked picture; False when it was already there (stored once)."""
        if ref in self.assets:
            return False
        self.room_for(len(data))
        self.assets[ref] = (mime, bytes(data))
        self.bytes += len(data)
        return True

    def own(self, ref: str, seat: Optional[int]) -> None:
        """``seat`` shared ``ref`` (the same bytes from two seats: both may use them)."""
        seats = self.owners.setdefault(ref, [])
        if seat not in seats:
            seats.append(seat)

    def foreign(self, value: Any, seat: Optional[int]) -> list:
        """References in ``value`` (``seat``'s action) to pictures ``seat`` did not share."""
        return [r for r in refs_in(value) if seat not in self.owners.get(r, ())]

    def missing(self, value: Any) -> list:
        """References in ``value`` (an action) to pictures the table does not have."""
        return [r for r in refs_in(value) if r not in self.assets]

    def due(self, peer_id: str, view: Any, refs: Optional[list] = None) -> list:
        """The references in ``view`` this peer may now see and has not been sent yet;
        marks them sent.  (``refs``: ``refs_in(view)`` when the caller has it already.)"""
        if not self.assets:
            return []
        have = self.sent.setdefault(peer_id, set())
        out = [r for r in (refs_in(view) if refs is None else refs) if r in self.assets and r not in have]
        have.update(out)
        return out

    def forget_peer(self, peer_id: str) -> None:
        self.sent.pop(peer_id, None)

    def message(self, ref: str) -> dict:
        mime, data = self.assets[ref]
        return asset_message(ref, mime, data)


class AssetInbox:
    """A guest's received pictures, most recent kept (bounded in count and bytes)."""

    def __init__(self, max_count: int = MAX_TABLE_ASSETS, max_bytes: int = MAX_TABLE_ASSET_BYTES) -> None:
        self.max_count = max_count
        self.max_bytes = max_bytes
        self.assets: OrderedDict = OrderedDict()
        self.bytes = 0

    def __contains__(self, ref: str) -> bool:
        return ref in self.assets

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AssetInbox) and dict(self.assets) == dict(other.assets)

    def get(self, ref: str) -> Optional[tuple]:
        return self.assets.get(ref)

    def receive(self, msg: dict) -> str:
        """Check and keep the picture of an ``asset`` message; returns its reference."""
        data = check(msg.get("ref"), msg.get("mime"), msg.get("data"))
        ref = msg["ref"]
        if ref in self.assets:
            self.assets.move_to_end(ref)
            return ref
        self.assets[ref] = (msg["mime"], data)
        self.bytes += len(data)
        while len(self.assets) > self.max_count or self.bytes > self.max_bytes:
            _, (_, old) = self.assets.popitem(last=False)
            self.bytes -= len(old)
        return ref
