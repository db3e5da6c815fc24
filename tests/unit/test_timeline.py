"""A game's events in words (``Game.describe``): one translated line per logged event, for
every game, in English, French and German."""
from __future__ import annotations

import re

import pytest

from clubtable.games import GAMES
from clubtable.i18n import LANGUAGES, has
from clubtable.session import record as R
from record_games import finished

IDS = sorted(GAMES)


@pytest.mark.parametrize("gid", IDS)
def test_every_move_has_its_words_in_every_language(gid):
    """The framework's default line for a move is ``<game>.tl.<type>``: each declared move
    has it, so a game without its own timeline still reads."""
    for move in GAMES[gid].moves:
        for lang in LANGUAGES:
            assert has(lang, f"{gid}.tl.{move}"), (lang, gid, move)
    for key in ("timeline.tick", "timeline.hold_clocks", "timeline.release_clocks"):
        assert all(has(lang, key) for lang in LANGUAGES)


@pytest.mark.parametrize("gid", IDS)
def test_every_event_of_a_game_reads_in_every_language(gid):
    game, state, seats, pictures = finished(gid)
    replay = R.Replay(game, R.make_record(game, state, seats, pictures))
    events = replay.events()
    assert len(events) == len(state["log"])
    for key, params in events:
        for lang in LANGUAGES:
            assert has(lang, key), (lang, key)
            line = R.sentence(lang, key, params)
            assert line and "{" not in line and not re.search(r"\.tl\.|^timeline\.", line), (lang, key, line)


def _lines(gid, lang="en"):
    game, state, seats, pictures = finished(gid)
    return R.Replay(game, R.make_record(game, state, seats, pictures)).timeline(lang)


def test_dodgy_lines_name_statements_and_challenges():
    game, state, _s, _p = finished("dodgy")
    lines = _lines("dodgy")
    first = next(a for _s2, a, _n in state["log"] if a["type"] == "state")
    assert f"states {first['quantity']} × " in lines[[a for _s2, a, _n in state["log"]].index(first)]
    shouts = [ln for ln in lines if "shouts DODGY at" in ln or "ran out of time" in ln]
    # one line per challenge, each telling who lost the die
    assert len(shouts) == len(state["history"]) and all("loses a die" in ln for ln in shouts)
    assert any(re.match(r"B\d takes (a die|the seer stone) from B\d$", ln) for ln in lines)
    de = _lines("dodgy", "de")
    assert any(" ruft DODGY bei " in ln and "verliert einen Würfel" in ln for ln in de)


def test_dobbelduel_lines_give_rolls_feedback_and_the_solution():
    game, state, _s, _p = finished("dobbelduel")
    lines = _lines("dobbelduel")
    assert any(re.match(r"B\d rolls( \d){1,4}$", ln) for ln in lines)
    assert any(re.match(r"B\d places [·\d ]+: \d =, \d \+, \d −$", ln) for ln in lines)
    solved = [ln for ln in lines if " solves with " in ln]
    assert len(solved) == state["n_matches"]
    fr = _lines("dobbelduel", "fr")
    assert any(" résout avec " in ln for ln in fr)


def test_waldi_lines_follow_rounds_and_dachshunds():
    lines = _lines("waldi")
    assert any(re.match(r"Round 1: go!$", ln) for ln in lines)
    assert any("closes dachshund" in ln for ln in lines)


def test_a_secret_word_never_appears_in_the_riddle_games_lines():
    for gid in ("dohdles", "cave"):
        game, state, seats, pictures = finished(gid)
        words = set()
        for _seat, action, _now in state["log"]:
            for name in ("word", "question", "text"):
                if isinstance(action.get(name), str) and len(action[name]) >= 2:
                    words.add(action[name])
        assert words, gid
        for line in _lines(gid):
            assert not any(re.search(rf"\b{re.escape(w)}\b", line) for w in words), line
