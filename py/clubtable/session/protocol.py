"""The table's wire protocol: message shapes, encoding, and validation of what arrives.

Every message is one compact JSON object with ``"t"`` (its type), ``"table"`` (the table id)
and ``"seq"`` (the sender's strictly increasing number on this connection).  See
``docs/protocol.md`` for the full description.

Nothing from the network reaches a game before it has passed :func:`parse_guest` (on the
host) or :func:`parse_host` (on a guest).  Both check, in order: size, strict UTF-8, nesting
depth (counted on the raw text, before the JSON parser recurses), JSON syntax, that the
value is an object, the message type, and the type and bounds of every field.  A failure
raises :class:`ProtocolError` with a stable ``code`` and a readable English ``reason``.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
import unicodedata
from itertools import accumulate
from typing import Any, Callable, Optional, Union

from ..engine import schema as _schema
from ..engine.schema import is_int

__all__ = [
    "ProtocolError",
    "encode",
    "parse_guest",
    "parse_host",
    "check_action",
    "clean_name",
    "seed_hash",
    "GUEST_TYPES",
    "HOST_TYPES",
    "SEAT_KINDS",
    "MAX_GUEST_BYTES",
    "MAX_HOST_BYTES",
    "MAX_GUEST_DEPTH",
    "MAX_HOST_DEPTH",
    "MAX_NAME",
    "MAX_TOKEN",
    "MAX_TABLE_ID",
    "MAX_ACTION_TYPE",
    "MAX_ACTION_BYTES",
    "MAX_STRING",
    "MAX_TEXT",
    "MAX_SEQ",
    "MAX_ASSET_MESSAGE",
]

MAX_GUEST_BYTES = 24576         # a guest message, encoded as UTF-8 (free texts, asset parts)
MAX_HOST_BYTES = 1 << 20        # a host message (the `end` message carries the whole log)
MAX_GUEST_DEPTH = 8             # nesting of arrays/objects, the message object itself is 1
MAX_HOST_DEPTH = 32
MAX_NAME = 24                   # characters, after control characters are stripped
MAX_TOKEN = 64
MAX_TABLE_ID = 64
MAX_ACTION_TYPE = 32
MAX_ACTION_BYTES = 2048         # the action object, compact-encoded, not counting its free texts
MAX_STRING = 200                # any string inside an action, except free texts
MAX_TEXT = _schema.MAX_TEXT     # a free text: a string argument of the action itself (2000)
MAX_FREE_TEXTS = 2              # strings longer than MAX_STRING one action may carry
MAX_KEY = 32                    # any object key inside an action
MAX_CODE = 64                   # a reject code
MAX_REASON = 500                # a reject reason
MAX_SEQ = (1 << 53) - 1         # JavaScript's largest safe integer bounds every integer
MAX_ASSET_MESSAGE = 720_000     # an `asset` message: a picture of up to 512 KiB, in base64
ASSET_PREFIX = '{"t":"asset",'  # how `encode` begins one (only such a message may be that long)
MAX_SEATS = 64

GUEST_TYPES = ("hello", "intent", "ping", "bye", "asset")
HOST_TYPES = ("welcome", "update", "reject", "pong", "end", "lobby", "asset", "got")
SEAT_KINDS = ("local", "pass", "bot", "remote")

Raw = Union[str, bytes, bytearray, memoryview]


class ProtocolError(Exception):
    """A message that must not be processed.  ``code`` is stable; ``reason`` is a readable
    English sentence; ``ref`` is the message's ``seq`` when it could be read, else None."""

    def __init__(self, code: str, reason: str, ref: Optional[int] = None) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.message = reason       # same attribute name as IllegalAction, for the UI
        self.ref = ref


# ---------------------------------------------------------------------------- encoding
def encode(msg: dict) -> str:
    """Compact JSON (UTF-8 characters kept as they are; NaN and infinities refused)."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def seed_hash(table_id: str, seed: int) -> str:
    """The seed commitment sent in ``welcome``: sha256 hex of ``f"{table_id}:{seed}"``."""
    return hashlib.sha256(f"{table_id}:{int(seed)}".encode("utf-8")).hexdigest()


# ---------------------------------------------------------------------------- text
# Control, format (bidi overrides, zero-width), surrogate, private-use characters and the
# line/paragraph separators are removed from names.
_STRIP_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Zl", "Zp"))
_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_name(value: str) -> str:
    """``value`` without control/format characters and surrounding white space.  Markup is
    not touched: ``"<b>x</b>"`` stays exactly that text (the UI sets it as text content)."""
    kept = "".join(ch for ch in value if unicodedata.category(ch) not in _STRIP_CATEGORIES)
    return kept.strip()


# ---------------------------------------------------------------------------- raw checks
# A JSON string, or an unterminated one running to the end of the text.  It always
# matches at a quote, so substituting it is linear even for hostile input; written as runs
# of plain characters between escapes, it takes whole runs at a time (twice as fast as one
# alternative per character, on every message a guest reads).
_STRING_RE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.S)
_NOT_BRACKET_RE = re.compile(r"[^\[\]{}]+")
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


def _depth(text: str) -> int:
    """Greatest nesting of arrays and objects in ``text``, computed without recursion."""
    if "[" not in text and "{" not in text:
        return 0
    brackets = _NOT_BRACKET_RE.sub("", _STRING_RE.sub("", text))
    return max(accumulate(map(_DELTA.__getitem__, brackets)), default=0)


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _load(raw: Raw, max_bytes: int, max_depth: int) -> dict:
    if isinstance(raw, (bytes, bytearray, memoryview)):
        data = bytes(raw)
        if len(data) > max_bytes:
            raise ProtocolError("too_big", f"The message is larger than {max_bytes} bytes.")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_utf8", "The message is not valid UTF-8 text.") from None
    elif isinstance(raw, str):
        text = raw
        if len(text) > max_bytes:       # a character is at least one byte
            raise ProtocolError("too_big", f"The message is larger than {max_bytes} bytes.")
        try:
            size = len(text.encode("utf-8"))
        except UnicodeEncodeError:
            raise ProtocolError("bad_utf8", "The message is not valid UTF-8 text.") from None
        if size > max_bytes:
            raise ProtocolError("too_big", f"The message is larger than {max_bytes} bytes.")
    else:
        raise ProtocolError("bad_json", "The message is not text.")
    if _depth(text) > max_depth:
        raise ProtocolError("too_deep", f"The message is nested deeper than {max_depth} levels.")
    try:
        value = json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "The message is not valid JSON.") from None
    if not isinstance(value, dict):
        raise ProtocolError("not_object", "The message is not a JSON object.")
    return value


# ---------------------------------------------------------------------------- field checks
class _Bad(Exception):
    """A field failed its check; ``what`` completes "Field x must be ..."."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


Check = Callable[[Any], Any]



def _int(lo: int = -MAX_SEQ, hi: int = MAX_SEQ) -> Check:
    def check(v: Any) -> int:
        if not is_int(v) or not lo <= v <= hi:
            raise _Bad(f"an integer from {lo} to {hi}")
        return v
    return check


def _number(v: Any) -> Union[int, float]:
    if is_int(v):
        if abs(v) > MAX_SEQ:
            raise _Bad("a number of safe size")
        return v
    if isinstance(v, float) and math.isfinite(v):
        return v
    raise _Bad("a finite number")


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise _Bad("true or false")
    return v


def _str(max_len: int, min_len: int = 0) -> Check:
    def check(v: Any) -> str:
        if not isinstance(v, str) or not min_len <= len(v) <= max_len:
            raise _Bad(f"a text of {min_len} to {max_len} characters")
        if _SURROGATE.search(v):
            raise _Bad("valid Unicode text")
        return v
    return check


def _nullable(inner: Check) -> Check:
    def check(v: Any) -> Any:
        return None if v is None else inner(v)
    return check


def _dict(v: Any) -> dict:
    if not isinstance(v, dict):
        raise _Bad("an object")
    return v


def _list_of(inner: Check, max_items: int = 1 << 20) -> Check:
    def check(v: Any) -> list:
        if not isinstance(v, list) or len(v) > max_items:
            raise _Bad(f"a list of at most {max_items} items")
        return [inner(x) for x in v]
    return check


def _name(v: Any) -> str:
    if not isinstance(v, str):
        raise _Bad(f"a text of 1 to {MAX_NAME} characters")
    if _SURROGATE.search(v):
        raise _Bad("valid Unicode text")
    name = clean_name(v)
    if not 1 <= len(name) <= MAX_NAME:
        raise _Bad(f"a text of 1 to {MAX_NAME} characters (not counting control characters)")
    return name


_TABLE_ID = _str(MAX_TABLE_ID, 1)
_SEQ = _int(0, MAX_SEQ)
_SEAT = _int(0, MAX_SEATS - 1)
_TOKEN = _str(MAX_TOKEN, 1)


def _json_value(v: Any, max_str: int) -> None:
    """JSON data only: None, bool, safe int, finite float, bounded str, list, dict with str
    keys.  Depth is already bounded by the raw check, so recursion is shallow."""
    if v is None or isinstance(v, bool):
        return
    if isinstance(v, (int, float)):
        _number(v)
    elif isinstance(v, str):
        if len(v) > max_str:
            raise _Bad(f"made of texts of at most {max_str} characters")
        if _SURROGATE.search(v):
            raise _Bad("valid Unicode text")
    elif isinstance(v, list):
        for x in v:
            _json_value(x, max_str)
    elif isinstance(v, dict):
        for k, x in v.items():
            if not isinstance(k, str) or len(k) > MAX_KEY or _SURROGATE.search(k):
                raise _Bad(f"made of objects whose keys have at most {MAX_KEY} characters")
            _json_value(x, max_str)
    else:
        raise _Bad("JSON data")


def check_action(v: Any) -> dict:
    """Validate an action as a guest may send it.  Raises ProtocolError("bad_action")."""
    try:
        return _action(v)
    except _Bad as bad:
        raise ProtocolError("bad_action", f"Field action must be {bad.what}.") from None


def _action(v: Any) -> dict:
    if not isinstance(v, dict):
        raise _Bad("an object")
    t = v.get("type")
    if not isinstance(t, str) or not 1 <= len(t) <= MAX_ACTION_TYPE or _SURROGATE.search(t):
        raise _Bad(f"an object with a \"type\" text of 1 to {MAX_ACTION_TYPE} characters")
    if t == "tick":
        raise _Bad("something other than a timer tick")
    # A free text (the move's Text argument) is a string value of the action itself; it
    # has its own bound, and does not count towards the bytes of the rest.
    free = [k for k, x in v.items() if isinstance(x, str) and len(x) > MAX_STRING]
    if len(free) > MAX_FREE_TEXTS:
        raise _Bad(f"made of texts of at most {MAX_STRING} characters, except {MAX_FREE_TEXTS} free texts")
    for k in free:
        if len(v[k]) > MAX_TEXT:
            raise _Bad(f"made of free texts of at most {MAX_TEXT} characters")
        if _SURROGATE.search(v[k]):
            raise _Bad("valid Unicode text")
    rest = {k: ("" if k in free else x) for k, x in v.items()} if free else v
    _json_value(rest, MAX_STRING)
    try:
        size = len(encode(rest).encode("utf-8"))
    except (TypeError, ValueError):
        raise _Bad("JSON data") from None
    if size > MAX_ACTION_BYTES:
        raise _Bad(f"at most {MAX_ACTION_BYTES} bytes long")
    return v


def _any_json(v: Any) -> Any:
    _json_value(v, MAX_HOST_BYTES)
    return v


def _log_entry(v: Any) -> list:
    if not isinstance(v, list) or len(v) != 3:
        raise _Bad("a list of [seat, action, now_ms] entries")
    seat, action, now = v
    if seat is not None:
        _SEAT(seat)
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise _Bad("a list of [seat, action, now_ms] entries whose actions have a type")
    _any_json(action)
    _int(-MAX_SEQ, MAX_SEQ)(now)
    return v


def _seat_summary(v: Any) -> dict:
    if not isinstance(v, dict):
        raise _Bad("a list of seat objects")
    _str(MAX_NAME)(v.get("name"))
    kind = v.get("kind")
    if kind not in SEAT_KINDS:
        raise _Bad(f"a list of seats whose kind is one of {', '.join(SEAT_KINDS)}")
    _bool(v.get("connected"))
    for key in ("open",):
        if key in v:
            _bool(v[key])
    if v.get("level") is not None:
        _str(MAX_NAME)(v["level"])
    return v


_SEATS = _list_of(_seat_summary, MAX_SEATS)
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")
_PICTURE = re.compile(r"sha256:[0-9a-f]{64}\Z")
_BASE64 = re.compile(r"[A-Za-z0-9+/]*={0,2}\Z")


def _picture(v: Any) -> str:
    if not isinstance(v, str) or not _PICTURE.match(v):
        raise _Bad("sha256: and 64 lowercase hexadecimal digits")
    return v


def _mime(v: Any) -> str:
    if v not in ("image/png", "image/webp", "image/jpeg"):
        raise _Bad("image/png, image/webp or image/jpeg")
    return v


def _base64(v: Any) -> str:
    if not isinstance(v, str) or not 0 < len(v) <= MAX_ASSET_MESSAGE or len(v) % 4 or not _BASE64.match(v):
        raise _Bad(f"base64 text of at most {MAX_ASSET_MESSAGE} characters")
    return v


def _hash(v: Any) -> str:
    if not isinstance(v, str) or not _HEX64.match(v):
        raise _Bad("64 lowercase hexadecimal digits")
    return v


# field -> (check, required, default)
_GUEST_SCHEMA: dict = {
    "hello": {
        "name": (_name, True, None),
        "token": (_nullable(_TOKEN), False, None),
        "seat": (_nullable(_SEAT), False, None),
        "spectate": (_bool, False, False),
    },
    "intent": {
        "seat": (_nullable(_SEAT), True, None),
        "action": (_action, True, None),
    },
    "ping": {
        "ts": (_number, True, None),
    },
    "bye": {},
    "asset": {
        "ref": (_picture, True, None),
        "mime": (_mime, True, None),
        "data": (_base64, True, None),
    },
}

_HOST_SCHEMA: dict = {
    "welcome": {
        "seat": (_nullable(_SEAT), True, None),
        "token": (_nullable(_TOKEN), True, None),
        "game": (_str(64, 1), True, None),
        "options": (_dict, True, None),
        "seed_hash": (_hash, True, None),
        "players": (_list_of(_str(MAX_NAME), MAX_SEATS), True, None),
        "seats": (_SEATS, True, None),
        "full": (_bool, False, False),
    },
    "update": {
        "v": (_int(0, MAX_SEQ), True, None),
        "seat": (_nullable(_SEAT), True, None),
        "view": (_nullable(_dict), True, None),
        "legal": (_list_of(_dict), True, None),
        "moves": (_list_of(_str(MAX_ACTION_TYPE, 1), 256), False, []),
        "awaited": (_list_of(_SEAT, MAX_SEATS), False, []),
        "seats": (_SEATS, True, None),
        "result": (_nullable(_dict), True, None),
        "now": (_int(), True, None),
        "started": (_bool, True, None),
    },
    "reject": {
        "ref": (_nullable(_SEQ), True, None),
        "code": (_str(MAX_CODE, 1), True, None),
        "reason": (_str(MAX_REASON), True, None),
        # which sentence the reason is, and the values it shows: the guest's screen says it in
        # its own language (``refusal.<code>.<rule>``); the reason is the protocol's English
        "rule": (_nullable(_str(MAX_CODE, 1)), False, None),
        "params": (_nullable(_dict), False, None),
    },
    "pong": {
        "ts": (_number, True, None),
        "hidden": (_bool, False, False),      # the host's page is in the background
    },
    "got": {                                  # flow control of a long message (session/chunks.py)
        "id": (_int(0, MAX_SEQ), True, None),
        "n": (_int(1, 4096), True, None),
        "key": (_str(24, 1), True, None),
    },
    "end": {
        "game": (_str(64, 1), False, None),
        "seed": (_int(0, MAX_SEQ), True, None),
        "options": (_dict, True, None),
        "players": (_list_of(_str(MAX_NAME), MAX_SEATS), True, None),
        "t0": (_int(), True, None),
        "log": (_list_of(_log_entry), True, None),
        "result": (_nullable(_dict), True, None),
    },
    "asset": {
        "ref": (_picture, True, None),
        "mime": (_mime, True, None),
        "data": (_base64, True, None),
    },
    "lobby": {
        "game": (_str(64, 1), True, None),
        "title": (_str(200), False, ""),
        "host": (_str(MAX_NAME), True, None),
        "seats": (_SEATS, True, None),
        "open_seats": (_int(0, MAX_SEATS), True, None),
        "started": (_bool, True, None),
    },
}


def _validate(obj: dict, schema: dict, strict: bool) -> dict:
    ref = obj.get("seq") if is_int(obj.get("seq")) and 0 <= obj["seq"] <= MAX_SEQ else None
    t = obj.get("t")
    if not isinstance(t, str) or t not in schema:
        shown = t if isinstance(t, str) and len(t) <= 32 else "?"
        raise ProtocolError("unknown_type", f"Unknown message type {shown!r}.", ref)
    fields = schema[t]
    out: dict = {"t": t}
    for name, check in (("table", _TABLE_ID), ("seq", _SEQ)):
        if name not in obj:
            raise ProtocolError("missing_field", f"Field {name} is missing.", ref)
        try:
            out[name] = check(obj[name])
        except _Bad as bad:
            raise ProtocolError("bad_field", f"Field {name} must be {bad.what}.", ref) from None
    if strict:
        extra = set(obj) - set(fields) - {"t", "table", "seq"}
        if extra:
            shown = sorted(str(k)[:32] for k in extra)[0]
            raise ProtocolError("unknown_field", f"A {t} message has no field {shown!r}.", ref)
    for name, (check, required, default) in fields.items():
        if name not in obj:
            if required:
                raise ProtocolError("missing_field", f"Field {name} is missing.", ref)
            out[name] = default
            continue
        try:
            out[name] = check(obj[name])
        except _Bad as bad:
            code = "bad_action" if name == "action" else "bad_name" if name == "name" else "bad_field"
            raise ProtocolError(code, f"Field {name} must be {bad.what}.", ref) from None
    if not strict:                      # keep fields a newer host may add
        for name, value in obj.items():
            out.setdefault(name, value)
    return out


def parse_guest(raw: Raw) -> dict:
    """Validate a guest→host message.  Returns a new dict with every field of its type
    (optional ones filled with defaults, the name cleaned).  Unknown fields are refused."""
    obj = _load(raw, _guest_limit(raw), MAX_GUEST_DEPTH)
    out = _validate(obj, _GUEST_SCHEMA, strict=True)
    if out["t"] != "asset" and _guest_limit(raw) != MAX_GUEST_BYTES and \
            len(raw.encode("utf-8") if isinstance(raw, str) else bytes(raw)) > MAX_GUEST_BYTES:
        # '{"t":"asset","t":"hello",...}': the last "t" counts, and so does the small limit
        raise ProtocolError("too_big", f"The message is larger than {MAX_GUEST_BYTES} bytes.", out["seq"])
    return out


def _guest_limit(raw: Raw) -> int:
    """Only an `asset` message, as ``encode`` writes it, may be longer than MAX_GUEST_BYTES."""
    if not isinstance(raw, (str, bytes, bytearray, memoryview)):
        return MAX_GUEST_BYTES
    head = raw[:len(ASSET_PREFIX)]
    if isinstance(head, (bytes, bytearray, memoryview)):
        head = bytes(head).decode("ascii", "replace")
    return MAX_ASSET_MESSAGE if head == ASSET_PREFIX else MAX_GUEST_BYTES


def parse_host(raw: Raw) -> dict:
    """Validate a host→guest message.  Unknown extra fields are kept (a newer host may add
    some); every known field must have its type and bounds."""
    obj = _load(raw, MAX_HOST_BYTES, MAX_HOST_DEPTH)
    return _validate(obj, _HOST_SCHEMA, strict=False)
