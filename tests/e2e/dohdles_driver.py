"""Drives a Dohdles! screen the way quick players would, knowing every secret word (the test
typed them): make the Dohdles (drawing with mouse strokes on the canvas), move chips, ask,
answer, ask for letters, shout "Dohdles!" and propose the right word."""
import json
import time

from .conftest import open_setup

# Made-up words: they appear on no suggestion board, in no sample question and in no text of
# the page, so finding one in a message means that word was sent.
WORDS = ["zorblat", "quimbex", "vanteroo", "plonkish", "drizzelt", "mumbrax", "yodlewix", "frobnaz",
         "glimtork", "snarfle", "wumbino", "trezzik"]

FINAL = 12     # a short scoring track: four right guesses win
QUICK = {"sculpt_time_s": "0", "turn_grace_s": "30", "special_right_window_ms": "0.3",   # seconds
         "buzz_settle_ms": "0.5", "answer_s": "30", "final_index": str(FINAL),
         "green_arrows": ", ".join(map(str, [3] * 7 + [2] * (FINAL - 7))),
         "red_arrows": ", ".join(map(str, [0] + [1] * 6 + [2] * (FINAL - 7)))}

# What the screen offers, read in one round trip.
READ = """() => {
  const q = s => document.querySelector(s);
  const id = s => { const e = q(s); return e ? e.id : null; };
  const p = q('#proposal-panel');
  return {over: !!q('#result'), handover: !!q('#handover-ready'),
          proposal: p ? Number(p.getAttribute('data-dohdle')) : null,
          creator: !!q('#creator'), answer: !!q('#answer-0'), make: id("[id^='make-']"),
          claim: !!q('#dohdles-claim'), kind: !!q('#clue-letter'), letter: id("[id^='letter-']"),
          move: id("[id^='move-']"), end: !!q('#end-turn'), ask: !!q('#question')};
}"""


def set_up(page, base_url, seats, medium="drawing", first=0, pace=None, **options):
    """From the set-up screen: seat kinds, the riddle medium, the first player, quick clocks
    (and the computer players' ``pace``, when given)."""
    open_setup(page, base_url, "dohdles", seats,
               {"riddle_medium": json.dumps(medium), "first_player_rule": json.dumps("host_choice"),
                "first_player": json.dumps(first), **QUICK, **options}, pace=pace)
    page.click("#open-table")


def draw(page, canvas_id, strokes=3):
    """A few mouse strokes on the canvas (a squiggle per stroke)."""
    pad = page.locator(f"#{canvas_id}")
    pad.scroll_into_view_if_needed()
    box = pad.bounding_box()
    for k in range(strokes):
        x0, y0 = box["x"] + box["width"] * (0.2 + 0.2 * k), box["y"] + box["height"] * 0.3
        page.mouse.move(x0, y0)
        page.mouse.down()
        for i in range(1, 8):
            page.mouse.move(x0 + i * 6, y0 + (i % 3) * 18 + i * 5)
        page.mouse.up()


def start_making(page, words=WORDS, strokes=1):
    """Draw (when the table draws), type the word and finish the Dohdle the screen offers;
    returns its id (None: nothing to make).  Does not wait for the table."""
    form = page.locator("[id^='make-']")
    if not form.count():
        return None
    did = int(form.first.get_attribute("id").split("-")[1])
    if page.locator(f"#pad-{did}").count():
        draw(page, f"pad-{did}", strokes)
    page.fill(f"#word-{did}", words[did])
    page.click("#done")
    return did


def made(page, did, timeout=20_000):
    page.wait_for_function(f"() => !document.querySelector('#make-{did}')", timeout=timeout)


def make_one(page, words=WORDS, strokes=1):
    """Make the Dohdle the screen offers and wait until it is made; returns its id, or None."""
    did = start_making(page, words, strokes)
    if did is not None:
        made(page, did)
    return did


def current_proposal(page):
    panel = page.locator("#proposal-panel")
    if not panel.count():
        return None
    return int(panel.get_attribute("data-dohdle"))


def propose(page, word):
    page.fill("#proposal", word)
    page.click("#proposal-send")


def step(page, words=WORDS, claim=True):
    """One action if this screen offers one; returns what it did (or None)."""
    v = page.evaluate(READ)
    if v["over"]:
        return "over"
    if v["handover"]:
        page.click("#handover-ready")
        return "handover"
    if v["proposal"] is not None:
        propose(page, words[v["proposal"]])
        return "propose"
    if v["creator"]:
        page.click("#answer-0" if v["answer"] else "#refuse")
        return "answer"
    if v["make"]:
        make_one(page, words, strokes=1)
        return "make"
    if claim and v["claim"]:
        page.click("#dohdles-claim")
        return "claim"
    if v["kind"]:
        page.click("#clue-letter")
        return "kind"
    for key in ("letter", "move"):
        if v[key]:
            page.click("#" + v[key])
            return key
    if v["end"]:
        page.click("#end-turn")
        return "end"
    if v["ask"]:
        page.fill("#question", "Is it bigger than a bread box?")
        page.click("#question-send")
        return "ask"
    return None


def play_until_over(pages, words=WORDS, timeout_s=150):
    end = time.time() + timeout_s
    while time.time() < end:
        for page in pages:
            try:
                if step(page, words) == "over":
                    return True
            except Exception:  # the screen re-rendered under the click: try again
                pass
        time.sleep(0.1)
    return False


def secret_leaks(messages, words_by_dohdle, my_side_of):
    """Every (message index, word) where a message to this guest holds a secret word of a side
    not its own while that Dohdle is neither solved nor retired nor the game over.  A message
    that carries no view (pictures, acknowledgements) may hold no such word at all."""
    leaks = []
    for i, m in enumerate(messages):
        text = json.dumps(m, ensure_ascii=False)
        if m.get("t") == "end":
            over = any(x.get("t") == "update" and (x.get("view") or {}).get("phase") == "over" for x in messages[:i])
            if over:
                continue       # the end message carries the log for checking: after the game
        view = m.get("view") if m.get("t") == "update" else None
        for did, word in words_by_dohdle.items():
            if word not in text:
                continue
            if view:
                d = view["dohdles"][did]
                if d["side"] == view["side"] or d["status"] in ("solved", "retired") or view["phase"] == "over":
                    continue
            elif my_side_of(did):
                continue
            leaks.append((i, word))
    return leaks
