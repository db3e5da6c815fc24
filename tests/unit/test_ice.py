"""The STUN/TURN servers a club writes in the set-up (net.ice): what WebRTC is given, what
is refused with which reason, and what an invitation link carries (and a guest checks)."""
import pytest

from clubtable.net import address, ice


def test_a_relay_with_credentials_becomes_an_ice_server_with_username_and_credential():
    items = ice.entries("turn:club:s3cret@127.0.0.1:3478?transport=udp  stun:stun.example.org relay")
    assert items == ["turn:club:s3cret@127.0.0.1:3478?transport=udp", "stun:stun.example.org", "relay"]
    assert ice.config(items) == {
        "iceServers": [{"urls": "turn:127.0.0.1:3478?transport=udp", "username": "club", "credential": "s3cret"},
                       {"urls": "stun:stun.example.org"}],
        "iceTransportPolicy": "relay"}
    assert ice.config([]) == {"iceServers": []}                 # the default: no server at all


def test_escaped_characters_in_a_password_and_ipv6_hosts():
    cfg = ice.config(ice.entries("turns:me:p%40ss%3Aw@[2001:db8::1]:5349 TURN:u:p@turn.club.example"))
    assert cfg["iceServers"][0] == {"urls": "turns:[2001:db8::1]:5349", "username": "me", "credential": "p@ss:w"}
    assert cfg["iceServers"][1]["urls"] == "turn:turn.club.example"
    assert "iceTransportPolicy" not in cfg


@pytest.mark.parametrize("text, code", [
    ("turn:turn.example.org:3478", "turn_user"),        # a relay needs credentials
    ("turn:user@turn.example.org", "turn_user"),        # ... both of them
    ("http://turn.example.org", "not_ice"),
    ("stun:u:p@stun.example.org", "not_ice"),           # STUN takes none
    ("stun:stun.example.org:99999", "not_ice"),
    ("stun:stun.example.org:port", "not_ice"),
    ("stun:<b>x</b>", "not_ice"),
    ("stun:2001:db8::1", "not_ice"),                    # IPv6 without brackets
    ("turn:u:p@host?transport=sctp", "not_ice"),
    ("stun:" + "a" * 400, "not_ice"),
])
def test_what_is_no_stun_or_turn_address_is_refused_with_its_reason(text, code):
    with pytest.raises(ice.IceError) as err:
        ice.entries("stun:ok.example.org " + text)
    assert err.value.code == code


def test_a_refused_entry_is_shown_without_its_password():
    with pytest.raises(ice.IceError) as err:
        ice.entries("turn:club:s3cret@bad_host!")
    assert "s3cret" not in err.value.entry and "club" in err.value.entry
    with pytest.raises(ice.IceError) as err:
        ice.entries("turn:club@t.example")
    assert err.value.entry == "turn:club@t.example"                    # no password, none hinted at
    assert ice.described(["turn:club:s3cret@t.example:3478", "stun:s.example"]) == "turn:club:…@t.example:3478 stun:s.example"


def test_repeats_go_and_the_count_is_bounded():
    assert ice.entries("stun:a.example stun:a.example RELAY relay") == ["stun:a.example", "relay"]
    with pytest.raises(ice.IceError):
        ice.entries(" ".join(f"stun:s{i}.example" for i in range(ice.MAX_ENTRIES + 1)))


def test_an_invitation_link_carries_the_servers_and_the_guest_checks_them():
    items = ["turn:u:p@127.0.0.1:3478", "relay"]
    part = ice.to_link(items)
    link = address.invite_link("https://club.example/", "T1", "c1.o.abc", servers=part)
    assert link == f"https://club.example/#/join/T1/c1.o.abc/{part}"
    assert ice.from_link(link.split("/")[-1]) == items
    named = address.invite_link("https://club.example/", "T1", "c1.o.abc", "dodgy", 1, "Ann", servers=part)
    parts = named.split("#/", 1)[1].split("/")[1:]
    assert address.join_servers(parts) == part and address.join_details(parts, {"dodgy"})["seat"] == 2
    assert address.join_servers(link.split("#/", 1)[1].split("/")[1:]) == part
    assert address.invite_link("https://club.example/", "T1", "c1.o.abc", servers=ice.to_link([])) == \
        "https://club.example/#/join/T1/c1.o.abc"                           # no servers: the link as before
    assert ice.from_link("") == []
    import base64
    hostile = base64.urlsafe_b64encode(b"javascript:alert(1) stun:ok.example").decode().rstrip("=")
    for bad in (hostile, "%3Cscript%3E", "!!", "A" * 10_000, "gA"):          # not entries a page made
        with pytest.raises(ice.IceError):
            ice.from_link(bad)
