"""The table in view on a phone (360 × 640): no screen is wider than the viewport, in every
language; what a player answers or reads under a clock is within the first screenful, next
to the control that acts on it; the end shows the places and the winner at the top, where
focus lands.  (Every game's screens on the way to its end are also checked at 360 px with
``assert_fits`` by the keyboard walks of test_a11y_e2e.py.)"""
from .a11y import PHONE, assert_fits, first_screen
from .cave_driver import answer, ask, ask_letter, guess, hand_in, status, three_tabs
from .conftest import open_page

GAMES = ("dohdles", "dobbelduel", "cave", "waldi", "dodgy")


def _watch_console(page, errors):
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)


def test_every_set_up_and_how_to_play_fits_a_phone_in_every_language(browser, base_url):
    """Cheap (no game is played): each game's set-up, its options open, and its How to play,
    in English, French and German (German's long words made four set-ups 5–6 px too wide,
    Cave's track 544 px)."""
    ctx = browser.new_context(viewport=PHONE)
    errors = []
    try:
        page = open_page(ctx, base_url, errors)
        _watch_console(page, errors)
        for lang in ("en", "fr", "de"):
            page.goto(base_url + "#/")
            page.select_option("#lang", lang)
            assert page.evaluate("document.documentElement.lang") == lang
            for game in GAMES:
                page.goto(base_url + f"#/{game}")
                page.wait_for_selector("#setup-form")
                if not page.locator("#setup-form details[open]").count():
                    page.click("#setup-form summary")
                assert_fits(page, f"{lang} set-up of {game}")
                page.goto(base_url + f"#/rules/{game}")
                page.wait_for_selector(f"#rules[data-game='{game}'] h1")
                assert_fits(page, f"{lang} How to play {game}")
        assert not errors, errors
    finally:
        ctx.close()


def _above_and_near(page, upper, lower, where, gap=80):
    """``upper`` ends just above ``lower`` and both are within the first screenful."""
    a, b = first_screen(page, upper), first_screen(page, lower)
    assert a and b, (where, upper, a, lower, b)
    assert a["fits"] and b["fits"], f"{where}: {upper} {a} / {lower} {b} not in the first {PHONE['height']} px"
    assert 0 <= b["top"] - a["bottom"] <= gap, f"{where}: {upper} {a} is not just above {lower} {b}"


def test_cave_on_phones_answers_where_the_player_acts_and_the_end_on_top(context, base_url):
    """Three phones at one Cave table (three tabs at 360 × 640): every screen fits; the
    owner's answer buttons sit under the question; the asker finds the answer, and (in its
    notebook, drawn once) the letter it asked for, just above its question form in the first screen; the end lists the places
    at the top, with focus."""
    errors = []
    host, bob, cyd = three_tabs(context, base_url, errors)
    tabs = (host, bob, cyd)
    for page in tabs:
        page.set_viewport_size(PHONE)
        _watch_console(page, errors)
    host.click("#start-table")
    for page in tabs:
        status(page, phase="molding")
    assert_fits(host, "Cave: molding")
    for page, words in zip(tabs, (["quokka", "zebra", "yak", "xerus"], ["walrus", "vole", "urchin", "tapir"],
                                  ["shrew", "raven", "python", "otter"])):
        for w in words:
            hand_in(page, w)

    # letter round: the asker's answer is in view at once (not only at the bottom)
    status(host, phase="play", round="letter", stage="letter", turn_side=0)
    assert_fits(host, "Cave: letter turn")
    assert first_screen(host, "#cave-ask-letter")["fits"]
    ask_letter(host, 4, 1, "letter", "start")              # walrus: "w"
    status(bob, stage="letter", turn_side=1)
    host.wait_for_selector("#cave-notebook .cave-answer-letter")
    assert first_screen(host, "#cave-notebook .cave-answer-letter")["fits"]
    bob.click("#cave-pass")
    status(cyd, stage="letter", turn_side=2)
    cyd.click("#cave-pass")

    # question round: the owner answers under the question; the asker reads the answer and
    # its letter just above the question form, all under the clock in the first screen
    for page in tabs:
        status(page, round="question", stage="asking", turn_side=0)
    ask(host, 4, "Does it live by the sea?")
    bob.wait_for_selector("#cave-answer-yes")
    _above_and_near(bob, "#cave-pending", "#cave-answer-yes", "the owner's answer buttons")
    assert_fits(bob, "Cave: answering")
    answer(bob, "yes")
    host.wait_for_selector("#cave-turn-qa li")
    assert "Yes" in host.inner_text("#cave-turn-qa") and "w" in host.inner_text("#cave-notebook .cave-answer-letter")
    _above_and_near(host, "#cave-notebook", "#cave-questioning h2", "the asker's notebook", gap=40)
    _above_and_near(host, "#cave-turn-answers", "#cave-q-riddle", "the asker's answers")
    assert host.get_by_text("Your notebook", exact=True).count() == 1       # once, not again below
    assert first_screen(host, "#cave-q-text")["fits"] and first_screen(host, "#cave-clock-question")["fits"]
    assert_fits(host, "Cave: question turn with an answer")
    assert_fits(cyd, "Cave: watching a question turn")
    host.click("#cave-stop")
    host.wait_for_selector("#cave-g-word")
    _above_and_near(host, "#cave-turn-answers", "#cave-g-riddle", "the guesser's answers")
    _above_and_near(host, "#cave-notebook", "#cave-guessing h2", "the guesser's notebook", gap=40)
    guess(host, 4, "Walrus")
    for page, name in ((bob, "Bob"), (cyd, "Cyd")):
        status(page, stage="asking", turn_side=tabs.index(page))
        page.click("#cave-stop")
        page.click("#cave-no-guess")
    for page in (cyd, host, bob):                           # letter round 2 from Cyd: all pass, End
        status(page, round="letter", stage="letter", turn_side=tabs.index(page))
        page.click("#cave-pass")

    # the end: places by score at the top of the screen, with focus
    for page in tabs:
        page.wait_for_selector("#ranking li")
        page.wait_for_function("document.activeElement && document.activeElement.closest('#result') !== null")
        assert first_screen(page, "#result")["top"] < first_screen(page, "#board")["top"]
        box = page.locator("#ranking").bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"]
        assert_fits(page, "Cave: the end")
    rows = host.locator("#ranking li")
    assert [rows.nth(i).get_attribute("value") for i in range(3)] == ["1", "2", "3"]
    assert rows.nth(0).locator(".name").inner_text() == "Ann" and rows.nth(0).locator(".score").inner_text() == "5"
    assert host.inner_text("#winners").endswith("Ann")
    assert not errors, errors


def test_dodgy_on_a_phone_the_statement_its_clock_and_dodgy_are_in_the_first_screen(browser, base_url):
    """The challenge window: the statement, the seconds left and DODGY! in the first screen,
    one under the other (they sat under the other players' dice, at y≈1100)."""
    from .dodgy_driver import set_up_dodgy, step
    ctx = browser.new_context(viewport=PHONE)
    errors = []
    try:
        page = open_page(ctx, base_url, errors)
        _watch_console(page, errors)
        set_up_dodgy(page, base_url, seats=("local", "bot", "bot"), window="0", pace="0.5")
        page.wait_for_selector("#my-dice")
        for _ in range(200):                    # my statements until a computer's can be challenged
            if page.locator("#current-claim").count() and page.locator("#shout-dodgy").count():
                break
            try:
                step(page, shout=False)
            except Exception:                   # the screen changed under the click
                pass
            page.wait_for_timeout(100)
        where = first_screen(page, "#current-claim"), first_screen(page, "#turn .timer"), \
            first_screen(page, "#shout-dodgy")
        assert all(w and w["fits"] for w in where), where
        assert where[0]["bottom"] <= where[1]["top"] <= where[2]["top"] <= where[0]["bottom"] + 120, where
        assert first_screen(page, "#my-dice")["fits"]
        assert_fits(page, "DODGY: the challenge window")
        assert not errors, errors
    finally:
        ctx.close()


IN_VIEW = """(sel) => { const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    return {inside: r.top >= 0 && r.bottom <= window.innerHeight, uncovered: !!top && (top === el || el.contains(top))}; }"""


def test_dobbelduel_on_a_phone_the_breakers_controls_stay_in_view_under_the_board(browser, base_url):
    """The breaker rolls, picks a die, puts it on the board's current row and confirms without
    scrolling between the tray and the board: roll, the tray and confirm sit in a bar at the
    bottom of the screen (they came after the board and the notes, at y≈830), and the row to
    fill is never under that bar."""
    from .conftest import open_setup
    from .dobbelduel_driver import step
    ctx = browser.new_context(viewport=PHONE)
    errors = []
    try:
        page = open_page(ctx, base_url, errors)
        _watch_console(page, errors)
        open_setup(page, base_url, "dobbelduel", ("local", "bot"), pace="0.5")
        page.click("#open-table")
        page.wait_for_selector("#dd-board-0")
        for _ in range(400):                     # the computer may break first: play on to my match
            if page.locator("#dd-roll").count():
                break
            try:
                step(page)
            except Exception:                    # the screen changed under the click
                pass
            page.wait_for_timeout(100)
        for where in ("top", "bottom"):          # wherever the page is scrolled to
            page.evaluate(f"() => window.scrollTo(0, {'0' if where == 'top' else 'document.body.scrollHeight'})")
            seen = page.evaluate(IN_VIEW, "#dd-roll"), page.evaluate(IN_VIEW, "#dd-solve")
            assert all(s and s["inside"] and s["uncovered"] for s in seen), (where, seen)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.click("#dd-roll")
        page.wait_for_selector("#dd-tray button")
        page.locator("#dd-tray button").first.click()
        target = page.locator(".dd-target").first
        target.scroll_into_view_if_needed()
        slot = "#" + target.evaluate("el => el.closest('[id]').id")
        assert page.evaluate(IN_VIEW, slot)["uncovered"], "the row to fill lies under the bar"
        assert page.evaluate(IN_VIEW, "#dd-tray")["inside"] and page.evaluate(IN_VIEW, "#dd-confirm")["inside"]
        page.click(slot)
        assert page.evaluate(IN_VIEW, "#dd-confirm")["uncovered"]
        page.click("#dd-confirm")
        page.wait_for_selector("#dd-roll, #dd-solve")
        assert_fits(page, "Dobbelduel: the breaker's bar")
        # a toast lies over the bar for 5 s ("Saved on this device"): a tap there still lands
        under = page.evaluate("""() => { const t = document.querySelector('#toast');
            t.textContent = 'Saved on this device: the games now also work without a connection.';
            const r = t.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            const where = hit && (hit.id || hit.className); t.textContent = ''; return where; }""")
        assert under and under != "toast", under
        assert not errors, errors
    finally:
        ctx.close()


def test_on_a_touch_screen_a_tapped_button_does_not_stay_lit(browser, base_url):
    """A finger's tap "hovers" what it touches, and the hover stays until the next tap
    elsewhere: the button a player had just tapped looked chosen.  Hover is drawn only where a
    pointer hovers (``@media (hover: hover)``): a mouse on the desktop page still lights it.
    Nor does the browser draw its tap highlight over it (docs/PERFORMANCE.md, "The tap's
    highlight")."""
    border = "() => getComputedStyle(document.querySelector('#add-seat')).borderTopColor"
    accent = """() => { const d = document.createElement('div');
      d.style.color = getComputedStyle(document.documentElement).getPropertyValue('--accent');
      document.body.append(d); const c = getComputedStyle(d).color; d.remove(); return c; }"""
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    desk = browser.new_context(viewport={"width": 1280, "height": 800})
    errors = []
    try:
        for ctx, lit in ((phone, False), (desk, True)):
            page = open_page(ctx, base_url + "#/dodgy", errors)
            _watch_console(page, errors)
            page.wait_for_selector("#add-seat")
            colour = page.evaluate(accent)
            assert page.evaluate(border) != colour
            page.hover("#add-seat")      # on a touch screen, what a tap leaves behind
            assert (page.evaluate(border) == colour) == lit, ("desktop" if lit else "phone", page.evaluate(border))
            # and no tap highlight: drawing it repaints the whole page before the click runs
            assert page.evaluate("() => getComputedStyle(document.querySelector('#add-seat'))"
                                 ".webkitTapHighlightColor") == "rgba(0, 0, 0, 0)"
        assert not errors, errors
    finally:
        phone.close()
        desk.close()
