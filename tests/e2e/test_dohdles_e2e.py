"""Dohdles! end to end: three tabs over WebRTC (drawings made with the mouse, questions, a
letter, a race of two tabs, a wrong and a right proposal, the creator's reward, the end), no
secret word in a guest's messages before it may be seen; seven players in teams at a hybrid
table.  Pass-and-play with drawings is played in the club evening (test_club_evening_e2e.py)."""
import time

from .conftest import join_from_home, new_tab, open_page, received
from .dohdles_driver import (WORDS, current_proposal, make_one, made, play_until_over, propose, secret_leaks,
                             set_up, start_making)


def _token(page, side):
    return page.locator(f"[data-key='side-{side}'] .token-at").inner_text()


def _wait_status(page, text, timeout=20_000):
    page.wait_for_function("t => (document.querySelector('#doh-status')||{}).textContent?.includes(t)",
                           arg=text, timeout=timeout)


def test_three_tabs_play_a_whole_game_with_drawings_a_race_and_no_word_leaking(context, base_url):
    errors = []
    # three tabs boot side by side; the host sets the table up, the others join it
    pages = [new_tab(context) for _ in range(3)]
    for page in pages:
        page.set_default_timeout(30_000)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base_url)
    for page in pages:
        page.wait_for_selector("body[data-ready='1']", timeout=90_000)
    host, b, c = pages
    set_up(host, base_url, ("local", "remote", "remote"))
    host.wait_for_selector("#start-table")
    join_from_home(b, "Bea")
    join_from_home(c, "Cy <i>x</i>")
    host.wait_for_selector("text=Cy <i>x</i>")
    host.click("#start-table")
    pages = [host, b, c]

    # Making: three Dohdles each, drawn with the mouse; the word is checked before it is sent
    for page in pages:
        page.wait_for_selector("#make-%d" % (3 * pages.index(page)))
    host.fill("#word-0", "r2-d2")                   # DOH-30: letters, spaces and hyphens only
    host.click("#done")
    host.wait_for_selector("#word-0-error")
    assert "spaces and hyphens only" in host.locator("#word-0-error").inner_text()
    assert host.locator("#pad-0").get_attribute("data-owned") is not None
    for _ in range(3):            # the three tabs draw at the same time
        started = [(page, start_making(page)) for page in pages]
        for page, did in started:
            assert did is not None
            made(page, did)
    for page in pages:
        page.wait_for_selector("#ring .dohdle[data-status='active']")
    # every tab shows every drawing (the pictures came over the asset channel)
    for page in pages:
        page.wait_for_function("() => document.querySelectorAll('#ring img.pic[src^=\"blob:\"]').length === 9",
                               timeout=30_000)
    assert "Cy <i>x</i>" in c.locator(".roster").inner_text()

    # Turn 1, the host is Dohdle Master: a question about letters is flagged before it is sent
    # and flagged to the creator; a sample question second; two answers.
    host.wait_for_selector("#move-3")
    host.click("#move-3")
    host.wait_for_selector("#question")
    host.fill("#question", "Does it start with S?")
    host.click("#question-send")
    host.wait_for_selector("#question-send:has-text('Ask anyway')")
    host.click("#question-send")
    b.wait_for_selector("#creator")
    assert "letters" in b.locator("#question-flags").inner_text()
    b.click("#answer-1")
    host.wait_for_selector("#question")
    host.select_option("#question-samples", index=1)
    host.click("#question-send")
    b.wait_for_selector("#creator")
    b.click("#answer-0")
    for page in pages:
        page.wait_for_function("() => document.querySelectorAll('#qa-3 li').length === 2")
    host.wait_for_selector("#end-turn")
    host.click("#end-turn")

    # Turn 2 (Bea): one question about the host's first Dohdle, then no more
    b.wait_for_selector("#move-0")
    b.click("#move-0")
    b.wait_for_selector("#question")
    b.fill("#question", "Can you eat it?")
    b.click("#question-send")
    host.wait_for_selector("#creator")
    host.click("#answer-1")
    b.wait_for_selector("#end-questions")
    b.click("#end-questions")
    b.wait_for_selector("#end-turn")
    b.click("#end-turn")

    # Turn 3 (Cy): the chip goes on to the letter space; the first letter is shown to all
    c.wait_for_selector("#move-0")
    c.click("#move-0")
    c.wait_for_selector("#letter-1")
    c.click("#letter-1")
    for page in pages:
        page.wait_for_function("() => document.querySelector('#dohdle-0 .letter-sheet li').textContent === 'Z'")
    before = {page: _token(host, 0) for page in [host]}

    # The race: Bea and Cy shout at once; one proposes a wrong word, the other the right one
    for page in (b, c):
        page.wait_for_selector("#claim-0")
    b.click("#claim-0")
    c.click("#claim-0")
    end = time.time() + 20
    asked = None
    while time.time() < end and asked is None:
        for page in (b, c):
            if current_proposal(page) == 0:
                asked = page
                break
        time.sleep(0.05)
    assert asked is not None
    propose(asked, "wrongword")
    other = c if asked is b else b
    other.wait_for_selector("#proposal-panel[data-dohdle='0']")
    propose(other, WORDS[0])
    for page in pages:
        page.wait_for_selector("#dohdle-0[data-status='solved']")
    assert "zorblat" in b.locator("#dohdle-0 .word").inner_text()
    assert _token(host, 0) != before[host]                      # the creator's reward (space 2: 1)
    host.wait_for_function("() => document.querySelector(\"[data-key='side-0'] .token-at\").textContent.includes('4')")
    assert "wrongword" in host.locator("#events").inner_text()

    # ... and on to the end
    assert play_until_over(pages, timeout_s=150)
    for page in pages:
        page.wait_for_selector("#result")
    for page in (b, c):
        page.wait_for_selector("#verified.ok", timeout=20_000)
    # every word is shown at the end
    assert all(w in host.locator("#ring").inner_text() for w in WORDS[:9])

    # no secret word reached a guest before it could be seen there
    words = {i: WORDS[i] for i in range(9)}
    for seat, page in ((1, b), (2, c)):
        msgs = received(page)
        assert len(msgs) > 20
        assert secret_leaks(msgs, words, lambda did, s=seat: did // 3 == s) == []
    assert not errors


def test_seven_players_in_teams_at_a_hybrid_table(context, base_url):
    errors = []
    page = open_page(context, base_url, errors)
    set_up(page, base_url, ("local",) + ("pass",) * 6, medium="table")
    made = []
    end = time.time() + 60
    while len(made) < 8 and time.time() < end:
        if page.locator("#handover-ready").count():
            page.click("#handover-ready")
            continue
        did = make_one(page)
        if did is not None:
            made.append(did)
    assert sorted(made) == list(range(8))
    page.wait_for_selector("#handover-ready, #ring .table-tile")
    if page.locator("#handover-ready").count():
        page.click("#handover-ready")
    page.wait_for_selector("#ring .table-tile")
    # four sides: three teams of two and the odd player out
    assert page.locator("#sides li").count() == 4
    assert " & " in page.locator("[data-key='side-0'] .side-name").inner_text()
    assert play_until_over([page], timeout_s=120)
    page.wait_for_selector("#winners")
    assert not errors


def _png(width, height):
    """A plain PNG of that size (stdlib only)."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\x00" + b"\xc8\x96\x50" * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def test_a_photo_is_scaled_down_in_the_browser_before_it_is_shared(context, base_url):
    errors = []
    page = open_page(context, base_url, errors)
    set_up(page, base_url, ("local", "pass", "pass"), medium="photo")
    page.wait_for_selector("#make-0")
    page.fill("#word-0", WORDS[0])
    page.click("#done")
    page.wait_for_selector("#word-0-error")                  # no photo yet: nothing is sent
    page.set_input_files("#photos-0-file", files=[{"name": "dough.png", "mimeType": "image/png",
                                                   "buffer": _png(2000, 1500)}])
    page.wait_for_selector("#photos-0 img.photo-preview[src^='blob:']")
    size = page.evaluate("""() => new Promise(ok => { const i = document.querySelector('#photos-0 img.photo-preview');
        const done = () => ok([i.naturalWidth, i.naturalHeight]); i.complete ? done() : i.onload = done; })""")
    assert size == [800, 600]
    page.fill("#word-0", WORDS[0])
    page.click("#done")
    page.wait_for_selector("#make-1")
    assert not errors
