"""The page itself: the home screen before Python, then Python's home, deep links, languages."""
import urllib.request

from .conftest import open_page

GAMES = ["Dohdles!", "Dobbelduel", "Play-Doh's Cave", "Wie Waldi!", "DODGY"]


def test_home_screen_is_in_the_html_before_python_runs(base_url):
    html = urllib.request.urlopen(base_url).read().decode("utf-8")
    for title in GAMES:
        assert title.replace("'", "&#x27;") in html or title in html
    assert "Loading the game engine" in html
    assert 'class="spinner"' in html


def test_python_takes_over_with_playable_games(context, base_url):
    errors = []
    page = open_page(context, base_url, errors)
    from clubtable.catalogue import CATALOGUE
    from clubtable.games import GAMES
    for g in CATALOGUE:        # a game with rules is playable; the others say "coming soon"
        if g["id"] in GAMES:
            assert page.locator(f"[data-key='play-{g['id']}']").is_visible()
        else:
            assert page.locator(f"[data-game='{g['id']}'] .soon").count() == 1
    assert not errors


def test_deep_link_opens_the_game_set_up(context, base_url):
    page = open_page(context, base_url + "#/dodgy")
    page.wait_for_selector("#setup-form")
    assert page.locator("h1").inner_text() == "DODGY"


def test_language_switch_translates_the_interface(context, base_url):
    page = open_page(context, base_url)
    page.select_option("#lang", "de")
    page.wait_for_selector("text=Wähle ein Spiel")
    page.select_option("#lang", "fr")
    page.wait_for_selector("text=Choisissez un jeu")


def test_invalid_option_is_refused_with_a_clear_message(context, base_url):
    page = open_page(context, base_url + "#/dodgy")
    page.wait_for_selector("#setup-form")
    page.click("#setup-form summary")
    # 4 players start with 5 dice: a threshold of 4 is allowed, but with 6 players (3 dice) not.
    page.click("#add-seat")
    page.click("#add-seat")
    page.select_option("#opt-elimination_threshold", "4")
    page.click("#open-table")
    page.wait_for_selector("#setup .error")
    assert "starts with 3 dice, so a player must be out with fewer than 3" in page.locator("#setup .error").inner_text()
    assert "#/dodgy" in page.url
