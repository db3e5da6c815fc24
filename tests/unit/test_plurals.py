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
