"""WebRTC data channels between tabs and devices, with no server.

* Same browser: tabs talk over a ``BroadcastChannel``.  Hosts announce their tables; a guest
  sends its offer addressed to a table id, the host answers.  The BroadcastChannel carries
  only signalling and lobby summaries, never game messages.
* Other devices: the host makes an offer into an invite code (``sdp.compact``) shown as a
  link and QR code; the guest's page answers with a reply code that the host pastes.

Candidates are gathered completely before a description is sent (no trickle ICE): with no
ICE servers only host candidates exist and gathering ends within milliseconds, and a single
message per side is what a person can copy.  Every message that arrives here is treated as
hostile until parsed; game messages go to :mod:`clubtable.session`, which checks them again.
"""
from __future__ import annotations

import asyncio
import json
import secrets
import time
from typing import Callable, Optional

from pyodide.ffi import create_proxy, to_js

from ..session.chunks import ChunkError, Outbox, Reassembler, Splitter
from ..session.protocol import MAX_HOST_BYTES
from . import ice
from . import sdp as sdpcode
from . import trace

CHANNEL = "clubtable-v1"
MAX_BUFFERED = 8 << 20      # bytes queued in a channel beyond which a send is refused
MAX_EARLY = 64              # messages kept while nobody listens yet
GATHER_TIMEOUT_S = 4.0
MAX_SIGNAL_BYTES = 8192


class NoWebRTC(ConnectionError):
    """This browser has no WebRTC (switched off in a hardened or managed profile, or a build
    without it): nothing can link it to another tab or device.  Solo and pass-and-play need
    no link, so the page starts and plays without it."""


def _page():
    """The page's global object, looked up at each use: this module is imported into the
    snapshot, which is made where there is no page (see ``ui.browser.arrive``)."""
    import js
    return js


def has_webrtc() -> bool:
    """Looked up when a link is made, never at import: a page whose browser lacks WebRTC
    must still start."""
    return getattr(_page(), "RTCPeerConnection", None) is not None


def _peer_connection(config):
    if not has_webrtc():
        raise NoWebRTC("This browser cannot link tabs or devices: it has no WebRTC.")
    return _page().RTCPeerConnection.new(config)


def _js(obj):
    return to_js(obj, dict_converter=_page().Object.fromEntries)


def rtc_config(ice_servers: Optional[list] = None):
    """No ICE servers by default (same network); a club may add its own STUN/TURN servers,
    and ask for the relay only (:mod:`.ice`)."""
    return _js(ice.config(ice_servers or []))


class Link:
    """One ordered, reliable data channel to one peer.  Messages of any size go through
    :mod:`clubtable.session.chunks` (bounded frames out, bounded reassembly in: at most
    ``max_in`` characters, set by the side that owns the link)."""

    def __init__(self, pc, peer_id: str) -> None:
        self.pc = pc
        self.peer_id = peer_id
        self.channel = None
        self._on_message: Optional[Callable[[str], None]] = None
        self._early: list = []        # messages that came before anyone listened (bounded)
        self.on_close: Callable[[], None] = lambda: None
        self.on_error: Callable[[str, str], None] = lambda code, reason: None   # a broken frame
        self.max_in = MAX_HOST_BYTES
        # True: frames go to on_message as they arrive, pieces too (the host's table
        # reassembles them itself, paying for each from the peer's budget: Table.frame)
        self.raw_frames = False
        # True: long messages keep the host's flow control (a guest's link: chunks.Outbox)
        self.paced = False
        self._outbox: Optional[Outbox] = None
        self._splitter = Splitter()
        self._reassembler: Optional[Reassembler] = None
        self.last_error: Optional[str] = None
        self.opened = asyncio.get_event_loop().create_future()
        self._proxies: list = []
        self.closed = False
        self._on(pc, "connectionstatechange", self._state)

    @property
    def on_message(self) -> Callable[[str], None]:
        return self._on_message or self._early_message

    @on_message.setter
    def on_message(self, fn: Callable[[str], None]) -> None:
        # The peer may speak as soon as the channel opens, before this side has attached
        # its handler (an invite completes in another task): nothing it said is lost.
        self._on_message = fn
        early, self._early = self._early, []
        for text in early:
            fn(text)

    def _early_message(self, text: str) -> None:
        if len(self._early) < MAX_EARLY:
            self._early.append(text)

    def _on(self, target, event: str, fn) -> None:
        proxy = create_proxy(fn)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def attach(self, channel) -> None:
        if self.closed:                 # a channel opened on a link already dropped
            channel.close()
            return
        self.channel = channel
        self._on(channel, "open", lambda e: (not self.opened.done()) and self.opened.set_result(True))
        self._on(channel, "message", self._frame)
        self._on(channel, "close", lambda e: self._closed())
        if str(channel.readyState) == "open" and not self.opened.done():
            self.opened.set_result(True)

    def _frame(self, event) -> None:
        if self.closed:                        # dropped: what it still had queued is not read
            return
        trace.mark("rx")
        data = event.data
        if not isinstance(data, str):          # the protocol is text; binary is refused
            self.on_error("bad_frame", "The message is not text.")
            return
        if self.raw_frames:
            self.on_message(data)
            return
        if self._reassembler is None or self._reassembler.max_chars != self.max_in:
            self._reassembler = Reassembler(self.max_in)
        try:
            text = self._reassembler.feed(data)
        except ChunkError as err:
            self.on_error(err.code, err.reason)
            return
        if text is not None:
            self.on_message(text)

    def _state(self, _e) -> None:
        if str(self.pc.connectionState) in ("failed", "closed", "disconnected"):
            self._closed()

    def _closed(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self.on_close()
        finally:
            if not self.opened.done():
                self.opened.set_result(False)

    @property
    def is_open(self) -> bool:
        return self.channel is not None and str(self.channel.readyState) == "open"

    def send(self, text: str) -> bool:
        """Send one message (in pieces when it is long).  False, with ``last_error`` saying
        why, when it could not be sent: the caller reports it, retries or drops the peer."""
        if not self.is_open:
            self.last_error = "The connection is closed."
            return False
        if int(self.channel.bufferedAmount) > MAX_BUFFERED:
            self.last_error = "The peer is not reading its messages."
            return False
        if self.paced:
            if self._outbox is None:
                self._outbox = Outbox()
            return self._send_frames(self._outbox.put(text, time.monotonic() * 1000))
        return self._send_frames(self._splitter.frames(text))

    def _send_frames(self, frames: list) -> bool:
        try:
            for frame in frames:
                self.channel.send(frame)
            trace.mark("tx")
            return True
        except Exception as exc:  # closed between the check and the send, or refused
            self.last_error = f"The message could not be sent ({type(exc).__name__})."
            return False

    def acked(self, msg_id: int, count: int, key: str) -> None:
        """The host's ``got``: more pieces of the long message being sent may go."""
        if self._outbox is not None and self.is_open:
            self._send_frames(self._outbox.acked(msg_id, count, key))

    def give_up(self) -> None:
        """The host refused the long message being sent: what waited behind it goes."""
        if self._outbox is not None and self.is_open:
            self._send_frames(self._outbox.give_up())

    def close(self) -> None:
        """Stop reading at once; the peer connection goes in the next task.  Its ``close()``
        waits on the browser's WebRTC threads, which a flooding peer keeps busy (1–18 ms
        measured, ``bench/flood.py --partial --trace``): not in the task that dropped it."""
        trace.mark("link.closing")
        try:
            if self.channel is not None:
                self.channel.close()
        except Exception:
            pass
        trace.mark("link.channel_closed")
        try:
            asyncio.get_event_loop().call_soon(self._close_pc)
        except RuntimeError:            # no running loop (a test's fake): close it now
            self._close_pc()
        self._closed()

    def _close_pc(self) -> None:
        trace.mark("link.pc_closing")
        try:
            self.pc.close()
        except Exception:
            pass
        trace.mark("link.pc_closed")


async def _gathered(pc) -> None:
    waited = 0.0
    while str(pc.iceGatheringState) != "complete" and waited < GATHER_TIMEOUT_S:
        await asyncio.sleep(0.02)
        waited += 0.02


async def make_offer(peer_id: str, ice_servers=None) -> tuple:
    """The offering side (a guest in the same browser, or a host inviting another device)."""
    pc = _peer_connection(rtc_config(ice_servers))
    link = Link(pc, peer_id)
    link.attach(pc.createDataChannel("clubtable", _js({"ordered": True})))
    await pc.setLocalDescription(await pc.createOffer())
    await _gathered(pc)
    return link, str(pc.localDescription.sdp)


async def accept_offer(peer_id: str, offer_sdp: str, ice_servers=None) -> tuple:
    """The answering side: returns the link and the answer SDP."""
    pc = _peer_connection(rtc_config(ice_servers))
    link = Link(pc, peer_id)
    link._on(pc, "datachannel", lambda e: link.attach(e.channel))
    await pc.setRemoteDescription(_js({"type": "offer", "sdp": offer_sdp}))
    await pc.setLocalDescription(await pc.createAnswer())
    await _gathered(pc)
    return link, str(pc.localDescription.sdp)


async def complete_offer(link: Link, answer_sdp: str) -> None:
    await link.pc.setRemoteDescription(_js({"type": "answer", "sdp": answer_sdp}))


# --------------------------------------------------------------------------- same browser
class Lobby:
    """The BroadcastChannel shared by every tab of the page in this browser.

    Messages: ``who`` (a tab asks for open tables), ``table`` (a host's public summary),
    ``gone`` (a table closed), ``offer`` / ``answer`` (signalling for one connection).
    """

    def __init__(self) -> None:
        self.tab_id = secrets.token_hex(6)
        # a browser without BroadcastChannel has no same-browser lobby; the page still plays
        channel = getattr(_page(), "BroadcastChannel", None)
        self.channel = channel.new(CHANNEL) if channel is not None else None
        self.tables: dict = {}            # table id -> summary (from other tabs)
        self.on_tables: Callable[[], None] = lambda: None
        self.on_offer: Callable[[str, str, str], None] = lambda table_id, peer, sdp: None
        self.host_summaries: Callable[[], list] = lambda: []   # this tab's own open tables
        self._waiting: dict = {}          # peer id -> future(answer sdp)
        self._proxy = create_proxy(self._receive)
        if self.channel is not None:
            self.channel.addEventListener("message", self._proxy)

    def post(self, msg: dict) -> None:
        if self.channel is not None:
            self.channel.postMessage(json.dumps(msg))

    def hello(self) -> None:
        """BroadcastChannel does not buffer: a new tab must ask, hosts then answer."""
        self.post({"k": "who"})

    def announce(self) -> None:
        for summary in self.host_summaries():
            self.post({"k": "table", "id": summary["table"], "info": summary})

    def gone(self, table_id: str) -> None:
        self.post({"k": "gone", "id": table_id})

    def _receive(self, event) -> None:
        data = event.data
        if not isinstance(data, str) or len(data) > MAX_SIGNAL_BYTES:
            return
        try:
            msg = json.loads(data)
        except ValueError:
            return
        if not isinstance(msg, dict):
            return
        kind = msg.get("k")
        if kind == "who":
            self.announce()
        elif kind == "table" and isinstance(msg.get("id"), str) and isinstance(msg.get("info"), dict):
            self.tables[msg["id"]] = msg["info"]
            self.on_tables()
        elif kind == "gone" and isinstance(msg.get("id"), str):
            if self.tables.pop(msg["id"], None) is not None:
                self.on_tables()
        elif kind == "offer" and all(isinstance(msg.get(k), str) for k in ("to", "from", "sdp")):
            self.on_offer(msg["to"], msg["from"], msg["sdp"])
        elif kind == "answer" and all(isinstance(msg.get(k), str) for k in ("to", "sdp")):
            fut = self._waiting.pop(msg["to"], None)
            if fut is not None and not fut.done():
                fut.set_result(msg["sdp"])

    async def connect(self, table_id: str, timeout_s: float = 8.0, ice_servers=None) -> Link:
        """Guest side: open a data channel to the host of ``table_id`` in another tab (through
        the host's servers: a host that allows only its relay answers with nothing else)."""
        peer_id = "p" + secrets.token_hex(6)
        link, offer = await make_offer(peer_id, ice_servers)
        fut = asyncio.get_event_loop().create_future()
        self._waiting[peer_id] = fut
        self.post({"k": "offer", "to": table_id, "from": peer_id, "sdp": offer})
        try:
            answer = await asyncio.wait_for(fut, timeout_s)
        except asyncio.TimeoutError:
            self._waiting.pop(peer_id, None)
            link.close()
            raise ConnectionError("The host did not answer.")
        await complete_offer(link, answer)
        if not await asyncio.wait_for(link.opened, timeout_s):
            raise ConnectionError("The connection closed before it opened.")
        return link

    async def answer(self, table_id: str, peer_id: str, offer_sdp: str, ice_servers=None) -> Link:
        """Host side: answer an offer that a guest tab addressed to ``table_id``."""
        link, answer = await accept_offer(peer_id, offer_sdp, ice_servers)
        self.post({"k": "answer", "to": peer_id, "from": table_id, "sdp": answer})
        return link


# --------------------------------------------------------------------------- other devices
async def invite(ice_servers=None) -> tuple:
    """Host: a fresh offer as an invite code.  Returns ``(link, code)``."""
    peer_id = "i" + secrets.token_hex(6)
    link, offer = await make_offer(peer_id, ice_servers)
    return link, sdpcode.compact(offer)


async def accept_invite(code: str, ice_servers=None) -> tuple:
    """Guest: answer an invite code.  Returns ``(link, reply_code)``; raises CodeError."""
    kind, offer = sdpcode.expand(code)
    if kind != "offer":
        raise sdpcode.CodeError("this is a reply code, not an invite")
    link, answer = await accept_offer("host", offer, ice_servers)
    return link, sdpcode.compact(answer)


async def finish_invite(link: Link, reply_code: str) -> None:
    """Host: complete the connection with the guest's reply code; raises CodeError."""
    kind, answer = sdpcode.expand(reply_code)
    if kind != "answer":
        raise sdpcode.CodeError("this is an invite, not a reply code")
    await complete_offer(link, answer)
