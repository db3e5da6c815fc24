"""The page speaks the player's language: chosen from the browser's languages, or by hand;
``<html lang>`` and the tab's title follow it, and so do the set-up's refusals (an option
that conflicts with another is named in words, never by its id)."""
from .conftest import open_page


def _conflicting_dodgy_options(page, base_url):
    """DODGY with a statement time shorter than the time to shout: the rules refuse it."""
    page.goto(base_url + "#/dodgy")
    page.wait_for_selector("#setup-form")
    if not page.locator("#setup-form details[open]").count():
        page.click("#setup-form summary")
    page.fill("#opt-challenge_min_window_s", "5")
    page.fill("#opt-statement_s", "3")
    page.click("#open-table")
    page.wait_for_selector("#setup .error")
    return page.locator("#setup .error").inner_text()


def test_a_french_browser_gets_french_and_the_refusal_in_french(browser, base_url):
    ctx = browser.new_context(locale="fr-FR")
    try:
        page = open_page(ctx, base_url)
        assert page.evaluate("document.documentElement.lang") == "fr"      # chosen automatically
        assert page.title().startswith("Choisissez un jeu")
        error = _conflicting_dodgy_options(page, base_url)
        assert error.startswith("Le temps pour annoncer doit être plus long"), error
        assert "statement_s" not in error and "challenge" not in error
        assert page.title().startswith("DODGY")
        assert page.evaluate("document.documentElement.lang") == "fr"
    finally:
        ctx.close()


def test_german_chosen_by_hand_changes_the_page_its_title_and_the_refusal(context, base_url):
    page = open_page(context, base_url)
    page.select_option("#lang", "de")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.title().startswith("Wähle ein Spiel")
    error = _conflicting_dodgy_options(page, base_url)
    assert error.startswith("Die Zeit für eine Ansage muss länger sein"), error
    page.select_option("#lang", "en")
    assert page.evaluate("document.documentElement.lang") == "en"
