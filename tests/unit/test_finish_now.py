"""Watching computers: their first move waits until the table has been seen; a player who
is out (or a table of computers) lets them finish at once from the top of the screen, and
the game's log still replays; "computer takes over" is offered for a guest who has gone,
not for one who plays."""
import json
import types

import pytest

import shell_stub
from shell_stub import fake_page, host, run_alone
from clubtable.session import Table

MODULES = ("clubtable.ui.storage", "clubtable.ui.controllers", "clubtable.ui.app", "clubtable.ui.shell_home",
           "clubtable.ui.shell_table", "clubtable.ui.clubs", "clubtable.ui.context", "clubtable.ui.games.dodgy",
           "clubtable.ui.games.dobbelduel")


@pytest.fixture
def page(monkeypatch):
    yield from fake_page(monkeypatch, MODULES)


def shell(page, ctl):
    return shell_stub.shell(ctl)


def nodes(node):
    if node is not None and hasattr(node, "children"):
        yield node
        for c in node.children:
            yield from nodes(c)


# ----------------------------------------------------------------------------- the first move
def test_computers_wait_until_the_table_has_been_seen(page):
    table = Table("dobbelduel", [{"kind": "local", "name": "Ann"}, {"kind": "bot", "level": "normal"}],
                  options={"first_code_maker": 0}, seed=3)   # the computer moves first
    ctl = host(page, table)
    ctl.start()
    assert table.bots_after == float("inf")
    for t in range(1_000, 60_000, 250):                 # a minute in a background tab: nothing
        page.clock.now = t
        ctl._after(table.tick(t))
    assert not any(seat == 1 for seat, _, _ in table.state["log"])
    wake = table.next_wakeup()                          # no polling for held computers
    assert wake is None or wake == table.game.deadline(table.state)
    ctl.seen()                                          # drawn on a visible page
    seen_at = page.clock.now
    assert table.bots_after == seen_at + page.controllers.FIRST_LOOK_MS
    for t in range(seen_at, seen_at + 10_000, 100):
        page.clock.now = t
        ctl._after(table.tick(t))
    first = next(at for seat, _, at in table.state["log"] if seat == 1)
    assert first >= seen_at + page.controllers.FIRST_LOOK_MS
    ctl.seen()                                          # later draws change nothing
    assert table.bots_after == seen_at + page.controllers.FIRST_LOOK_MS


def test_the_shell_says_seen_only_for_a_table_on_a_visible_page(page):
    from clubtable.ui.app import App
    table = Table("dobbelduel", [{"kind": "local", "name": "Ann"}, {"kind": "bot", "level": "normal"}], seed=3)
    ctl = host(page, table)
    ctl.start()
    app = shell(page, ctl)
    app.route, app.screen_id, app.renders = "#/table", None, 0
    app.page_title = lambda: "x"
    el = page.doc.createElement("div")
    el.setAttribute("id", "app")
    page.doc.body.appendChild(el)
    page.doc.visibilityState = "hidden"
    App.render(app)
    assert table.bots_after == float("inf")
    page.doc.visibilityState = "visible"
    App.render(app)
    assert table.bots_after != float("inf")


# ----------------------------------------------------------------------------- finish now
def play_until_out(page, table, ctl, seat=0):
    """Seat ``seat`` claims far too high until it is out."""
    for _ in range(4000):
        view = table.game.view(table.state, seat)
        me = next(s for s in view["seats"] if s["seat"] == seat)
        if not me["active"] or table.result is not None:
            return
        page.clock.now += 500
        ctl._after(table.tick(page.clock.now))
        legal = table.game.legal(table.state, seat)
        claims = [a for a in legal if a["type"] == "state"]
        if claims:
            ctl.act(seat, max(claims, key=lambda a: a["quantity"]))
    raise AssertionError("never out")


def test_an_eliminated_player_finishes_at_once_from_above_the_board_and_the_log_replays(page, monkeypatch):
    seats = [{"kind": "local", "name": "Ann"}] + [{"kind": "bot", "level": "normal"}] * 3
    table = Table("dodgy", seats, options={"challenge_min_window_s": 2}, seed=11)
    ctl = host(page, table)
    ctl.start()
    ctl.seen()
    play_until_out(page, table, ctl)
    assert table.result is None
    app = shell(page, ctl)
    tree = app.render_table()
    kids = [getattr(c, "attrs", {}).get("id") or getattr(c, "attrs", {}).get("class") for c in tree.children]
    assert kids.index("finish-now") < kids.index("board")          # where the player is looking
    button = next(n for n in nodes(tree) if n.attrs.get("id") == "finish-now")
    button.events["click"](None)
    assert ctl.bots_hurried and ctl.skip_time                      # nobody is left to wait for
    # the host's clock loop, without waiting: the table's time jumps from event to event
    slept = []

    async def no_sleep(s):
        slept.append(s)
        if table.result is not None or len(slept) > 20_000:
            ctl._running = False
    monkeypatch.setattr(page.controllers.asyncio, "sleep", no_sleep)
    # the test ticked the table itself: the page ran all along and did not sleep (WakeClock)
    ctl.clock = type(ctl.clock)(page.clock.now)
    run_alone(ctl._loop())
    assert table.result is not None, "the computers did not finish"
    assert max(slept[:-1]) <= 0.02                                   # (the last: the game is over)
    assert not any(n.attrs.get("id") == "finish-now" for n in nodes(app.render_table()))
    st = table.state
    again = table.game.replay(st["players"], table.seed, table.options, table.t0, st["log"])
    assert json.dumps(again, sort_keys=True) == json.dumps(st, sort_keys=True)


def test_a_person_still_playing_elsewhere_keeps_the_game_clocks(page):
    seats = [{"kind": "local", "name": "Ann"}, {"kind": "remote", "name": "Gus"}, {"kind": "bot", "level": "normal"}]
    table = Table("dodgy", seats, seed=11)
    ctl = host(page, table)
    table.seats[1].update(claimed=True, peer="p1")        # Gus has joined and plays
    ctl.start()
    app = shell(page, ctl)
    ctx = types.SimpleNamespace(game_id="dodgy", view={"seats": [{"seat": 0, "active": False}, {"seat": 1, "active": True},
                                                {"seat": 2, "active": True}]}, result=None)
    assert app.all_mine_out(ctx) and not app.people_out(ctx)
    app.finish_with_bots(ctx)
    assert ctl.bots_hurried and not ctl.skip_time


def test_a_table_of_computers_can_be_finished_by_its_host(page):
    table = Table("dodgy", [{"kind": "bot", "level": "normal"}] * 3, seed=5)
    ctl = host(page, table)
    ctl.start()
    app = shell(page, ctl)
    tree = app.render_table()
    assert any(n.attrs.get("id") == "finish-now" for n in nodes(tree))


# ----------------------------------------------------------------------------- computer takes over
def test_computer_takes_over_only_the_seat_of_a_guest_who_has_gone(page):
    from clubtable.session import Guest
    table = Table("dodgy", [{"kind": "local", "name": "Ann"}, {"kind": "remote"}], seed=5, table_id="tb1")
    ctl = host(page, table)
    guest = Guest("tb1", "Gus")
    ctl._after(table.connect("p1", 1_000))
    ctl._after(table.receive("p1", guest.hello(), 1_000))
    ctl.start()
    assert table.seats[1]["peer"] == "p1"
    app = shell(page, ctl)
    assert not ctl.can_replace_with_bot(1)
    assert not any("to-bot" in (n.attrs.get("data-key") or "") for n in nodes(app.render_table()))
    assert ctl.replace_with_bot(1).code == "still_playing"
    ctl._after(table.disconnect("p1", 2_000))             # the guest's tab is gone
    assert ctl.can_replace_with_bot(1)
    assert any(n.attrs.get("data-key") == "to-bot-1" for n in nodes(app.render_table()))
    assert ctl.replace_with_bot(1) is None and table.seats[1]["kind"] == "bot"


# ----------------------------------------------------------------------------- the look back
def _finished_table(page):
    """A Dobbelduel of two computers, hosted here and played to its end."""
    table = Table("dobbelduel", [{"kind": "bot", "level": "easy"}] * 2, seed=4)
    ctl = host(page, table)
    ctl.start()
    ctl.seen()
    t = page.clock.now
    while table.result is None and t < 50_000_000:
        t += 1_000
        page.clock.now = t
        ctl._after(table.tick(t))
    return table, ctl


def test_the_result_offers_replay_and_save_at_once_and_makes_the_record_in_idle_time(page, monkeypatch):
    """The click that ends a game draws the result at once: its Replay and Save buttons are
    there, but the record (the whole game replayed) and the device's list wait for idle time."""
    import types
    from clubtable.session import history
    from clubtable.session.store import MemoryStorage
    table, ctl = _finished_table(page)
    assert table.result is not None
    made, idle = [], []
    make = type(ctl).finished_record
    monkeypatch.setattr(type(ctl), "finished_record", lambda self: made.append(1) or make(self))
    page.dom.window.requestIdleCallback = lambda fn, options: idle.append(fn)
    from clubtable.ui import records
    kept = history.History(MemoryStorage())
    monkeypatch.setattr(records, "_history", lambda: kept)
    app = shell(page, ctl)
    ids = {n.attrs.get("id") for n in nodes(app.render_table())}
    assert {"result", "replay-game", "save-record"} <= ids
    assert made == [] and kept.entries() == []          # drawing the result replayed nothing
    assert len(idle) == 1
    idle.pop()(types.SimpleNamespace(timeRemaining=lambda: 10.0))
    assert made and [tid for tid, _ in kept.entries()] == [table.table_id]
    app.render_table()                                  # a redraw asks for nothing more
    assert idle == [] and len(made) == 1


def test_a_game_that_just_ended_is_in_the_list_even_before_the_page_was_idle(page, monkeypatch):
    table, ctl = _finished_table(page)
    from clubtable.session import history
    from clubtable.session.store import MemoryStorage
    from clubtable.ui import records
    page.dom.window.requestIdleCallback = lambda fn, options: None      # never idle
    kept = history.History(MemoryStorage())
    monkeypatch.setattr(records, "_history", lambda: kept)
    app = shell(page, ctl)
    app.render_table()
    assert kept.entries() == []
    listed = records._finished_list(app)                  # the player opens the list at once
    assert [tid for tid, _ in kept.entries()] == [table.table_id]
    assert table.table_id in str([n.attrs for n in nodes(listed)])
