"""The set-up screen in words, in every language: no JSON field and no ``null``, units as
shown, seat names that fit the game, the same player counts as the home screen, a game
number a player can use; names as subjects agree with their verbs."""
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from test_rules_pages import LANGS, _Setup, _text, _walk, dom  # noqa: F401  (dom: the fixture)

ROOT = Path(__file__).resolve().parents[2]
GAME_IDS = ("dodgy", "dobbelduel", "waldi", "dohdles", "cave")


def _setup(game_id, lang, **options):
    s = _Setup(game_id, lang)
    if "first_player_rule" in s.setup["options"]:        # the seat menu shows too
        s.setup["options"].update(first_player_rule="host_choice", first_player=0)
    s.setup["options"].update(options)
    return s


def _nodes(tree, dom):
    return list(_walk(tree, dom))


def _by_id(tree, dom):
    return {n.attrs["id"]: n for n in _walk(tree, dom) if "id" in n.attrs}


def _fire(node, event="change", value=None, checked=None):
    """Call a control's handler as the page would, the control holding ``value``/``checked``."""
    target = SimpleNamespace(value=value if value is not None else node.attrs.get("value", ""),
                             checked=bool(checked))
    node.events[event](SimpleNamespace(target=target, preventDefault=lambda: None, key=""))


def _shown(tree, dom) -> list:
    """Every text a player reads: texts, control values, placeholders, option labels."""
    out = [_text(tree, dom)]
    for n in _walk(tree, dom):
        shown = ("placeholder", "aria-label", "title") + (("value",) if n.tag in ("input", "textarea") else ())
        out += [str(n.attrs[a]) for a in shown if n.attrs.get(a)]     # an <option>'s value is not shown
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_json_field_and_no_null_on_the_set_up_screen(dom, game_id, lang):
    s = _setup(game_id, lang)
    tree = s.render_setup()
    for text in _shown(tree, dom):
        assert not re.search(r"\bnull\b|\bJSON\b|\bNone\b", text), (game_id, text)
        value = text.strip()
        if value[:1] in "[{":
            with pytest.raises(ValueError):
                json.loads(value)           # a value typed as JSON: not for players


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_duration_is_labelled_in_the_unit_it_is_typed_in(dom, game_id, lang):
    """Milliseconds options are typed in seconds (``shell_home``): the label must not say ms."""
    from clubtable.games import GAMES
    s = _setup(game_id, lang)
    by_id = _by_id(s.render_setup(), dom)
    for name in GAMES[game_id].options:
        control = by_id.get(f"opt-{name}")
        label = next((n for n in _walk(s.render_setup(), dom) if n.tag == "label"
                      and n.attrs.get("for") == f"opt-{name}"), None)
        if label is None or control is None or control.attrs.get("type") != "number":
            continue
        words = _text(label, dom)
        assert not re.search(r"\bms\b|milli", words, re.I), (game_id, name, words)
        if name.endswith(("_s", "_ms")):
            hint = by_id.get(f"opt-{name}-hint")
            unit = s.t("opt.range_s", lo="§", hi="§").split("§")[0]        # "seconds, "
            assert hint is not None and _text(hint, dom).startswith(unit), (game_id, name)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_seat_names_fit_the_game(dom, game_id, lang):
    """A game with no computer players names no seat "Computer 2", first or after adding one."""
    from clubtable.games import GAMES
    game = GAMES[game_id]
    s = _setup(game_id, lang)
    while len(s.setup["seats"]) < game.max_players:
        s.add_seat()
    computer = re.compile(re.escape(s.t("setup.bot_name", n=99)).replace("99", r"\d+"))
    for seat in s.setup["seats"][1:]:
        assert (seat["kind"] == "bot") == bool(game.bot_levels), seat
        assert bool(computer.fullmatch(seat["name"])) == (seat["kind"] == "bot"), (game_id, seat)


@pytest.mark.parametrize("lang", LANGS)
def test_home_and_set_up_say_the_same_number_of_players(dom, lang):
    from clubtable.catalogue import CATALOGUE, player_range
    from clubtable.games import GAMES
    for g in CATALOGUE:
        game = GAMES[g["id"]]
        assert (g["min"], g["max"]) == (game.min_players, game.max_players), g["id"]
        s = _setup(g["id"], lang)
        legend = next(n for n in _walk(s.render_setup(), dom) if n.tag == "legend")
        s.lobby = SimpleNamespace(tables={})
        card = next(n for n in _walk(s.render_home(), dom) if n.attrs.get("data-game") == g["id"])
        home = _text(next(n for n in _walk(card, dom) if n.attrs.get("class") == "players"), dom)
        assert home == s.t("home.players", n=player_range(g))
        assert player_range(g) in _text(legend, dom) and player_range(g) in home
        assert not re.search(r"(\d+)–\1\b", _text(legend, dom))          # no "2–2 players"


def test_the_home_screen_of_index_html_is_the_one_build_py_makes():
    import build
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    start, end = page.index(build.HOME_BEGIN), page.index(build.HOME_END) + len(build.HOME_END)
    assert page[start:end] == build.home_html(), "run build.py (it regenerates index.html)"


def test_the_splash_is_in_every_language_and_lang_js_picks_one():
    """Before Python runs, the loading line, the title, the help and the cards are there in
    each language (``lang`` elements the style sheet chooses between); lang.js is loaded in
    the head, before the body is drawn."""
    import build
    from clubtable.i18n import LANGUAGES, translate
    splash = build.home_html()
    for lang in LANGUAGES:
        for key in ("app.loading", "home.title", "boot.help.title", "boot.help.li1", "home.summary.dodgy"):
            text = build.html.escape(translate(lang, key))
            assert f'<span lang="{lang}">{text}</span>' in splash or text in splash, (lang, key)
            assert text != key
    head = (ROOT / "index.html").read_text(encoding="utf-8").split("</head>")[0]
    assert '<script src="static/lang.js"></script>' in head
    css = (ROOT / "static/css/clubtable.css").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        if lang != "en":
            assert f'html[lang="{lang}"] #splash [lang="{lang}"]' in css
    js = (ROOT / "static/lang.js").read_text(encoding="utf-8")
    assert '"clubtable.lang"' in js and all(f'"{lang}"' in js for lang in LANGUAGES)


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_number_is_a_set_up_option_and_deals_the_same_game(dom, lang):
    from clubtable.session import Table
    from clubtable.ui.shell_home import game_number, show_game_number
    s = _setup("dodgy", lang)
    by_id = _by_id(s.render_setup(), dom)
    assert "game-number" in by_id and "game-number-help" in by_id
    label = next(n for n in _walk(s.render_setup(), dom) if n.tag == "label" and n.attrs.get("for") == "game-number")
    assert "seed" not in _text(label, dom).lower()
    _fire(by_id["game-number"], "input", "12a")
    from clubtable.games import GAMES
    assert s.check_setup(GAMES["dodgy"]) == s.t("setup.game_number.bad")
    seed = 9007199254740991
    _fire(by_id["game-number"], "input", show_game_number(seed))
    assert game_number(s.setup["game_number"]) == seed
    seats = [{"kind": "local", "name": "Ann"}, {"kind": "bot", "name": "B", "level": "easy"}]
    dealt = [Table("dodgy", seats, options={}, now_ms=0, seed=game_number(show_game_number(seed))) for _ in range(2)]
    for table in dealt:
        table.start(0)
    assert dealt[0].state["seed"] == seed and dealt[0].state == dealt[1].state


def test_no_text_speaks_of_a_seed():
    """A player meets a "game number", never a "seed" (nor its French or German word)."""
    import po
    words = re.compile(r"\bseed\b|\bgraine\b|\bStartwert", re.I)
    found = []
    for path in (ROOT / "py/clubtable/locale").glob("*/LC_MESSAGES/*.po"):
        for e in po.read(path).entries:
            shown = e.translations() if path.parts[-3] != "en" else e.sources()
            found += [(path.name, e.key) for text in shown if words.search(re.sub(r"\{\w+\}", "", text))]
    assert found == []


# --------------------------------------------------------------------------- games' own controls
@pytest.mark.parametrize("lang", LANGS)
def test_waldis_own_cards_are_chosen_by_colour_and_open_a_table(dom, lang):
    from clubtable.engine import IllegalAction
    from clubtable.games.waldi import cards as C
    from clubtable.session import Table
    s = _setup("waldi", lang)
    by_id = _by_id(s.render_setup(), dom)
    assert by_id["opt-deck"].tag == "select" and s.setup["options"]["deck"] is None
    _fire(by_id["opt-deck"], value="custom")
    deck = s.setup["options"]["deck"]
    assert len(deck) == C.SET_SIZE
    tree = s.render_setup()
    rows = [n for n in _walk(tree, dom) if "deck-row" in n.attrs.get("class", "")]
    assert len(rows) == C.SET_SIZE and all(any(m.tag == "svg" for m in _walk(r, dom)) for r in rows)
    by_id = _by_id(tree, dom)
    # a head's colour and a tail's cat, set by menu and box
    _fire(by_id["deck-0-rear"], value="blue")
    tail = next(i for i, f in enumerate(deck) if f["kind"] == "tail" and not f["cat"])
    _fire(by_id[f"deck-{tail}-cat"], checked=True)
    assert deck[0]["rear"] == "blue" and deck[tail]["cat"] is True
    tree = s.render_setup()
    assert "deck-warnings" in _by_id(tree, dom)       # one head moved: blue is now unbalanced
    seats = [{"kind": "local", "name": "Ann"}, {"kind": "bot", "name": "B", "level": "normal"}]
    table = Table("waldi", seats, options=s.setup["options"], now_ms=0)
    assert table.options["deck"][0]["rear"] == "blue"
    belly = next(i for i, f in enumerate(deck) if f["kind"] == "belly")
    _fire(_by_id(tree, dom)[f"deck-{belly}-rear"], value=deck[belly]["front"])
    assert s.t("opt.waldi.deck.same") in _text(s.render_setup(), dom)
    with pytest.raises(IllegalAction):
        Table("waldi", seats, options=s.setup["options"], now_ms=0)
    _fire(_by_id(s.render_setup(), dom)["opt-deck"], value="standard")
    assert s.setup["options"]["deck"] is None


@pytest.mark.parametrize("lang", LANGS)
def test_caves_track_is_a_table_of_numbers_with_5p_boxes_and_opens_a_table(dom, lang):
    from clubtable.games import GAMES
    from clubtable.session import Table
    s = _setup("cave", lang)
    track = s.setup["options"]["game_marker_track"]
    n = len(track)
    tree = s.render_setup()
    by_id = _by_id(tree, dom)
    assert by_id["opt-game_marker_track"].tag == "table"
    heads = " ".join(_text(x, dom) for x in _walk(tree, dom) if x.tag == "th")
    if lang != "en":
        assert not re.search(r"\b(Start|End|5P)\b", heads.replace(s.t("cave.space.start"), "")), heads
    _fire(by_id["track-1-top"], "input", "9")
    _fire(by_id["track-2-5p"], checked=True)
    _fire(next(x for x in _walk(tree, dom) if x.attrs.get("data-key") == "track-add"), "click")
    assert len(track) == n + 1 and track[-1]["label"] == "End"
    rm = next(x for x in _walk(s.render_setup(), dom) if x.attrs.get("data-key") == "track-rm-3")
    _fire(rm, "click")
    assert len(track) == n and track[1]["top"] == 9 and track[2]["label"] == "5P"
    seats = [{"kind": "local", "name": "Ann"}] + [{"kind": "remote", "name": f"G{i}"} for i in (2, 3)]
    assert Table("cave", seats, options=s.setup["options"], now_ms=0).options["game_marker_track"][1]["top"] == 9
    _fire(_by_id(s.render_setup(), dom)["track-1-bottom"], "input", "x")
    assert s.check_setup(GAMES["cave"]) == s.t("opt.not_a_number", label=s.option_label(GAMES["cave"],
                                                                                       "game_marker_track"))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_closed_options_panel_is_not_built_and_opening_it_keeps_what_was_chosen(dom, game_id):
    """A tap on a game card draws the set-up with Options shut: none of its fields are made
    (Cave's track editor alone is some 140 elements); opened, every option is there again,
    holding what the player chose before shutting it."""
    from clubtable.games import GAMES
    s = _setup(game_id, "en")
    s.setup["options_open"] = False
    tree = s.render_setup()
    details = next(n for n in _walk(tree, dom) if n.tag == "details")
    assert "open" not in details.attrs or not details.attrs["open"]
    assert [n.tag for n in _walk(details, dom) if isinstance(n, dom.Node) and n is not details] == ["summary"]
    summary = next(n for n in _walk(tree, dom) if n.tag == "summary")
    _fire(summary, "click")
    assert s.setup["options_open"]
    by_id = _by_id(s.render_setup(), dom)
    assert "game-number" in by_id and "opt-ice" in by_id
    for name in GAMES[game_id].options:
        assert f"opt-{name}" in by_id or f"opt-{name}-help" in by_id, name
    _fire(by_id["game-number"], "input", "4242")
    _fire(summary, "click")                       # shut again, then opened: the number stays
    assert not s.setup["options_open"] and "game-number" not in _by_id(s.render_setup(), dom)
    _fire(next(n for n in _walk(s.render_setup(), dom) if n.tag == "summary"), "click")
    assert _by_id(s.render_setup(), dom)["game-number"].attrs["value"] == "4242"


# --------------------------------------------------------------------------- subjects and counts
def _dodgy_turn(lang, accepted):
    from clubtable.games import GAMES
    from clubtable.i18n import Translator
    from clubtable.ui.screens import screen_module
    from clubtable.ui.context import ScreenContext
    from clubtable.ui.howto import example
    game = GAMES["dodgy"]
    ctx = ScreenContext(game_id="dodgy", seat=0, update={"view": {}}, t=Translator(lang), act=lambda *a: None,
                        toast=lambda *a: None, constants=dict(game.constants or {}), lang=lang)
    ex = example(ctx, {"phase": "statement", "accepted": accepted}, people=("Ann", "Computer 1", "Computer 2"))
    return screen_module("dodgy").turn_panel(ex)


@pytest.mark.parametrize("lang, one, two", [("en", "Computer 1 lets it stand", "Computer 1, Computer 2 let it stand"),
                                            ("fr", "Computer 1 laisse passer", "Computer 1, Computer 2 laissent passer"),
                                            ("de", "Computer 1 lässt es gelten",
                                             "Computer 1, Computer 2 lassen es gelten")])
def test_a_name_as_subject_agrees_with_its_verb(dom, lang, one, two):
    assert one in _text(_dodgy_turn(lang, [1]), dom)
    assert two in _text(_dodgy_turn(lang, [1, 2]), dom)


def test_every_text_naming_players_as_a_subject_agrees_with_how_many():
    """A text whose subject is a list of names (``{names}`` before a verb) has plural forms, and
    the code passes their number."""
    import po
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "py/clubtable/ui").rglob("*.py"))
    for e in po.read(ROOT / "py/clubtable/locale/en/LC_MESSAGES/clubtable.po").entries + \
            [x for d in ("dodgy", "dohdles", "cave", "waldi", "dobbelduel", "riddles")
             for x in po.read(ROOT / f"py/clubtable/locale/en/LC_MESSAGES/{d}.po").entries]:
        if re.search(r"\{names\} (is|are|let|lets|has|have|was|were|finish|wins?)\b|for \{names\} to", e.msgid):
            assert e.plural, e.key
            call = re.search(r't\(\s*"%s",[^)]*' % re.escape(e.key), code)
            assert call and re.search(r"\bn=len\(", code[call.start():call.end() + 80]), e.key
