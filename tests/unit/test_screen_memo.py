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


@pytest.mark.parametrize("gid", GAMES)
def test_a_patched_screen_equals_a_fresh_one_after_every_move(page, gid):
    doc, dom = page
    from clubtable.games import GAMES as REGISTRY
    from clubtable.i18n import Translator
    from clubtable.session import Table
    from clubtable.ui.screens import screen_module
    from clubtable.ui.context import ScreenContext
    game = REGISTRY[gid]
    mod = screen_module(gid)
    n = max(game.min_players, min(3, game.max_players))
    bots = bool(game.bot_levels)
    seat_kind = {"kind": "bot", "level": "normal"} if bots else {"kind": "local"}
    table = Table(gid, [dict(seat_kind) for _ in range(n)], options=OPTIONS.get(gid), seed=11, bot_pace=0.0)
    table.start(0, allow_empty=True)
    rng = random.Random(5)
    scratch, now, moves, steps = {}, 0, 0, 0
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
        update = dict(table.update_for(seat), game=gid)

        def ctx(scr):
            return ScreenContext(game_id=gid, seat=seat, update=copy.deepcopy(update), t=Translator(lang),
                                 lang=lang, act=lambda *a: None, toast=lambda *a: None, scratch=scr,
                                 constants=dict(game.constants or {}), now=lambda: now)
        fresh_scratch = copy.deepcopy(scratch)
        dom.mount("app", mod.render(ctx(scratch)))
        kept = dict(dom._memos)
        dom._memos.clear()                               # drawn from nothing: no part remembered
        dom._mounted.pop("fresh", None)
        doc.getElementById("fresh").textContent = ""
        dom.mount("fresh", mod.render(ctx(fresh_scratch)))
        dom._memos.clear()
        dom._memos.update(kept)
        got, want = shape(doc.getElementById("app")), shape(doc.getElementById("fresh"))
        assert got[2] == want[2], f"{gid}: move {moves} shows an old view"
    assert moves >= 20
