"""Finished games of all five games, for the record, timeline and coach tests: played by the
computer players at a ``session.Table`` (Dobbelduel, DODGY, Dohdles!, Wie Waldi), or, for
Play-Doh's Cave (no computer players), a recorded log (fixtures/logs) whose pictures are
made real: each picture reference is swapped for a small PNG of its own, so the record must
carry its bytes."""
from __future__ import annotations

import json
import struct
import zlib
from functools import lru_cache

from clubtable.games import GAMES
from clubtable.session import Table
from clubtable.session.assets import ref_of, refs_in
from log_fixtures import FIXTURES

LIMIT_MS = 6 * 3600 * 1000
OPTIONS = {"dohdles": {"riddle_medium": "table"}}     # the computers make no pictures
LEVELS = {"dobbelduel": ("hard", "normal"), "dodgy": ("hard", "normal", "easy"),
          "dohdles": ("normal", "easy", "normal"), "waldi": ("quick", "normal")}


def run_table(gid: str, seed: int, levels=None, options=None) -> Table:
    game = GAMES[gid]
    levels = levels or LEVELS[gid]
    table = Table(game, [{"kind": "bot", "level": lv, "name": f"B{i}"} for i, lv in enumerate(levels)],
                  options=options or OPTIONS.get(gid, {}), seed=seed, table_id="rec", bot_pace=1.0)
    now = 0
    table.start(now)
    while game.result(table.state) is None:
        wake = table.next_wakeup()
        assert wake is not None
        now = max(now + 1, wake)
        table.tick(now)
        assert now < LIMIT_MS
    return table


def png(n: int) -> bytes:
    """A 1×1 PNG whose pixel depends on ``n`` (a distinct picture per n)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"\x00" + bytes([n % 256, (n // 256) % 256, 7])
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def cave_game(name: str = "cave-random-3"):
    """(state, pictures {ref: (mime, bytes)}) of a finished Cave game with real pictures."""
    fx = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    text = json.dumps(fx["log"])
    pictures = {}
    for i, ref in enumerate(refs_in(fx["log"])):
        data = png(i + 1)
        pictures[ref_of(data)] = ("image/png", data)
        text = text.replace(ref, ref_of(data))
    game = GAMES["cave"]
    state = game.replay(fx["players"], fx["seed"], fx["options"], fx["t0"], json.loads(text))
    return state, pictures


@lru_cache(maxsize=None)
def finished(gid: str, seed: int = 3):
    """(game, state, seats info, pictures) of one finished game of ``gid``."""
    game = GAMES[gid]
    if gid == "cave":
        state, pictures = cave_game()
        return game, state, None, pictures
    table = run_table(gid, seed)
    seats = [{"computer": s["kind"] == "bot", "level": s["level"]} for s in table.seats]
    return game, table.state, seats, {}
