"""The two sides of a table in a browser tab, on top of :mod:`clubtable.session`.

``HostTable`` runs the authoritative :class:`~clubtable.session.Table`: local, pass-and-play
and computer seats act through it directly; remote seats through data channels.  It ticks
the game clock, sends what the session emits, and saves the table after every change so a
reload resumes.  ``GuestTable`` mirrors a seat at someone else's table and reconnects with
its rejoin token.  Both implement :class:`TableController`, all the shell uses: it never
asks which of the two it holds.
"""
from __future__ import annotations

import asyncio
import collections
import json
import time
from typing import Callable, Optional

from ..engine import IllegalAction
from ..session import Table
from ..session.table import WakeClock
from ..session.assets import asset_message, sniff
from ..session.guest import Guest, Heartbeat
from ..session.store import StorageFull, TableSaver, TokenBook, delete_table, load_table
from ..session.limits import BoundedLog
from ..session.chunks import LET_GO
from ..session.protocol import MAX_ASSET_MESSAGE, MAX_HOST_BYTES, ProtocolError, encode
from ..net import ice, trace
from . import storage
from .browser import tab, timers
from .context import Refusal

HOST_KEY = "clubtable.host."        # + table id, in localStorage: the saved table
HOSTING = "clubtable.hosting"       # in sessionStorage: this tab hosts that table id
GUEST = "clubtable.guest"           # in sessionStorage: {table, token, seat, name}
MESSAGE_LOG = (10_000, 8 << 20)     # the raw-message logs kept for tests: entries, characters
FLOOD_BACKOFF_S = 3.0               # a guest the host dropped for flooding waits this long
HEARTBEAT_STEP_S = 0.5             # a guest looks at its heartbeat this often
GUEST_ANSWER_MS = 40                # a guest's screen waits this long for the host's answer to a move
SKIP_SLICE_S = 0.03                 # finishing at once: the computers' moves played between two draws
FIRST_LOOK_MS = 1500                # once the table is seen, the computers' first thought starts after this


def _monotonic_ms() -> float:
    return time.monotonic() * 1000


def _session_get(key: str):
    return storage.get(key, storage.SESSION)


def _session_set(key: str, value: Optional[str]) -> None:
    storage.put(key, value, storage.SESSION)


def _refusal(exc) -> Refusal:
    """An engine or protocol refusal, with its stable code (``refusal.<code>`` texts)."""
    return Refusal(str(getattr(exc, "code", "refused")), str(getattr(exc, "message", exc)),
                   getattr(exc, "reason", None), getattr(exc, "params", None))


class TableController:
    """The table as the shell sees it, hosted here or mirrored from another tab.

    ``ready``: the table is known (a guest has been welcomed); ``started``; ``seats``: the
    roster; ``updates()``: ``{seat: update}`` for the seats played on this device (each
    update carries ``view``, ``legal``, ``moves``, ``awaited``, ``seats``, ``result``);
    ``update_for(seat)``; ``act(seat, action) -> Refusal | None``; ``status``
    (``open``/``connecting``/``lost``/``ended``) and ``error``; ``clock_offset`` (host clock
    minus this tab's); ``is_host``; ``can_start``/``start(fill_with_bots)``;
    ``can_replace_with_bot(seat)``/``replace_with_bot(seat)``; ``can_invite`` and the
    invitation steps; ``verification``: ``(ok, why)`` once a guest checked the end, else
    None; ``seed``: the revealed seed (host); ``leave()``.
    """

    is_host = False
    can_invite = False
    status = "open"
    error: Optional[str] = None
    clock_offset = 0
    verification = None
    seed = None

    # How long the shell may wait for the table's answer to an action before it draws the
    # screen itself.  A host answers at once (and draws); a guest's answer comes over the
    # network, and drawing the unchanged table first would only delay it.
    answer_within_ms = 0
    host_away = False           # a guest's: the host's page stopped answering (asleep, frozen, gone)
    host_hidden = False         # a guest's: the host's page is in the background
    on_refusal: Callable[[Refusal], None] = staticmethod(lambda refusal: None)

    def finished_record(self) -> Optional[dict]:
        """The finished game's record (``session/record.py``), to replay, save and keep in
        this device's list; None while it runs, or when this tab cannot vouch for it.
        Making it replays the game's log: call it in idle time or on a click, not to draw."""
        return None

    def has_finished_record(self) -> bool:
        """Will :meth:`finished_record` give one?  Cheap: the result screen asks it to draw
        its Replay and Save buttons, inside the click that ended the game."""
        return False

    @property
    def can_start(self) -> bool:
        return False

    def can_replace_with_bot(self, seat: int) -> bool:
        return False

    def replace_with_bot(self, seat: int) -> Optional[Refusal]:
        return Refusal("not_host", "Only the host can do that.")

    def start(self, fill_with_bots: bool = False) -> Optional[Refusal]:
        return Refusal("not_host", "Only the host can start the game.")

    def updates(self) -> dict:
        return {s: self.update_for(s) for s in self.local_seats()}

    bots_hurried = False

    @property
    def ended(self) -> bool:
        """The game has a result."""
        up = self.update_for(None) if self.ready else None
        return bool(up and up.get("result"))

    def hurry_bots(self, skip_time: bool = False) -> Optional[Refusal]:
        return Refusal("not_host", "Only the host can do that.")

    def seen(self) -> None:
        """The table's screen has been drawn where its player can see it (a host's
        computer players wait for that before their first move)."""

    # Pass-and-play: the seat whose screen shows, and the seat the hand-over screen waits for
    # (None: no hand-over).  Kept here, not by the shell: the clocks stand still during a
    # hand-over, and holding them is a logged move, made after a change, never while drawing.
    focus_seat: Optional[int] = None
    handover_to: Optional[int] = None

    def refocus(self) -> None:
        """After every change of the table: the screen shows the local seat the game waits
        for (its update's ``awaited``), behind a hand-over screen whenever that seat changes;
        the game's clocks stand still while the hand-over screen is up (after a reload, which
        shows none, they run again)."""
        ups = self.updates() if self.ready and self.started else {}
        if ups:
            humans = list(ups)
            wanting = [s for s in humans if s in (ups[s].get("awaited") or ())]
            target = self.focus_seat if self.focus_seat in humans else humans[0]
            if wanting and target not in wanting:
                target = wanting[0]
            if target != self.focus_seat:
                if self.focus_seat is not None and len(humans) > 1:
                    self.handover_to = target
                self.focus_seat = target
        self.hold_clocks(self.handover_to is not None)

    def take_over(self) -> None:
        """Pass-and-play: the player the hand-over screen named has the device."""
        self.handover_to = None
        self.hold_clocks(False)

    def hold_clocks(self, hold: bool) -> None:
        """Hold the game's clocks (True) or let them run (False).  Only a host has clocks."""

    def offer(self, table_id: str, peer_id: str, sdp: str) -> None:
        """An offer on the lobby channel (only a host answers its own table's)."""

    def summaries(self) -> list:
        """What the lobby channel tells other tabs about this table (a host's only)."""
        return []

    def leave(self) -> None:
        self.close()


_current: list = [None]              # the tab's table controller, for the wire hook
_pending_keep: list = [None]         # the host table whose save waits for the next task
_leave_hook: list = []


def _flush_on_leave() -> None:
    """A save still waiting when the tab is closed or reloaded is made at once; so it is when
    the tab goes to the background (a phone may freeze, then discard it, without a
    ``pagehide``).  The host's table learns whether its page is hidden and tells its guests
    at once (and in every pong): its clocks may run late."""
    if _leave_hook:
        return

    def flush(*_):
        host = _pending_keep[0]
        if host is not None:
            host.keep()

    def visibility(*_):
        hidden = tab.page_hidden()
        host = _current[0]
        if isinstance(host, HostTable):
            host._send(host.table.set_hidden(hidden))
        if hidden:
            flush()
    _leave_hook.append(flush)
    tab.on_window("pagehide", flush)
    tab.on_window("visibilitychange", visibility)


def _expose_wire(ctl) -> None:
    """``window.clubtableWire(command, arg)``: the picture plumbing for page scripts (a file
    input's bytes, an object URL) and a loopback check of the links.  Commands: ``upload``
    (base64 bytes -> JSON {ref, error}), ``asset_url`` (ref -> URL or ""), ``act`` (an
    action as JSON for this tab's first seat -> the refusal or ""), ``status``, ``linktest``
    (characters -> a promise of JSON: a message that long sent both ways over a data
    channel between two links in this tab), ``route`` (a promise of JSON: the candidate
    types of each link's selected pair, ``[["relay", "relay"]]`` through a relay), ``late``
    (a host's, since the last ask: JSON ``{"due": [ms], "loop": [ms]}``, how long after it
    fell due each tick that had due work ran, and how much longer than it asked each of the
    clock loop's sleeps took)."""
    first = _current[0] is None
    _current[0] = ctl
    if not first:
        return
    import base64

    def wire(command, arg=None):
        c = _current[0]
        command = str(command)
        if command == "upload":
            data = base64.b64decode(str(arg))
            seats = c.local_seats()
            ref, error = c.upload(seats[0] if seats else None, data)
            return json.dumps({"ref": ref, "error": error})
        if command == "asset_url":
            return c.asset_url(str(arg)) or ""
        if command == "linktest":
            return asyncio.ensure_future(_linktest(int(arg)))
        if command == "route":
            return asyncio.ensure_future(_routes(c))
        if command == "late":                # a host's tick lateness since the last ask, ms
            out = {k: list(getattr(c, attr, ())) for k, attr in (("due", "lateness"), ("loop", "overslept"))}
            for attr in ("lateness", "overslept"):
                getattr(c, attr, []).clear()
            return json.dumps(out)
        if command == "act":                 # an action for this tab's (first) seat
            seats = c.local_seats()
            if not seats:
                return "No seat here."
            refusal = c.act(seats[0], json.loads(str(arg)))
            return "" if refusal is None else str(getattr(refusal, "message", refusal))
        if command == "status":
            return "host" if c.is_host else c.status
        return ""

    tab.expose_global("clubtableWire", wire)


async def _routes(ctl) -> str:
    """How each of this tab's links reaches its peer, from WebRTC's own statistics."""
    links = list(getattr(ctl, "links", {}).values()) or [x for x in [getattr(ctl, "link", None)] if x is not None]
    out = []
    for link in links:
        reports = {str(r.id): r for r in (await link.pc.getStats()).values()}
        for r in reports.values():
            pair = reports.get(str(getattr(r, "selectedCandidatePairId", ""))) if str(r.type) == "transport" else None
            if pair is not None:
                out.append([str(reports[str(pair.localCandidateId)].candidateType),
                            str(reports[str(pair.remoteCandidateId)].candidateType)])
    return json.dumps(out)


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


class HostTable(TableController):
    is_host = True
    can_invite = True

    def has_finished_record(self) -> bool:
        return self.table.result is not None

    def finished_record(self) -> Optional[dict]:
        table = self.table
        if not self.has_finished_record():
            return None
        key = (id(table.state), len(table.state["log"]))     # made once per finished state, not per draw
        if getattr(self, "_record", None) is None or self._record[0] != key:
            from ..session.record import record_from_table
            self._record = (key, record_from_table(table))
        return self._record[1]

    def __init__(self, table: Table, lobby, on_change: Callable[[], None], ice_servers=None,
                 restored: Optional[tuple] = None) -> None:
        self.table = table
        # saved as it goes (head + open log chunk per change, pictures once); a full storage
        # is reported (save_error, on_save_error) and refuses new pictures, never silently
        self.storage = storage.BrowserStore()
        self.saver = TableSaver(self.storage, table.table_id)
        if restored is not None:
            self.saver.restored(*restored)
        table.asset_sink = self.saver.save_asset
        self.save_error: Optional[str] = None
        self.on_save_error: Callable[[str], None] = lambda reason: None
        self.lobby = lobby
        self.on_change = on_change
        self.ice_servers = ice_servers or []
        self.links: dict = {}                # peer id -> Link
        self.pending_invites: dict = {}      # peer id -> Link (offer made, no reply yet)
        # (peer, text) sent, for tests and debugging: the most recent only
        self.message_log = BoundedLog(*MESSAGE_LOG, size=lambda entry: len(entry[1]))
        self._seen_version = -1
        self._ups_key, self._ups = None, {}  # this change's updates, by seat (update_for)
        self._keep_due = False               # a save (and lobby news) waits for the next task
        self._announced: Optional[str] = None
        self._running = True
        self.lateness = collections.deque(maxlen=4096)   # ms between due work and the tick that ran it
        self.overslept = collections.deque(maxlen=4096)  # ms each of the loop's sleeps overran
        self.clock = WakeClock(timers.now_ms())     # the table's time when the page may sleep
        _expose_wire(self)
        _flush_on_leave()
        table.hidden = tab.page_hidden()
        _session_set(HOSTING, table.table_id)
        self.refocus()                       # a reloaded table shows no hand-over: its clocks run
        self.save()
        asyncio.ensure_future(self._loop())
        self._warm_bots()

    def _warm_bots(self) -> None:
        # what this game's computer players would build in their first decisions, in idle
        # time now (only at a table that has them: it costs memory)
        if self.table.bots:
            from . import warmup
            warmup.prepare(self.table.game)

    # -- what the screens use
    @property
    def game(self):
        return self.table.game

    @property
    def ready(self) -> bool:
        return True

    @property
    def started(self) -> bool:
        return self.table.started

    @property
    def seats(self) -> list:
        return self.table.seat_summary()

    @property
    def table_id(self) -> str:
        return self.table.table_id

    @property
    def can_start(self) -> bool:
        return not self.table.started

    @property
    def seed(self):
        return self.table.state.get("seed") if self.table.state is not None and self.table.result else None

    def update_for(self, seat):
        # one projection per seat and change: the news, the draw after a move and a screen's
        # own redraws (a selection, "hold to show") read the same update.  The roster is in
        # the key: a peer's coming and going does not always change the table's version.
        t = self.table
        key = (t.version, id(t.state), tuple((s["kind"], s["name"], s.get("peer"), s.get("claimed"),
                                              s.get("level")) for s in t.seats))
        if key != self._ups_key:
            self._ups_key, self._ups = key, {}
        up = self._ups.get(seat)
        if up is None:
            up = self._ups[seat] = t.update_for(seat)
        return up

    def local_seats(self) -> list:
        return [i for i, s in enumerate(self.table.seats) if s["kind"] in ("local", "pass")]

    def act(self, seat: int, action: dict) -> Optional[Refusal]:
        """Apply a local seat's action; the refusal (code and reason) when it is refused."""
        try:
            outs = self.table.local(seat, action, timers.now_ms())
        except IllegalAction as e:
            return _refusal(e)
        self._after(outs)
        return None

    def summaries(self) -> list:
        info = self.table.lobby_info() | {"table": self.table.table_id}
        if self.ice_servers:        # tabs of this browser only: they connect through the same servers
            info["ice"] = list(self.ice_servers)
        return [info]

    @property
    def ended(self) -> bool:
        return self.table.result is not None

    @property
    def bots_hurried(self) -> bool:
        return self.table.bot_pace == 0

    def hurry_bots(self, skip_time: bool = False) -> Optional[Refusal]:
        """The computer players think no longer (pace 0): the game runs to its end at once,
        within its own clocks.  ``skip_time`` (no person has anything left to do: every one
        is out): the game's clocks need not be waited for either, so the table's time jumps
        to its next event at once (the log keeps those times: a replay is the same game)."""
        self.table.bot_pace = 0.0
        self.table.plans.clear()          # plans made at the old pace are made again
        self.table.release_bots(timers.now_ms())
        self.skip_time = bool(skip_time)
        self.save()
        return None

    skip_time = False

    def seen(self) -> None:
        # a moment to look before the first move; after that the computers' own pace
        self.table.release_bots(timers.now_ms(), FIRST_LOOK_MS)

    def hold_clocks(self, hold: bool) -> None:
        if hold == self.table.clocks_held:
            return
        now = timers.now_ms()
        self._send(self.table.hold_clocks(now) if hold else self.table.release_clocks(now))
        self._keep_soon()

    def take_over(self) -> None:
        super().take_over()
        self._seen_version = self.table.version     # the shell draws the player's screen itself

    def offer(self, table_id: str, peer_id: str, sdp: str) -> None:
        if table_id == self.table.table_id:
            asyncio.ensure_future(self.accept_offer(peer_id, sdp))

    def upload(self, seat: Optional[int], data: bytes) -> tuple:
        """Share a picture from this device: ``(ref, None)``, or ``(None, reason)``."""
        try:
            ref = self.table.add_asset(bytes(data), timers.now_ms(), seat)
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
                trace.mark("host.encoded")
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
                trace.mark("host.closed")

    def _after(self, outs) -> None:
        """After every change: the peers' messages first, then this tab's screen; saving
        and telling the lobby wait for the next task (they are not on anyone's screen)."""
        self._send(outs)
        if self.table.version != self._seen_version:
            self.refocus()                    # may hold the clocks: sent with the rest
            self._seen_version = self.table.version
            self._keep_soon()
            self.on_change()
            trace.mark("host.drawn")

    def _keep_soon(self) -> None:
        if not self._keep_due:
            self._keep_due = True
            timers.soon(self.keep)
            _pending_keep[0] = self

    def keep(self) -> None:
        """Save the table and tell other tabs what changed in its summary (if anything):
        once for a burst of changes, in the task after them, and at once before the tab
        goes away or the table closes."""
        if not self._keep_due:
            return
        self._keep_due = False
        if _pending_keep[0] is self:
            _pending_keep[0] = None
        self.save()
        trace.mark("host.saved")
        summary = encode({k: v for k, v in self.table.lobby_info().items() if k != "seq"})
        if summary != self._announced:        # a move changes no seat, so says nothing here
            self._announced = summary
            self.lobby.announce()

    async def _loop(self) -> None:
        while self._running:
            wake = self.table.next_wakeup()
            now = timers.now_ms()
            delay = 0.25 if wake is None else min(0.25, max(0.02, (wake - now) / 1000))
            if self.skip_time and wake is not None:
                delay = 0.02                  # only the screen's draw between two events
            asked = now + delay * 1000
            await asyncio.sleep(delay)
            try:
                self.overslept.append(timers.now_ms() - asked)   # a throttled page's timers run late
                now = self.clock.read(timers.now_ms())
                if self.clock.waking:          # the page slept: the guests' queued messages go first
                    continue
                trace.mark("host.tick")
                if wake is not None and now >= wake:      # how late the table's due work ran (bench/sleep.py)
                    self.lateness.append(now - wake)
                if self.skip_time:
                    self._after(self._skip())
                    continue
                self._after(self.table.tick(now))
                trace.mark("host.ticked")
            except Exception as e:  # a bug must not stop the clock of a whole table
                print("tick failed:", repr(e))

    def _skip(self) -> list:
        """Nobody waits for the game's clocks any more: the table's time jumps from one
        event to the next, as many as fit in a few milliseconds, then the screen draws."""
        outs: list = []
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < SKIP_SLICE_S:
            wake = self.table.next_wakeup()
            if wake is None:
                break
            outs += self.table.tick(max(timers.now_ms(), wake))
        return outs

    def attach(self, link) -> None:
        self.links[link.peer_id] = link

        def message(frame: str, peer=link.peer_id) -> None:
            trace.mark("host.recv")
            outs = self.table.frame(peer, frame, self.clock.read(timers.now_ms()))
            trace.mark("host.applied")
            self._after(outs)

        def closed(peer=link.peer_id) -> None:
            self.links.pop(peer, None)
            self._after(self.table.disconnect(peer, timers.now_ms()))

        def broken(code: str, reason: str, peer=link.peer_id) -> None:
            self._after(self.table.refuse(peer, code, reason, timers.now_ms()))

        link.raw_frames = True                # the table reassembles, within its budgets
        link.on_close = closed
        link.on_error = broken
        self._after(self.table.connect(link.peer_id, timers.now_ms()))
        link.on_message = message             # last: it delivers what came before now

    async def accept_offer(self, peer_id: str, sdp: str) -> None:
        link = await self.lobby.answer(self.table.table_id, peer_id, sdp, self.ice_servers)
        self.attach(link)

    @property
    def host_name(self) -> str:
        return self.table.host_name

    def invite_seat(self):
        """The seat an invited guest will take (the first free one), None when none is."""
        free = self.table.open_seats()
        return free[0] if free else None

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

    def can_replace_with_bot(self, seat: int) -> bool:
        """An invited player's seat may go to a computer player once that player is gone
        (the link closed), not while they play."""
        seats = self.table.seats
        return (bool(self.table.game.bot_levels) and 0 <= seat < len(seats)
                and seats[seat]["kind"] == "remote" and seats[seat]["peer"] is None
                and self.table.result is None)

    def replace_with_bot(self, seat: int) -> Optional[Refusal]:
        """A player who left is taken over by a computer player (the host decides)."""
        if self.table.started and not self.can_replace_with_bot(seat):
            return Refusal("still_playing", "Only the seat of a player who has left can go to a computer player.")
        try:
            self._after(self.table.replace_with_bot(seat, None, timers.now_ms()))
        except IllegalAction as e:
            return _refusal(e)
        return None

    def start(self, fill_with_bots: bool = False, bot_names: Optional[dict] = None) -> Optional[Refusal]:
        try:
            outs = self.table.start(timers.now_ms(), allow_empty=fill_with_bots, bot_names=bot_names)
        except IllegalAction as e:
            return _refusal(e)
        if self.table.bots:
            self.table.hold_bots()            # until this device's screen has been seen
        self._warm_bots()                     # seats left empty became computer players
        self._after(outs)
        return None

    def save(self) -> None:
        try:
            self.saver.save(self.table)
        except StorageFull:
            first = self.save_error is None
            self.save_error = ("This browser's storage is full: the table is not being saved, so a "
                               "reload would lose it. Close other tables to make room.")
            print("save failed:", self.save_error)
            if first:
                self.on_save_error(self.save_error)
            return
        self.save_error = None

    def close(self) -> None:
        self.keep()
        self._running = False
        _session_set(HOSTING, None)
        if self.table.state is not None and self.table.game.result(self.table.state) is not None:
            key = HOST_KEY + self.table.table_id
            delete_table(self.storage, self.table.table_id, self.storage.keys(key))
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
        data, assets = load_table(storage.BrowserStore(), table_id)
        table = Table.restore(data, now_ms=timers.now_ms())
        for ref, mime, blob in assets:
            table.assets.add(ref, mime, blob)
        return cls(table, lobby, on_change, restored=([a[0] for a in assets], len(data["log"])))


class GuestTable(TableController):
    is_host = False
    answer_within_ms = GUEST_ANSWER_MS

    def __init__(self, table_id: str, name: str, lobby, on_change: Callable[[], None],
                 token: Optional[str] = None, seat: Optional[int] = None, spectate: bool = False) -> None:
        self.tokens = TokenBook(storage.BrowserStore())      # rejoin tokens in localStorage, per table and seat
        if token is None:
            # a tab of this browser held a seat here that nobody holds now: take it back
            info = getattr(lobby, "tables", {}).get(table_id) if lobby is not None else None
            rec = self.tokens.recall(table_id, info.get("seats") if isinstance(info, dict) else None)
            if rec is not None:
                token, seat, spectate = rec["token"], rec["seat"], False
        self.guest = Guest(table_id, name, token=token, seat=seat)
        self.lobby = lobby
        self.on_change = on_change
        self.link = None
        self.spectate = spectate
        self.status = "connecting"       # connecting | open | lost | gone | no_webrtc | ended
        self.received = BoundedLog(*MESSAGE_LOG)   # the recent raw messages from the host (tests)
        self.verified = None             # (ok, reason) after the end
        self._record: Optional[dict] = None   # the finished game's record, made once
        self.error: Optional[str] = None
        self.clock_offset = 0            # host now - local now
        self.invite_mode = False
        self.on_refusal: Callable[[Refusal], None] = lambda refusal: None
        self.heartbeat = Heartbeat()
        self._beating = False
        _expose_wire(self)

    @property
    def table_id(self) -> str:
        return self.guest.table_id

    def has_finished_record(self) -> bool:
        return self._record is not None or bool(self.verified and self.verified[0]
                                                and self.guest.end_state is not None)

    def finished_record(self) -> Optional[dict]:
        """A guest's record of the game, from the end the host revealed (the seed and the
        whole log), once it checked out (``verification``): the same game as the host's file.
        Its pictures are those the host relayed here."""
        g = self.guest
        if self._record is None and self.has_finished_record():
            from ..session import assets
            from ..session.record import make_record
            state = g.end_state                      # the check's own replay of the revealed log
            seats = [{"computer": s.get("kind") == "bot", "level": s.get("level")} for s in g.seats or []]
            pictures = {ref: g.assets.get(ref) for ref in assets.refs_in(list(state["log"])) if g.assets.get(ref)}
            try:
                self._record = make_record(g.game(), state, seats, pictures)
            except Exception:          # a look back is a convenience: never break the result screen
                return None
        return self._record

    def _remember(self) -> None:
        g = self.guest
        _session_set(GUEST, json.dumps({"table": g.table_id, "token": g.token, "seat": g.seat, "name": g.name}))
        if g.token is not None and g.seat is not None:
            self.tokens.remember(g.table_id, g.seat, g.token, g.name)

    def use(self, link) -> None:
        self.link = link
        self.status = "open"
        self.heartbeat.reset()
        self.host_away = False
        if not self._beating:
            self._beating = True
            asyncio.ensure_future(self._beat())
        link.max_in = MAX_HOST_BYTES
        link.paced = True                      # a picture goes as the host asks for it (chunks.Outbox)
        link.on_message = self._message
        link.on_close = self._lost
        if not link.send(self.guest.hello(spectate=self.spectate)):
            self.error = link.last_error or "Not connected to the host."
            link.close()                       # never silent: _lost reports and reconnects
        self.on_change()

    async def connect_local(self) -> None:
        """Same browser: find the host tab through the lobby channel, with retries (the
        host may be reloading)."""
        from ..net.links import NoWebRTC
        for attempt in range(30):
            try:
                link = await self.lobby.connect(self.guest.table_id, ice_servers=self._host_servers())
            except NoWebRTC:                   # no retry can help: the shell says why
                self.status = "no_webrtc"
                self.on_change()
                return
            except ConnectionError as e:
                self.error = str(e)
                self.status = "lost"
                self.on_change()
                await asyncio.sleep(min(2.0, 0.3 * (attempt + 1)))
                continue
            self.error = None
            self.use(link)
            return
        # about a minute without an answer: the host's table is gone (closed, or its tab)
        self.status = "gone"
        self.on_change()

    async def _beat(self) -> None:
        """Ask the host whether it is there (a ping every ``PING_MS``) while linked, and
        redraw when its page stops answering or answers again: a host tab that a phone froze
        or a browser put to sleep is shown as away, not as a silent stall."""
        while self.status != "ended" and _current[0] is self:
            await asyncio.sleep(HEARTBEAT_STEP_S)
            link, now = self.link, _monotonic_ms()
            if link is None or self.status != "open" or not link.is_open:
                continue
            if self.heartbeat.due(now):
                self.heartbeat.pinged(now)
                link.send(self.guest.ping(now))    # a failed send closes the link: _lost says so
            self._host_news(now)

    def _host_news(self, now) -> None:
        away, hidden = self.heartbeat.away(now), self.heartbeat.hidden
        if (away, hidden) != (self.host_away, self.host_hidden):
            self.host_away, self.host_hidden = away, hidden
            self.on_change()

    def _host_servers(self) -> list:
        """The STUN/TURN servers the host's tab announced (checked as the set-up checks them)."""
        info = getattr(self.lobby, "tables", {}).get(self.guest.table_id)
        servers = info.get("ice") if isinstance(info, dict) else None
        try:
            return ice.entries(" ".join(str(x) for x in servers)) if isinstance(servers, list) else []
        except ice.IceError:
            return []

    def _message(self, text: str) -> None:
        trace.mark("guest.recv")
        self.received.append(text)
        now = _monotonic_ms()
        self.heartbeat.heard(now)
        seat_before = self.guest.seat
        events = self.guest.receive(text)
        trace.mark("guest.parsed")
        for ev in events:
            kind = ev[0]
            if kind == "got":                   # flow control: nothing to draw
                if self.link is not None:
                    self.link.acked(*ev[1:4])
                return
            if kind == "welcome":
                self._remember()
            elif kind == "update":
                if isinstance(self.guest.now, (int, float)):
                    self.clock_offset = int(self.guest.now) - timers.now_ms()
            elif kind == "reject":
                if ev[1] in LET_GO and self.link is not None:
                    self.link.give_up()         # the host forgot the long message's pieces it had
                self.error = ev[2] if len(ev) > 2 else "Refused."
                if ev[1] == "replaced_by_bot" and seat_before is not None:   # its token is void
                    self.tokens.forget(self.guest.table_id, seat_before)
                    self._remember()
                self.on_refusal(Refusal(str(ev[1]), self.error, *ev[3:5]))
            elif kind == "end":
                self.verified = (ev[1], ev[2] if len(ev) > 2 else "")
                self.status = "ended"
            elif kind == "pong":
                self.heartbeat.heard(now, ev[2])
                if (self.host_away, self.host_hidden) == (False, self.heartbeat.hidden):
                    return                          # nothing new to draw
        self.host_away, self.host_hidden = False, self.heartbeat.hidden
        self.on_change()
        trace.mark("guest.drawn")

    def _lost(self) -> None:
        if self.status == "ended":
            return
        self.status = "lost"
        self.on_change()
        if not self.invite_mode:
            asyncio.ensure_future(self._reconnect())

    async def _reconnect(self) -> None:
        # dropped for flooding: come back later, not at once (the host is busy enough)
        if self.guest.last_reject and self.guest.last_reject.get("code") == "flooding":
            await asyncio.sleep(FLOOD_BACKOFF_S)
        await self.connect_local()

    @property
    def ready(self) -> bool:
        return bool(self.guest.welcomed)

    @property
    def started(self) -> bool:
        return bool(self.guest.started)

    @property
    def seats(self) -> list:
        return list(self.guest.seats or [])

    @property
    def verification(self):
        return self.verified

    def update_for(self, seat):
        """This tab's seat's latest update (a spectator's for any other seat), None before
        the welcome."""
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

    def act(self, seat: int, action: dict) -> Optional[Refusal]:
        trace.mark("guest.act")
        try:
            text = self.guest.intent(action)
            trace.mark("guest.encoded")
        except ProtocolError as e:   # over the protocol's bounds: the host would refuse it
            return _refusal(e)
        if self.link is None or not self.link.send(text):
            return Refusal("not_connected", "Not connected to the host." if self.link is None else
                           f"Not sent: {self.link.last_error or 'the connection is closed.'}")
        self.error = None
        return None

    def upload(self, seat: Optional[int], data: bytes) -> tuple:
        """Share a picture with the host: ``(ref, None)`` once sent (use ``ref`` in the
        action), or ``(None, reason)``.  The picture is kept here too, for our own screen.
        ``seat`` is ours (a guest plays one seat); it is part of the one controller interface."""
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
