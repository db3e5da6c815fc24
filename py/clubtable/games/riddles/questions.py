"""Questions about a riddle, and the creator's answers (RULES.md §1.6.1, §1.10; §3.5.2).

Both riddle games forbid questions about the solution itself, about its letters and about
its length: Dohdles! ("You may not inquire about the solution ... nor about a letter ... nor
about the solution's total number of letters") and Play-Doh's Cave ("may not ask any
questions about the letters or number of letters").  Deciding is a human judgement; the
engine only *flags* what looks prohibited, so the creator sees why before answering.

:func:`flag_question` returns flag names, in this order:

``names_word``
    the question contains the secret word itself (as a whole word).  The only flag a game
    may act on by itself: such a question is always refused.
``near_word``
    a word of the question is one typing error away from the secret word, or contains it
    ("moths", "mothball"): probably a veiled guess.
``letters``
    it asks about letters or spelling ("Is the first letter E?", "Does it start with S?",
    a quoted single letter, vowels, consonants).
``length``
    it asks about the number of letters ("How many letters?", "Is it a long word?").

The two flags that depend on the word may be shown only to whoever knows the word; the
other two depend on the question alone (:func:`public_flags`), so every player may see them
(a screen can warn the asker before sending).  The keyword lists cover English, German and
French together, so a question is screened the same whatever language the table plays in.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Optional

__all__ = [
    "FLAGS", "WORD_FLAGS", "DEFAULT_ANSWERS", "flag_question", "public_flags", "names_word",
    "edit_distance", "MAX_QUESTION",
]

FLAGS = ("names_word", "near_word", "letters", "length")
WORD_FLAGS = ("names_word", "near_word")          # these reveal something about the word
DEFAULT_ANSWERS = ("yes", "no", "partly", "irrelevant")   # DOH-5 (the printed set was a picture)
MAX_QUESTION = 200

_WORD_RE = re.compile(r"[^\W\d_]+")

# Keyword patterns, matched on the case-folded question.  Kept as whole-word regexes so
# "lettuce" is not "letter" and "spelt" as a grain still flags (a flag is only advice).
_LETTER_PATTERNS = [
    # English
    r"\bletters?\b", r"\bspell(?:s|ed|t|ing)?\b", r"\b(?:start|starts|begin|begins|end|ends)\s+(?:with|in)\b",
    r"\bvowels?\b", r"\bconsonants?\b", r"\binitials?\b", r"\balphabet\w*",
    # German
    r"\bbuchstabe\w*", r"\bbuchstabier\w*", r"\b(?:fängt|faengt|beginnt|anfängt)\b.*\bmit\b",
    r"\bendet\b.*\b(?:mit|auf)\b", r"\bvokale?n?\b", r"\bkonsonante?n?\b", r"\bselbstlaut\w*",
    r"\bmitlaut\w*", r"\bschreibt\s+man\b", r"\bgeschrieben\b", r"\banfangsbuchstabe\w*",
    # French
    r"\blettres?\b", r"\bépel\w*", r"\bepel\w*", r"\b(?:commence|commencent|finit|finissent)\s+par\b",
    r"\bse\s+termine\s+(?:par|en)\b", r"\bvoyelles?\b", r"\bconsonnes?\b", r"\borthographe\b",
    r"\bs[’']écrit\b", r"\binitiale\b",
]
_LENGTH_PATTERNS = [
    r"\bhow\s+many\s+letters\b", r"\bhow\s+long\s+is\s+the\s+(?:word|solution|name)\b",
    r"\b(?:long|short)\s+word\b", r"\bletters\s+long\b", r"\blength\b", r"\bnumber\s+of\s+letters\b",
    r"\bwie\s+viele\s+buchstaben\b", r"\bwie\s+lang\s+ist\s+das\s+wort\b", r"\b(?:lange|kurze)s?\s+wort\b",
    r"\bwortlänge\b", r"\blänge\s+des\s+wortes\b", r"\banzahl\s+der\s+buchstaben\b",
    r"\bcombien\s+de\s+lettres\b", r"\blongueur\b", r"\bmot\s+(?:long|court)\b",
    r"\bnombre\s+de\s+lettres\b",
]
_LETTER_RE = re.compile("|".join(_LETTER_PATTERNS))
_LENGTH_RE = re.compile("|".join(_LENGTH_PATTERNS))
# A quoted single letter: 'E', "e", «e», „e“, ‚e‘, ‘e’, “e”.
_QUOTED_LETTER_RE = re.compile(r"""(?:^|[\s(])['"«„‚‘“]\s?[^\W\d_]\s?['"»“‘’”](?:$|[\s?!.,)])""")


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).casefold()


def edit_distance(a: str, b: str, cap: int = 3) -> int:
    """Levenshtein distance of ``a`` and ``b``, or ``cap`` when it is at least ``cap``
    (the screening only needs to know "0", "1" or "more")."""
    if abs(len(a) - len(b)) >= cap:
        return cap
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        if min(cur) >= cap:
            return cap
        prev = cur
    return min(prev[-1], cap)


def _tokens(text: str) -> list:
    return _WORD_RE.findall(_fold(text))


def names_word(question: str, word: Optional[str]) -> bool:
    """Does ``question`` contain the secret ``word`` as a whole word (case and Unicode form
    ignored)?  "Is 'rabbit' the solution word?" names "rabbit"; "Is it a mother?" does not
    name "moth"."""
    if not word:
        return False
    w = _fold(word).strip()
    return w in _tokens(question)


def public_flags(question: str, lang: str = "en") -> list:
    """The flags that depend on the question alone (``letters``, ``length``): safe to show
    to every player."""
    text = _fold(question)
    out = []
    if _LETTER_RE.search(text) or _QUOTED_LETTER_RE.search(text):
        out.append("letters")
    if _LENGTH_RE.search(text):
        out.append("length")
    return out


def flag_question(question: str, word: Optional[str], lang: str = "en") -> list:
    """Every flag of :data:`FLAGS` that ``question`` raises about the secret ``word`` (None:
    only the public ones).  ``lang`` is the table's language; the keyword lists of all
    three languages are applied, so mixed-language tables are screened alike."""
    out = []
    if word:
        w = _fold(word).strip()
        tokens = _tokens(question)
        if w in tokens:
            out.append("names_word")
        elif any(_near(t, w) for t in tokens):
            out.append("near_word")
    return out + public_flags(question, lang)


def _near(token: str, word: str) -> bool:
    if len(word) >= 4 and edit_distance(token, word, 2) <= 1:
        return True
    return len(word) >= 3 and word in token
