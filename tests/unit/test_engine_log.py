"""The action log (engine ``Log``): ``apply`` and ``tick`` never copy it and never change
the log of the state they were given, in every game; it reads, compares and saves as a list.
"""
from __future__ import annotations

import json

import pytest

from clubtable.engine import IllegalAction, Log, Rng, clone
from clubtable.games import GAMES
from test_conformance import SMALL, concrete


def test_a_log_reads_as_a_list_and_never_changes():
    a = Log()
    b = a.plus([0, {"type": "x"}, 1])
    c = b.plus([1, {"type": "y"}, 2])
    assert a == [] and len(a) == 0 and not a
    assert b == [[0, {"type": "x"}, 1]] and len(b) == 1     # c's entry is not b's
    assert c[-1] == [1, {"type": "y"}, 2] and c[:1] == list(b) and list(reversed(c))[0] == c[-1]
    assert json.loads(json.dumps({"log": c}, sort_keys=True)) == {"log": list(c)}
    assert type(clone(c)) is list and clone(c) == c and [] == a and list(c) == c
    for change in (lambda: c.append(1), lambda: c.extend([1]), lambda: c.__setitem__(0, 1), lambda: c.pop()):
        with pytest.raises(TypeError):
            change()


def test_a_log_shares_its_entries_and_branches_without_touching_the_older_one():
    a = Log([[0, {}, 0]])
    b = a.plus([1, {}, 1])
    assert b.shares_with(a)                           # nothing copied
    other = a.plus([2, {}, 2])                        # a played on again: a branch
    assert not other.shares_with(a)
    assert a == [[0, {}, 0]] and b[-1] == [1, {}, 1] and other[-1] == [2, {}, 2]
    assert Log.of(b) is b and Log.of([[0, {}, 0]]) == a


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_apply_and_tick_share_the_log_in_every_game(gid):
    """Random legal play: each new state's log is the old one plus one entry, over the same
    stored list; every earlier state still has exactly the log it had."""
    game = GAMES[gid]
    rng = Rng(11)
    state = game.new([f"P{i}" for i in range(game.min_players)], 11, SMALL.get(gid, {}), 0)
    kept = []                                         # (state, its log as it was)
    now = 0
    for _ in range(400):
        if game.result(state) is not None:
            break
        moves = [(s, a) for s in sorted(game.active(state)) for a in game.legal(state, s)]
        if moves and rng.below(6):
            seat, entry = rng.choice(moves)
            try:
                new = game.apply(state, seat, concrete(game, state, entry, rng), now)
            except IllegalAction:
                continue
            now += 100
        else:
            due = game.deadline(state)
            if due is None:
                continue
            now = max(now, due)
            new = game.tick(state, now)
        assert new["log"].shares_with(state["log"]) and len(new["log"]) == len(state["log"]) + 1
        kept.append((state, list(state["log"])))
        state = new
    assert len(kept) >= 4
    for old, log in kept:
        assert list(old["log"]) == log
