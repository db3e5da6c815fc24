"""The riddle toolkit's questions (RULES.md §1.6.1, §1.10, §3.5.2) and suggestion boards
(§1.1, DOH-22)."""
from __future__ import annotations

import pytest

from clubtable.games.riddles.boards import BOARDS, LANGUAGES, SAMPLE_QUESTIONS, THEMES, sample_questions, terms
from clubtable.games.riddles.questions import edit_distance, flag_question, names_word, public_flags
from clubtable.games.riddles.words import check_secret_word, normalise


# ====================================================================== questions
def test_the_rulebooks_prohibited_examples_are_flagged():
    assert flag_question("Is 'rabbit' the solution word?", "rabbit") == ["names_word"]
    assert "letters" in flag_question('Is the first letter "E"?', "rabbit")
    assert flag_question("How many letters does it have?", "rabbit") == ["letters", "length"]


def test_the_rulebooks_allowed_examples_are_not_flagged():
    for q in ("Is it a living being?", "Is it made by humans?", "Did it exist 200 years ago?"):
        assert flag_question(q, "rabbit") == []


@pytest.mark.parametrize("question", [
    "Does it start with S?", "Does it end in -ing?", "Is there a vowel at the end?", "Can you spell it?",
    "Fängt es mit B an?", "Wie viele Buchstaben hat es?", "Endet es auf N?",
    "Est-ce que ça commence par un P ?", "Combien de lettres ?", "Il y a une voyelle ?",
    "Is it an 'A' word?", "Ist das erste Zeichen ein „K“?",
])
def test_questions_about_letters_or_length_in_three_languages(question):
    assert set(public_flags(question)) & {"letters", "length"}


def test_a_quoted_word_is_not_a_quoted_letter():
    assert public_flags("Would you call it 'cute'?") == []
    assert public_flags("Is it used with lettuce?") == []


def test_naming_the_word_ignores_case_and_unicode_form_but_not_other_words():
    assert names_word("Is it a BÄR?", "bär")
    assert names_word("Is it a Ba\u0308r?", "bär")
    assert names_word("C'est une PIEUVRE ?", "pieuvre")
    assert not names_word("Is it a mother?", "moth")
    assert not names_word("Is it alive?", None)


def test_near_misses_are_flagged_only_to_whoever_knows_the_word():
    assert flag_question("Is it a rabbits thing?", "rabbit") == ["near_word"]
    assert flag_question("Is it a rabit?", "rabbit") == ["near_word"]
    assert flag_question("Is it a mothball?", "moth") == ["near_word"]
    assert flag_question("Is it a cat?", "car") == []                # short words: no typo guessing
    assert flag_question("Is it a rabit?", None) == []


def test_edit_distance():
    assert edit_distance("rabbit", "rabbit") == 0
    assert edit_distance("rabit", "rabbit") == 1
    assert edit_distance("kitten", "sitting") == 3
    assert edit_distance("a", "abcdef", cap=3) == 3


# ====================================================================== boards
@pytest.mark.parametrize("lang", LANGUAGES)
def test_six_boards_of_at_least_sixty_single_words(lang):
    boards = BOARDS[lang]
    assert len(boards) == 6
    for board in boards:
        assert len(board) >= 60
        for term in board:
            assert check_secret_word(term) == term.lower(), term      # one word of letters
    every = [normalise(t) for board in boards for t in board]
    assert len(every) == len(set(every)), "no term twice: within a board or across boards"


def test_every_theme_is_spread_over_all_six_boards():
    for theme in THEMES.values():
        assert len(theme) >= 60
        for triple in theme:
            assert len(triple) == len(LANGUAGES)
    for lang in LANGUAGES:
        for b in range(6):
            assert terms(lang, b) == BOARDS[lang][b]
            assert terms(lang, b) is not BOARDS[lang][b]


def test_no_abstract_terms_or_substances_from_the_rulebooks_examples():
    banned = {"love", "death", "kindness", "jealousy", "hate", "ice", "wine", "blood", "water", "wood"}
    assert not banned & {t for board in BOARDS["en"] for t in board}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sample_questions_are_allowed_questions(lang):
    questions = sample_questions(lang)
    assert 20 <= len(questions) == len(set(questions))
    for q in questions:
        assert public_flags(q, lang) == [], q
    assert questions == SAMPLE_QUESTIONS[lang]
