"""The base of invitation links the host may set: an http(s) address, never localhost for
another device."""
import pytest

from clubtable.net.address import clean_base, invite_link, is_loopback


@pytest.mark.parametrize("raw, base", [
    ("http://192.168.1.20:8000", "http://192.168.1.20:8000/"),
    ("  https://games.club.example/play/  ", "https://games.club.example/play/"),
    ("https://games.club.example/index.html?lang=de#/dodgy", "https://games.club.example/index.html?lang=de"),
])
def test_an_address_becomes_a_base_without_its_hash(raw, base):
    assert clean_base(raw) == base


@pytest.mark.parametrize("raw", ["", "games.club.example", "ftp://x/", "javascript:alert(1)", "http://",
                                 "http://a b/", "http://x:99999/", "https://" + "a" * 600 + ".example/"])
def test_anything_else_is_refused(raw):
    assert clean_base(raw) is None


def test_loopback_addresses_reach_only_this_computer():
    for url in ("http://localhost:8000/", "http://127.0.0.1:5/", "http://[::1]:8000/", "http://app.localhost/"):
        assert is_loopback(url)
    for url in ("http://192.168.1.20:8000/", "https://games.club.example/"):
        assert not is_loopback(url)


def test_the_link_is_the_base_and_the_join_route():
    assert invite_link("http://192.168.1.20:8000/", "t1", "CODE") == "http://192.168.1.20:8000/#/join/t1/CODE"


def test_the_link_names_the_game_the_seat_from_one_and_the_host_and_the_join_page_reads_them_back():
    from clubtable.net.address import join_details
    link = invite_link("http://h/", "t1", "CODE", "dodgy", 1, "Ann / <b>&")
    assert link == "http://h/#/join/t1/CODE/dodgy/2/Ann%20%2F%20%3Cb%3E%26"
    parts = link.split("#/", 1)[1].split("/")
    assert parts[:3] == ["join", "t1", "CODE"]
    assert join_details(parts[1:], {"dodgy"}) == {"game": "dodgy", "seat": 2, "host": "Ann / <b>&"}


@pytest.mark.parametrize("extra, found", [
    ([], {"game": None, "seat": None, "host": None}),                       # an older link
    (["chess", "2", "Ann"], {"game": None, "seat": 2, "host": "Ann"}),     # a game this page lacks
    (["dodgy", "0", "Ann"], {"game": "dodgy", "seat": None, "host": "Ann"}),
    (["dodgy", "13", "Ann"], {"game": "dodgy", "seat": None, "host": "Ann"}),
    (["dodgy", "²", "Ann"], {"game": "dodgy", "seat": None, "host": "Ann"}),
    (["dodgy", "2", "%E2%80%AEnnA%0A%00"], {"game": "dodgy", "seat": 2, "host": "nnA"}),   # no control characters
    (["dodgy", "2", "%ZZ" + "x" * 30], {"game": "dodgy", "seat": 2, "host": ("%ZZ" + "x" * 30)[:24]}),
    (["dodgy", "2", "x" * 500], {"game": "dodgy", "seat": 2, "host": None}),
    (["dodgy", "2", "%20%20"], {"game": "dodgy", "seat": 2, "host": None}),
])
def test_what_a_join_link_says_is_checked_like_any_input(extra, found):
    from clubtable.net.address import join_details
    assert join_details(["t1", "CODE"] + extra, {"dodgy"}) == found
