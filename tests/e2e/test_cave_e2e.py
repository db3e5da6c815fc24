"""Play-Doh's Cave end to end: three tabs (a host and two guests over WebRTC) play a whole
game with real clay at the table (``riddle_medium = "table"``: only the secret words are
typed): a letter round, a question round with a correct and a wrong guess, an interrupt
race in which two tabs interrupt at the same moment and only one cube is spent (its guess a
near miss the owner turns down), and the end on the End space.  The third tab never
receives a letter answer meant for the others.  Then one device passes round three players
who draw their riddles with the dough pad."""
import time

from .cave_driver import (FAST_OPTIONS, RACE, answer, ask, ask_letter, cubes, draw_and_hand_in, guess, held_letters,
                          hand_in, scores, set_up_cave, status, take_over, three_tabs)
from .conftest import open_page, received

WORDS = (["quokka", "zebra", "yak", "xerus"], ["walrus", "vole", "urchin", "tapir"],
         ["shrew", "raven", "python", "otter"])


def _letters_leaked(messages, my_side, owner_of):
    """Letter answers in ``messages`` for queries that are neither this side's nor about
    its riddles (searched through every dict in every message)."""
    leaks = []

    def walk(x):
        if isinstance(x, dict):
            for q in x.get("letters") or [] if isinstance(x.get("letters"), list) else []:
                if isinstance(q, dict) and "answer" in q and my_side not in (q.get("side"), owner_of(q.get("riddle"))):
                    leaks.append(q)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(messages)
    return leaks


def test_three_tabs_play_a_whole_game_with_an_interrupt_race(context, base_url):
    errors = []
    host, bob, cyd = three_tabs(context, base_url, errors)
    host.click("#start-table")
    tabs = (host, bob, cyd)

    # --- molding: the words only (the clay is on the table)
    for page in tabs:
        status(page, phase="molding")
    for page, words in zip(tabs, WORDS):
        for w in words:
            hand_in(page, w)
    for page in tabs:
        status(page, phase="play", round="letter", stage="letter", turn_side=0)
    assert host.locator(".cave-riddle").count() == 12
    assert host.locator(".cave-clay").count() == 12                     # numbered places for the clay
    assert host.locator("#cave-track thead th").count() == 1 + 3
    assert host.locator("#cave-track th.here").inner_text().startswith("●")

    # --- letter round 1: Ann asks Bob's "walrus", Bob asks Ann's "quokka", Cyd passes
    ask_letter(host, 4, 1, "letter", "start")
    status(bob, stage="letter", turn_side=1)
    ask_letter(bob, 0, 2, "consonant", "end")           # quokka: k k q -> 2nd consonant from the end "k"
    status(cyd, stage="letter", turn_side=2)
    cyd.click("#cave-pass")
    for page in tabs:
        status(page, round="question", stage="asking", turn_side=0)
    assert host.locator("#cave-notebook .cave-answer-letter").all_inner_texts() == ["w", "k"]
    assert bob.locator("#cave-notebook .cave-answer-letter").all_inner_texts() == ["w", "k"]
    assert cyd.locator("#cave-notebook .cave-note").count() == 0
    assert host.get_attribute("#cave-track", "data-marker") == "1"   # the letter round moved the marker
    assert host.locator("#cave-clock-question .countdown").count() == 1

    # --- question round 1, Ann: a question, Bob answers, Ann stops and guesses right
    ask(host, 4, "Does it live by the sea?")
    bob.wait_for_selector("#cave-answer-yes")
    host.wait_for_selector("#cave-clock-question[data-running='0']")    # the clock waits for the answer
    answer(bob, "yes")
    host.wait_for_selector("#cave-qa .cave-qa-riddle[data-riddle='4'][data-answers='yes']")
    host.click("#cave-stop")
    guess(host, 4, "Walrus")
    for page in tabs:
        status(page, stage="asking", turn_side=1)
    assert scores(cyd) == [5, 2, 0]                     # column 1: 5 for the guesser, 2 for the owner
    assert cyd.get_attribute(".cave-riddle[data-riddle='4'] .cave-picks", "data-n") == "1"

    # --- Bob's turn: Bob and Cyd interrupt at the same moment; one cube is spent
    ask(bob, 8, "Is it small?")
    cyd.wait_for_selector("#cave-answer-yes")
    answer(cyd, "yes")
    bob.wait_for_selector("#cave-qa .cave-qa-riddle[data-riddle='8'][data-answers='yes']")
    for page in (bob, cyd):
        page.wait_for_selector("#cave-interrupt:not([disabled])")
        page.click("#cave-interrupt")                  # a cube is not given back: asked first
        page.wait_for_selector("#cave-interrupt-yes")
    at = int(bob.evaluate("Date.now()")) + 600
    bob.evaluate(RACE, ["#cave-interrupt-yes", at])
    cyd.evaluate(RACE, ["#cave-interrupt-yes", at])
    for page in (bob, cyd):
        page.wait_for_function("window.__race !== null")
        assert page.evaluate("window.__race")["enabled"]
    host.wait_for_selector("#cave-interrupt-banner")
    time.sleep(1.0)                                     # let the loser's refusal come back
    c = cubes(host)
    assert sum(c) == 2 and c[0] == 1, c                 # exactly one of Bob and Cyd spent a cube
    winner = bob if c[1] == 0 else cyd
    for page in tabs:
        page.wait_for_function("() => [...document.querySelectorAll('.cave-cubes')]"
                               ".map(e => +e.dataset.n).reduce((a, b) => a + b, 0) === 2")
    winner.wait_for_selector("#cave-no-guess")
    assert host.locator("#cave-g-word-form").count() == 0       # only the interrupting side writes
    # a near miss of Ann's "zebra": Ann, the owner, is asked and says it is another word
    guess(winner, 1, "zebar")
    host.wait_for_selector("#cave-judge-word")
    assert host.inner_text("#cave-judge-word") == "zebar"
    assert (bob if winner is cyd else cyd).locator("#cave-accept").count() == 0
    host.click("#cave-reject")
    for page in tabs:
        page.wait_for_selector("#cave-interrupt-banner", state="detached")
    assert cubes(host) == c                              # two sides still hold a cube: none added

    # Bob stops and guesses wrong; Cyd asks nothing and makes no guess
    bob.click("#cave-stop")
    guess(bob, 8, "mouse")
    status(cyd, stage="asking", turn_side=2)
    bob.wait_for_selector(".cave-guess-row.wrong")
    cyd.click("#cave-stop")
    cyd.click("#cave-no-guess")

    # --- a correct guess in the question round: no advance; letter round 2 from Cyd (CCW)
    for page in tabs:
        status(page, round="letter", stage="letter", turn_side=2)
    assert host.get_attribute("#cave-track", "data-marker") == "1"
    cyd.click("#cave-pass")
    status(host, stage="letter", turn_side=0)
    host.click("#cave-pass")
    status(bob, stage="letter", turn_side=1)
    bob.click("#cave-pass")

    # --- the marker reaches End: the game is over, every word is shown
    for page in tabs:
        status(page, phase="over")
        page.wait_for_selector("#winners")
    assert host.inner_text("#winners").endswith("Ann")
    assert cyd.locator(".cave-word").count() == 12
    assert scores(cyd) == [5, 2, 0]
    assert cyd.locator(".cave-guess-row").count() == 3
    assert cyd.locator(".cave-guess-row.right").count() == 1

    # --- the third tab never received a letter answer meant for the others
    msgs = received(cyd)
    assert any(m.get("t") == "update" for m in msgs)
    owner = {r: r // 4 for r in range(12)}.get
    assert _letters_leaked(msgs, 2, owner) == []
    assert _letters_leaked(received(bob), 1, owner) == []
    # … while the check does see the answers a seat may have (it is not vacuous)
    assert _letters_leaked(received(bob), 2, owner) != []
    assert not errors


def test_pass_and_play_with_dough_drawings_keeps_each_notebook_private(context, base_url):
    """One device, three players: each draws four riddles on the dough pad (behind a
    hand-over screen), the mat shows every drawing and zooms into one, and a letter answer
    shows only to the asker and the owner."""
    errors = []
    page = open_page(context, base_url, errors)
    opts = dict(FAST_OPTIONS, riddle_medium='"canvas2d"')
    set_up_cave(page, base_url, seats=("local", "pass", "pass"), **opts)
    for seat, words in enumerate(WORDS):
        if seat:
            take_over(page)
        status(page, phase="molding")
        for k, w in enumerate(words):
            draw_and_hand_in(page, w, k)
    take_over(page)                                       # play starts with seat 0's letter turn
    status(page, phase="play", round="letter", turn_side=0)
    page.wait_for_function("document.querySelectorAll('#cave-mat img.cave-pic').length === 12")
    assert page.locator("#cave-mat img.cave-pic").first.get_attribute("src").startswith("blob:")
    page.click(".cave-riddle[data-riddle='5'] .cave-pic-btn")
    page.wait_for_selector("#cave-zoom img")
    page.click("#cave-zoom-in")
    page.wait_for_selector("#cave-zoom img[style='width:200%']")
    page.click("#cave-zoom-close")
    page.wait_for_selector("#cave-zoom", state="detached")
    ask_letter(page, 4, 1, "letter", "start")              # walrus: "w"
    take_over(page)
    status(page, turn_side=1)
    # the others at the device may interrupt on this screen: the notebook shows while held
    assert page.locator("#cave-notebook .cave-answer-letter").count() == 0
    assert held_letters(page) == ["w"]                     # the owner
    page.wait_for_selector("#cave-notebook .cave-answer-letter", state="detached")
    page.click("#cave-pass")
    take_over(page)
    status(page, turn_side=2)
    assert page.locator("#cave-notebook .cave-note").count() == 0        # the third player: nothing
    assert page.locator(".cave-interrupt").count() == 3                  # own button + the two others'
    assert not errors
