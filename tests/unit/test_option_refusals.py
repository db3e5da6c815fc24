"""Options that cannot go together are refused in the player's language, with the exact
reason (not a general "bad options"), before the table opens."""
import pytest

from clubtable import i18n
from clubtable.engine import IllegalAction
from clubtable.games import GAMES
from clubtable.i18n import Translator
from clubtable.ui.context import Refusal

CASES = [
    ("dodgy", 2, {"statement_s": 3, "challenge_min_window_s": 3}, "statement_window"),
    ("dodgy", 2, {"faces": ["sun"]}, "faces_count"),
    ("dodgy", 6, {"elimination_threshold": 4}, "threshold_dice"),
    ("waldi", 2, {"blanket_colours": ["red", "red", "blue"]}, "blanket_colours"),
    ("dohdles", 3, {"final_index": 10}, "arrows"),
    ("dohdles", 3, {"start_index": 30, "final_index": 20}, "start_index"),
    ("cave", 3, {"first_player": 5}, "first_player"),
]


def refusal(game_id, n, options):
    with pytest.raises(IllegalAction) as e:
        GAMES[game_id].check_options(options, n)
    assert e.value.code == "bad_options"
    return Refusal.of(e.value)


@pytest.mark.parametrize("game_id, n, options, detail", CASES)
def test_each_cross_check_names_its_reason_in_every_language(game_id, n, options, detail):
    r = refusal(game_id, n, options)
    assert r.detail == detail
    english = r.text(Translator("en"))
    assert english == r.message                      # English: the engine's own sentence
    for lang in ("fr", "de"):
        assert i18n.has(lang, f"refusal.bad_options.{detail}"), (lang, detail)
        text = r.text(Translator(lang))
        assert text != english and "{" not in text, (lang, text)


def test_numbers_reach_the_sentence():
    r = refusal("dodgy", 6, {"elimination_threshold": 4})
    assert "6" in r.text(Translator("de")) and "3" in r.text(Translator("de"))


def test_a_reason_without_its_own_text_is_still_not_english():
    r = Refusal("bad_options", "Option x cannot be 'y'.", None)
    for lang in ("fr", "de"):
        assert r.text(Translator(lang)) == i18n.translate(lang, "refusal.bad_options") != r.message
