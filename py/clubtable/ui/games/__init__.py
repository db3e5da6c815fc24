"""One screen module per game: ``render(ctx)``; its texts are in ``clubtable/locale/<lang>/LC_MESSAGES/<id>.po``."""
