"""Wie Waldi! / "10" end to end: two tabs racing for the same open end of a dachshund (exactly
one card is laid; the other player's card stays in his hand, with a refusal).  A whole game
against three computer players is played in the club evening (test_club_evening_e2e.py)."""
import time

from .conftest import open_page, open_two_tab_table, received
from .waldi_driver import look, set_up_waldi


# ---------------------------------------------------------------------------- two tabs race
def _open_two_tab_table(context, base_url, errors):
    # Cards never decline themselves (max_hold_s 0) and the round never stops for idleness,
    # so both players can hold a fitting card for as long as it takes to line up the race.
    host, guest = open_two_tab_table(
        context, base_url,
        lambda page: set_up_waldi(page, base_url, seats=("local", "remote"), max_hold_s=0, idle_stop_s=0,
                                  countdown_s=1, placed_flash_s=30),
        "Gwen", errors)
    host.wait_for_selector("#waldi-board")
    guest.wait_for_selector("#waldi-board")
    for page in (host, guest):
        page.wait_for_selector("#waldi-status[data-phase='live']")
    return host, guest


def _hand_step(page, want_front=None, state=None):
    """Line up a card: lay heads (host only), hold the first belly that fits an open end
    (or, with ``want_front``, a belly with that front colour), put everything else under,
    and move on to the next pile after going round one without luck."""
    s = look(page)
    kind = s["kind"]
    if kind == "belly":
        front = page.get_attribute("#waldi-revealed", "data-front")
        if (want_front is None and s["fits"]) or (want_front is not None and front == want_front and s["fits"]):
            return "holding"
    if kind == "head" and want_front is None:
        page.keyboard.press("n")
        return "head"
    if kind:
        page.keyboard.press("u")
        state["declines"] += 1
        return "decline"
    held = next((i for i, p in enumerate(s["piles"]) if p["held"]), None)
    if held is None or state["declines"] > s["piles"][held]["n"]:
        nxt = 0 if held is None else (held + 1) % 3
        page.keyboard.press(str(nxt + 1))
        state["declines"] = 0
        return "take"
    if s["canReveal"]:
        page.keyboard.press(" ")
        return "reveal"
    return None


# The guest clicks only the end he still sees: when his timer fires late (a loaded machine)
# after the host's card already reached his screen, he would be aiming at a new end, not
# racing for the old one, so he holds off (``stale``) as a person would.
RACE = """([sel, at, dogSel, length]) => {
  window.__race = null;
  setTimeout(() => {
    const el = document.querySelector(sel);
    const dog = document.querySelector(dogSel);
    const stale = length !== null && (!dog || Number(dog.dataset.length) !== length);
    window.__race = {found: !!el, enabled: !!el && !el.disabled, late: Date.now() - at, stale};
    if (el && !el.disabled && !stale) el.click();
  }, Math.max(0, at - Date.now()));
}"""


def _last_view(page):
    ups = [m for m in received(page) if m.get("t") == "update" and m.get("view")]
    return ups[-1]["view"]


def _line_up(host, guest):
    """Both players hold a belly that fits the same open end; returns (dog, its length, front)."""
    st = {"declines": 0}
    deadline = time.time() + 60
    while _hand_step(host, state=st) != "holding":          # the host lays heads, then holds a belly
        assert time.time() < deadline, "the host never held a fitting belly"
        time.sleep(0.05)
    front = host.get_attribute("#waldi-revealed", "data-front")
    st = {"declines": 0}
    deadline = time.time() + 60
    while _hand_step(guest, want_front=front, state=st) != "holding":   # same front: same ends
        assert time.time() < deadline, "the guest never held a belly for the same end"
        time.sleep(0.05)
    host_fits = [f["dog"] for f in look(host)["fits"]]
    guest_fits = [f["dog"] for f in look(guest)["fits"]]
    common = [d for d in host_fits if d in guest_fits]
    assert common, (host_fits, guest_fits)
    dog = common[0]
    length = int(guest.get_attribute(f".waldi-dog[data-dog='{dog}']", "data-length"))
    assert int(host.get_attribute(f".waldi-dog[data-dog='{dog}']", "data-length")) == length
    return dog, length, front


def _race(host, guest, dog, length, front, guest_head_start_ms=0):
    """Both click the open end of ``dog`` at one wall-clock moment (the guest maybe a little
    earlier); checks that exactly one card was laid and the other stayed in its player's
    hand with a refusal.  Returns the seat that won."""
    before = len(received(guest))
    sel = f".waldi-end[data-dog='{dog}']"
    at = int(time.time() * 1000) + 400
    dog_sel = f".waldi-dog[data-dog='{dog}']"
    guest.evaluate(RACE, [sel, at - guest_head_start_ms, dog_sel, length])
    host.evaluate(RACE, [sel, at, dog_sel, None])    # the host clicks what he sees, as before
    time.sleep(1.0)
    races = [host.evaluate("window.__race"), guest.evaluate("window.__race")]
    assert all(r and r["found"] and r["enabled"] for r in races), races
    # A timer fires late only if its tab was busy (e.g. applying the other player's card).
    assert all(r["late"] < 500 for r in races), races

    # Exactly one card was laid on that dachshund, by one of the two.
    for page in (host, guest):
        page.wait_for_selector(f".waldi-dog[data-dog='{dog}'][data-length='{length + 1}']")
    view = _last_view(guest)
    d = next(x for x in view["dogs"] if x["id"] == int(dog))
    assert d["length"] == length + 1 and d["cards"][length]["front"] == front
    laid_by = [e["seat"] for e in view["recent"] if e["dog"] == int(dog) and e["index"] == length]
    assert len(laid_by) == 1
    winner = laid_by[0]
    print("race:", races, "laid by seat", winner)
    rejects = [m for m in received(guest)[before:] if m.get("t") == "reject"]
    if winner == 0 and races[1]["stale"]:
        # The host's card reached the guest's screen before the guest's moment came: the
        # guest never clicked, sent nothing and still holds its belly.
        assert rejects == [] and winner == 0
        assert view["me"]["revealed"]["kind"] == "belly" and view["me"]["revealed"]["front"] == front
        assert guest.get_attribute("#waldi-revealed", "data-kind") == "belly"
    elif winner == 0:
        # The host's click came first: the guest's intent (it saw the old end) was refused,
        # and the guest still holds its belly, face up.
        assert len(rejects) == 1 and rejects[0]["code"] == "end_taken", rejects
        assert "stays in your hand" in rejects[0]["reason"]
        assert view["me"]["revealed"]["kind"] == "belly" and view["me"]["revealed"]["front"] == front
        assert view["seats"][0]["holding"] is False
        guest.wait_for_selector("#toast:has-text('stays in your hand')")
        assert guest.get_attribute("#waldi-revealed", "data-kind") == "belly"
        assert host.get_attribute("#waldi-revealed", "data-kind") is None
    else:
        # The guest's intent came first: the host's click met the new end and was refused;
        # the host's belly stays in his hand.
        assert rejects == []
        assert view["me"]["revealed"] is None
        assert view["seats"][0]["holding"] is True
        host.wait_for_selector("#toast:has-text('stays in your hand')")
        assert host.get_attribute("#waldi-revealed", "data-kind") == "belly"
        assert host.get_attribute("#waldi-revealed", "data-front") == front
    # The loser puts the card under its pile (or could lay it elsewhere): the game goes on.
    loser = guest if winner == 0 else host
    loser.keyboard.press("u")
    loser.wait_for_selector("#waldi-revealed.none")
    return winner


def test_two_tabs_race_for_the_same_end_and_exactly_one_card_is_laid(context, base_url):
    errors = []
    host, guest = _open_two_tab_table(context, base_url, errors)
    dog, length, front = _line_up(host, guest)
    first = _race(host, guest, dog, length, front)                 # at the same moment
    guest.screenshot(path="/tmp/waldi_race_guest.png")
    host.screenshot(path="/tmp/waldi_race_host.png")
    # Again, the guest a little ahead this time, so that both outcomes are seen: whoever
    # arrives first at the host lays the card, and the other keeps his.
    dog, length, front = _line_up(host, guest)
    second = _race(host, guest, dog, length, front, guest_head_start_ms=150)
    assert second == 1, (first, second)

    # A spectator (seat None) sees the same table and no hand at all.
    watcher = open_page(context, base_url, errors)
    watcher.wait_for_selector("[data-key^='watch-']")
    watcher.locator("[data-key^='watch-']").first.click()
    watcher.wait_for_selector(f".waldi-dog[data-dog='{dog}'][data-length='{length + 1}']")
    assert watcher.locator("#waldi-hand").count() == 0
    views = [m["view"] for m in received(watcher) if m.get("t") == "update" and m.get("view")]
    assert views and all(v["you"] is None and v["me"] is None for v in views)
    assert not errors


def test_a_key_held_down_is_one_move_not_a_flood(context, base_url):
    """A player holding "1" (take the first pile) gets its key repeated some thirty times a
    second: that is one move.  Before, the repeats that came after the pile was taken turned
    its card up (what "1" does for a pile in hand), and the rest went to the host as moves it
    refused, "too fast" at last."""
    errors = []
    host, guest = _open_two_tab_table(context, base_url, errors)
    guest.focus("#waldi-board")
    guest.keyboard.down("1")
    for _ in range(40):                          # the browser's key repeat (repeat: true)
        guest.wait_for_timeout(30)
        guest.keyboard.down("1")
    guest.keyboard.up("1")
    guest.wait_for_timeout(500)                  # anything still on its way arrives
    s = look(guest)
    assert [p["held"] for p in s["piles"]] == [True, False, False], s["piles"]
    assert s["kind"] is None and s["canReveal"], s        # the card is still face down
    rejects = [m for m in received(guest) if m.get("t") == "reject"]
    assert rejects == [] and guest.inner_text("#toast") == "", rejects
    assert not errors
