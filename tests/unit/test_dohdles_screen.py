"""The Dohdles! screen is a pure function of its ScreenContext: built here by hand from a real
table, as the shell builds it.  What it draws never holds another side's secret word before
that word may be seen, every action it sends is one the seat may make, and the riddle kit
checks a secret word before anything is sent."""
import random

import pytest

import fake_dom

WORDS = ["zorblat", "quimbex", "vanteroo", "plonkish", "drizzelt", "mumbrax", "yodlewix", "frobnaz", "glimtork"]


@pytest.fixture
def dom():
    fake_dom.forget("clubtable.ui.riddles", "clubtable.ui.games.dohdles")   # bound to the DOM module
    _, dom = fake_dom.install()
    yield dom
    fake_dom.uninstall()


def _texts(node, dom, out):
    if isinstance(node, dom.Node):
        out.extend(node.attrs.values())
        for c in node.children:
            _texts(c, dom, out)
    elif node is not None:
        out.append(str(node))
    return out


def _find(node, dom, pred):
    if isinstance(node, dom.Node):
        if pred(node):
            return node
        for c in node.children:
            r = _find(c, dom, pred)
            if r is not None:
                return r
    return None


def _ctx(table, seat, acted, lang="en", scratch=None):
    from clubtable.games import GAMES
    from clubtable.i18n import Translator, register_game
    from clubtable.ui.context import ScreenContext
    register_game("dohdles")
    return ScreenContext(game_id="dohdles", seat=seat, update=table.update_for(seat), t=Translator(lang),
                         act=lambda a, s=None: acted.append((a, s)), toast=lambda text: None,
                         scratch=scratch if scratch is not None else {}, constants=GAMES["dohdles"].constants)


def _table(medium="table", n=3):
    from clubtable.session import Table
    table = Table("dohdles", [{"kind": "local", "name": f"P{i}"} for i in range(n)],
                  options={"riddle_medium": medium, "first_player_rule": "host_choice", "first_player": 0}, now_ms=0)
    table.start(0)
    return table


def test_every_medium_offers_its_making_and_nothing_of_the_others(dom):
    from clubtable.ui.games import dohdles
    for medium, marker in (("drawing", "pad-0"), ("photo", "photos-0"), ("table", None)):
        acted = []
        tree = dohdles.render(_ctx(_table(medium), 0, acted, lang="de"))
        assert _find(tree, dom, lambda n: n.attrs.get("id") == "make-0") is not None
        if marker:
            assert _find(tree, dom, lambda n, m=marker: n.attrs.get("id") == m) is not None
        canvas = _find(tree, dom, lambda n: n.tag == "canvas")
        assert (canvas is not None) == (medium == "drawing")
        if canvas is not None:
            assert canvas.owned                        # the patching DOM leaves the drawing alone
        assert "Dein geheimes Wort" in _texts(tree, dom, [])


def test_a_bad_secret_word_is_explained_and_nothing_is_sent(dom):
    from clubtable.ui.games import dohdles
    table = _table("table")
    acted = []
    ctx = _ctx(table, 0, acted, lang="fr")
    ctx.scratch["word:word-0"] = "aujourd'hui"              # DOH-30: no apostrophe
    tree = dohdles.render(ctx)
    _find(tree, dom, lambda n: n.attrs.get("id") == "done").events["click"](None)
    assert acted == []
    tree = dohdles.render(ctx)
    texts = _texts(tree, dom, [])
    assert any(x.startswith("Des lettres (français, anglais ou allemand), des espaces et des traits d'union")
               for x in texts), texts
    assert any("tour Eiffel" in x for x in texts)           # the rule under the field
    ctx.scratch["word:word-0"] = "Straße"
    _find(dohdles.render(ctx), dom, lambda n: n.attrs.get("id") == "done").events["click"](None)
    assert acted == [({"type": "make", "word": "straße"}, None)]
    assert "word:word-0" not in ctx.scratch        # the word leaves the screen's memory


def test_a_term_of_several_words_or_hyphenated_is_sent_as_typed(dom):
    """DOH-30: "Eiffel Tower" and "T-shirt" pass the screen's check (Cave's one-word rule
    would refuse them) and the rule under the field says so."""
    from clubtable.ui.games import dohdles
    for typed, sent in (("  Eiffel   Tower ", "eiffel tower"), ("T-shirt", "t-shirt")):
        table = _table("table")
        acted = []
        ctx = _ctx(table, 0, acted)
        ctx.scratch["word:word-0"] = typed
        tree = dohdles.render(ctx)
        assert any("Letters, spaces and hyphens" in x for x in _texts(tree, dom, []))
        _find(tree, dom, lambda n: n.attrs.get("id") == "done").events["click"](None)
        assert acted == [({"type": "make", "word": sent}, None)]


def test_random_play_through_the_screen_never_shows_a_hidden_word_and_acts_legally(dom):
    """Every seat's screen at every step: no opponent's word before it is solved or retired
    (or the game over); each button's action is in the seat's legal list."""
    from clubtable.ui.games import dohdles
    table = _table("table")
    k = 0
    for d in table.state["dohdles"]:
        table.local(d["maker"], {"type": "make", "word": WORDS[k]}, 10)
        k += 1
    rnd = random.Random(7)
    now = 100
    for _ in range(300):
        if table.game.result(table.state) is not None:
            break
        seat = rnd.randrange(3)
        acted = []
        ctx = _ctx(table, seat, acted)
        tree = dohdles.render(ctx)
        shown = " ".join(_texts(tree, dom, []))
        view = ctx.view
        for d in table.state["dohdles"]:
            if d["side"] != view["side"] and d["status"] == "active" and view["phase"] != "over":
                assert d["word"] not in shown
        buttons = []
        _collect(tree, dom, buttons)
        if buttons:
            rnd.choice(buttons).events["click"](None)
        for action, for_seat in acted:
            legal = table.update_for(seat)["legal"]
            concrete = [a for a in legal if "args" not in a]
            assert action in concrete or any(a["type"] == action["type"] and "args" in a for a in legal)
            table.local(seat if for_seat is None else for_seat, action, now)
        if not acted and ctx.can("propose"):
            table.local(seat, {"type": "propose", "word": WORDS[view["burst"]["current"]["dohdle"]]}, now)
        now += 400
        table.tick(now)


def _collect(node, dom, out):
    if isinstance(node, dom.Node):
        if node.tag == "button" and "click" in node.events and node.attrs.get("id") not in ("done",):
            out.append(node)
        for c in node.children:
            _collect(c, dom, out)


def test_the_kit_flags_a_question_about_letters_before_sending_it(dom):
    from clubtable.i18n import Translator, register_game
    from clubtable.ui import riddles
    register_game("dohdles")
    scratch, sent = {}, []
    form = riddles.question_field(scratch, "question", Translator("en"), ["Is it an animal?"], sent.append)
    scratch["q:question"] = "Does it start with S?"
    form.events["submit"](None)
    assert sent == [None]                           # not sent: the caller redraws with a warning
    form = riddles.question_field(scratch, "question", Translator("en"), [], sent.append)
    assert "This question seems to ask about letters." in " ".join(_texts(form, dom, []))
    form.events["submit"](None)
    assert sent == [None, "Does it start with S?"]


def test_flagging_a_dohdle_unfair_asks_first_and_no_flags_nothing(dom):
    """A flag is public and stays: "Unfair?" asks, "No" sends nothing, "Yes" flags."""
    from clubtable.ui.games import dohdles
    table = _table("table")
    k = 0
    while table.state["phase"] == "making":
        for seat in range(3):
            for a in table.game.legal(table.state, seat):
                if a["type"] == "make":
                    table.local(seat, {"type": "make", "word": WORDS[k % len(WORDS)]}, 10)
                    k += 1
                    break
    seat = next(s for s in range(3) if table.game.legal(table.state, s) and
                any(a["type"] == "report" for a in table.game.legal(table.state, s)))
    target = next(a["dohdle"] for a in table.game.legal(table.state, seat) if a["type"] == "report")
    acted, scratch = [], {}

    def draw():
        ctx = _ctx(table, seat, acted, scratch=scratch)
        ctx._redraw = lambda: None
        return dohdles.render(ctx)
    flag = _find(draw(), dom, lambda n: n.attrs.get("data-key") == f"report-{target}")
    flag.events["click"](None)
    assert acted == []
    tree = draw()
    assert _find(tree, dom, lambda n: n.attrs.get("id") == f"report-ask-{target}") is not None
    _find(tree, dom, lambda n: n.attrs.get("id") == f"report-no-{target}").events["click"](None)
    assert acted == []
    tree = draw()
    assert _find(tree, dom, lambda n: n.attrs.get("id") == f"report-ask-{target}") is None
    _find(tree, dom, lambda n: n.attrs.get("data-key") == f"report-{target}").events["click"](None)
    _find(draw(), dom, lambda n: n.attrs.get("id") == f"report-yes-{target}").events["click"](None)
    assert acted == [({"type": "report", "dohdle": target}, None)]


def test_the_askers_answers_so_far_stand_just_above_the_question_field(dom):
    """Read under the clock: after an answer the asker's turn panel shows it (and not only the
    Dohdle's card on the ring far below), right before the field for the next question."""
    from clubtable.ui.games import dohdles
    table = _table("table")
    for k, d in enumerate(table.state["dohdles"]):
        table.local(d["maker"], {"type": "make", "word": WORDS[k]}, 10)
    table.local(0, {"type": "move_chip", "dohdle": 3}, 20)
    turn = _find(dohdles.render(_ctx(table, 0, [])), dom, lambda n: n.attrs.get("id") == "turn")
    assert _find(turn, dom, lambda n: n.attrs.get("id") == "turn-known") is None     # nothing known yet
    table.local(0, {"type": "ask", "question": "Is it an animal?"}, 30)
    table.local(1, {"type": "answer", "answer": "no"}, 40)
    turn = _find(dohdles.render(_ctx(table, 0, [])), dom, lambda n: n.attrs.get("id") == "turn")
    known = _find(turn, dom, lambda n: n.attrs.get("id") == "turn-qa")
    assert known is not None and "Is it an animal?" in _texts(known, dom, []) and "No" in _texts(known, dom, [])
    order = [n.attrs.get("id") for n in _walk_ids(turn, dom)]
    assert order.index("turn-qa") < order.index("question")


def _walk_ids(node, dom):
    if isinstance(node, dom.Node):
        if node.attrs.get("id"):
            yield node
        for c in node.children:
            yield from _walk_ids(c, dom)
