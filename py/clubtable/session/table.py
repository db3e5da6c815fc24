"""The host-authoritative table: seats, peers, intents, views, bots, timers, save/restore.

One :class:`Table` per open table, living in the host's tab.  Everything that changes the
game goes through one path (``_act``): due timers first (``game.tick``), then
``game.apply``.  Local seats, pass-and-play seats, bots and remote guests all use it, in the
order the calls arrive.  The table never raises on network input: a bad guest message
becomes a ``reject`` sent back to that guest, and nothing changes.

Each public method returns a list of ``Out = (peer_id, message_dict)``: messages for the
network layer to encode (:func:`~clubtable.session.protocol.encode`) and send.
"""
from __future__ import annotations

import collections
import functools
import hmac
import re
import secrets
import time
from typing import Any, Callable, Optional, Union

from ..engine import Game, IllegalAction, clone
from ..engine.schema import takes_pictures
from . import protocol
from .assets import AssetError, AssetStore, check as check_asset, encode_data, ref_of, refs_in, sniff
from .chunks import MARK, WINDOW, ChunkError, Reassembler
from .limits import Bucket
from .protocol import MAX_NAME, ProtocolError, clean_name, parse_guest, seed_hash

__all__ = ["Table", "Out", "BOT_POLL_MS", "MAX_EVENTS", "WakeClock"]

Out = tuple  # (peer_id: str, message: dict)

BOT_POLL_MS = 100        # how soon tick() wants to run again while bots sit at a running game
MAX_EVENTS = 500         # table.events keeps the most recent entries only
SAVE_FORMAT = 1
BOT_PACES = (0.5, 1.0, 2.0)   # quick, normal, relaxed: the factor on every bot's thinking time
MAX_THINK_MS = 120_000   # a bot's thinking time is clamped to this (a bug must not stall a seat)
DEADLINE_MARGIN_MS = 250 # a paced bot acts this long before its seat's deadline
DECIDED_KEPT = 2048      # decision times kept (table.decided_ms)
# Per-peer budgets, (tokens per second, burst).  A guest clicking as fast as a person can
# stays far inside them; a flood is refused with one reject per second, and a peer that
# keeps flooding (its strikes run out) is dropped: the network layer closes its link.
BUDGETS = {
    "msgs": (60, 120),               # any message
    "bytes": (256 * 1024, 1 << 20),  # their size (an asset upload is ~700 KB of text)
    "intent": (20, 40),
    "hello": (2, 5),
}
STRIKES = (20, 200)                  # excess messages forgiven per second, and in a burst
# Links and partial messages (messages in pieces, session/chunks.py).  A link holds at most
# one partial message, of at most the longest message its peer may send: a seated player an
# `asset` (a picture), anyone else (a spectator, a link that has not said hello) a guest
# message.  Besides its seated players' links a table keeps at most MAX_WATCHERS spectators'
# links and MAX_STRANGERS links that have not said hello yet (a stranger silent for
# STRANGER_MS gives its place to a new link).  A peer over
# any of these is refused once and dropped: no honest page goes near them.
MAX_WATCHERS = 8                     # links beyond the seated players' own
MAX_STRANGERS = 8                    # links that have not said hello yet (a dozen players joining at once)
STRANGER_MS = 10_000                 # after this long without hello a stranger may be let go
REJECT_GAP_MS = 1000                 # at most one `rate_limited` reject per peer in this time
MAX_DROPPED = 1024                   # dropped peer ids remembered (their late messages ignored)
SLEEP_GAP_MS = 2000                  # nothing of the host's page ran this long: it slept
WAKE_WINDOW_MS = 100                 # what queued up meanwhile is read this soon after waking
_TABLE_ID_RE = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")
_LOCAL_KINDS = ("local", "pass")


def _resolve_game(game: Union[str, Game]) -> Game:
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        from ..games import GAMES          # lazily: the registry imports every game
        try:
            return GAMES[game]
        except KeyError:
            raise IllegalAction("unknown_game", f"There is no game called {game!r}.") from None
    raise IllegalAction("unknown_game", "A table needs a game.")


class _Peer:
    __slots__ = ("peer_id", "seat", "last_seq", "out_seq", "welcomed", "budget", "strikes", "refused_at",
                 "pieces", "since")

    def __init__(self, peer_id: str, now_ms: int = 0) -> None:
        self.peer_id = peer_id
        self.budget = {k: Bucket(rate, burst, now_ms) for k, (rate, burst) in BUDGETS.items()}
        self.strikes = Bucket(*STRIKES, now_ms)
        self.refused_at: Optional[int] = None   # when the last `rate_limited` went out
        self.seat: Optional[int] = None
        self.last_seq = 0            # highest seq accepted from this peer
        self.out_seq = 0             # our own numbering of what we send it
        self.welcomed = False        # said hello: receives updates (as its seat or spectator)
        self.pieces: Optional[Reassembler] = None   # its partial message, if one is arriving
        self.since = now_ms          # when its link came


class _Plan:
    """What a computer player decided and when the table applies it."""
    __slots__ = ("action", "due")

    def __init__(self, action: dict, due: int) -> None:
        self.action = action
        self.due = due


class Table:
    """The host of one table.  See the module docstring and ``docs/protocol.md``."""

    def __init__(
        self,
        game: Union[str, Game],
        seats: list,
        options: Optional[dict] = None,
        seed: Optional[int] = None,
        table_id: Optional[str] = None,
        now_ms: int = 0,
        token_factory: Optional[Callable[[], str]] = None,
        host_name: Optional[str] = None,
        bot_pace: float = 1.0,
    ) -> None:
        self.game: Game = _resolve_game(game)
        self.bot_pace = self._check_pace(bot_pace)
        self.token_factory = token_factory or (lambda: secrets.token_urlsafe(16))
        if table_id is None:
            table_id = secrets.token_urlsafe(9)
        if not isinstance(table_id, str) or not _TABLE_ID_RE.match(table_id):
            raise IllegalAction("bad_table_id", "A table id is 1–64 letters, digits, '-' or '_'.")
        self.table_id = table_id
        if seed is None:
            seed = secrets.randbits(53)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= protocol.MAX_SEQ:
            raise IllegalAction("bad_seed", "The seed must be an integer from 0 to 2**53-1.")
        self.seed = seed
        self.seats: list = self._check_seats(seats)
        # bad options fail here, before the lobby opens
        self.options: dict = self.game.check_options(clone(options or {}), len(self.seats))
        self.host_name = clean_name(host_name or "")[:MAX_NAME] or next(
            (s["name"] for s in self.seats if s["kind"] in _LOCAL_KINDS), "Host")
        self.state: Optional[dict] = None
        self.t0: Optional[int] = None
        self.version = 0
        self.now = int(now_ms)
        self.peers: dict = {}
        self.dropped: dict = {}              # peer id -> when it was dropped for flooding
        self.closing: list = []              # peer ids whose links the network layer must close
        self.assets = AssetStore()           # the table's pictures, each kept once
        # Called with (ref, mime, bytes) when a new picture arrives, to save it; returns a
        # readable reason when it cannot be kept (storage full): the picture is refused.
        self.asset_sink: Optional[Callable[[str, str, bytes], Optional[str]]] = None
        self.bots: dict = {}
        self.plans: dict = {}                # bot seat -> _Plan: what it will do, and when
        self._catching_up = False            # _catch_up is applying plans: no timer fires meanwhile
        # Computer players make no move before this time (ms): the host's player has not seen
        # the table yet (``hold_bots``/``release_bots``).  None: no hold.  Not a rule of the
        # game: nothing of it is logged, and a replay does not need it.
        self.bots_after: Optional[float] = None
        # (seat, ms) of the latest decisions of a move (view, legal moves, the bot's answer),
        # timed on this device for the benches (bench/phone_moves.py); never saved or sent
        self.decided_ms: collections.deque = collections.deque(maxlen=DECIDED_KEPT)
        self.events: list = []
        self._ended = False
        self._active_of: tuple = (None, {})   # (state, game.active(state)) of the last state asked
        self._awaited_of: tuple = (None, [])  # (state, game.awaited(state)) likewise
        self._pending: list = []             # outs produced by a local() that raised
        self.hidden = False                  # the host's page is in the background (its pongs say so)
        for i, s in enumerate(self.seats):
            if s["kind"] == "bot":
                self.bots[i] = self.game.bot(s["level"], i, self.seed)

    # ------------------------------------------------------------------ construction helpers
    @staticmethod
    def _check_pace(pace: Any) -> float:
        if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= 10:
            raise IllegalAction("bad_pace", "The computer players' pace is a factor from 0 to 10.")
        return float(pace)

    def _check_level(self, level: Optional[str]) -> str:
        levels = tuple(self.game.bot_levels)
        if not levels:
            raise IllegalAction("no_bots", f"{self.game.title or self.game.id} has no computer players.")
        if level is None:
            return "normal" if "normal" in levels else levels[0]
        if level not in levels:
            raise IllegalAction("bad_level", f"Bot level {level!r} is not one of {', '.join(levels)}.")
        return level

    def _check_seats(self, seats: Any) -> list:
        if not isinstance(seats, list):
            raise IllegalAction("bad_seats", "Seats must be a list.")
        g = self.game
        if not g.min_players <= len(seats) <= g.max_players:
            raise IllegalAction(
                "player_count",
                f"{g.title or g.id} is for {g.min_players}–{g.max_players} players, not {len(seats)}.")
        out = []
        for i, s in enumerate(seats):
            if not isinstance(s, dict) or s.get("kind") not in protocol.SEAT_KINDS:
                raise IllegalAction("bad_seats", f"Seat {i + 1} needs a kind: local, pass, bot or remote.")
            kind = s["kind"]
            if kind == "pass" and not g.pass_and_play:
                raise IllegalAction("no_pass_and_play",
                                    f"In {g.title or g.id} everyone plays at once, so one device cannot be passed round.")
            name = clean_name(str(s.get("name") or ""))[:MAX_NAME]
            if not name:
                name = {"bot": "Bot", "remote": "Guest"}.get(kind, "Player") + f" {i + 1}"
            seat = {
                "kind": kind,
                "name": name,
                "level": self._check_level(s.get("level")) if kind == "bot" else None,
                "token": None,       # rejoin token of a claimed remote seat
                "claimed": False,    # a remote seat somebody has taken
                "peer": None,        # peer id holding it now
            }
            seat["name"] = self._unique_name(name, i, out)
            out.append(seat)
        return out

    def _unique_name(self, name: str, seat: int, seats: Optional[list] = None) -> str:
        """Names are unique at a table (case and spaces aside): a second "Ann" becomes
        "Ann 2", so nobody can pass for another player (a guest for the host)."""
        seats = self.seats if seats is None else seats
        taken = {" ".join(s["name"].split()).casefold() for i, s in enumerate(seats) if i != seat}
        if " ".join(name.split()).casefold() not in taken:
            return name
        k = 2
        while True:
            suffix = f" {k}"
            candidate = name[:MAX_NAME - len(suffix)] + suffix
            if " ".join(candidate.split()).casefold() not in taken:
                return candidate
            k += 1

    # ------------------------------------------------------------------ properties
    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def game_id(self) -> str:
        return self.game.id

    @property
    def result(self) -> Optional[dict]:
        return None if self.state is None else self.game.result(self.state)

    @property
    def seed_hash(self) -> str:
        return seed_hash(self.table_id, self.seed)

    def open_seats(self) -> list:
        """Remote seats nobody has claimed yet."""
        return [i for i, s in enumerate(self.seats) if s["kind"] == "remote" and not s["claimed"]]

    def seat_summary(self) -> list:
        out = []
        for s in self.seats:
            remote = s["kind"] == "remote"
            item = {
                "name": s["name"],
                "kind": s["kind"],
                "connected": (s["peer"] is not None) if remote else True,
                "open": remote and not s["claimed"],
            }
            if s["kind"] == "bot":
                item["level"] = s["level"]
            out.append(item)
        return out

    # ------------------------------------------------------------------ messages
    def update_for(self, seat: Optional[int]) -> dict:
        """The ``update`` message for ``seat`` (None: a spectator), without ``seq``.  The
        host's own UI reads the same dict."""
        running = self.state is not None
        over = running and self.game.result(self.state) is not None
        return {
            "t": "update",
            "table": self.table_id,
            "v": self.version,
            "seat": seat,
            "view": self.game.view(self.state, seat) if running else None,
            "legal": self.game.legal(self.state, seat) if running and seat is not None else [],
            "moves": list(self._active().get(seat, ())) if running and seat is not None and not over else [],
            "awaited": self.awaited(),
            "seats": self.seat_summary(),
            "result": self.game.result(self.state) if running else None,
            "now": self.now,
            "started": running,
        }

    def welcome_for(self, seat: Optional[int], full: bool = False) -> dict:
        return {
            "t": "welcome",
            "table": self.table_id,
            "seat": seat,
            "token": self.seats[seat]["token"] if seat is not None else None,
            "game": self.game.id,
            "options": clone(self.options),
            "seed_hash": self.seed_hash,
            "players": [s["name"] for s in self.seats],
            "seats": self.seat_summary(),
            "full": full,
        }

    def end_message(self) -> dict:
        """Reveals the seed and the whole log: only once the game has a result."""
        st = self.state
        if st is None or self.game.result(st) is None:
            raise IllegalAction("not_over", "The game is not over yet.")
        return {
            "t": "end",
            "table": self.table_id,
            "game": self.game.id,
            "seed": self.seed,
            "options": clone(st["options"]),
            "players": list(st["players"]),
            "t0": st["t0"],
            "log": clone(st["log"]),
            "result": clone(self.game.result(st)),
        }

    def lobby_info(self) -> dict:
        """The table's public summary for discovery (BroadcastChannel).  ``seq`` is the
        table version, so repeated announcements of the same table compare equal."""
        return {
            "t": "lobby",
            "table": self.table_id,
            "seq": self.version,
            "game": self.game.id,
            "title": self.game.title,
            "host": self.host_name,
            "seats": self.seat_summary(),
            "open_seats": len(self.open_seats()),
            "started": self.started,
        }

    def _send(self, peer: _Peer, msg: dict) -> Out:
        peer.out_seq += 1
        msg = dict(msg)
        msg["seq"] = peer.out_seq
        return (peer.peer_id, msg)

    def _reject(self, peer: _Peer, ref: Optional[int], code: str, reason: str,
                error: Optional[IllegalAction] = None) -> list:
        """A ``reject``; ``error`` (the engine's refusal) adds its rule and parameters, so the
        guest's screen can say it in its own language."""
        self._event("reject", peer=peer.peer_id, seat=peer.seat, code=code, reason=reason)
        msg = {"t": "reject", "table": self.table_id, "ref": ref, "code": str(code)[:protocol.MAX_CODE],
               "reason": str(reason)[:protocol.MAX_REASON]}
        if error is not None and error.reason:
            msg["rule"] = str(error.reason)[:protocol.MAX_CODE]
            msg["params"] = {str(k)[:64]: v for k, v in error.params.items()
                             if isinstance(v, (int, float, str)) and not isinstance(v, bool)}
        return [self._send(peer, msg)]

    def _broadcast(self) -> list:
        """An update to every welcomed peer; then `end` to all when the game just ended."""
        outs = []
        cache: dict = {}
        for peer in self.peers.values():
            if peer.welcomed:
                if peer.seat not in cache:
                    update = self.update_for(peer.seat)
                    cache[peer.seat] = (update, refs_in(update["view"]) if len(self.assets) else [])
                outs += self._update_outs(peer, *cache[peer.seat])
        if not self._ended and self.state is not None and self.game.result(self.state) is not None:
            self._ended = True
            self._event("end", result=self.game.result(self.state))
            end = self.end_message()
            for peer in self.peers.values():
                if peer.welcomed:
                    outs.append(self._send(peer, end))
        return outs

    def _update_outs(self, peer: _Peer, update: dict, refs: Optional[list] = None) -> list:
        """The update for a peer, after the pictures its view shows that it lacks: a picture
        goes to a peer only once its seat may see it."""
        outs = []
        if len(self.assets):
            due = self.assets.due(peer.peer_id, update["view"], refs)
            outs = [self._send(peer, dict(self.assets.message(ref), table=self.table_id)) for ref in due]
        outs.append(self._send(peer, update))
        return outs

    def _changed(self) -> list:
        self.version += 1
        return self._broadcast()

    def _event(self, kind: str, **info: Any) -> None:
        info["kind"] = kind
        info["now"] = self.now
        self.events.append(info)
        if len(self.events) > MAX_EVENTS:
            del self.events[: len(self.events) - MAX_EVENTS]

    def _clock(self, now_ms: int) -> int:
        """Time never runs backwards at the table (the log stays ordered)."""
        self.now = max(self.now, int(now_ms))
        return self.now

    # ------------------------------------------------------------------ game changes
    def _advance(self) -> bool:
        """Apply due timers; True when the state changed."""
        st = self.state
        if st is None:
            return False
        new = self.game.tick(st, self.now)
        if new is st:
            return False
        self.state = new
        return True

    def _act(self, seat: Optional[int], action: Any) -> tuple:
        """The one path that changes a running game: due timers, then the action.
        Returns ``(outs, error)``: the updates to send and the exception that refused the
        action (None when it was applied).  When the action is refused the state is the one
        before it, except that timers already due have fired (they would at the next tick
        anyway, and everyone is told)."""
        caught: list = []
        ticked = False
        if not self._catching_up:            # a plan caught up goes before the timers
            caught = self._catch_up()
            ticked = self._advance()
        try:
            if self.assets.missing(action):       # the log names only pictures the table has
                raise IllegalAction("missing_picture", "That picture has not reached the host (yet).")
            if seat is not None and self.assets.foreign(action, seat):
                # a seat names only pictures it shared: else a move could launder another
                # side's hidden picture (the host relays what a view names)
                raise IllegalAction("not_your_picture", "You can only use pictures you shared at this table.")
            self.state = self.game.apply(self.state, seat, action, self.now)
        except Exception as exc:            # IllegalAction, or a bug in the game's rules
            return caught + (self._changed() if ticked else []), exc
        return caught + self._changed(), None

    def _catch_up(self) -> list:
        """Apply the computer players' plans that fell due before the game's next timer,
        earliest first, before that timer fires.  A tick runs late when the host's page is in
        the background (Chromium runs its timers once a second) or was frozen: without this,
        the timer that fell due after a plan fired first, and a computer that was to act in
        time was timed out.  The moves happen now, as everything a late tick does: timers
        they start run from now, so no phase is skipped."""
        outs: list = []
        if self.state is None:
            return outs
        self._catching_up = True
        asked: set = set()                    # a bot is asked once per catch-up (no loop on a bad plan)
        try:
            while self.game.result(self.state) is None:
                deadline = self.game.deadline(self.state)
                self._plan_overdue(deadline, asked)
                if not self.plans:
                    break
                due = [(self._bound(seat, p.due), seat) for seat, p in self.plans.items()]
                due = [(at, seat) for at, seat in due if at <= self.now and (deadline is None or at < deadline)]
                if not due:
                    break
                outs += self._run_bot(min(due)[1])
        finally:
            self._catching_up = False
        return outs

    def _plan_overdue(self, deadline: Optional[int], asked: set) -> None:
        """A computer whose turn ran out before any tick asked it (the page slept through
        the whole turn) would have acted by ``deadline - DEADLINE_MARGIN_MS`` had the page
        ticked on time (``_plan`` never lets a plan pass it): its plan is made now, due then,
        so ``_catch_up`` applies it before the timer that times it out."""
        if deadline is None or deadline > self.now:
            return
        for seat in sorted(self.bots):
            if seat in self.plans or seat in asked or seat not in self.awaited():
                continue
            asked.add(seat)
            plan = self._plan(seat)
            if plan is not None:
                plan.due = deadline - DEADLINE_MARGIN_MS

    def start(self, now_ms: int, allow_empty: bool = False, bot_names: Optional[dict] = None) -> list:
        """Deal the game.  Unclaimed remote seats refuse the start, or become bots with
        ``allow_empty=True``, named ``bot_names[seat]`` when given (the host's screen names a
        computer "Computer 2", not by the "Guest 2" that waited for a guest)."""
        if self.started:
            raise IllegalAction("already_started", "The game has already started.")
        open_seats = self.open_seats()
        if open_seats and not allow_empty:
            n = len(open_seats)
            raise IllegalAction("seats_open", f"Waiting for {n} more player{'s' if n > 1 else ''} to join.")
        level = self._check_level(None) if open_seats else None
        for i in open_seats:
            name = clean_name(str((bot_names or {}).get(i) or ""))[:MAX_NAME]
            if name:
                self.seats[i]["name"] = self._unique_name(name, i)
        self._clock(now_ms)
        state = self.game.new([s["name"] for s in self.seats], self.seed, self.options, self.now)
        for i in open_seats:
            self._make_bot(i, level)
        self.state = state
        self.t0 = self.now
        self._event("start", players=[s["name"] for s in self.seats])
        return self._changed()

    def _make_bot(self, seat: int, level: str, name: Optional[str] = None) -> None:
        s = self.seats[seat]
        s.update(kind="bot", level=level, token=None, claimed=False, peer=None)
        if name is not None and not self.started:
            s["name"] = clean_name(str(name))[:MAX_NAME] or s["name"]
        self.bots[seat] = self.game.bot(level, seat, self.seed)
        self.plans.pop(seat, None)

    def local(self, seat: int, action: dict, now_ms: int) -> list:
        """An intent from a seat on the host's device (local or pass-and-play).  Raises
        IllegalAction when illegal; nothing changes then."""
        if not (isinstance(seat, int) and 0 <= seat < len(self.seats)) or \
                self.seats[seat]["kind"] not in _LOCAL_KINDS:
            raise IllegalAction("not_your_seat", "That seat is not played on this device.")
        if not self.started:
            raise IllegalAction("not_started", "The game has not started yet.")
        self._clock(now_ms)
        outs, error = self._act(seat, action)
        if error is not None:
            self._pending += outs            # delivered by the next tick() or receive()
            raise error
        return outs

    # ------------------------------------------------------------------ pass-and-play clocks
    @property
    def clocks_held(self) -> bool:
        return self.state is not None and self.game.clocks_held(self.state)

    def hold_clocks(self, now_ms: int) -> list:
        """A pass-and-play hand-over is up: the game's time stands still until
        :meth:`release_clocks` (the player's turn starts when they tap).  A logged table
        move, so replays stay exact; nothing happens when there is no running clock to
        hold (no game, game over, no timers, already held)."""
        self._clock(now_ms)
        st = self.state
        if st is None or not self.game.timers or self.game.result(st) is not None or self.clocks_held:
            return self._take_pending()
        outs, error = self._act(None, {"type": "hold_clocks"})
        if error is not None:            # timers fired at the last moment and ended the game
            return outs
        self._event("hold_clocks")
        return outs

    def release_clocks(self, now_ms: int) -> list:
        """The player took the device: the game's time runs again from where it stood."""
        self._clock(now_ms)
        if not self.clocks_held:
            return self._take_pending()
        outs, error = self._act(None, {"type": "release_clocks"})
        if error is None:
            self._event("release_clocks")
        return outs

    def tick(self, now_ms: int) -> list:
        """Game timers, then every bot seat in seat order: a plan that is due is applied, a
        bot without a plan is asked for one.  A late tick first applies, in due order, the
        plans that fell due before the game's next timer (``_catch_up``)."""
        self._clock(now_ms)
        outs = self._take_pending()
        if self.state is None:
            return outs
        outs += self._catch_up()
        if self._advance():
            outs += self._changed()
        for seat in sorted(self.bots):
            if self.state is None or self.game.result(self.state) is not None:
                break
            if self.now < self._held_until(seat):
                continue                      # the table has not been seen yet
            outs += self._run_bot(seat)
        return outs

    def _held_until(self, seat: int) -> float:
        """Until when the first-look hold keeps ``seat``'s computer from thinking (-inf: not
        held).  Never past its own deadline: a computer whose turn runs out acts (at once)
        ``DEADLINE_MARGIN_MS`` before it, seen or not, rather than be timed out by the rules
        (DODGY with a 2 s statement limit: the first look alone is 1.5 s)."""
        if self.bots_after is None or self.now >= self.bots_after:
            return float("-inf")
        return self._bound(seat, self.bots_after)

    def _bound(self, seat: int, due):
        """``due``, but never later than ``DEADLINE_MARGIN_MS`` before the game's deadline
        while the game awaits ``seat``.  Applied each time a plan is read, not only when it
        is made: a plan made while the seat was not awaited (a bystander's answer) may still
        be there when its turn begins, and must not outlive that turn's deadline (it falls
        due in time, is refused, and the computer is asked again; see docs/PERFORMANCE.md,
        "A host that sleeps")."""
        deadline = self.game.deadline(self.state) if self.state is not None else None
        if deadline is not None and seat in self.awaited():
            return min(due, deadline - DEADLINE_MARGIN_MS)
        return due

    def hold_bots(self) -> None:
        """The computer players wait (their thinking starts once :meth:`release_bots` says
        the table has been seen): a computer's first move never comes before its player has
        looked at the table."""
        self.bots_after = float("inf")
        self.plans.clear()

    def release_bots(self, now_ms: int, after_ms: int = 0) -> bool:
        """The table has been seen: the computers think from ``now_ms + after_ms`` on.
        True when they were held."""
        if self.bots_after != float("inf"):
            return False
        self.bots_after = self._clock(now_ms) + max(0, int(after_ms))
        return True

    def _active(self) -> dict:
        """``game.active(state)``, computed once per state (a broadcast asks for every seat)."""
        st = self.state
        if self._active_of[0] is not st:
            self._active_of = (st, self.game.active(st) if st is not None else {})
        return self._active_of[1]

    def awaited(self) -> list:
        """Seats the game waits for now."""
        st = self.state
        if st is None or self.game.result(st) is not None:
            return []
        if self._awaited_of[0] is not st:     # asked for each plan read: once per state
            self._awaited_of = (st, self.game.awaited(st))
        return list(self._awaited_of[1])

    def _run_bot(self, seat: int) -> list:
        plan = self.plans.get(seat)
        if plan is None:
            plan = self._plan(seat)
            if plan is None:
                return []
        if self._bound(seat, plan.due) > self.now:
            return []
        del self.plans[seat]
        outs, error = self._act(seat, plan.action)
        if isinstance(error, IllegalAction):       # the table moved on: plan again next tick
            self._event("bot_illegal", seat=seat, action=plan.action, code=error.code, reason=error.message)
        elif error is not None:
            self._event("bot_error", seat=seat, action=plan.action, error=f"{type(error).__name__}: {error}")
        return outs

    def _plan(self, seat: int) -> Optional[_Plan]:
        """Ask the bot of ``seat`` what it would do; keep it as a plan due after its
        thinking time (times the table's pace), but before the seat's deadline (``_bound``)."""
        bot = self.bots[seat]
        try:
            t0 = time.perf_counter()
            view = self.game.view(self.state, seat)
            legal = self.game.legal(self.state, seat)
            decision = bot.decide(view, legal, self.now)
            if decision is None:
                return None
            self.decided_ms.append((seat, (time.perf_counter() - t0) * 1000))
            action, think = decision
            if not isinstance(action, dict):
                raise TypeError("a decision's action must be a dict")
        except Exception as exc:     # a bot's bug must not stop the table
            self._event("bot_error", seat=seat, error=f"{type(exc).__name__}: {exc}")
            return None
        if isinstance(think, bool) or not isinstance(think, (int, float)) or think != think:
            think = 0
        think = min(MAX_THINK_MS, max(0, think))
        plan = _Plan(action, max(self.now, self._bound(seat, self.now + int(think * self.bot_pace))))
        self.plans[seat] = plan
        return plan

    def _take_pending(self) -> list:
        outs, self._pending = self._pending, []
        return outs

    def next_wakeup(self) -> Optional[int]:
        """The earliest now_ms at which tick() has work: the game's next deadline, or soon
        (BOT_POLL_MS) while bots sit at a running game.  None when there is nothing to do."""
        if self._pending:
            return self.now
        st = self.state
        if st is None or self.game.result(st) is not None:
            return None
        due = self.game.deadline(st)
        for seat in self.bots:
            plan = self.plans.get(seat)
            soon = self.now + BOT_POLL_MS if plan is None else self._bound(seat, plan.due)
            held = self._held_until(seat)     # nothing before the hold ends (never while unseen)
            if held == float("inf"):
                continue
            soon = max(soon, int(held)) if held > self.now else soon
            due = soon if due is None else min(due, soon)
        return due

    def replace_with_bot(self, seat: int, level: Optional[str], now_ms: int, name: Optional[str] = None) -> list:
        """Hand a seat (e.g. of a player who left) to a computer player.  Its rejoin token
        stops working; the peer that held it keeps watching as a spectator."""
        if not (isinstance(seat, int) and 0 <= seat < len(self.seats)):
            raise IllegalAction("bad_seat", "There is no such seat at this table.")
        level = self._check_level(level)
        self._clock(now_ms)
        outs = []
        holder = self.seats[seat]["peer"]
        self._make_bot(seat, level, name)
        for peer in self.peers.values():
            if peer.seat == seat:
                peer.seat = None
                outs += self._reject(peer, None, "replaced_by_bot",
                                     "The host gave your seat to a computer player; you are now watching.")
        self._event("bot_seat", seat=seat, level=level, peer=holder)
        return outs + self._changed()

    # ------------------------------------------------------------------ peers
    def set_hidden(self, hidden: bool) -> list:
        """The host's page went to the background or came back: every welcomed peer is told
        at once (a ``pong`` nobody asked for, ``ts`` 0), not at its next ping."""
        hidden = bool(hidden)
        if hidden == self.hidden:
            return []
        self.hidden = hidden
        return [self._send(peer, {"t": "pong", "table": self.table_id, "ts": 0, "hidden": hidden})
                for peer in self.peers.values() if peer.welcomed]

    def connect(self, peer_id: str, now_ms: int) -> list:
        """A new link.  A peer id seen before starts afresh (its seat, if any, must be
        reclaimed with hello + token).  Over MAX_STRANGERS links that have not said hello
        (the oldest, if silent for STRANGER_MS, makes room), the new one is refused and
        dropped (``closing``); :meth:`_watch` caps the spectators (MAX_WATCHERS)."""
        self._clock(now_ms)
        outs = self._drop(peer_id)
        self.dropped.pop(peer_id, None)
        self.assets.forget_peer(peer_id)
        strangers = [p for p in self.peers.values() if not p.welcomed]
        if len(strangers) >= MAX_STRANGERS and self.now - strangers[0].since >= STRANGER_MS:
            outs += self.drop_peer(strangers[0].peer_id, "too_slow", "Say hello first: the link was closed.")
        strangers = sum(1 for p in self.peers.values() if not p.welcomed)
        self.peers[peer_id] = _Peer(peer_id, self.now)
        if strangers >= MAX_STRANGERS:
            return outs + self.drop_peer(peer_id, "too_many_links",
                                         "This table has as many connections as it takes; try again later.")
        return outs

    @functools.cached_property
    def pictures(self) -> bool:
        """Whether this game's players share pictures.  In a game whose moves name none, no
        message is longer than a guest message: a seat that begins one in pieces is refused
        at its first piece (:meth:`max_message`)."""
        return takes_pictures(self.game.moves)

    @functools.cached_property
    def picture_moves(self) -> frozenset:
        """The types of move that name a picture (a Dohdle's drawing or photos, a Cave riddle's)."""
        return frozenset(t for t, move in self.game.moves.items() if takes_pictures({t: move}))

    def may_share_picture(self, seat: int) -> bool:
        """Whether ``seat`` may now make a move that names a picture: the only time it has
        one to upload (its upload comes just before that move)."""
        if not self.pictures or self.state is None or self.result is not None:
            return False
        try:
            return any(t in self.picture_moves for t in self.game.open_moves(self.state, seat))
        except Exception:          # a rules bug must not open the door to long messages
            return False

    def max_message(self, peer_id: str) -> int:
        """The longest message (in characters) ``peer_id`` may send now: a picture from a
        seated player while a move of its own that names one is open (making the riddles),
        anything else a guest message.  So once the riddles are made, a seat that begins a
        long message is refused at its first piece, as in a game without pictures."""
        peer = self.peers.get(peer_id)
        seated = peer is not None and peer.welcomed and peer.seat is not None
        return protocol.MAX_ASSET_MESSAGE if seated and self.may_share_picture(peer.seat) else protocol.MAX_GUEST_BYTES

    def frame(self, peer_id: str, frame: Any, now_ms: int) -> list:
        """What arrived on a link, as it arrived: a whole message or one piece of a long one
        (:mod:`.chunks`).  Every frame is paid for from the peer's byte budget *before* it is
        kept, so pieces of messages that never complete are budgeted like whole ones; a
        complete message goes on to :meth:`receive`.  Every few pieces the peer is told
        ``got`` (the flow control).  A second partial message, one longer than the peer may
        send, or a piece sent ahead of the ``got`` it needs is refused once and the peer
        dropped.  Never raises."""
        self._clock(now_ms)
        peer = self.peers.get(peer_id)
        if peer_id in self.dropped or not isinstance(frame, str):
            return self.receive(peer_id, frame, now_ms)
        if peer is None:
            outs = self.connect(peer_id, now_ms)
            peer = self.peers.get(peer_id)
            if peer is None:
                return outs
        else:
            outs = []
        if not frame.startswith(MARK) and peer.pieces is None:
            return outs + self.receive(peer_id, frame, now_ms)     # the common case: a whole message
        if not peer.budget["bytes"].take(self.now, len(frame)):
            peer.pieces = None                                      # let go of what it sent so far
            return outs + self._excess(peer, "You are sending too much too fast; some messages were ignored.")
        limit = self.max_message(peer_id)
        if peer.pieces is None or peer.pieces.max_chars != limit:
            peer.pieces = Reassembler(limit, window=WINDOW)
        try:
            text = peer.pieces.feed(frame)
        except ChunkError as err:
            peer.pieces = None
            if err.over:                    # longer than it may send, a second partial message, or ahead of its got
                return outs + self.drop_peer(peer_id, err.code, err.reason)
            return outs + self.refuse(peer_id, err.code, err.reason, now_ms)
        ack = peer.pieces.ack
        if peer.pieces.pending_chars == 0:
            peer.pieces = None
        if ack is not None:                 # the guest may send the next pieces (chunks.py: flow control)
            outs.append(self._send(peer, {"t": "got", "table": self.table_id, "id": ack[0], "n": ack[1],
                                          "key": ack[2]}))
        if text is None:
            return outs
        return outs + self.receive(peer_id, text, now_ms, paid=True)

    def disconnect(self, peer_id: str, now_ms: int) -> list:
        """The link is gone.  Its seat is marked not connected; the game goes on and the
        seat can be reclaimed with its token."""
        self._clock(now_ms)
        return self._drop(peer_id)

    def _drop(self, peer_id: str) -> list:
        self.assets.forget_peer(peer_id)
        peer = self.peers.pop(peer_id, None)
        if peer is None or peer.seat is None:
            return []
        s = self.seats[peer.seat]
        if s["peer"] == peer_id:
            s["peer"] = None
            self._event("disconnect", peer=peer_id, seat=peer.seat)
            return self._changed()
        return []

    def receive(self, peer_id: str, raw: Any, now_ms: int, paid: bool = False) -> list:
        """Every whole message from the network comes in here (``paid``: its bytes were
        taken from the budget piece by piece, by :meth:`frame`).  Never raises on bad input."""
        self._clock(now_ms)
        outs = self._take_pending()
        if peer_id in self.dropped:          # dropped for flooding: its link is being closed
            return outs
        peer = self.peers.get(peer_id)
        if peer is None:
            outs += self.connect(peer_id, now_ms)
            peer = self.peers[peer_id]
        size = 0 if paid else len(raw) if isinstance(raw, (str, bytes, bytearray, memoryview)) else 1
        if not (peer.budget["msgs"].take(self.now) and peer.budget["bytes"].take(self.now, size)):
            return outs + self._excess(peer, "You are sending too much too fast; some messages were ignored.")
        try:
            msg = parse_guest(raw)
        except ProtocolError as err:
            return outs + self._reject(peer, err.ref, err.code, err.reason)
        kind = msg["t"]
        if kind in ("intent", "hello") and not peer.budget[kind].take(self.now):
            what = "actions" if kind == "intent" else "joins"
            return outs + self._excess(peer, f"Too many {what} too fast; some were ignored.")
        ref = msg["seq"]
        if msg["table"] != self.table_id:
            return outs + self._reject(peer, ref, "wrong_table", "That message is for another table.")
        if msg["seq"] <= peer.last_seq:
            return outs + self._reject(
                peer, ref, "stale_seq",
                f"Sequence number {msg['seq']} is not after {peer.last_seq}; the message was ignored.")
        peer.last_seq = msg["seq"]
        try:
            return outs + self._dispatch(peer, msg)
        except Exception as exc:             # a bug must not stop the table
            self._event("internal_error", peer=peer_id, error=f"{type(exc).__name__}: {exc}")
            return outs + self._reject(peer, ref, "internal_error", "The host could not handle that message.")

    def refuse(self, peer_id: str, code: str, reason: str, now_ms: int) -> list:
        """Input the network layer could not even read (a broken message piece): refused
        like a bad message, within the same budgets."""
        self._clock(now_ms)
        peer = self.peers.get(peer_id)
        if peer is None or peer_id in self.dropped:
            return []
        if not peer.budget["msgs"].take(self.now):
            return self._excess(peer, "You are sending too much too fast; some messages were ignored.")
        return self._reject(peer, None, code, reason)

    def _excess(self, peer: _Peer, reason: str) -> list:
        """A message over budget is ignored.  The peer hears it once per REJECT_GAP_MS; when
        its strikes run out it is dropped and its link is to be closed."""
        if not peer.strikes.take(self.now):
            return self.drop_peer(peer.peer_id, "flooding",
                                  "Too many messages: the host closed the connection.")
        if peer.refused_at is not None and self.now - peer.refused_at < REJECT_GAP_MS:
            return []
        peer.refused_at = self.now
        return self._reject(peer, None, "rate_limited", reason)

    def drop_peer(self, peer_id: str, code: str, reason: str) -> list:
        """Refuse a peer for good on this link: a last reject, its seat marked not
        connected, later messages ignored, and ``closing`` asks the network layer to close
        the link.  The player may come back on a new link with its token."""
        peer = self.peers.get(peer_id)
        if peer is None:
            return []
        outs = self._reject(peer, None, code, reason)
        self._event("dropped", peer=peer_id, seat=peer.seat, code=code)
        self.dropped[peer_id] = self.now
        while len(self.dropped) > MAX_DROPPED:
            del self.dropped[next(iter(self.dropped))]
        if peer_id not in self.closing:
            self.closing.append(peer_id)
        return outs + self._drop(peer_id)

    def take_closing(self) -> list:
        """Peer ids whose links the network layer must close now (flooding, failed sends)."""
        out, self.closing = self.closing, []
        return out

    def _dispatch(self, peer: _Peer, msg: dict) -> list:
        t = msg["t"]
        if t == "ping":
            return [self._send(peer, {"t": "pong", "table": self.table_id, "ts": msg["ts"], "hidden": self.hidden})]
        if t == "bye":
            self._event("bye", peer=peer.peer_id, seat=peer.seat)
            return self._drop(peer.peer_id)
        if t == "hello":
            return self._hello(peer, msg)
        if t == "asset":
            return self._asset(peer, msg)
        return self._intent(peer, msg)

    def _asset(self, peer: _Peer, msg: dict) -> list:
        """A picture from a seated guest (spectators do not play, so they do not upload)."""
        ref = msg["seq"]
        if not peer.welcomed or peer.seat is None:
            return self._reject(peer, ref, "not_your_seat", "Only a player at the table can share a picture.")
        if not self.pictures:           # nothing of this game would show it: not kept
            return self._reject(peer, ref, "no_pictures", "This game has no pictures to share.")
        try:
            data = check_asset(msg["ref"], msg["mime"], msg["data"])
            self._keep_asset(msg["ref"], msg["mime"], data, peer.seat)
        except AssetError as err:
            return self._reject(peer, ref, err.code, err.reason)
        return []

    def _keep_asset(self, ref: str, mime: str, data: bytes, seat: Optional[int]) -> None:
        if ref not in self.assets:
            self.assets.room_for(len(data))
            if self.asset_sink is not None:
                problem = self.asset_sink(ref, mime, data)
                if problem:
                    raise AssetError("storage_full", problem)
            self.assets.add(ref, mime, data)
            self._event("asset", seat=seat, ref=ref, size=len(data))
        self.assets.own(ref, seat)

    def add_asset(self, data: bytes, now_ms: int, seat: Optional[int] = None) -> str:
        """A picture from this device (a local seat, the host); returns its reference.
        Raises IllegalAction when it is not a PNG/WebP/JPEG within the size, or when it
        cannot be kept."""
        self._clock(now_ms)
        data = bytes(data)
        mime = sniff(data)
        if mime is None:
            raise IllegalAction("bad_asset", "Only PNG, WebP and JPEG pictures can be shared.")
        ref = ref_of(data)
        try:
            check_asset(ref, mime, encode_data(data))
            self._keep_asset(ref, mime, data, seat)
        except AssetError as err:
            raise IllegalAction(err.code, err.reason) from None
        return ref

    def _intent(self, peer: _Peer, msg: dict) -> list:
        ref, seat = msg["seq"], msg["seat"]
        # the move's schema first: an unknown move or field never gets further
        try:
            msg["action"] = self.game.check_action(self.state, msg["action"])
        except IllegalAction as err:
            return self._reject(peer, ref, err.code, err.message, err)
        if not peer.welcomed or seat is None or peer.seat != seat:
            return self._reject(peer, ref, "not_your_seat", "You can only act for your own seat.")
        if not self.started:
            return self._reject(peer, ref, "not_started", "The game has not started yet.")
        outs, error = self._act(seat, msg["action"])
        if isinstance(error, IllegalAction):
            return outs + self._reject(peer, ref, error.code, error.message, error)
        if error is not None:                # a bug in the rules must not stop the table
            self._event("game_error", seat=seat, action=msg["action"],
                        error=f"{type(error).__name__}: {error}")
            return outs + self._reject(peer, ref, "internal_error", "The host could not apply that action.")
        return outs

    def _find_token(self, token: str) -> Optional[int]:
        found = None
        for i, s in enumerate(self.seats):
            if s["token"] is not None and hmac.compare_digest(s["token"].encode(), token.encode()):
                found = i
        return found

    def _hello(self, peer: _Peer, msg: dict) -> list:
        ref = msg["seq"]
        if msg["spectate"]:
            return self._watch(peer)
        if msg["token"] is not None:
            seat = self._find_token(msg["token"])
            if seat is None:
                return self._reject(peer, ref, "bad_token",
                                    "That rejoin token does not match any seat at this table.")
            return self._claim(peer, seat, msg["name"], rejoin=True)
        if peer.welcomed and peer.seat is not None:
            # already seated: say welcome again, change nothing
            return [self._send(peer, self.welcome_for(peer.seat)),
                    *self._update_outs(peer, self.update_for(peer.seat))] + self._end_for(peer)
        free = self.open_seats()
        want = msg["seat"]
        if want is not None:
            if want >= len(self.seats):
                return self._reject(peer, ref, "bad_seat", "There is no such seat at this table.")
            if want not in free:
                return self._reject(peer, ref, "seat_taken", f"Seat {want + 1} is not free.")
            return self._claim(peer, want, msg["name"], rejoin=False)
        if free:
            return self._claim(peer, free[0], msg["name"], rejoin=False)
        return self._watch(peer, full=True)

    def _watch(self, peer: _Peer, full: bool = False) -> list:
        watchers = sum(1 for p in self.peers.values() if p.welcomed and p.seat is None and p is not peer)
        if watchers >= MAX_WATCHERS:
            return self.drop_peer(peer.peer_id, "too_many_links",
                                  "This table has as many spectators as it takes; try again later.")
        outs = []
        if peer.seat is not None and self.seats[peer.seat]["peer"] == peer.peer_id:
            self.seats[peer.seat]["peer"] = None
            peer.seat = None
            self.version += 1
            outs = self._broadcast_except(peer)
        peer.seat = None
        peer.welcomed = True
        self._event("spectator", peer=peer.peer_id, full=full)
        return outs + [self._send(peer, self.welcome_for(None, full)),
                       *self._update_outs(peer, self.update_for(None))] + self._end_for(peer)

    def _broadcast_except(self, skip: _Peer) -> list:
        return [o for o in self._broadcast() if o[0] != skip.peer_id]

    def _end_for(self, peer: _Peer) -> list:
        if self._ended:
            return [self._send(peer, self.end_message())]
        return []

    def _claim(self, peer: _Peer, seat: int, name: str, rejoin: bool) -> list:
        s = self.seats[seat]
        if peer.welcomed and peer.seat == seat and s["peer"] == peer.peer_id and \
                (self.started or s["name"] == name):
            # the same hello again: nothing changes, say welcome again
            return [self._send(peer, self.welcome_for(seat)),
                    *self._update_outs(peer, self.update_for(seat))] + self._end_for(peer)
        outs = []
        old = s["peer"]
        if old is not None and old != peer.peer_id and old in self.peers:
            other = self.peers[old]
            other.seat = None
            outs += self._reject(other, None, "seat_reclaimed",
                                 "Your seat was reclaimed from another connection; you are now watching.")
        if peer.seat is not None and peer.seat != seat and self.seats[peer.seat]["peer"] == peer.peer_id:
            self.seats[peer.seat]["peer"] = None
        if not s["claimed"]:
            s["token"] = str(self.token_factory())
            s["claimed"] = True
        s["peer"] = peer.peer_id
        if not self.started:
            s["name"] = self._unique_name(name, seat)
        peer.seat = seat
        peer.welcomed = True
        self._event("rejoin" if rejoin else "claim", peer=peer.peer_id, seat=seat)
        self.version += 1
        outs.append(self._send(peer, self.welcome_for(seat)))
        # `end` goes to everyone at the moment the game ends; a later arrival gets its own.
        return outs + self._broadcast() + self._end_for(peer)

    # ------------------------------------------------------------------ save / restore
    def save(self, include_log: bool = True) -> dict:
        """Everything needed to resume after a host reload (JSON-safe).  The game state
        itself is not saved: restore replays ``(players, seed, options, t0, log)``.
        ``include_log=False`` leaves the log out (``log`` is None): the incremental saver
        (:mod:`.store`) writes it in pieces."""
        st = self.state
        return {
            "format": SAVE_FORMAT,
            "table_id": self.table_id,
            "game": self.game.id,
            "seats": [{"kind": s["kind"], "name": s["name"], "level": s["level"],
                       "token": s["token"], "claimed": s["claimed"]} for s in self.seats],
            "options": clone(self.options),
            "seed": self.seed,
            "host_name": self.host_name,
            "started": st is not None,
            "players": list(st["players"]) if st is not None else None,
            "t0": self.t0,
            "log": None if not include_log else clone(st["log"]) if st is not None else [],
            "version": self.version,
            "now": self.now,
            "bot_pace": self.bot_pace,
            "picture_seats": {ref: list(seats) for ref, seats in self.assets.owners.items()},
        }

    @classmethod
    def restore(cls, data: dict, now_ms: int = 0, game: Optional[Game] = None,
                token_factory: Optional[Callable[[], str]] = None) -> "Table":
        """Rebuild a saved table; the state is recomputed with ``game.replay``.  No peer is
        connected afterwards: guests reconnect and reclaim their seats with their tokens."""
        try:
            if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
                raise ValueError("unknown format")
            g = game if game is not None else _resolve_game(data["game"])
            if g.id != data["game"]:
                raise ValueError("the saved game is another one")
            seats_in = data["seats"]
            table = cls(g, [{"kind": s["kind"], "name": s["name"], "level": s["level"]} for s in seats_in],
                        options=data["options"], seed=data["seed"], table_id=data["table_id"],
                        now_ms=int(data.get("now") or 0), token_factory=token_factory,
                        host_name=data.get("host_name"), bot_pace=data.get("bot_pace", 1.0))
            for s, saved in zip(table.seats, seats_in):
                s["token"] = saved.get("token")
                s["claimed"] = bool(saved.get("claimed"))
                if s["kind"] == "remote" and not s["claimed"]:
                    s["token"] = None
            if data["started"]:
                t0 = int(data["t0"])
                players = data.get("players") or [s["name"] for s in table.seats]
                table.state = g.replay(players, table.seed, table.options, t0, data["log"])
                table.t0 = t0
                table._ended = g.result(table.state) is not None
                last = data["log"][-1][2] if data["log"] else t0
                table.now = max(table.now, int(last))
            table.version = int(data.get("version") or 0) + 1
            for ref, seats in (data.get("picture_seats") or {}).items():
                for seat in seats:
                    if seat is None or (isinstance(seat, int) and 0 <= seat < len(table.seats)):
                        table.assets.own(str(ref), seat)
        except IllegalAction as exc:
            raise IllegalAction("bad_save", f"The saved table could not be restored: {exc.message}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise IllegalAction("bad_save", f"The saved table could not be restored ({exc}).") from None
        table._clock(now_ms)
        return table


class WakeClock:
    """The time a host's page gives its table, when the page may sleep (a phone freezes a
    tab in the background; nothing of it runs, and the guests' messages queue up).

    ``read(now)`` is called by everything the page runs for the table (its ticks, each
    message).  After a gap over ``SLEEP_GAP_MS`` the page has slept: for ``WAKE_WINDOW_MS``
    the time read is the moment it fell asleep, so the messages that queued meanwhile are
    taken as of then (the table waited for the host: a move its guest made in time is not
    lost to a timer that only the sleep let fall due), and ``waking`` asks the tick to wait
    for them.  Then the time runs on, and the next tick fires every timer that fell due
    during the sleep, in order.  A page whose guests ping it every 1.5 s while its timers are
    throttled never sees such a gap: its messages run at once."""

    def __init__(self, now_ms: int, gap_ms: int = SLEEP_GAP_MS, window_ms: int = WAKE_WINDOW_MS) -> None:
        self.gap_ms = gap_ms
        self.window_ms = window_ms
        self.alive = int(now_ms)             # the last time the page ran for its table
        self.asleep_at: Optional[int] = None
        self.until = 0
        self.slept: list = []                # (fell asleep, woke) of each sleep, for the notes

    def read(self, now_ms: int) -> int:
        now = int(now_ms)
        if now - self.alive > self.gap_ms:
            self.asleep_at, self.until = self.alive, now + self.window_ms
            self.slept.append((self.alive, now))
            del self.slept[:-64]
        self.alive = max(self.alive, now)
        if self.asleep_at is not None:
            if now < self.until:
                return self.asleep_at
            self.asleep_at = None
        return now

    @property
    def waking(self) -> bool:
        return self.asleep_at is not None
