"""Property tests: random Dohdles! tables under random legal play (and random waiting) keep
the rules' invariants: a secret word never reaches another side before it may be seen; no
token goes behind "!", and nobody on "!" claims out of turn; cubes are in the funnel exactly
while their claims are; the table never stalls; and every game ends."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubtable.engine import IllegalAction, clone
from clubtable.games.dohdles import GAME
from test_dohdles_kit import NAMES, pic

# Words no view could contain by accident (no key or label has these letter pairs).
SECRET = ["qzavex", "jyxoquim", "vuqzex", "zoxqaj", "qyvexuz", "xaqzjov", "juzqyx", "wuqzyx",
          "zyqxav", "qvozjex", "xyqzuw", "vzqyjo"]
QUESTIONS = ["Is it alive?", "Does it start with Q?", "How many letters?", "Is it big?", "Is it a {w}?"]

OPTIONS = st.fixed_dictionaries({}, optional={
    "riddle_medium": st.sampled_from(["drawing", "photo", "table"]),
    "jitter_ms": st.sampled_from([0, 200]),
    "naming_question": st.sampled_from(["refuse_by_creator", "refuse_at_once"]),
    "turn_grace_s": st.sampled_from([0, 5]),
    "accepted_variants": st.booleans(),
})


def new_table(n, options, seed):
    opts = dict(options, first_player_rule="random")
    return GAME.new(NAMES[:n], seed, opts, 0)


def concrete(state, seat, action, rnd):
    """Fill in the free arguments of a move descriptor."""
    t = action["type"]
    if t == "make":
        d = state["dohdles"][action["dohdle"]]
        medium = state["options"]["riddle_medium"]
        pics = [] if medium == "table" else [pic(d["id"] + 1)]
        out = {"type": t, "dohdle": d["id"], "word": SECRET[d["id"]], "pictures": pics}
        if state["options"]["accepted_variants"] and rnd.random() < 0.5:
            out["variants"] = [SECRET[d["id"]] + "s"]
        return out
    if t == "ask":
        target = state["dohdles"][state["turn"]["target"]]
        q = rnd.choice(QUESTIONS)
        return {"type": t, "question": q.format(w=target["word"])}
    if t == "propose":
        target = state["dohdles"][state["burst"]["current"]["dohdle"]]
        return {"type": t, "word": rnd.choice([target["word"], "wrongword", "Q"])}
    return action


def step(state, now, rnd):
    """One random event: a legal move of a random seat, or time passing.  Returns the new
    state and time."""
    n = len(state["players"])
    if rnd.random() < 0.3:
        due = GAME.deadline(state)
        now = due if due is not None and rnd.random() < 0.5 else now + rnd.randint(1, 2000)
        return GAME.tick(state, now), now
    seat = rnd.randrange(n)
    legal = GAME.legal(state, seat)
    if not legal:
        return GAME.tick(state, now), now
    action = concrete(state, seat, rnd.choice(legal), rnd)
    state = GAME.tick(state, now)
    try:
        return GAME.apply(state, seat, action, now), now
    except IllegalAction:
        return state, now            # the tick changed what is legal


def hidden_changed(state, seat):
    """The same table with every word ``seat`` may not see replaced."""
    other = clone(state)
    for d in other["dohdles"]:
        if d["word"] is not None and not GAME.word_visible(other, d, seat):
            d["word"] = d["word"][::-1] + "k"
            d["variants"] = [v + "q" for v in d["variants"]]
    return other


def check_invariants(state):
    opts = state["options"]
    final = opts["final_index"]
    for sd in state["sides"]:
        assert 0 <= sd["token"] <= final + 9
        if state["phase"] != "over":
            assert sd["token"] < final
    for d in state["dohdles"]:
        assert 0 <= d["chip"] <= 7
        if d["status"] == "retired":
            assert d["chip"] == 7
        if d["status"] == "solved":
            assert d["solved_at"] == d["chip"] >= 1
    burst = state["burst"]
    if state["phase"] == "play":
        claimed = set()
        if burst is not None:
            claimed = {e["side"] for e in burst["entries"] + burst["proposals"] + burst["dropped"]}
            if burst["current"]:
                claimed.add(burst["current"]["side"])
        # A cube stays in the funnel from its claim until the burst is over.
        assert {i for i, sd in enumerate(state["sides"]) if sd["cube"] == "queued"} == claimed
        assert GAME.deadline(state) is not None, "the table never stalls"
        active = GAME.active(state)
        for seat in range(len(state["players"])):
            sd = state["sides"][state["side_of"][seat]]
            if sd["token"] == 0 and state["side_of"][seat] != state["active_side"]:
                assert "claim" not in active.get(seat, [])
    if state["phase"] == "over":
        assert GAME.result(state)["winners"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 12), options=OPTIONS, seed=st.integers(0, 2**32), play=st.integers(0, 2**32))
def test_no_word_reaches_another_side_before_it_may_be_seen(n, options, seed, play):
    rnd = random.Random(play)
    state, now = new_table(n, options, seed), 0
    for _ in range(100):
        if GAME.result(state) is not None:
            break
        state, now = step(state, now, rnd)
        for seat in (None, rnd.randrange(n)):
            view = GAME.view(state, seat)
            assert view == GAME.view(hidden_changed(state, seat), seat)
            text = json.dumps([view, GAME.legal(state, seat) if seat is not None else []], ensure_ascii=False)
            for d in state["dohdles"]:
                if d["word"] is not None and not GAME.word_visible(state, d, seat):
                    # The asker's own question may name a word (the driver cheats); the
                    # engine must not add it anywhere else.
                    assert d["word"] not in text.replace(QUESTIONS[-1].format(w=d["word"]), "")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 12), options=OPTIONS, seed=st.integers(0, 2**32), play=st.integers(0, 2**32))
def test_every_game_ends_and_keeps_the_invariants(n, options, seed, play):
    rnd = random.Random(play)
    state, now = new_table(n, options, seed), 0
    for _ in range(4000):
        if GAME.result(state) is not None:
            break
        before = state
        state, now = step(state, now, rnd)
        if state is not before and len(state["log"]) > len(before["log"]):
            seat, action, _ = state["log"][-1]
            if action["type"] == "claim":       # the "!" space: only on one's own turn
                side = before["side_of"][seat]
                assert before["sides"][side]["token"] > 0 or side == before["active_side"]
        check_invariants(state)
    else:
        # Nobody acting any more: the clocks alone finish the game.
        for _ in range(5000):
            if GAME.result(state) is not None:
                break
            now = max(now, GAME.deadline(state))
            state = GAME.tick(state, now)
            check_invariants(state)
    assert GAME.result(state) is not None
    assert GAME.replay(state["players"], state["seed"], state["options"], 0, state["log"]) == state


@settings(max_examples=15, deadline=None)
@given(n=st.integers(3, 12), seed=st.integers(0, 2**32))
def test_idle_tables_end_by_the_clocks_alone(n, seed):
    state = new_table(n, {"sculpt_time_s": 60}, seed)
    for d in state["dohdles"]:
        state = GAME.apply(state, d["maker"], {"type": "make", "dohdle": d["id"], "word": SECRET[d["id"]],
                                                "pictures": [pic(1)]}, 0)
    now = 0
    for _ in range(5000):
        if GAME.result(state) is not None:
            break
        now = GAME.deadline(state)
        state = GAME.tick(state, now)
    assert GAME.result(state)["reason"] == "exhausted"
    assert all(d["status"] == "retired" for d in state["dohdles"])
