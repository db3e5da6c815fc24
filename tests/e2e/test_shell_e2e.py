"""The shell on a patched page: what a player types survives updates, the board is not a
live region, news goes through the small polite one."""
from .conftest import open_page
from .dodgy_driver import set_up_dodgy


def test_typing_in_a_field_survives_an_update_of_the_screen(context, base_url):
    home = open_page(context, base_url)
    home.click("#join-name")
    home.keyboard.type("Ann")
    # the very element, not a copy: it carries a mark only it has
    home.evaluate("() => { document.getElementById('join-name').dataset.mark = 'kept'; }")
    host = open_page(context, base_url)
    set_up_dodgy(host, base_url, seats=("local", "remote"))
    host.wait_for_selector("#start-table")
    home.wait_for_selector(".open-tables button")             # the home screen was updated
    state = home.evaluate("""() => { const el = document.getElementById('join-name');
        return {focused: document.activeElement === el, value: el.value, caret: el.selectionStart,
                mark: el.dataset.mark}; }""")
    assert state == {"focused": True, "value": "Ann", "caret": 3, "mark": "kept"}
    home.keyboard.type("e")
    assert home.input_value("#join-name") == "Anne"


def test_the_board_is_not_a_live_region_and_news_is_announced(context, base_url):
    page = open_page(context, base_url)
    assert page.locator("main[aria-live]").count() == 0
    set_up_dodgy(page, base_url, seats=("local", "bot"))
    page.wait_for_selector("#my-dice")
    assert page.locator("#board [aria-live]").count() == 0
    page.wait_for_function("document.getElementById('announce').textContent.includes('Round')"
                           " || document.getElementById('announce').textContent.includes('There are')")
    stats = page.evaluate("() => JSON.parse(window.clubtableDebug('dom'))")
    assert stats["mounts"] > 0 and not stats["full_rebuild"]
