"""Drives a DODGY screen the way a hurried player would: shout DODGY when possible, else
make the lowest legal claim, and as a winner take the first die offered."""
import time


def set_up_dodgy(page, base_url, seats=("local", "bot"), threshold="4", window="0", pace=None):
    """From the set-up screen: the given seat kinds, quick options (and the computer players'
    ``pace``, when given); returns after opening."""
    page.goto(base_url + "#/dodgy")
    page.wait_for_selector("#setup-form")
    while page.locator(".seat-row").count() > len(seats):
        n = page.locator(".seat-row").count()
        page.click(f"[data-key='rm-{n - 1}']")
    for i, kind in enumerate(seats):
        if i:
            page.select_option(f"#seat-kind-{i}", kind)
    if pace is not None:
        page.select_option("#bot-pace", pace)
    page.click("#setup-form summary")
    page.fill("#opt-challenge_min_window_s", window)
    page.select_option("#opt-elimination_threshold", threshold)
    page.click("#open-table")


def step(page, shout=True, claim="low"):
    """One action if this screen offers one; returns what it did (or None).  ``claim="high"``
    claims the most dice possible, so a shout wins and the game ends fast."""
    if page.locator("#result").count():
        return "over"
    if page.locator("#handover-ready").count():
        page.click("#handover-ready")
        return "handover"
    if page.locator("#choose button").count():
        page.locator("#choose button").first.click()
        return "choose"
    if shout and page.locator("#shout-dodgy").count():
        page.click("#shout-dodgy")
        return "dodgy"
    if page.locator("#claim-form").count():
        if claim == "high":
            values = page.locator("#claim-quantity option").evaluate_all("els => els.map(e => e.value)")
            page.select_option("#claim-quantity", values[-1])
        page.locator("[data-image]").first.click()
        page.click("#make-claim")
        return "claim"
    if page.locator("#shout-dodgy").count():
        page.click("#shout-dodgy")
        return "dodgy"
    return None


def play_until_over(pages, timeout_s=240, shout=(True,), claim="low"):
    """Round-robin over the pages until one shows the result (``claim`` as for ``step``)."""
    end = time.time() + timeout_s
    while time.time() < end:
        for i, page in enumerate(pages):
            try:
                if step(page, shout=shout[i % len(shout)], claim=claim) == "over":
                    return True
            except Exception:  # the screen re-rendered under the click: try again
                pass
        time.sleep(0.15)
    return False
