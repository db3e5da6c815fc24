"""One translation function for every interface string (English, French, German).

Catalogues are plain dicts, one module per language; a key missing in French or German falls
back to English, and a key missing everywhere shows the key itself (a test lists such gaps).
Placeholders use ``str.format`` names: ``translate("de", "home.players", n="2–6")``.

A game's own texts live in ``clubtable/i18n/games/<id>.py`` (``TEXTS = {"en": {...},
"fr": {...}, "de": {...}}``) and are added by :func:`register_game` when its screen is
first shown.  Refusals are keyed ``refusal.<code>`` (the engine's stable code); English has
no such keys on purpose: it shows the engine's own, more precise sentence.
"""
from __future__ import annotations

import importlib

from . import de, en, fr

LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch"}
CATALOGUES = {"en": en.TEXTS, "fr": fr.TEXTS, "de": de.TEXTS}


def register(texts_by_lang: dict) -> None:
    """Add a screen's own strings (a game screen keeps its texts beside itself)."""
    for lang, texts in texts_by_lang.items():
        CATALOGUES.setdefault(lang, {}).update(texts)


def register_game(game_id: str) -> bool:
    """Add ``clubtable.i18n.games.<game_id>``'s texts, if the game has such a module."""
    name = f"{__name__}.games.{game_id}"
    try:
        mod = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return False
    register(mod.TEXTS)
    return True


def pick_language(preferred) -> str:
    """The first supported language among the browser's preferences (``navigator.languages``)."""
    for tag in preferred or ():
        code = str(tag).lower().split("-")[0]
        if code in CATALOGUES:
            return code
    return "en"


PLURAL_PARAMS = ("n", "count", "q")        # the number a text with plural forms agrees with


def plural_form(lang: str, n) -> str:
    """The CLDR plural category of ``n`` for the integer counts we show: English and German
    say "1 point" and "0 points", French says "0 point" and "1 point" (one: 0 and 1)."""
    try:
        n = abs(int(n))
    except (TypeError, ValueError):
        return "other"
    if lang == "fr":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"


def translate(lang: str, key: str, **params) -> str:
    """A text with ``params`` filled in.  A text with plural forms is a dict
    ``{"one": ..., "other": ...}`` chosen by the ``n`` (or ``count``) parameter."""
    text = CATALOGUES.get(lang, en.TEXTS).get(key) or en.TEXTS.get(key) or key
    if isinstance(text, dict):
        n = next((params[p] for p in PLURAL_PARAMS if p in params), None)
        text = text.get(plural_form(lang, n)) or text.get("other") or key
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


class Translator:
    """``t = Translator("fr"); t("home.title")`` — the UI holds one and swaps ``lang``."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in CATALOGUES else "en"

    def __call__(self, key: str, **params) -> str:
        return translate(self.lang, key, **params)
