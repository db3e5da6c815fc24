"""The registry: every game the page offers.

``CATALOGUE`` is static data about all five games (the home screen is generated from it by
``build.py`` before Python starts); ``GAMES`` maps the ids of the playable ones to their
:class:`~clubtable.engine.Game` instances.  A new game is one rules package, one screen
module and one line here.

A game's rules package is imported when its entry is first read (``GAMES[id]``, ``.get``,
``.values()``), not with the registry: the page's memory snapshot holds what its first
screen needs, and the five games' rules (0.9 MB of its download) are read from app.zip when a
game opens, or in idle time after the start (ui/warmup.py).  Which ids there are, and their
order, is known without them.
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping

from ..catalogue import CATALOGUE  # noqa: F401  (re-exported)

# id -> the package that holds its ``GAME``, in the registry's order
_PACKAGES = {"dobbelduel": "dobbelduel", "dodgy": "dodgy", "dohdles": "dohdles", "waldi": "waldi", "cave": "cave"}


class _Registry(Mapping):
    """A mapping of game ids to games that imports a game's rules when first asked for it."""

    def __init__(self, packages: dict) -> None:
        self._packages = dict(packages)
        self._games: dict = {}

    def __getitem__(self, game_id):
        game = self._games.get(game_id)
        if game is None:
            if game_id not in self._packages:     # not hashable, or not a game: KeyError, as a dict
                raise KeyError(game_id)
            game = importlib.import_module(f"{__name__}.{self._packages[game_id]}").GAME
            self._games[game_id] = game
        return game

    def __contains__(self, game_id) -> bool:
        try:
            return game_id in self._packages
        except TypeError:                         # an unhashable key, as a dict says
            return False

    def __iter__(self):
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)

    def __repr__(self) -> str:
        return f"GAMES({list(self._packages)})"


GAMES: Mapping = _Registry(_PACKAGES)
