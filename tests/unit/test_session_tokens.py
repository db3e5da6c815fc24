"""A guest tab closed and opened again in the same browser takes its seat back: rejoin
tokens live in localStorage per table and seat, and are used only for a seat nobody holds."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_session_fakegame import Net, make_table  # noqa: E402

from clubtable.session.store import GUEST_PREFIX, MAX_TABLES_REMEMBERED, MemoryStorage, StorageFull, TokenBook  # noqa: E402,E501


def test_a_reopened_tab_takes_its_seat_back():
    t = make_table()
    net = Net(t)
    local = MemoryStorage()                      # the browser's localStorage, shared by tabs
    a = net.join("A", "Ann")
    net.join("B", "Ben")
    TokenBook(local).remember(t.table_id, a.seat, a.token, a.name)
    net.deliver(t.start(0))
    net.deliver(t.disconnect("A", 10))           # the tab is closed
    # a new tab of the same browser: no session storage, the same local storage
    rec = TokenBook(local).recall(t.table_id, t.lobby_info()["seats"])
    assert rec == {"seat": 0, "token": a.token, "name": "Ann"}
    again = net.join("A2", "Ann", token=rec["token"], seat=rec["seat"])
    assert again.seat == 0 and t.seat_summary()[0]["connected"]


def test_another_tab_of_the_same_browser_does_not_take_a_held_seat():
    t = make_table(kinds=("remote", "remote", "remote"))
    net = Net(t)
    local = MemoryStorage()
    a = net.join("A", "Ann")
    TokenBook(local).remember(t.table_id, a.seat, a.token, a.name)
    # a second tab joins the same table while the first one is connected: a fresh seat
    assert TokenBook(local).recall(t.table_id, t.lobby_info()["seats"]) is None
    b = net.join("B", "Ben")
    TokenBook(local).remember(t.table_id, b.seat, b.token, b.name)
    assert (a.seat, b.seat) == (0, 1)
    net.deliver(t.disconnect("B", 5))
    assert TokenBook(local).recall(t.table_id, t.lobby_info()["seats"])["seat"] == 1


def test_unknown_table_state_means_no_token():
    local = MemoryStorage()
    TokenBook(local).remember("tbl1", 0, "tok", "Ann")
    assert TokenBook(local).recall("tbl1", None) is None
    assert TokenBook(local).recall("other", [{"kind": "remote", "connected": False}]) is None


def test_forget_and_bounded_and_damaged_records():
    local = MemoryStorage()
    book = TokenBook(local)
    for i in range(MAX_TABLES_REMEMBERED + 5):
        book.remember(f"t{i}", 0, "tok", "Ann")
    kept = [k for k in local.data if k.startswith(GUEST_PREFIX) and not k.endswith("index")]
    assert len(kept) == MAX_TABLES_REMEMBERED and GUEST_PREFIX + "t0" not in local.data
    free = [{"kind": "remote", "connected": False}]
    book.forget("t30", 0)
    assert book.recall("t30", free) is None
    local.data[GUEST_PREFIX + "t29"] = "{not json"
    assert book.recall("t29", free) is None
    local.data[GUEST_PREFIX + "t28"] = '{"0": {"token": 5}}'
    assert book.recall("t28", free) is None


def test_a_full_storage_does_not_break_joining():
    local = MemoryStorage(quota=10)
    TokenBook(local).remember("tbl1", 0, "tok" * 10, "Ann")      # quietly not kept
    assert TokenBook(local).recall("tbl1", [{"kind": "remote", "connected": False}]) is None
    assert StorageFull
