"""A newcomer's table: fair pass-and-play (the clocks stand still behind the hand-over
screen), and a simultaneous game that explains why it offers no pass-and-play."""
import time

from .conftest import open_page, open_setup


def _dodgy_pass_and_play(page, base_url, statement_s):
    open_setup(page, base_url, "dodgy", ["local", "pass"],
               {"challenge_min_window_s": 0, "statement_s": statement_s})
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


RAW = ("rolled_face", "back_to_centre", "extra_pair", "null", "True", "False", "youngest",
       "host_choice", "[", "_s", "None")


def _setup_text(page):
    return page.locator("#setup").inner_text()


def test_dodgy_options_are_in_words_in_each_language(context, base_url):
    page = open_page(context, base_url)
    for lang, who, pace, bot in (("fr", "Qui commence", "Rythme", "Calculateur"),
                                 ("de", "Wer beginnt", "Tempo", "Rechner"),
                                 ("en", "Who starts", "pace", "Counter")):
        page.select_option("#lang", lang)
        page.goto(base_url + "#/dodgy")
        page.wait_for_selector("#setup-form")
        if not page.locator("#setup-form details[open]").count():
            page.click("#setup-form summary")
        page.wait_for_selector("#opt-faces")
        text = _setup_text(page)
        for raw in RAW:
            assert raw not in text, (lang, raw)
        assert who in text and pace in text and bot in text
        # no default the page cannot honour: nobody's age is known
        rules = page.locator("#opt-first_player_rule option").evaluate_all("els => els.map(e => e.value)")
        assert rules == ['"random"', '"host_choice"']
        assert page.locator("#opt-faces .chip").count() == 6
        assert page.locator(".bot-about").count() >= 1
    # naming a seat shows the seats by name
    page.select_option("#opt-first_player_rule", '"host_choice"')
    page.wait_for_selector("#opt-first_player")
    names = page.locator("#opt-first_player option").all_inner_texts()
    assert names[0] == page.locator("#seat-name-0").input_value()
    # a face chip goes, a new one comes
    page.click("[data-key='faces-rm-0']")
    assert page.locator("#opt-faces .chip").count() == 5
    page.fill("#opt-faces-add", "anchor")
    page.click("[data-key='faces-add']")
    assert "anchor" in page.locator("#opt-faces").inner_text()
    # a number out of its bounds is refused in the player's language, before the table opens
    page.select_option("#lang", "de")
    page.fill("#opt-statement_s", "99999")
    page.click("#open-table")
    page.wait_for_selector("#setup .error")
    assert "zwischen 0 und 3600" in page.locator("#setup .error").inner_text()


def test_dobbelduel_column_order_is_swatches_and_the_pace_reaches_the_table(context, base_url):
    page = open_page(context, base_url)
    page.goto(base_url + "#/dobbelduel")
    page.wait_for_selector("#setup-form")
    page.click("#setup-form summary")
    page.wait_for_selector("#opt-columns .swatch-name")
    before = page.locator("#opt-columns .swatch-name").all_inner_texts()
    page.click("[data-key='col-left-1']")
    after = page.locator("#opt-columns .swatch-name").all_inner_texts()
    assert after == [before[1], before[0]] + before[2:]
    assert "False" not in _setup_text(page) and "extra_pair" not in _setup_text(page)
    page.select_option("#bot-pace", "2.0")
    page.click("#open-table")
    page.wait_for_selector("#board")


def test_a_name_chosen_once_is_the_players_name_never_a_pronoun(context, base_url):
    page = open_page(context, base_url)
    page.select_option("#lang", "fr")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert "Choisissez" in page.title()
    assert page.locator("#name-hint").count() == 1            # first visit: asked for a name
    page.fill("#join-name", "Zoé")
    page.locator("#join-name").dispatch_event("change")
    page.goto(base_url + "#/dodgy")
    page.wait_for_selector("#setup-form")
    assert page.locator("#seat-name-0").input_value() == "Zoé"
    assert "DODGY" in page.title()
    again = open_page(context, base_url)                      # remembered on the next visit
    assert again.locator("#join-name").input_value() == "Zoé"
    assert again.locator("#name-hint").count() == 0
    assert again.evaluate("document.documentElement.lang") == "fr"


def test_without_a_name_the_default_is_no_pronoun(browser, base_url):
    ctx = browser.new_context(locale="de-DE")
    try:
        page = open_page(ctx, base_url + "#/dodgy")
        page.wait_for_selector("#setup-form")
        assert page.evaluate("document.documentElement.lang") == "de"   # chosen automatically
        assert page.locator("#seat-name-0").input_value() == "Spieler 1"
    finally:
        ctx.close()


def test_leaving_asks_first_the_table_is_not_replaced_silently_and_the_end_is_in_view(context, base_url):
    page = open_page(context, base_url)
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(base_url + "#/dodgy")
    page.wait_for_selector("#setup-form")
    page.click("#setup-form summary")
    page.fill("#opt-challenge_min_window_s", "0")
    page.click("#open-table")
    page.wait_for_selector("#board")
    assert page.evaluate("document.activeElement.tagName") == "H1"     # focus on the new screen
    page.click("#leave")
    page.wait_for_selector("#leave-question")
    page.click("#leave-cancel")
    assert page.locator("#board").count() == 1                          # still playing
    page.goto(base_url + "#/dodgy")                                      # Back, then set-up again
    page.wait_for_selector("#running-note")
    assert "End my game" in page.locator("#open-table").inner_text()
    page.click("#back-to-running")
    page.wait_for_selector("#board")
    page.click("#leave")
    page.click("#leave-confirm")
    page.wait_for_selector("#home")


def test_an_eliminated_player_lets_the_computers_finish_and_sees_the_end(context, base_url):
    from .dodgy_driver import step
    page = open_page(context, base_url)
    end = time.time() + 240
    for _game in range(5):
        page.goto(base_url + "#/dodgy")
        page.wait_for_selector("#setup-form")                 # four seats: five dice each
        if not page.is_visible("#opt-challenge_min_window_s"):   # the options stay open for a new game
            page.click("#setup-form summary")
        page.fill("#opt-challenge_min_window_s", "0")
        page.select_option("#opt-elimination_threshold", "4")
        page.select_option("#bot-pace", "0.5")
        page.click("#open-table")
        while time.time() < end and not page.locator("#finish-now, #result").count():
            try:
                step(page, shout=False, claim="high")     # claims too high: soon out
            except Exception:
                pass
            time.sleep(0.1)
        if page.locator("#finish-now").count():
            break
        # the deal is random: now and then two computers go out first, and the player's own
        # elimination, third, ends the game at once; a new game, then
        page.click("#play-again")
    assert page.locator("#finish-now").count() == 1     # out, while the computers play on
    page.click("#finish-now")
    page.wait_for_selector("#result", timeout=120_000)
    page.wait_for_function("document.activeElement && document.activeElement.closest('#result') !== null")
    # the end is above the board now: the view scrolls up to it smoothly
    page.wait_for_function("""() => { const r = document.querySelector('#result h2').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight; }""", timeout=5_000)


def test_the_invite_link_has_a_copy_button(browser, base_url):
    ctx = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    try:
        page = open_page(ctx, base_url + "#/dodgy")
        page.wait_for_selector("#setup-form")
        page.select_option("#seat-kind-1", "remote")
        page.click("#open-table")
        page.click("#make-invite")
        page.wait_for_selector("#invite-link")
        # the clipboard takes text only from the focused document, as from a player who just
        # clicked: with other tests' windows open, this one's must be in front
        page.bring_to_front()
        page.click("[data-key='copy-invite']")
        page.wait_for_selector("#toast:has-text('Copied')")
        assert page.evaluate("navigator.clipboard.readText()") == page.input_value("#invite-link")
        assert "scan the QR code with their phone" in page.locator("#lobby").inner_text()
    finally:
        ctx.close()


def test_a_public_stun_server_is_one_click_and_off_by_default(context, base_url):
    page = open_page(context, base_url + "#/dodgy")
    page.wait_for_selector("#setup-form")
    page.click("#setup-form summary")
    assert not page.locator("#use-stun").is_checked()
    assert "no game data" in page.locator("#stun-help").inner_text()
    assert page.locator("#opt-ice").count() == 1                 # the TURN field beside it


def test_every_dohdles_option_is_in_words_with_durations_in_seconds(context, base_url):
    """The expert options too: a translated label for each, milliseconds shown as seconds
    with their bounds, lists of numbers as plain numbers, and a refusal of options that do
    not go together in the player's language."""
    page = open_page(context, base_url)
    for lang, seconds in (("fr", "secondes"), ("de", "Sekunden"), ("en", "seconds")):
        page.select_option("#lang", lang)
        open_setup(page, base_url, "dohdles", ["local", "pass", "pass"], {})
        page.wait_for_selector("#opt-buzz_settle_ms")
        text = _setup_text(page)
        assert "_" not in text and "refuse_by" not in text, (lang, [l for l in text.splitlines() if "_" in l])
        assert page.input_value("#opt-buzz_settle_ms") == "0.75"                  # 750 ms, in seconds
        assert seconds in page.locator("#opt-buzz_settle_ms-hint").inner_text()
        assert page.input_value("#opt-green_arrows").startswith("3, 3, 3")
    page.select_option("#lang", "fr")
    page.fill("#opt-special_right_window_ms", "99")                              # the bound is 30 s
    page.click("#open-table")
    page.wait_for_selector("#setup .error")
    assert "entre 0 et 30" in page.locator("#setup .error").inner_text()
    page.fill("#opt-special_right_window_ms", "0.3")
    page.fill("#opt-final_index", "10")                                          # the arrows no longer fit
    page.click("#open-table")
    page.wait_for_function("document.querySelector('#setup .error').textContent.includes('case finale')")
    error = page.locator("#setup .error").inner_text()
    assert "{" not in error and "_arrows" not in error                          # the option by its label

