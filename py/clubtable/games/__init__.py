"""The registry: every game the page offers.

``CATALOGUE`` is static data about all five games (the home screen is generated from it by
``build.py`` before Python starts); ``GAMES`` maps the ids of the playable ones to their
:class:`~clubtable.engine.Game` instances.  A new game is one rules package, one screen
module and one line here.
"""
from __future__ import annotations

from .dobbelduel import GAME as _dobbelduel
from .dodgy import GAME as _dodgy
from .waldi import GAME as _waldi

CATALOGUE = [
    {"id": "dohdles", "title": "Dohdles!", "players": "3–6", "min": 3, "max": 12,
     "summary": "home.summary.dohdles"},
    {"id": "dobbelduel", "title": "Dobbelduel", "players": "2", "min": 2, "max": 2,
     "summary": "home.summary.dobbelduel"},
    {"id": "cave", "title": "Play-Doh's Cave", "players": "3+", "min": 3, "max": 12,
     "summary": "home.summary.cave"},
    {"id": "waldi", "title": "Wie Waldi! / “10”", "players": "2–4", "min": 2, "max": 4,
     "summary": "home.summary.waldi"},
    {"id": "dodgy", "title": "DODGY", "players": "2–6", "min": 2, "max": 6,
     "summary": "home.summary.dodgy"},
]

GAMES = {g.id: g for g in (_dobbelduel, _dodgy, _waldi)}
