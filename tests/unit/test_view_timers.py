"""Timers reach every screen in one shape (``view["shared"]["timers"]``, Game.shared_view)
and the screens show them through ``ctx.deadline``/``ctx.next_timer``: each game's screen
draws a countdown to the deadline of the timer that runs, from a real table's update."""
import pytest

import fake_dom
from clubtable.engine import IllegalAction
from clubtable.games import GAMES


@pytest.fixture
def dom():
    _, dom = fake_dom.install()
    yield dom
    fake_dom.uninstall()


def _deadlines(node, dom, out):
    if isinstance(node, list):
        for c in node:
            _deadlines(c, dom, out)
    elif isinstance(node, dom.Node):
        if "countdown" in (node.attrs.get("class") or "").split():
            out.append(int(node.attrs["data-deadline"]))
        _deadlines(node.children, dom, out)
    return out


def _ctx(gid, state, seat):
    from clubtable.i18n import Translator, register_game
    from clubtable.ui.context import ScreenContext
    register_game(gid)
    game = GAMES[gid]
    update = {"view": game.view(state, seat), "legal": game.legal(state, seat), "awaited": game.awaited(state)}
    return ScreenContext(game_id=gid, seat=seat, update=update, t=Translator("en"),
                         act=lambda a, s=None: None, toast=lambda text: None, constants=game.constants)


def test_the_context_reads_the_shared_timers():
    from clubtable.ui.context import ScreenContext
    timers = [{"name": "idle", "seat": None, "deadline_ms": 9000, "left_ms": None, "length_ms": 5000},
              {"name": "hold", "seat": 1, "deadline_ms": 7000, "left_ms": None, "length_ms": 5000},
              {"name": "turn", "seat": None, "deadline_ms": None, "left_ms": 1200, "length_ms": 5000}]
    ctx = ScreenContext(game_id="waldi", seat=1, update={"view": {"shared": {"timers": timers}}},
                        t=lambda k, **kw: k, act=lambda a: None, toast=lambda s: None)
    assert ctx.deadline("idle") == 9000 and ctx.deadline("hold", 1) == 7000
    assert ctx.deadline("hold") is None and ctx.deadline("hold", 0) is None      # another seat's, or none
    assert ctx.deadline("turn") is None and ctx.timer("turn")["left_ms"] == 1200   # paused: time left only
    assert ctx.next_timer()["name"] == "hold"


def _waldi_holding():
    game = GAMES["waldi"]
    st = game.new(["A", "B"], 5, {"countdown_s": 1}, 0)
    st = game.tick(st, game.deadline(st))
    go = st["go_ms"]
    st = game.apply(st, 0, {"type": "take_pile", "pile": 0}, go)
    return game.apply(st, 0, {"type": "reveal"}, go + 100)


@pytest.mark.parametrize("gid,timer", [("dodgy", "statement"), ("dohdles", "sculpt"), ("waldi", "hold")])
def test_each_screen_counts_down_to_its_running_timer(dom, gid, timer):
    from importlib import import_module, reload
    game = GAMES[gid]
    if gid == "waldi":
        state, seat = _waldi_holding(), 0
    else:
        state = game.new([f"P{i}" for i in range(game.min_players)], 3, {}, 0)
        seat = (game.awaited(state) or [0])[0]
    ctx = _ctx(gid, state, seat)
    due = ctx.deadline(timer, seat if game.timer_index().get(f"{timer}{seat}") else None)
    assert due and due == min(t["at"] for n, t in state["timers"].items() if n.startswith(timer))
    screen = reload(import_module(f"clubtable.ui.games.{gid}"))      # bound to this test's fake DOM
    assert due in _deadlines(screen.render(ctx), dom, [])
