"""Joining from another device by camera, as two devices would: the host's browser has a
camera (Chromium's fake one, fed a file), the guest's is another browser altogether, so no
BroadcastChannel or shared storage can help.  The guest's reply QR code is screenshotted from
the guest's page and becomes the host camera's picture; the host taps "Scan the reply" and
the page reads it with the vendored decoder (headless Chromium has no BarcodeDetector).
Also: a camera that is refused or missing says so and pasting still works, and a browser
without WebRTC starts, plays, and says why it cannot invite."""
import pytest

from .conftest import ARGS, CHROMIUM, open_page, open_setup
from .dodgy_driver import step
from .test_a11y_e2e import check_screen

FAKE_CAMERA = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]


def watch_console(page, errors):
    """Every page error and console error of ``page`` lands in ``errors``."""
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)


def qr_as_camera_picture(page, selector, out):
    """What a camera held up to ``page``'s QR code would see: the code and some of the page
    around it, as a Motion-JPEG file (Chromium's fake camera plays it in a loop)."""
    el = page.locator(selector)
    el.evaluate("e => e.scrollIntoView({block: 'center'})")     # all of the picture on the screen
    box = el.bounding_box()
    pad = 40
    size = int(max(box["width"], box["height"])) + 2 * pad
    size += size % 2                  # the camera's frames have even sides (an odd one shows nothing)
    jpeg = page.screenshot(type="jpeg", quality=95, clip={
        "x": int(box["x"]) - pad, "y": int(box["y"]) - pad, "width": size, "height": size})
    out.write_bytes(jpeg * 3)


@pytest.fixture(scope="module")
def camera(browser, tmp_path_factory):
    """A second Chromium whose camera shows the file ``feed`` (written before a scan starts:
    the browser opens it when the page asks for the camera)."""
    feed = tmp_path_factory.mktemp("camera") / "reply.mjpeg"
    other = browser.browser_type.launch(executable_path=CHROMIUM, args=ARGS + FAKE_CAMERA + [
        f"--use-file-for-fake-video-capture={feed}"])
    yield other, feed
    other.close()


def test_a_second_device_joins_by_camera_in_five_actions_with_nothing_typed(browser, camera, base_url):
    cam_browser, feed = camera
    host_ctx = cam_browser.new_context(permissions=["camera"])
    guest_ctx = browser.new_context()
    errors: list = []
    actions: list = []
    try:
        host = open_page(host_ctx, base_url)
        watch_console(host, errors)
        open_setup(host, base_url, "dodgy", ["local", "remote", "bot"])
        host.click("#open-table")
        host.wait_for_selector("#make-invite")
        host_name = host.locator(".lobby-seats li").first.locator("span").first.inner_text()
        # -- from here on, what the two players do
        actions.append("host: invite another device")
        host.click("#make-invite")
        host.wait_for_selector("#invite-link")
        assert host.locator(".lobby img.qr").count() == 1
        link = host.input_value("#invite-link")      # what the guest's camera app reads from the QR code
        actions.append("guest: open the link the camera app found")
        guest = open_page(guest_ctx, link)
        watch_console(guest, errors)
        # the join page says what the guest is joining
        assert guest.locator("h1").inner_text() == "Join a game of DODGY"
        assert guest.locator("#join-about").inner_text() == f"{host_name} invites you to play DODGY, at seat 2."
        check_screen(guest, "join page")
        actions.append("guest: answer the invitation")
        guest.click("#answer-invite")
        guest.wait_for_selector("#join img.qr")
        assert guest.locator("#show-reply").is_visible()
        check_screen(guest, "the reply's QR code")
        qr_as_camera_picture(guest, "#join img.qr", feed)
        actions.append("host: scan the reply")
        host.click("#scan-reply")
        host.wait_for_selector(".lobby-seats li:nth-child(2):has-text('invited'):not(:has-text('waiting'))",
                               timeout=30_000)
        assert host.locator("#scan-video").count() == 0          # the camera is off again
        assert host.evaluate("typeof jsQR") == "function"         # read by the vendored decoder
        guest.wait_for_selector("#lobby")
        # the guest's list names the host's seat as the host's, its own as "you"
        seats = guest.locator(".lobby-seats li").all_inner_texts()
        assert seats[0] == f"{host_name} — host" and seats[1].endswith("— you"), seats
        assert "on this device" not in " ".join(seats)
        actions.append("host: start")
        host.click("#start-table")
        guest.wait_for_selector("#board", timeout=30_000)
        assert len(actions) <= 5, actions
        assert guest.locator("#table .roster").count() == 1
        assert errors == []
    finally:
        host_ctx.close()
        guest_ctx.close()


def test_a_code_that_is_not_the_reply_is_named_and_the_camera_stops_when_the_lobby_is_left(camera, base_url):
    cam_browser, feed = camera
    ctx = cam_browser.new_context(permissions=["camera"])
    errors: list = []
    try:
        host = open_page(ctx, base_url)
        watch_console(host, errors)
        open_setup(host, base_url, "dodgy", ["local", "remote"])
        host.click("#open-table")
        host.click("#make-invite")
        host.wait_for_selector("#invite-link")
        qr_as_camera_picture(host, ".lobby img.qr", feed)       # the camera sees the invitation itself
        host.click("#scan-reply")
        host.wait_for_selector("#scan-problem")
        assert "That is an invitation, not the reply" in host.locator("#scan-problem").inner_text()
        assert host.locator("#scan-video").count() == 1              # and it looks on
        check_screen(host, "scanning")
        host.click("#lobby-rules")                                   # the lobby left: the camera stops
        host.click("#rules-back")
        host.wait_for_selector("#scan-reply")
        assert host.locator("#scan-video").count() == 0 and host.locator("#scan-problem").count() == 0
        assert errors == []
    finally:
        ctx.close()


def test_a_refused_or_missing_camera_says_why_and_the_reply_can_still_be_pasted(browser, base_url):
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    errors: list = []
    try:
        host = open_page(host_ctx, base_url)
        watch_console(host, errors)
        open_setup(host, base_url, "dodgy", ["local", "remote"])
        host.click("#open-table")
        host.click("#make-invite")
        link = host.wait_for_selector("#invite-link").input_value()
        # the player says no to the camera
        host.evaluate("() => { navigator.mediaDevices.getUserMedia = () =>"
                      " Promise.reject(new DOMException('Permission denied', 'NotAllowedError')); }")
        host.click("#scan-reply")
        host.wait_for_selector("#scan-problem")
        assert "camera was not allowed" in host.locator("#scan-problem").inner_text()
        assert host.locator("#scan-video").count() == 0 and host.locator("#scan-reply").count() == 1
        # a page with no camera access at all (plain http on a network address)
        host.evaluate("() => { delete Navigator.prototype.mediaDevices; }")
        host.click("#scan-reply")
        host.wait_for_selector("#scan-problem:has-text('secure page')")
        guest = open_page(guest_ctx, link)
        watch_console(guest, errors)
        guest.click("#answer-invite")
        reply = guest.wait_for_selector("#reply-code").input_value()
        host.fill("#reply-input", reply)
        host.click("#reply-connect")
        host.wait_for_selector(".lobby-seats li:nth-child(2):not(:has-text('waiting'))", timeout=30_000)
        assert errors == []
    finally:
        host_ctx.close()
        guest_ctx.close()


def test_without_webrtc_the_page_starts_plays_and_says_why_it_cannot_invite(browser, base_url):
    ctx = browser.new_context()
    ctx.add_init_script("delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;")
    errors: list = []
    try:
        page = open_page(ctx, base_url)
        watch_console(page, errors)
        assert page.evaluate("typeof RTCPeerConnection") == "undefined"
        open_setup(page, base_url, "dodgy", ["local", "remote", "bot"], {"challenge_min_window_s": 0})
        page.click("#open-table")
        page.wait_for_selector("#no-webrtc")
        assert "cannot link devices" in page.locator("#no-webrtc").inner_text()
        assert "WebRTC" in page.locator("#no-webrtc").inner_text()
        assert page.locator("#make-invite").count() == 0
        # another tab of this browser still sees the table (BroadcastChannel), and is told
        # why it cannot join it rather than left waiting
        other = open_page(ctx, base_url)
        watch_console(other, errors)
        other.wait_for_selector(".open-tables li")
        assert "cannot join tables in other tabs" in other.locator("#no-webrtc").inner_text()
        other.locator(".open-tables button:has-text('Join')").first.click()
        other.wait_for_selector("#toast:has-text('no WebRTC')")
        assert other.locator("#home").count() == 1
        other.close()
        page.click("#start-bots")
        page.wait_for_selector("#my-dice", timeout=30_000)
        for _ in range(100):                       # the player's own move, then the computers'
            if step(page) not in (None, "handover"):
                break
            page.wait_for_timeout(100)
        else:
            raise AssertionError("the player never had a move")
        assert errors == []
    finally:
        ctx.close()
