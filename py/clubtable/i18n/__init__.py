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
import os
from pathlib import Path

LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch"}
SOURCE = "en"                      # the msgids are English; other languages fall back to it
SHELL_DOMAIN = "clubtable"
LOCALE = Path(__file__).resolve().parent.parent / "locale"
PLURAL_PARAMS = ("count", "n", "q")   # the number a text with plural forms agrees with, first found


def _domains(lang: str) -> list[str]:
    """The compiled domains of ``lang``, the shell's first."""
    try:
        names = os.listdir(LOCALE / lang / "LC_MESSAGES")
    except FileNotFoundError:
        return []
    found = [n[:-3] for n in names if n.endswith(".mo")]
    return sorted(found, key=lambda d: (d != SHELL_DOMAIN, d))


def _load(lang: str) -> gettext.NullTranslations:
    """All compiled domains of ``lang`` merged into one catalogue (the shell's, then each
    game's; a key lives in one domain only, a test checks it).  Merged as Django merges its
    apps' catalogues, so that a lookup is one dictionary access, not a walk along a chain of
    seven domains: a screen asks for hundreds of texts per frame."""
    merged: gettext.GNUTranslations | None = None
    for domain in _domains(lang):
        with open(LOCALE / lang / "LC_MESSAGES" / f"{domain}.mo", "rb") as f:
            catalogue = gettext.GNUTranslations(f)
        if merged is None:
            merged = catalogue
        else:
            merged._catalog.update(catalogue._catalog)   # same language, same Plural-Forms
    return merged or gettext.NullTranslations()


CATALOGUES: dict[str, gettext.NullTranslations] = {lang: _load(lang) for lang in LANGUAGES}
DOMAINS = sorted(_domains(SOURCE))


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
    # A plural entry is stored under (key, form index), a plain one under key.  A plural text
    # asked without its count takes its plural ("other") form.
    if (key, 0) in getattr(catalogue, "_catalog", ()):
        return catalogue.ngettext(key, key, 2 if n is None else n)
    text = catalogue.gettext(key)
    return None if text == key else text


def has(lang: str, key: str) -> bool:
    """Whether ``lang``'s own catalogues have ``key`` (no fallback to English)."""
    return _lookup(lang, key, None) is not None


_FOUND: dict = {}              # (lang, key, count) -> the text to fill in (catalogues never change)
MAX_FOUND = 20_000


_MISSING = object()           # _FOUND's word for "no catalogue has it"


def _text(lang: str, key: str, n) -> str:
    text = _lookup(lang, key, n)
    if text is None and lang != SOURCE:
        text = _lookup(SOURCE, key, n)
    return _MISSING if text is None else text


def translate(lang: str, key: str, **params) -> str:
    """A text with ``params`` filled in, in ``lang``, else in English, else the key itself.
    A text with plural forms takes the form for the ``n`` (or ``count``, ``q``) parameter."""
    n = _count(params) if params else None
    # a screen asks for the same few dozen texts at every move: looked up once each
    found = (lang, key, n)
    text = _FOUND.get(found)
    if text is None:
        if len(_FOUND) >= MAX_FOUND:
            _FOUND.clear()
        text = _FOUND[found] = _text(lang, key, n)
    if text is _MISSING:
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
