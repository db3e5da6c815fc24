"""Saving a table as it goes: a change writes a little (head + the open log chunk), pictures
once each, and a full storage is reported, never silently lost."""
from __future__ import annotations

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from session_sketch_game import SKETCH  # noqa: E402
from test_session_fakegame import GAME, Net, Tokens, started_pair  # noqa: E402

from clubtable.session import Table  # noqa: E402
from clubtable.session.store import (HOST_PREFIX, LOG_CHUNK, MemoryStorage, StorageFull, TableSaver,  # noqa: E402
                                     delete_table, load_table)

PNG = b"\x89PNG\r\n\x1a\n"


def saving(table, storage):
    """Save after every change, as the host's tab does."""
    saver = TableSaver(storage, table.table_id)
    seen = [-1]

    def after(outs=None):
        if table.version != seen[0]:
            seen[0] = table.version
            saver.save(table)
        return outs
    return saver, after


def play_bots(table, after, limit=200_000):
    now = 0
    after(table.start(0))
    while table.result is None and now < limit * 1000:
        wake = table.next_wakeup()
        now = max(now + 1, wake if wake is not None else now + 100)
        after(table.tick(now))
    return now


def test_dodgy_with_four_computer_players_writes_little():
    """The old save rewrote the whole table on each change: 12.4 MB over 661 writes."""
    storage = MemoryStorage()
    table = Table("dodgy", [{"kind": "bot", "level": "normal"} for _ in range(4)], seed=42, table_id="bench1")
    saver, after = saving(table, storage)
    whole = [0]                                   # what rewriting the whole table would cost

    def both(outs=None):
        if table.version != saver_seen[0]:
            saver_seen[0] = table.version
            whole[0] += len(json.dumps(table.save()))
        return after(outs)
    saver_seen = [-1]
    play_bots(table, both)
    assert table.result is not None
    changes = table.version
    per_write = storage.chars_written / max(1, storage.writes)
    print(f"\nDODGY, 4 computer players: {len(table.state['log'])} log entries, {changes} changes, "
          f"{storage.writes} writes, {storage.chars_written / 1e3:.1f} kB written "
          f"({per_write:.0f} B a write), {storage.used() / 1e3:.1f} kB stored; "
          f"rewriting the whole table each time: {whole[0] / 1e6:.2f} MB")
    assert storage.chars_written < 600_000
    assert storage.chars_written < 40 * storage.used() + 200_000
    # and it restores to the same game
    data, assets = load_table(storage, "bench1")
    again = Table.restore(data)
    assert again.state == table.state and again.result == table.result and assets == []


def test_a_change_rewrites_only_the_head_and_the_open_chunk():
    t, net = started_pair(kinds=("remote", "remote"))
    storage = MemoryStorage()
    saver = TableSaver(storage, t.table_id)
    saver.save(t)
    for i in range(3 * LOG_CHUNK + 5):
        net.send("A", net.guests["A"].intent({"type": "say", "text": f"line {i}"}))
        before = dict(storage.data)
        saver.save(t)
        changed = {k for k, v in storage.data.items() if before.get(k) != v}
        assert changed <= {HOST_PREFIX + "tbl1", f"{HOST_PREFIX}tbl1.log.{len(t.state['log']) // LOG_CHUNK}",
                           f"{HOST_PREFIX}tbl1.log.{len(t.state['log']) // LOG_CHUNK - 1}"}, changed
    data, _ = load_table(storage, "tbl1")
    assert Table.restore(data, game=GAME).state == t.state


def test_a_save_cut_short_restores_an_earlier_consistent_moment():
    t, net = started_pair()
    storage = MemoryStorage()
    saver = TableSaver(storage, t.table_id)
    saver.save(t)
    head = storage.data[HOST_PREFIX + "tbl1"]
    net.send("A", net.guests["A"].intent({"type": "say", "text": "after"}))
    saver.save(t)
    storage.data[HOST_PREFIX + "tbl1"] = head          # the head write never happened
    data, _ = load_table(storage, "tbl1")
    assert data["log"] == [] and Table.restore(data, game=GAME).state["chat"] == []


def test_pictures_are_saved_once_and_come_back():
    t = Table(SKETCH, [{"kind": "local"}, {"kind": "local"}], seed=9, table_id="pics", token_factory=Tokens())
    storage = MemoryStorage()
    saver = TableSaver(storage, t.table_id)
    t.asset_sink = saver.save_asset
    t.start(0)
    pic = PNG + b"a drawing" * 100
    ref = t.add_asset(pic, 0, seat=0)
    t.add_asset(pic, 0, seat=1)
    t.local(0, {"type": "draw", "picture": ref}, 1)
    saver.save(t)
    asset_keys = [k for k in storage.data if ".asset." in k]
    assert asset_keys == [f"{HOST_PREFIX}pics.asset.{ref[7:]}"]
    writes = storage.writes
    saver.save(t)
    assert not any(".asset." in k for k in list(storage.data)[writes:])
    data, assets = load_table(storage, "pics")
    assert assets == [(ref, "image/png", pic)]
    again = Table.restore(data, game=SKETCH)
    assert again.state["drawings"][0] == ref


def test_a_picture_that_would_overflow_the_storage_is_refused_readably():
    t = Table(SKETCH, [{"kind": "local"}, {"kind": "remote"}], seed=9, table_id="full", token_factory=Tokens())
    storage = MemoryStorage(quota=20_000)
    saver = TableSaver(storage, t.table_id)
    t.asset_sink = saver.save_asset
    net = Net(t)
    net.join("B", "Ben")
    t.start(0)
    saver.save(t)
    from clubtable.engine import IllegalAction
    with pytest.raises(IllegalAction) as e:
        t.add_asset(PNG + b"x" * 30_000, 0, seat=0)
    assert e.value.code == "storage_full" and "storage" in e.value.message
    text, ref = net.guests["B"].upload(PNG + b"y" * 30_000)
    net.send("B", text)
    assert net.last_event("B")[:2] == ("reject", "storage_full")
    assert len(t.assets) == 0
    saver.save(t)                                   # the table itself is still saved
    assert load_table(storage, "full")[0]["table_id"] == "full"


def test_a_full_storage_raises_so_the_host_can_say_so():
    t, net = started_pair()
    storage = MemoryStorage(quota=3_000)
    saver = TableSaver(storage, t.table_id)
    saver.save(t)
    with pytest.raises(StorageFull):
        for i in range(200):
            net.send("A", net.guests["A"].intent({"type": "say", "text": "long " * 30}))
            saver.save(t)


def test_old_one_piece_saves_still_restore():
    t, _ = started_pair()
    storage = MemoryStorage()
    storage.set(HOST_PREFIX + "tbl1", json.dumps(t.save()))
    data, assets = load_table(storage, "tbl1")
    assert Table.restore(data, game=GAME).state == t.state and assets == []
    assert load_table(storage, "nothing") is None


def test_delete_removes_every_piece():
    t = Table(SKETCH, [{"kind": "local"}, {"kind": "local"}], seed=9, table_id="gone")
    storage = MemoryStorage()
    storage.set("clubtable.host.gone2", "other table")
    saver = TableSaver(storage, "gone")
    t.asset_sink = saver.save_asset
    t.start(0)
    t.add_asset(PNG + b"z", 0)
    for i in range(40):
        t.local(0, {"type": "say", "text": str(i)}, i)
        saver.save(t)
    delete_table(storage, "gone")
    assert list(storage.data) == ["clubtable.host.gone2"]


def test_twelve_players_drawings_fit_the_browsers_storage_quota():
    """Dohdles! for twelve (six teams of two): every Dohdle a drawing from the dough pad (a PNG
    of 480×360 is 20–60 kB; 96 kB each here), saved as the host saves, stays well inside
    Chromium's ~5 M characters of localStorage, pictures once each."""
    import random
    quota = 5_000_000
    rng = random.Random(12)
    seats = [{"kind": "local", "name": f"P{i}"} for i in range(12)]
    t = Table("dohdles", seats, options={"riddle_medium": "drawing"}, seed=12, table_id="twelve",
              token_factory=Tokens())
    storage = MemoryStorage(quota=quota)
    saver = TableSaver(storage, t.table_id)
    t.asset_sink = saver.save_asset
    t.start(0)
    saver.save(t)
    words = iter(["apple", "anchor", "banana", "bottle", "candle", "castle", "dragon", "engine",
                  "feather", "garden", "hammer", "island", "jacket", "kettle", "ladder", "mirror"])
    made, now = 0, 1
    while t.game.awaited(t.state) and t.state["phase"] == "making":
        seat = t.game.awaited(t.state)[0]
        ref = t.add_asset(PNG + rng.randbytes(96_000), now, seat=seat)
        t.local(seat, {"type": "make_drawing", "word": next(words), "picture": ref}, now)
        saver.save(t)
        made, now = made + 1, now + 1
    assert made >= 6 and t.state["phase"] == "play"
    assert storage.used() < 0.6 * quota
    data, assets = load_table(storage, "twelve")
    assert len(assets) == made
    assert Table.restore(data, game=t.game).state["phase"] == "play"
