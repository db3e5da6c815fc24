"""Where a game's screen module is found: ``ui/games/<id>.py``, imported when the game first
opens (importing all five at start cost 0.35–0.6 s in the page).  Its own module, so that the
app and the warm-up both reach it without importing each other."""
from __future__ import annotations

import importlib

from .. import i18n


def register_texts(game_id: str) -> None:
    """A game's texts: its catalogue (``locale/<lang>/LC_MESSAGES/<id>.po``) is read with the
    shell's at start, so there is nothing left to add."""
    i18n.register_game(game_id)


def screen_module(game_id: str):
    """``ui/games/<id>.py``: the one screen module of a game (its texts registered once)."""
    register_texts(game_id)
    return importlib.import_module(f"clubtable.ui.games.{game_id}")
