"""A host whose page sleeps or goes to the background: its guest says so, nothing is lost,
and the table's late timers keep the order of the rules.

The first test freezes the host's page with the debugger (``Debugger.pause`` stops every
script of it, timers and incoming messages alike, as a phone does to a tab in the
background) in the ordinary test browser, whose pages Playwright keeps "visible"; its going
to the background is a ``visibilitychange`` event sent by the test.  The second hides the
host's page for real (its window minimised, in a Chromium Playwright attaches to:
``background.py``), where Chromium runs its timers once a second."""
import json
import time


from .background import hide, hideable_context, show
from .conftest import open_setup, open_two_tab_table, received
from .dodgy_driver import play_until_over, step

HIDE = """() => { Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
                  document.dispatchEvent(new Event('visibilitychange', {bubbles: true})); }"""
SHOW = """() => { delete document.visibilityState;
                  document.dispatchEvent(new Event('visibilitychange', {bubbles: true})); }"""


def _set_up(page, base_url):
    open_setup(page, base_url, "dodgy", ["local", "remote"],
               options={"challenge_min_window_s": "0", "elimination_threshold": "4", "statement_s": "5"})
    page.click("#open-table")


def _host_status(page):
    el = page.locator("#host-status")
    return el.get_attribute("data-state") if el.count() else None


def test_a_guest_shows_the_host_away_while_its_page_is_frozen_and_the_game_goes_on_intact(context, base_url):
    errors = []
    # a statement must be made within 5 s: the freeze outlasts that
    host, guest = open_two_tab_table(
        context, base_url, lambda page: _set_up(page, base_url), "Gwen", errors)
    host.wait_for_selector("#my-dice")
    guest.wait_for_selector("#my-dice")
    for _ in range(4):
        step(host, shout=False)
        step(guest, shout=False)
        time.sleep(0.2)
    assert _host_status(guest) is None

    # the page goes to the background: it still answers, and says its clocks may run late
    host.evaluate(HIDE)
    guest.wait_for_selector("#host-status[data-state='host_hidden']", timeout=5_000)
    assert "background" in guest.locator("#host-status").inner_text()
    host.evaluate(SHOW)
    guest.wait_for_selector("#host-status", state="detached", timeout=5_000)

    # frozen on the guest's turn: nothing of the host's page runs; the guest notices within
    # AWAY_MS and a ping
    for _ in range(40):
        if guest.locator("#claim-form").count():
            break
        step(host, shout=False)
        time.sleep(0.25)
    assert guest.locator("#claim-form").count()
    cdp = context.new_cdp_session(host)
    cdp.send("Debugger.enable")
    before = len(received(guest))
    cdp.send("Debugger.pause")
    frozen_at = time.monotonic()
    guest.wait_for_selector("#host-status[data-state='host_away']", timeout=10_000)
    noticed = time.monotonic() - frozen_at
    assert 4.0 <= noticed <= 8.0, noticed
    assert "not answering" in guest.locator("#host-status").inner_text()
    assert step(guest, shout=False) == "claim"    # a move made while the host sleeps waits for it
    time.sleep(1.0)
    assert _host_status(guest) == "host_away"
    cdp.send("Debugger.resume")
    woke_at = time.monotonic()
    guest.wait_for_selector("#host-status", state="detached", timeout=5_000)
    assert time.monotonic() - woke_at < 3.0
    cdp.send("Debugger.disable")
    cdp.detach()
    # the move reached the host when it woke, and counted as of the moment it fell asleep
    # (the turn's timer, which fell due during the sleep, did not take it away)
    after = received(guest)[before:]
    assert [m for m in after if m.get("t") == "reject"] == []
    assert any(m.get("t") == "update" for m in after)

    # nothing was lost: the game plays to its end, and the guest's replay of the whole log
    # gives the table it was shown
    assert play_until_over([host, guest], timeout_s=240, shout=(False, True))
    guest.wait_for_selector("#verified.ok", timeout=30_000)
    assert not errors, errors


BOT = 2


def _set_up_slow_bot(page, base_url):
    # The computer player thinks longer (easy, relaxed pace: 1.8-4 s, often more than 3 s) than
    # a statement may take (3 s): its statements fall due 250 ms before their deadline, in the
    # second in which a background page's late tick comes after that deadline.  The host's
    # seat opens, so its player, away, is timed out first: the computer planned its answer to
    # that statement as a bystander, and the guest's statement then made it the stater (that
    # old plan timed it out before Table._bound; see docs/PERFORMANCE.md).
    open_setup(page, base_url, "dodgy", ["local", "remote", "bot"], pace="2.0",
               options={"challenge_min_window_s": "0", "elimination_threshold": "4", "statement_s": "3",
                        "first_player_rule": '"host_choice"', "first_player": "0"})
    page.select_option(f"#seat-level-{BOT}", "easy")
    page.click("#open-table")


def _updates(page):
    return [m for m in received(page) if m.get("t") == "update"]


def test_a_host_in_the_background_answers_at_once_and_its_late_ticks_keep_the_rules_order(browser, base_url):
    with hideable_context(browser.browser_type) as (_, context):
        host, guest = open_two_tab_table(context, base_url, lambda page: _set_up_slow_bot(page, base_url), "Gwen")
        host.wait_for_selector("#my-dice")
        guest.wait_for_selector("#my-dice")
        host.evaluate("() => window.clubtableWire('late')")          # forget the start's

        # the host's player switches to another window for 12 s (more, up to 30 s, until the
        # guest's first move was answered: on a loaded machine its turn may come late); the
        # guest plays on
        hide(context, host)
        hidden_at = time.monotonic()
        states, answers, moved_at, seen = set(), [], None, 0
        while time.monotonic() - hidden_at < (12 if answers else 30):
            states.add(_host_status(guest))
            n = len(_updates(guest))
            if moved_at is not None and n > seen:
                answers.append(time.monotonic() - moved_at)
                moved_at = None
            if moved_at is None and step(guest, shout=False) == "claim":
                moved_at, seen = time.monotonic(), n
            time.sleep(0.1)
        late = json.loads(host.evaluate("() => window.clubtableWire('late')"))
        show(context, host)
        guest.wait_for_selector("#host-status", state="detached", timeout=5_000)

        # the page was throttled (its ticks ran up to a second late) but answered every
        # message at once: the guest saw it in the background, never away, and its moves
        # were applied as they came
        assert max(late["loop"]) > 500, late
        assert "host_hidden" in states and "host_away" not in states, states
        assert answers and max(answers) < 1.5, answers

        # nothing was lost: the game plays to its end, every update arrived in order, and
        # the guest's replay of the whole log gives the table it was shown
        end = time.monotonic() + 60
        while not host.locator("#result").count() and time.monotonic() < end:
            for page in (host, guest):
                try:
                    step(page, claim="high")
                except Exception:     # the screen re-rendered under the click
                    pass
            time.sleep(0.1)
        guest.wait_for_selector("#verified.ok", timeout=30_000)
        messages = received(guest)
        assert [m for m in messages if m.get("t") == "reject"] == []
        versions = [m["v"] for m in messages if m.get("t") == "update"]
        assert versions == list(range(versions[0], versions[0] + len(versions)))

        # the late ticks kept the rules' order: the computer's statements (or its DODGY when it
        # was to state), due before their deadline, were its own, never the rules' stand-in
        # for a player out of time
        log = next(m for m in messages if m.get("t") == "end")["log"]
        bot_moves = [a for seat, a, _ in log if seat == BOT and a["type"] in ("state", "dodgy")]
        assert bot_moves
        timed_out = set()
        for update in _updates(guest):
            view = update.get("view") or {}          # none before the game starts
            timed_out |= {(s["at"], "auto") for s in view.get("statements", ()) if s["seat"] == BOT and s["auto"]}
            timed_out |= {(h["round"], "dodgy") for h in view.get("history", ())
                          if h.get("by_timeout") and h.get("challenger") == BOT}
        assert timed_out == set()
