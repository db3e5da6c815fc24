"""Letter queries on a secret word (RULES.md §3.5.1, CAVE-7).

Play-Doh's Cave lets a player ask for "the first letter of this riddle" or "the second
consonant of this", answered secretly; "An answer of '-' means there is no such letter."
The grammar (CAVE-7) is::

    query := (n >= 1, unit in {letter, vowel, consonant}, count_from in {start, end})

Vowels are A, E, I, O, U; Y is a consonant unless ``y_vowel`` (Appendix A "vowels / Y").
A letter with an accent or umlaut is the kind of its base letter (é, ä are vowels; ç is a
consonant); the ligatures æ and œ are vowels; ß is one consonant.  The answer is the letter
as the word writes it (lower case), so "Bär" answers ``ä``, never ``a``.
"""
from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple, Optional

__all__ = ["UNITS", "FROM", "NONE", "LetterQuery", "is_vowel", "units_of", "answer", "parse_query",
           "query_text", "MAX_N"]

UNITS = ("letter", "vowel", "consonant")
FROM = ("start", "end")
NONE = "-"           # "An answer of '-' means there is no such letter."
MAX_N = 64           # a query beyond the longest secret word answers "-" anyway


class LetterQuery(NamedTuple):
    """``n``-th ``unit`` counted from the ``count_from`` end of the word."""

    n: int
    unit: str = "letter"
    count_from: str = "start"


def _base(ch: str) -> str:
    return unicodedata.normalize("NFD", ch)[0]


def is_vowel(ch: str, y_vowel: bool = False) -> bool:
    """A, E, I, O, U (with any accent or umlaut), æ and œ; Y (and ÿ) only when ``y_vowel``."""
    ch = ch.lower()
    if ch in "æœ":
        return True
    base = _base(ch)
    return base in "aeiou" or (y_vowel and base == "y")


def units_of(word: str, unit: str, y_vowel: bool = False) -> list:
    """The letters of ``word`` that are of ``unit``, in order."""
    letters = [ch for ch in unicodedata.normalize("NFC", word) if ch.isalpha()]
    if unit == "letter":
        return letters
    if unit == "vowel":
        return [ch for ch in letters if is_vowel(ch, y_vowel)]
    if unit == "consonant":
        return [ch for ch in letters if not is_vowel(ch, y_vowel)]
    raise ValueError(f"unknown unit {unit!r}")


def answer(word: str, query: LetterQuery, y_vowel: bool = False) -> str:
    """The letter the query asks for, or ``"-"`` when there is no such letter.

    >>> answer("revolver", LetterQuery(2, "consonant"))      # r, v, l, v, r
    'v'
    >>> answer("revolver", LetterQuery(9))
    '-'
    """
    n, unit, count_from = query
    if unit not in UNITS or count_from not in FROM or not isinstance(n, int) or n < 1:
        raise ValueError(f"not a letter query: {query!r}")
    units = units_of(word, unit, y_vowel)
    if n > len(units):
        return NONE
    return units[n - 1] if count_from == "start" else units[-n]


_ORDINALS = {w: i for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split(), 1)}
_QUERY_RE = re.compile(
    r"(?:the\s+)?(?P<n>\d+(?:st|nd|rd|th)?|[a-z]+|last)\s+(?P<unit>letter|vowel|consonant)s?"
    r"(?:\s+from\s+the\s+(?P<end>start|beginning|end))?")


def parse_query(text: str) -> Optional[LetterQuery]:
    """An English phrase such as "second consonant", "9th letter", "last vowel" or "third
    letter from the end" as a query; None when it is not of the grammar (CAVE-7: forms such
    as "the letter after the first R" are refused)."""
    m = _QUERY_RE.fullmatch(" ".join(str(text).lower().replace("?", " ").split()))
    if not m:
        return None
    word = m.group("n")
    count_from = "end" if m.group("end") == "end" else "start"
    if word == "last":
        if m.group("end"):
            return None
        n, count_from = 1, "end"
    elif word[0].isdigit():
        n = int(re.match(r"\d+", word).group())
    elif word in _ORDINALS:
        n = _ORDINALS[word]
    else:
        return None
    if not 1 <= n <= MAX_N:
        return None
    return LetterQuery(n, m.group("unit"), count_from)


def query_text(query: LetterQuery) -> str:
    """The query in English for the log ("2nd consonant", "1st letter from the end");
    screens translate from the query's fields, not from this text."""
    n, unit, count_from = query
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix} {unit}" + (" from the end" if count_from == "end" else "")
