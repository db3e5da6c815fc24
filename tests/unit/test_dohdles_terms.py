"""Dohdles! terms of several words or hyphenated (RULES.md §1.10, DOH-30) and the creator
who does not answer in time (§1.6.1, DOH-29), as the rulebook settles them."""
from __future__ import annotations

import pytest

from clubtable.games.dohdles import BLANK, GAME
from clubtable.games.riddles.words import SecretWordError, check_secret_word, check_term
from test_dohdles_kit import Play

ANNA, BEN, CARLA = 0, 1, 2
ANNAS_OWL = 2            # Anna's third Dohdle (words are listed by Dohdle id)


def words(**by_id):
    """The kit's default words, with some Dohdles' words replaced."""
    out = ["moth", "turnip", "owl", "rabbit", "carrot", "kiwi", "lamp", "anchor", "kettle"]
    for i, w in by_id.items():
        out[int(i[1:])] = w
    return out


def claim_and_propose(p, seat, d, word):
    """``seat`` shouts "Dohdles!" on Dohdle ``d`` and says ``word``; True when solved."""
    p.dohdle(d)["chip"] = max(1, p.dohdle(d)["chip"])
    p.do(seat, "claim", dohdle=d)
    p.settle()
    p.do(seat, "propose", word=word)
    return p.dohdle(d)["status"] == "solved"


# ====================================================================== DOH-30: which terms
@pytest.mark.parametrize("typed,stored", [
    ("Eiffel Tower", "eiffel tower"),            # the rulebook's two examples
    ("T-shirt", "t-shirt"),
    ("  Eiffel   Tower ", "eiffel tower"),       # trimmed, inner spaces made one
    ("Jack-in-the-box", "jack-in-the-box"),
    ("Straße", "straße"),
])
def test_a_creator_may_enter_several_words_or_a_hyphenated_term(typed, stored):
    p = Play(3, make=False)
    p.make(ANNA, typed)
    assert p.dohdle(0)["word"] == stored and p.dohdle(0)["status"] == "active"


@pytest.mark.parametrize("typed,code", [
    ("r2d2", "not_letters"), ("aujourd'hui", "not_letters"), ("x+y", "not_letters"), ("<b>", "not_letters"),
    ("-", "empty_word"), (" - - ", "empty_word"),
    ("", "empty_text"), ("a" * 65, "too_long"),             # the move's schema, before the rules
])
def test_still_letters_plus_space_or_hyphen_only_and_at_least_one_letter(typed, code):
    p = Play(3, make=False, riddle_medium="table")
    err = p.refused(ANNA, "make", code=code, word=typed)
    assert err.message and p.dohdle(0)["status"] == "making"
    if code in ("not_letters", "empty_word"):
        assert err.reason == "term"


def test_play_dohs_cave_keeps_its_one_word_rule():
    """CAVE-23: the term check is Dohdles'; the one-word check is unchanged."""
    for text, code in (("Eiffel Tower", "not_one_word"), ("T-shirt", "not_letters")):
        with pytest.raises(SecretWordError) as e:
            check_secret_word(text)
        assert e.value.code == code
    assert check_term("T-shirt") == "t-shirt"


def test_a_guesser_must_give_the_term_as_written_after_normalisation():
    """§1.10 exact matching (NFC, case, trimming, inner white space); DOH-20: hyphen and
    space variants count only when the creator listed them."""
    for guess, right in (("t-shirt", True), ("  T-SHIRT ", True), ("tshirt", False), ("T shirt", False)):
        p = Play(3, words=words(d2="T-shirt"))
        assert claim_and_propose(p, BEN, ANNAS_OWL, guess) is right, guess
    for guess, right in (("eiffel   tower", True), ("Eiffel Tower", True), ("eiffeltower", False),
                         ("eiffel-tower", False)):
        p = Play(3, words=words(d2="Eiffel Tower"))
        assert claim_and_propose(p, BEN, ANNAS_OWL, guess) is right, guess


def test_t_shirt_for_a_creators_tshirt_is_wrong_and_moves_the_guesser_back():
    """The issue's case: the creator wrote "tshirt"; "T-shirt" is not identical (DOH-20)."""
    p = Play(3, words=words(d2="tshirt"))
    before = p.token(BEN)
    assert claim_and_propose(p, BEN, ANNAS_OWL, "T-shirt") is False
    assert p.token(BEN) < before and p.dohdle(ANNAS_OWL)["status"] == "active"
    assert p.events("proposal")[-1]["correct"] is False


def test_the_creator_may_list_the_hyphen_variant():
    """DOH-20 (``accepted_variants``): "tshirt" with "t-shirt" listed accepts both."""
    p = Play(3, make=False, accepted_variants=True)
    p.make(ANNA, "tshirt")
    p.do(ANNA, "add_variant", word="T-shirt")
    assert p.dohdle(0)["variants"] == ["t-shirt"]
    p.do(ANNA, "add_variant", word="tshirt ")            # the word itself: nothing added
    assert p.dohdle(0)["variants"] == ["t-shirt"]


@pytest.mark.parametrize("word,asked,letter", [
    ("t-shirt", 2, "S"), ("t-shirt", 1, "T"), ("eiffel tower", 5, "E"), ("ice cream", 4, "C"),
])
def test_letter_clues_count_letters_only(word, asked, letter):
    """DOH-30: a space or hyphen is no letter position."""
    p = Play(3, words=words(d3=word))
    d = 3                                                # Ben's first Dohdle
    p.dohdle(d)["chip"] = 1                              # the next space (2) is a letter space
    p.do(ANNA, "move_chip", dohdle=d)
    assert p.turn["phase"] == "letter"
    p.do(ANNA, "request_letter", position=asked)
    assert p.dohdle(d)["letters"][asked - 1] == letter
    assert p.view(CARLA)["dohdles"][d]["letters"][asked - 1] == letter


def test_a_short_term_blanks_past_its_letters_not_past_its_characters():
    """"a-b" has two letters (three characters): position 3 is BLANK (DOH-8)."""
    p = Play(3, words=words(d3="a-b"))
    d = 3
    p.dohdle(d)["chip"] = 1
    p.do(ANNA, "move_chip", dohdle=d)
    p.do(ANNA, "request_letter", position=3)
    assert p.dohdle(d)["letters"] == [None, None, BLANK, BLANK, BLANK]


# ====================================================================== DOH-29: the creator's timeout
def ask(p, question):
    d = p.of(BEN)[0]                                     # "rabbit"
    p.do(ANNA, "move_chip", dohdle=d)
    p.do(ANNA, "ask", question=question)
    return d


@pytest.mark.parametrize("question", ["Is it soft?", "Is 'rabbit' the solution word?", "Is it a RABBIT?"])
def test_every_unanswered_question_records_irrelevant_flagged(question):
    """§1.6.1, DOH-29: naming the word or not, the creator's clock running out records
    IRRELEVANT, flagged as unanswered, and it counts as an answered question."""
    p = Play(3)
    d = ask(p, question)
    p.wait(20_000)
    qa = p.dohdle(d)["qa"][-1]
    assert qa["a"] == "irrelevant" and qa["timeout"] is True and qa["refused"] is False
    assert p.turn["asked"] == 1
    answer = p.events("answer")[-1]
    assert answer["answer"] == "irrelevant" and answer["timeout"] is True
    assert not p.events("refused")


def test_what_the_asker_sees_of_a_timeout_is_the_same_whether_his_question_named_the_word():
    """§0.2.5 via DOH-29: the engine never tells by itself that a question named the word."""
    seen = []
    for question in ("Is it fluffy?", "Is it a rabbit?"):
        p = Play(3)
        d = ask(p, question)
        p.wait(20_000)
        for seat in (ANNA, CARLA, None):
            v = p.view(seat)
            qa = [dict(x, q=None) for x in v["dohdles"][d]["qa"]]
            events = [dict(e, text=None) for e in v["events"] if e.get("dohdle") == d]
            seen.append((seat, repr(qa), repr(events), v["turn"]["phase"], v["turn"]["asked"]))
    assert seen[:3] == seen[3:]


def test_only_the_creator_refuses_a_naming_question():
    p = Play(3)
    d = ask(p, "Is it a rabbit?")
    p.do(BEN, "refuse")
    qa = p.dohdle(d)["qa"][-1]
    assert qa["refused"] is True and qa["timeout"] is False and p.turn["asked"] == 0


def test_refuse_at_once_still_refuses_at_once():
    p = Play(3, naming_question="refuse_at_once")
    d = ask(p, "Is it a rabbit?")
    qa = p.dohdle(d)["qa"][-1]
    assert qa["refused"] is True and qa["auto"] is True and p.turn["question"] is None
    assert "answer" not in GAME.active(p.state).get(BEN, [])
