"""Every computer level of every game is named and described in English, French and German."""
from __future__ import annotations

from clubtable.games import GAMES
from clubtable.i18n import bots


def test_every_level_has_a_name_and_a_description_in_every_language():
    for game in GAMES.values():
        if game.id == "dohdles":
            continue                    # its levels are described with its own screen
        for level in game.bot_levels:
            for lang in ("en", "fr", "de"):
                texts = bots.TEXTS[lang]
                assert texts.get(f"bot.{game.id}.{level}"), (lang, game.id, level)
                assert len(texts.get(f"bot.{game.id}.{level}.about", "")) > 20, (lang, game.id, level)


def test_the_languages_have_the_same_keys():
    assert set(bots.TEXTS["fr"]) == set(bots.TEXTS["en"]) == set(bots.TEXTS["de"])
