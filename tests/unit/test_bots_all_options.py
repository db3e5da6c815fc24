"""Every computer player, under every option value: an all-computer table reaches the game's
end, and no bot lets its own time limit run out (DODGY: no statement or choice times out;
Wie Waldi: no turned-up card declines itself at the hold limit).

Each option is varied on its own over all its choices (the other options at their
defaults), plus the timing options at their tightest legal values; seats mix the levels.
The table (``clubtable.session.Table``) paces the bots and is ticked at its own wake-up
times on a simulated clock.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from clubtable.engine import IllegalAction
from clubtable.games import GAMES
from clubtable.session import Table

LIMIT_MS = 6 * 3600 * 1000          # simulated time; far more than any game needs


def run_table(game, levels, options, seed, pace=1.0):
    """Play to the end; returns (final state, ms of table time)."""
    table = Table(game, [{"kind": "bot", "level": lv, "name": f"B{i}"} for i, lv in enumerate(levels)],
                  options=options, seed=seed, table_id="prop", bot_pace=pace)
    now = 0
    table.start(now)
    while game.result(table.state) is None:
        wake = table.next_wakeup()
        assert wake is not None, "the table has nothing to wait for but the game is not over"
        now = max(now + 1, wake)
        table.tick(now)
        assert now < LIMIT_MS, "the game did not end"
        errors = [e for e in table.events if e.get("type") == "bot_error" or e.get("kind") == "bot_error"]
        assert not errors, errors[:3]
    return table.state, now


def cases(game, n_players, extra):
    """(option name, value) for every choice of every option, plus ``extra`` values."""
    out = [("defaults", None)]
    for name, values in game.option_choices.items():
        for v in values:
            if v != game.options.get(name):
                out.append((name, v))
    out += extra
    return out


def mix(levels, n):
    """Seats mixing every level (a table can mix them)."""
    return [levels[i % len(levels)] for i in range(n)]


# ---------------------------------------------------------------------------- DODGY
DODGY = GAMES["dodgy"]
DODGY_EXTRA = [
    ("statement_s", 3.5), ("statement_s", 0), ("choose_s", 0.5), ("choose_s", 0),
    ("challenge_min_window_s", 0), ("jitter_ms", 400), ("round_limit", 3),
    ("faces", ["bow", "ship"]),
]


def _dodgy_options(name, value):
    opts = {"statement_s": 30, "challenge_min_window_s": 3}
    if name == "first_player" and value is not None and value >= 3:
        return None                                     # no such seat at a 3-player table
    if name == "defaults":
        return opts
    opts[name] = value
    if name == "statement_s" and value and value <= 3:
        opts["challenge_min_window_s"] = 1
    return opts


@pytest.mark.parametrize("name, value", cases(DODGY, 3, DODGY_EXTRA))
def test_dodgy_all_computer_table_ends_and_no_bot_runs_out_of_time(name, value):
    opts = _dodgy_options(name, value)
    if opts is None:
        pytest.skip("not a seat of this table")
    # Three players, the levels mixed; the hard seat makes the games decisive.
    state, _ = run_table(DODGY, mix(["hard", "easy", "normal"], 3), opts, seed=11)
    assert DODGY.result(state) is not None
    late = [h for h in state["history"] if h["by_timeout"] or h["chosen_by_timeout"]]
    assert not late, late[:2]


# ---------------------------------------------------------------------------- Wie Waldi
WALDI = GAMES["waldi"]
WALDI_EXTRA = [
    ("max_hold_s", 1), ("max_hold_s", 0), ("idle_stop_s", 5), ("idle_stop_s", 0),
    ("scoring_pause_s", 0), ("countdown_s", 0), ("placed_flash_s", 0),
    ("min_cards_for_rank_bone", 12), ("pace", 2.0), ("pace", 0.5),
]


@pytest.mark.parametrize("name, value", cases(WALDI, 3, WALDI_EXTRA))
def test_waldi_all_computer_table_ends_and_no_card_is_held_too_long(name, value, monkeypatch):
    opts, pace = {}, 1.0
    if name == "pace":
        pace = value                                    # the table's pace for its computer players
    elif name != "defaults":
        opts[name] = value
    expired = []
    real = WALDI._hold_expired

    def hold_expired(state, seat, now_ms):
        if state["revealed"][seat] is not None:
            expired.append(seat)
        return real(state, seat, now_ms)

    monkeypatch.setattr(WALDI, "_hold_expired", hold_expired)
    table_state, _ = run_table(WALDI, mix(["quick", "relaxed", "normal"], 3), opts, seed=5, pace=pace)
    assert WALDI.result(table_state) is not None
    assert not expired, f"{len(expired)} cards declined themselves at the hold limit"


# ---------------------------------------------------------------------------- every game
@pytest.mark.parametrize("game_id", sorted(g for g in GAMES if GAMES[g].bot_levels))
def test_every_game_with_bots_ends_at_an_all_computer_table(game_id):
    game = GAMES[game_id]
    n = game.min_players
    state, _ = run_table(game, mix(list(game.bot_levels), max(n, min(3, game.max_players))), {}, seed=3)
    assert game.result(state) is not None


# ---------------------------------------------------------------------------- every game, options drawn
@pytest.mark.parametrize("game_id", sorted(g for g in GAMES if GAMES[g].bot_levels))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_game_ends_at_an_all_computer_table_whatever_its_options(game_id, data):
    """Property: every option drawn at once from its choices (a combination the rules
    refuse is skipped), seats mixing the levels: the table reaches the game's end."""
    game = GAMES[game_id]
    n = data.draw(st.integers(game.min_players, min(game.max_players, game.min_players + 1)), label="players")
    opts = {name: data.draw(st.sampled_from(values), label=name)
            for name, values in sorted(game.option_choices.items())}
    try:
        game.check_options(opts, n)
    except IllegalAction:
        assume(False)
    state, _ = run_table(game, mix(list(game.bot_levels), n), opts, seed=data.draw(st.integers(0, 99), label="seed"))
    assert game.result(state) is not None
