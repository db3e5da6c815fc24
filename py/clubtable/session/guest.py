"""A guest's side of a table: pure client state for one tab (no browser code here).

The guest builds its messages with :meth:`Guest.hello`, :meth:`Guest.intent`,
:meth:`Guest.ping` and :meth:`Guest.bye` (each returns the encoded text to send), and feeds
every message from the host to :meth:`Guest.receive`, which validates it
(:func:`~clubtable.session.protocol.parse_host`), updates the fields below and returns
events for the UI.  A hostile or broken host cannot make ``receive`` raise.
"""
from __future__ import annotations

import hmac
import json
from typing import Any, Optional, Union

from ..engine import Game, IllegalAction
from .assets import AssetError, AssetInbox, asset_message, check as check_asset, ref_of, sniff
from .protocol import ProtocolError, check_action, clean_name, encode, parse_host, seed_hash

__all__ = ["Guest", "Heartbeat"]

PING_MS = 1500          # a guest asks whether the host is there this often
AWAY_MS = 5000          # a ping unanswered this long: the host's page is away
RESEND_MS = 60_000      # while a ping waits, another only this often


def _norm(value: Any) -> Any:
    """The value as it looks after a trip through JSON (tuples become lists, ...)."""
    return json.loads(json.dumps(value, allow_nan=False))


class Guest:
    """Client-side state of a guest tab.

    Fields kept up to date by :meth:`receive`: ``seat`` (None: spectator), ``token``,
    ``game_id``, ``options``, ``seed_hash``, ``players``, ``seats``, ``view``, ``legal``,
    ``moves`` (move types open to our seat now), ``awaited`` (seats the game waits for),
    ``result``, ``started``, ``v`` (host version), ``now`` (host clock), ``last_reject``
    (``{"ref", "code", "reason"}``), ``end`` (the last end message), ``verified``
    (``(ok, reason)`` for it), ``welcomed``.
    """

    def __init__(self, table_id: str, name: str, token: Optional[str] = None,
                 seat: Optional[int] = None, game: Union[Game, str, None] = None) -> None:
        self.table_id = table_id
        self.name = clean_name(name)
        self.token = token
        self.seat = seat
        self.seq = 0                  # our own numbering
        self.host_seq = 0             # the last seq accepted from the host on this link
        self._game = game if isinstance(game, Game) else None
        self.game_id: Optional[str] = game if isinstance(game, str) else (game.id if game else None)
        self.options: Optional[dict] = None
        self.seed_hash: Optional[str] = None
        self.players: list = []
        self.seats: list = []
        self.view: Optional[dict] = None
        self.legal: list = []
        self.moves: list = []         # move types open to our seat now
        self.awaited: list = []       # seats the game waits for
        self.result: Optional[dict] = None
        self.started = False
        self.v = -1
        self.now: Optional[int] = None
        self.full = False
        self.welcomed = False
        self.last_reject: Optional[dict] = None
        self.end: Optional[dict] = None
        self.end_state: Optional[dict] = None   # the end's log replayed, once the check held
        self.verified: Optional[tuple] = None
        self.sent: dict = {}          # seq -> action of our recent intents (for rejects)
        self.assets = AssetInbox()    # pictures the host relayed to us: ref -> (mime, bytes)

    # ------------------------------------------------------------------ outgoing
    def _out(self, msg: dict) -> str:
        self.seq += 1
        msg = {"t": msg.pop("t"), "table": self.table_id, "seq": self.seq, **msg}
        return encode(msg)

    def new_link(self) -> None:
        """A new connection to the host: its numbering of messages starts again.
        (``hello`` calls this too.)"""
        self.host_seq = 0

    def hello(self, spectate: bool = False) -> str:
        """Join (or rejoin with the stored token; ``spectate=True`` watches instead, and
        keeps the token).  Call it first on every new link: it also restarts the count of
        the host's sequence numbers."""
        self.new_link()
        return self._out({"t": "hello", "name": self.name, "token": self.token,
                          "seat": self.seat, "spectate": bool(spectate)})

    def intent(self, action: dict) -> str:
        """An action for our seat.  Raises ProtocolError when the action breaks the
        protocol's bounds (the host would refuse it anyway)."""
        check_action(action)
        text = self._out({"t": "intent", "seat": self.seat, "action": action})
        self.sent[self.seq] = action
        if len(self.sent) > 64:
            del self.sent[min(self.sent)]
        return text

    def upload(self, data: bytes) -> tuple:
        """A picture to share: returns ``(text, ref)``, the ``asset`` message to send and the
        reference to use in an action.  Raises ProtocolError when it is not a PNG, WebP or
        JPEG of at most 512 KiB (the host would refuse it)."""
        data = bytes(data)
        mime = sniff(data)
        if mime is None:
            raise ProtocolError("bad_asset", "Only PNG, WebP and JPEG pictures can be shared.")
        msg = asset_message(ref_of(data), mime, data)
        try:
            check_asset(msg["ref"], mime, msg["data"])
        except AssetError as err:
            raise ProtocolError(err.code, err.reason) from None
        ref = msg["ref"]
        return self._out(msg), ref

    def ping(self, ts: Union[int, float]) -> str:
        return self._out({"t": "ping", "ts": ts})

    def bye(self) -> str:
        return self._out({"t": "bye"})

    # ------------------------------------------------------------------ incoming
    def receive(self, raw: Any) -> list:
        """Handle one message from the host; returns a list of events:

        ``("welcome", msg)``, ``("update", msg)``, ``("reject", code, reason[, rule, params])``,
        ``("pong", ts, hidden)``, ``("end", verified, why)``, ``("lobby", msg)``, ``("asset", ref)``,
        ``("got", id, n, key)`` (the host read ``n`` pieces of a long message: its link's
        :class:`~clubtable.session.chunks.Outbox` may send more), or
        ``("error", code, reason)`` for a message that was ignored.
        """
        try:
            msg = parse_host(raw)
        except ProtocolError as err:
            return [("error", err.code, err.reason)]
        if msg["t"] == "lobby":
            return [("lobby", msg)]
        if msg["table"] != self.table_id:
            return [("error", "wrong_table", "A message for another table was ignored.")]
        if msg["seq"] <= self.host_seq:
            return [("error", "stale_seq", "An old message from the host was ignored.")]
        events = getattr(self, "_on_" + msg["t"])(msg)
        if events and events[0][0] != "error":   # a refused picture changes nothing
            self.host_seq = msg["seq"]
        return events

    def _on_welcome(self, msg: dict) -> list:
        self.welcomed = True
        self.seat = msg["seat"]
        if msg["token"] is not None:
            self.token = msg["token"]
        if self.game_id != msg["game"]:
            self._game = None
        self.game_id = msg["game"]
        self.options = msg["options"]
        self.seed_hash = msg["seed_hash"]
        self.players = msg["players"]
        self.seats = msg["seats"]
        self.full = bool(msg.get("full"))
        return [("welcome", msg)]

    def _on_update(self, msg: dict) -> list:
        self.v = msg["v"]
        self.seat = msg["seat"]
        self.view = msg["view"]
        self.legal = msg["legal"]
        self.moves = msg["moves"]
        self.awaited = msg["awaited"]
        self.seats = msg["seats"]
        self.result = msg["result"]
        self.now = msg["now"]
        self.started = msg["started"]
        self.players = [s["name"] for s in self.seats]
        return [("update", msg)]

    def _on_reject(self, msg: dict) -> list:
        self.last_reject = {"ref": msg["ref"], "code": msg["code"], "reason": msg["reason"]}
        rule = msg.get("rule") if isinstance(msg.get("rule"), str) else None
        params = msg.get("params") if isinstance(msg.get("params"), dict) else {}
        if msg["ref"] is not None:
            self.sent.pop(msg["ref"], None)
        if msg["code"] in ("seat_reclaimed", "replaced_by_bot"):
            self.seat = None
            if msg["code"] == "replaced_by_bot":
                self.token = None
        if rule:                 # the sentence's rule and values, for the screen's language
            return [("reject", msg["code"], msg["reason"], rule, params)]
        return [("reject", msg["code"], msg["reason"])]

    def _on_asset(self, msg: dict) -> list:
        try:
            ref = self.assets.receive(msg)
        except AssetError as err:
            return [("error", err.code, err.reason)]
        return [("asset", ref)]

    def _on_pong(self, msg: dict) -> list:
        return [("pong", msg["ts"], msg["hidden"])]

    def _on_got(self, msg: dict) -> list:
        return [("got", msg["id"], msg["n"], msg["key"])]

    def _on_end(self, msg: dict) -> list:
        self.end, self.end_state = msg, None
        self.verified = self.verify_end(msg)
        return [("end", self.verified[0], self.verified[1])]

    # ------------------------------------------------------------------ verification
    def game(self) -> Optional[Game]:
        if self._game is None and self.game_id is not None:
            from ..games import GAMES       # lazily: the registry imports every game
            self._game = GAMES.get(self.game_id)
        return self._game

    def verify_end(self, end_msg: dict) -> tuple:
        """Check an ``end`` message: the seed matches the commitment from ``welcome``, the
        options are the announced ones, ``game.replay`` of the log gives the announced
        result, and the replayed view of our seat equals the last view we received.
        Returns ``(ok, reason)``; never raises."""
        try:
            return self._verify(end_msg)
        except Exception as exc:            # a hostile end message must not crash the tab
            return False, f"The end of the game could not be checked ({type(exc).__name__})."

    def _verify(self, end: dict) -> tuple:
        if self.seed_hash is None:
            return False, "No seed commitment was received at the start."
        seed = end.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            return False, "The revealed seed is not a number."
        if not hmac.compare_digest(seed_hash(self.table_id, seed), self.seed_hash):
            return False, "The revealed seed does not match the commitment made at the start."
        if end.get("game") not in (None, self.game_id):
            return False, "The end message is for another game."
        if self.options is not None and _norm(end.get("options")) != _norm(self.options):
            return False, "The options differ from those announced at the start."
        if self.started and self.players and list(end.get("players") or []) != list(self.players):
            return False, "The players differ from those at the table."
        game = self.game()
        if game is None:
            return False, f"This page does not know the game {self.game_id!r}."
        try:
            state = game.replay(end["players"], seed, end["options"], end["t0"], end["log"])
        except IllegalAction as exc:
            return False, f"The log does not replay: {exc.message}"
        except Exception as exc:
            return False, f"The log does not replay ({type(exc).__name__})."
        if _norm(game.result(state)) != _norm(end.get("result")):
            return False, "Replaying the log gives a different result from the announced one."
        if self.view is not None and _norm(game.view(state, self.seat)) != _norm(self.view):
            return False, "Replaying the log gives a different table from the one we were shown."
        self.end_state = state          # this device's record of the game (a look back, a file)
        return True, "The seed matches its commitment and the log replays to the announced result."


class Heartbeat:
    """Whether the host's page answers, from a guest's clock (``now`` in ms, any monotonic
    clock).  The guest pings every ``ping_ms`` (:meth:`due`, :meth:`pinged`); every message
    from the host is an answer (:meth:`heard`).  The host is *away* when a ping has waited
    ``away_ms`` unanswered: a frozen or asleep tab answers nothing, a background tab still
    answers (its events run; only its timers are throttled) and says it is ``hidden``.

    While a ping waits, no other is sent but one each ``resend_ms`` (the link is reliable:
    the host reads them all when it wakes, and a burst of pings must not look like a flood
    to it).  A guest whose own timers ran late (its tab slept) cannot judge the host by a
    ping it sent before: the wait starts again when it looks after such a gap."""

    def __init__(self, ping_ms: int = PING_MS, away_ms: int = AWAY_MS, resend_ms: int = RESEND_MS) -> None:
        self.ping_ms = ping_ms
        self.away_ms = away_ms
        self.resend_ms = resend_ms
        self.last_ping: Optional[float] = None
        self.last_look: Optional[float] = None
        self.waiting_since: Optional[float] = None   # since when a ping waits for an answer
        self.hidden = False

    def _look(self, now: float) -> None:
        if self.last_look is not None and now - self.last_look > 2 * self.ping_ms and self.waiting_since is not None:
            self.waiting_since = now                 # this tab slept: judge the host from now on
        self.last_look = now

    def due(self, now: float) -> bool:
        self._look(now)
        if self.last_ping is None:
            return True
        return now - self.last_ping >= (self.ping_ms if self.waiting_since is None else self.resend_ms)

    def pinged(self, now: float) -> None:
        if self.waiting_since is None:
            self.waiting_since = now
        self.last_ping = now

    def heard(self, now: float, hidden: Optional[bool] = None) -> None:
        self.waiting_since = None
        if hidden is not None:
            self.hidden = bool(hidden)

    def away(self, now: float) -> bool:
        self._look(now)
        return self.waiting_since is not None and now - self.waiting_since >= self.away_ms

    def reset(self) -> None:
        """A new link: nothing is known of the host yet."""
        self.last_ping = self.last_look = self.waiting_since = None
        self.hidden = False
