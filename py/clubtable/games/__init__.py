"""The registry: every game the page offers.

``CATALOGUE`` is static data about all five games (the home screen is generated from it by
``build.py`` before Python starts); ``GAMES`` maps the ids of the playable ones to their
:class:`~clubtable.engine.Game` instances.  A new game is one rules package, one screen
module and one line here.
"""
from __future__ import annotations

from .cave import GAME as _cave
from .dobbelduel import GAME as _dobbelduel
from .dodgy import GAME as _dodgy
from .waldi import GAME as _waldi
from ..catalogue import CATALOGUE  # noqa: F401  (re-exported)


GAMES = {g.id: g for g in (_dobbelduel, _dodgy, _waldi, _cave)}
