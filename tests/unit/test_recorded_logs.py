"""Every recorded game (tests/unit/fixtures/logs, see log_fixtures.py) replays to the same
states, views, turns and refusals, step by step."""
from __future__ import annotations

import json

import pytest

from clubtable.engine import IllegalAction
from clubtable.games import GAMES
from log_fixtures import FIXTURES, _h, refusal, step_line

FILES = sorted(FIXTURES.glob("*.json"))


def test_every_game_has_recorded_logs():
    assert {json.loads(f.read_text())["game"] for f in FILES} == set(GAMES)


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_recorded_log_replays_identically(path):
    fx = json.loads(path.read_text(encoding="utf-8"))
    game = GAMES[fx["game"]]
    state = game.new(fx["players"], fx["seed"], fx["options"], fx["t0"])
    probes = {}
    for at, seat, action, now, expected in fx["probes"]:
        probes.setdefault(at, []).append((seat, action, now, expected))
    assert step_line(game, state) == fx["steps"][0]
    for i, (seat, action, now) in enumerate(fx["log"]):
        for p_seat, p_action, p_now, expected in probes.get(i, ()):
            try:
                got = ["ok", _h(game.dump(game.apply(state, p_seat, p_action, p_now)))]
            except IllegalAction as err:
                got = refusal(err)
            assert got == expected, f"step {i}: {p_seat} {p_action}"
        state = (game.tick(state, now) if action["type"] == "tick"
                 else game.apply(state, seat, action, now))
        assert step_line(game, state) == fx["steps"][i + 1], f"step {i + 1}: {seat} {action}"
    assert len(fx["steps"]) == len(fx["log"]) + 1
