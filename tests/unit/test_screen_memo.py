"""Memoised parts of the game screens never show an old view: every game played with
computer players (Cave with scripted players), and after every move the screen patched
into the page (its parts kept from earlier renders where their inputs did not change) must
equal the same screen drawn from nothing, part by part.  The language changes midway."""
import copy
import random

import pytest

import fake_dom
from test_dom_patch import shape

GAMES = ("dobbelduel", "dodgy", "waldi", "dohdles", "cave")
OPTIONS = {"dohdles": {"riddle_medium": "table"}, "cave": {"riddle_medium": "table"}}
WORDS = ["lantern", "apple", "kite", "moon", "straße"]
# what a player turned on that a screen draws as parts of its own (Dobbelduel's notebook)
SCRATCH = {"dobbelduel": {"dd.notebook.0": True, "dd.notebook.1": True}}


@pytest.fixture
def page():
    doc, dom = fake_dom.install()
    dom.window.setTimeout = lambda *a: None
    fake_dom.forget("clubtable.ui.context", *(f"clubtable.ui.games.{g}" for g in GAMES), "clubtable.ui.riddles",
                    "clubtable.ui.app")
    for name in ("app", "fresh"):
        el = doc.createElement("div")
        el.setAttribute("id", name)
        doc.body.appendChild(el)
    yield doc, dom
    fake_dom.uninstall()


def _scripted(table, seat, rng):
    legal = table.game.legal(table.state, seat)
    if not legal:
        return None
    pick = rng.choice(legal)
    if "args" not in pick:
        return pick
    args = {}
    for name, spec in pick["args"].items():
        if spec.get("choices") is not None:
            if not spec["choices"]:
                return None
            args[name] = rng.choice(spec["choices"])
        elif spec.get("kind") == "int":
            args[name] = rng.randint(spec["lo"], min(spec["hi"], spec["lo"] + 4))
        elif spec.get("kind") == "bool":
            args[name] = rng.random() < 0.5
        else:
            args[name] = rng.choice(WORDS)
    return dict(type=pick["type"], **args)


def _played(gid):
    """Every update of a game of ``gid`` (computer players; Cave: scripted players) as one
    seat's screen sees it: ``(update, seat, lang, now, moves)``; the language changes midway
    and past move 45 the seats take turns at the screen (pass-and-play)."""
    from clubtable.games import GAMES as REGISTRY
    from clubtable.session import Table
    game = REGISTRY[gid]
    n = max(game.min_players, min(3, game.max_players))
    bots = bool(game.bot_levels)
    seat_kind = {"kind": "bot", "level": "normal"} if bots else {"kind": "local"}
    table = Table(gid, [dict(seat_kind) for _ in range(n)], options=OPTIONS.get(gid), seed=11, bot_pace=0.0)
    table.start(0, allow_empty=True)
    rng = random.Random(5)
    now, moves, steps = 0, 0, 0
    while table.result is None and moves < 60 and steps < 5000:
        steps += 1
        before = table.version
        if bots:
            wake = table.next_wakeup()
            now = max(now + 1, wake if wake is not None else now + 1000)
            table.tick(now)
        else:
            now += rng.choice([300, 1500, 4000])
            table.tick(now)
            awaited = table.awaited() or sorted(table._active())
            if table.version == before and awaited:
                seat = rng.choice(awaited)
                action = _scripted(table, seat, rng)
                if action is not None:
                    try:
                        table.local(seat, action, now)
                    except Exception:
                        table._take_pending()
        if table.version == before:
            continue
        moves += 1
        lang = "fr" if 20 <= moves < 40 else "en"
        seat = moves % n if moves > 45 else 0          # pass-and-play: another seat's screen
        yield dict(table.update_for(seat), game=gid), seat, lang, now, moves


def _context(gid, update, seat, lang, now, scratch, calls=None):
    from clubtable.games import GAMES as REGISTRY
    from clubtable.i18n import Translator
    from clubtable.ui.context import ScreenContext
    said = (lambda name: (lambda *a: calls.append(name))) if calls is not None else (lambda name: (lambda *a: None))
    return ScreenContext(game_id=gid, seat=seat, update=copy.deepcopy(update), t=Translator(lang), lang=lang,
                         act=said("act"), toast=said("toast"), announce=said("announce"), look_at=said("look_at"),
                         redraw=said("redraw"), scratch=scratch, constants=dict(REGISTRY[gid].constants or {}),
                         now=lambda: now)


def _fresh(doc, dom, node):
    """``node`` mounted on an empty element with no part remembered: what it shows."""
    kept = dict(dom._memos)
    dom._memos.clear()
    dom._mounted.pop("fresh", None)
    doc.getElementById("fresh").textContent = ""
    dom.mount("fresh", node() if callable(node) else node)
    dom._memos.clear()
    dom._memos.update(kept)
    return shape(doc.getElementById("fresh"))


@pytest.mark.parametrize("gid", GAMES)
def test_a_patched_screen_equals_a_fresh_one_after_every_move(page, gid):
    doc, dom = page
    from clubtable.ui.screens import screen_module
    mod = screen_module(gid)
    scratch, moves = copy.deepcopy(SCRATCH.get(gid, {})), 0
    for update, seat, lang, now, moves in _played(gid):
        fresh_scratch = copy.deepcopy(scratch)
        dom.mount("app", mod.render(_context(gid, update, seat, lang, now, scratch)))
        want = _fresh(doc, dom, lambda: mod.render(_context(gid, update, seat, lang, now, fresh_scratch)))
        got = shape(doc.getElementById("app"))
        assert got[2] == want[2], f"{gid}: move {moves} shows an old view"
    assert moves >= 20


PURE = ("dobbelduel", "dohdles")      # screens whose render only draws (issue 21)


@pytest.mark.parametrize("gid", PURE)
def test_a_screen_only_draws(page, gid):
    """``render(ctx)`` is a pure function of its context: drawn twice from the same context
    after every move it shows the same, and it writes no scratch, sends, announces, looks
    at or schedules nothing (what is done once after a draw is the module's ``news``)."""
    doc, dom = page
    from clubtable.ui.screens import screen_module
    mod = screen_module(gid)
    timers: list = []
    dom.window.setTimeout = lambda *a: timers.append(a)
    scratch, calls, moves = copy.deepcopy(SCRATCH.get(gid, {})), [], 0
    for update, seat, lang, now, moves in _played(gid):
        ctx = _context(gid, update, seat, lang, now, scratch, calls)
        before = copy.deepcopy(scratch)
        first = _fresh(doc, dom, mod.render(ctx))
        assert scratch == before, f"{gid}: move {moves}: render wrote scratch"
        assert _fresh(doc, dom, mod.render(ctx)) == first, f"{gid}: move {moves}: a second draw differs"
        assert (calls, timers) == ([], []), f"{gid}: move {moves}: render did {calls or timers}"
        news = getattr(mod, "news", None)
        if news is not None:
            item = news(ctx)
            assert isinstance(item, dict) and news(ctx) == item
            assert scratch == before and calls == []
    assert moves >= 20


@pytest.mark.parametrize("gid", GAMES)
def test_a_screen_made_during_a_hand_over_then_shown_equals_a_fresh_one(page, gid):
    """Pass-and-play: the next player's screen is made out of sight while the hand-over shows
    (``dom.adopt``, ui/shell_table.py ``warm_next``), from the table as it was then; moved onto
    the page, and patched to the table as it is when they tap "ready" (a move may have come
    in between), it shows what a screen drawn from nothing would."""
    doc, dom = page
    from clubtable.ui.screens import screen_module
    mod = screen_module(gid)
    scratch, before, adopted = copy.deepcopy(SCRATCH.get(gid, {})), None, 0
    for update, seat, lang, now, moves in _played(gid):
        if before is not None and moves % 3 == 0:
            b_update, b_lang, b_now = before
            # the screen as the hand-over left it: made from the table one move earlier
            dom.mount("app", dom.h("section", dom.h("button", "Ready", id="handover-ready"), id="handover"))
            dom.detached_root("next")
            dom.mount("next", mod.render(_context(gid, b_update if moves % 2 else update, seat, b_lang, b_now, scratch)))
            assert dom.adopt("app", "next")
            adopted += 1
        dom.mount("app", mod.render(_context(gid, update, seat, lang, now, scratch)))
        want = _fresh(doc, dom, lambda: mod.render(_context(gid, update, seat, lang, now, copy.deepcopy(scratch))))
        assert shape(doc.getElementById("app"))[2] == want[2], f"{gid}: move {moves} shows an old view"
        before = (dict(update), lang, now)
    assert adopted >= 6
