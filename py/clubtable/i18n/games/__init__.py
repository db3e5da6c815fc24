"""Each game's own interface strings: ``clubtable.i18n.games.<id>.TEXTS``, by language."""
