"""The wire in a real browser: messages far over the data channel's 256 KiB limit go both
ways in bounded pieces, and a guest's picture reaches the host and is kept there."""
import base64
import hashlib
import json

from tests.e2e.conftest import open_page, open_two_tab_table, received
from tests.e2e.dodgy_driver import set_up_dodgy
from tests.e2e.dohdles_driver import set_up as set_up_dohdles


def test_messages_over_256_kib_go_both_ways(context, base_url):
    page = open_page(context, base_url)
    page.goto(base_url + "#/dodgy")           # any screen: the hook is there once a table is
    set_up_dodgy(page, base_url, seats=("local", "remote"))
    page.wait_for_selector("#start-table")
    out = json.loads(page.evaluate("() => window.clubtableWire('linktest', 300000)"))
    assert out["bytes"] > 512 * 1024                    # 600 kB of UTF-8 in one message
    assert out["sent"] == [True, True]
    assert out["a_to_b"] and out["b_to_a"]


def test_a_guest_picture_over_256_kib_reaches_the_host(context, base_url):
    errors = []
    # a game whose players share pictures, while they make their riddles (in a game without, or
    # at any other time, such a message is refused at its first piece)
    host, guest = open_two_tab_table(
        context, base_url, lambda p: set_up_dohdles(p, base_url, ("local", "remote", "pass"), medium="drawing"),
        "Gus", errors)
    guest.wait_for_selector("[id^='make-']")
    guest.wait_for_function("() => window.clubtableWire('status') === 'open'")
    data = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 1500           # 384 kB: ~512 kB of base64
    ref = "sha256:" + hashlib.sha256(data).hexdigest()
    out = json.loads(guest.evaluate("(b) => window.clubtableWire('upload', b)", base64.b64encode(data).decode()))
    assert out == {"ref": ref, "error": None}
    host.wait_for_function("(r) => window.clubtableWire('asset_url', r) !== ''", arg=ref, timeout=20_000)
    size = host.evaluate("async (r) => (await (await fetch(window.clubtableWire('asset_url', r))).arrayBuffer())"
                         ".byteLength", ref)
    assert size == len(data)
    # the guest's own screen can show it at once
    assert guest.evaluate("(r) => window.clubtableWire('asset_url', r)", ref).startswith("blob:")
    received_by_guest = [json.loads(m) for m in json.loads(guest.evaluate("() => window.clubtableDebug('received')"))]
    # nobody else's view shows it, so it was not relayed to anyone
    assert not [m for m in received_by_guest if m["t"] == "asset"]
    # its 32 pieces went as the host asked for them: a got after every fourth
    assert [m["n"] for m in received_by_guest if m["t"] == "got"] == list(range(4, 32, 4))
    assert not errors


def test_a_guest_tab_closed_and_reopened_takes_its_seat_back(context, base_url):
    host, guest = open_two_tab_table(
        context, base_url, lambda p: set_up_dodgy(p, base_url, seats=("local", "remote")), "Rita")
    guest.wait_for_selector("#my-dice")
    first = [m for m in received(guest) if m["t"] == "welcome"][-1]
    assert first["seat"] == 1 and first["token"]
    guest.close()
    again = open_page(context, base_url)
    # the started table has no free seat: "Watch" is all a newcomer is offered ...
    again.wait_for_selector(".open-tables button:has-text('Watch')")
    host.wait_for_selector(".roster .warn")   # the host has seen the old tab's link close
    again.locator(".open-tables button:has-text('Watch')").first.click()
    # ... but this browser held seat 2 there, nobody holds it now: it takes it back
    again.wait_for_selector("#my-dice")
    welcome = [m for m in received(again) if m["t"] == "welcome"][-1]
    assert welcome["seat"] == 1 and welcome["token"] == first["token"]
