"""Letter queries by the grammar of RULES.md §3.5.1 (CAVE-7)."""
import pytest
from hypothesis import given, strategies as st

from clubtable.games.riddles.letters import NONE, LetterQuery as Q, answer, is_vowel, parse_query, query_text, \
    units_of
from clubtable.games.riddles.words import LETTERS


def test_second_consonant_of_revolver_is_v():
    """§3.8: "A asks 'second consonant' of C's riddle 'revolver'. The engine privately shows A
    v, since the consonants are r, v, l, v, r." """
    assert units_of("revolver", "consonant") == list("rvlvr")
    assert answer("revolver", Q(2, "consonant")) == "v"


def test_ninth_letter_of_an_eight_letter_word_is_a_dash():
    """"An answer of '-' means there is no such letter." """
    assert answer("revolver", Q(9, "letter")) == NONE == "-"
    assert answer("rhythm", Q(1, "vowel")) == "-"


def test_counting_from_the_end():
    assert answer("revolver", Q(1, "letter", "end")) == "r"
    assert answer("revolver", Q(2, "vowel", "end")) == "o"
    assert answer("lantern", Q(3, "consonant", "end")) == "t"


def test_y_is_a_consonant_unless_configured():
    assert answer("yes", Q(1, "consonant")) == "y"
    assert answer("yes", Q(1, "vowel", "start"), y_vowel=True) == "y"
    assert answer("rhythm", Q(1, "vowel"), y_vowel=True) == "y"


def test_accented_letters_keep_their_kind_and_their_accent():
    assert answer("bär", Q(1, "vowel")) == "ä"
    assert answer("glaçon", Q(3, "consonant")) == "ç"
    assert answer("œuf", Q(1, "letter")) == "œ" and is_vowel("œ") and is_vowel("Æ")
    assert answer("straße", Q(5, "letter")) == "ß"          # ß is one letter
    assert answer("straße", Q(6, "letter")) == "e"
    assert answer("café", Q(1, "vowel", "end")) == "é"


@pytest.mark.parametrize("text, query", [
    ("What is the first letter of this riddle?", None),      # full sentences are for people, not the grammar
    ("first letter", Q(1, "letter")), ("the second consonant", Q(2, "consonant")), ("9th letter", Q(9, "letter")),
    ("last vowel", Q(1, "vowel", "end")), ("third letter from the end", Q(3, "letter", "end")),
    ("2nd vowel from the beginning", Q(2, "vowel")), ("the letter after the first R", None), ("0th letter", None),
    ("zillionth letter", None),
])
def test_parse_query(text, query):
    assert parse_query(text) == query


def test_query_text():
    assert query_text(Q(2, "consonant")) == "2nd consonant"
    assert query_text(Q(1, "letter", "end")) == "1st letter from the end"
    assert query_text(Q(11, "vowel")) == "11th vowel" and query_text(Q(23, "letter")) == "23rd letter"


def test_bad_queries_are_refused():
    for bad in (Q(0), Q(1, "syllable"), Q(1, "letter", "middle")):
        with pytest.raises(ValueError):
            answer("cat", bad)


words = st.text(alphabet=sorted(LETTERS), min_size=1, max_size=12)
queries = st.builds(Q, st.integers(1, 14), st.sampled_from(["letter", "vowel", "consonant"]),
                    st.sampled_from(["start", "end"]))


@given(words, queries, st.booleans())
def test_answer_is_a_letter_of_the_word_or_a_dash(word, query, y_vowel):
    got = answer(word, query, y_vowel)
    assert got == NONE or got in word
    if query.unit == "letter" and query.n <= len(word):
        assert got == (word[query.n - 1] if query.count_from == "start" else word[-query.n])


@given(words, st.booleans())
def test_vowels_and_consonants_split_the_letters(word, y_vowel):
    assert sorted(units_of(word, "vowel", y_vowel) + units_of(word, "consonant", y_vowel)) == sorted(word)
