"""The two sides of a table in a browser tab, on top of :mod:`clubtable.session`.

``HostTable`` runs the authoritative :class:`~clubtable.session.Table`: local, pass-and-play
and computer seats act through it directly; remote seats through data channels.  It ticks
the game clock, sends what the session emits, and saves the table after every change so a
reload resumes.  ``GuestTable`` mirrors a seat at someone else's table and reconnects with
its rejoin token.  Both give the screens the same thing: ``update_for(seat)`` and ``act``.
"""
from __future__ import annotations

import asyncio
import json
from typing import Callable, Optional

from ..engine import IllegalAction
from ..session import Table
from ..session.assets import asset_message, sniff
from ..session.guest import Guest
from ..session.limits import BoundedLog
from ..session.protocol import MAX_ASSET_MESSAGE, MAX_HOST_BYTES, ProtocolError, encode
from . import dom, storage

HOST_KEY = "clubtable.host."        # + table id, in localStorage: the saved table
HOSTING = "clubtable.hosting"       # in sessionStorage: this tab hosts that table id
GUEST = "clubtable.guest"           # in sessionStorage: {table, token, seat, name}
MESSAGE_LOG = (10_000, 8 << 20)     # the raw-message logs kept for tests: entries, characters


def _session_get(key: str):
    return storage.get(key, storage.SESSION)


def _session_set(key: str, value: Optional[str]) -> None:
    storage.put(key, value, storage.SESSION)


_current: list = [None]              # the tab's table controller, for the wire hook


def _expose_wire(ctl) -> None:
    """``window.clubtableWire(command, arg)``: the picture plumbing for page scripts (a file
    input's bytes, an object URL) and a loopback check of the links.  Commands: ``upload``
    (base64 bytes -> JSON {ref, error}), ``asset_url`` (ref -> URL or ""), ``linktest``
    (characters -> a promise of JSON: a message that long sent both ways over a data
    channel between two links in this tab)."""
    first = _current[0] is None
    _current[0] = ctl
    if not first:
        return
    import base64
    from js import window
    from pyodide.ffi import create_proxy

    def wire(command, arg=None):
        c = _current[0]
        command = str(command)
        if command == "upload":
            data = base64.b64decode(str(arg))
            if c.is_host:
                seats = c.local_seats()
                ref, error = c.upload(seats[0] if seats else None, data)
            else:
                ref, error = c.upload(data)
            return json.dumps({"ref": ref, "error": error})
        if command == "asset_url":
            return c.asset_url(str(arg)) or ""
        if command == "linktest":
            return asyncio.ensure_future(_linktest(int(arg)))
        return ""

    window.clubtableWire = create_proxy(wire)


async def _linktest(chars: int) -> str:
    from ..net import links
    a, offer = await links.make_offer("loop-a")
    b, answer = await links.accept_offer("loop-b", offer)
    await links.complete_offer(a, answer)
    await asyncio.wait_for(a.opened, 10)
    await asyncio.wait_for(b.opened, 10)
    got: dict = {"a": [], "b": []}
    a.on_message = got["a"].append
    b.on_message = got["b"].append
    text = json.dumps({"t": "big", "pad": "é" * chars}, ensure_ascii=False)
    sent = [a.send(text), b.send(text)]
    for _ in range(500):
        if got["a"] and got["b"]:
            break
        await asyncio.sleep(0.02)
    a.close()
    b.close()
    return json.dumps({"sent": sent, "bytes": len(text.encode()),
                       "a_to_b": bool(got["b"]) and got["b"][0] == text,
                       "b_to_a": bool(got["a"]) and got["a"][0] == text})


class HostTable:
    is_host = True

    def __init__(self, table: Table, lobby, on_change: Callable[[], None], ice_servers=None) -> None:
        self.table = table
        self.lobby = lobby
        self.on_change = on_change
        self.ice_servers = ice_servers or []
        self.links: dict = {}                # peer id -> Link
        self.pending_invites: dict = {}      # peer id -> Link (offer made, no reply yet)
        # (peer, text) sent, for tests and debugging: the most recent only
        self.message_log = BoundedLog(*MESSAGE_LOG, size=lambda entry: len(entry[1]))
        self._seen_version = -1
        self._running = True
        _expose_wire(self)
        _session_set(HOSTING, table.table_id)
        self.save()
        asyncio.ensure_future(self._loop())

    # -- what the screens use
    @property
    def game(self):
        return self.table.game

    def update_for(self, seat):
        return self.table.update_for(seat)

    def local_seats(self) -> list:
        return [i for i, s in enumerate(self.table.seats) if s["kind"] in ("local", "pass")]

    def act(self, seat: int, action: dict) -> Optional[str]:
        """Apply a local seat's action; returns the readable reason when it is refused."""
        try:
            outs = self.table.local(seat, action, dom.now_ms())
        except IllegalAction as e:
            return e.message
        self._after(outs)
        return None

    def upload(self, seat: Optional[int], data: bytes) -> tuple:
        """Share a picture from this device: ``(ref, None)``, or ``(None, reason)``."""
        try:
            ref = self.table.add_asset(bytes(data), dom.now_ms(), seat)
        except IllegalAction as e:
            return None, e.message
        return ref, None

    def asset_url(self, ref: str) -> Optional[str]:
        """An object URL for a picture of this table, or None when it is not here."""
        found = self.table.assets.get(ref)
        if found is None:
            return None
        from ..net import browser
        return browser.object_url(ref, *found)

    # -- plumbing
    def _send(self, outs) -> None:
        failed = []
        for peer, msg in outs or ():
            link = self.links.get(peer)
            if link is not None and peer not in failed:
                text = encode(msg)
                self.message_log.append((peer, text))
                if not link.send(text):
                    # never silent: a peer that cannot take our messages is closed; it
                    # comes back on a new link with its token and gets a fresh update
                    print("send failed, closing link to", peer, link.last_error)
                    failed.append(peer)
        for peer in failed + self.table.take_closing():
            link = self.links.pop(peer, None)
            if link is not None:
                link.close()          # on_close tells the table

    def _after(self, outs) -> None:
        self._send(outs)
        if self.table.version != self._seen_version:
            self._seen_version = self.table.version
            self.save()
            self.lobby.announce()
            self.on_change()

    async def _loop(self) -> None:
        while self._running:
            wake = self.table.next_wakeup()
            now = dom.now_ms()
            delay = 0.25 if wake is None else min(0.25, max(0.02, (wake - now) / 1000))
            await asyncio.sleep(delay)
            try:
                self._after(self.table.tick(dom.now_ms()))
            except Exception as e:  # a bug must not stop the clock of a whole table
                print("tick failed:", repr(e))

    def attach(self, link) -> None:
        self.links[link.peer_id] = link

        def message(text: str, peer=link.peer_id) -> None:
            self._after(self.table.receive(peer, text, dom.now_ms()))

        def closed(peer=link.peer_id) -> None:
            self.links.pop(peer, None)
            self._after(self.table.disconnect(peer, dom.now_ms()))

        def broken(code: str, reason: str, peer=link.peer_id) -> None:
            self._after(self.table.refuse(peer, code, reason, dom.now_ms()))

        link.max_in = MAX_ASSET_MESSAGE       # the longest guest message (parse_guest checks each type)
        link.on_message = message
        link.on_close = closed
        link.on_error = broken
        self._after(self.table.connect(link.peer_id, dom.now_ms()))

    async def accept_offer(self, peer_id: str, sdp: str) -> None:
        link = await self.lobby.answer(self.table.table_id, peer_id, sdp, self.ice_servers)
        self.attach(link)

    async def create_invite(self) -> tuple:
        from ..net import links
        link, code = await links.invite(self.ice_servers)
        self.pending_invites[link.peer_id] = link
        return link.peer_id, code

    async def finish_invite(self, peer_id: str, reply_code: str) -> None:
        from ..net import links
        link = self.pending_invites.get(peer_id)
        if link is None:
            raise ValueError("That invitation is no longer open.")
        await links.finish_invite(link, reply_code)
        del self.pending_invites[peer_id]
        if await asyncio.wait_for(link.opened, 15):
            self.attach(link)

    def replace_with_bot(self, seat: int) -> None:
        """A player who left is taken over by a computer player (the host decides)."""
        self._after(self.table.replace_with_bot(seat, None, dom.now_ms()))

    def start(self, fill_with_bots: bool = False) -> Optional[str]:
        try:
            outs = self.table.start(dom.now_ms(), allow_empty=fill_with_bots)
        except IllegalAction as e:
            return e.message
        self._after(outs)
        return None

    def save(self) -> None:
        storage.put(HOST_KEY + self.table.table_id, json.dumps(self.table.save()))

    def close(self) -> None:
        self._running = False
        _session_set(HOSTING, None)
        if self.table.state is not None and self.table.game.result(self.table.state) is not None:
            storage.delete(HOST_KEY + self.table.table_id)
        self.lobby.gone(self.table.table_id)
        for link in list(self.links.values()) + list(self.pending_invites.values()):
            link.close()

    @classmethod
    def resume_id(cls) -> Optional[str]:
        """The table this tab hosted before a reload, if it is still saved."""
        table_id = _session_get(HOSTING)
        if table_id and storage.get(HOST_KEY + table_id):
            return table_id
        return None

    @classmethod
    def restore(cls, table_id: str, lobby, on_change) -> "HostTable":
        data = json.loads(storage.get(HOST_KEY + table_id))
        return cls(Table.restore(data, now_ms=dom.now_ms()), lobby, on_change)


class GuestTable:
    is_host = False

    def __init__(self, table_id: str, name: str, lobby, on_change: Callable[[], None],
                 token: Optional[str] = None, seat: Optional[int] = None, spectate: bool = False) -> None:
        self.guest = Guest(table_id, name, token=token, seat=seat)
        self.lobby = lobby
        self.on_change = on_change
        self.link = None
        self.spectate = spectate
        self.status = "connecting"       # connecting | open | lost | ended
        self.received = BoundedLog(*MESSAGE_LOG)   # the recent raw messages from the host (tests)
        self.verified = None             # (ok, reason) after the end
        self.error: Optional[str] = None
        self.clock_offset = 0            # host now - local now
        self.invite_mode = False
        self.on_reject: Callable[[str], None] = lambda reason: None
        _expose_wire(self)

    @property
    def table_id(self) -> str:
        return self.guest.table_id

    def _remember(self) -> None:
        _session_set(GUEST, json.dumps({"table": self.guest.table_id, "token": self.guest.token,
                                        "seat": self.guest.seat, "name": self.guest.name}))

    def use(self, link) -> None:
        self.link = link
        self.status = "open"
        link.max_in = MAX_HOST_BYTES
        link.on_message = self._message
        link.on_close = self._lost
        if not link.send(self.guest.hello(spectate=self.spectate)):
            self.error = link.last_error or "Not connected to the host."
            link.close()                       # never silent: _lost reports and reconnects
        self.on_change()

    async def connect_local(self) -> None:
        """Same browser: find the host tab through the lobby channel, with retries (the
        host may be reloading)."""
        for attempt in range(30):
            try:
                link = await self.lobby.connect(self.guest.table_id)
            except ConnectionError as e:
                self.error = str(e)
                self.status = "lost"
                self.on_change()
                await asyncio.sleep(min(2.0, 0.3 * (attempt + 1)))
                continue
            self.error = None
            self.use(link)
            return

    def _message(self, text: str) -> None:
        self.received.append(text)
        events = self.guest.receive(text)
        for ev in events:
            kind = ev[0]
            if kind == "welcome":
                self._remember()
            elif kind == "update":
                if isinstance(self.guest.now, (int, float)):
                    self.clock_offset = int(self.guest.now) - dom.now_ms()
            elif kind == "reject":
                self.error = ev[2] if len(ev) > 2 else "Refused."
                self.on_reject(self.error)
            elif kind == "end":
                self.verified = (ev[1], ev[2] if len(ev) > 2 else "")
                self.status = "ended"
        self.on_change()

    def _lost(self) -> None:
        if self.status == "ended":
            return
        self.status = "lost"
        self.on_change()
        if not self.invite_mode:
            asyncio.ensure_future(self.connect_local())

    def update_for(self, seat):
        g = self.guest
        if not g.welcomed:
            return None
        return {"game": g.game_id, "seat": g.seat, "view": g.view, "legal": g.legal, "seats": g.seats,
                "result": g.result, "started": g.started, "now": g.now, "moves": g.moves,
                "awaited": g.awaited}

    @property
    def game(self):
        from ..games import GAMES
        return GAMES.get(self.guest.game_id)

    def local_seats(self) -> list:
        return [] if self.guest.seat is None else [self.guest.seat]

    def act(self, seat: int, action: dict) -> Optional[str]:
        try:
            text = self.guest.intent(action)
        except ProtocolError as e:   # over the protocol's bounds: the host would refuse it
            return e.message
        if self.link is None or not self.link.send(text):
            return "Not connected to the host." if self.link is None else \
                f"Not sent: {self.link.last_error or 'the connection is closed.'}"
        self.error = None
        return None

    def upload(self, data: bytes) -> tuple:
        """Share a picture with the host: ``(ref, None)`` once sent (use ``ref`` in the
        action), or ``(None, reason)``.  The picture is kept here too, for our own screen."""
        try:
            text, ref = self.guest.upload(bytes(data))
        except ProtocolError as e:
            return None, e.message
        if self.link is None or not self.link.send(text):
            return None, "Not connected to the host." if self.link is None else \
                f"Not sent: {self.link.last_error or 'the connection is closed.'}"
        self.guest.assets.receive(asset_message(ref, sniff(bytes(data)), bytes(data)))
        return ref, None

    def asset_url(self, ref: str) -> Optional[str]:
        found = self.guest.assets.get(ref)
        if found is None:
            return None
        from ..net import browser
        return browser.object_url(ref, *found)

    def close(self) -> None:
        _session_set(GUEST, None)
        if self.link is not None:
            self.link.send(self.guest.bye())
            self.link.close()

    @staticmethod
    def saved() -> Optional[dict]:
        raw = _session_get(GUEST)
        try:
            data = json.loads(raw) if raw else None
        except ValueError:
            return None
        return data if isinstance(data, dict) and isinstance(data.get("table"), str) else None
