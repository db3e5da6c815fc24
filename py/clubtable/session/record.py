"""Game records: one finished (or interrupted) game kept as a file, replayed move by move.

A record is one JSON object (docs/RECORDS.md)::

    {"format": "clubtable-record", "format_version": 1,
     "game": "dodgy", "rules_version": 1,
     "options": {...}, "seed": 123, "t0": 1000,
     "players": [{"seat": 0, "name": "Ann", "computer": false, "level": null}, ...],
     "log": [[seat, action, now_ms], ...],
     "pictures": {"sha256:<hex>": {"mime": "image/png", "data": "<base64>"}, ...},
     "final_hash": "sha256:<hex of the canonical final state>",
     "result": {...} | null}

Every game is deterministic, so (options, seed, t0, log) is the whole game; the pictures are
there because the log names them by hash only (``session/assets.py``).  ``read_record``
trusts nothing in the file: a size cap, a strict schema, a game this page knows, versions not
newer than ours, a log that replays without one refusal, and the final state's hash.  What it
finds is a :class:`Reading` with a catalogue key (``record.<code>``) for the player.

No browser import: this runs under CPython in the tests and in the page alike.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Optional

from ..engine import Game, IllegalAction, clone
from . import assets
from .protocol import (MAX_NAME, MAX_SEATS, ProtocolError, _Bad, _base64, _bool, _dict, _int, _list_of,
                       _load, _log_entry, _mime, _nullable, _picture, _str)

__all__ = ["FORMAT", "FORMAT_VERSION", "MAX_RECORD_BYTES", "MAX_LOG", "Reading", "Replay",
           "state_hash", "sentence", "make_record", "record_from_table", "write_record", "read_record"]

FORMAT = "clubtable-record"
FORMAT_VERSION = 1
#: a record's pictures are at most a table's (64 pictures, 16 MiB in all: base64 adds a third)
MAX_RECORD_BYTES = 24 << 20
MAX_LOG = 200_000              # entries; the longest real game logs a few thousand
MAX_DEPTH = 16

# The reasons ``read_record`` gives, each a catalogue key ``record.<code>`` (clubtable domain).
OK, MISMATCH = "ok", "mismatch"
DAMAGED, NOT_A_RECORD, UNKNOWN_GAME, OTHER_GAME, FUTURE, REFUSED = (
    "damaged", "not_a_record", "unknown_game", "other_game", "future", "refused")


def state_hash(game: Game, state: dict) -> str:
    """The canonical serialisation of a state (``Game.dump``, keys sorted, compact, UTF-8),
    hashed: the same text the recorded-log fixtures hash (tests/unit/log_fixtures.py)."""
    text = json.dumps(clone(game.dump(state)), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def make_record(game: Game, state: dict, seats: Optional[list] = None, pictures: Optional[dict] = None) -> dict:
    """The record of ``state`` (its own players, seed, options and log).  ``seats``: per seat
    ``{"computer": bool, "level": str|None}`` when known (the table's); ``pictures``:
    ``{ref: (mime, bytes)}``, of which only those the log names are kept."""
    log = clone(state["log"])
    players = []
    for i, name in enumerate(state["players"]):
        info = (seats or [])[i] if seats and i < len(seats) else {}
        players.append({"seat": i, "name": name, "computer": bool(info.get("computer", False)),
                        "level": info.get("level") if info.get("computer") else None})
    needed = assets.refs_in(log)
    pics = {}
    for ref in needed:
        if pictures and ref in pictures:
            mime, data = pictures[ref]
            pics[ref] = {"mime": mime, "data": _b64(data)}
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game.id,
        "rules_version": game.version,
        "options": clone(state["options"]),
        "seed": state["seed"],
        "t0": state["t0"],
        "players": players,
        "log": log,
        "pictures": pics,
        "final_hash": state_hash(game, state),
        "result": clone(game.result(state)),
    }


def record_from_table(table) -> dict:
    """The record of a ``session.Table``'s game: its seats say which were computers, its
    asset store holds the pictures."""
    seats = [{"computer": s.get("kind") == "bot", "level": s.get("level")} for s in table.seats]
    store = getattr(table, "assets", None)
    pictures = {}
    if store is not None:
        for ref in assets.refs_in(list(table.state["log"])):
            got = store.get(ref) if hasattr(store, "get") else None
            if got is not None:
                pictures[ref] = got
    return make_record(table.game, table.state, seats, pictures)


def write_record(record: dict) -> bytes:
    """The file's bytes: compact UTF-8 JSON (names and words kept as typed)."""
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def _b64(data: bytes) -> str:
    import base64
    return base64.b64encode(bytes(data)).decode("ascii")


# ---------------------------------------------------------------------------- reading
class Reading:
    """What ``read_record`` found.  ``code`` is ``ok`` (replays, final state matches),
    ``mismatch`` (replays, but to another final state: ``replay`` is still there) or a
    refusal (``damaged``, ``not_a_record``, ``unknown_game``, ``other_game``, ``future``,
    ``refused``: nothing to replay).  ``key``/``params`` are the player's sentence."""

    def __init__(self, code: str, detail: str = "", record: Optional[dict] = None,
                 replay: Optional["Replay"] = None, **params) -> None:
        self.code = code
        self.detail = detail           # English, for logs and tests: never shown as markup
        self.record = record
        self.replay = replay
        self.params = params

    @property
    def ok(self) -> bool:
        return self.code == OK

    @property
    def opened(self) -> bool:
        """A replay exists (matching or not)."""
        return self.replay is not None

    @property
    def key(self) -> str:
        return f"record.{self.code}"

    def __repr__(self) -> str:
        return f"Reading({self.code!r}, {self.detail!r})"


def _player(v: Any) -> dict:
    if not isinstance(v, dict) or set(v) - {"seat", "name", "computer", "level"}:
        raise _Bad("a list of players {seat, name, computer, level}")
    _int(0, MAX_SEATS - 1)(v.get("seat"))
    _str(MAX_NAME)(v.get("name"))
    _bool(v.get("computer"))
    _nullable(_str(MAX_NAME))(v.get("level"))
    return v


def _picture_entry(v: Any) -> dict:
    if not isinstance(v, dict) or set(v) != {"mime", "data"}:
        raise _Bad("pictures {mime, data}")
    _mime(v["mime"])
    _base64(v["data"])
    return v


_FIELDS = {
    "format": _str(64, 1),
    "format_version": _int(1),
    "game": _str(64, 1),
    "rules_version": _int(1),
    "options": _dict,
    "seed": _int(0),
    "t0": _int(),
    "players": _list_of(_player, MAX_SEATS),
    "log": _list_of(_log_entry, MAX_LOG),
    "pictures": _dict,
    "final_hash": _str(71, 71),
    "result": _nullable(_dict),
}


def read_record(raw: Any, games: Optional[dict] = None, expect_game: Optional[str] = None) -> Reading:
    """Check a record file's bytes and replay it.  Never raises; changes nothing.
    ``expect_game``: the record must be of this game (``other_game`` else)."""
    try:
        return _read(raw, games, expect_game)
    except Exception as exc:          # a hostile file must not crash the page
        return Reading(DAMAGED, f"unexpected {type(exc).__name__}")


def _read(raw: Any, games: Optional[dict], expect_game: Optional[str]) -> Reading:
    if games is None:
        from ..games import GAMES as games       # lazily: the registry imports every game
    try:
        obj = _load(raw, MAX_RECORD_BYTES, MAX_DEPTH)
    except ProtocolError as err:
        return Reading(DAMAGED, err.message if hasattr(err, "message") else str(err))
    if obj.get("format") != FORMAT:
        return Reading(NOT_A_RECORD, "no clubtable-record format name")
    v = obj.get("format_version")
    if isinstance(v, int) and not isinstance(v, bool) and v > FORMAT_VERSION:
        return Reading(FUTURE, f"format version {v}", version=v)
    unknown = set(obj) - set(_FIELDS)
    if unknown:
        return Reading(DAMAGED, f"unknown field {sorted(unknown)[0][:32]!r}")
    for name, check in _FIELDS.items():
        if name not in obj:
            return Reading(DAMAGED, f"missing {name}")
        try:
            check(obj[name])
        except _Bad as bad:
            return Reading(DAMAGED, f"{name} must be {bad.what}")
    game = games.get(obj["game"])
    if game is None:
        return Reading(UNKNOWN_GAME, f"game {obj['game'][:64]!r}", game=obj["game"])
    if expect_game is not None and game.id != expect_game:
        return Reading(OTHER_GAME, f"a {game.id} record", game=game.id)
    if obj["rules_version"] > game.version:
        return Reading(FUTURE, f"rules version {obj['rules_version']} > {game.version}", version=obj["rules_version"])
    if not obj["final_hash"].startswith("sha256:"):
        return Reading(DAMAGED, "final_hash is not sha256:")
    players = obj["players"]
    if [p["seat"] for p in players] != list(range(len(players))):
        return Reading(DAMAGED, "players out of seat order")
    for ref, entry in obj["pictures"].items():
        try:
            _picture(ref)
            _picture_entry(entry)
            assets.check(ref, entry["mime"], entry["data"])
        except (_Bad, assets.AssetError) as err:
            return Reading(DAMAGED, f"picture: {getattr(err, 'what', None) or err}")
    try:
        replay = Replay(game, obj)
    except IllegalAction as err:
        return Reading(REFUSED, f"{err.code}: {err.message}", record=obj)
    if state_hash(game, replay.states[-1]) != obj["final_hash"]:
        return Reading(MISMATCH, "the replayed final state has another hash", record=obj, replay=replay)
    return Reading(OK, "", record=obj, replay=replay)


def _decimal(lang: str, value) -> str:
    """``value`` with one decimal in the language's way ("3,5" in French and German); None "–"."""
    from ..i18n import translate
    if value is None:
        return "–"
    return f"{value:.1f}".replace(".", translate(lang, "number.decimal_mark"))


def _percent(lang: str, chance) -> str:
    if chance is None:
        return "–"
    pct = 100.0 * chance
    if pct in (0.0, 100.0) or 0.5 <= pct < 99.5:
        return str(int(pct + 0.5))           # half up: format's half-even said 0.5 % as "0"
    if pct < 0.05:                          # still not nil nor sure at one decimal
        return "<\u00a0" + _decimal(lang, 0.1)
    if pct >= 99.95:
        return ">\u00a0" + _decimal(lang, 99.9)
    return _decimal(lang, pct)


def sentence(lang: str, key: str, params: dict) -> str:
    """``key`` in ``lang`` with ``params``; a parameter named ``<x>_key`` is a catalogue key
    itself (an image's name), translated and filled in as ``<x>``; one named ``<x>_dec`` a
    number filled in as ``<x>`` with one decimal in the language's way ("3,5" in French and
    German; None is "–"); one named ``<x>_pct`` a chance (0..1) filled in as a whole percentage,
    with one decimal near 0 and 100 ("0,2", "< 0,1") so a chance that is neither nil nor sure
    never reads as one (the catalogue puts a no-break space before its "%")."""
    from ..i18n import translate
    filled = {}
    for name, value in params.items():
        if name.endswith("_key") and isinstance(value, str):
            filled[name[:-4]] = translate(lang, value)
        elif name.endswith("_dec"):
            filled[name[:-4]] = _decimal(lang, value)
        elif name.endswith("_pct"):
            filled[name[:-4]] = _percent(lang, value)
        else:
            filled[name] = value
    return translate(lang, key, **filled)


# ---------------------------------------------------------------------------- replay
class Replay:
    """A record replayed: ``states[i]`` is the game after ``i`` log entries (``states[0]``
    the new game).  Consecutive states share their log (``engine.Log``), so a long game
    costs one state per step, not one log per step.  Raises IllegalAction at the first
    refused entry (``entry`` says which)."""

    def __init__(self, game: Game, record: dict) -> None:
        self.game = game
        self.record = record
        names = [p["name"] for p in record["players"]]
        state = game.new(names, record["seed"], record["options"], record["t0"])
        self.states = [state]
        for i, (seat, action, now) in enumerate(record["log"]):
            try:
                state = (game.tick(state, now) if action.get("type") == "tick"
                         else game.apply(state, seat, action, now))
            except IllegalAction as err:
                err.params = dict(getattr(err, "params", {}) or {}, entry=i)
                raise
            self.states.append(state)

    def __len__(self) -> int:
        return len(self.states)

    @property
    def final(self) -> dict:
        return self.states[-1]

    @property
    def over(self) -> bool:
        return self.game.result(self.final) is not None

    def view(self, step: int, seat: Optional[int]) -> dict:
        """What ``seat`` saw after ``step`` entries (None: a spectator)."""
        return self.game.view(self.states[step], seat)

    def end_view(self) -> Optional[dict]:
        """The all-seeing view of the finished game (None while it is not finished)."""
        return self.game.end_view(self.final) if self.over else None

    def views(self, step: int) -> dict:
        """Every seat's view at ``step``, and ``"all"`` (the end view) at the last step of a
        finished game."""
        out = {seat: self.view(step, seat) for seat in range(len(self.final["players"]))}
        if step == len(self.states) - 1 and self.over:
            out["all"] = self.end_view()
        return out

    def events(self) -> list:
        """``[(key, params)]``: one line in words per log entry (``Game.describe``)."""
        out = []
        for i, (seat, action, _now) in enumerate(self.record["log"]):
            out.append(self.game.describe(self.states[i], seat, action, self.states[i + 1]))
        return out

    def timeline(self, lang: str = "en") -> list:
        """The events as sentences in ``lang``."""
        return [sentence(lang, key, params) for key, params in self.events()]

    def coach(self, **kw) -> Optional[dict]:
        """The game's coach on this replay (``Game.review``)."""
        return self.game.review(self, **kw)

    def pictures(self) -> dict:
        """``{ref: (mime, bytes)}`` from the record (checked by ``read_record``)."""
        import base64
        return {ref: (e["mime"], base64.b64decode(e["data"])) for ref, e in self.record["pictures"].items()}
