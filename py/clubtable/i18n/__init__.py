"""One translation function for every interface string (English, French, German).

The texts are gettext catalogues: ``clubtable/locale/<lang>/LC_MESSAGES/<domain>.po``, one
domain for the shell (``clubtable``) and one per game (its id; ``riddles`` for the riddle kit
two games share), compiled to ``.mo`` by the build (``tools/po.py``) and read here with the
standard library's :class:`gettext.GNUTranslations`.  Each entry's ``msgctxt`` is the key the
code asks for, its ``msgid`` the English text; the ``.mo`` is keyed by that msgctxt, so a
lookup is plain ``gettext(key)`` or, for a text with plural forms, ``ngettext(key, key, n)``
with the language's own ``Plural-Forms`` rule.  See docs/TRANSLATING.md.

A key missing in French or German falls back to English, and a key missing everywhere shows
the key itself (the catalogue tests list such gaps).  Placeholders use ``str.format`` names:
``translate("de", "home.players", n="2–6")``; the count a plural text agrees with is passed
as ``n`` (or ``count``, ``q``).

Refusals are keyed ``refusal.<code>`` (the engine's stable code); English players see the
engine's own, more precise sentence (see ``ui.context.Refusal``).

Every catalogue is read when this module is imported, so the page's memory snapshot holds
them all and a game screen costs no file read.
"""
from __future__ import annotations

import gettext
from pathlib import Path

LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch"}
SOURCE = "en"                      # the msgids are English; other languages fall back to it
SHELL_DOMAIN = "clubtable"
LOCALE = Path(__file__).resolve().parent.parent / "locale"
PLURAL_PARAMS = ("n", "count", "q")        # the number a text with plural forms agrees with


def _load(lang: str) -> gettext.NullTranslations:
    """All compiled domains of ``lang`` as one chain (the shell first, then each game's)."""
    folder = LOCALE / lang / "LC_MESSAGES"
    files = sorted(folder.glob("*.mo"), key=lambda p: (p.stem != SHELL_DOMAIN, p.stem))
    chain: gettext.NullTranslations | None = None
    for path in files:
        with open(path, "rb") as f:
            catalogue = gettext.GNUTranslations(f)
        if chain is None:
            chain = catalogue
        else:
            chain.add_fallback(catalogue)
    return chain or gettext.NullTranslations()


CATALOGUES: dict[str, gettext.NullTranslations] = {lang: _load(lang) for lang in LANGUAGES}
DOMAINS = sorted({p.stem for p in LOCALE.glob("*/LC_MESSAGES/*.mo")})


def register_game(game_id: str) -> bool:
    """Whether ``game_id`` has its own catalogue.  All catalogues are read at import; this
    stays for the screens that ask before their first render."""
    return game_id in DOMAINS


def pick_language(preferred) -> str:
    """The first supported language among the browser's preferences (``navigator.languages``)."""
    for tag in preferred or ():
        code = str(tag).lower().split("-")[0]
        if code in LANGUAGES:
            return code
    return SOURCE


def _count(params: dict):
    """The integer a plural text agrees with, if the call passes one."""
    for name in PLURAL_PARAMS:
        if name in params:
            try:
                return abs(int(params[name]))
            except (TypeError, ValueError):
                return None
    return None


def _lookup(lang: str, key: str, n) -> str | None:
    """``key``'s text in ``lang`` alone (no fallback), or None."""
    catalogue = CATALOGUES.get(lang)
    if catalogue is None:
        return None
    # A plural entry is stored under (key, form): gettext(key) misses it, and the other way round.
    text = catalogue.ngettext(key, key, 2 if n is None else n)
    if text == key:
        text = catalogue.gettext(key)
    return None if text == key else text


def has(lang: str, key: str) -> bool:
    """Whether ``lang``'s own catalogues have ``key`` (no fallback to English)."""
    return _lookup(lang, key, None) is not None


def translate(lang: str, key: str, **params) -> str:
    """A text with ``params`` filled in, in ``lang``, else in English, else the key itself.
    A text with plural forms takes the form for the ``n`` (or ``count``, ``q``) parameter."""
    n = _count(params)
    text = _lookup(lang, key, n)
    if text is None and lang != SOURCE:
        text = _lookup(SOURCE, key, n)
    if text is None:
        return key
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


class Translator:
    """``t = Translator("fr"); t("home.title")`` — the UI holds one and swaps ``lang``."""

    def __init__(self, lang: str = SOURCE) -> None:
        self.lang = lang if lang in LANGUAGES else SOURCE

    def __call__(self, key: str, **params) -> str:
        return translate(self.lang, key, **params)
