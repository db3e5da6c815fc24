"""Joining from another device: the page served on the local network (``build.py serve
--lan``), the base of invitation links the host sets, and copy and share buttons with their
fallbacks (no Web Share API, a refused clipboard)."""
import threading

import pytest

import build

from .conftest import DIST, QuietHandler, open_page, open_setup

SHARE_MOCK = """
window.__shared = [];
navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };
"""
SHARE_REFUSED = """
navigator.share = () => Promise.reject(new DOMException("not in this frame", "NotAllowedError"));
"""
NO_CLIPBOARD = """
Object.defineProperty(navigator, "clipboard", {value: {writeText: () =>
    Promise.reject(new DOMException("denied", "NotAllowedError"))}, configurable: true});
document.execCommand = () => false;
"""


@pytest.fixture(scope="module")
def lan_server():
    """dist/ served as ``build.py serve --lan`` serves it: every interface, and /lan.json."""
    server, urls = build.make_server(0, DIST, lan=True, handler=QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1], urls
    server.shutdown()
    server.server_close()


def host_invite(page, url):
    """A DODGY table with one invited seat, its invitation made."""
    open_setup(page, url, "dodgy", ["local", "remote"])
    page.click("#open-table")
    page.wait_for_selector("#make-invite")
    page.click("#make-invite")
    page.wait_for_selector("#invite-link")
    return page.input_value("#invite-link")


def test_a_phone_on_the_network_joins_a_table_served_with_lan(browser, lan_server):
    """The host opens http://127.0.0.1 (this computer); the invitation points at the
    machine's network address, shown with its QR code; a second browser opens that address,
    which is plain http and so not a secure context, answers, and takes its seat."""
    port, urls = lan_server
    if not urls:
        pytest.skip("this machine has no network address other than loopback")
    host_ctx, phone_ctx = browser.new_context(), browser.new_context()
    try:
        host = open_page(host_ctx, f"http://127.0.0.1:{port}/")
        open_setup(host, f"http://127.0.0.1:{port}/", "dodgy", ["local", "remote"])
        host.click("#open-table")
        host.wait_for_selector("#lan-address")
        assert urls[0] in host.locator("#lan-address").inner_text()
        assert host.locator(".lan img.qr").count() == 1
        assert host.input_value("#invite-base") == urls[0]       # the network address, by default
        assert host.locator("#localhost-warning").count() == 0
        host.click("#make-invite")
        host.wait_for_selector("#invite-link")
        link = host.input_value("#invite-link")
        assert link.startswith(urls[0] + "#/join/")
        phone = open_page(phone_ctx, link)
        assert phone.evaluate("window.isSecureContext") is False
        assert phone.evaluate("typeof RTCPeerConnection") == "function"
        phone.fill("#invite-name", "Pia")
        phone.click("#answer-invite")
        phone.wait_for_selector("#reply-code")
        # no clipboard on plain http: the copy button still copies (or selects) the code
        phone.click("[data-key='copy-reply']")
        phone.wait_for_selector("#toast:not(:empty)")
        assert phone.locator("#toast").inner_text() == "Copied."          # by the older copy command
        reply = phone.input_value("#reply-code")
        host.fill("#reply-input", reply)
        host.click("#reply-connect")
        # over the machine's network address, not loopback: in the whole suite the link took
        # over 30 s once (alone it takes about 1 s)
        host.wait_for_selector("text=Pia", timeout=60_000)
        host.click("#start-table")
        phone.wait_for_selector("#board", timeout=30_000)
    finally:
        host_ctx.close()
        phone_ctx.close()


def test_the_host_sets_where_invitation_links_point_and_it_is_remembered(context, base_url):
    page = open_page(context, base_url)
    page.select_option("#lang", "fr")
    link = host_invite(page, base_url)
    assert link.startswith(base_url + "#/join/")                 # this page, by default
    assert "localhost" in page.locator("#localhost-warning").inner_text()
    page.fill("#invite-base", "games.club.example")
    page.click("#invite-base-set")
    page.wait_for_selector("#invite-base-error")
    assert "adresse web" in page.locator("#invite-base-error").inner_text()   # in the player's language
    assert page.input_value("#invite-link") == link                           # nothing changed
    page.fill("#invite-base", "http://192.168.1.20:8000")
    page.click("#invite-base-set")
    page.wait_for_function("document.querySelector('#invite-link').value.startsWith('http://192.168.1.20:8000/#/join/')")
    assert page.locator("#invite-base-error").count() == 0
    assert page.locator("#localhost-warning").count() == 0
    again = open_page(context, base_url)                                      # the next table
    host_invite(again, base_url)
    assert again.input_value("#invite-link").startswith("http://192.168.1.20:8000/#/join/")


def test_share_sends_the_link_and_the_reply_code(browser, base_url):
    ctx = browser.new_context()
    ctx.add_init_script(SHARE_MOCK)
    try:
        page = open_page(ctx, base_url)
        link = host_invite(page, base_url)
        page.click("[data-key='share-invite']")
        page.wait_for_function("window.__shared.length === 1")
        shared = page.evaluate("window.__shared[0]")
        assert shared["url"] == link and shared["title"]
        guest = open_page(ctx, link)
        guest.click("#answer-invite")
        guest.wait_for_selector("#reply-code")
        guest.click("[data-key='share-reply']")
        guest.wait_for_function("window.__shared.length === 1")
        assert guest.evaluate("window.__shared[0].text") == guest.input_value("#reply-code")
    finally:
        ctx.close()


def test_without_web_share_there_is_only_copy(context, base_url):
    page = open_page(context, base_url)
    page.evaluate("delete Navigator.prototype.share")
    host_invite(page, base_url)
    if page.evaluate("'share' in navigator"):
        pytest.skip("this Chromium's navigator.share cannot be removed")
    assert page.locator("[data-key='share-invite']").count() == 0
    assert page.locator("[data-key='copy-invite']").count() == 1


def test_a_refused_share_and_a_refused_clipboard_select_the_text_with_a_readable_message(browser, base_url):
    """As in a club's frame that allows neither: sharing falls back to copying, copying to
    selecting the whole link, and the player is told how to copy it."""
    ctx = browser.new_context(locale="de-DE")
    ctx.add_init_script(SHARE_REFUSED + NO_CLIPBOARD)
    try:
        page = open_page(ctx, base_url)
        link = host_invite(page, base_url)
        page.click("[data-key='share-invite']")
        page.wait_for_selector("#toast:has-text('markiert')")
        assert "Strg+C" in page.locator("#toast").inner_text()
        selected = page.evaluate("""() => { const el = document.activeElement;
            return el.id + ':' + el.value.slice(el.selectionStart, el.selectionEnd); }""")
        assert selected == "invite-link:" + link
    finally:
        ctx.close()
