"""Drives a Wie Waldi! screen the way a quick player would, mostly with the keyboard:
1/2/3 take a pile, Space turns a card up, N lays a head, the letter on a fitting open end
attaches there (or a click on that end), U puts the card under its pile, and "Next round"
between rounds."""
import time

from .conftest import open_setup

# One look at the screen per step (one round trip instead of many locator calls).
READ = """() => {
  const q = s => document.querySelector(s);
  const rev = q('#waldi-revealed');
  const fits = [...document.querySelectorAll('.waldi-end.fits')].map(b => ({
      dog: b.getAttribute('data-dog'), key: (b.querySelector('.waldi-key') || {}).textContent || ''}));
  const piles = [...document.querySelectorAll('.waldi-pile')].map(b => ({
      held: b.classList.contains('held'), enabled: !b.disabled,
      n: parseInt((b.querySelector('.waldi-count-n') || {}).textContent || '0')}));
  return {
    result: !!q('#result'), next: !!q('#waldi-next'), stop: !!q('#waldi-stop'),
    scoring: q('#waldi-scoring') ? q('#waldi-scoring').getAttribute('data-round') : null,
    bones: document.querySelectorAll('#waldi-scoring .waldi-bone').length,
    phase: (q('#waldi-status') || {getAttribute: () => null}).getAttribute('data-phase'),
    kind: rev ? rev.getAttribute('data-kind') : null,
    canReveal: !!q('#waldi-reveal') && !q('#waldi-reveal').disabled,
    fits, piles, focus: document.activeElement ? document.activeElement.id : null,
  };
}"""


def set_up_waldi(page, base_url, seats=("local", "bot", "bot", "bot"), level=None, **options):
    """From the set-up screen: the given seat kinds and options (id suffix -> value)."""
    open_setup(page, base_url, "waldi", seats, options)
    if level:
        for i, kind in enumerate(seats):
            if i and kind == "bot":
                page.select_option(f"#seat-level-{i}", level)
    page.click("#open-table")


def look(page):
    return page.evaluate(READ)


def step(page, use_keys=True, play_tails=True, on_look=None):
    """One action if the screen offers one; returns what it did (or None)."""
    s = look(page)
    if on_look:
        on_look(s)
    if s["result"]:
        return "over"
    if s["next"]:
        page.click("#waldi-next")
        return "next"
    if s["phase"] != "live":
        return None
    if s["kind"] == "head":
        page.keyboard.press("n")
        return "head"
    if s["kind"] in ("belly", "tail"):
        if s["fits"] and (play_tails or s["kind"] == "belly"):
            f = s["fits"][0]
            if use_keys and f["key"]:
                page.keyboard.press(f["key"].lower())
            else:
                page.click(f".waldi-end[data-dog='{f['dog']}']")
            return "attach"
        page.keyboard.press("u")
        return "decline"
    held = next((i for i, p in enumerate(s["piles"]) if p["held"]), None)
    if held is None or s["piles"][held]["n"] == 0:
        i = next((i for i, p in enumerate(s["piles"]) if p["enabled"] and p["n"]), None)
        if i is None:
            return None
        page.keyboard.press(str(i + 1))
        return "take"
    if s["canReveal"]:
        page.keyboard.press(" ")
        return "reveal"
    return None


def play_until_over(page, timeout_s=180, pause=0.05, on_step=None, on_look=None):
    end = time.time() + timeout_s
    while time.time() < end:
        try:
            did = step(page, on_look=on_look)
        except Exception:  # the screen re-rendered under the action: look again
            did = None
        if on_step:
            on_step(did)
        if did == "over":
            return True
        time.sleep(pause)
    return False
