"""Invite codes: a WebRTC offer or answer squeezed into ~100–170 URL-safe characters.

A full data-channel SDP is ~700 characters and mostly random, so compression barely helps.
Instead the code keeps only what is specific to this connection — ICE user fragment and
password, the DTLS fingerprint, the setup role and the candidates — and the other side
rebuilds a complete SDP from a fixed template.  Pure Python: tested under CPython.

Format (fields joined by ``.``)::

    c1 . <o|a> . <ufrag> . <pwd> . <fingerprint: 32 bytes, base64url> . <candidate> ...

A candidate is ``<typ><kind><address>~<port base36>`` with typ ``h`` host, ``s`` srflx,
``p`` prflx, ``r`` relay; kind ``m`` an mDNS name (a UUID, 16 bytes), ``4``/``6`` an IP
address, ``n`` any other name (escaped).  Only UDP candidates are carried.
"""
from __future__ import annotations

import base64
import ipaddress
import re
import uuid
from urllib.parse import quote, unquote

VERSION = "c1"
MAX_CODE = 2000
_TYP = {"host": "h", "srflx": "s", "prflx": "p", "relay": "r"}
_TYP_BACK = {v: k for k, v in _TYP.items()}
_ICE_CHARS = re.compile(r"^[A-Za-z0-9+/]{4,256}$")


class CodeError(ValueError):
    """The code is not one this page made (mistyped, truncated or hostile)."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _ice_out(s: str) -> str:
    return s.replace("+", "-").replace("/", "_")


def _ice_in(s: str) -> str:
    return s.replace("-", "+").replace("_", "/")


def _address_out(addr: str) -> str:
    if addr.endswith(".local"):
        try:
            return "m" + _b64(uuid.UUID(addr[:-6]).bytes)
        except ValueError:
            pass
    try:
        ip = ipaddress.ip_address(addr)
        return ("4" if ip.version == 4 else "6") + _b64(ip.packed)
    except ValueError:
        return "n" + quote(addr, safe="")


def _address_in(text: str) -> str:
    kind, body = text[:1], text[1:]
    if kind == "m":
        return str(uuid.UUID(bytes=_unb64(body))) + ".local"
    if kind in "46" and kind:
        return str(ipaddress.ip_address(_unb64(body)))
    if kind == "n":
        name = unquote(body)
        if not re.fullmatch(r"[A-Za-z0-9.\-:]{1,255}", name):
            raise CodeError("bad candidate address")
        return name
    raise CodeError("bad candidate address")


def compact(sdp: str) -> str:
    """Offer or answer SDP -> invite code."""
    ufrag = pwd = fp = None
    role = None
    cands = []
    for line in sdp.splitlines():
        line = line.strip()
        if line.startswith("a=ice-ufrag:"):
            ufrag = line.split(":", 1)[1]
        elif line.startswith("a=ice-pwd:"):
            pwd = line.split(":", 1)[1]
        elif line.startswith("a=fingerprint:sha-256 "):
            fp = bytes.fromhex(line.split(" ", 1)[1].replace(":", ""))
        elif line.startswith("a=setup:"):
            role = "o" if line.endswith("actpass") else "a"
        elif line.startswith("a=candidate:"):
            parts = line[len("a=candidate:"):].split()
            if len(parts) >= 8 and parts[2].lower() == "udp" and parts[6] == "typ":
                typ = _TYP.get(parts[7])
                if typ:
                    cands.append(f"{typ}{_address_out(parts[4])}~{_base36(int(parts[5]))}")
    if not (ufrag and pwd and fp and role):
        raise CodeError("the description lacks ICE credentials or a fingerprint")
    return ".".join([VERSION, role, _ice_out(ufrag), _ice_out(pwd), _b64(fp), *cands])


def expand(code: str) -> tuple:
    """Invite code -> ``(sdp_type, sdp)`` with sdp_type ``"offer"`` or ``"answer"``."""
    code = (code or "").strip()
    if len(code) > MAX_CODE:
        raise CodeError("the code is too long")
    parts = code.split(".")
    if len(parts) < 5 or parts[0] != VERSION or parts[1] not in ("o", "a"):
        raise CodeError("this is not a clubtable code")
    role, ufrag, pwd = parts[1], _ice_in(parts[2]), _ice_in(parts[3])
    if not (_ICE_CHARS.match(ufrag) and _ICE_CHARS.match(pwd)):
        raise CodeError("bad ICE credentials")
    try:
        fp = _unb64(parts[4])
    except (ValueError, TypeError) as e:
        raise CodeError("bad fingerprint") from e
    if len(fp) != 32:
        raise CodeError("bad fingerprint")
    lines = [
        "v=0", "o=- 4611731400430051336 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
        "a=extmap-allow-mixed", "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for i, cand in enumerate(parts[5:]):
        try:
            head, port = cand.split("~", 1)
            typ = _TYP_BACK[head[0]]
            addr = _address_in(head[1:])
            port_n = int(port, 36)
        except (KeyError, ValueError, IndexError) as e:
            raise CodeError("bad candidate") from e
        if not 0 < port_n < 65536:
            raise CodeError("bad candidate port")
        prio = (126 if typ == "host" else 100 if typ == "srflx" else 0) << 24 | (65535 - i) << 8 | 255
        lines.append(f"a=candidate:{1000 + i} 1 udp {prio} {addr} {port_n} typ {typ} generation 0")
    lines += [
        f"a=ice-ufrag:{ufrag}", f"a=ice-pwd:{pwd}", "a=ice-options:trickle",
        "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in fp),
        "a=setup:" + ("actpass" if role == "o" else "active"),
        "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
    ]
    return ("offer" if role == "o" else "answer"), "\r\n".join(lines) + "\r\n"


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if not n:
            return out
