"""Messages of any size in bounded pieces, reassembled with bounded buffers."""
from __future__ import annotations

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from clubtable.session.chunks import CHUNK_CHARS, ChunkError, Reassembler, Splitter, split  # noqa: E402
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
