"""The STUN and TURN servers a club gives the page, as a person writes them (pure, tested
under CPython).

The set-up's field holds entries separated by spaces:

* ``stun:host[:port]`` — a STUN server: the devices learn their public addresses.
* ``turn:user:password@host[:port][?transport=udp|tcp]`` (or ``turns:``) — a TURN relay.
  WebRTC takes a relay's credentials apart from its URL; here they ride in the URL's
  user part, so that one line of text says everything (``%40`` and ``%3A`` write an ``@``
  or ``:`` inside them).
* ``relay`` — connect only through the TURN relay (``iceTransportPolicy: "relay"``): no
  device learns another's address, and a test can prove the relay carries the game.

A host's invitation link carries its entries (:func:`to_link`), so a guest on another
network uses the same servers; the guest's page checks them again (:func:`from_link`).
"""
from __future__ import annotations

import base64
import binascii
import ipaddress
import re
from urllib.parse import quote, unquote

RELAY = "relay"
MAX_ENTRIES = 8
MAX_ENTRY = 300
_HOST = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9.\-]{0,251}[A-Za-z0-9])?$")
_CREDENTIAL = re.compile(r"^[^\x00-\x1f\x7f]{1,128}$")


class IceError(ValueError):
    """An entry that is no STUN or TURN address.  ``code``: ``not_ice`` (no such address)
    or ``turn_user`` (a TURN relay without user name and password); ``entry``: the entry
    as it may be shown (its password hidden)."""

    def __init__(self, code: str, entry: str) -> None:
        super().__init__(f"{code}: {entry}")
        self.code = code
        self.entry = entry


def _split(entry: str) -> tuple:
    """``(scheme, user, password, where)``; raises IceError."""
    scheme, sep, rest = entry.partition(":")
    scheme = scheme.lower()
    if not sep or scheme not in ("stun", "turn", "turns") or len(entry) > MAX_ENTRY:
        raise IceError("not_ice", _shown(entry))
    user = password = None
    if "@" in rest:
        cred, rest = rest.rsplit("@", 1)
        user, colon, password = cred.partition(":")
        user, password = unquote(user), unquote(password)
        if scheme == "stun" or not colon or not _CREDENTIAL.match(user) or not _CREDENTIAL.match(password):
            raise IceError("turn_user" if scheme != "stun" else "not_ice", _shown(entry))
    where, _, query = rest.partition("?")
    if query and (scheme == "stun" or query.lower() not in ("transport=udp", "transport=tcp")):
        raise IceError("not_ice", _shown(entry))
    host, port = where, None
    if where.startswith("["):                               # [IPv6]:port
        host, _, port = where[1:].partition("]")
        port = port[1:] if port.startswith(":") else (None if not port else "x")
    elif where.count(":") == 1:
        host, port = where.split(":")
    elif ":" in where:                                      # IPv6 without brackets
        raise IceError("not_ice", _shown(entry))
    try:
        if ":" in host:
            ipaddress.IPv6Address(host)
        elif not _HOST.match(host):
            raise ValueError(host)
        if port is not None and not (port.isdigit() and 0 < int(port) < 65536):
            raise ValueError(port)
    except ValueError:
        raise IceError("not_ice", _shown(entry)) from None
    if scheme != "stun" and user is None:
        raise IceError("turn_user", _shown(entry))
    return scheme, user, password, rest


def _shown(entry: str) -> str:
    """The entry with its password hidden (it may be shown on a screen or in a report)."""
    scheme, _, rest = entry.partition(":")
    if "@" in rest:
        cred, where = rest.rsplit("@", 1)
        user, colon, _ = cred.partition(":")
        return f"{scheme}:{user}{':…' if colon else ''}@{where}"[:MAX_ENTRY]
    return entry[:MAX_ENTRY]


def entries(text: str) -> list:
    """The field's text as a list of checked entries (in order, without repeats); raises
    IceError for the first entry that is none."""
    out: list = []
    for entry in str(text or "").split():
        if entry.lower() == RELAY:
            entry = RELAY
        else:
            _split(entry)
        if entry not in out:
            out.append(entry)
    if len(out) > MAX_ENTRIES:
        raise IceError("not_ice", out[MAX_ENTRIES])
    return out


def config(items: list) -> dict:
    """An ``RTCConfiguration`` for checked entries: ``{"iceServers": [...]}`` and, with
    ``relay``, ``"iceTransportPolicy": "relay"``.  An entry that is none is left out."""
    servers = []
    for entry in items or []:
        try:
            scheme, user, password, where = _split(str(entry))
        except IceError:
            continue
        server = {"urls": f"{scheme}:{where}"}
        if user is not None:
            server.update(username=user, credential=password)
        servers.append(server)
    out: dict = {"iceServers": servers}
    if RELAY in (items or []):
        out["iceTransportPolicy"] = "relay"
    return out


def has_relay_server(items: list) -> bool:
    return any(str(e).lower().startswith(("turn:", "turns:")) for e in items or [])


def described(items: list) -> str:
    """The entries as a screen may show them: passwords hidden."""
    return " ".join(_shown(str(e)) for e in items or [])


def to_link(items: list) -> str:
    """Entries as one part of an invitation link (empty without any)."""
    if not items:
        return ""
    return base64.urlsafe_b64encode(" ".join(items).encode()).decode().rstrip("=")


def from_link(part: str) -> list:
    """The entries an invitation link carries; raises IceError when they are not ones a
    page made (a guest's page uses nothing it cannot check)."""
    part = str(part or "")
    if not part:
        return []
    if len(part) > 2 * MAX_ENTRIES * MAX_ENTRY or not re.fullmatch(r"[A-Za-z0-9_\-]+", part):
        raise IceError("not_ice", quote(part[:40]))
    try:
        text = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise IceError("not_ice", quote(part[:40])) from None
    return entries(text)
