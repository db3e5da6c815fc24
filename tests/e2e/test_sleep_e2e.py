"""A host whose page sleeps: its guest says so, and nothing is lost.

Headless Chromium never hides a page (a tab behind another, a minimised window) and ignores
``Page.setWebLifecycleState("frozen")`` (measured: timers kept firing every 100 ms), so the
freeze is the debugger's: ``Debugger.pause`` stops every script of the host's page, timers
and incoming messages alike, as a phone does to a tab in the background.  The page going to
the background is its ``visibilitychange`` event, sent by the test."""
import time

from .conftest import open_setup, open_two_tab_table, received
from .dodgy_driver import play_until_over, step

HIDE = """() => { Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
                  document.dispatchEvent(new Event('visibilitychange', {bubbles: true})); }"""
SHOW = """() => { delete document.visibilityState;
                  document.dispatchEvent(new Event('visibilitychange', {bubbles: true})); }"""


def _set_up(page, base_url):
    open_setup(page, base_url, "dodgy", ["local", "remote"],
               options={"challenge_min_window_s": "0", "elimination_threshold": "4", "statement_s": "5"})
    page.click("#open-table")


def _host_status(page):
    el = page.locator("#host-status")
    return el.get_attribute("data-state") if el.count() else None


def test_a_guest_shows_the_host_away_while_its_page_is_frozen_and_the_game_goes_on_intact(context, base_url):
    errors = []
    # a statement must be made within 5 s: the freeze outlasts that
    host, guest = open_two_tab_table(
        context, base_url, lambda page: _set_up(page, base_url), "Gwen", errors)
    host.wait_for_selector("#my-dice")
    guest.wait_for_selector("#my-dice")
    for _ in range(4):
        step(host, shout=False)
        step(guest, shout=False)
        time.sleep(0.2)
    assert _host_status(guest) is None

    # the page goes to the background: it still answers, and says its clocks may run late
    host.evaluate(HIDE)
    guest.wait_for_selector("#host-status[data-state='host_hidden']", timeout=5_000)
    assert "background" in guest.locator("#host-status").inner_text()
    host.evaluate(SHOW)
    guest.wait_for_selector("#host-status", state="detached", timeout=5_000)

    # frozen on the guest's turn: nothing of the host's page runs; the guest notices within
    # AWAY_MS and a ping
    for _ in range(40):
        if guest.locator("#claim-form").count():
            break
        step(host, shout=False)
        time.sleep(0.25)
    assert guest.locator("#claim-form").count()
    cdp = context.new_cdp_session(host)
    cdp.send("Debugger.enable")
    before = len(received(guest))
    cdp.send("Debugger.pause")
    frozen_at = time.monotonic()
    guest.wait_for_selector("#host-status[data-state='host_away']", timeout=10_000)
    noticed = time.monotonic() - frozen_at
    assert 4.0 <= noticed <= 8.0, noticed
    assert "not answering" in guest.locator("#host-status").inner_text()
    assert step(guest, shout=False) == "claim"    # a move made while the host sleeps waits for it
    time.sleep(1.0)
    assert _host_status(guest) == "host_away"
    cdp.send("Debugger.resume")
    woke_at = time.monotonic()
    guest.wait_for_selector("#host-status", state="detached", timeout=5_000)
    assert time.monotonic() - woke_at < 3.0
    cdp.send("Debugger.disable")
    cdp.detach()
    # the move reached the host when it woke, and counted as of the moment it fell asleep
    # (the turn's timer, which fell due during the sleep, did not take it away)
    after = received(guest)[before:]
    assert [m for m in after if m.get("t") == "reject"] == []
    assert any(m.get("t") == "update" for m in after)

    # nothing was lost: the game plays to its end, and the guest's replay of the whole log
    # gives the table it was shown
    assert play_until_over([host, guest], timeout_s=240, shout=(False, True))
    guest.wait_for_selector("#verified.ok", timeout=30_000)
    assert not errors, errors
