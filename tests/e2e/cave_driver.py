"""Drives Play-Doh's Cave screens the way players would: the set-up form, handing riddles
in, letter and question turns, answers, guesses, interrupts, the owner's judgement.  Every
helper waits for the screen state it needs first (``#cave-status`` carries the phase, the
stage, the round kind and whose turn it is)."""
from .conftest import join_from_home, open_page, open_setup

# A short game: Start, one column, End (the two numbers of each column: guesser, owner).
SHORT_TRACK = [{"label": "Start", "top": 6, "bottom": 0}, {"label": "", "top": 5, "bottom": 2},
               {"label": "End", "top": 0, "bottom": 0}]

# Clocks long enough that nothing times out on a slow machine; the question clock is shown.
FAST_OPTIONS = {"riddle_medium": '"table"', "molding_time_s": 0, "letter_turn_s": 0, "question_s": 600,
                "answer_s": 120, "guess_write_s": 600, "judge_s": 600, "first_player": "0",
                "game_marker_track": SHORT_TRACK}


def set_up_cave(page, base_url, seats=("local", "remote", "remote"), host_name="Ann", **options):
    """From the set-up screen: the seat kinds, the host's name and options (``#opt-<name>``
    -> value; a select takes the JSON of its choice)."""
    if "first_player" in options:          # a named first player: "a player I name" first
        options = {"first_player_rule": '"host_choice"', **options}
    track = options.pop("game_marker_track", None)
    open_setup(page, base_url, "cave", seats, options)
    if track is not None:
        set_track(page, track)
    page.fill("#seat-name-0", host_name)
    page.click("#open-table")


def set_track(page, track):
    """The game-marker track in the set-up's table: spaces removed or added to its length,
    then each space's two numbers and its 5P box."""
    rows = lambda: page.locator("#opt-game_marker_track tbody tr").count()  # noqa: E731
    while rows() > len(track):
        page.click("[data-key='track-rm-1']")
    while rows() < len(track):
        page.click("[data-key='track-add']")
    for i, space in enumerate(track):
        page.fill(f"#track-{i}-top", str(space["top"]))
        page.fill(f"#track-{i}-bottom", str(space["bottom"]))
        if 0 < i < len(track) - 1:
            page.set_checked(f"#track-{i}-5p", space["label"] == "5P")


def status(page, **want):
    """Wait until ``#cave-status`` shows ``want`` (phase, stage, round, turn_side)."""
    sel = "#cave-status" + "".join(f"[data-{k.replace('_', '-')}='{v}']" for k, v in want.items())
    page.wait_for_selector(sel)


def hand_in(page, word):
    n = page.locator("#cave-made li").count()
    page.fill("#cave-word", word)
    page.click("#cave-hand-in")
    page.wait_for_function(f"() => document.querySelectorAll('#cave-made li').length > {n} "
                           "|| !document.querySelector('#cave-mold')")


def ask_letter(page, riddle, n=1, unit="letter", count_from="start"):
    page.wait_for_selector("#cave-letter-form")
    page.select_option("#cave-letter-riddle", str(riddle))
    page.fill("#cave-letter-n", str(n))
    page.select_option("#cave-letter-unit", unit)
    page.select_option("#cave-letter-from", count_from)
    page.click("#cave-ask-letter")


def ask(page, riddle, text):
    page.wait_for_selector("#cave-q-text-form")
    page.select_option("#cave-q-riddle", str(riddle))
    page.fill("#cave-q-text", text)
    page.click("#cave-q-text-send")


def answer(page, what):
    page.click(f"#cave-answer-{what}")


def guess(page, riddle, word):
    page.wait_for_selector("#cave-g-word-form")
    page.select_option("#cave-g-riddle", str(riddle))
    page.fill("#cave-g-word", word)
    page.click("#cave-g-word-send")


def cubes(page):
    """Interrupt cubes per side, as the scores table shows them."""
    return [int(x) for x in page.eval_on_selector_all(".cave-cubes", "els => els.map(e => e.dataset.n)")]


def scores(page):
    return [int(x) for x in page.locator(".cave-score").all_inner_texts()]


# Click a selector at one wall-clock moment in several tabs (a race, as at a real table).
RACE = """([sel, at]) => {
  window.__race = null;
  setTimeout(() => {
    const el = document.querySelector(sel);
    window.__race = {found: !!el, enabled: !!el && !el.disabled, late: Date.now() - at};
    if (el && !el.disabled) el.click();
  }, Math.max(0, at - Date.now()));
}"""


def draw_and_hand_in(page, word, k=0):
    """A tiny dough drawing (one stroke, a little different each time) and its word."""
    page.wait_for_selector("#cave-pad")
    box = page.locator("#cave-pad").bounding_box()
    x, y = box["x"] + box["width"] * (0.3 + 0.05 * k), box["y"] + box["height"] * 0.5
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 30, y + 10 + 5 * k, steps=3)
    page.mouse.up()
    page.wait_for_selector("#cave-pad-undo:not([disabled])")     # the stroke is kept
    hand_in(page, word)


def take_over(page):
    """Pass-and-play: the next player takes the device."""
    page.wait_for_selector("#handover-ready")
    page.click("#handover-ready")


# What the screen offers, read in one round trip.
READ = """() => {
  const q = s => document.querySelector(s);
  const ids = ['result', 'handover-ready', 'cave-word', 'cave-ask-letter', 'cave-answer-yes', 'cave-reject',
               'cave-no-guess', 'cave-stop'];
  return Object.fromEntries(ids.map(i => [i, !!q('#' + i) && !q('#' + i).disabled]));
}"""


def step(page, words):
    """One action of a quick table if the screen offers one; returns what it did (or None):
    hand in the next of ``words`` (an iterator; the clay is on the table), ask each letter
    turn for the first letter of the riddle the form offers first, answer "yes", turn a
    near miss down, and in a question turn stop at once without a guess."""
    s = page.evaluate(READ)
    if s["result"]:
        return "over"
    if s["handover-ready"]:
        page.click("#handover-ready")
        return "handover"
    if s["cave-word"]:
        hand_in(page, next(words))
        return "hand_in"
    if s["cave-ask-letter"]:
        page.click("#cave-ask-letter")
        return "letter"
    if s["cave-answer-yes"]:
        answer(page, "yes")
        return "answer"
    if s["cave-reject"]:
        page.click("#cave-reject")
        return "judge"
    if s["cave-no-guess"]:
        page.click("#cave-no-guess")
        return "no_guess"
    if s["cave-stop"]:
        page.click("#cave-stop")
        return "stop"
    return None


def held_letters(page):
    """The letters of ``#cave-notebook`` while "show" is held: on a screen that offers the
    others at the device an interrupt, a side's letters show only then."""
    for attempt in range(4):
        # the press goes where the button was: a redraw between finding it and pressing (a
        # clock's tick, a status line that grew) can move it, so a missed press is made again
        box = page.locator("[data-key='hold-secrets']").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        try:
            page.wait_for_selector("#cave-notebook .cave-answer-letter", timeout=5000 if attempt < 3 else 30000)
            return page.locator("#cave-notebook .cave-answer-letter").all_inner_texts()
        except Exception:
            if attempt == 3:
                raise
        finally:
            page.mouse.up()


def three_tabs(context, base_url, errors, **options):
    """A Cave table in three tabs: the host's set-up (``FAST_OPTIONS`` unless ``options``),
    Bob and Cyd joined from their home screens; the game not yet started.  Returns the tabs."""
    host = open_page(context, base_url, errors)
    set_up_cave(host, base_url, **(options or FAST_OPTIONS))
    host.wait_for_selector("#start-table")
    tabs = [host]
    for name in ("Bob", "Cyd"):
        tab = open_page(context, base_url, errors)
        join_from_home(tab, name)
        host.wait_for_selector(f"text={name}")
        tabs.append(tab)
    return tuple(tabs)
