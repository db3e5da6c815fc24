"""Screens only draw (#21): Play-Doh's Cave, Wie Waldi and DODGY, played pass-and-play through
the shell's own screens, drawn twice from the same context at every step give the same tree
and change nothing: not the screen's scratch state, not the table (no move, no clock hold),
and they say nothing (news is the screen module's ``news``, told by the shell after a
change).  The hand-over's clock hold is the controller's, made after the change that needs it."""
import copy
import random

import pytest

from clubtable.games import GAMES
from shell_stub import fake_page, host, shell
from test_pass_and_play_secrets import MODULES, play_next, scripted

SCREENS = ("cave", "waldi", "dodgy")


@pytest.fixture
def page(monkeypatch):
    yield from fake_page(monkeypatch, MODULES + ("clubtable.ui.games.waldi",))


def tree_of(node):
    """A drawn tree as plain data: tags, attributes, texts, and which events have handlers."""
    if isinstance(node, (list, tuple)):
        return [tree_of(c) for c in node]
    if node is None or isinstance(node, str):
        return node
    return (node.tag, dict(node.attrs), sorted(node.events), node.owned, [tree_of(c) for c in node.children])


def pass_and_play(page, game_id, n=3, seed=3):
    from clubtable.session import Table
    # Wie Waldi is played by everyone at once: one person and computer players
    other = "pass" if GAMES[game_id].pass_and_play else "bot"
    table = Table(game_id, [{"kind": "local" if i == 0 else other, "name": nm} for i, nm in
                            enumerate(["Ann", "Bob", "Cleo"][:n])], seed=seed, table_id="t1")
    app = shell(host(page, table))
    app.ctl.start()
    app.ctl.seen()
    return table, app


@pytest.mark.parametrize("game_id", SCREENS)
def test_a_screen_drawn_twice_from_one_context_gives_one_tree_and_changes_nothing(page, game_id):
    table, app = pass_and_play(page, game_id)
    mod = app.screen_module(game_id)
    calls = []
    rng = random.Random(7)
    drawn = 0
    for step in range(250):
        if table.result is not None:
            break
        page.clock.now += 400
        app.ctl._after(table.tick(page.clock.now))
        if app.ctl.handover_to is not None:
            before = table.version
            app.render_table()                      # the hand-over screen holds nothing itself
            assert table.version == before
            app.take_over()
            continue
        seat = app.ctl.focus_seat
        ups = app.ctl.updates()
        others = [(s, up) for s, up in ups.items() if s != seat]
        ctx = app.make_context(table.game, seat, ups[seat], others)
        ctx._asset_url = lambda ref: "blob:" + ref     # no page here to make object URLs
        for name in ("_announce", "_look_at", "_act", "_toast", "_redraw"):
            setattr(ctx, name, lambda *a, name=name: calls.append((name, a)))
        scratch, version = copy.deepcopy(ctx.scratch), table.version
        first, second = tree_of(mod.render(ctx)), tree_of(mod.render(ctx))
        assert first == second, f"step {step}: two draws of one context differ"
        assert ctx.scratch == scratch, f"step {step}: drawing changed the scratch state"
        assert table.version == version and not calls, f"step {step}: drawing did {calls or 'a move'}"
        drawn += 1
        play_next(app, table, seat, [s for s in table.awaited() if s != seat], rng, step)
    assert drawn > 20


def test_the_hand_over_holds_the_clocks_after_the_change_not_while_drawing(page):
    table, app = pass_and_play(page, "dodgy", n=2, seed=5)
    ctl = app.ctl
    first = ctl.focus_seat
    assert first is not None and ctl.handover_to is None and not table.clocks_held
    for _ in range(40):                             # play until the device changes hands
        seat = ctl.focus_seat
        action = scripted(table, seat, random.Random(1), 0) if seat in table.awaited() else None
        if action is None:
            page.clock.now += 400
            ctl._after(table.tick(page.clock.now))
        else:
            ctl.act(seat, action)
        if ctl.handover_to is not None:
            break
    assert ctl.handover_to is not None and table.clocks_held     # held by the change itself
    assert ctl.handover_to != first
    before = table.version
    app.render_table()
    assert table.version == before                  # drawing the hand-over moves nothing
    app.take_over()
    assert ctl.handover_to is None and not table.clocks_held and ctl.focus_seat != first


def test_news_is_told_once_per_event_after_a_change(page):
    table, app = pass_and_play(page, "dodgy", n=2, seed=5)
    said = []
    app.announce = said.append
    app.tell_news()
    assert len(said) == 1
    app.tell_news()                                 # nothing new: nothing said
    assert len(said) == 1
