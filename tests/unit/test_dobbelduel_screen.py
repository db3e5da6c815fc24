"""Dobbelduel's row 1 on the breaker's screen: the solution pickers stay in the page for the
whole match, greyed out while an effort is rolled and counted (the breaker may solve only
between efforts, DOB-6), so a confirmed effort only switches them on again and the
values already picked stay in view.  The maker's screen never shows them."""
import fake_dom
import pytest

from clubtable.games import GAMES
from clubtable.i18n import Translator
from clubtable.session import Table


@pytest.fixture
def screen():
    fake_dom.forget("clubtable.ui.games.dobbelduel")
    _, dom = fake_dom.install()
    from clubtable.ui.games import dobbelduel
    yield dom, dobbelduel
    fake_dom.forget("clubtable.ui.games.dobbelduel")
    fake_dom.uninstall()


def _table():
    # seat 0 breaks the first match; feedback is computed, so a placed effort is counted at once
    t = Table("dobbelduel", [{"kind": "local", "name": "Ann"}, {"kind": "local", "name": "Bo"}],
              options={"first_code_maker": 1}, now_ms=0)
    t.start(0)
    return t


def _draw(dom, mod, table, seat, scratch):
    from clubtable.ui.context import ScreenContext
    ctx = ScreenContext(game_id="dobbelduel", seat=seat, update=table.update_for(seat), t=Translator("en"),
                        act=lambda a, s=None: None, toast=lambda m: None, scratch=scratch,
                        constants=dict(GAMES["dobbelduel"].constants))
    return mod.render(ctx)


def _pickers(dom, node, out=None):
    out = [] if out is None else out
    if isinstance(node, list):
        for c in node:
            _pickers(dom, c, out)
    elif isinstance(node, dom.Node):
        if node.tag == "select" and node.attrs.get("id", "").startswith("dd-sol-"):
            out.append(node)
        _pickers(dom, node.children, out)
    return out


def _chosen(dom, select):
    return [o.attrs["value"] for o in select.children if isinstance(o, dom.Node) and "selected" in o.attrs]


def test_the_pickers_stay_through_an_effort_greyed_out_with_their_values(screen):
    dom, mod = screen
    t = _table()
    scratch = {"dd.sol": (0, [3, None, None, None])}          # the breaker picked a 3 for blue
    ready = _pickers(dom, _draw(dom, mod, t, 0, scratch))
    assert [p.attrs["id"] for p in ready] == ["dd-sol-0", "dd-sol-1", "dd-sol-2", "dd-sol-3"]
    assert not any("disabled" in p.attrs for p in ready)
    assert _chosen(dom, ready[0]) == ["3"]

    t.local(0, {"type": "roll"}, 10)
    rolled = _pickers(dom, _draw(dom, mod, t, 0, scratch))
    assert len(rolled) == 4 and all("disabled" in p.attrs for p in rolled)
    assert _chosen(dom, rolled[0]) == ["3"] and _chosen(dom, rolled[1]) == [""]
    assert "solve" not in {a["type"] for a in GAMES["dobbelduel"].legal(t.state, 0)}

    first = t.update_for(0)["view"]["board"]["rolled"][0]
    t.local(0, {"type": "place", "row": [first, None, None, None]}, 20)      # counted at once
    again = _pickers(dom, _draw(dom, mod, t, 0, scratch))
    assert len(again) == 4 and not any("disabled" in p.attrs for p in again)
    assert _chosen(dom, again[0]) == ["3"]


def test_the_maker_never_sees_the_breakers_pickers(screen):
    dom, mod = screen
    t = _table()
    scratch = {"dd.sol": (0, [3, 4, None, None])}
    assert _pickers(dom, _draw(dom, mod, t, 1, scratch)) == []
    t.local(0, {"type": "roll"}, 10)
    assert _pickers(dom, _draw(dom, mod, t, 1, scratch)) == []


def test_a_solved_match_shows_the_solution_not_the_pickers(screen):
    dom, mod = screen
    t = _table()
    t.local(0, {"type": "solve", "code": [1, 2, 3, 4]}, 10)
    assert _pickers(dom, _draw(dom, mod, t, 0, {})) == []


def test_on_a_reveal_the_likely_tap_is_next_match_and_nowhere_else(screen):
    """``likely``: the step the shell makes in idle time (ui/shell_table.py ``warm_likely``) is
    "next match" on a finished match's reveal, the scratch entry that tap sets; nothing while
    a match is played, after the game or in a replay."""
    from clubtable.ui.context import ScreenContext
    dom, mod = screen

    def ctx(view, scratch=None, replay=False):
        return ScreenContext(game_id="dobbelduel", seat=1, update={"view": view}, t=Translator("en"),
                             act=lambda a, s=None: None, toast=lambda m: None,
                             scratch={} if scratch is None else scratch, replay=replay)
    playing = {"board": {"rows": []}, "history": [], "phase": "play", "match": 0}
    revealed = {"board": {"rows": []}, "history": [{"rows": []}], "phase": "play", "match": 1}
    assert mod.likely(ctx(playing)) is None
    assert mod.likely(ctx(revealed)) == {"dd.seen.1": 0}
    assert mod.likely(ctx(revealed, {"dd.seen.1": 0})) is None            # moved on already
    assert mod.likely(ctx(dict(revealed, phase="over"))) is None
    assert mod.likely(ctx(revealed, replay=True)) is None
