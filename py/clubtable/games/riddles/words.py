"""Secret words and guesses (RULES.md §1.10, DOH-20, §3.7, CAVE-16, CAVE-23).

A riddle stands for one word.  Both sculpting games compare guesses with it:

* **Exact** (:func:`normalise`): Unicode NFC, case-folding, trimmed, inner spaces collapsed.
  Case-folding makes German ``ß`` equal ``ss`` ("Straße" = "STRASSE" = "strasse"), the way
  German writes it in capitals.  Accents and umlauts are *kept*: "pâte" is not "pate" and
  "Bär" is not "Bar", because they are different words in French and German.
* **Near** (:func:`match_guess`, Play-Doh's Cave only, where "Spelling errors are ignored"):
  a guess that differs from the word only in accents or umlauts (:func:`fold`: "Baer",
  "Bar" and "Bär" all fold close), or is within the Damerau–Levenshtein bound of §3.7
  (1 for words of up to 7 letters, 2 for longer ones) without being an inflection.  The
  riddle's owner confirms it.  "revolvr" for "revolver" is near.
* **Inflection** (:func:`is_inflection`): an ending added or removed ("revolvers",
  "lanterns", "watches", "parties", "walked", "walking", "dog's"; German plurals in
  ``-en``/``-er``/``-ern``; French ``-x`` and ``-al``/``-aux``), or two such endings.  The
  source's own example: "revolvers" for "revolver" is wrong, however close.
* Everything else is **wrong**.

Dohdles uses only :func:`normalise` (DOH-20: no spelling tolerance there), and its terms may
be several words or hyphenated (:func:`check_term`, DOH-30: "Eiffel Tower", "T-shirt"); a
space or hyphen is no letter position (:func:`letters_of`).  Cave keeps one word (CAVE-23).
"""
from __future__ import annotations

import unicodedata

__all__ = [
    "SecretWordError", "LETTERS", "MAX_WORD", "normalise", "fold", "check_secret_word", "check_term", "letters_of",
    "damerau_levenshtein", "is_inflection", "near_bound", "match_guess", "EXACT", "NEAR", "WRONG",
]

EXACT, NEAR, WRONG = "exact", "near", "wrong"
MAX_WORD = 64            # "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz" fits

# The letters English, French and German write words with (lower case; upper case is
# accepted and lowered).  ß stays one letter in a secret word: letter queries count it once.
LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz" "àâæçéèêëîïôœùûüÿ" "äöüß")

# Endings that make another form of the same word (§3.7 "a trailing s, es, ies, ed, ing or
# 's, or a compound suffix"), plus the common German and French plural endings.
ENDINGS = ("s", "es", "'s", "s'", "ed", "ing", "en", "er", "ern", "x")
_TWO_ENDINGS = frozenset(a + b for a in ENDINGS for b in ENDINGS)
# Endings that replace the word's last letters: party -> parties, cheval -> chevaux.
_SWAPS = (("y", "ies"), ("y", "ied"), ("al", "aux"), ("e", "ing"))


class SecretWordError(ValueError):
    """The text cannot be a secret word; ``message`` says why, for the player."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def normalise(text: str) -> str:
    """The form in which two words are equal: NFC, case-folded, trimmed, inner whitespace
    collapsed to one space, the typographic apostrophe read as ``'``.

    >>> normalise("  Straße ") == normalise("STRASSE")
    True
    >>> normalise("Bär") == normalise("Bar")
    False
    """
    text = unicodedata.normalize("NFC", str(text)).replace("\u2019", "'").replace("\u02bc", "'")
    text = unicodedata.normalize("NFC", text.casefold())
    return " ".join(text.split())


def fold(text: str) -> str:
    """:func:`normalise` without accents, umlauts and ligatures ("Bär" -> "bar",
    "cœur" -> "coeur"): two words that fold alike differ only in how they are written."""
    text = normalise(text).replace("æ", "ae").replace("œ", "oe")
    text = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def check_secret_word(text: str, joiners: str = "") -> str:
    """The secret word as stored: one word of letters (English, French or German, see
    :data:`LETTERS`), NFC, lower case (``ß`` kept).  Raises :class:`SecretWordError` with a
    readable reason otherwise (CAVE-23: "A riddle is a word"; single words, letters only).

    ``joiners`` (Dohdles' :func:`check_term`) are the characters allowed between letters
    besides them: a space (inner runs of white space become one) and a hyphen.

    >>> check_secret_word(" Straße ")
    'straße'
    """
    if not isinstance(text, str):
        raise SecretWordError("not_text", "The secret word must be text.")
    word = unicodedata.normalize("NFC", text).strip()
    if not word:
        raise SecretWordError("empty_word", "Type the riddle's secret word.")
    if " " in joiners:
        word = " ".join(word.split())
    elif any(ch.isspace() for ch in word):
        raise SecretWordError("not_one_word", "A riddle is one word: no spaces.")
    if len(word) > MAX_WORD:
        raise SecretWordError("word_too_long", f"A secret word has at most {MAX_WORD} letters.")
    # Lower per character: str.lower keeps ß (casefold would make it "ss") and lowers ẞ to ß.
    word = unicodedata.normalize("NFC", "".join("ß" if ch == "ẞ" else ch.lower() for ch in word))
    for ch in word:
        if ch in LETTERS or ch in joiners:
            continue
        if ch.isdigit():
            raise SecretWordError("not_letters", "A secret word has letters only, no digits.")
        if joiners and ch in "'\u2019":
            raise SecretWordError("not_letters", "A secret word has letters, spaces and hyphens only: "
                                                 "write it without the apostrophe.")
        if ch in "-'\u2019":
            raise SecretWordError("not_letters", "A secret word has letters only: write it as one word "
                                                 "without hyphen or apostrophe.")
        if ch.isalpha():
            raise SecretWordError("not_letters", f"The letter {ch!r} is not used in English, French or "
                                                 "German; write the word with those letters.")
        raise SecretWordError("not_letters", f"A secret word has letters only, not {ch!r}.")
    if joiners and not letters_of(word):
        raise SecretWordError("empty_word", "Type the riddle's secret word.")
    return word


TERM_JOINERS = " -"


def check_term(text: str) -> str:
    """A Dohdle term as stored (DOH-30, §1.10 "letters (plus space or hyphen) only, and at
    least 1 character"): several words or hyphenated, inner white space made one space,
    lower case; at least one letter.

    >>> check_term("  Eiffel   Tower "), check_term("T-shirt")
    ('eiffel tower', 't-shirt')
    """
    return check_secret_word(text, TERM_JOINERS)


def letters_of(word: str) -> str:
    """The letters of a stored word, the positions letter clues count (DOH-30: a space or
    hyphen is no letter position).

    >>> letters_of("t-shirt"), letters_of("eiffel tower")
    ('tshirt', 'eiffeltower')
    """
    return "".join(ch for ch in word if ch not in TERM_JOINERS)


def damerau_levenshtein(a: str, b: str) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) from ``a`` to ``b``, each
    substring edited once (the "optimal string alignment" form of Damerau–Levenshtein).

    >>> damerau_levenshtein("revolvr", "revolver"), damerau_levenshtein("revolevr", "revolver")
    (1, 1)
    """
    if a == b:
        return 0
    prev2: list = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[len(b)]


def is_inflection(a: str, b: str) -> bool:
    """True when one of the (normalised) words is the other with an ending added or swapped
    (:data:`ENDINGS`, or two of them; y/ies, al/aux): another form, not a misspelling."""
    if a == b:
        return False
    short, long_ = sorted((a, b), key=len)
    if len(short) >= 2 and long_.startswith(short):
        tail = long_[len(short):]
        if tail in ENDINGS or tail in _TWO_ENDINGS:
            return True
    for old, new in _SWAPS:
        for x, y in ((a, b), (b, a)):
            if x.endswith(old) and y == x[: len(x) - len(old)] + new and len(x) > len(old) + 1:
                return True
    return False


def near_bound(word: str) -> int:
    """The largest edit distance that may still be a spelling error (§3.7): 1 for a word of
    up to 7 letters, 2 for a longer one."""
    return 1 if len(normalise(word)) <= 7 else 2


def match_guess(guess: str, word: str) -> str:
    """Classify a guess at a secret word (§3.7): ``"exact"``, ``"near"`` (a probable spelling
    error, for the owner to confirm) or ``"wrong"``.

    >>> [match_guess(g, "revolver") for g in ("Revolver", "revolvr", "revolvers", "pistol")]
    ['exact', 'near', 'wrong', 'wrong']
    """
    g, w = normalise(guess), normalise(word)
    if not g:
        return WRONG
    if g == w:
        return EXACT
    fg, fw = fold(g), fold(w)
    if is_inflection(fg, fw):
        return WRONG
    if fg == fw:
        return NEAR
    if damerau_levenshtein(fg, fw) <= near_bound(w):
        return NEAR
    return WRONG
