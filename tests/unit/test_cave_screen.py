"""The Cave screen is a pure function of its ScreenContext: built here from a real table
(the host's updates, as the shell gets them), drawn for every seat in three languages.
What a seat's screen shows never holds another side's letter answer or secret word."""
import sys
import types

import fake_dom
import pytest

from clubtable.games import GAMES
from clubtable.i18n import Translator, has
from clubtable.session import Table


@pytest.fixture(scope="module")
def screen():
    """``ui.games.cave`` (and the riddle kit it uses) loaded against the fake DOM."""
    fake_dom.install()
    fake_dom.forget("clubtable.ui.riddles", "clubtable.ui.games.cave")
    from clubtable.ui import dom
    from clubtable.ui.context import ScreenContext
    from clubtable.ui.games import cave
    yield types.SimpleNamespace(mod=cave, dom=dom, Ctx=ScreenContext)
    fake_dom.forget("clubtable.ui.riddles", "clubtable.ui.games.cave")
    fake_dom.uninstall()


WORDS = (["quokka", "zebra", "yak", "xerus"], ["walrus", "vole", "urchin", "tapir"],
         ["shrew", "raven", "python", "otter"])


def _table(**opts):
    options = {"riddle_medium": "table", "first_player": 0, "molding_time_s": 0, "letter_turn_s": 0}
    options.update(opts)
    t = Table("cave", [{"kind": "local", "name": n} for n in ("Ann", "Bob", "Cyd")], options=options, now_ms=0)
    t.start(0)
    return t


def _mold(t):
    for seat, words in enumerate(WORDS):
        for w in words:
            t.local(seat, {"type": "mold_clay", "word": w}, 10)


def _ctx(screen, t, seat, lang="en", scratch=None, missing=None):
    tr = Translator(lang)

    def tt(key, **kw):
        out = tr(key, **kw)
        if missing is not None and not has(lang, key) and not key.startswith("refusal."):
            missing.add(key)
        return out
    return screen.Ctx(game_id="cave", seat=seat, update=t.update_for(seat), t=tt, act=lambda a, s=None: None,
                      toast=lambda m: None, scratch={} if scratch is None else scratch,
                      constants=dict(GAMES["cave"].constants), asset_url=lambda ref: "blob:" + ref[-4:])


def _texts(node, dom, out=None, attrs=False):
    """The texts of a tree (and its attribute values, with ``attrs``)."""
    out = [] if out is None else out
    if isinstance(node, dom.Node):
        out.extend(f"{k}={v}" for k, v in node.attrs.items() if attrs)
        for c in node.children:
            _texts(c, dom, out, attrs)
    elif isinstance(node, (list, tuple)):
        for c in node:
            _texts(c, dom, out, attrs)
    elif node is not None:
        out.append(str(node))
    return out


def _find(node, dom, pred):
    if isinstance(node, dom.Node):
        if pred(node):
            yield node
        for c in node.children:
            yield from _find(c, dom, pred)


def _by_id(tree, screen, ident):
    return next(_find(tree, screen.dom, lambda n: n.attrs.get("id") == ident), None)


def test_molding_shows_the_word_form_then_the_riddles_handed_in(screen):
    t = _table()
    tree = screen.mod.render(_ctx(screen, t, 0))
    assert _by_id(tree, screen, "cave-mold-form").attrs["data-medium"] == "table"
    t.local(0, {"type": "mold_clay", "word": "quokka"}, 5)
    mine = " ".join(_texts(screen.mod.render(_ctx(screen, t, 0)), screen.dom))
    theirs = " ".join(_texts(screen.mod.render(_ctx(screen, t, 1)), screen.dom, attrs=True))
    assert "quokka" in mine and "Take back" in mine
    assert "quokka" not in theirs


def test_a_letter_answer_is_in_the_askers_and_owners_notebooks_only(screen):
    t = _table()
    _mold(t)
    # Ann asks Bob's first riddle for its first letter: "w"; Bob passes; Cyd asks Ann's last letter.
    t.local(0, {"type": "ask_letter", "riddle": 4, "n": 1, "unit": "letter", "count_from": "start"}, 20)
    t.local(1, {"type": "pass"}, 30)
    t.local(2, {"type": "ask_letter", "riddle": 0, "n": 2, "unit": "consonant", "count_from": "end"}, 40)
    notes = {}
    for seat in range(3):
        tree = screen.mod.render(_ctx(screen, t, seat))
        nb = _by_id(tree, screen, "cave-notebook")
        notes[seat] = ["".join(_texts(n, screen.dom)) for n in _find(nb, screen.dom,
                                                                        lambda n: "cave-note" in n.attrs.get("class", "").split())]
    assert any("1st letter" in n and n.endswith("w (you asked)") for n in notes[0]), notes[0]
    assert any("2nd consonant from the end" in n for n in notes[0])        # asked of Ann's riddle
    assert len(notes[1]) == 1 and len(notes[2]) == 1
    assert all("1st letter" not in n for n in notes[2])                    # Cyd never sees Ann's answer


def test_question_round_answer_buttons_for_the_owner_and_guess_then_judge(screen):
    t = _table(first_round="question", judge_s=60)
    _mold(t)
    t.local(0, {"type": "ask", "riddle": 4, "text": "Does it swim?"}, 20)
    owner = screen.mod.render(_ctx(screen, t, 1))
    assert _by_id(owner, screen, "cave-answer-yes") is not None and _by_id(owner, screen, "cave-refuse")
    other = screen.mod.render(_ctx(screen, t, 2))
    assert _by_id(other, screen, "cave-answer-yes") is None
    assert _by_id(other, screen, "cave-interrupt") is not None
    t.local(1, {"type": "answer", "answer": "yes"}, 25)
    t.local(0, {"type": "stop"}, 26)
    asker = screen.mod.render(_ctx(screen, t, 0))
    sel = _by_id(asker, screen, "cave-g-riddle")
    assert [o.attrs["value"] for o in sel.children] == [str(i) for i in range(4, 12)]
    t.local(0, {"type": "guess", "riddle": 4, "word": "walrsu"}, 30)      # a near miss: Bob judges
    judge = screen.mod.render(_ctx(screen, t, 1))
    assert _by_id(judge, screen, "cave-accept") is not None
    assert "walrsu" not in " ".join(_texts(screen.mod.render(_ctx(screen, t, 2)), screen.dom, attrs=True))
    t.local(1, {"type": "judge", "accept": True}, 35)
    tree = screen.mod.render(_ctx(screen, t, 2))
    assert _by_id(tree, screen, "cave-track").attrs["data-marker"] == "0"
    scores = [n.children[0] for n in _find(tree, screen.dom, lambda n: n.attrs.get("class") == "cave-score")]
    assert scores == ["6", "0", "0"]            # Start column: 6 for the guesser, 0 for the owner
    picks = next(_find(tree, screen.dom, lambda n: n.attrs.get("data-riddle") == "4"))
    assert "1 toothpick " in " ".join(_texts(picks, screen.dom))


def _png(r, g, b):
    """A one-pixel PNG of that colour."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes([0, r, g, b]))) + chunk(b"IEND", b""))


def test_photos_zoom_through_the_angles(screen):
    t = _table(riddle_medium="photo")
    scratch = {"zoom": {"riddle": 0, "i": 0, "scale": 1}}
    for seat in range(3):
        for k in range(4):
            pics = [t.add_asset(_png(seat, k, a), 5, seat) for a in range(3)]
            t.local(seat, {"type": "mold_photos", "word": WORDS[seat][k], "pictures": pics}, 10)
    tree = screen.mod.render(_ctx(screen, t, 1, scratch=scratch))
    zoom = _by_id(tree, screen, "cave-zoom")
    assert zoom is not None and "angle 1 of 3" in " ".join(_texts(zoom, screen.dom))
    assert _by_id(tree, screen, "cave-zoom-next") is not None


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_every_text_the_screen_shows_is_in_the_catalogue(screen, lang):
    missing = set()
    t = _table(first_round="question")
    screen.mod.render(_ctx(screen, t, 0, lang, missing=missing))
    _mold(t)
    t.local(0, {"type": "ask", "riddle": 4, "text": "Is it big?"}, 20)
    for seat in range(3):
        screen.mod.render(_ctx(screen, t, seat, lang, missing=missing))
    t.local(2, {"type": "interrupt"}, 21)
    for seat in range(3):
        screen.mod.render(_ctx(screen, t, seat, lang, missing=missing))
    assert not missing, sorted(missing)


def test_teams_share_a_row_and_their_words_and_a_spectator_sees_no_word(screen):
    names = ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay", "Gus", "Hal"]
    t = Table("cave", [{"kind": "local", "name": n} for n in names],
              options={"riddle_medium": "table", "first_player": 0, "molding_time_s": 0}, now_ms=0)
    t.start(0)
    for seat in range(8):
        t.local(seat, {"type": "mold_clay", "word": "abcdefgh"[seat] * 3}, 5)
    tree = screen.mod.render(_ctx(screen, t, 1))
    rows = list(_find(_by_id(tree, screen, "cave-sides"), screen.dom, lambda n: n.tag == "tr" and "data-side" in n.attrs))
    assert len(rows) == 4 and "Team Ann & Bob" in "".join(_texts(rows[0], screen.dom))
    words = [n.children[0] for n in _find(tree, screen.dom, lambda n: n.attrs.get("class") == "cave-word")]
    assert sorted(words) == ["aaa", "bbb"]                      # Bob sees his teammate's word too
    spectator = screen.mod.render(_ctx(screen, t, None))
    assert not list(_find(spectator, screen.dom, lambda n: n.attrs.get("class") == "cave-word"))
    assert _by_id(spectator, screen, "cave-interrupt") is None and _by_id(spectator, screen, "cave-notebook") is None


def test_photo_medium_asks_for_the_engines_number_of_angles(screen):
    t = _table(riddle_medium="photo")
    tree = screen.mod.render(_ctx(screen, t, 0))
    form = _by_id(tree, screen, "cave-mold-form")
    assert form.attrs["data-medium"] == "photo" and _by_id(form, screen, "cave-photos") is not None
    n = GAMES["cave"].constants["photo_angles"]
    assert f"at least {n} angles" in " ".join(_texts(form, screen.dom))


def test_drawn_riddles_are_made_on_the_kits_dough_pad_in_the_players_colour(screen):
    t = _table(riddle_medium="canvas2d")
    tree = screen.mod.render(_ctx(screen, t, 2))
    pad = _by_id(tree, screen, "cave-pad")
    assert pad is not None and pad.tag == "canvas"
    from clubtable.ui.context import PALETTE
    assert PALETTE[2] in pad.attrs.get("style", "")          # the seat's colour, as its name bar marker
    assert _by_id(tree, screen, "cave-photos") is None


def test_spending_an_interrupt_asks_first_and_a_no_spends_nothing(screen):
    """A cube is not given back: the first press asks, "No" leaves everything as it was,
    "Yes" sends the interrupt; pass-and-play, the same for another player's button."""
    t = _table(first_round="question")
    _mold(t)
    t.local(0, {"type": "ask", "riddle": 4, "text": "Does it swim?"}, 20)
    acted, scratch = [], {}

    def draw(seat=2, others=()):
        ctx = _ctx(screen, t, seat, scratch=scratch)
        ctx._act = lambda a, s=None: acted.append((a, s))
        ctx._redraw = lambda: None
        ctx.others = [(s, t.update_for(s)) for s in others]
        return screen.mod.render(ctx)
    tree = draw()
    _by_id(tree, screen, "cave-interrupt").events["click"](None)
    assert acted == []
    tree = draw()
    assert _by_id(tree, screen, "cave-interrupt") is None and _by_id(tree, screen, "cave-interrupt-ask") is not None
    _by_id(tree, screen, "cave-interrupt-no").events["click"](None)
    assert acted == [] and _by_id(draw(), screen, "cave-interrupt") is not None
    _by_id(draw(), screen, "cave-interrupt").events["click"](None)
    _by_id(draw(), screen, "cave-interrupt-yes").events["click"](None)
    assert acted == [({"type": "interrupt"}, None)]          # for the seat itself
    # another player's button at the device: asked too, then sent for that seat
    acted.clear()
    tree = draw(seat=0, others=(2,))
    other = next(_find(tree, screen.dom, lambda n: n.attrs.get("data-key") == "cave-interrupt-2"))
    other.events["click"](None)
    assert acted == []
    tree = draw(seat=0, others=(2,))
    assert "Cyd" in " ".join(_texts(_by_id(tree, screen, "cave-interrupt-ask"), screen.dom))
    next(_find(tree, screen.dom, lambda n: n.attrs.get("data-key") == "cave-interrupt-yes-2")).events["click"](None)
    assert acted == [({"type": "interrupt"}, 2)]


@pytest.mark.parametrize("lang, paused", [("en", "10:00 (paused)"), ("de", "10:00 (angehalten)"),
                                          ("fr", "1:05 (en pause)")])
def test_the_question_rounds_clock_reads_as_a_clock_running_or_held(screen, lang, paused):
    """The question round runs ten minutes: a held clock (a pass-and-play hand-over) shows
    "10:00", not "600 s"; a running one carries the unit while under a minute (the ticker's
    ``clock_text``)."""
    t = _table()
    ctx = _ctx(screen, t, 0, lang)
    left_ms = 600_000 if lang != "fr" else 64_001
    held = screen.mod._clock(ctx, "question", {"left_ms": left_ms})
    assert " ".join(_texts(held, screen.dom)).endswith(paused)
    running = screen.mod._clock(ctx, "question", {"deadline_ms": 5_000})
    clock = running.children[-1]
    assert clock.attrs["class"] == "countdown" and clock.attrs["data-unit"] == "s" and clock.attrs["role"] == "timer"
