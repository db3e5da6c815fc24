"""Secret words and guess matching (RULES.md §3.7, §1.10, CAVE-16, CAVE-23, DOH-20)."""
import pytest
from hypothesis import given, strategies as st

from clubtable.games.riddles.words import (LETTERS, SecretWordError, check_secret_word, damerau_levenshtein,
                                           fold, is_inflection, match_guess, near_bound, normalise)


# ---------------------------------------------------------------- normalise / fold
def test_exact_ignores_case_spaces_and_unicode_form():
    assert normalise("  Revolver ") == "revolver"
    assert normalise("fire   truck") == "fire truck"
    assert normalise("Cafe\u0301") == normalise("Café")          # decomposed é equals composed é
    assert normalise("STRASSE") == normalise("Straße") == normalise("STRAẞE")
    assert normalise("dog’s") == "dog's"


def test_accents_and_umlauts_are_letters_of_their_own():
    assert normalise("Bär") != normalise("Bar")
    assert normalise("pâte") != normalise("pate")
    assert fold("Bär") == "bar" and fold("cœur") == "coeur" and fold("Ægir") == "aegir"


# ---------------------------------------------------------------- secret words
@pytest.mark.parametrize("text, word", [
    ("Revolver", "revolver"), (" Straße ", "straße"), ("STRAẞE", "straße"), ("Bär", "bär"),
    ("Œuf", "œuf"), ("Glaçon", "glaçon"), ("Cafe\u0301", "café"), ("Zoë", "zoë"),
])
def test_secret_word_accepted(text, word):
    assert check_secret_word(text) == word


@pytest.mark.parametrize("text, code", [
    ("", "empty_word"), ("   ", "empty_word"), ("fire truck", "not_one_word"), ("x-ray", "not_letters"),
    ("aujourd'hui", "not_letters"), ("r2d2", "not_letters"), ("Москва", "not_letters"), ("ñandú", "not_letters"),
    ("a" * 65, "word_too_long"), ("<b>", "not_letters"), (None, "not_text"),
])
def test_secret_word_refused_with_a_reason(text, code):
    with pytest.raises(SecretWordError) as err:
        check_secret_word(text)
    assert err.value.code == code and err.value.message


def test_every_listed_letter_is_one_letter_and_accepted():
    for ch in LETTERS:
        assert len(ch) == 1 and check_secret_word(ch.upper() if ch != "ß" else ch) == ch


# ---------------------------------------------------------------- distance
def test_damerau_levenshtein():
    assert damerau_levenshtein("", "abc") == 3
    assert damerau_levenshtein("revolvr", "revolver") == 1      # a letter missing
    assert damerau_levenshtein("revlover", "revolver") == 1     # two letters swapped
    assert damerau_levenshtein("kitten", "sitting") == 3
    assert damerau_levenshtein("ca", "abc") == 3                # the restricted form


@given(st.text(max_size=8), st.text(max_size=8))
def test_distance_is_symmetric_and_bounded(a, b):
    d = damerau_levenshtein(a, b)
    assert d == damerau_levenshtein(b, a)
    assert abs(len(a) - len(b)) <= d <= max(len(a), len(b))
    assert (d == 0) == (a == b)


# ---------------------------------------------------------------- the source's examples
def test_revolver_example_of_the_source():
    """"if the riddle was 'revolver', guesses of 'gun', 'pistol', or even 'revolvers' would be
    incorrect.  Spelling errors are ignored." """
    assert match_guess("revolver", "revolver") == "exact"
    assert match_guess("  REVOLVER ", "revolver") == "exact"
    for wrong in ("gun", "pistol", "revolvers"):
        assert match_guess(wrong, "revolver") == "wrong"
    assert match_guess("revolvr", "revolver") == "near"        # a spelling error: the owner confirms


def test_lantern_example_of_3_8():
    assert match_guess("lanterns", "lantern") == "wrong"
    assert match_guess("lantren", "lantern") == "near"


def test_bounds_depend_on_the_word_length():
    assert near_bound("lantern") == 1 and near_bound("revolver") == 2
    assert match_guess("lntrn", "lantern") == "wrong"           # 2 edits on 7 letters
    assert match_guess("rvolvr", "revolver") == "near"          # 2 edits on 8 letters
    assert match_guess("rvlvr", "revolver") == "wrong"          # 3 edits


@pytest.mark.parametrize("guess, word", [
    ("watches", "watch"), ("parties", "party"), ("walked", "walk"), ("walking", "walk"), ("dog's", "dog"),
    ("dog’s", "dog"), ("dogs'", "dog"), ("cat", "cats"), ("Kindern", "Kind"), ("Frauen", "Frau"),
    ("chevaux", "cheval"), ("bijoux", "bijou"), ("baking", "bake"),
])
def test_inflections_are_wrong(guess, word):
    assert is_inflection(fold(guess), fold(word))
    assert match_guess(guess, word) == "wrong"


@pytest.mark.parametrize("guess, word", [
    ("Munchen", "münchen"), ("Muenchen", "münchen"), ("Baer", "bär"), ("cafe", "café"), ("coeur", "cœur"),
    ("hamer", "hammer"), ("recieve", "receive"), ("firetruk", "firetruck"),
])
def test_spelling_and_accent_slips_are_near(guess, word):
    assert match_guess(guess, word) == "near"


def test_nothing_is_not_a_guess():
    assert match_guess("", "cat") == "wrong" and match_guess("   ", "cat") == "wrong"


words = st.text(alphabet=sorted(LETTERS), min_size=1, max_size=12)


@given(words)
def test_a_word_always_matches_itself_in_any_case(word):
    assert match_guess(word.upper(), word) == "exact"
    assert match_guess(word + "s", word) != "exact"


@given(words, words)
def test_only_equal_words_are_exact(a, b):
    assert (match_guess(a, b) == "exact") == (normalise(a) == normalise(b))
