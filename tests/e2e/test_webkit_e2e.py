"""The page in WebKit, Safari's engine (Debian's WebKitGTK through its WebDriver; see
``webkit.py``): it starts from its snapshot and without it, plays a solo DODGY game and a
pass-and-play Dobbelduel to the end with the same drivers as in Chromium, and where this
WebKit lacks a feature the page falls back as docs/BROWSERS.md says: no WebRTC (invitations
and invite links say this browser cannot link devices, so no camera scan and no Share button
are offered), no Web Share (copy only).  Every test fails on any page error or console error
the page's own collector saw."""
import time

import pytest

from clubtable.net import address
from clubtable.net.sdp import compact

from .conftest import open_setup
from .dobbelduel_driver import play_until_over as play_dobbelduel, set_up_dobbelduel
from .dodgy_driver import play_until_over as play_dodgy
from .test_dobbelduel_e2e import Watcher
from .webkit import webkit  # noqa: F401  (the fixture)

# An offer as a browser with WebRTC makes it (tests/unit/test_invite_codes.py has its like):
# the invitation a WebKit guest is sent by a host elsewhere.
OFFER = """v=0
o=- 6778822895045803091 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:3782230635 1 udp 2113937151 dfd37ab2-410b-47df-8ac4-5f632effcf61.local 36055 typ host generation 0
a=ice-ufrag:VcDB
a=ice-pwd:HYuVe/+kJaRA2nY6BMSPyx+Q
a=fingerprint:sha-256 A7:5A:BF:D3:D4:D4:D2:69:24:8A:6A:82:F2:FE:E0:70:5F:4C:D9:3C:6B:7F:D2:B0:8C:13:E2:A4:9B:8A:F6:D0
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
"""


@pytest.fixture
def page(webkit, base_url):
    """The module's WebKit page, started; the test fails on any error the page collected
    meanwhile."""
    if webkit.driver.current_url.split("#")[0] != base_url:
        webkit.open(base_url)       # the module's first start (the boot test reads its time)
    webkit.lost_errors = []
    start = len(webkit.errors())
    yield webkit
    errors = webkit.lost_errors + webkit.errors()[start:]
    if errors:
        pytest.fail(f"{len(errors)} page/console error(s) in WebKit:\n  " + "\n  ".join(errors), pytrace=False)


def test_webkit_starts_from_the_snapshot_cold_warm_and_without_it(page, base_url):
    _, cold, how = page.boots[0]                   # the module's first start: a new profile
    assert how == "snapshot"
    assert page.locator(".game-list li").count() == 5
    # what this WebKit lacks, so that the fallbacks below are the ones it takes
    lacks = page.evaluate("() => [typeof RTCPeerConnection, typeof BarcodeDetector, typeof navigator.share]")
    assert lacks == ["undefined"] * 3, lacks
    # the offline worker (127.0.0.1 is a secure origin to WebKit too) installs, and serves
    # the next starts
    worker = page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "setTimeout(() => done('not ready within 30 s'), 30000);"
        "navigator.serviceWorker.ready.then((r) => done(r.active ? r.active.state : 'none'), (e) => done(String(e)));")
    assert worker in ("activated", "activating"), worker
    plain = page.open(base_url + "?nosnapshot")
    assert page.evaluate("document.documentElement.dataset.pythonBoot") == "fresh:off"
    assert page.evaluate("!!navigator.serviceWorker.controller")
    warm = page.open(base_url)
    assert page.evaluate("document.documentElement.dataset.pythonBoot") == "snapshot"
    print(f"WebKit start: cold {cold:.1f} s, warm {warm:.1f} s (snapshot); {plain:.1f} s without it"
          " (?nosnapshot, files from the worker)")


def test_solo_dodgy_against_computers_to_the_end_and_no_invitation_without_webrtc(page, base_url):
    # a seat for another device: the lobby says why it cannot be invited (no button that
    # could not work, no camera scan), and the player fills it with a computer (two players:
    # the shortest game; with three it took up to 134 s here)
    open_setup(page, base_url, "dodgy", ["local", "remote"], {"challenge_min_window_s": 0}, pace="0.5")
    page.click("#open-table")
    page.wait_for_selector("#no-webrtc")
    note = page.locator("#no-webrtc").inner_text()
    assert "cannot link devices" in note and "WebRTC" in note, note
    assert page.locator("#make-invite, #scan-reply, [data-key^='share-']").count() == 0
    page.click("#start-bots")
    page.wait_for_selector("#my-dice, #handover")
    t0 = time.time()
    assert play_dodgy([page], timeout_s=240, claim="high"), "the game did not end"   # high: fewer rounds
    page.wait_for_selector("#result")
    assert page.locator("#winners").count() == 1
    print(f"WebKit: solo DODGY played to the end in {time.time() - t0:.0f} s")


def test_pass_and_play_dobbelduel_to_the_end(page, base_url):
    set_up_dobbelduel(page, base_url, seats=("local", "pass"))
    page.wait_for_selector("#dd-board-0, #handover")
    watch = Watcher()
    t0 = time.time()
    assert play_dobbelduel([page], timeout_s=240, on_step=watch), "the match did not end"
    watch(page, None)
    page.wait_for_selector("#winners")
    # the device went round: a hand-over screen hid the board, the breaker never saw the code
    assert watch.handovers > 0 and watch.hidden_while_breaking > 0 and len(watch.reveals) == 2
    print(f"WebKit: pass-and-play Dobbelduel played to the end in {time.time() - t0:.0f} s")


def test_an_invite_link_says_this_browser_cannot_link_devices(page, base_url):
    link = address.invite_link(base_url, "t1", compact(OFFER), "dodgy", 1, "Hana <b>")
    page.goto(link)
    page.wait_for_selector("#join")
    assert "Hana <b>" in page.locator("#join-about").inner_text()     # as text
    note = page.locator("#no-webrtc").inner_text()
    assert "cannot link devices" in note and "WebRTC" in note, note
    assert page.locator("#answer-invite").count() == 0


def test_copying_works_without_web_share(page, base_url):
    # no navigator.share here: a code to pass on is copied (the club page's embed code)
    page.goto(base_url + "#/clubs")
    page.click("#copy-code")
    page.wait_for_selector("#toast:not(:empty)")
    assert page.locator("#toast").inner_text() in ("Copied.",), page.locator("#toast").inner_text()


def test_the_error_collector_sees_what_the_page_reports(webkit, base_url):
    # the check every test above ends with cannot pass by seeing nothing: a console.error,
    # an uncaught error and an unhandled rejection, provoked, are all collected
    if webkit.driver.current_url.split("#")[0] != base_url:
        webkit.open(base_url)
    before = len(webkit.errors())
    webkit.evaluate("() => { console.error('provoked'); setTimeout(() => { throw new Error('thrown'); });"
                    " Promise.reject(new Error('rejected')); }")
    time.sleep(0.5)
    seen = webkit.errors()[before:]
    webkit.driver.execute_script("window.__ctErrors.length = arguments[0]", before)
    assert any(e.startswith("console.error: provoked") for e in seen), seen
    assert any(e.startswith("pageerror:") and "thrown" in e for e in seen), seen
    assert any(e.startswith("unhandled rejection:") and "rejected" in e for e in seen), seen
