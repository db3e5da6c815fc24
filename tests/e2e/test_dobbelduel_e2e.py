"""Dobbelduel end to end: two matches against the computer, two tabs over WebRTC (the
breaker's tab never receives the code before the reveal), pass and play with the maker's
manual pegs behind the hand-over screen."""
import time

from .conftest import open_page, open_two_tab_table, received, tap_shows_made_screen
from .dobbelduel_driver import play_until_over, set_up_dobbelduel

# One consistent reading of the screen (a single evaluate, so no re-render falls between).
SNAPSHOT = """() => {
  const q = (s) => document.querySelector(s);
  const head = q('#dd-head');
  if (!head) return {handover: !!q('#handover'), boards: document.querySelectorAll('.dd-board').length};
  const codeRow = q('tr.dd-code-row');
  const rev = q('#dd-reveal');
  const efforts = [...document.querySelectorAll('tr.dd-effort')].filter(r => r.querySelector('[data-value]'));
  const placed = efforts.reduce((n, r) => n + r.querySelectorAll('td.dd-cell [data-value]').length, 0);
  return {
    match: +head.dataset.match, role: head.dataset.role,
    code: codeRow && codeRow.dataset.code ? codeRow.dataset.code.split(',').map(Number) : null,
    screen: !!q('.dd-screen'), watch: q('#dd-watch') ? +q('#dd-watch').dataset.count : null,
    efforts: efforts.length, placed,
    counts: [...document.querySelectorAll('td.dd-count[data-count]')].map(td => +td.dataset.count),
    reveal: rev ? {match: +rev.dataset.match, total: +rev.dataset.total,
                   reason: q('#dd-verdict').dataset.reason,
                   lines: [...rev.querySelectorAll('tr[data-item]')].map(tr => [tr.dataset.item,
                           tr.querySelector('th').textContent, +tr.querySelector('td').textContent])} : null,
    wrongRows: document.querySelectorAll('tr.dd-wrong').length,
    pegEditor: !!q('#dd-give-feedback'),
  };
}"""


class Watcher:
    """Looks at a screen after every action and checks what it may show."""

    def __init__(self):
        self.roles = set()            # (match, role) seen
        self.reveals = {}             # match -> snapshot with the reveal
        self.hidden_while_breaking = 0
        self.watched = 0
        self.handovers = 0
        self.peg_editors = 0

    def __call__(self, page, did):
        s = page.evaluate(SNAPSHOT)
        if "match" not in s:
            if s.get("handover"):
                self.handovers += 1
                assert s["boards"] == 0          # nothing of the board behind the hand-over screen
            return
        self.roles.add((s["match"], s["role"]))
        if s["reveal"] is not None:
            self.reveals[s["reveal"]["match"]] = s
            check_score(s)
        elif s["role"] == "breaker":
            assert s["code"] is None and s["screen"], s   # the screen hides the code
            self.hidden_while_breaking += 1
        elif s["role"] == "maker":
            assert s["code"] is not None and not s["screen"], s
            assert s["watch"] is not None                # codes left, from the public board
            assert len(s["counts"]) == s["efforts"] or s["pegEditor"]
            self.watched += 1
        if s["pegEditor"]:
            assert s["role"] == "maker"
            self.peg_editors += 1


def check_score(s):
    """The reveal works the match score out line by line: 20 + 5 x empty rows + unused dice."""
    r = s["reveal"]
    lines = {item: (label, pts) for item, label, pts in r["lines"]}
    if r["reason"] == "not_broken":
        assert r["total"] == 0 and not lines
        return
    assert lines["base"][1] == 20
    assert sum(p for _, p in lines.values()) == r["total"]
    if r["reason"] == "broken":
        empty, unused = 7 - s["efforts"], 18 - s["placed"]
        assert lines["empty_rows"] == (f"Empty effort rows: {empty} × 5", 5 * empty)
        assert lines["unused_dice"] == (f"Unused white dice: {unused} × 1", unused)
        assert r["total"] == 20 + 5 * empty + unused
    else:
        assert s["wrongRows"] >= 1


def test_two_matches_against_the_computer(context, base_url):
    errors = []
    page = open_page(context, base_url, errors)
    set_up_dobbelduel(page, base_url, seats=("local", "bot"), level="hard")
    page.wait_for_selector("#dd-board-0")
    assert not page.locator("#dd-notebook").is_checked()      # the notebook is off by default
    assert page.locator("#dd-nb-count").count() == 0
    watch = Watcher()
    watch(page, None)
    assert play_until_over([page], timeout_s=150, on_step=watch)
    watch(page, None)
    page.wait_for_selector("#winners")
    # I broke the code in one match and made it in the other; both were revealed and scored.
    assert {role for _, role in watch.roles} >= {"breaker", "maker"}
    assert set(watch.reveals) == {0, 1}
    assert watch.hidden_while_breaking > 0 and watch.watched > 0
    totals = page.locator("#dd-totals").inner_text()
    # the end lists places, not seats: each row names its seat
    shown = {int(li.get_attribute("data-seat")): li.locator(".score").inner_text()
             for li in page.locator("#result .scores li").all()}
    for seat, name in enumerate(("Player 1", "Computer 1")):
        assert f"{name} {shown[seat]}" in totals
    assert not errors


def _open_two_tab_table(context, base_url, **options):
    host, guest = open_two_tab_table(
        context, base_url, lambda page: set_up_dobbelduel(page, base_url, seats=("local", "remote"), **options),
        "Gwen")
    host.wait_for_selector("#dd-board-0")
    guest.wait_for_selector("#dd-board-0")
    return host, guest


def _codes_before_reveal(messages, me):
    """Every code the guest was sent for a match it breaks, before that match's reveal."""
    leaks, revealed = [], []
    for m in messages:
        if m.get("t") != "update" or not m.get("view"):
            continue
        v = m["view"]
        assert v["you"] == me
        for b in [v["board"]] + list(v.get("history") or []):
            if b["breaker"] == me and not b["revealed"] and b.get("code") is not None:
                leaks.append((m.get("v"), b["code"]))
            if b["breaker"] == me and b["revealed"]:
                revealed.append(b["code"])
    return leaks, revealed


def test_two_tabs_the_breaker_never_receives_the_code_before_the_reveal(context, base_url):
    # the host makes the first code, so the guest breaks in match 1 and makes in match 2
    host, guest = _open_two_tab_table(context, base_url, first_code_maker="0")
    watch_host, watch_guest = Watcher(), Watcher()
    watch_guest(guest, None)

    def look(page, did):
        (watch_host if page is host else watch_guest)(page, did)
    assert play_until_over([host, guest], timeout_s=150, on_step=look)
    guest.wait_for_selector("#verified.ok")
    assert (0, "breaker") in watch_guest.roles and (1, "maker") in watch_guest.roles
    assert watch_guest.hidden_while_breaking > 0
    msgs = received(guest)
    leaks, revealed = _codes_before_reveal(msgs, me=1)
    assert leaks == []
    assert revealed, "the reveal itself does reach the breaker"
    # the raw text before the first revealing update has no code of the guest's match at all
    first_reveal = next(i for i, m in enumerate(msgs) if m.get("t") == "update" and m.get("view") and
                        any(b["breaker"] == 1 and b["revealed"] for b in
                            [m["view"]["board"]] + list(m["view"].get("history") or [])))
    for m in msgs[:first_reveal]:
        if m.get("t") == "update" and m.get("view"):
            assert m["view"]["board"]["code"] is None
    assert any(m.get("t") == "end" for m in msgs)


def test_pass_and_play_with_the_makers_pegs_behind_the_hand_over_screen(context, base_url):
    errors = []
    page = open_page(context, base_url, errors)
    pass_and_play_with_a_wrong_answer(page, base_url)
    assert not errors


def pass_and_play_with_a_wrong_answer(page, base_url):
    """Two players at one device, the maker's pegs by hand behind the hand-over screen, the
    first answer wrong (the breaker is paid for it): played to the end, the code never shown
    while the breaker plays.  Every browser's tests play it (test_firefox_e2e.py too)."""
    set_up_dobbelduel(page, base_url, seats=("local", "pass"), feedback='"manual"', first_code_maker="1")
    page.wait_for_selector("#dd-board-0, #handover")
    watch = Watcher()
    lies = {"left": 1}
    assert play_until_over([page], timeout_s=150, on_step=watch, lies=lies)
    watch(page, None)
    page.wait_for_selector("#winners")
    assert lies["left"] == 0
    assert watch.handovers > 0 and watch.peg_editors > 0 and watch.hidden_while_breaking > 0
    assert watch.reveals[0]["reveal"]["reason"] == "wrong_feedback"


class _Checked(Exception):
    """The reveal was looked at: the game needs to go no further."""


def test_the_next_match_is_made_while_the_reveal_shows_and_moved_onto_the_page(context, base_url):
    """The first match's reveal waits for "next match": meanwhile the next match's screen is
    made in idle time out of sight (``likely`` in ui/games/dobbelduel.py), and the tap moves
    it onto the page, making next to nothing (ui/shell_table.py ``warm_likely``)."""
    from .dobbelduel_driver import step
    errors = []
    page = open_page(context, base_url, errors)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    # the page's start-up warm-up draws out of sight too (ui/warmup.py): done before counting
    page.wait_for_selector("body[data-warm='1']", state="attached", timeout=120_000)
    set_up_dobbelduel(page, base_url, seats=("local", "bot"), level="hard", first_code_maker="0")
    checked = []

    def on_reveal(page):
        # the driver calls this while the reveal is up, before it would tap "next match"
        assert page.locator("#dd-board-1").count() == 0      # still the reveal, and only it
        try:
            tap_shows_made_screen(page, "#dd-next", "#dd-board-1")
        except AssertionError:
            raise
        except Exception as e:    # not a screen changing under a click: say what it was
            raise AssertionError(f"on the reveal: {e!r}") from e
        checked.append(True)
        raise _Checked()
    deadline = time.time() + 120
    while not checked and time.time() < deadline:
        try:
            did = step(page, on_reveal=on_reveal)
        except _Checked:
            break
        except AssertionError:
            raise
        except Exception:         # the screen changed under the click: look again
            did = None
        assert did != "over", "the game ended without a reveal to move on from"
        time.sleep(0.05)
    assert checked
    assert page.locator("#dd-next").count() == 0 and page.locator("#dd-roll").count() == 1
    assert not errors
