"""Game records (session/record.py): every game round-trips through a file, a damaged, foreign
or future file is refused with its own reason and nothing replayed, a changed file is told
apart, and the replay gives every seat's view at every step and an all-seeing end."""
from __future__ import annotations

import base64
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubtable.engine import Rng
from clubtable.games import GAMES
from clubtable.i18n import has, translate
from clubtable.session import record as R
from record_games import finished, png, run_table

IDS = sorted(GAMES)


def saved(gid):
    game, state, seats, pictures = finished(gid)
    return game, state, R.make_record(game, state, seats, pictures)


@pytest.mark.parametrize("gid", IDS)
def test_every_game_round_trips(gid):
    game, state, rec = saved(gid)
    data = R.write_record(rec)
    reading = R.read_record(data)
    assert reading.code == "ok", reading
    replay = reading.replay
    assert len(replay) == len(state["log"]) + 1
    assert R.state_hash(game, replay.final) == R.state_hash(game, state)
    assert game.result(replay.final) == game.result(state)
    # the record names its game, version and players as they sat
    assert rec["game"] == gid and rec["rules_version"] == game.version
    assert [p["name"] for p in rec["players"]] == state["players"]
    if gid != "cave":
        assert all(p["computer"] and p["level"] in game.bot_levels for p in rec["players"])
    # written again from the replay: the same bytes
    again = R.make_record(game, replay.final, [{"computer": p["computer"], "level": p["level"]} for p in rec["players"]],
                          replay.pictures())
    assert R.write_record(again) == data


def test_a_tables_record_names_its_computers_and_keeps_its_pictures():
    table = run_table("dodgy", 6, levels=("hard", "easy"))
    rec = R.record_from_table(table)
    assert [(p["computer"], p["level"]) for p in rec["players"]] == [(True, "hard"), (True, "easy")]
    assert R.read_record(R.write_record(rec)).ok
    # the table's asset store gives the pictures its log names (a Cave game's, here)
    game, state, _seats, pictures = finished("cave")
    table.game, table.state = game, state
    table.seats = [{"kind": "pass", "level": None} for _ in state["players"]]
    for ref, (mime, data) in pictures.items():
        table.assets.add(ref, mime, data)
    table.assets.add(R.assets.ref_of(png(77)), "image/png", png(77))     # not in the log: left out
    rec = R.record_from_table(table)
    assert set(rec["pictures"]) == set(pictures) and R.read_record(R.write_record(rec)).ok


def test_the_pictures_the_log_needs_travel_in_the_record():
    game, state, rec = saved("cave")
    assert rec["pictures"], "the Cave game's riddles are pictures"
    refs = set(R.assets.refs_in(rec["log"]))
    assert set(rec["pictures"]) == refs
    reading = R.read_record(R.write_record(rec))
    for ref, (mime, data) in reading.replay.pictures().items():
        assert mime == "image/png" and R.assets.ref_of(data) == ref


@pytest.mark.parametrize("gid", IDS)
def test_views_at_every_step_and_an_all_seeing_end(gid):
    game, state, rec = saved(gid)
    replay = R.read_record(R.write_record(rec)).replay
    n = len(state["players"])
    for step in (0, len(replay) // 2, len(replay) - 1):
        views = replay.views(step)
        for seat in range(n):
            assert views[seat] == game.view(replay.states[step], seat)
    end = replay.views(len(replay) - 1)["all"]
    assert end == game.end_view(state)
    # nothing is hidden from the end view: any state the spectator could not tell apart
    # from the real end would change the all-seeing view, unless it differs only in what
    # no longer matters (the generator, the order of a pile that is turned up below)
    for variant in game.hidden_variants(state, None, Rng(5)):
        if R.state_hash(game, {**variant, "rng": state["rng"]}) != R.state_hash(game, state):
            assert game.end_view(variant) != end, "something hidden survives the end"


def test_dodgy_end_view_lifts_every_cup_and_a_seat_view_does_not():
    game, state, _rec = saved("dodgy")
    end = game.end_view(state)
    for s, hand in enumerate(state["hands"]):
        assert sorted(d["id"] for d in end["known"][s]) == sorted(hand)
    # the end view is not what a player was sent: the winner's faces stayed hidden from the others
    winner = state["winners"][0]
    loser = next(s for s in range(len(state["players"])) if s != winner)
    assert len(game.view(state, loser)["known"][winner]) <= len(end["known"][winner])


@pytest.mark.parametrize("mangle, code", [
    (lambda b: b[: len(b) // 2], "damaged"),
    (lambda b: b"\xff\xfe" + b, "damaged"),
    (lambda b: b"[1, 2, 3]", "damaged"),
    (lambda b: b"x" * (R.MAX_RECORD_BYTES + 1), "damaged"),
    (lambda b: b"[" * 5000, "damaged"),
    (lambda b: json.dumps({"hello": 1}).encode(), "not_a_record"),
])
def test_a_damaged_file_is_refused(mangle, code):
    _game, _state, rec = saved("dodgy")
    reading = R.read_record(mangle(R.write_record(rec)))
    assert reading.code == code and reading.replay is None
    assert has("en", reading.key) and has("fr", reading.key) and has("de", reading.key)


def _edited(gid, change):
    _game, _state, rec = saved(gid)
    rec = json.loads(R.write_record(rec))
    change(rec)
    return R.read_record(json.dumps(rec).encode())


@pytest.mark.parametrize("change, code", [
    (lambda r: r.update(game="chess"), "unknown_game"),
    (lambda r: r.update(rules_version=99), "future"),
    (lambda r: r.update(format_version=2), "future"),
    (lambda r: r.update(seed=-1), "damaged"),
    (lambda r: r.update(seed=True), "damaged"),
    (lambda r: r.update(extra=1), "damaged"),
    (lambda r: r.pop("final_hash"), "damaged"),
    (lambda r: r.update(final_hash="md5:" + "0" * 67), "damaged"),
    (lambda r: r["players"].reverse(), "damaged"),
    (lambda r: r["players"][0].update(name="x" * 200), "damaged"),
    (lambda r: r.update(log=[[0, {"type": "nonsense"}, 5]] + r["log"]), "refused"),
    (lambda r: r["log"].insert(0, r["log"][-1]), "refused"),
    (lambda r: r.update(log=[["0", {"type": "state"}, 1]]), "damaged"),
    (lambda r: r.update(options={"no_such_option": 1}), "refused"),
    (lambda r: r.update(pictures={"sha256:" + "0" * 64: {"mime": "image/png", "data": "AAAA"}}), "damaged"),
])
def test_a_foreign_future_or_broken_record_is_refused(change, code):
    reading = _edited("dodgy", change)
    assert reading.code == code, reading
    assert reading.replay is None
    text = translate("de", reading.key, **reading.params)
    assert text != reading.key


def test_a_picture_that_is_not_its_hash_is_refused():
    def swap(r):
        ref = next(iter(r["pictures"]))
        r["pictures"][ref]["data"] = base64.b64encode(png(999)).decode()
    assert _edited("cave", swap).code == "damaged"


def test_a_record_of_another_game_when_one_is_expected():
    _game, _state, rec = saved("dobbelduel")
    reading = R.read_record(R.write_record(rec), expect_game="dodgy")
    assert reading.code == "other_game" and reading.params == {"game": "dobbelduel"}


def test_a_changed_final_state_replays_but_does_not_match():
    def shorten(r):
        r["log"] = r["log"][:-3]
    reading = _edited("dodgy", shorten)
    assert reading.code == "mismatch" and reading.opened and not reading.ok
    def other_hash(r):
        r["final_hash"] = "sha256:" + "a" * 64
    assert _edited("waldi", other_hash).code == "mismatch"


def test_markup_in_a_name_stays_text_in_the_record_and_the_timeline():
    table = run_table("dodgy", 4, levels=("hard", "normal"))
    game = GAMES["dodgy"]
    state = dict(table.state, players=["<b>Ann</b>", "Ben & co"])
    rec = R.make_record(game, state)
    reading = R.read_record(R.write_record(rec))
    assert reading.code == "ok"
    assert reading.replay.final["players"] == ["<b>Ann</b>", "Ben & co"]
    assert any("<b>Ann</b>" in line for line in reading.replay.timeline("en"))


def test_reading_never_changes_the_record_or_raises():
    _game, _state, rec = saved("dobbelduel")
    data = R.write_record(rec)
    for cut in range(0, len(data), max(1, len(data) // 40)):
        assert R.read_record(data[:cut]).code in ("damaged", "not_a_record")
    assert R.read_record(None).code == "damaged"
    assert R.write_record(rec) == data


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["dobbelduel", "dodgy", "waldi"]), st.integers(0, 10**6))
def test_any_computer_game_round_trips(gid, seed):
    levels = {"dobbelduel": ("hard", "easy"), "dodgy": ("normal", "easy", "hard"), "waldi": ("quick", "relaxed")}
    table = run_table(gid, seed, levels=levels[gid])
    data = R.write_record(R.record_from_table(table))
    reading = R.read_record(data)
    assert reading.ok, reading
    assert R.state_hash(GAMES[gid], reading.replay.final) == R.state_hash(GAMES[gid], table.state)
    assert len(reading.replay.events()) == len(table.state["log"])
