"""Pictures at a table: checked by magic bytes, size and SHA-256; kept once; the state and
the log hold only the reference; a peer receives a picture only once its view shows it."""
from __future__ import annotations

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from session_sketch_game import SKETCH  # noqa: E402
from test_session_fakegame import Net, Tokens  # noqa: E402

from clubtable.engine import IllegalAction  # noqa: E402
from clubtable.session import Table, encode, parse_guest  # noqa: E402
from clubtable.session.assets import (MAX_ASSET_BYTES, AssetError, AssetInbox, asset_message, check,  # noqa: E402
                                      ref_of, refs_in, sniff)
from clubtable.session.protocol import MAX_GUEST_BYTES, ProtocolError  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"
JPEG = b"\xff\xd8\xff\xe0"
WEBP = b"RIFF\x10\x00\x00\x00WEBPVP8 "


def picture(tag, size=300, magic=PNG):
    body = (tag.encode() * (size // max(1, len(tag)) + 1))[:size]
    return magic + body


def sketch_table(kinds=("remote", "remote", "remote")):
    t = Table(SKETCH, [{"kind": k} for k in kinds], options={"turn_ms": 60_000}, seed=9, table_id="tbl1",
              token_factory=Tokens())
    net = Net(t)
    for peer, name in zip("ABC", ("Ann", "Ben", "Cat")):
        if kinds["ABC".index(peer)] == "remote":
            net.join(peer, name)
    net.join("S", "Sue", spectate=True)
    net.deliver(t.start(0))
    return t, net


def upload(net, peer, data):
    text, ref = net.guests[peer].upload(data)
    net.send(peer, text)
    return ref


def assets_received(net, peer):
    return [json.loads(r)["ref"] for r in net.raw[peer] if json.loads(r)["t"] == "asset"]


# ---------------------------------------------------------------------------- pure checks
def test_pictures_are_told_by_their_magic_bytes():
    assert sniff(picture("a")) == "image/png"
    assert sniff(picture("a", magic=JPEG)) == "image/jpeg"
    assert sniff(picture("a", magic=WEBP)) == "image/webp"
    assert sniff(b"GIF89a....") is None and sniff(b"<svg>") is None and sniff(b"") is None


def test_check_refuses_what_is_not_the_announced_picture():
    data = picture("cat")
    good = asset_message(ref_of(data), "image/png", data)
    assert check(good["ref"], good["mime"], good["data"]) == data
    bad = [
        (good["ref"], "image/jpeg", good["data"], "bad_asset"),                 # type disagrees
        (ref_of(b"other"), "image/png", good["data"], "bad_asset"),             # hash disagrees
        (good["ref"], "image/png", "not base64!", "bad_asset"),
        ("sha256:xyz", "image/png", good["data"], "bad_asset"),
        (good["ref"], "image/gif", good["data"], "bad_asset"),
    ]
    big = picture("big", MAX_ASSET_BYTES)
    big_msg = asset_message(ref_of(big), "image/png", big)
    bad.append((big_msg["ref"], "image/png", big_msg["data"], "too_big"))
    for ref, mime, b64, code in bad:
        with pytest.raises(AssetError) as e:
            check(ref, mime, b64)
        assert e.value.code == code and e.value.reason


def test_the_largest_picture_fits_one_asset_message_and_nothing_else_is_that_long():
    data = picture("x", MAX_ASSET_BYTES - len(PNG))
    text = encode({"t": "asset", "table": "tbl1", "seq": 1, **asset_message(ref_of(data), "image/png", data)})
    assert parse_guest(text)["ref"] == ref_of(data)
    hello = encode({"t": "hello", "table": "tbl1", "seq": 1, "name": "x" * 20}) + " " * MAX_GUEST_BYTES
    forged = '{"t":"asset","t":"hello","table":"tbl1","seq":1,"name":"x"}' + " " * MAX_GUEST_BYTES
    for raw in (hello, forged):
        with pytest.raises(ProtocolError) as e:
            parse_guest(raw)
        assert e.value.code == "too_big"


def test_refs_in_finds_references_anywhere_in_a_view():
    r1, r2 = ref_of(b"1"), ref_of(b"2")
    view = {"a": [r1, {"b": [[r2]]}], "c": "sha256:short", "d": r1}
    assert sorted(refs_in(view)) == sorted([r1, r2])


def test_a_guest_keeps_a_bounded_inbox():
    box = AssetInbox(max_count=2)
    refs = []
    for tag in "abc":
        data = picture(tag)
        refs.append(box.receive(asset_message(ref_of(data), "image/png", data)))
    assert refs[0] not in box and refs[1] in box and refs[2] in box


# ---------------------------------------------------------------------------- at the table
def test_state_and_log_hold_only_the_reference():
    t, net = sketch_table()
    data = picture("a drawing of a cat", 4000)
    ref = upload(net, "A", data)
    net.send("A", net.guests["A"].intent({"type": "draw", "picture": ref}))
    assert t.state["drawings"][0] == ref and t.state["log"][-1][1] == {"type": "draw", "picture": ref}
    dumped = json.dumps(t.state)
    assert "iVBOR" not in dumped and len(dumped) < 2000
    assert t.assets.get(ref) == ("image/png", data)


def test_a_picture_reaches_a_seat_only_when_its_view_shows_it():
    t, net = sketch_table()
    ref = upload(net, "A", picture("secret sketch"))
    net.send("A", net.guests["A"].intent({"type": "draw", "picture": ref}))
    assert assets_received(net, "A") == [ref]              # A sees its own drawing
    for peer in "BCS":
        assert assets_received(net, peer) == [], peer       # hidden until the reveal
    net.send("B", net.guests["B"].intent({"type": "skip"}))
    for peer in "BCS":
        assert assets_received(net, peer) == []
    net.send("C", net.guests["C"].intent({"type": "skip"}))   # the reveal
    for peer in "ABCS":
        assert assets_received(net, peer) == [ref], peer     # once each, never twice
        assert net.guests[peer].assets.get(ref)[1] == picture("secret sketch")
        assert ("asset", ref) in net.events[peer]
    # the picture arrives before the update that shows it
    kinds = [json.loads(r)["t"] for r in net.raw["B"]]
    i = kinds.index("asset")
    assert kinds[i + 1] == "update" and ref in json.dumps(json.loads(net.raw["B"][i + 1])["view"])


def test_a_withdrawn_picture_never_reaches_the_others():
    t, net = sketch_table()
    first = upload(net, "A", picture("first try"))
    net.send("A", net.guests["A"].intent({"type": "draw", "picture": first}))
    net.send("A", net.guests["A"].intent({"type": "erase"}))
    net.send("B", net.guests["B"].intent({"type": "skip"}))
    net.send("C", net.guests["C"].intent({"type": "skip"}))
    assert t.result is not None
    for peer in "BCS":
        assert first not in assets_received(net, peer)
        assert all(first not in r or json.loads(r)["t"] == "end" for r in net.raw[peer])


def test_stored_once_however_often_it_is_sent():
    t, net = sketch_table()
    data = picture("same")
    upload(net, "A", data)
    upload(net, "B", data)
    assert len(t.assets) == 1 and t.assets.bytes == len(data)
    assert [e["kind"] for e in t.events].count("asset") == 1


def test_a_new_link_gets_the_pictures_again():
    t, net = sketch_table()
    ref = upload(net, "A", picture("mine"))
    net.send("A", net.guests["A"].intent({"type": "draw", "picture": ref}))
    token = net.guests["A"].token
    net.deliver(t.disconnect("A", 0))
    net.join("A2", "Ann", token=token)
    assert assets_received(net, "A2") == [ref]


def test_spectators_cannot_upload_and_bad_pictures_are_refused():
    t, net = sketch_table()
    upload(net, "S", picture("from the audience"))
    assert net.last_event("S")[:2] == ("reject", "not_your_seat")
    a = net.guests["A"]
    data = picture("x")
    forged = asset_message(ref_of(b"something else"), "image/png", data)
    net.send("A", encode({"t": "asset", "table": "tbl1", "seq": a.seq + 1, **{k: forged[k] for k in
                                                                             ("ref", "mime", "data")}}))
    a.seq += 1
    assert net.last_event("A")[:2] == ("reject", "bad_asset")
    assert len(t.assets) == 0
    with pytest.raises(ProtocolError):
        a.upload(b"GIF89a not allowed")


def test_an_action_naming_a_picture_the_host_lacks_is_refused():
    t, net = sketch_table()
    net.send("A", net.guests["A"].intent({"type": "draw", "picture": ref_of(picture("never sent"))}))
    assert net.last_event("A")[:2] == ("reject", "missing_picture")
    assert t.state["log"] == []


def test_a_picture_that_cannot_be_saved_is_refused_with_a_reason():
    t, net = sketch_table()
    t.asset_sink = lambda ref, mime, data: "This browser's storage is full: the picture was not kept."
    upload(net, "A", picture("too much"))
    code, reason = net.last_event("A")[1:3]
    assert code == "storage_full" and "storage is full" in reason
    assert len(t.assets) == 0


def test_local_seats_add_pictures_directly():
    t, net = sketch_table(kinds=("local", "remote", "remote"))
    ref = t.add_asset(picture("host's own", magic=JPEG), 0, seat=0)
    t.local(0, {"type": "draw", "picture": ref}, 0)
    assert t.state["drawings"][0] == ref
    with pytest.raises(IllegalAction) as e:
        t.add_asset(b"<svg onload=alert(1)>", 0, seat=0)
    assert e.value.code == "bad_asset"
    with pytest.raises(IllegalAction) as e:
        t.add_asset(picture("huge", MAX_ASSET_BYTES + 1), 0, seat=0)
    assert e.value.code == "too_big"


# ---------------------------------------------------------------------------- laundering
def dohdles_table():
    t = Table("dohdles", [{"kind": "remote"}] * 3, options={"riddle_medium": "drawing"}, seed=5,
              table_id="tbl1", token_factory=Tokens())
    net = Net(t)
    for peer, name in zip("ABC", ("Ann", "Ben", "Cat")):
        net.join(peer, name)
    net.deliver(t.start(0))
    return t, net


def test_a_move_cannot_launder_another_sides_hidden_picture():
    """While riddles are made, Ben's drawing is hidden from Ann (§1.9).  Ann, who somehow has
    its hash, names it in her own make_drawing: refused, nothing changes, and no message to
    her carries the picture."""
    t, net = dohdles_table()
    bens = upload(net, "B", picture("Ben's hidden rabbit"))
    assert bens in t.assets
    before, log = t.state, list(t.state["log"])
    sent_before = len(net.raw["A"])
    a = net.guests["A"]
    net.send("A", a.intent({"type": "make_drawing", "word": "rabbit", "picture": bens}))
    assert net.last_event("A")[:2] == ("reject", "not_your_picture")
    assert t.state is before and list(t.state["log"]) == log
    to_ann = net.raw["A"][sent_before:]
    assert [json.loads(r)["t"] for r in to_ann] == ["reject"]
    assert all(bens not in r for r in to_ann)
    assert bens not in assets_received(net, "A")
    # the picture's owner may use it; Ann may use her own
    net.send("B", net.guests["B"].intent({"type": "make_drawing", "word": "rabbit", "picture": bens}))
    assert net.last_event("B")[0] == "update"
    anns = upload(net, "A", picture("Ann's owl"))
    net.send("A", a.intent({"type": "make_drawing", "word": "owl", "picture": anns}))
    assert net.last_event("A")[0] == "update"
    assert bens not in assets_received(net, "A") and bens not in assets_received(net, "C")


def test_the_seats_that_shared_a_picture_survive_a_host_reload():
    t, net = dohdles_table()
    bens = upload(net, "B", picture("Ben's drawing"))
    saved = json.loads(json.dumps(t.save()))
    t2 = Table.restore(saved, now_ms=10, token_factory=Tokens())
    mime, data = t.assets.get(bens)
    t2.assets.add(bens, mime, data)                     # as the page restores its pictures
    assert t2.assets.foreign({"picture": bens}, 1) == [] and t2.assets.foreign({"picture": bens}, 0) == [bens]
