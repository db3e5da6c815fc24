"""The game contract, checked on every game in the registry (a new game joins by being in
``clubtable.games.GAMES``): random legal play with ticks replays exactly, ``apply`` never
mutates its input, refusals change nothing, views are JSON and share nothing with the state
and do not move when only hidden information moves, malformed intents of every kind are
refused, declarations are complete, and every game ends.

Games may name small options for quick runs in ``SMALL``; a game not named plays its
defaults.
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubtable.engine import Game, IllegalAction, Rng, clone
from clubtable.engine.schema import MAX_TEXT, Bool, Choice, Int, ListOf, Nullable, Number, Picture, Text
from clubtable.games import GAMES

#: Options that keep a game short (everything else: the game's defaults).
SMALL = {
    "dodgy": {"round_limit": 8},
    "waldi": {"countdown_s": 1, "scoring_pause_s": 1, "idle_stop_s": 10},
    "dobbelduel": {},
    "dohdles": {"riddle_medium": "table"},
}
IDS = sorted(GAMES)
SETTINGS = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
T0 = 1_000


def snap(state):
    return json.dumps(state, sort_keys=True)


def players(game, n=None):
    n = n or game.min_players
    return [f"P{i}" for i in range(n)]


def sample_value(arg, state, rng):
    """A value that fits ``arg`` (for descriptors and for fuzzing)."""
    if isinstance(arg, Nullable):
        return None if rng.below(5) == 0 else sample_value(arg.inner, state, rng)
    if isinstance(arg, Bool):
        return rng.below(2) == 1
    if isinstance(arg, Choice):
        return rng.choice(arg.choices(state))
    if isinstance(arg, Int):
        lo, hi = arg._bounds(state)
        return lo + rng.below(min(hi - lo, 60) + 1)
    if isinstance(arg, Number):
        return arg.lo
    if isinstance(arg, Text):
        return "hi"[: arg.max_len]
    if isinstance(arg, Picture):
        return "sha256:" + "0" * 64
    if isinstance(arg, ListOf):
        n = arg.min_len + rng.below(arg.max_len - arg.min_len + 1)
        return [sample_value(arg.item, state, rng) for _ in range(n)]
    return None


def concrete(game, state, legal_entry, rng):
    """A concrete action for a legal entry (a descriptor gets values from its schema)."""
    if "args" not in legal_entry:
        return legal_entry
    move = game.moves[legal_entry["type"]]
    out = {"type": legal_entry["type"]}
    for name, arg in move.args.items():
        if arg.optional and rng.below(2):
            continue
        out[name] = sample_value(arg, state, rng)
    return out


def random_action(game, state, rng):
    move_type = rng.choice(sorted(game.moves))
    return concrete(game, state, {"type": move_type, "args": {}}, rng)


def poison(value):
    """Change every container of a view in place (a screen that scribbles on its view)."""
    if isinstance(value, dict):
        for v in list(value.values()):
            poison(v)
        value["__poison__"] = 1
    elif isinstance(value, list):
        for v in list(value):
            poison(v)
        value.append("__poison__")


# ---------------------------------------------------------------------------- checks
def check_views(game, state, rng, seen):
    """JSON-safe, sharing nothing with the state, blind to hidden information."""
    before = snap(state)
    viewers = [None] + list(range(len(state["players"])))
    views = {seat: game.view(state, seat) for seat in viewers}
    for seat in viewers:
        view = views[seat]
        assert json.loads(json.dumps(view)) == view, "a view is not plain JSON"
        poison(game.view(state, seat))
        assert snap(state) == before, "a view shares an object with the state"
        for alt in game.hidden_variants(state, seat, rng):
            if snap(alt) != before:
                seen["hidden"] = True
            assert game.view(alt, seat) == view, f"seat {seat}'s view shows hidden information"
            check_privacy(game, views, alt, seen)
        assert snap(state) == before, "hidden_variants changed the state"


PRIVATE_TO = {"own", "side", "role"}


def check_privacy(game, views, alt, seen):
    """The declaration is not too loose: a variant differs only in hidden things, so in
    every seat's view of it only fields declared ``private`` may differ.  Those that do are
    noted in ``seen["private"]`` (a declared field that never does is stale)."""
    for viewer, view in views.items():
        other = game.view(alt, viewer)
        assert set(view) == set(other)
        for field in view:
            if view[field] != other[field]:
                assert field in game.private, f"{field!r} shows hidden information to seat {viewer} " \
                                              f"but {game.id} does not declare it private"
                seen["private"].add(field)


def check_turn(game, state):
    active = game.active(state)
    assert set(game.awaited(state)) <= set(active), "a seat is awaited that may not act"
    for seat, types in active.items():
        assert 0 <= seat < len(state["players"]) and not isinstance(seat, bool)
        assert all(t in game.moves for t in types)
    if game.result(state) is not None:
        assert active == {} and game.awaited(state) == []


def check_legal(game, state, rng):
    """Every legal entry is a concrete action that applies, or a descriptor of an open move
    (some values that fit its schema may still be refused by the rules, changing nothing)."""
    before = snap(state)
    for seat in range(len(state["players"])):
        legal = game.legal(state, seat)
        open_moves = game.active(state).get(seat, [])
        for entry in legal:
            assert entry["type"] in open_moves
        for entry in [rng.choice(legal) for _ in range(3)] if legal else []:
            action = concrete(game, state, entry, rng)
            if "args" not in entry:
                game.apply(state, seat, action, state_time(state))
                continue
            try:
                game.apply(state, seat, action, state_time(state))
            except IllegalAction:
                assert snap(state) == before


def state_time(state):
    return state["log"][-1][2] if state["log"] else state["t0"]


def random_options(game, rng, base, n):
    """The game's small options with some of its other choices drawn at random."""
    opts = dict(base)
    for name, choices in sorted(game.option_choices.items()):
        if name not in opts and rng.below(2):
            opts[name] = clone(rng.choice(choices))
    try:
        game.check_options(opts, n)
        return opts
    except IllegalAction:
        return dict(base)


def random_game(game, seed, n, options, max_steps=4000, check_every=5):
    """Random legal (and some illegal) play with ticks, every contract check on the way.
    Returns the final state and what was seen."""
    rng = Rng(seed)
    state = game.new(players(game, n), seed, options, T0)
    now = T0
    seen = {"hidden": False, "refused": 0, "private": set()}
    for step in range(max_steps):
        if game.result(state) is not None:
            break
        check_turn(game, state)
        if step % check_every == 0:
            check_views(game, state, rng, seen)
            check_legal(game, state, rng)
        roll = rng.below(10)
        if roll < 1:
            due = game.deadline(state)
            now += 1 + rng.below(3000) if (due is None or rng.below(3)) else max(0, due - now)
            before = snap(state)
            new = game.tick(state, now)
            assert snap(state) == before, "tick mutated its input"
            state = new
            continue
        active = game.active(state)
        seats = sorted(active)
        if roll == 9 or not seats:
            seat = rng.choice([None] + list(range(len(state["players"]))))
            action = random_action(game, state, rng)
        else:
            seat = rng.choice(seats)
            legal = game.legal(state, seat)
            if not legal:
                continue
            entry = rng.choice(legal)
            if "args" in entry:                  # a described move (a whole solution): less often
                entry = rng.choice(legal)
            action = concrete(game, state, entry, rng)
        before = snap(state)
        try:
            new = game.apply(state, seat, action, now)
        except IllegalAction as err:
            assert snap(state) == before, "a refused action changed the state"
            assert err.code and err.message
            seen["refused"] += 1
            continue
        assert snap(state) == before, "apply mutated its input"
        assert new["log"][-1] == [seat, new["log"][-1][1], now]
        state = new
        if rng.below(4) == 0:
            now += rng.below(400)
    check_views(game, state, rng, seen)
    return state, seen


# ---------------------------------------------------------------------------- declarations
@pytest.mark.parametrize("gid", IDS)
def test_declarations_are_complete(gid):
    game = GAMES[gid]
    assert game.moves, "a game declares its moves"
    for type_, move in game.moves.items():
        assert move.handler and callable(getattr(game, move.handler, None)), f"no handler named for {type_}"
    for name in game.timers:
        decl = game.timers[name] if isinstance(game.timers, dict) else None
        handler = decl.handler if decl is not None else f"timer_{name}"
        assert callable(getattr(game, handler, None)), f"no handler for timer {name}"
    for name, stage in game.stages.items():
        assert set(stage.moves) <= set(game.moves), f"stage {name} opens an undeclared move"
        assert set(stage.timers) <= set(game.timers), f"stage {name} runs an undeclared timer"
    if game.stages:
        # rules as data: who may act, and every refusal, come from the declarations
        for hook in ("active", "why_not", "legal_moves", "awaited"):
            assert getattr(type(game), hook) is getattr(Game, hook), f"{gid} overrides {hook}"
        for type_, move in game.moves.items():
            assert any(type_ in st.moves for st in game.stages.values()), f"{type_} is open in no stage"
    json.dumps(game.constants)
    json.dumps(game.options)
    for name in game.option_specs:
        assert name in game.options
    for cls in type(game).__mro__:
        assert "do" not in vars(cls) and "on_tick" not in vars(cls), "a game dispatches by itself"


@pytest.mark.parametrize("gid", IDS)
@SETTINGS
@given(seed=st.integers(0, 2**40))
def test_random_play_keeps_the_contract_and_replays(gid, seed):
    game = GAMES[gid]
    n = game.min_players + seed % (game.max_players - game.min_players + 1)
    options = random_options(game, Rng(seed + 1), SMALL.get(gid, {}), n)
    state, seen = random_game(game, seed, n, options)
    assert game.result(state) is not None, "the game did not end under random play"
    again = game.replay(state["players"], state["seed"], state["options"], state["t0"], state["log"])
    assert again == state, "replay differs from live play"
    assert game.load(json.loads(json.dumps(game.dump(state)))) == state


@pytest.mark.parametrize("gid", IDS)
def test_hidden_information_is_exercised(gid):
    """The hidden-information check is not vacuous: over a few games some variant differs."""
    game = GAMES[gid]
    if type(game).hidden_variants is Game.hidden_variants:
        pytest.skip("no hidden information declared")
    seen_any, private = False, set()
    for seed in range(5):          # the last two at a full table: a secret may need a third seat
        n = game.max_players if seed >= 3 else game.min_players
        _, seen = random_game(game, seed, n, SMALL.get(gid, {}), max_steps=150, check_every=3)
        seen_any = seen_any or seen["hidden"]
        private |= seen["private"]
    assert seen_any
    assert set(game.private.values()) <= PRIVATE_TO, "a privacy declaration outside the vocabulary"
    assert private == set(game.private), f"declared private but never hidden: {set(game.private) - private}"


# ---------------------------------------------------------------------------- malformed input
def bad_values(arg):
    """Values of the wrong kind for ``arg``."""
    inner = arg.inner if isinstance(arg, Nullable) else arg
    out = [{"x": 1}, [[[[[]]]]]]
    if isinstance(inner, (Int, Number)):
        out += [True, False, "1", 2**80, -(2**80)] + ([1.0, 0.5] if isinstance(inner, Int) else [float("nan")])
    elif isinstance(inner, Bool):
        out += [1, 0, "true"]
    elif isinstance(inner, Text):
        out += [123, True, "x" * (MAX_TEXT * 5), "\x00bad"]
    elif isinstance(inner, ListOf):
        out += ["list", 5, [None] * (inner.max_len + 1)]
    elif isinstance(inner, Choice):
        out += [object.__class__.__name__ + "?", 10**9, True, 1.5]
    if not isinstance(arg, Nullable) and not arg.optional:
        out.append(None)
    return out


def a_state_for_every_move(game, seed=7):
    """States of a random game in which each declared move was open to some seat."""
    rng = Rng(seed)
    state = game.new(players(game), seed, SMALL.get(game.id, {}), T0)
    found = {}
    now = T0
    for _ in range(2000):
        if game.result(state) is not None or len(found) == len(game.moves):
            break
        for seat, types in game.active(state).items():
            for t in types:
                found.setdefault(t, (state, seat))
        legal = [(s, a) for s in game.active(state) for a in game.legal(state, s)]
        if legal and rng.below(4):
            seat, entry = rng.choice(legal)
            try:
                state = game.apply(state, seat, concrete(game, state, entry, rng), now)
            except IllegalAction:
                pass
        else:
            due = game.deadline(state)
            now = max(now + 50, due or 0) if due is not None else now + 500
            state = game.tick(state, now)
    return found, now


@pytest.mark.parametrize("gid", IDS)
def test_malformed_intents_are_refused_and_change_nothing(gid):
    game = GAMES[gid]
    found, now = a_state_for_every_move(game)
    assert found, "no move was ever open"
    rng = Rng(3)
    deep = {"type": next(iter(game.moves))}
    cur = deep
    for _ in range(3000):
        cur["x"] = {}
        cur = cur["x"]
    for type_, (state, seat) in found.items():
        move = game.moves[type_]
        good = concrete(game, state, {"type": type_, "args": {}}, rng)
        cases = [
            dict(good, extra_field=1),
            {"type": type_ + "_nope"},
            {"type": 5},
            {"kind": type_},
            "not an action",
            None,
            deep,
            dict(good, pad=["x" * 100] * 2000),
        ]
        for name, arg in move.args.items():
            if not arg.optional:
                cases.append({k: v for k, v in good.items() if k != name})          # missing
            cases += [dict(good, **{name: bad}) for bad in bad_values(arg)]
        before = snap(state)
        for action in cases:
            with pytest.raises(IllegalAction):
                game.apply(state, seat, action, now)
            assert snap(state) == before
        for bad_seat in (True, False, 1.0, "0", -1, len(state["players"]), 10**9, [0]):
            with pytest.raises(IllegalAction):
                game.apply(state, bad_seat, good, now)
            with pytest.raises(IllegalAction):
                game.view(state, bad_seat)
        with pytest.raises(IllegalAction):
            game.apply(state, seat, good, 1.5)                    # time is whole milliseconds
        assert snap(state) == before


@pytest.mark.parametrize("gid", IDS)
def test_options_refuse_values_of_the_wrong_type(gid):
    """A bool is never a number and a number never a bool; unknown options are refused."""
    game = GAMES[gid]
    n = game.min_players
    for name, default in game.options.items():
        bad = []
        choices = game.option_choices.get(name, [])
        if isinstance(default, bool) or any(isinstance(c, bool) for c in choices):
            bad += [1, 0, "true"]
        if (isinstance(default, (int, float)) and not isinstance(default, bool)) or \
                any(isinstance(c, int) and not isinstance(c, bool) for c in choices):
            bad += [True, False, "1", float("nan")]
        for value in bad:
            with pytest.raises(IllegalAction) as err:
                game.new(players(game, n), 1, {name: value}, 0)
            assert err.value.code == "bad_options", (name, value)
    with pytest.raises(IllegalAction):
        game.new(players(game, n), 1, {"no_such_option": 1}, 0)
    with pytest.raises(IllegalAction):
        game.new(players(game, n), 1, {"x": {"y": {"z": {"w": {"v": {}}}}}}, 0)


# ---------------------------------------------------------------------------- bots
@pytest.mark.parametrize("gid", IDS)
def test_bots_finish_a_game(gid):
    """Computer players at every level bring a (small) game to its end, acting only legally
    except for races."""
    game = GAMES[gid]
    if not game.bot_levels:
        pytest.skip("no bots")
    for k, level in enumerate(game.bot_levels):
        n = game.max_players if k == 0 else game.min_players
        state = game.new(players(game, n), 10 + k, SMALL.get(gid, {}), T0)
        bots = [game.bot(level, s, 10 + k) for s in range(n)]
        now = T0
        for _ in range(60_000):
            if game.result(state) is not None:
                break
            now += 100
            state = game.tick(state, now)
            for s in range(n):
                d = bots[s].decide(game.view(state, s), game.legal(state, s), now)
                if d is not None:
                    action, think = d
                    assert isinstance(think, int) and think >= 0
                action = bots[s].act(game.view(state, s), game.legal(state, s), now)
                if action is not None:
                    try:
                        state = game.apply(state, s, action, now)
                    except IllegalAction as err:
                        assert err.code in ("end_taken", "dachshund_closed", "colour_mismatch"), err.code
        assert game.result(state) is not None, f"{level} bots did not finish"
