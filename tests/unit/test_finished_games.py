"""This device's finished games (session/history.py): the list ``#/open`` shows."""
from __future__ import annotations

import json

from clubtable.session import history as H
from clubtable.session import record as R
from clubtable.session.store import MemoryStorage
from record_games import finished


def _record(gid="dodgy"):
    game, state, seats, pictures = finished(gid)
    return R.make_record(game, state, seats, pictures)


def test_a_kept_game_reads_back_through_the_file_reader_once_per_table():
    store = MemoryStorage()
    hist = H.History(store)
    rec = _record()
    assert hist.keep("t1", rec, 100.0) == H.KEPT
    assert hist.keep("t1", rec, 101.0) == H.ALREADY          # a reload of the finished table
    (tid, entry), = hist.entries()
    assert tid == "t1" and entry["game"] == "dodgy"
    assert entry["players"] == [p["name"] for p in rec["players"]]
    assert entry["winners"] == [rec["players"][w]["name"] for w in rec["result"]["winners"]]
    reading = R.read_record(hist.record_text("t1").encode("utf-8"))
    assert reading.ok and reading.opened
    hist.delete("t1")
    assert hist.entries() == [] and hist.record_text("t1") is None
    assert hist.keep("t1", rec, 102.0) == H.ALREADY          # deleted stays deleted


def test_at_most_twenty_newest_first_oldest_dropped():
    hist = H.History(MemoryStorage())
    rec = _record()
    for i in range(H.MAX_GAMES + 3):
        assert hist.keep(f"t{i}", rec, float(i)) == H.KEPT
    ids = [tid for tid, _ in hist.entries()]
    assert len(ids) == H.MAX_GAMES
    assert ids[0] == f"t{H.MAX_GAMES + 2}" and ids[-1] == "t3"


def test_the_byte_cap_drops_the_oldest_and_a_record_over_it_is_refused(monkeypatch):
    rec = _record()
    one = len(json.dumps(R.write_record(rec).decode("utf-8"))) + 200
    monkeypatch.setattr(H, "MAX_CHARS", one * 2 + 100)
    hist = H.History(MemoryStorage())
    for i in range(4):
        assert hist.keep(f"t{i}", rec, float(i)) == H.KEPT
    assert [tid for tid, _ in hist.entries()] == ["t3", "t2"]
    monkeypatch.setattr(H, "MAX_CHARS", 50)
    assert hist.keep("big", rec, 9.0) == H.TOO_BIG
    assert [tid for tid, _ in hist.entries()] == ["t3", "t2"]   # nothing else lost


def test_a_full_store_drops_older_games_then_says_full_without_raising():
    rec = _record()
    store = MemoryStorage()
    hist = H.History(store)
    hist.keep("a", rec, 1.0)
    store.quota = store.used() + len(H.SEEN_KEY) + 200          # room for the ids, not a second game
    assert hist.keep("b", rec, 2.0) == H.KEPT                   # "a" made room
    assert [tid for tid, _ in hist.entries()] == ["b"]
    hist.delete("b")
    store.data["clubtable.host.x"] = "y" * 10                  # a hosted table takes the rest
    store.quota = store.used() + 40                             # room for the ids only
    assert hist.keep("c", rec, 3.0) == H.FULL
    assert store.data["clubtable.host.x"] == "y" * 10           # the hosted table untouched


def test_a_damaged_stored_entry_is_ignored_and_cleared_without_a_crash():
    store = MemoryStorage()
    hist = H.History(store)
    rec = _record()
    hist.keep("good", rec, 5.0)
    store.set(H.PREFIX + "bad1", "{not json")
    store.set(H.PREFIX + "bad2", json.dumps({"at": 1, "game": "dodgy", "players": [1], "winners": [],
                                             "record": "x"}))
    store.set(H.PREFIX + "bad3", json.dumps({"at": 2, "game": "dodgy", "players": ["<b>x</b>"],
                                             "winners": [], "record": "{}"}))
    store.set(H.SEEN_KEY, "[[")
    ids = [tid for tid, _ in hist.entries()]
    assert "good" in ids and "bad1" not in ids and "bad2" not in ids
    # a well-shaped entry with a broken record lists, but the strict reader refuses it
    assert R.read_record(hist.record_text("bad3").encode("utf-8")).opened is False
    assert hist.keep("next", rec, 6.0) == H.KEPT
    assert H.PREFIX + "bad1" not in store.data
