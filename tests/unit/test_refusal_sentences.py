"""Every refusal of a malformed move is a sentence in the reader's language (issue 20): the
protocol's English for peers (the engine's message, about the argument's label), the
screens' catalogue by code, reason and parameters in English, French and German.  Never an
argument's name from the code, never an internal bound ("dog must be from 1 to 2147483648.")."""
from __future__ import annotations

import re

import pytest

from clubtable import i18n
from clubtable.engine import IllegalAction, Int, ListOf, Nullable, Text
from clubtable.games import GAMES
from clubtable.ui.context import Refusal

BAD_VALUES = ["x", "", " ", "\x07beep", "a" * 9000, 1.5, True, None, -1, 2 ** 40, 0, 7, [], [1] * 40,
              [None, None, None, None], ["x", 1, 2, 3], [1, 2, 3, 4], {}, {"a": 1}, "sha256:" + "0" * 63]


def malformed_actions(game, state):
    """Each move with each argument malformed in turn (the others well-formed where the
    schema enumerates them), one left out, one unexpected field."""
    for type_, move in game.moves.items():
        good = {}
        for name, arg in move.args.items():
            choices = arg.choices(state)
            good[name] = choices[0] if choices else (arg.lo if arg.kind == "int" else
                                                     "sha256:" + "a" * 64 if arg.kind == "picture" else
                                                     ["sha256:" + "a" * 64] * max(1, getattr(arg, "min_len", 1))
                                                     if arg.kind == "list" else "lamp")
        for name in move.args:
            for bad in BAD_VALUES:
                yield type_, name, dict(good, type=type_, **{name: bad})
            if not move.args[name].optional:
                yield type_, name, {k: v for k, v in dict(good, type=type_).items() if k != name}
        yield type_, None, dict(good, type=type_, cheat=1)


def internal_bounds(arg):
    """Numbers of the schema a player has no use for: an Int's bounds unless ``shown``."""
    out = set()
    stack = [arg]
    while stack:
        a = stack.pop()
        if isinstance(a, Nullable):
            stack.append(a.inner)
        elif isinstance(a, ListOf):
            stack.append(a.item)
        elif isinstance(a, Int) and not a.shown and not callable(a.hi):
            out |= {str(a.lo), str(a.hi)} - {"0", "1"}
    return out


def check_sentence(text, raw_names, bounds, where):
    assert text and text[0].isupper() and text.rstrip()[-1] in ".!?", where
    assert "2147483648" not in text and "{" not in text and "[" not in text, where
    assert not re.search(r"\b\d{5,}\b", text), where
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), where          # an identifier
    for name in raw_names:
        # as the code names it: "die must …", "eq is …", "row[2] must …", "needs dog.", 'field 'cheat''
        pattern = rf"(?<![\w']){re.escape(name)}(?:\[\d+\])? (?:must|is|contains|needs)\b|needs {re.escape(name)}\b|'{re.escape(name)}'"
        assert not re.search(pattern, text), (where, name)
        if "_" in name:
            assert not re.search(rf"(?<![\w']){re.escape(name)}(?![\w'])", text), (where, name)
    for b in bounds:
        assert not re.search(rf"\b{b}\b", text), (where, b)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_malformed_move_is_refused_with_sentences_in_three_languages(game_id):
    game = GAMES[game_id]
    names = [f"P{i}" for i in range(max(3, game.min_players))][:game.max_players]
    state = game.new(names, 3)
    seen = set()
    for type_, name, action in malformed_actions(game, state):
        try:
            game.check_action(state, action)
            continue                                      # well-formed after all (e.g. 0 in range)
        except IllegalAction as err:
            refusal = err
        move = game.moves[type_]
        arg = move.args.get(name)
        # an argument's name is raw unless it is the word its label uses ("die", "question")
        raw = [n for n, a in move.args.items() if not re.search(rf"\b{n}\b", (a.label or "").lower())]
        raw += ["cheat"]
        bounds = internal_bounds(arg) if arg is not None else set()
        where = (game_id, type_, name, action.get(name), refusal.code)
        check_sentence(refusal.message, raw, bounds, where + ("peer",))
        if arg is not None and refusal.code in ("bad_arg", "too_long", "empty_text", "bad_text", "bad_picture"):
            assert arg.label.split()[-1].lower() in refusal.message.lower(), where   # says which argument
        for lang in i18n.LANGUAGES:
            t = i18n.Translator(lang)
            text = Refusal(refusal.code, refusal.message, refusal.reason, refusal.params).text(t)
            assert text != f"refusal.{refusal.code}", where + (lang,)
            check_sentence(text, raw, bounds, where + (lang,))
            if lang != "en":
                assert text != refusal.message, where + (lang,)        # not left in English
        seen.add((refusal.code, refusal.reason))
    assert ("bad_arg", "whole_number") in seen or ("bad_arg", "choice") in seen or ("bad_arg", "text") in seen


def test_the_examples_of_the_issue_read_as_sentences():
    dodgy, waldi, duel = GAMES["dodgy"], GAMES["waldi"], GAMES["dobbelduel"]
    s = dodgy.new(["A", "B", "C"], 1)
    err = pytest.raises(IllegalAction, dodgy.check_action, s, {"type": "choose", "die": "x"}).value
    assert err.message == "The die must be a whole number."
    s = waldi.new(["A", "B"], 1)
    err = pytest.raises(IllegalAction, waldi.check_action, s, {"type": "attach", "dog": 0}).value
    assert err.message == "The dachshund is not one at this table."
    s = duel.new(["A", "B"], 1)
    err = pytest.raises(IllegalAction, duel.check_action, s, {"type": "feedback", "eq": 9, "plus": 0, "minus": 0}).value
    assert err.message == "The count of right dice in the right place must be from 0 to 4."
    fr = Refusal(err.code, err.message, err.reason, err.params).text(i18n.Translator("fr"))
    assert fr == "Ce coup attend un nombre de 0 à 4."
    err = pytest.raises(IllegalAction, duel.check_action, s, {"type": "place", "row": [1, 2, 9, None]}).value
    assert err.message == "Entry 3 of the row must be from 1 to 6."


def test_an_options_bounds_still_name_the_option():
    """Options are set by the host's set-up screen, which shows each option's name beside
    it; their refusals keep naming it (not a move's argument)."""
    assert Text(10).check("ok", "option x") == "ok"


def test_a_remote_guest_gets_the_rule_and_values_to_say_it_in_its_language():
    """The host's reject carries the protocol's English and the sentence's rule and values:
    a French guest's screen shows the French sentence, not the English one."""
    import os
    import sys
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from test_session_fakegame import Net, Tokens
    from clubtable.session import Table
    t = Table("dobbelduel", [{"kind": "remote"}, {"kind": "remote"}], seed=3, table_id="tbl1",
              token_factory=Tokens())
    net = Net(t)
    net.join("A", "Ann")
    net.join("B", "Ben")
    net.deliver(t.start(0))
    net.send("A", net.guests["A"].intent({"type": "feedback", "eq": 9, "plus": 0, "minus": 0}))
    kind, code, reason, rule, params = net.last_event("A")
    assert (kind, code, rule, params) == ("reject", "bad_arg", "range", {"lo": 0, "hi": 4})
    assert reason == "The count of right dice in the right place must be from 0 to 4."
    refusal = Refusal(code, reason, rule, params)
    assert refusal.text(i18n.Translator("fr")) == "Ce coup attend un nombre de 0 à 4."
    assert refusal.text(i18n.Translator("de")) == "Dieser Zug braucht eine Zahl von 0 bis 4."


@pytest.mark.parametrize("code", ["rate_limited", "flooding", "too_big", "too_fast", "bad_chunk", "bad_frame", "too_many_links",
                                  "too_slow", "seat_reclaimed", "replaced_by_bot", "seat_taken", "bad_token",
                                  "wrong_table", "stale_seq", "internal_error", "bad_json", "unknown_type",
                                  "missing_field", "bad_field", "too_many_pictures", "storage_full",
                                  "not_your_picture", "missing_picture"])
def test_what_the_host_may_refuse_a_guest_is_in_every_catalogue(code):
    for lang in ("fr", "de"):
        assert i18n.has(lang, f"refusal.{code}"), (lang, code)
        text = Refusal(code, "English.").text(i18n.Translator(lang))
        check_sentence(text, [], set(), (code, lang))
