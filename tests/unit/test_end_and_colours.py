"""The end of a game and the players' colours, drawn with the fake DOM.

The end lists the players by place (by score, ties sharing a place), not by seat, above the
board, and focus goes to it.  Every player's colour and symbol comes from one palette
(``ui/context.py``): the style sheet paints the same colours, no screen picks its own, and a
game of sides colours both members of a side alike, in the name bar and on the board."""
import pathlib
import re

import pytest

import fake_dom

ROOT = pathlib.Path(__file__).resolve().parents[2]
UI = ROOT / "py" / "clubtable" / "ui"
CSS = ROOT / "static" / "css" / "clubtable.css"


@pytest.fixture
def dom():
    fake_dom.forget("clubtable.ui.riddles", "clubtable.ui.games.dohdles", "clubtable.ui.games.cave",
                    "clubtable.ui.shell_table", "clubtable.ui.shell_home", "clubtable.ui.clubs")
    _, dom = fake_dom.install()
    yield dom
    fake_dom.uninstall()


def _walk(node, dom):
    if isinstance(node, list):
        for c in node:
            yield from _walk(c, dom)
    elif isinstance(node, dom.Node):
        yield node
        for c in node.children:
            yield from _walk(c, dom)


def _text(node, dom) -> str:
    if isinstance(node, list):
        return "".join(_text(c, dom) for c in node)
    if isinstance(node, dom.Node):
        return "".join(_text(c, dom) for c in node.children)
    return "" if node is None else str(node)


def _by_id(tree, dom, id_):
    return next((n for n in _walk(tree, dom) if n.attrs.get("id") == id_), None)


# --------------------------------------------------------------------------- ranking
def test_places_go_by_score_and_ties_share_a_place(dom):
    from clubtable.ui.shell_table import ranking
    # the case: numbered by seat, "1. Clubber: 0 … 3. Computer 2: 19" read as if the loser won
    assert ranking([0, 4, 19, 19], [2, 3]) == [(1, 2, 19), (1, 3, 19), (3, 1, 4), (4, 0, 0)]
    assert ranking([3, 3, 3], []) == [(1, 0, 3), (1, 1, 3), (1, 2, 3)]
    # a tie-break winner (Waldi's cards) is listed first among equals, and shares the place
    assert ranking([7, 9, 9], [2]) == [(1, 2, 9), (1, 1, 9), (3, 0, 7)]
    # a game won by the fewest points ranks upwards; bad winners are ignored
    assert ranking([12, 3, 8], [1]) == [(1, 1, 3), (2, 2, 8), (3, 0, 12)]
    assert ranking([1, 2], [5, "x"]) == [(1, 1, 2), (2, 0, 1)]


class _Ctl:
    is_host, status, verification, seed, bots_hurried = True, "ok", None, 42, False
    host_away = host_hidden = False

    def can_replace_with_bot(self, seat):
        return False

    def finished_record(self):
        return None

    def has_finished_record(self):
        return False

    def local_seats(self):
        return [0]


class _Board:
    @staticmethod
    def render(ctx):
        from clubtable.ui.dom import h
        return h("p", "the board", id="the-board")


def _shell(said):
    from clubtable.i18n import Translator
    from clubtable.ui.context import ScreenContext
    from clubtable.ui.shell_table import TableScreens

    class Shell(TableScreens):
        t = Translator("en")
        ctl = _Ctl()
        result_said = focus_after = None
        result_notes = toasts = ()
        confirm_leave = False

        def screen_module(self, game_id):
            return _Board

        def make_context(self, game, seat, update, others):
            return ScreenContext(game_id=game.id, seat=seat, update=update, t=self.t, act=lambda *a: None,
                                 toast=lambda *a: None)

        def announce(self, text):
            said.append(text)
    return Shell()


def test_the_end_shows_places_and_the_winner_above_the_board_and_takes_focus(dom):
    said = []
    shell = _shell(said)
    seats = [{"name": n, "kind": "local"} for n in ("Clubber", "Computer 1", "Computer 2", "Cid")]
    up = {"game": "dodgy", "seats": seats, "view": {}, "result": {"winners": [2], "scores": [0, 19, 19, 4]}}
    tree = shell.render_play(up, 0, [])
    ids = [n.attrs.get("id") for n in _walk(tree, dom) if n.attrs.get("id") in ("result", "the-board", "ranking")]
    assert ids == ["result", "ranking", "the-board"]                 # the end first, the board below
    assert _text(_by_id(tree, dom, "winners"), dom) == "Winner: Computer 2"
    rows = [n for n in _walk(_by_id(tree, dom, "ranking"), dom) if n.tag == "li"]
    assert [(r.attrs["value"], _text(r, dom)) for r in rows] == [
        ("1", "■ Computer 2: 19"), ("1", "▲ Computer 1: 19"), ("3", "◆ Cid: 4"), ("4", "● Clubber: 0")]
    assert "winner" in rows[0].attrs.get("class", "") and "winner" not in rows[1].attrs.get("class", "")
    assert shell.focus_after == "#result h2" and said == ["Game over: Winner: Computer 2"]
    shell.focus_after = None
    shell.render_play(up, 0, [])
    assert shell.focus_after is None and len(said) == 1          # said and focused once, not on every redraw


# --------------------------------------------------------------------------- one palette
def test_the_style_sheet_paints_the_palettes_colours():
    from clubtable.ui.context import PALETTE, SYMBOLS
    css = CSS.read_text(encoding="utf-8")
    assert len(PALETTE) == len(SYMBOLS) == len(set(PALETTE)) == len(set(SYMBOLS))
    for i, colour in enumerate(PALETTE):
        assert re.search(rf"--p{i}: {colour};", css), (i, colour)
        assert f".p{i} {{ color: var(--p{i}); }}" in css
        assert f".waldi-card.f{i} {{ color: var(--p{i}); }}" in css


def test_no_screen_picks_a_players_colour_itself():
    """Colours by seat only through the context (``ctx.marker``, ``ctx.colour``,
    ``ctx.mark_cls``): no screen counts seats modulo the palette, writes a marker class, or
    holds a player colour of its own; and no engine hands the screen a palette."""
    from clubtable.games import GAMES
    from clubtable.ui.context import PALETTE
    for path in sorted(UI.rglob("*.py")):
        if path.name == "context.py":
            continue
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(UI).as_posix()
        assert not re.search(r"pmark p\{|\b(seat|side|placer|owner|maker|by)\w*\)? ?% ?(6\b|len\()", text), rel
        if rel != "games/waldi.py":             # Waldi's blanket colours are cards, not players
            assert not any(c in text.lower() for c in PALETTE), rel
    for game in GAMES.values():
        assert "colours" not in (getattr(game, "constants", None) or {}), game.id


def _dohdles_ctx(n, seat=0):
    from clubtable.games import GAMES
    from clubtable.i18n import Translator, register_game
    from clubtable.session import Table
    from clubtable.ui.context import ScreenContext
    from clubtable.ui.games import dohdles
    register_game("dohdles")
    table = Table("dohdles", [{"kind": "local", "name": f"P{i}"} for i in range(n)],
                  options={"riddle_medium": "drawing"}, now_ms=0)
    table.start(0)
    return ScreenContext(game_id="dohdles", seat=seat, update=table.update_for(seat), t=Translator("en"),
                         act=lambda *a: None, toast=lambda *a: None, scratch={},
                         constants=GAMES["dohdles"].constants, seat_colours=dohdles.seat_colours)


def test_dohdles_tokens_and_dough_wear_the_name_bars_colour(dom):
    from clubtable.ui.context import PALETTE, SYMBOLS
    from clubtable.ui.games import dohdles
    ctx = _dohdles_ctx(4, seat=2)
    tree = dohdles.render(ctx)
    pad = next(n for n in _walk(tree, dom) if n.tag == "canvas")
    assert PALETTE[2] in pad.attrs.get("style", "")                 # the dough: seat 2's colour
    swatches = [n for n in _walk(tree, dom) if "doh-swatch" in n.attrs.get("class", "")]
    assert swatches
    for sw in swatches:
        colour = re.search(r"background:(#[0-9a-f]{6})", sw.attrs["style"]).group(1)
        i = PALETTE.index(colour)
        assert _text(sw, dom) == SYMBOLS[i]                          # the colour with its own symbol
    seen = {(PALETTE.index(re.search(r"background:(#[0-9a-f]{6})", sw.attrs["style"]).group(1)), _text(sw, dom))
            for sw in swatches}
    # the name bar's markers: the same colour class and symbol per seat
    for seat in range(4):
        mark = ctx.marker(seat)
        assert mark.attrs["class"] == f"pmark p{seat}" and _text(mark, dom) == SYMBOLS[seat]
    assert seen <= {(s, SYMBOLS[s]) for s in range(4)}


def test_a_team_shares_its_sides_colour_in_the_name_bar_and_on_the_board(dom):
    ctx = _dohdles_ctx(7)                         # seats 2k and 2k+1 play as a team; seat 6 alone
    sides = [s["members"] for s in ctx.view["sides"]]
    assert sides == [[0, 1], [2, 3], [4, 5], [6]]
    marks = [(ctx.marker(s).attrs["class"], ctx.symbol(s), ctx.colour(s)) for s in range(7)]
    assert marks[0] == marks[1] and marks[2] == marks[3] and marks[4] == marks[5]
    assert len({m for m in marks}) == 4                  # four sides, four colours: none repeated
    assert marks[6][0] == "pmark p3"


def test_no_player_in_dobbelduel_looks_like_a_column_of_dice(dom):
    """The dice are blue, red, yellow and green: the two players wear other colours of the
    palette, and the columns' shapes are none of the players'."""
    from clubtable.i18n import Translator
    from clubtable.ui.context import SYMBOLS, ScreenContext
    from clubtable.ui.games import dobbelduel
    ctx = ScreenContext(game_id="dobbelduel", seat=0, t=Translator("en"), act=lambda *a: None, toast=lambda *a: None,
                        update={"view": {"columns": list(dobbelduel.PAINTED)},
                                "seats": [{"name": "Ann"}, {"name": "Computer 1"}]},
                        seat_colours=dobbelduel.seat_colours)
    css = CSS.read_text(encoding="utf-8")
    dice = {re.search(rf"\.dd-c-{c} {{ --dd-col: (#[0-9a-f]{{6}}); }}", css).group(1) for c in dobbelduel.PAINTED}
    dice |= {re.search(rf"\.dd-face-{c} {{ background: (#[0-9a-f]{{6}}); }}", css).group(1) for c in dobbelduel.PAINTED}
    players = {ctx.colour(0), ctx.colour(1)}
    assert len(players) == 2 and not players & dice
    assert not set(dobbelduel.COLOUR_SYM.values()) & set(SYMBOLS)
    assert {ctx.symbol(0), ctx.symbol(1)} <= set(SYMBOLS)
