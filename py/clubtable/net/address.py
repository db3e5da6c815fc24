"""Where invitation links point (pure, tested under CPython).

A link made on ``http://localhost:8000/`` opens nothing on a phone: the host may set the base
of its invitation links (the club's public page, or this computer's address on the local
network, as ``build.py serve --lan`` prints it).  The link is that base plus
``#/join/<table>/<code>[/<servers>]``: the hash never reaches a server, so the code (and the
host's STUN/TURN servers, a relay's password included) stays in the page.
"""
from __future__ import annotations

import ipaddress
from typing import Optional
from urllib.parse import urlsplit, urlunsplit

MAX_BASE = 500          # characters: an address, not a document


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


def invite_link(base: str, table_id: str, code: str, servers: str = "") -> str:
    """``servers``: the host's STUN/TURN servers as :func:`.ice.to_link` writes them."""
    return f"{base}#/join/{table_id}/{code}" + (f"/{servers}" if servers else "")
