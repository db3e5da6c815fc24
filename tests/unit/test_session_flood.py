"""A host that cannot be flooded: per-peer budgets (messages, bytes, intents, hellos) on the
table's clock, one reject per burst, a peer that keeps flooding dropped, bounded logs."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from session_sketch_game import SKETCH  # noqa: E402
from test_session_fakegame import Net, Tokens, started_pair  # noqa: E402

from clubtable.session import Guest, Table, encode  # noqa: E402
from clubtable.session.limits import BoundedLog, Bucket  # noqa: E402
from clubtable.session.table import BUDGETS, MAX_EVENTS  # noqa: E402


def sizes(outs):
    return sum(len(encode(m).encode()) for _, m in outs)


def sketch_pair():
    t = Table(SKETCH, [{"kind": "remote"}, {"kind": "remote"}], options={"turn_ms": 60_000}, seed=9,
              table_id="tbl1", token_factory=Tokens())
    net = Net(t)
    net.join("A", "Ann")
    net.join("B", "Ben")
    net.deliver(t.start(0))
    return t, net


def test_bucket_refills_on_the_clock_it_is_given():
    b = Bucket(rate=10, burst=3, now_ms=0)
    assert [b.take(0) for _ in range(4)] == [True, True, True, False]
    assert not b.take(50)            # half a token
    assert b.take(100)
    assert b.take(10_000) and b.level <= 3


def test_a_player_clicking_fast_is_never_refused():
    """Ten actions a second for a minute (more than anyone clicks) pass every budget."""
    t, net = sketch_pair()
    b = net.guests["B"]
    for i in range(600):
        net.now = i * 100
        net.send("B", b.intent({"type": "say", "text": f"hi {i}"}))
        assert net.last_event("B")[0] != "reject", net.last_event("B")
    assert len(t.state["chat"]) == 600 and "B" in t.peers


def test_an_intent_flood_gets_one_reject_and_the_peer_is_dropped():
    t, net = sketch_pair()
    a = net.guests["A"]
    replies = []
    for i in range(2000):                              # 2,000 legal intents in one second
        replies += net.send("A", a.intent({"type": "say", "text": f"spam {i}"}))
        net.now = i // 2
    rejects = [m for p, m in replies if p == "A" and m["t"] == "reject"]
    assert [m["code"] for m in rejects] == ["rate_limited", "flooding"]
    assert all(m["reason"] for m in rejects)
    assert t.take_closing() == ["A"] and t.take_closing() == []
    assert "A" not in t.peers and len(t.state["chat"]) <= BUDGETS["intent"][1] + 20
    # the others play on; A's seat is free to be taken back with its token on a new link
    net.send("B", net.guests["B"].intent({"type": "say", "text": "still here"}))
    assert t.state["chat"][-1] == [1, "still here"]
    assert t.seat_summary()[0]["connected"] is False
    net.deliver(t.connect("A", net.now))
    net.send("A", a.hello())
    assert net.guests["A"].seat == 0 and t.seat_summary()[0]["connected"]


def test_the_host_replies_to_a_flood_are_bounded():
    t, net = sketch_pair()
    a = net.guests["A"]
    replies = []
    for i in range(2000):
        replies += net.send("A", a.intent({"type": "skip"} if i % 2 else {"type": "erase"}))
    assert len([m for p, m in replies if p == "A"]) < 120


def test_two_thousand_hellos_do_not_draw_megabytes_of_welcomes():
    t = Table(SKETCH, [{"kind": "remote"}, {"kind": "remote"}], seed=9, table_id="tbl1", token_factory=Tokens())
    g = Guest("tbl1", "Zed")
    t.connect("Z", 0)
    outs = []
    for _ in range(2000):
        outs += t.receive("Z", g.hello(), 0)
    assert sizes(outs) < 32_000
    assert t.take_closing() == ["Z"]
    assert [m["code"] for _, m in outs if m["t"] == "reject"] == ["rate_limited", "flooding"]


def test_late_messages_of_a_dropped_peer_are_ignored():
    t, net = sketch_pair()
    a = net.guests["A"]
    for i in range(1000):
        net.send("A", a.intent({"type": "say", "text": "x"}))
    assert "A" in t.dropped
    before = len(t.state["chat"])
    assert net.send("A", a.intent({"type": "say", "text": "late"})) == []
    assert len(t.state["chat"]) == before


def test_garbage_floods_are_budgeted_too():
    t, net = sketch_pair()
    replies = []
    for _ in range(3000):
        replies += t.receive("B", "{not json", 0)
    assert len(replies) < 150 and "B" in t.dropped


def test_a_byte_flood_is_refused():
    t, net = sketch_pair()
    b = net.guests["B"]
    big = b.intent({"type": "say", "text": "y" * 2000})
    for i in range(2000):
        t.receive("B", big, i)                    # ~4 MB in two seconds
    assert "B" in t.dropped


def test_a_slightly_too_fast_peer_is_refused_now_and_then_not_dropped():
    """30 intents a second for 20 seconds: the extra ones are refused (one reject a second at
    most), the peer is forgiven and stays."""
    t, net = sketch_pair()
    b = net.guests["B"]
    rejects = 0
    for i in range(600):
        outs = net.send("B", b.intent({"type": "say", "text": "go"}))
        rejects += sum(1 for p, m in outs if p == "B" and m["t"] == "reject")
        net.now += 33
    assert "B" in t.peers and "B" not in t.dropped
    assert 1 <= rejects <= 20


def test_events_stay_bounded_under_a_flood():
    t, net = sketch_pair()
    for k in range(20):
        net.deliver(t.connect(f"X{k}", 0))
        for _ in range(300):
            t.receive(f"X{k}", "[", 0)
    assert len(t.events) <= MAX_EVENTS


def test_bounded_log_keeps_the_most_recent_within_count_and_size():
    log = BoundedLog(max_items=3, max_size=10)
    for word in ("aa", "bb", "cc", "dd"):
        log.append(word)
    assert list(log) == ["bb", "cc", "dd"] and log.dropped == 1
    log.append("x" * 9)
    assert list(log) == ["x" * 9] and log.size == 9
    pairs = BoundedLog(10, 5, size=lambda e: len(e[1]))
    pairs.append(("p", "abc"))
    pairs.append(("p", "abc"))
    assert len(pairs) == 1


def test_legacy_table_events_and_flood():
    t, net = started_pair()
    for _ in range(2000):
        t.receive("S", net.guests["S"].intent({"type": "say", "text": "x"}), 0)
    assert "S" in t.dropped and len(t.events) <= MAX_EVENTS
