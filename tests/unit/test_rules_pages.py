"""How to play: every game has a rules page in every language, every text of it is in that
language's catalogue (no key left showing, no English in French or German), every worked
example is drawn with a text alternative, and every option on the set-up screen says what
it does."""
import json

import pytest

import fake_dom

LANGS = ("en", "fr", "de")


def _forget_ui():
    import sys
    fake_dom.forget(*[m for m in list(sys.modules) if m.startswith("clubtable.ui.") and m != "clubtable.ui.dom"])


@pytest.fixture(scope="module")
def dom():
    _forget_ui()                       # the screens bind to this document's DOM module
    _, dom = fake_dom.install()
    yield dom
    _forget_ui()                       # and to no other test's
    fake_dom.uninstall()


class Recorder:
    """A translator that remembers every key asked of it."""

    def __init__(self, lang):
        from clubtable.i18n import Translator
        self.inner = Translator(lang)
        self.lang = lang
        self.keys = []

    def __call__(self, key, **params):
        self.keys.append(key)
        return self.inner(key, **params)


def _walk(node, dom):
    if isinstance(node, list):
        for c in node:
            yield from _walk(c, dom)
    elif isinstance(node, dom.Node):
        yield node
        yield from _walk(node.children, dom)


def _text(node, dom):
    if isinstance(node, list):
        return "".join(_text(c, dom) for c in node)
    if isinstance(node, dom.Node):
        return _text(node.children, dom)
    return "" if node is None else str(node)


def _page(game_id, lang, options=None):
    from clubtable.games import GAMES
    from clubtable.ui import howto
    from clubtable.ui.screens import screen_module
    from clubtable.ui.context import ScreenContext
    game = GAMES[game_id]
    t = Recorder(lang)
    ctx = ScreenContext(game_id=game_id, seat=None, update={"view": {"options": {**game.options, **(options or {})}}},
                        t=t, act=lambda *a: None, toast=lambda *a: None, constants=dict(game.constants or {}),
                        lang=lang)
    return howto.page(ctx, game.title, screen_module(game_id).how_to_play), t.keys


def _has(lang, key):
    from clubtable import i18n
    return i18n.has(lang, key)


def _raw(lang, key):
    from clubtable import i18n
    return i18n.translate(lang, key) if _has(lang, key) else None


def _games():
    from clubtable.games import GAMES
    return sorted(GAMES)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", ["dodgy", "dobbelduel", "waldi", "dohdles", "cave"])
def test_every_game_has_a_rules_page_in_every_language_with_no_missing_text(dom, game_id, lang):
    tree, keys = _page(game_id, lang)
    assert tree.attrs["id"] == "rules" and tree.attrs["data-game"] == game_id
    missing = sorted({k for k in keys if not _has(lang, k)})
    assert missing == [], missing
    text = _text(tree, dom)
    assert ".rules." not in text and "howto." not in text
    heads = [n for n in _walk(tree, dom) if n.tag == "h1"]
    assert len(heads) == 1
    parts = [n for n in _walk(tree, dom) if n.tag == "section" and "howto-part" in n.attrs.get("class", "")]
    assert len(parts) >= 5          # goal, set-up, a turn, the special rules, the end
    ids = [n.attrs["id"] for n in _walk(tree, dom) if "id" in n.attrs]
    assert len(ids) == len(set(ids))


def test_every_game_in_the_registry_has_a_rules_page(dom):
    from clubtable.ui.screens import screen_module
    for game_id in _games():
        assert callable(getattr(screen_module(game_id), "how_to_play", None)), game_id


@pytest.mark.parametrize("game_id", ["dodgy", "dobbelduel", "waldi", "dohdles", "cave"])
def test_every_worked_example_is_drawn_with_a_text_alternative(dom, game_id):
    tree, _ = _page(game_id, "en")
    figures = [n for n in _walk(tree, dom) if n.tag == "figure"]
    assert figures, "no illustrated example"
    for fig in figures:
        caption = [n for n in _walk(fig, dom) if n.tag == "figcaption"]
        assert caption and _text(caption[0], dom).strip()
        pictures = [n for n in _walk(fig, dom) if n.tag in ("svg", "table") or n.attrs.get("role") == "img"
                    or n.attrs.get("aria-label")]
        assert pictures, f"{fig.attrs.get('data-example')}: not drawn with the game's pieces"
        for n in _walk(fig, dom):
            if n.tag == "svg":
                # a picture is either hidden (its element says it in words) or labelled
                assert n.attrs.get("aria-hidden") == "true" or n.attrs.get("aria-label"), fig.attrs
            if n.attrs.get("role") == "img":
                assert n.attrs.get("aria-label", "").strip(), fig.attrs
            if n.tag == "img":
                assert n.attrs.get("alt", "").strip()


def test_french_and_german_rules_are_not_english(dom):
    for game_id in _games():
        _, keys = _page(game_id, "en")
        for lang in ("fr", "de"):
            same = [k for k in set(keys) if len(_raw("en", k) or "") > 25 and _raw(lang, k) == _raw("en", k)]
            assert same == [], (lang, same)


def test_the_dodgy_reveal_shows_the_hands_the_wild_seer_stone_and_the_loser(dom):
    tree, _ = _page("dodgy", "en")
    fig = next(n for n in _walk(tree, dom) if n.attrs.get("data-example") == "dodgy.rules.reveal")
    text = _text(fig, dom)
    assert "Ben shouted DODGY on Ann's 4 × ship" in text and "wild" in text
    counted = [n for n in _walk(fig, dom) if "counted" in n.attrs.get("class", "").split()]
    assert len(counted) == 4
    assert any("seer" in n.attrs.get("class", "").split() and n in counted for n in counted)


def test_the_rules_follow_the_tables_options(dom):
    tree, _ = _page("dodgy", "en", {"challenge_min_window_s": 5, "round_limit": 7, "seer_mode": "none"})
    text = _text(tree, dom)
    assert "5 seconds" in text and "after round 7" in text and "does not count at all" in text
    tree, _ = _page("dodgy", "en", {"challenge_min_window_s": 0})
    assert "announced at once" in _text(tree, dom)


class _Setup:
    """The set-up screen alone (the home mixin with what it reads of the app)."""

    def __init__(self, game_id, lang):
        from clubtable.i18n import Translator
        from clubtable.ui.screens import register_texts, screen_module
        self.t = Translator(lang)
        self.player_name = "Ann"
        self.ctl = None
        self.register_texts = register_texts
        self.screen_module = screen_module
        self.rules_from = None
        from clubtable.ui.shell_home import HomeScreens
        self.screens = HomeScreens
        self.setup = HomeScreens.new_setup(self, game_id)
        self.setup["options_open"] = True

    def open_table(self, *_):
        pass

    def go(self, route):
        self.went = route

    def render(self, *_):
        pass

    def __getattr__(self, name):
        from clubtable.ui.shell_home import HomeScreens
        return getattr(HomeScreens, name).__get__(self)


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_on_the_set_up_screen_is_explained_where_it_is_chosen(dom, lang):
    for game_id in _games():
        s = _Setup(game_id, lang)
        if "first_player_rule" in s.setup["options"]:
            s.setup["options"]["first_player_rule"] = "host_choice"    # the seat field shows too
            s.setup["options"]["first_player"] = 0
        tree = s.render_setup()
        nodes = list(_walk(tree, dom))
        by_id = {n.attrs["id"]: n for n in nodes if "id" in n.attrs}
        from clubtable.games import GAMES
        for name in GAMES[game_id].options:
            help_node = by_id.get(f"opt-{name}-help")
            assert help_node is not None and _text(help_node, dom).strip(), (game_id, name)
            control = by_id.get(f"opt-{name}")
            assert control is not None, (game_id, name)
            assert f"opt-{name}-help" in control.attrs.get("aria-describedby", "").split(), (game_id, name)
        assert by_id["setup-rules"].attrs["href"] == f"#/rules/{game_id}"


def test_the_rules_page_leads_back_to_the_table_it_was_opened_from(dom):
    s = _Setup("dodgy", "en")

    class Ctl:
        game = __import__("clubtable.games", fromlist=["GAMES"]).GAMES["dodgy"]
        table = type("T", (), {"options": {"challenge_min_window_s": 9}})()
    s.ctl = Ctl()
    s.rules_from = "#/table"
    tree = s.render_rules("dodgy")
    nodes = {n.attrs.get("id"): n for n in _walk(tree, dom)}
    assert "rules-back" in nodes and nodes["rules-back"].tag == "button"
    assert "rules-table-note" in nodes
    assert "9 seconds" in _text(tree, dom)          # the table's own options
    s.ctl, s.rules_from = None, None                 # a deep link: back to the game's set-up
    tree = s.render_rules("dodgy")
    back = next(n for n in _walk(tree, dom) if n.attrs.get("id") == "rules-back")
    assert back.tag == "a" and back.attrs["href"] == "#/dodgy"
    assert json.dumps(back.attrs)


# Terms a game's screen shows a player, which How to play must explain in its text (not only
# in a picture): the seer stone, Cave's 5P spaces and interrupts, Dohdles' "Unfair?" and start.
TERMS = {"dodgy": ["dodgy.seer"], "cave": ["cave.space.5p", "cave.interrupt", "cave.space.start", "cave.space.end"],
         "dohdles": ["dohdles.report", "dohdles.start_mark"]}


def _body_text(tree, dom) -> str:
    """The page's paragraphs and bullets outside its pictures."""
    out = []

    def walk(node, in_figure):
        if isinstance(node, list):
            for c in node:
                walk(c, in_figure)
        elif isinstance(node, dom.Node):
            inside = in_figure or node.tag == "figure"
            if node.tag in ("p", "li", "h2") and not inside:
                out.append(_text(node, dom))
            walk(node.children, inside)
    walk(tree, False)
    return "\n".join(out)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", sorted(TERMS))
def test_every_term_a_screen_uses_is_explained_in_words(dom, game_id, lang):
    from clubtable.i18n import Translator
    t = Translator(lang)
    tree, _ = _page(game_id, lang)
    body = _body_text(tree, dom).lower()
    for key in TERMS[game_id]:
        assert t(key).lower() in body, (game_id, lang, key, t(key))


def test_the_seer_stone_is_drawn_unlike_an_ordinary_die(dom):
    """Beside an ordinary die in How to play, and by one style on the table: a counted seer
    stone keeps its own edge and star (the "counted" rule comes first and never wins)."""
    import re
    from pathlib import Path
    tree, _ = _page("dodgy", "en")
    fig = next(n for n in _walk(tree, dom) if n.attrs.get("data-example") == "dodgy.rules.seer")
    dice = [n for n in _walk(fig, dom) if "die" in n.attrs.get("class", "").split()]
    assert sorted("seer" in d.attrs["class"].split() for d in dice) == [False, True]
    css = (Path(__file__).resolve().parents[2] / "static/css/clubtable.css").read_text(encoding="utf-8")
    seer = re.search(r"^\.die\.seer \{([^}]*)\}", css, re.M)
    assert seer and "double" in seer.group(1) and re.search(r"^\.die\.seer::before \{[^}]*content:", css, re.M)
    assert css.index(".die.counted {") < css.index(".die.seer {")


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_caves_track_speaks_the_pages_language(dom, lang):
    import re
    tree, _ = _page("cave", lang)
    heads = [_text(n, dom) for n in _walk(tree, dom) if n.tag == "th"]
    english = {"End", "5P"} | ({"Start"} if lang == "fr" else set())
    assert not english & {re.sub(r"^● ", "", x) for x in heads}, heads


def test_dohdles_start_space_is_marked_and_free_of_tokens(dom):
    tree, _ = _page("dohdles", "en")
    fig = next(n for n in _walk(tree, dom) if n.attrs.get("data-example") == "dohdles.rules.track")
    start = [n for n in _walk(fig, dom) if "start" in n.attrs.get("class", "").split()]
    assert len(start) == 1
    marks = [n for n in _walk(start[0], dom) if "start-mark" in n.attrs.get("class", "")]
    tokens = [n for n in _walk(start[0], dom) if n.attrs.get("class") == "tokens"]
    assert marks and _text(marks[0], dom) == "start" and _text(tokens, dom) == ""
