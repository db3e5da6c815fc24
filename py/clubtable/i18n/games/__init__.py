"""Each game's interface texts, one module per game id (``TEXTS`` by language)."""
