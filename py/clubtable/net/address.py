"""Where invitation links point (pure, tested under CPython).

A link made on ``http://localhost:8000/`` opens nothing on a phone: the host may set the base
of its invitation links (the club's public page, or this computer's address on the local
network, as ``build.py serve --lan`` prints it).  The link is that base plus
``#/join/<table>/<code>[/<game>/<seat>/<host>][/<servers>]``: the hash never reaches a server,
so the code (and the host's STUN/TURN servers, a relay's password included) stays in the
page.  ``game``, ``seat`` and ``host`` only let the join page say what the guest is joining
(the game, the seat's number from 1, the host's name, percent-encoded); they are public
facts of the table, checked like any input (an unknown game or seat, or a name that is not
one, is left out) and shown as text.  Links without them still work.
"""
from __future__ import annotations

import ipaddress
import unicodedata
from typing import Optional
from urllib.parse import quote, unquote, urlsplit, urlunsplit

MAX_BASE = 500          # characters: an address, not a document
MAX_NAME = 24           # a player's name, as the table keeps it
MAX_SEATS = 12


def clean_base(raw: str) -> Optional[str]:
    """``raw`` as the base of invitation links (``http(s)://host[:port]/path[?query]``, no
    hash, a bare host gets its ``/``), or None when it is no such address."""
    text = str(raw or "").strip()
    if not text or len(text) > MAX_BASE or any(c.isspace() for c in text):
        return None
    try:
        parts = urlsplit(text)
        parts.port                      # noqa: B018  (a bad port raises here)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", parts.query, ""))


def is_loopback(url: str) -> bool:
    """The address only reaches this very computer (``localhost``, ``127.x``, ``::1``)."""
    try:
        host = urlsplit(str(url)).hostname or ""
    except ValueError:
        return False
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def invite_link(base: str, table_id: str, code: str, game: Optional[str] = None,
                seat: Optional[int] = None, host: Optional[str] = None, servers: str = "") -> str:
    """The invitation: where it points, the table and the code, then (when given) what the
    join page names: ``game`` id, ``seat`` (0-based here, shown from 1) and ``host``'s name,
    and last the host's STUN/TURN ``servers`` as :func:`.ice.to_link` writes them."""
    link = f"{base}#/join/{table_id}/{code}"
    if game is not None and seat is not None:
        link += f"/{game}/{seat + 1}/{quote(clean_name(host or ''), safe='')}"
    return link + (f"/{servers}" if servers else "")


def join_servers(parts: list) -> str:
    """The servers part of a join route (split as for :func:`join_details`): the last part
    after the table and code alone, or after the game, seat and host."""
    return parts[2] if len(parts) == 3 else parts[5] if len(parts) >= 6 else ""


def clean_name(raw: str) -> str:
    """A name as text to show: no control or format characters, at most ``MAX_NAME``."""
    text = "".join(c for c in str(raw) if unicodedata.category(c)[0] != "C")
    return text.strip()[:MAX_NAME].strip()


def join_details(parts: list, games) -> dict:
    """What a join route (``#/join/...`` split at ``/``, without ``join``) says beyond the
    table and code: ``{"game", "seat", "host"}``, each None unless it is one this page
    knows (``games``: the game ids), a seat number from 1 to ``MAX_SEATS``, a name."""
    out = {"game": None, "seat": None, "host": None}
    extra = list(parts[2:5]) if len(parts) >= 5 else []
    if not extra:
        return out
    game, seat, host = extra
    if game in games:
        out["game"] = game
    if seat.isascii() and seat.isdigit() and 1 <= int(seat) <= MAX_SEATS:
        out["seat"] = int(seat)
    name = clean_name(unquote(host, errors="replace")) if len(host) <= 6 * MAX_NAME else ""
    out["host"] = name or None
    return out
