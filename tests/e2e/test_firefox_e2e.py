"""Firefox ESR (Debian's firefox-esr), driven by puppeteer-core over WebDriver BiDi
(``firefox.py``) with the same drivers as the Chromium tests: the page boots from its
snapshot (cold, and warm from the offline worker) and plays a solo DODGY game and a
pass-and-play Dobbelduel to the end, and two Firefox windows that share nothing (two devices)
join by invitation and play DODGY over WebRTC to the end.  What Firefox lacks falls back as
docs/BROWSERS.md ("Firefox") says: no Web Share on Linux (the invitation offers Copy only, and
Copy works), no BarcodeDetector (the scan of the reply loads the vendored jsQR).

Skipped where Firefox or the client is missing, but never with CI set (``firefox.require``)."""
import json

import pytest

from bench.boot import MEASURE, READY_CLOCK, WORKER_IN_CONTROL

from .conftest import BOOT_MS, received
from .dodgy_driver import play_until_over as play_dodgy, set_up_dodgy
from .firefox import Firefox, require
from .test_dobbelduel_e2e import pass_and_play_with_a_wrong_answer
from .test_dodgy_e2e import _faces_of_other_seats_before_reveal

# Test instrumentation, not the page's code: keeps every RTCPeerConnection the page makes, so
# the test can ask Firefox itself what travelled over WebRTC.
KEEP_PEER_CONNECTIONS = """
window.__peerConnections = [];
window.RTCPeerConnection = class extends window.RTCPeerConnection {
  constructor(...args) { super(...args); window.__peerConnections.push(this); }
};"""
# Firefox's own statistics of those links: the chosen candidate pair, the data channels.
LINK_STATS = """async () => {
  const out = [];
  for (const pc of window.__peerConnections) {
    const link = {state: pc.connectionState, pairs: [], channels: [], candidates: {}};
    (await pc.getStats()).forEach((s) => {
      if (s.type === 'candidate-pair' && s.state === 'succeeded') link.pairs.push(s);
      if (s.type === 'data-channel') link.channels.push(s);
      if (s.type === 'local-candidate' || s.type === 'remote-candidate') link.candidates[s.id] = s;
    });
    out.push(link);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def firefox():
    require()
    browser = Firefox()
    yield browser
    browser.close()


@pytest.fixture
def ff_context(firefox):
    """A browser context of its own (storage, BroadcastChannel, offline worker): one device."""
    ctx = firefox.new_context()
    yield ctx
    ctx.close()


def open_ff(ctx, url, width=1280, height=800, init=None):
    page = ctx.new_page(width, height)
    for source in init or ():
        page.add_init_script(source)
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
    return page


def test_firefox_boots_from_the_snapshot_and_plays_solo_dodgy_to_the_end(firefox, ff_context, base_url):
    """On a phone-sized window: cold and warm starts restore the snapshot (the offline worker
    serves the warm one), no request leaves the origin, and a game against a computer ends."""
    page = open_ff(ff_context, base_url, 360, 640, init=[READY_CLOCK])
    cold = page.evaluate(MEASURE)
    assert cold["mode"] == "snapshot", cold
    page.wait_for_function(WORKER_IN_CONTROL, timeout=60_000)   # a returning player's offline copy
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
    warm = page.evaluate(MEASURE)
    assert warm["mode"] == "snapshot", warm
    print(f"\nFirefox {firefox.version} boot (360x640): cold interactive {cold['ready']:.0f} ms, "
          f"first paint {cold['fcp'] or 0:.0f} ms, {cold['bytes']} bytes; warm interactive {warm['ready']:.0f} ms")

    set_up_dodgy(page, base_url, seats=("local", "bot"), pace="0.5")
    page.wait_for_selector("#my-dice")
    assert play_dodgy([page], timeout_s=120)
    page.wait_for_selector("#result")
    assert page.locator("#result li").count() == 2            # both players ranked
    assert page.evaluate("performance.getEntriesByType('resource').every("
                         "(r) => new URL(r.name).origin === location.origin)")


def test_firefox_plays_pass_and_play_dobbelduel_to_the_end(ff_context, base_url):
    """The Chromium test's game: the maker's manual pegs behind the hand-over screen, one of
    them wrong; the screen never shows the code to the breaker."""
    page = open_ff(ff_context, base_url)
    pass_and_play_with_a_wrong_answer(page, base_url)


def test_two_firefox_devices_join_by_invitation_and_play_dodgy_over_webrtc(firefox, base_url):
    """Two browser contexts (no shared storage, no BroadcastChannel): the host invites, the
    guest opens the link and answers, the host scans (the vendored decoder: Firefox has no
    BarcodeDetector; its fake camera shows no code) and pastes the reply instead, and they
    play to the end; Firefox's own statistics show the game went over the data channel."""
    host_ctx, guest_ctx = firefox.new_context(), firefox.new_context()
    try:
        host = open_ff(host_ctx, base_url, init=[KEEP_PEER_CONNECTIONS])
        set_up_dodgy(host, base_url, seats=("local", "remote"))
        host.click("#make-invite")
        host.wait_for_selector("#invite-link")
        link = host.input_value("#invite-link")
        # no Web Share in Firefox on Linux: the invitation offers Copy only, and says so
        has_share = host.evaluate("'share' in navigator")
        assert host.locator("[data-key='share-invite']").count() == (1 if has_share else 0)
        host.click("[data-key='copy-invite']")                       # Firefox's clipboard takes it
        host.wait_for_function("(document.querySelector('#toast') || {}).textContent === 'Copied.'")
        # no BarcodeDetector: the scan loads jsQR and reads the camera with it
        assert host.evaluate("'BarcodeDetector' in window") is False
        host.click("#scan-reply")
        host.wait_for_selector("#scan-video")
        host.wait_for_function("typeof window.jsQR === 'function'")
        assert host.locator("#scan-problem").count() == 0

        guest = open_ff(guest_ctx, link, init=[KEEP_PEER_CONNECTIONS])
        guest.click("#answer-invite")
        guest.wait_for_selector("#reply-code")
        host.fill("#reply-input", guest.input_value("#reply-code"))   # pasted: the camera saw no code
        host.click("#reply-connect")
        guest.wait_for_selector("#lobby")
        assert host.locator("#scan-video").count() == 0            # connected: the camera is off
        host.click("#start-table")
        host.wait_for_selector("#my-dice")
        guest.wait_for_selector("#my-dice")
        assert play_dodgy([host, guest], timeout_s=180, shout=(False, True))
        guest.wait_for_selector("#verified.ok")
        stats = host.evaluate(LINK_STATS), guest.evaluate(LINK_STATS)
        msgs = received(guest)
    finally:
        host_ctx.close()
        guest_ctx.close()

    assert any(m.get("t") == "end" for m in msgs)
    assert len([m for m in msgs if m.get("t") == "update"]) > 10
    assert _faces_of_other_seats_before_reveal(msgs, me=1) == []
    for side in stats:
        links = [s for s in side if s["pairs"]]
        assert len(links) == 1, json.dumps(side)[:2000]
        (link,) = links
        assert link["state"] == "connected"
        pair = link["pairs"][0]
        local = link["candidates"][pair["localCandidateId"]]
        assert local["candidateType"] == "host"              # straight between the pages, no server
        assert pair["bytesReceived"] > 1000 and pair["bytesSent"] > 1000
        assert any(c["messagesReceived"] > 10 for c in link["channels"]), link["channels"]
