"""DODGY end to end: two tabs over WebRTC, reloads, invite codes.  A solo game against computer
players (no request leaving the origin) and pass-and-play (no dice on a hand-over screen) are
played in the club evening (test_club_evening_e2e.py)."""
import time

from .conftest import open_page, open_two_tab_table, received
from .dodgy_driver import play_until_over, set_up_dodgy, step


def _open_two_tab_table(context, base_url):
    # markup in a name stays text: the host finds it literally on its lobby screen
    host, guest = open_two_tab_table(
        context, base_url, lambda page: set_up_dodgy(page, base_url, seats=("local", "remote")), "Gwen <b>x</b>")
    host.wait_for_selector("#my-dice")
    guest.wait_for_selector("#my-dice")
    return host, guest


def _faces_of_other_seats_before_reveal(messages, me):
    """Every die face the guest was told about that is not its own, outside a reveal."""
    leaks = []
    for m in messages:
        if m.get("t") != "update" or not m.get("view"):
            continue
        v = m["view"]
        assert v["you"] == me
        for seat, known in enumerate(v.get("known") or []):
            rev = v.get("reveal")
            revealed = rev is not None and rev.get("round") == v.get("round")
            if known and seat != me and not revealed:
                leaks.append((m.get("v"), seat, known))
        for d in v.get("hand") or []:
            assert "face" in d
    return leaks


def test_two_tabs_play_a_full_game_over_webrtc_without_leaking_dice(context, base_url):
    host, guest = _open_two_tab_table(context, base_url)
    assert guest.locator(".roster .me").inner_text().startswith("▲ Gwen <b>x</b>")
    assert play_until_over([host, guest], timeout_s=300, shout=(False, True))
    guest.wait_for_selector("#verified.ok")
    msgs = received(guest)
    updates = [m for m in msgs if m.get("t") == "update"]
    assert len(updates) > 10
    assert _faces_of_other_seats_before_reveal(msgs, me=1) == []
    # the guest's own updates carry only its own hand; the host's hand never appears in a
    # statement-phase update of the same round
    for m in updates:
        v = m["view"]
        if v and v.get("phase") in ("statement", "challenge"):
            assert all(d["id"] in {x["id"] for x in v["hand"]} for d in v["hand"])
    assert any(m.get("t") == "end" for m in msgs)


def test_guest_reload_rejoins_its_seat_and_host_reload_resumes(context, base_url):
    host, guest = _open_two_tab_table(context, base_url)
    # the statement clock reaches both screens through the view's shared timers
    for page in (host, guest):
        page.wait_for_selector("p.timer[data-kind='statement'] .countdown")
    for _ in range(6):
        step(host, shout=False)
        step(guest, shout=True)
        time.sleep(0.3)
    dice_before = guest.locator("#my-dice li").count()
    guest.reload()
    guest.wait_for_selector("body[data-ready='1']")
    guest.wait_for_selector("#my-dice", timeout=30_000)
    assert "Gwen" in guest.locator(".roster .me").inner_text()
    assert guest.locator("#my-dice li").count() == dice_before
    assert host.locator(".roster .warn").count() == 0 or host.wait_for_selector(".roster:not(:has(.warn))")

    round_before = host.locator(".status strong").inner_text()
    host.reload()
    host.wait_for_selector("body[data-ready='1']")
    host.wait_for_selector("#my-dice", timeout=30_000)
    assert host.locator(".status strong").inner_text() == round_before
    # the guest finds the reloaded host again and the game goes on to its end
    guest.wait_for_selector(".roster:not(:has(.warn))", timeout=30_000)
    assert play_until_over([host, guest], timeout_s=300, shout=(False, True))


def test_invite_code_connects_two_browser_contexts(browser, base_url):
    ctx_a, ctx_b = browser.new_context(), browser.new_context()
    try:
        host = open_page(ctx_a, base_url)
        set_up_dodgy(host, base_url, seats=("local", "remote"))
        host.click("#make-invite")
        link = host.locator("#invite-link").input_value()
        assert "#/join/" in link
        table, code, game, seat, host_name = link.split("#/join/", 1)[1].split("/")
        assert len(code) <= 200 and (game, seat) == ("dodgy", "2")
        assert host.locator("img.qr").count() == 1

        guest = open_page(ctx_b, link)
        guest.wait_for_selector("#answer-invite")
        guest.fill("#invite-name", "Remy")
        guest.click("#answer-invite")
        reply = guest.locator("#reply-code").input_value()
        assert reply.startswith("c1.a.")

        host.fill("#reply-input", reply)
        host.click("#reply-connect")
        host.wait_for_selector("text=Remy")
        host.click("#start-table")
        guest.wait_for_selector("#my-dice")
        assert "Remy" in guest.locator(".roster .me").inner_text()
        assert play_until_over([host, guest], timeout_s=300, shout=(False, True))
    finally:
        ctx_a.close()
        ctx_b.close()


def test_a_garbage_reply_code_is_refused_and_changes_nothing(context, base_url):
    host = open_page(context, base_url)
    set_up_dodgy(host, base_url, seats=("local", "remote"))
    host.click("#make-invite")
    host.fill("#reply-input", "c1.a.<img src=x onerror=alert(1)>")
    host.click("#reply-connect")
    host.wait_for_selector("#toast:has-text('does not work')")
    assert host.locator("#start-table").count() == 1


def test_host_hands_a_departed_guests_seat_to_a_computer_player(context, base_url):
    host, guest = _open_two_tab_table(context, base_url)
    guest.close()                                   # the guest leaves for good
    host.wait_for_selector(".roster .warn")         # shown offline
    host.click("[data-key='to-bot-1']")
    host.wait_for_selector(".roster:not(:has(.warn))")
    # the computer now plays seat 1: the game runs to its end with the host alone
    assert play_until_over([host], timeout_s=240, shout=(False,))
