"""Drives a Dobbelduel screen the way a player would: roll, put every rolled die on a column
(the first by keyboard, the others by clicks), confirm; with the breaker's notebook switched
on, fill the solution row once few codes remain (or when forced); as a code maker in
manual-feedback mode, set the pegs from the code shown behind the screen."""
import time

from clubtable.games.dobbelduel import feedback


def set_up_dobbelduel(page, base_url, seats=("local", "bot"), level="hard", **options):
    """From the set-up screen: seat kinds, bot level, options by name ({name: value as the
    <select> encodes it, e.g. '"manual"' or '1'}); returns after opening the table."""
    page.goto(base_url + "#/dobbelduel")
    page.wait_for_selector("#setup-form")
    for i, kind in enumerate(seats):
        if i:
            page.select_option(f"#seat-kind-{i}", kind)
            if kind == "bot":
                page.select_option(f"#seat-level-{i}", level)
    if options:
        page.click("#setup-form summary")
        for name, value in options.items():
            page.select_option(f"#opt-{name}", value)
    page.click("#open-table")


def true_pegs(code, dice):
    """The engine's own feedback rule (§2.4), as (=, +, −) counts."""
    fb = feedback(code, dice)
    return fb["eq"], fb["plus"], fb["minus"]


def give_feedback(page, lie=False):
    """Manual mode, as the code maker: cycle the peg buttons to the true counts (or to a
    wrong answer when ``lie``) and give them."""
    code = [int(x) for x in page.locator("tr.dd-code-row").get_attribute("data-code").split(",")]
    row = page.locator("tr.dd-effort.dd-current")
    dice = []
    for cell in row.locator("td.dd-cell").all():
        die = cell.locator("[data-value]")
        dice.append(int(die.get_attribute("data-value")) if die.count() else None)
    eq, plus, minus = true_pegs(code, dice)
    if lie:
        eq, plus, minus = (eq - 1, plus + 1, minus) if eq else (eq + 1, plus - 1, minus) if plus else \
            (eq + 1, plus, minus - 1)
    wanted = ["eq"] * eq + ["plus"] * plus + ["minus"] * minus
    wanted += ["none"] * (4 - len(wanted))
    for i, state in enumerate(wanted):
        for _ in range(4):
            if page.locator(f"#dd-peg-{i}").get_attribute("data-state") == state:
                break
            page.click(f"#dd-peg-{i}")
    page.click("#dd-give-feedback")


def place_all(page):
    """Every rolled die on a column: the first with the keyboard (key 1), then clicks."""
    n = page.locator("#dd-tray button").count()
    page.locator("#dd-tray button").first.focus()
    page.keyboard.press("1")
    for col in range(1, n):
        page.locator("#dd-tray button").first.click()
        page.click(f"#dd-slot-{col}")
    page.click("#dd-confirm")


def solve(page):
    """Fill row 1 from the notebook (its first possible code) and confirm."""
    cands = page.locator("#dd-nb-list li")
    if cands.count():
        code = cands.first.get_attribute("data-code").split(",")
    else:
        # too many codes to list (or none left, after wrong pegs): the first value still open
        code = [(page.locator(f"#dd-nb-values li[data-col='{c}']").get_attribute("data-values") or "1").split(",")[0]
                for c in range(4)]
    for c, v in enumerate(code):
        page.select_option(f"#dd-sol-{c}", v)
    page.click("#dd-solve")
    page.click("#dd-solve-confirm")
    return [int(x) for x in code]


def step(page, solve_at=2, lies=None, on_reveal=None):
    """One action if this screen offers one; returns what it did (or None).  ``lies``:
    {"left": n} makes the next n manual feedbacks wrong; ``on_reveal(page)`` looks at a
    finished match's reveal before the player moves on from it."""
    if page.locator("#result").count():
        return "over"
    if page.locator("#handover-ready").count():
        page.click("#handover-ready")
        return "handover"
    if page.locator("#dd-next").count():
        if on_reveal is not None:
            on_reveal(page)
        page.click("#dd-next")
        return "next"
    if page.locator("#dd-give-feedback").count():
        lie = bool(lies and lies.get("left", 0) > 0)
        give_feedback(page, lie=lie)
        if lie:
            lies["left"] -= 1
            return "lie"
        return "feedback"
    if page.locator("#dd-tray button").count():
        place_all(page)
        return "place"
    if page.locator("#dd-sol-0:enabled").count():
        if not page.locator("#dd-notebook").is_checked():
            page.check("#dd-notebook")
        count = int(page.locator("#dd-nb-count").get_attribute("data-count"))
        if count <= solve_at or page.locator("#dd-roll").count() == 0:
            solve(page)
            return "solve"
        page.click("#dd-roll")
        return "roll"
    return None


def play_until_over(pages, timeout_s=180, on_step=None, **kw):
    """Round-robin over the pages until one shows the result; ``on_step(page, did)`` may
    look at each screen before and after each action."""
    end = time.time() + timeout_s
    while time.time() < end:
        for page in pages:
            if on_step is not None:
                on_step(page, None)          # the screen as it is before this player acts
            try:
                if len(pages) > 1:
                    # a tab in the background gets no animation frames, and every click
                    # waits for them (seconds per click): act in the front tab
                    page.bring_to_front()
                did = step(page, on_reveal=lambda p: on_step and on_step(p, "reveal"), **kw)
            except Exception:  # the screen re-rendered under the click: try again
                did = None
            if did == "over":
                return True
            if on_step is not None:
                on_step(page, did)
        time.sleep(0.1)
    return False
