"""Counts are shown with their plural form in every language."""
from clubtable.i18n import Translator, register_game, translate


def test_one_and_many():
    assert translate("en", "home.free_seats", n=1) == "1 free seat"
    assert translate("en", "home.free_seats", n=2) == "2 free seats"
    assert translate("fr", "home.free_seats", n=1) == "1 place libre"
    assert translate("fr", "home.free_seats", n=0) == "0 place libre"     # French: 0 is singular
    assert translate("de", "home.free_seats", n=1) == "1 freier Platz"
    assert translate("de", "home.free_seats", n=0) == "0 freie Plätze"


def test_game_texts_agree_with_their_count():
    for game in ("dodgy", "dobbelduel"):
        register_game(game)
    t = Translator("en")
    assert t("dd.points", n=1) == "1 point"
    assert "There is 1 ×" in t("dodgy.claim", name="Ann", q=1, image="bow")
    assert "There are 2 ×" in t("dodgy.claim", name="Ann", q=2, image="bow")
    assert Translator("de")("dd.points", n=1) == "1 Punkt"


def test_a_text_with_a_position_and_a_count_agrees_with_the_count():
    """``count`` comes before ``n``: "Pile 2: 1 card" agrees with the pile's size, not its number."""
    t = Translator("en")
    assert t("waldi.pile", n=2, count=1) == "Pile 2: 1 card"
    assert t("waldi.pile", n=1, count=2) == "Pile 1: 2 cards"
    assert Translator("fr")("waldi.pile", n=3, count=0) == "Pile 3 : 0 carte"
    assert Translator("de")("waldi.cards", n=1) == "1 Karte"


def test_a_plural_text_without_its_count_takes_the_plural():
    assert translate("en", "result.winners", names="Ann, Bob") == "Winners: Ann, Bob"
