"""Every computer level of every game is named and described in English, French and German:
``<game>.bot.<level>`` and ``<game>.bot.<level>.about``, in the game's own catalogue
(``locale/<lang>/LC_MESSAGES/<id>.po``)."""
from __future__ import annotations

import pytest

from clubtable.games import GAMES
from clubtable.i18n import has, register_game, translate


@pytest.mark.parametrize("game_id", ["dodgy", "waldi", "dobbelduel"])
def test_every_level_has_a_name_and_a_description_in_every_language(game_id):
    for level in GAMES[game_id].bot_levels:
        for lang in ("en", "fr", "de"):
            assert has(lang, f"{game_id}.bot.{level}"), (lang, level)
            assert len(translate(lang, f"{game_id}.bot.{level}.about")) > 20, (lang, level)


def test_dodgy_texts_are_registered():
    assert register_game("dodgy")   # as the shell asks when a DODGY screen is first shown
    assert translate("de", "dodgy.bot.hard") == "Tischleser"
