"""Secrets on a shared device and tables that play, end to end (lean: one pass-and-play
Dohdles! table and one default table).

- Three players at one device: on every screen that carries "Dohdles! — <name>" buttons for
  the others, the page's text holds no secret word; holding "show" (the mouse held down)
  shows the seat's own words, and letting go takes them off the page again.
- The default Dohdles! table (you and three computers) is a table the computers can play:
  no drawing pad, and the computers make their Dohdles at once."""
import time

from .conftest import open_page, tap_shows_made_screen
from .dohdles_driver import WORDS, set_up, step

BODY = "() => document.body.innerText"
# one snapshot of the screen (read in one go: the table moves on between two reads)
SCREEN = """() => ({text: document.body.innerText, handover: !!document.querySelector('#handover-ready'),
  others: document.querySelectorAll("[data-key^='claim-for-']").length,
  creator: !!document.querySelector('#creator'), hold: !!document.querySelector("[data-key='hold-words']")})"""


def secrets_in(text, words):
    low = text.casefold()
    return [w for w in words if w.casefold() in low]


def hold_shows(page):
    """Hold "show" with the mouse: the seat's words appear, and go when it is let go.  False
    when the screen moved on meanwhile (the turn passed): try again on a later screen."""
    hold = page.locator("[data-key='hold-words']")
    box = hold.bounding_box() if hold.count() else None
    if box is None:
        return False
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    try:
        page.wait_for_selector("[data-key='hold-words'] .hold-secret", timeout=3_000)
        shown = page.evaluate("() => document.querySelector(\"[data-key='hold-words']\")?.innerText || ''")
    except Exception:
        shown = None
    page.mouse.up()
    page.wait_for_selector(".hold-secret", state="detached")
    after = page.evaluate(SCREEN)
    if after["others"]:                     # still a screen the others act on
        assert not secrets_in(after["text"], WORDS), "the word stays after letting go"
    if shown is None:
        return False
    assert secrets_in(shown, WORDS), "holding 'show' shows no word"
    return True


def test_pass_and_play_screens_show_no_secret_to_the_others_and_hold_to_show_works(context, base_url):
    errors = []
    page = open_page(context, base_url, errors)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    set_up(page, base_url, ("local", "pass", "pass"), medium="table")
    shared = held = creator = 0
    deadline = time.time() + 150
    while time.time() < deadline and not (shared >= 3 and held and creator):
        sc = page.evaluate(SCREEN)
        text = sc["text"]
        if sc["handover"]:
            assert not secrets_in(text, WORDS), "a hand-over screen shows a word"
        elif sc["others"]:
            shared += 1
            assert not secrets_in(text, WORDS), f"a screen others act on shows {secrets_in(text, WORDS)}"
            creator += sc["creator"]
            if sc["hold"] and not held and hold_shows(page):
                held = 1
        try:
            # nobody shouts: the turns go round, with the creators' answers
            if step(page, claim=False) == "over":
                break
        except Exception:         # the screen changed under the click: look again
            pass
        time.sleep(0.05)
    assert shared >= 3 and held and creator, (shared, held, creator)
    assert not errors


def test_the_default_dohdles_table_is_one_the_computers_play(context, base_url):
    errors = []
    page = open_page(context, base_url, errors)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(base_url + "#/dohdles")
    page.wait_for_selector("#setup-form")
    assert page.locator(".bots-note").count() == 0           # the default fits the computers
    page.click("#setup-form summary")
    page.select_option("#opt-riddle_medium", '"drawing"')      # a mode they cannot play: explained
    page.wait_for_selector("#bots-note-riddle_medium")
    page.click("#bots-fit-riddle_medium")
    page.wait_for_selector(".bots-note", state="detached")
    page.click("#open-table")
    page.wait_for_selector("[id^='make-']")
    assert page.locator("canvas").count() == 0
    # the computers make theirs at once (in a drawing game they made none)
    page.wait_for_function("() => document.querySelectorAll('.ring-space.dohdle:not(.making)').length >= 3",
                           timeout=20_000)
    assert not errors


def test_the_next_players_screen_is_made_during_the_hand_over_and_moved_onto_the_page(context, base_url):
    """Pass-and-play (Play-Doh's Cave, three players at one device): while the hand-over screen
    waits, the next player's screen is made out of sight; "ready" moves it onto the page and
    makes next to nothing (ui/shell_table.py ``warm_next``).  Out of sight means out of the
    document: the hand-over screen's page holds none of it."""
    from . import cave_driver
    errors = []
    page = open_page(context, base_url, errors)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    # the page's start-up warm-up draws out of sight too (ui/warmup.py): done before counting
    page.wait_for_selector("body[data-warm='1']", state="attached", timeout=120_000)
    cave_driver.set_up_cave(page, base_url, ("local", "pass", "pass"), **cave_driver.FAST_OPTIONS)
    words = iter(["lantern", "apple", "kite", "moon", "pebble", "stone"] * 3)
    shown = 0
    deadline = time.time() + 120
    while shown < 2 and time.time() < deadline:
        if page.locator("#handover-ready").count():
            name = page.evaluate("() => document.querySelector('#handover-ready').textContent")
            page.wait_for_function("() => JSON.parse(window.clubtableDebug('next-screen'))", timeout=15_000)
            assert page.evaluate("() => document.querySelectorAll('#app *').length") < 10
            assert page.locator("#table, #board").count() == 0
            tap_shows_made_screen(page, "#handover-ready", "#table #board")
            me = page.evaluate("() => document.querySelector('#table .roster .seat.me').textContent")
            assert me.split(" (")[0].strip() and me.split(" (")[0].split()[-1] in name, (me, name)
            shown += 1
            continue
        try:
            if cave_driver.step(page, words) == "over":
                break
        except Exception:         # the screen changed under the click: look again
            pass
        time.sleep(0.05)
    assert shown == 2
    assert not errors
