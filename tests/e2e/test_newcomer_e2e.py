"""A newcomer's table: fair pass-and-play (the clocks stand still behind the hand-over
screen), and a simultaneous game that explains why it offers no pass-and-play."""
import time

from .conftest import open_page


def _dodgy_pass_and_play(page, base_url, statement_s):
    page.goto(base_url + "#/dodgy")
    page.wait_for_selector("#setup-form")
    while page.locator(".seat-row").count() > 2:
        page.click(f"[data-key='rm-{page.locator('.seat-row').count() - 1}']")
    page.select_option("#seat-kind-1", "pass")
    page.click("#setup-form summary")
    page.fill("#opt-challenge_min_window_s", "0")
    page.fill("#opt-statement_s", str(statement_s))
    page.click("#open-table")


def test_waiting_on_the_hand_over_screen_loses_nothing(context, base_url):
    """DODGY with a 3 s statement clock: the next player waits 5 s on "Give the device
    to …", taps, and still has a whole turn: no die lost, no round decided, the clock
    running again."""
    page = open_page(context, base_url)
    _dodgy_pass_and_play(page, base_url, statement_s=3)
    page.wait_for_selector("#claim-form")                 # the first stater: no hand-over yet
    dice = page.locator("#my-dice .die").count()
    page.locator("[data-image]").first.click()
    page.click("#make-claim")
    page.wait_for_selector("#handover")
    time.sleep(5)                                         # longer than the 3 s clock
    assert page.locator("#handover").count() == 1         # the target did not change
    page.click("#handover-ready")
    page.wait_for_selector("#claim-form, #shout-dodgy")
    assert page.locator("#reveal").count() == 0           # nobody lost a die to the clock
    assert page.locator("#history li").count() == 0
    assert page.locator("#my-dice .die").count() == dice
    assert page.locator("#turn .timer").count() == 1      # the clock runs again, from where it stood
    # and it does run once the player has the device: the turn times out
    page.wait_for_selector("#reveal, #history li, #handover", timeout=10_000)


def test_a_simultaneous_game_offers_no_pass_and_play_and_says_why(context, base_url):
    page = open_page(context, base_url)
    page.goto(base_url + "#/waldi")
    page.wait_for_selector("#setup-form")
    kinds = page.locator("#seat-kind-1 option").evaluate_all("els => els.map(e => e.value)")
    assert "pass" not in kinds and "remote" in kinds
    assert "same time" in page.locator("#no-pass").inner_text()
    page.goto(base_url + "#/dodgy")
    page.wait_for_selector("#setup-form")
    assert "pass" in page.locator("#seat-kind-1 option").evaluate_all("els => els.map(e => e.value)")
    assert page.locator("#no-pass").count() == 0
