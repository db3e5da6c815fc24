"""Play-Doh's Cave under random legal play (hypothesis): hidden information stays hidden,
no riddle is scored twice by one side, scores add up, and every game ends."""
import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from clubtable.games.cave import GAME as G

WORDS = ["revolver", "lantern", "apple", "kite", "cup", "moon", "bell", "shoe", "hat", "anchor", "fish", "star",
         "bär", "glaçon", "straße", "œuf", "tree", "rope"]
QUESTIONS = ["Is it alive?", "Can you hold it in one hand?", "How many letters has it?", "Is it a revolver?"]


def fill(state, seat, legal, rng):
    """A random concrete action from ``legal`` (descriptors filled in); the guesser sometimes
    peeks at the true word, so correct, near and wrong guesses all happen."""
    pick = rng.choice(legal)
    if "args" not in pick:
        return pick
    args = {}
    for name, spec in pick["args"].items():
        if name == "riddle":
            if not spec["choices"]:
                return None
            args[name] = rng.choice(spec["choices"])
        elif name == "n":
            args[name] = rng.randint(1, 10)
        elif name in ("unit", "count_from"):
            args[name] = rng.choice(spec["choices"])
        elif name == "text":
            args[name] = rng.choice(QUESTIONS)
        elif name == "pictures":
            medium = state["options"]["riddle_medium"]
            k = {"table": 0, "canvas2d": 1}.get(medium, state["options"]["photo_angles_min"])
            args[name] = ["sha256:" + f"{rng.randrange(16 ** 8):08x}" * 8 for _ in range(k)]
    if pick["type"] in ("mold", "remold"):
        args["word"] = rng.choice(WORDS)
    elif pick["type"] == "guess":
        true = state["riddles"][args["riddle"]]["word"]
        args["word"] = rng.choice([true, true.upper(), true + "s", true[:-1] + "x" + true[-1], "pistol"])
    return dict(type=pick["type"], **args)


def check_invariants(state):
    sides = state["sides"]
    over = state["phase"] == "over"
    for r in state["riddles"]:
        assert len(set(r["solved_by"])) == len(r["solved_by"]) == r["toothpicks"] <= 2   # never scored twice
        assert r["removed"] == (r["toothpicks"] == 2)
        assert r["side"] not in r["solved_by"]
    for i, side in enumerate(sides):
        won = sum(g["points"][0] for g in state["guesses"] if g["correct"] and g["side"] == i)
        made = sum(g["points"][1] for g in state["guesses"] if g["correct"] and state["riddles"][g["riddle"]]["side"] == i)
        assert side["score"] == won + made
        assert side["interrupts"] >= 0
    for seat in list(range(len(state["players"]))) + [None]:
        me = None if seat is None else state["side_of"][seat]
        view = G.view(state, seat)
        for q, v in zip(state["letters"], view["letters"]):
            mine = me is not None and me in (q["side"], state["riddles"][q["riddle"]]["side"])
            assert ("answer" in v) == mine                    # a letter answer never reaches a third side
        for r, v in zip(state["riddles"], view["riddles"]):
            if v["word"] is not None:
                assert over or r["side"] == me or r["removed"]
        for g, v in zip(state["guesses"], view["guesses"]):
            if "word" in v:
                assert over or me in (g["side"], state["riddles"][g["riddle"]]["side"])


def play(n, seed, options, max_steps=6000):
    rng = random.Random(seed)
    state = G.new([f"p{i}" for i in range(n)], seed=seed, options=options, now_ms=0)
    now = 0
    for _ in range(max_steps):
        if G.result(state) is not None:
            return state
        active = G.active(state)
        roll = rng.random()
        if roll < 0.15 or not active:
            now += rng.choice([500, 5_000, 31_000])
            state = G.tick(state, now)
        else:
            now += rng.randint(0, 3000)
            state = G.tick(state, now)
            active = G.active(state)
            if not active:
                continue
            awaited = G.awaited(state)
            seat = rng.choice(awaited if awaited and roll > 0.25 else sorted(active))
            action = fill(state, seat, G.legal(state, seat), rng)
            if action is not None:
                old, before = state, json.dumps(state, sort_keys=True)
                state = G.apply(state, seat, action, now)          # whatever legal offers applies
                assert json.dumps(old, sort_keys=True) == before   # and the old state is untouched
        check_invariants(state)
    raise AssertionError("the game did not end")


options_st = st.fixed_dictionaries({}, optional={
    "riddle_medium": st.sampled_from(["canvas2d", "photo", "table"]),
    "table_faithful_clock": st.booleans(),
    "guess_required": st.booleans(),
    "auto_accept_misspelling": st.booleans(),
    "owner_may_accept_wrong": st.booleans(),
    "reveal_on_removal": st.booleans(),
    "first_round": st.sampled_from(["letter", "question"]),
    "tie_break": st.sampled_from(["shared", "most_solved"]),
    "molding_time_s": st.sampled_from([0, 60]),
})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 12), seed=st.integers(0, 2 ** 32), options=options_st)
def test_random_legal_play_keeps_the_rules_and_ends(n, seed, options):
    state = play(n, seed, options)
    json.dumps(state)
    assert G.load(G.dump(state)) == state
    res = G.result(state)
    assert res is not None and res["winners"]
    assert state["reason"] in ("end_space", "nothing_to_guess")
    assert G.replay(state["players"], seed, options, 0, state["log"]) == state
