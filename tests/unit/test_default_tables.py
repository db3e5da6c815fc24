"""Every default table plays: the set-up of each game, every default accepted, opens a table
that starts at once, where the local player acts within a minute and every other seat acts
too (a computer that cannot play in the chosen mode would stall the game: Dohdles' computers
make nothing in a drawing game, and the making time ran out with no turn played)."""
import struct
import types
import zlib

import pytest

from clubtable.engine import IllegalAction
from clubtable.games import GAMES
from clubtable.i18n import Translator
from clubtable.session import Table

import fake_dom


@pytest.fixture(autouse=True)
def page():
    fake_dom.install()
    yield
    fake_dom.uninstall()


def home():
    from clubtable.ui.shell_home import HomeScreens
    return HomeScreens

WORDS = ["lantern", "apple", "kite", "moon", "pizza", "tiger", "house"]


def png() -> bytes:
    """A real 1×1 PNG (the table checks a picture's type)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


def setup_of(game_id, lang="en"):
    """The set-up form's model as a player finds it (``HomeScreens.new_setup``)."""
    HomeScreens = home()
    shell = types.SimpleNamespace(t=Translator(lang), player_name="Ann")
    shell.new_seat = lambda game, i: HomeScreens.new_seat(shell, game, i)
    shell.new_seat_kind = lambda game: HomeScreens.new_seat_kind(shell, game)
    return HomeScreens.new_setup(shell, game_id)


def scripted(table, seat, k):
    """A player at the device: the first move open to the seat (not a shout), made up."""
    for pick in table.game.legal(table.state, seat):
        if pick.get("interrupt"):
            continue
        if "args" not in pick:
            return pick
        args = {}
        for name, spec in pick["args"].items():
            kind = spec.get("kind")
            if spec.get("choices") is not None:
                if not spec["choices"]:
                    break
                args[name] = spec["choices"][0]
            elif kind == "picture":
                args[name] = table.add_asset(png(), table.now, seat)
            elif kind == "list":
                item = spec.get("item") or {}
                one = (item["choices"][0] if item.get("choices") else
                       table.add_asset(png(), table.now, seat) if item.get("kind") == "picture" else WORDS[k % 7])
                args[name] = [one] * max(1, spec.get("min_len") or 1)
            elif kind == "int":
                args[name] = spec["lo"]
            elif kind == "bool":
                args[name] = True
            else:
                args[name] = WORDS[(seat + k) % len(WORDS)]
        else:
            return dict(type=pick["type"], **args)
    return None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_default_table_plays_at_once(game_id):
    game = GAMES[game_id]
    s = setup_of(game_id)
    kinds = [seat["kind"] for seat in s["seats"]]
    assert "remote" not in kinds, "a default table that waits for guests never starts"
    table = Table(game_id, [dict(x) for x in s["seats"]], options=s["options"], seed=7, bot_pace=s["pace"])
    table.start(0)
    local = [i for i, k in enumerate(kinds) if k in ("local", "pass")]
    acted, first_local = set(), None
    now = 0
    while now <= 60_000 and table.result is None:
        table.tick(now)
        for seat in table.awaited():
            if seat in local:
                action = scripted(table, seat, now)
                if action is not None:
                    try:
                        table.local(seat, action, now)
                    except IllegalAction:
                        table._take_pending()
        acted |= {seat for seat, _, _ in table.state["log"] if seat is not None}
        if first_local is None and acted & set(local):
            first_local = now
        now += 250
    assert first_local is not None and first_local <= 60_000, f"{game_id}: the local player never acted"
    assert acted >= set(range(len(kinds))), f"{game_id}: seats {set(range(len(kinds))) - acted} never acted in a minute"


def test_dohdles_with_computers_is_not_a_drawing_game_and_says_why():
    s = setup_of("dohdles")
    assert any(x["kind"] == "bot" for x in s["seats"])
    assert s["options"]["riddle_medium"] == "table"
    assert GAMES["dohdles"].options["riddle_medium"] == "drawing"      # the game's own default stays


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_set_up_explains_a_mode_computers_cannot_play_and_offers_two_ways_out(lang):
    HomeScreens = home()
    shell = types.SimpleNamespace(t=Translator(lang), player_name="Ann", rendered=0)
    shell.setup = setup_of("dohdles", lang)
    shell.render = lambda: setattr(shell, "rendered", shell.rendered + 1)
    for name in ("bots_misfit", "text_of", "choice_label", "set_seat", "seat_label"):
        setattr(shell, name, getattr(HomeScreens, name).__get__(shell))
    shell.remember_name = lambda *a: None
    game = GAMES["dohdles"]
    assert HomeScreens.bots_note(shell, game) == []
    shell.setup["options"]["riddle_medium"] = "drawing"          # the player picks drawing
    note = HomeScreens.bots_note(shell, game)
    assert len(note) == 1

    def walk(n):
        if hasattr(n, "children"):
            yield n
            for c in n.children:
                yield from walk(c)
    nodes = list(walk(note[0]))
    text = " ".join(c for n in nodes for c in n.children if isinstance(c, str))
    assert shell.t("opt.dohdles.riddle_medium.bots") in text
    use = next(n for n in nodes if n.attrs.get("id") == "bots-fit-riddle_medium")
    use.events["click"](None)
    assert shell.setup["options"]["riddle_medium"] == "table"
    shell.setup["options"]["riddle_medium"] = "photo"
    people = next(n for n in list(walk(HomeScreens.bots_note(shell, game)[0]))
                  if n.attrs.get("id") == "bots-people-riddle_medium")
    people.events["click"](None)
    assert [x["kind"] for x in shell.setup["seats"]] == ["local", "pass", "pass", "pass"]
    assert HomeScreens.bots_note(shell, game) == []


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_dohdles_set_up_deals_suggestion_boards_in_the_page_language(lang):
    """A German page's Dohdles! table sculpts German words and screens questions in German."""
    setup = setup_of("dohdles", lang)
    assert setup["options"]["language"] == lang
    table = Table("dohdles", [dict(s) for s in setup["seats"]], options=setup["options"], seed=3)
    table.start(0)
    assert table.state["options"]["language"] == lang
    from clubtable.games.riddles.boards import BOARDS
    board = table.game.view(table.state, 0)["board"]       # the player's own suggestion board
    assert list(board["terms"]) == list(BOARDS[lang][board["index"]])


def test_a_language_option_follows_the_page_unless_the_host_chose_it():
    HomeScreens = home()
    shell = types.SimpleNamespace(t=Translator("en"), player_name="Ann")
    shell.new_seat = lambda game, i: HomeScreens.new_seat(shell, game, i)
    shell.new_seat_kind = lambda game: HomeScreens.new_seat_kind(shell, game)
    shell.setup = HomeScreens.new_setup(shell, "dohdles")
    HomeScreens.follow_page_language(shell, "en", "de")
    assert shell.setup["options"]["language"] == "de"
    shell.setup["options"]["language"] = "fr"                  # the host's own choice
    HomeScreens.follow_page_language(shell, "de", "en")
    assert shell.setup["options"]["language"] == "fr"


def test_games_without_a_language_option_keep_their_defaults():
    for game_id, game in GAMES.items():
        setup = setup_of(game_id, "de")
        for name in game.options:
            if name not in game.language_options and name not in game.bot_options \
                    and name not in ("first_player_rule", "first_player"):
                assert setup["options"][name] == game.options[name], (game_id, name)
