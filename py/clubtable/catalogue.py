"""Static facts about all five games, for the home screen.

Kept apart from the registry so ``build.py`` and the first paint need no rules module.
``summary`` is a translation key.
"""

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
