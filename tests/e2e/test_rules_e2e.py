"""How to play: opened from home, from a game's set-up and from a running table (which is
still there, untouched, afterwards), in English, French and German; by keyboard; as a deep
link inside a club's frame; and readable on a small phone without sideways scrolling."""
import functools
import http.server
import threading

import pytest

from .conftest import ARGS, BOOT_MS, CHROMIUM, open_page

GAMES = ("dodgy", "dobbelduel", "waldi", "dohdles", "cave")
TITLES = {"en": "How to play DODGY", "fr": "Comment jouer à DODGY", "de": "So wird DODGY gespielt"}


def _focused(page):
    return page.evaluate("() => { const a = document.activeElement;"
                         " return a ? (a.id || a.tagName) + '|' + (a.closest('section') || {}).id : '' }")


def _rules_open(page, game):
    page.wait_for_selector(f"#rules[data-game='{game}'] h1")
    # focus moves to the page's heading when it opens
    page.wait_for_function("() => document.activeElement && document.activeElement.tagName === 'H1'"
                           " && document.activeElement.closest('#rules')")
    assert page.locator("#rules figure").count() >= 1


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_how_to_play_from_the_home_card_and_back_to_the_set_up(context, base_url, lang):
    page = open_page(context, base_url)
    page.select_option("#lang", lang)
    page.click("[data-key='rules-dodgy']")
    _rules_open(page, "dodgy")
    assert page.locator("#rules h1").inner_text() == TITLES[lang]
    assert "#/rules/dodgy" in page.url
    text = page.locator("#rules").inner_text()
    assert "howto." not in text and ".rules." not in text
    # the worked reveal: the hands, the counted dice, the seer stone among them
    reveal = page.locator("[data-example='dodgy.rules.reveal']")
    assert reveal.locator(".die.counted").count() == 4
    assert reveal.locator(".die.seer.counted").count() == 1
    page.click("#rules-back")
    page.wait_for_selector("#setup-form")
    assert page.url.endswith("#/dodgy")


def test_how_to_play_from_the_set_up_by_keyboard_keeps_the_set_up(context, base_url):
    page = open_page(context, base_url + "#/waldi")
    page.wait_for_selector("#setup-form")
    page.click("[data-key='rm-2']")               # a change the set-up must still have afterwards
    seats = page.locator(".seat-row").count()
    page.click("#setup-form summary")
    # each option says what it does, tied to its control
    described = page.locator("#opt-max_hold_s").get_attribute("aria-describedby") or ""
    assert "opt-max_hold_s-help" in described.split()
    assert page.locator("#opt-max_hold_s-help").inner_text().strip()
    page.focus("#setup-rules")
    page.keyboard.press("Enter")
    _rules_open(page, "waldi")
    completed = page.locator("[data-example='waldi.rules.complete']")
    assert completed.locator(".waldi-card").count() == 5          # two dachshunds: 3 + 2 cards
    assert completed.locator(".waldi-card.tail [role='img'], .waldi-card[aria-label*='cat']").count() >= 1
    page.keyboard.press("Shift+Tab")             # from the heading back up to the way back
    for _ in range(3):
        if page.evaluate("() => document.activeElement.id") == "rules-back":
            break
        page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.id") == "rules-back"
    page.keyboard.press("Enter")
    page.wait_for_selector("#setup-form")
    assert page.locator(".seat-row").count() == seats


def _open_pass_and_play_dodgy(page, base_url):
    """Two players at one device, no clocks: nothing moves while nobody acts."""
    page.goto(base_url + "#/dodgy")
    page.wait_for_selector("#setup-form")
    while page.locator(".seat-row").count() > 2:
        page.click(f"[data-key='rm-{page.locator('.seat-row').count() - 1}']")
    page.select_option("#seat-kind-1", "pass")
    page.click("#setup-form summary")
    page.fill("#opt-challenge_min_window_s", "0")
    page.fill("#opt-statement_s", "0")
    page.fill("#opt-choose_s", "0")
    page.click("#open-table")
    page.wait_for_selector("#my-dice")


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_how_to_play_from_a_running_table_comes_back_to_the_same_table(context, base_url, lang):
    errors = []
    page = open_page(context, base_url, errors)
    page.select_option("#lang", lang)
    _open_pass_and_play_dodgy(page, base_url)
    page.locator("[data-image]").first.click()
    page.click("#make-claim")                     # one statement: the table has a history now
    page.wait_for_selector("#handover-ready")
    page.click("#handover-ready")
    page.wait_for_selector("#current-claim")
    before = page.locator("#board").inner_text()
    # keyboard: the How-to-play link is reachable by Tab from the table's heading
    page.focus("#table h1")
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == "table-rules":
            break
    assert page.evaluate("() => document.activeElement.id") == "table-rules"
    page.keyboard.press("Enter")
    _rules_open(page, "dodgy")
    assert page.locator("#rules h1").inner_text() == TITLES[lang]
    assert page.locator("#rules-table-note").count() == 1
    assert page.locator("#leave-question").count() == 0          # nothing asked to leave the game
    # the page explains this table's options: no time limit for statements here
    none = {"en": "no time limit for statements", "fr": "n'ont pas de limite de temps",
            "de": "haben Aussagen kein Zeitlimit"}[lang]
    assert none in page.locator("#rules").inner_text()
    page.click("#rules-back")
    page.wait_for_selector("#current-claim")
    assert page.url.endswith("#/table")
    assert page.locator("#board").inner_text() == before       # the same table, state intact
    assert page.locator("#shout-dodgy, #claim-form").count() >= 1
    assert not errors


def test_the_rules_deep_link_works_inside_a_club_frame(browser, base_url, tmp_path):
    # the For-clubs screen offers the line that opens one game's rules
    ctx = browser.new_context()
    page = open_page(ctx, base_url)
    page.click("#clubs-link")
    page.wait_for_selector("#clubs")
    page.select_option("#embed-game", "cave")
    page.select_option("#embed-page", "rules")
    page.select_option("#embed-lang", "de")
    code = page.input_value("#embed-code")
    assert f'src="{base_url}?lang=de#/rules/cave"' in code
    ctx.close()
    (tmp_path / "club.html").write_text(      # an icon of its own: the browser asks no /favicon.ico
        "<!doctype html><meta charset=utf-8><link rel=icon href=\"data:,\"><title>Club</title>\n" + code,
        encoding="utf-8")
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    b = browser.browser_type.launch(executable_path=CHROMIUM, args=ARGS)
    try:
        club = b.new_context().new_page()
        club.set_default_timeout(30_000)
        club.goto(f"http://localhost:{server.server_address[1]}/club.html")   # another site
        frame = club.wait_for_selector("#clubtable").content_frame()
        frame.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
        frame.wait_for_selector("#rules[data-game='cave'] h1")
        assert frame.locator("#rules h1").inner_text() == "So wird Play-Doh's Cave gespielt"
        assert frame.locator("[data-example='cave.rules.letters']").count() == 1
        frame.click("#rules-back")                  # and on to the game, still in the frame
        frame.wait_for_selector("#setup-form")
        assert frame.evaluate("() => location.hash") == "#/cave"
    finally:
        b.close()
        server.shutdown()
        server.server_close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def test_every_rules_page_fits_a_small_phone(browser, base_url):
    ctx = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        page = open_page(ctx, base_url)
        for lang in ("en", "de"):                 # German words are the longest
            page.select_option("#lang", lang)
            for game in GAMES:
                page.evaluate(f"() => {{ location.hash = '#/rules/{game}'; }}")
                page.wait_for_selector(f"#rules[data-game='{game}'] figure")
                wide = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
                assert wide <= 0, (lang, game, wide)
        for game in GAMES:                        # and the set-up's explanations of the options
            page.evaluate(f"() => {{ location.hash = '#/{game}'; }}")
            page.wait_for_selector("#setup-form")
            if not page.locator("#setup details[open]").count():
                page.click("#setup-form summary")
            page.wait_for_selector(".opt-help")
            # the explanations wrap within the screen (the controls' own widths are the form's)
            wide = page.evaluate("() => Math.max(...[...document.querySelectorAll('.opt-help')].map("
                                 "e => e.getBoundingClientRect().right)) - document.documentElement.clientWidth")
            assert wide <= 0, ("set-up", game, wide)
    finally:
        ctx.close()
