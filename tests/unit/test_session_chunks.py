"""Messages of any size in bounded pieces, reassembled with bounded buffers."""
from __future__ import annotations

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from clubtable.session.chunks import (ACK_EVERY, CHUNK_CHARS, LET_GO, STALL_MS, WINDOW, ChunkError,  # noqa: E402
                                      Outbox, Reassembler, Splitter, split)
from clubtable.session.protocol import MAX_GUEST_BYTES, MAX_HOST_BYTES  # noqa: E402


def big_message(chars):
    return json.dumps({"t": "end", "log": "é" * chars}, ensure_ascii=False)


def test_a_short_message_goes_as_it_is():
    text = '{"t":"ping","table":"x","seq":1,"ts":1}'
    assert Splitter().frames(text) == [text]
    assert Reassembler(100).feed(text) == text


@pytest.mark.parametrize("chars", [CHUNK_CHARS - 20, CHUNK_CHARS * 3, 300 * 1024, 900 * 1024])
def test_any_allowed_size_round_trips_in_bounded_frames(chars):
    text = big_message(chars)
    frames = Splitter().frames(text)
    assert all(len(f.encode()) < 70 * 1024 for f in frames)       # well under 256 KiB
    r = Reassembler(MAX_HOST_BYTES)
    got = [r.feed(f) for f in frames]
    assert got[-1] == text and all(g is None for g in got[:-1]) and r.pending_chars == 0


def test_two_long_messages_in_a_row():
    s, r = Splitter(size=10), Reassembler(1000, size=10)
    for text in ("{" + "a" * 35 + "}", "{" + "b" * 24 + "}"):
        out = [r.feed(f) for f in s.frames(text)]
        assert out[-1] == text


def test_a_message_over_the_bound_is_refused_at_its_first_frame():
    frames = split("{" + "x" * 500 + "}", 1, size=100)
    r = Reassembler(300, size=100)
    with pytest.raises(ChunkError) as e:
        r.feed(frames[0])
    assert e.value.code == "too_big" and r.pending_chars == 0


@pytest.mark.parametrize("frames", [
    ["~1/1/3|" + "a" * 10],                                # starts in the middle
    ["~1/0/3|" + "a" * 10, "~1/2/3|" + "a" * 10],          # skips a piece
    ["~1/0/3|" + "a" * 10, "~2/1/3|" + "a" * 10],          # another message's piece
    ["~1/0/3|" + "a" * 10, "~2/0/3|" + "a" * 10],          # a new message before the end
    ["~1/0/3|" + "a" * 10, "{}"],                           # a whole message in between
    ["~1/0/3|" + "a" * 11],                                 # a piece too long
    ["~1/0/3|" + "a" * 9],                                  # a middle piece too short
    ["~1/0/1|{}"],                                          # one piece is not a split
    ["~x/0/3|aaaa"], ["~1/0/3"], ["~" * 5000],             # unreadable headers
    ["~1/0/999999999|" + "a" * 10],                         # announces more than allowed
])
def test_broken_frames_are_refused_and_nothing_is_kept(frames):
    r = Reassembler(100, size=10)
    with pytest.raises(ChunkError) as e:
        for f in frames:
            r.feed(f)
    assert e.value.code in ("bad_chunk", "too_big") and e.value.reason
    assert r.pending_chars == 0
    assert r.feed("{}") == "{}"          # the link goes on


def test_a_hostile_peer_cannot_grow_the_buffer():
    r = Reassembler(MAX_GUEST_BYTES)
    n = MAX_GUEST_BYTES // CHUNK_CHARS + 1
    worst = 0
    for k in range(1, 200):
        try:
            for i in range(n - 1):
                r.feed(f"~{k}/{i}/{n}|" + "z" * CHUNK_CHARS)
                worst = max(worst, r.pending_chars)
        except ChunkError:
            pass
    assert worst <= MAX_GUEST_BYTES


def test_a_broken_piece_is_refused_by_the_table_within_its_budget():
    from test_session_fakegame import started_pair
    t, net = started_pair()
    outs = t.refuse("A", "bad_chunk", "A message piece arrived out of order.", 0)
    assert [(p, m["t"], m["code"]) for p, m in outs] == [("A", "reject", "bad_chunk")]
    replies = []
    for _ in range(2000):
        replies += t.refuse("A", "bad_chunk", "again", 0)
    assert len(replies) < 150 and "A" in t.dropped
    assert t.refuse("nobody", "bad_chunk", "x", 0) == []


# ---------------------------------------------------------------------------- the host's budgets
def _pair(pictures=True):
    """A started table with guests A (seat 0) and B (seat 1) and a spectator S; ``pictures``:
    of a game whose moves name pictures (its players upload them), else of one without."""
    from test_session_fakegame import Net, Tokens, started_pair
    if not pictures:
        return started_pair()
    from session_sketch_game import SKETCH
    from clubtable.session.table import Table
    t = Table(SKETCH, [{"kind": "remote", "name": f"P{i}", "level": None} for i in range(2)], seed=1234,
              table_id="tbl1", now_ms=0, token_factory=Tokens())
    net = Net(t)
    net.join("A", "Ann")
    net.join("B", "Ben")
    net.join("S", "Sue", spectate=True)
    net.deliver(t.start(0))
    assert t.pictures and not started_pair()[0].pictures
    return t, net


def _frames(net, peer, frames, now=0):
    out = []
    for f in frames:
        out += net.deliver(net.table.frame(peer, f, now))
    return out


def _picture(net, peer, size=384_000, tag=b"x"):
    data = b"\x89PNG\r\n\x1a\n" + (tag * size)[:size]
    return net.guests[peer].upload(data)


def _send_paced(net, peer, text, box=None, now=0):
    """What a guest's link does (net/links.py): the Outbox sends the frames the host's
    ``got`` messages allow, one at a time, as they arrive.  Returns the host's replies."""
    box = box or Outbox()
    frames, replies = box.put(text), []
    while frames:
        out = net.deliver(net.table.frame(peer, frames.pop(0), now))
        replies += out
        for p, m in out:
            if p == peer and m["t"] == "got":
                frames += box.acked(m["id"], m["n"], m["key"])
            elif p == peer and m["t"] == "reject" and m["code"] in LET_GO:
                frames += box.give_up()
    return replies


def test_a_seated_players_picture_arrives_piece_by_piece():
    """A picture of 32 pieces: the host says ``got`` after every fourth, and the guest never
    has more than a window of pieces on its way."""
    t, net = _pair()
    text, ref = _picture(net, "A")
    n = len(Splitter().frames(text))
    assert n > 20
    replies = _send_paced(net, "A", text)
    assert ref in t.assets and not [m for p, m in replies if m["t"] == "reject"]
    assert [m["n"] for p, m in replies if m["t"] == "got"] == list(range(ACK_EVERY, n, ACK_EVERY))


def test_the_outbox_sends_a_window_ahead_and_the_rest_as_the_host_asks():
    box = Outbox(window=3, size=10)
    first = box.put("{" + "a" * 58 + "}")                 # 6 pieces
    assert [f.split("|")[0] for f in first] == ["~1/0/6", "~1/1/6", "~1/2/6"]
    assert box.put("{}") == [] and box.waiting == 4        # a whole message waits its turn
    assert [f.split("|")[0] for f in box.acked(1, 2, "k2")] == ["~1/3/6/k2", "~1/4/6/k2"]
    assert box.acked(1, 1, "old") == []                    # an older got changes nothing
    assert [f.split("|")[0] for f in box.acked(1, 4, "k4")] == ["~1/5/6/k4", "{}"]
    assert box.waiting == 0


def test_the_outbox_gives_up_a_refused_message_and_sends_what_waited():
    box = Outbox(window=2, size=10)
    box.put("{" + "a" * 58 + "}")
    box.put("{}")
    assert box.give_up() == ["{}"] and box.waiting == 0


def test_the_outbox_never_waits_for_good():
    """A got that never comes (the host let the message go and its refusal did not reach
    us): after STALL_MS the next message gives the long one up and goes itself."""
    box = Outbox(window=2, size=10)
    assert len(box.put("{" + "a" * 58 + "}", now_ms=0)) == 2
    assert box.put("{}", now_ms=STALL_MS - 1) == []                 # waits, as it should
    assert box.acked(1, 1, "k1") and box.waiting == 4               # a got: it moves, the clock starts again
    assert box.put("{1}", now_ms=STALL_MS + 5) == []
    assert box.put("{2}", now_ms=2 * STALL_MS + 5) == ["{}", "{1}", "{2}"] and box.waiting == 0


def test_a_reassembler_with_a_window_asks_for_more_and_refuses_what_it_did_not_ask_for():
    keys = iter(["k4", "k8", "k12"])
    r = Reassembler(10_000, size=10, window=8, keys=lambda: next(keys))
    frames = split("x" * 200, 1, size=10)                  # 20 pieces
    for f in frames[:8]:
        r.feed(f)
    assert r.ack == (1, 8, "k8")
    with pytest.raises(ChunkError) as e:
        r.feed(frames[8])                                  # no key: sent ahead of a got
    assert (e.value.code, e.value.over, r.pending_chars) == ("too_fast", True, 0)

    def fed_eight():
        r = Reassembler(10_000, size=10, window=8, keys=lambda: "k")
        for f in frames[:8]:
            r.feed(f)
        return r
    with pytest.raises(ChunkError) as e:
        fed_eight().feed(frames[8].replace("|", "/forged|", 1))    # a key the host never gave
    assert e.value.code == "too_fast"
    r2 = fed_eight()
    r2.feed(frames[8].replace("|", "/k|", 1))              # the got of piece 8 allows 9 to 16
    assert r2.pending_chars == 90


def test_a_piece_beyond_the_window_without_a_got_drops_the_peer():
    """A flooding guest that does not wait for ``got`` is refused at the first piece it was
    not asked for: a window's worth, not a whole picture's 43 pieces."""
    t, net = _pair()
    text, _ = _picture(net, "A")
    frames = Splitter().frames(text)
    replies = _frames(net, "A", frames)
    assert [m["code"] for p, m in replies if m["t"] == "reject"] == ["too_fast"]
    assert "A" in t.dropped and "A" in t.take_closing()


def test_a_game_without_pictures_keeps_none():
    """A picture in one piece, from a seated player of a game whose moves name no picture:
    refused (nothing would show it), not kept; the player stays.  In pieces it would not get
    past the first (test_a_flood_of_partial_messages_is_refused_once_and_dropped)."""
    t, net = _pair(pictures=False)
    text, ref = net.guests["A"].upload(b"\x89PNG\r\n\x1a\n" + b"x" * 4000)
    replies = net.send("A", text)
    assert [(p, m["code"]) for p, m in replies if m["t"] == "reject"] == [("A", "no_pictures")]
    assert ref not in t.assets and "A" in t.peers and "A" not in t.dropped


def test_pieces_are_paid_from_the_byte_budget_as_they_arrive():
    """Pieces of messages count like whole ones: two pictures of 512 KiB at once are over the
    1 MiB burst, and the second is refused before it completes.  The guest's link gives it up
    and what waited behind it (a ping) goes through; the player stays."""
    t, net = _pair()
    box = Outbox()
    first, ref1 = _picture(net, "A", size=500_000, tag=b"a")
    second, ref2 = _picture(net, "A", size=500_000, tag=b"b")
    replies = _send_paced(net, "A", first, box) + _send_paced(net, "A", second, box)
    assert ref1 in t.assets and ref2 not in t.assets
    assert [m["code"] for p, m in replies if p == "A" and m["t"] == "reject"] == ["rate_limited"]
    assert not box.waiting and "A" in t.peers and "A" not in t.dropped
    net.now = 5_000
    assert [m["t"] for p, m in _send_paced(net, "A", net.guests["A"].ping(5), box, now=5_000)] == ["pong"]


@pytest.mark.parametrize("pictures", [True, False])
def test_a_flood_of_partial_messages_is_refused_once_and_dropped(pictures):
    """Issue 20's flood: 120 messages of 43 pieces that never complete.  In a game with
    pictures the first pieces up to the flow control's window are a picture's right, and the
    next, sent ahead of the host's ``got``, is refused; in a game without, the first piece
    (longer than any message of its players).
    One reject, the peer dropped; every later frame is ignored without being kept, and the
    other player plays on."""
    t, net = _pair(pictures)
    n = 44
    replies, fed, kept = [], 0, 0
    for k in range(1, 121):
        for i in range(43):
            replies += net.deliver(t.frame("A", f"~{k}/{i}/{n}|" + "z" * CHUNK_CHARS, 0))
            fed += 1
            peer = t.peers.get("A")
            kept += bool(peer and peer.pieces and peer.pieces.pending_chars)
    to_a = [m for p, m in replies if p == "A"]
    assert [m["code"] for m in to_a if m["t"] == "reject"] == ["too_fast" if pictures else "too_big"]
    assert kept == (WINDOW if pictures else 0)
    assert "A" in t.dropped and "A" not in t.peers and "A" in t.take_closing()
    assert all(p.pieces is None or p.pieces.pending_chars == 0 for p in t.peers.values())
    assert fed == 120 * 43 and len(replies) < 10
    seat = next(s for s in (0, 1) if t.game.legal(t.state, s))
    if seat == 1:                                      # Ben plays on
        before = t.version
        net.send("B", net.guests["B"].intent(t.game.legal(t.state, 1)[0]))
        assert t.version > before
    assert net.send("B", net.guests["B"].ping(5))[-1][1]["t"] == "pong"


def test_a_link_that_is_not_seated_may_not_start_a_long_message():
    """A spectator (or a link before hello) never needs more than a guest message: a piece
    announcing a picture-sized message is refused and the link dropped."""
    t, net = _pair()
    replies = _frames(net, "S", ["~1/0/44|" + "z" * CHUNK_CHARS])
    assert [(p, m["code"]) for p, m in replies if m["t"] == "reject"] == [("S", "too_big")]
    assert "S" in t.dropped
    net.deliver(t.connect("X", 0))                    # has not said hello
    replies = _frames(net, "X", ["~1/0/3|" + "z" * CHUNK_CHARS])
    assert "X" in t.dropped and replies and replies[-1][1]["code"] == "too_big"


def test_links_are_capped_per_table_and_strangers_too():
    from clubtable.session.table import MAX_STRANGERS, MAX_WATCHERS, STRANGER_MS
    t, net = _pair()
    for i in range(MAX_STRANGERS):                    # links that have not said hello
        assert net.deliver(t.connect(f"s{i}", 0)) == []
    replies = net.deliver(t.connect("one-too-many", 0))
    assert [(p, m["code"]) for p, m in replies] == [("one-too-many", "too_many_links")]
    assert "one-too-many" in t.take_closing() and "one-too-many" not in t.peers
    # a stranger silent for long makes room for a newcomer
    replies = net.deliver(t.connect("later", STRANGER_MS))
    assert [(p, m["code"]) for p, m in replies] == [("s0", "too_slow")] and "later" in t.peers
    for peer in [p for p in t.peers if p.startswith("s") and p != "S"] + ["later"]:
        net.deliver(t.disconnect(peer, STRANGER_MS))
    for i in range(40):                               # spectators, each saying hello
        net.join(f"w{i}", f"W{i}", spectate=True)
    watchers = [p for p in t.peers.values() if p.seat is None]
    assert len(watchers) == MAX_WATCHERS              # S and seven of them
    # a seated player whose link broke comes back whatever the spectators
    token = net.guests["A"].token
    net.deliver(t.disconnect("A", STRANGER_MS))
    net.join("A2", "Ann", token=token)
    assert t.peers["A2"].seat == 0


def test_a_picture_may_begin_only_while_a_move_of_the_seat_names_one():
    """Pictures are shared for the move that names one (making a riddle); at any other time a
    seat never sends a message longer than a guest message.  Ben, whose turn to draw has not
    come, is refused at the first piece of a long message and dropped; Ann, who has drawn and
    whose drawing move is closed, likewise.  So after the riddles are made a flood of partial
    messages gets no further than in a game without pictures."""
    t, net = _pair()
    assert t.may_share_picture(0) and not t.may_share_picture(1)
    replies = _frames(net, "B", ["~1/0/44|" + "z" * CHUNK_CHARS])
    assert [(p, m["code"]) for p, m in replies if m["t"] == "reject"] == [("B", "too_big")]
    assert "B" in t.dropped
    text, ref = _picture(net, "A")
    assert not [m for p, m in _send_paced(net, "A", text) if m["t"] == "reject"]
    net.send("A", net.guests["A"].intent({"type": "draw", "picture": ref}))
    assert t.state["drawings"][0] == ref and not t.may_share_picture(0)
    replies = _frames(net, "A", ["~2/0/44|" + "z" * CHUNK_CHARS])
    assert [(p, m["code"]) for p, m in replies if m["t"] == "reject"] == [("A", "too_big")]
    assert "A" in t.dropped


@pytest.mark.parametrize("game, options, may", [
    ("dohdles", {"riddle_medium": "drawing"}, True), ("dohdles", {"riddle_medium": "photo"}, True),
    ("dohdles", {"riddle_medium": "table"}, False),          # real dough on the table: no picture
    ("cave", {"riddle_medium": "canvas2d"}, True), ("cave", {"riddle_medium": "photo"}, True),
    ("cave", {"riddle_medium": "table"}, False),
    ("dodgy", {}, False)])
def test_the_riddle_makers_may_share_pictures_while_they_make_them(game, options, may):
    from clubtable.session.table import Table
    seats = [{"kind": "local", "name": "Ann"}] + [{"kind": "pass", "name": f"P{i}"} for i in (1, 2)]
    t = Table(game, seats, options=options, seed=7, table_id="tbl1", now_ms=0)
    assert not t.may_share_picture(0)                  # before the game: nothing to make
    t.start(0)
    assert [t.may_share_picture(s) for s in range(3)] == [may] * 3
