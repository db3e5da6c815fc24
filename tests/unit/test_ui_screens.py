"""Screens only draw: the shell and the DODGY screen reach the browser through one door
(``ui/browser/__init__.py``; the patcher ``ui.dom`` too), and the DODGY screen is a pure function of its ``ScreenContext`` (built here by hand
from a real table, as the shell builds it)."""
import ast
import pathlib

import pytest

import fake_dom

GAME_IDS = ("dodgy", "dobbelduel", "waldi", "cave", "dohdles")

UI = pathlib.Path(__file__).resolve().parents[2] / "py" / "clubtable" / "ui"
BROWSER = ("pyscript", "pyodide", "js")


def _imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def test_only_the_browser_door_imports_the_browser():
    for path in sorted(UI.rglob("*.py")):
        rel = path.relative_to(UI).as_posix()
        # the door; and what a restored page runs before the door has the page (its finder
        # calls the page's function at an import, which may come before browser.arrive)
        if rel in ("browser/__init__.py", "browser/restored.py"):
            continue
        bad = [m for m in _imports(path) if m.split(".")[0] in BROWSER]
        assert bad == [], f"{rel} imports {bad}"


def test_the_dodgy_screen_reaches_nothing_but_its_context():
    text = (UI / "games" / "dodgy.py").read_text(encoding="utf-8")
    for reach in ("ctx.app", "ctx.ui", "can_state", "can_dodgy", "can_choose", "== 20"):
        assert reach not in text


@pytest.fixture
def dom():
    # the screens bind to the DOM module of the document they were first imported under
    fake_dom.forget("clubtable.ui.riddles", *(f"clubtable.ui.games.{g}" for g in GAME_IDS))
    _, dom = fake_dom.install()
    yield dom
    fake_dom.uninstall()


def _texts(node, dom, out):
    if isinstance(node, dom.Node):
        for c in node.children:
            _texts(c, dom, out)
    elif isinstance(node, list):
        for c in node:
            _texts(c, dom, out)
    else:
        out.append(str(node))
    return out


def _find(node, dom, pred):
    if isinstance(node, list):
        for c in node:
            r = _find(c, dom, pred)
            if r is not None:
                return r
        return None
    if not isinstance(node, dom.Node):
        return None
    if pred(node):
        return node
    return _find(node.children, dom, pred)


def _context(update, seat, acted, said, scratch=None):
    from clubtable.i18n import Translator, register_game
    from clubtable.ui.context import ScreenContext
    register_game("dodgy")
    return ScreenContext(game_id="dodgy", seat=seat, update=update, t=Translator("fr"),
                         act=lambda a, s=None: acted.append((a, s)), toast=lambda text: None,
                         scratch=scratch if scratch is not None else {}, announce=said.append)


def test_the_stater_gets_the_picker_in_its_language_and_acts_through_the_context(dom):
    from clubtable.session import Table
    from clubtable.ui.games import dodgy
    table = Table("dodgy", [{"kind": "local", "name": "Ann"}, {"kind": "local", "name": "Bo"}], now_ms=0)
    table.start(0)
    stater = table.update_for(0)["view"]["stater"]
    up = table.update_for(stater)
    acted, said = [], []
    ctx = _context(up, stater, acted, said)
    tree = dodgy.render(ctx)
    assert "Votre annonce :" in _texts(tree, dom, [])
    assert not said and not ctx.scratch                       # drawing tells nothing, keeps nothing
    from clubtable.ui.context import new_news
    heard = {}
    words, look, _, _ = new_news(dodgy.news(ctx), heard, stater)
    assert "Votre annonce" in words and look is None          # the news, once...
    assert new_news(dodgy.news(_context(up, stater, acted, said)), heard, stater) == ("", None, [], None)   # ...not again
    image = _find(tree, dom, lambda n: "data-image" in n.attrs)
    image.events["click"](None)                               # choose an image (scratch only)
    form = _find(dodgy.render(ctx), dom, lambda n: n.attrs.get("id") == "claim-form")
    form.events["submit"](None)
    assert acted and acted[0][0]["type"] == "state" and acted[0][1] is None
    assert acted[0][0] in up["legal"]


INTERFACE = ("ready", "started", "seats", "updates", "update_for", "act", "local_seats", "status", "error",
             "clock_offset", "is_host", "can_start", "start", "can_replace_with_bot", "replace_with_bot",
             "can_invite", "verification", "seed", "leave", "game", "table_id", "summaries", "offer",
             "finished_record", "has_finished_record")


def test_host_and_guest_tables_give_the_shell_the_same_interface(dom):
    from clubtable.ui.controllers import GuestTable, HostTable, TableController
    for cls in (HostTable, GuestTable):
        assert issubclass(cls, TableController)
        missing = [name for name in INTERFACE if not hasattr(cls, name) and name not in ("status", "error")]
        assert missing == [], (cls.__name__, missing)
    guest = GuestTable("t1", "Ann", lobby=None, on_change=lambda: None)
    assert (guest.ready, guest.started, guest.is_host, guest.can_start, guest.verification) == \
        (False, False, False, False, None)
    assert guest.update_for(None) is None and guest.updates() == {}
    refusal = guest.act(0, {"type": "roll"})
    assert refusal.code == "not_connected"
    assert guest.replace_with_bot(1).code == "not_host"


def test_the_shell_never_asks_which_controller_it_holds():
    for name in ("app.py", "shell_home.py", "shell_table.py"):
        text = (UI / name).read_text(encoding="utf-8")
        assert "isinstance(self.ctl" not in text and "HostTable)" not in text and "GuestTable)" not in text


def test_every_face_a_screen_paints_has_its_picture_and_its_style_rule():
    """DODGY's faces and Dobbelduel's pips and colours are classes: each has its file under
    static/art and its rule in the style sheet (a missing one would show an empty die)."""
    fake_dom.install()
    try:
        from clubtable.ui.games import dobbelduel, dodgy
        static = UI.parents[2] / "static"
        css = (static / "css" / "clubtable.css").read_text(encoding="utf-8")
        for face in dodgy.ART_FACES:
            assert (static / "art" / "dodgy" / f"{face}.svg").is_file(), face
            assert f".face-{face} {{ background-image: url(../art/dodgy/{face}.svg); }}" in css, face
        for n in dobbelduel.PIPS:
            assert (static / "art" / "dobbelduel" / f"pips-{n}.svg").is_file(), n
            assert f"mask-image: url(../art/dobbelduel/pips-{n}.svg)" in css, n
        for colour in dobbelduel.PAINTED:
            assert f".dd-face-{colour} {{ background:" in css and f".swatch.c-{colour} {{" in css, colour
    finally:
        fake_dom.uninstall()


def test_waldi_score_tables_show_each_name_on_its_own_row_or_beside_its_numbers(dom):
    """Wie Waldi!'s final table: per player a group of rows whose name is both the header
    beside the numbers (``waldi-name-col``, a wide panel's) and a row of its own above them
    (``waldi-name-row``, spanning the numbers' columns: a phone's); the style sheet shows one
    of the two, so no name is squeezed into a 40 px column and broken inside its word."""
    from clubtable.i18n import Translator, register_game
    from clubtable.ui.context import ScreenContext
    from clubtable.ui.games import waldi
    from record_games import run_table
    register_game("waldi")
    table = run_table("waldi", 3)
    ctx = ScreenContext(game_id="waldi", seat=0, update=table.update_for(0), t=Translator("de"),
                        act=lambda *a: None, toast=lambda text: None, scratch={}, announce=lambda text: None,
                        constants=dict(table.game.constants))
    final = _find(waldi.render(ctx), dom, lambda n: n.attrs.get("id") == "waldi-final")
    columns = _find(final, dom, lambda n: n.tag == "thead").children[0].children
    groups = [c for c in _find(final, dom, lambda n: n.tag == "table").children
              if isinstance(c, dom.Node) and c.tag == "tbody"]
    assert len(groups) == len(table.seats) and columns[0].attrs["class"] == "waldi-name-col"
    for seat, group in enumerate(groups):
        name_row, numbers = group.children
        above, beside = name_row.children[0], numbers.children[0]
        assert name_row.attrs["class"].startswith("waldi-name-row") and numbers.attrs["data-seat"] == str(seat)
        assert above.attrs["scope"] == "rowgroup" and above.attrs["colspan"] == str(len(columns) - 1)
        assert beside.attrs["scope"] == "row" and beside.attrs["class"] == "waldi-name-col"
        assert table.seats[seat]["name"] in _texts(above, dom, []) == _texts(beside, dom, [])
        assert len(numbers.children) == len(columns)
    css = (UI.parents[2] / "static" / "css" / "clubtable.css").read_text(encoding="utf-8")
    assert ".waldi-scores .waldi-name-row { display: none; }" in css
    assert "@container (max-width: 760px)" in css and ".waldi-scores .waldi-name-col { display: none; }" in css
