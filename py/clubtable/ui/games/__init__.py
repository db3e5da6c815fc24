"""One screen module per game: ``render(ctx)`` and its ``TEXTS``."""
