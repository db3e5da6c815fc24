"""The riddle toolkit shared by the two sculpting games, Dohdles! (RULES.md §1) and
Play-Doh's Cave (§3): secret words and guess matching (:mod:`.words`), letter queries
(:mod:`.letters`), questions and answers (:mod:`.questions`), riddle boards (:mod:`.boards`).

Everything here is pure: no state, no time, no randomness.
"""
from .words import (SecretWordError, check_secret_word, damerau_levenshtein, fold, is_inflection,
                    match_guess, normalise)

from .letters import LetterQuery, answer as answer_letter, parse_query

__all__ = ["LetterQuery", "answer_letter", "parse_query", "SecretWordError", "check_secret_word", "damerau_levenshtein", "fold", "is_inflection",
           "match_guess", "normalise"]
