"""Static facts about all five games, for the home screen.

Kept apart from the registry so ``build.py`` and the first paint need no rules module.
``summary`` is a translation key; ``min`` and ``max`` are the set-up's bounds (a test ties
them to each game's registry entry), shown by :func:`player_range`.
"""

CATALOGUE = [
    {"id": "dohdles", "title": "Dohdles!", "min": 3, "max": 12,
     "summary": "home.summary.dohdles"},
    {"id": "dobbelduel", "title": "Dobbelduel", "min": 2, "max": 2,
     "summary": "home.summary.dobbelduel"},
    {"id": "cave", "title": "Play-Doh's Cave", "min": 3, "max": 12,
     "summary": "home.summary.cave"},
    {"id": "waldi", "title": "Wie Waldi! / “10”", "min": 2, "max": 4,
     "summary": "home.summary.waldi"},
    {"id": "dodgy", "title": "DODGY", "min": 2, "max": 6,
     "summary": "home.summary.dodgy"},
]


def player_range(g: dict) -> str:
    """How many play, as the home screen and the set-up both show it: "2", "3–12"."""
    return str(g["min"]) if g["min"] == g["max"] else f"{g['min']}–{g['max']}"
