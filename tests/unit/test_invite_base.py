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
