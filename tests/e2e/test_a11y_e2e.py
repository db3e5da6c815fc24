"""Phone and accessibility, screen by screen: an axe-core scan (no serious or critical
violation) of home, every set-up, every How-to-play page, the lobby, the pass-and-play hand-over, the For-clubs page and
every game's screen mid-game and at the end; at 360 × 640 nothing sideways and every control at
least 44 × 44 px; a solo game of each game played with the keyboard alone; focus on the new
screen's heading after a screen change; the news said once in the small polite live region;
"Game over" in view when it appears, on a desktop and on a phone."""
import os
import time

import pytest

from .a11y import DESKTOP, PHONE, assert_fits, axe_violations, focused, overflow, small_targets
from .cave_driver import FAST_OPTIONS, set_up_cave
from .conftest import open_page
from .dobbelduel_driver import set_up_dobbelduel
from .dodgy_driver import set_up_dodgy
from .dohdles_driver import set_up as set_up_dohdles
from .waldi_driver import look as waldi_look, set_up_waldi

GAMES = ("dodgy", "dobbelduel", "waldi", "dohdles", "cave")
REPORT = os.environ.get("A11Y_REPORT")      # set: print every finding instead of failing at the first


# --------------------------------------------------------------------------- checks
def check_screen(page, where):
    """axe-core at the page's size and at a phone's, and the phone's width and targets."""
    size = page.viewport_size
    findings = [f"{where}: {v['impact']} {v['id']} ({v['help']}): {n['target']}\n    {n['summary']}"
                for v in axe_violations(page) for n in v["nodes"][:6]]
    page.set_viewport_size(PHONE)
    try:
        page.wait_for_timeout(150)                       # the layout settles
        findings += [f"{where} (phone): {v['impact']} {v['id']}: {n['target']}\n    {n['summary']}"
                     for v in axe_violations(page) for n in v["nodes"][:6]]
        try:
            assert_fits(page, f"{where} at 360 px")       # the page, and no element cut off
        except AssertionError as e:
            findings.append(str(e))
        o = overflow(page)
        if o["boxes"]:
            findings.append(f"{where}: at 360 px part of the screen hides in a sideways scroll box: {o['boxes']}")
        small = small_targets(page)
        if small:
            findings.append(f"{where}: at 360 px controls smaller than 44 × 44 px: {small}")
    finally:
        page.set_viewport_size(size)
    if REPORT:
        print("\n".join(findings) or f"{where}: ok")
    else:
        assert not findings, "\n".join(findings)


def assert_focus_moved(page, where):
    """After a screen change focus is on the new screen (its heading or a control), never on
    the page's body."""
    page.wait_for_function("() => document.activeElement && !['BODY', 'HTML'].includes(document.activeElement.tagName)",
                           timeout=5_000)
    f = focused(page)
    assert f["tag"] not in ("BODY", "HTML"), f"{where}: focus fell to the page"


def watch_announcements(page):
    """Record every text the polite live region is given from now on."""
    page.evaluate("""() => { window.__said = [];
        const el = document.getElementById('announce');
        new MutationObserver(() => window.__said.push(el.textContent.replace(/\\u00a0/g, '')))
          .observe(el, {childList: true, characterData: true, subtree: true}); }""")


def said(page):
    return page.evaluate("() => window.__said")


def assert_live_regions(page):
    """News goes through the page's small polite region; the screen itself is not live."""
    assert page.get_attribute("#announce", "aria-live") == "polite"
    assert page.locator("main[aria-live], #app[aria-live], #board[aria-live], #table[aria-live]").count() == 0


def in_view(page, selector):
    return page.evaluate("""(s) => { const e = document.querySelector(s); if (!e) return false;
        const r = e.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth; }""",
                         selector)


def assert_game_over_in_view(page, where):
    """The end is shown where the player is looking: "Game over" is in the viewport (the
    heading is scrolled to smoothly) and has focus."""
    page.wait_for_selector("#result h2")
    page.wait_for_function("""() => { const e = document.querySelector('#result h2'); if (!e) return false;
        const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; }""",
                           timeout=5_000)
    assert in_view(page, "#result h2"), where


def assert_news_in_view(page, selector, what):
    """News of the game (a reveal, a race's result) is brought into view and focused, unless
    it went away first (the game moved on)."""
    page.wait_for_function("""(s) => { if (!document.querySelector(s)) return true;
        const e = document.activeElement; if (!e || !e.matches(s)) return false;
        const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; }""",
                           arg=selector, timeout=5_000)


# --------------------------------------------------------------------------- the keyboard
def tab_to(page, selector, limit=150):
    """Press Tab until an element matching ``selector`` has focus; False if it never does."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
            return True
        page.keyboard.press("Tab")
    return False


def press(page, selector, key="Enter"):
    """Reach ``selector`` with Tab and press ``key`` on it (Enter by default)."""
    if not tab_to(page, selector):
        return False
    page.keyboard.press(key)
    return True


def has(page, selector):
    return page.locator(selector).count() > 0


def keys_to_the_end(page, one_move, seconds, pause=0.1, look=None):
    """Moves by key until the game is over or ``seconds`` have passed: ``one_move(page)``
    makes one and says what it did ("over" at the end, None when nothing is to do now);
    ``look(did, done)`` checks the screen after each try.  Returns what was done."""
    done = []
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            did = one_move(page)
        except Exception:                  # the screen changed under the key: look again
            did = None
        if did == "over":
            break
        if did:
            done.append(did)
        if look:
            look(did, done)
        time.sleep(pause)
    return done


def check_the_end(page, game):
    """"Game over" in view at the page's size, the end screen scanned, and the end said once,
    in the polite region."""
    size = page.viewport_size
    assert_game_over_in_view(page, f"{game} at {size['width']} × {size['height']}")
    check_screen(page, f"{game} game over")
    ends = [s for s in said(page) if s.startswith("Game over")]
    assert len(ends) == 1, said(page)


# --------------------------------------------------------------------------- screens outside a game
def test_home_set_ups_for_clubs_lobby_and_hand_over(context, base_url):
    errors = []
    page = open_page(context, base_url, errors)
    page.set_viewport_size(DESKTOP)
    assert_live_regions(page)
    check_screen(page, "home")
    for game in GAMES:
        page.goto(base_url + f"#/{game}")
        page.wait_for_selector("#setup-form")
        assert_focus_moved(page, f"set-up of {game}")
        page.click("#setup-form summary")                 # the options too
        check_screen(page, f"set-up of {game}")
    for game in GAMES:                                    # How to play: its pictures are screens' own
        page.goto(base_url + f"#/rules/{game}")
        page.wait_for_selector(f"#rules[data-game='{game}'] h1")
        assert_focus_moved(page, f"how to play {game}")
        check_screen(page, f"how to play {game}")
    page.goto(base_url + "#/clubs")
    page.wait_for_selector("#embed-game")
    check_screen(page, "for clubs")
    # the lobby: the host waits for an invited player, then makes an invitation
    set_up_dodgy(page, base_url, seats=("local", "remote"))
    page.wait_for_selector("#start-table")
    assert_focus_moved(page, "lobby")
    check_screen(page, "lobby")
    page.click("#make-invite")
    page.wait_for_selector("#invite-link")
    check_screen(page, "lobby with an invitation")
    page.click("#leave")
    # the hand-over screen of a pass-and-play table (a fresh tab: a fresh set-up form)
    page = open_page(context, base_url, errors)
    set_up_dodgy(page, base_url, seats=("local", "pass"))
    deadline = time.time() + 60
    while not has(page, "#handover-ready") and time.time() < deadline:
        if has(page, "#claim-form"):
            page.locator("[data-image]").first.click()
            page.click("#make-claim")
        time.sleep(0.3)
    page.wait_for_selector("#handover-ready")
    assert_focus_moved(page, "hand-over")
    check_screen(page, "hand-over")
    assert not errors


# --------------------------------------------------------------------------- the games
def _dodgy_keys(page):
    """One DODGY move with the keyboard: take over, choose, shout DODGY when possible, else
    the lowest claim.  Returns what it did."""
    if has(page, "#result"):
        return "over"
    if has(page, "#handover-ready"):
        return press(page, "#handover-ready") and "handover"
    if has(page, "#choose button"):
        return press(page, "#choose button") and "choose"
    if has(page, "#shout-dodgy"):
        return press(page, "#shout-dodgy") and "dodgy"
    if has(page, "#claim-form"):
        if press(page, "[data-image]") and press(page, "#make-claim"):
            return "claim"
    return None


def test_dodgy_by_keyboard_alone_to_the_end(context, base_url):
    errors = []
    page = open_page(context, base_url, errors)
    page.set_viewport_size(DESKTOP)
    page.goto(base_url + "#/dodgy")
    page.wait_for_selector("#setup-form")
    # set up with the keyboard: me and one computer player, no wait for challenges, out
    # below four dice (a short game)
    assert page.locator("#seat-kind-1").input_value() == "bot"
    while page.locator(".seat-row").count() > 2:
        assert press(page, f"[data-key='rm-{page.locator('.seat-row').count() - 1}']")
    assert press(page, "#setup-form summary")
    assert tab_to(page, "#opt-challenge_min_window_s")
    page.keyboard.press("Control+A")
    page.keyboard.type("0")
    assert tab_to(page, "#opt-elimination_threshold")
    page.keyboard.type("4")
    assert page.locator("#opt-elimination_threshold").input_value() == "4"
    assert press(page, "#open-table")
    page.wait_for_selector("#my-dice")
    assert_focus_moved(page, "DODGY table")
    assert_live_regions(page)
    watch_announcements(page)
    scanned = set()

    def look(did, done):
        if "mid" not in scanned and has(page, "#claim-form"):
            scanned.add("mid")
            check_screen(page, "DODGY mid-game")
        if "reveal" not in scanned and has(page, "#reveal"):
            scanned.add("reveal")
            assert_news_in_view(page, "#reveal h2", "the DODGY reveal")
            check_screen(page, "DODGY reveal")
    done = keys_to_the_end(page, _dodgy_keys, 300, pause=0.15, look=look)
    assert "claim" in done or "dodgy" in done
    assert "reveal" in scanned
    check_the_end(page, "DODGY")
    assert not errors


def _dobbelduel_keys(page, solve_at=2):
    """One Dobbelduel move with the keyboard: roll, take each rolled die and put it on a
    column (its number key), confirm; with the notebook switched on (Space), fill row 1 from
    its first possible code (a digit on each picker) once few codes remain or no roll is
    left, and confirm twice; "Next match" after a reveal.  Returns what it did."""
    if has(page, "#result"):
        return "over"
    if has(page, "#dd-next"):
        return press(page, "#dd-next") and "next"
    if has(page, "#dd-tray button"):
        n = page.locator("#dd-tray button").count()
        for col in range(n):
            if not tab_to(page, "#dd-tray button"):
                return None
            page.keyboard.press(str(col + 1))
        page.wait_for_function("() => !document.querySelector('#dd-tray button')", timeout=5_000)
        return press(page, "#dd-confirm") and "place"
    if has(page, "#dd-solve-confirm"):
        return press(page, "#dd-solve-confirm") and "solve"
    if has(page, "#dd-sol-0:enabled"):
        if not page.locator("#dd-notebook").is_checked():
            return press(page, "#dd-notebook", " ") and "notebook"
        count = int(page.locator("#dd-nb-count").get_attribute("data-count"))
        if count > solve_at and has(page, "#dd-roll"):
            return press(page, "#dd-roll") and "roll"
        cands = page.locator("#dd-nb-list li")
        if cands.count():
            code = cands.first.get_attribute("data-code").split(",")
        else:
            code = [(page.locator(f"#dd-nb-values li[data-col='{c}']").get_attribute("data-values") or "1")
                    .split(",")[0] for c in range(4)]
        for c, v in enumerate(code):
            if page.locator(f"#dd-sol-{c}").input_value() != v and not press(page, f"#dd-sol-{c}", v):
                return None
        page.wait_for_function("() => { const b = document.querySelector('#dd-solve'); return b && !b.disabled; }",
                               timeout=5_000)
        return press(page, "#dd-solve") and "solve?"
    return None


def test_dobbelduel_by_keyboard_alone_to_the_end(context, base_url):
    """Me against an easy computer player, two matches (the fewest, the default): I break the first code
    and make the second, every move by key."""
    errors = []
    page = open_page(context, base_url, errors)
    page.set_viewport_size(PHONE)
    set_up_dobbelduel(page, base_url, seats=("local", "bot"), level="easy", first_code_maker="1")
    page.wait_for_selector("#dd-roll")
    assert_focus_moved(page, "Dobbelduel table")
    watch_announcements(page)
    scanned = set()

    def look(did, done):
        if "mid" not in scanned and did == "place":
            page.wait_for_function("() => !document.querySelector('#dd-tray button')")
            scanned.add("mid")
            check_screen(page, "Dobbelduel mid-game")
    done = keys_to_the_end(page, _dobbelduel_keys, 200, look=look)
    assert {"place", "solve", "next"} <= set(done), done
    check_the_end(page, "Dobbelduel")
    assert not errors


def _waldi_keys(page):
    """One Wie Waldi! move with the keyboard: 1-3 take a pile, Space turns its card up, N lays a
    head, the letter on a fitting end attaches there, U puts the card under its pile, and
    "Next round" reached with Tab.  Returns what it did."""
    s = waldi_look(page)
    if s["result"]:
        # a Space hammered as the game ends lands on the focused "Game over": it must not
        # scroll the page away from it (check_the_end looks)
        page.keyboard.press(" ")
        time.sleep(0.8)                  # a page's scroll by key is smooth: let one settle
        return "over"
    if s["next"]:
        return press(page, "#waldi-next") and "next"
    if s["phase"] != "live":
        return None
    if s["kind"] == "head":
        key, did = "n", "head"
    elif s["kind"] in ("belly", "tail"):
        key, did = ((s["fits"][0]["key"].lower(), "attach") if s["fits"] and s["fits"][0]["key"]
                    else ("u", "decline"))
    else:
        held = next((i for i, p in enumerate(s["piles"]) if p["held"]), None)
        if held is None or s["piles"][held]["n"] == 0:
            i = next((i for i, p in enumerate(s["piles"]) if p["enabled"] and p["n"]), None)
            if i is None:
                return None
            key, did = str(i + 1), "take"
        elif s["canReveal"]:
            key, did = " ", "reveal"
        else:
            return None
    page.keyboard.press(key)
    return did


def test_waldi_by_keyboard_alone_to_the_end(context, base_url):
    """Me and a quick computer player, no pause between rounds, a short countdown, a round
    that stops 4 s after the last card laid (WAL-8b; 30 s by default, which made this game
    take 30 to 97 s): every move and every "Next round" by key, to the end."""
    errors = []
    page = open_page(context, base_url, errors)
    page.set_viewport_size(DESKTOP)
    set_up_waldi(page, base_url, seats=("local", "bot"), level="quick", scoring_pause_s=0, countdown_s=1,
                 idle_stop_s=4)
    page.wait_for_selector("#waldi-wuff", timeout=15_000)
    assert_focus_moved(page, "Wie Waldi! table")
    watch_announcements(page)
    scanned = set()

    def look(did, done):
        if "mid" not in scanned and done.count("attach") + done.count("head") >= 2:
            scanned.add("mid")
            check_screen(page, "Wie Waldi! mid-game")
    done = keys_to_the_end(page, _waldi_keys, 200, look=look)
    assert {"take", "reveal", "head", "next"} <= set(done), done
    assert "mid" in scanned
    check_the_end(page, "Wie Waldi!")
    assert not errors


def _dohdles_keys(page, words):
    """One Dohdles! move with the keyboard: the next word (the clay is at the table), a chip,
    a clue, a letter, no (more) questions, the end of the turn."""
    form = page.locator("[id^='make-']")
    if form.count():
        did = int(form.first.get_attribute("id").split("-")[1])
        if not tab_to(page, f"#word-{did}"):
            return None
        page.keyboard.type(words[did])
        return press(page, "#done") and "make"
    for sel, did in (("#handover-ready", "handover"), ("[id^='move-']", "move"), ("#clue-letter", "kind"),
                     ("[id^='letter-']", "letter"), ("#end-questions", "no questions"), ("#end-turn", "end")):
        if has(page, sel):
            return press(page, sel) and did
    return None


# Board terms for my Dohdles: the computer players know them, so they can guess them too.
DOHDLES_TERMS = ["giraffe", "penguin", "hedgehog", "flamingo", "squirrel", "butterfly", "crocodile", "dolphin",
                 "elephant", "ladybird", "parrot", "rabbit"]


def _dohdles_solo_keys(page, words):
    """One Dohdles! move with the keyboard against computer players: the word of each of my
    Dohdles typed, a question about one of mine refused (a refusal misleads no one), and on
    my turn a chip, a letter, the end of the turn.  I never claim (I cannot see the
    computers' words)."""
    if has(page, "#result"):
        return "over"
    if has(page, "#creator"):
        if has(page, "#refuse"):
            return press(page, "#refuse") and "refuse"
        return press(page, "[id^='answer-']:last-of-type") and "answer"
    return _dohdles_keys(page, words)


def test_dohdles_by_keyboard_alone_to_the_end_against_computers(context, base_url):
    """Me and two computer players, the clay at the table, quick clocks and the shortest
    track (one right guess from the start wins): my Dohdles made, my turns taken and
    questions answered by key, to the end."""
    errors = []
    page = open_page(context, base_url, errors)
    page.set_viewport_size(DESKTOP)
    set_up_dohdles(page, base_url, ("local", "bot", "bot"), medium="table", final_index="6", pace="0.5",
                   green_arrows="3, 3, 3, 3, 3, 3", red_arrows="0, 1, 1, 1, 1, 1")
    page.wait_for_selector("[id^='make-']")
    check_screen(page, "Dohdles! making")
    watch_announcements(page)
    scanned = set()

    def look(did, done):
        if "mid" not in scanned and did in ("letter", "end"):
            scanned.add("mid")
            check_screen(page, "Dohdles! mid-game")
    done = keys_to_the_end(page, lambda p: _dohdles_solo_keys(p, DOHDLES_TERMS), 150, pause=0.2, look=look)
    assert "make" in done and has(page, "#result"), done
    check_the_end(page, "Dohdles!")
    assert not errors


def test_dohdles_pass_and_play_race_and_end(context, base_url):
    """Three players at one device with the clay at the table, to the end: the hand-over, a
    race's result and the end are scanned; "Game over" is in view on a phone."""
    from .dohdles_driver import step as dohdles_step
    errors = []
    page = open_page(context, base_url, errors)
    page.set_viewport_size(PHONE)
    set_up_dohdles(page, base_url, ("local", "pass", "pass"), medium="table")
    scanned = set()
    deadline = time.time() + 240
    while time.time() < deadline:
        if "handover" not in scanned and has(page, "#handover-ready"):
            scanned.add("handover")
            assert_focus_moved(page, "Dohdles! hand-over")
        if "race" not in scanned and has(page, "#burst .funnel li.now"):
            scanned.add("race")
            assert_news_in_view(page, "#burst h2, #proposal", "who won a Dohdles! race")
            check_screen(page, "Dohdles! race")
        try:
            if dohdles_step(page) == "over":
                break
        except Exception:
            pass
        time.sleep(0.1)
    assert "race" in scanned
    assert_game_over_in_view(page, "Dohdles! at 360 × 640")
    check_screen(page, "Dohdles! game over")
    assert not errors


CAVE_WORDS = ["quokka", "zebra", "yak", "xerus", "walrus", "vole", "urchin", "tapir", "shrew", "raven",
              "python", "otter"]


def _cave_keys(page, words):
    """One Cave move with the keyboard: take the device, hand a word in (typed, Enter), pass
    a letter turn, stop questioning, make no guess."""
    if has(page, "#handover-ready"):
        return press(page, "#handover-ready") and "handover"
    if has(page, "#cave-word"):
        if not tab_to(page, "#cave-word"):
            return None
        page.keyboard.type(words.pop(0))
        page.keyboard.press("Enter")               # the form's submit
        return "hand in"
    for sel, did in (("#cave-pass", "pass"), ("#cave-stop", "stop"), ("#cave-no-guess", "no guess")):
        if has(page, sel):
            return press(page, sel) and did
    return None


def test_cave_by_keyboard_alone_to_the_end(context, base_url):
    """Three players at one device (no computer players in this game), the clay at the
    table and a short track: every word handed in, every turn passed, to the end."""
    errors = []
    page = open_page(context, base_url, errors)
    page.set_viewport_size(PHONE)
    set_up_cave(page, base_url, seats=("local", "pass", "pass"), **FAST_OPTIONS)
    page.wait_for_selector("#cave-status")
    check_screen(page, "Cave molding")
    watch_announcements(page)
    words = list(CAVE_WORDS)
    scanned = set()

    def look(did, done):
        if did == "handover":
            assert_focus_moved(page, "Cave after the hand-over")
        if "mid" not in scanned and has(page, "#cave-status[data-phase='play']") and not has(page, "#handover-ready"):
            scanned.add("mid")
            check_screen(page, "Cave mid-game")
    done = keys_to_the_end(page, lambda p: "over" if has(p, "#result") else _cave_keys(p, words), 240,
                           pause=0.2, look=look)
    assert {"hand in", "pass", "stop", "no guess"} <= set(done), done
    check_the_end(page, "Cave")
    assert not errors
