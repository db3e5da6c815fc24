"""A club evening: every game in every mode it offers (solo against computer players where
the game has them, pass-and-play on one device, two tabs joined from the home screen's open
tables), on a 360×640 phone in one language and a 1280×800 screen in another, each played to
its end by the drivers, with the evening's checks (``evening.py``) on every screen passed:
no horizontal overflow, no console error, no secret on a shared pass-and-play screen, the
end in view.  No request leaves the page's own origin.  Quick computer players and the
shortest options the set-up allows keep it lean."""
import os
import time
from urllib.parse import urlparse

import pytest

from . import cave_driver, dobbelduel_driver, dodgy_driver, dohdles_driver, waldi_driver
from .conftest import join_from_home, open_page
from .evening import Watch, host_state

SIZES = {"360": {"width": 360, "height": 640}, "740": {"width": 740, "height": 360},
         "768": {"width": 768, "height": 1024}, "1280": {"width": 1280, "height": 800}}
LOCALES = {"en": "en-GB", "fr": "fr-FR", "de": "de-DE"}
# On the phone the players are nicknames of the input's full 24 characters without a space:
# every screen must break them rather than grow wider than the phone (the overflow check).
NICKNAMES = {"360": ("Schachgrossmeisterin2000", "Wolfgangamadeusmozart_99"), "1280": (None, "Gwen")}
NICKNAMES["768"] = NICKNAMES["360"]     # a tablet held upright, the same nicknames
NICKNAMES["740"] = NICKNAMES["360"]     # the phone held sideways

# (game, mode, size, language): each game on a phone and a desktop, every size in all three
# languages; Wie Waldi!'s wide score tables on an upright tablet too (768 px: no phone rules), and
# its hand, docked at the bottom, on a phone held sideways (740 × 360: the height is short).
EVENING = [
    ("dohdles", "solo", "360", "fr"), ("dohdles", "pass", "360", "de"), ("dohdles", "tabs", "1280", "en"),
    ("dobbelduel", "solo", "1280", "de"), ("dobbelduel", "pass", "360", "en"), ("dobbelduel", "tabs", "1280", "fr"),
    ("cave", "pass", "360", "de"), ("cave", "tabs", "1280", "fr"), ("cave", "tabs", "360", "en"),
    ("waldi", "solo", "740", "en"), ("waldi", "tabs", "360", "de"), ("waldi", "tabs", "768", "de"),
    ("dodgy", "solo", "1280", "en"), ("dodgy", "pass", "360", "fr"), ("dodgy", "tabs", "360", "de"),
]

# The seats of each mode: the host's own seat first.
SEATS = {
    ("dohdles", "solo"): ("local", "bot", "bot"), ("dohdles", "pass"): ("local", "pass", "pass"),
    ("dohdles", "tabs"): ("local", "remote", "bot"),
    ("dobbelduel", "solo"): ("local", "bot"), ("dobbelduel", "pass"): ("local", "pass"),
    ("dobbelduel", "tabs"): ("local", "remote"),
    # Cave has no computer players and needs three: the host's tab is passed between two
    ("cave", "pass"): ("local", "pass", "pass"), ("cave", "tabs"): ("local", "remote", "pass"),
    ("waldi", "solo"): ("local", "bot", "bot", "bot"), ("waldi", "tabs"): ("local", "remote"),
    # three at the device: while one states, another may shout (a screen that acts for two)
    ("dodgy", "solo"): ("local", "bot", "bot"), ("dodgy", "pass"): ("local", "pass", "pass"),
    ("dodgy", "tabs"): ("local", "remote"),
}

# ``CLUBTABLE_EVENING=360-de`` (any size and language above): instead, every game in every mode at
# that size and language, as a stranger at the club would try them (not run in CI: 13 evenings).
if os.environ.get("CLUBTABLE_EVENING"):
    _size, _lang = os.environ["CLUBTABLE_EVENING"].split("-")
    EVENING = [(g, m, _size, _lang) for g, m in SEATS]


class TrueWords:
    """The words the Dohdles driver types: a made-up word to make a Dohdle, and to solve one
    the word it was made with (the computers' too), read from the host."""

    def __init__(self, host):
        self.host = host

    def __getitem__(self, did):
        state = host_state(self.host)
        word = state["dohdles"][did]["word"] if state else None
        return word or dohdles_driver.WORDS[did]


class WaldiRecord:
    """The Waldi driver's step, keeping what it did and each round's scoring as seen."""

    def __init__(self):
        self.done, self.scoring = [], {}

    def __call__(self, page):
        did = waldi_driver.step(page, on_look=self.look)
        self.done.append(did)
        return did

    def look(self, s):
        if s["scoring"]:
            self.scoring[s["scoring"]] = (s["stop"], s["bones"])


def waldi_end(watch, page, record, players):
    """A whole game of three rounds played by keys, each scored (Stop, then the bones) and
    the final table: player, rounds 1-3, cards, bones, total."""
    def check(ok, what):
        if not ok:
            watch.fail("waldi end", what)
    for did in ("take", "reveal", "head", "attach", "decline", "next"):
        check(did in record.done, f"the keyboard never did {did!r}")
    check(set(record.scoring) == {"1", "2", "3"}, f"rounds scored: {sorted(record.scoring)}")
    check(all(stop and bones >= 3 for stop, bones in record.scoring.values()),
          f"a round's scoring without Stop or bones: {record.scoring}")
    check(page.locator("#waldi-final thead th").count() == 1 + 3 + 3, "the final table's columns")
    check(page.locator("#waldi-final tbody tr[data-seat]").count() == players, "the final table's rows")
    # each name shown once: beside its numbers, or on a phone on a row of its own above them
    check(page.locator("#waldi-final tbody th:visible").count() == players, "the final table's names")
    check(page.locator("#waldi-scoring").get_attribute("data-round") == "3", "the last scoring is not round 3's")
    totals = [int(x) for x in page.locator("#waldi-final tbody td strong").all_inner_texts()]
    check(len(totals) == players and max(totals) > 0, f"final totals {totals}")


def set_up(game, page, base_url, seats):
    """The driver's set-up for ``game`` with ``seats``, quick computers and short options;
    returns the step function that plays one action on a page of this table."""
    if game == "dohdles":
        # drawings where the players are all people (computers make no drawings)
        medium = "table" if "bot" in seats else "drawing"
        dohdles_driver.set_up(page, base_url, seats, medium=medium, pace="0.5")
        words = TrueWords(page)
        return lambda p: dohdles_driver.step(p, words)
    if game == "dobbelduel":
        dobbelduel_driver.set_up_dobbelduel(page, base_url, seats)
        return dobbelduel_driver.step
    if game == "cave":
        cave_driver.set_up_cave(page, base_url, seats, **cave_driver.FAST_OPTIONS)
        words = iter(dohdles_driver.WORDS)
        return lambda p: cave_driver.step(p, words)
    if game == "waldi":
        waldi_driver.set_up_waldi(page, base_url, seats, level="quick", scoring_pause_s=0, countdown_s=1,
                                  idle_stop_s=4)     # a round stops 4 s after the last card laid
        return WaldiRecord()
    if game == "dodgy":
        dodgy_driver.set_up_dodgy(page, base_url, seats, pace="0.5")
        return lambda p: dodgy_driver.step(p, shout=True, claim="high")
    raise ValueError(game)


def look_at_set_up(watch, page, base_url, game):
    """The set-up screen with its options open, looked at, then as the driver expects it."""
    page.goto(base_url + f"#/{game}")
    page.wait_for_selector("#setup-form")
    page.click("#setup-form summary")
    page.wait_for_selector("#setup-form details[open]")
    watch.look(page, "host")
    page.click("#setup-form summary")


def play(watch, pages, step, host, timeout_s):
    """Every page acts in turn until all show the end.  A device passed round (``host``)
    is looked at after every action; a tab of one player at least every half second and
    whenever it has nothing to do (a real-time game makes hundreds of moves on one screen)."""
    end = time.time() + timeout_s
    over = set()
    looked = {}
    while time.time() < end:
        acted = False
        for name, page in pages:
            try:
                did = step(page)
            except Exception:    # the screen re-rendered under the action: look again
                did = None
            if page is host or did in (None, "over", "next") or time.time() - looked.get(name, 0) > 0.5:
                if watch.look(page, name, host if page is host else None)["finish"]:
                    try:                             # out of the game: the computers finish at once
                        page.click("#finish-now", timeout=2_000)
                    except Exception:
                        pass                         # gone already: the game ended
                looked[name] = time.time()
            if did == "over":
                over.add(name)
            acted = acted or did not in (None, "over")
        if len(over) == len(pages):
            return True
        if not acted:
            time.sleep(0.1)      # nothing to do here yet: the others' turn
    return False


@pytest.mark.parametrize("game, mode, size, lang", EVENING, ids=["-".join(r) for r in EVENING])
def test_club_evening(browser, base_url, game, mode, size, lang):
    seats = SEATS[(game, mode)]
    watch = Watch(f"{game} {mode} {size}px {lang}", game, lang)
    ctx = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang])
    mine, guest_name = NICKNAMES[size]
    if mine:              # the name this player chose on an earlier visit: seat 1's at set-up
        ctx.add_init_script(f"if (location.protocol.startsWith('http')) localStorage.setItem('clubtable.name', {mine!r})")
    requests = []
    ctx.on("request", lambda r: requests.append(r.url))
    try:
        host = open_page(ctx, base_url)
        watch.look(host, "host")                                   # the home screen
        look_at_set_up(watch, host, base_url, game)
        step = set_up(game, host, base_url, seats)
        pages = [("host", host)]
        if mode == "tabs":
            host.wait_for_selector("#start-table")
            watch.look(host, "host")                               # the lobby, inviting
            guest = open_page(ctx, base_url)
            watch.look(guest, "guest")
            join_from_home(guest, guest_name)
            watch.look(guest, "guest")                             # the guest's lobby
            host.wait_for_selector(f"#lobby:has-text('{guest_name}')")
            host.click("#start-table")
            pages.append(("guest", guest))
        shared = host if "pass" in seats else None
        if not play(watch, pages, step, shared, timeout_s=240):
            watch.fail("end", "the game did not end within 240 s: last screens "
                       + ", ".join(f"{name}: {page.locator('section.screen').first.get_attribute('id')}"
                                   for name, page in pages))
        else:
            for name, page in pages:
                page.wait_for_selector("#result")
                watch.end(page, name)
                # every player's device offers a look back: the host's, a guest's from the end it checked
                if not page.wait_for_selector("#result #replay-game", timeout=10_000):
                    watch.fail("end", f"{name}: the result offers no replay of the game")
            if mode == "tabs":
                guest.click("#replay-game")
                guest.wait_for_selector("#replay")
                watch.look(guest, "guest")                         # the guest's replay of the game
            if isinstance(step, WaldiRecord) and mode == "solo":
                waldi_end(watch, host, step, len(seats))
        origin = urlparse(base_url).netloc
        foreign = [u for u in requests if not u.startswith(("data:", "blob:")) and urlparse(u).netloc != origin]
        if foreign:
            watch.fail("origin", f"requests left the page's origin: {foreign[:3]}")
        print(f"{watch.label}: {watch.looks} screens looked at, {watch.secret_checks} checked for secrets")
    finally:
        ctx.close()
    watch.done(secrets=shared is not None)
