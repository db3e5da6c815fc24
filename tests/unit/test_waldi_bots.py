"""Wie Waldi! computer players: human pacing, a sensible strategy, decisions from the view only."""
from __future__ import annotations

import pytest

from clubtable.engine import IllegalAction, Rng
from clubtable.games.waldi import GAME
from clubtable.games.waldi import cards as C
from clubtable.games.waldi.bots import PROFILES

GO = 3000
ANNA, BEN = 0, 1


def live(n=2, seed=1, **options):
    return GAME.tick(GAME.new(["Anna", "Ben", "Carla", "Dan"][:n], seed, options, 0), GO)


def find(state, seat, kind, front=None, rear=None, cat=None):
    deck = GAME.deck_of(state["options"])
    for pile in state["piles"][seat]:
        for card in pile:
            f = deck[card % C.SET_SIZE]
            if f["kind"] == kind and (front is None or f.get("front") == front) and \
                    (rear is None or f.get("rear") == rear) and (cat is None or f.get("cat") == cat):
                return card
    raise LookupError(kind)


def reveal(state, seat, kind, t, **face):
    card = find(state, seat, kind, **face)
    state = GAME.load(GAME.dump(state))
    for p in state["piles"][seat]:
        if card in p:
            p.remove(card)
    state["piles"][seat][0].insert(0, card)
    if state["in_hand"][seat] != 0:
        state = GAME.apply(state, seat, {"type": "take_pile", "pile": 0}, t)
    return GAME.apply(state, seat, {"type": "reveal"}, t)


def lay(state, seat, kind, t, dog=None, **face):
    state = reveal(state, seat, kind, t, **face)
    action = {"type": "place_head"} if kind == "head" else {"type": "attach", "dog": dog}
    state = GAME.apply(state, seat, action, t)
    return state, state["dogs"][-1]["id"] if kind == "head" else dog


def decide(bot, state, t):
    """What the bot does with the situation (once its reaction time has passed)."""
    seat = bot.seat
    d = bot.decide(GAME.view(state, seat), GAME.legal(state, seat), t)
    return None if d is None else d[0]


def run_table(levels, seed, options=None, step=100, speeds=None):
    """Bots only, simulated clock; returns (final state, refused intents by code)."""
    n = len(levels)
    state = GAME.new([f"B{i}" for i in range(n)], seed, dict({"scoring_pause_s": 1}, **(options or {})), 0)
    bots = [GAME.bot(lv, i, seed, **({"speed": speeds[i]} if speeds else {})) for i, lv in enumerate(levels)]
    order = Rng(seed + 99)
    refused: dict = {}
    now = 0
    while GAME.result(state) is None:
        now += step
        state = GAME.tick(state, now)
        seats = list(range(n))
        order.shuffle(seats)                     # arrival order within a step
        for s in seats:
            action = bots[s].act(GAME.view(state, s), GAME.legal(state, s), now)
            if action is not None:
                try:
                    state = GAME.apply(state, s, action, now)
                except IllegalAction as e:
                    refused[e.code] = refused.get(e.code, 0) + 1
        assert now < 2_000_000, "the game did not end"
    return state, refused


# ---------------------------------------------------------------------------- the contract
def test_levels_and_construction():
    assert GAME.bot_levels == ("relaxed", "normal", "quick")
    bot = GAME.bot("quick", 1, 7)
    assert bot.seat == 1 and bot.level == "quick" and bot.speed == 1.0
    assert GAME.bot("normal", 0, 7, speed=4).speed == 4.0
    with pytest.raises(IllegalAction):
        GAME.bot("grandmaster", 0, 1)


def test_bots_wait_for_wuff_and_then_react_at_human_pace():
    state = GAME.new(["A", "B"], 1, {}, 0)
    bot = GAME.bot("normal", 0, 1)
    assert bot.decide(GAME.view(state, 0), GAME.legal(state, 0), 0) is None       # countdown
    state = GAME.tick(state, GO)
    p = PROFILES["normal"]
    action, think = bot.decide(GAME.view(state, 0), GAME.legal(state, 0), GO)
    assert action == {"type": "take_pile", "pile": 0}
    assert int(p["take"] * (1 - p["jitter"]) * 1000) <= think <= int(p["take"] * (1 + p["jitter"]) * 1000) + 1
    # Asked again later in the same situation: the same action, what is left of the time.
    assert bot.decide(GAME.view(state, 0), GAME.legal(state, 0), GO + 100) == (action, max(0, think - 100))
    # Without a pacing table it paces itself.
    assert bot.act(GAME.view(state, 0), GAME.legal(state, 0), GO + think - 1) is None
    assert bot.act(GAME.view(state, 0), GAME.legal(state, 0), GO + think) == action


def test_other_players_cards_do_not_reset_the_reaction_time():
    state = live()
    bot = GAME.bot("normal", ANNA, 1)
    _, think = bot.decide(GAME.view(state, ANNA), GAME.legal(state, ANNA), GO)
    state, _ = lay(state, BEN, "head", GO + 50, rear="red")
    assert bot.decide(GAME.view(state, ANNA), GAME.legal(state, ANNA), GO + 60)[1] == max(0, think - 60)


@pytest.mark.parametrize("level", ["relaxed", "normal", "quick"])
def test_speed_divides_the_reaction_time(level):
    waits = {}
    for speed in (1.0, 10.0):
        bot = GAME.bot(level, 0, 3, speed=speed)
        state = live()
        waits[speed] = bot.decide(GAME.view(state, 0), GAME.legal(state, 0), GO)[1]
    assert waits[10.0] * 5 < waits[1.0]


def test_quicker_levels_act_sooner():
    mean = {lv: PROFILES[lv]["take"] + PROFILES[lv]["reveal"] + PROFILES[lv]["decide"] for lv in PROFILES}
    assert mean["quick"] < mean["normal"] < mean["relaxed"]
    assert 0.5 <= PROFILES["quick"]["decide"] and PROFILES["relaxed"]["decide"] <= 1.5   # WAL-4: 0.5-1.5 s a move


# ---------------------------------------------------------------------------- strategy
def test_lays_its_heads_at_once():
    state = reveal(live(), ANNA, "head", GO, rear="red")
    assert decide(GAME.bot("quick", ANNA, 1), state, GO) == {"type": "place_head"}


def test_snatches_a_long_dachshund_of_another_player_with_a_cat_tail():
    """§4.10: "Wer seinen Dackel zu lang werden lässt ... von Nachbars Katze weggeschnappt"."""
    state, d = lay(live(), BEN, "head", GO, rear="red")
    state, _ = lay(state, BEN, "belly", GO + 1, dog=d, front="red", rear="yellow")
    state, _ = lay(state, BEN, "belly", GO + 2, dog=d, front="yellow", rear="green")
    state = reveal(state, ANNA, "tail", GO + 3, front="green", cat=True)
    for level in ("normal", "quick"):
        assert decide(GAME.bot(level, ANNA, 1), state, GO + 3) == {"type": "attach", "dog": d, "at": 3}


def test_does_not_close_another_player_s_dachshund_with_a_tail_without_a_cat():
    state, d = lay(live(), BEN, "head", GO, rear="red")
    state, _ = lay(state, BEN, "belly", GO + 1, dog=d, front="red", rear="yellow")
    state = reveal(state, ANNA, "tail", GO + 3, front="yellow", cat=False)
    for level in ("normal", "quick"):
        assert decide(GAME.bot(level, ANNA, 1), state, GO + 3) == {"type": "decline"}


def test_remembers_its_own_heads_from_the_placement_flash_and_feeds_them():
    """Ownership is hidden (show_card_owner off): the bot remembers what it laid, as a
    human does, from the "placed by" flash it saw, and feeds and closes its own dachshund."""
    bot = GAME.bot("quick", ANNA, 1)
    state, d = lay(live(), ANNA, "head", GO, rear="red")
    bot.act(GAME.view(state, ANNA), GAME.legal(state, ANNA), GO + 100)    # sees "Anna placed"
    assert d in bot.mem.my_heads
    state = GAME.tick(state, GO + 5000)                                   # the flash is gone
    assert GAME.view(state, ANNA)["recent"] == []
    state = reveal(state, ANNA, "belly", GO + 5000, front="red", rear="yellow")
    assert decide(bot, state, GO + 5000) == {"type": "attach", "dog": d, "at": 1}
    state = GAME.apply(state, ANNA, {"type": "attach", "dog": d, "at": 1}, GO + 5001)
    state = reveal(state, ANNA, "tail", GO + 5002, front="yellow", cat=False)
    assert decide(bot, state, GO + 5002) == {"type": "attach", "dog": d, "at": 2}


def test_a_bot_that_did_not_see_the_flash_treats_the_dachshund_as_someone_else_s():
    bot = GAME.bot("quick", ANNA, 1)
    state, d = lay(live(), ANNA, "head", GO, rear="red")
    state, _ = lay(state, BEN, "belly", GO + 1, dog=d, front="red", rear="yellow")
    state = GAME.tick(state, GO + 5000)                                   # never looked in time
    state = reveal(state, ANNA, "tail", GO + 5000, front="yellow", cat=False)
    assert decide(bot, state, GO + 5000) == {"type": "decline"}


def test_reads_owner_tags_when_they_are_shown():
    bot = GAME.bot("quick", ANNA, 1)
    state, d = lay(live(show_card_owner=True), ANNA, "head", GO, rear="red")
    state, _ = lay(state, BEN, "belly", GO + 1, dog=d, front="red", rear="yellow")
    state = GAME.tick(state, GO + 5000)
    state = reveal(state, ANNA, "tail", GO + 5000, front="yellow", cat=False)
    assert decide(bot, state, GO + 5000) == {"type": "attach", "dog": d, "at": 2}


def test_takes_another_pile_when_the_one_in_hand_is_empty():
    state = live()
    deck = GAME.deck_of(state["options"])
    heads = [c for p in state["piles"][0] for c in p if deck[c % 30]["kind"] == "head"]
    rest = [c for p in state["piles"][0] for c in p if c not in heads]
    state["piles"][0] = [heads[:1], rest[:15], rest[15:] + heads[1:]]
    state = GAME.apply(GAME.apply(state, 0, {"type": "take_pile", "pile": 0}, GO), 0, {"type": "reveal"}, GO)
    state = GAME.apply(state, 0, {"type": "place_head"}, GO)
    action = decide(GAME.bot("normal", 0, 1), state, GO)
    assert action["type"] == "take_pile" and action["pile"] in (1, 2)


# ---------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_table_of_bots_plays_a_whole_game(n):
    levels = ["relaxed", "normal", "quick", "normal"][:n]
    state, refused = run_table(levels, seed=n)
    assert GAME.result(state) is not None and len(state["results"]) == 3
    # Only races can refuse a bot's intent: it never sends anything the rules forbid.
    assert set(refused) <= {"end_taken", "dachshund_closed"}
    assert all(r["reason"] in ("markers", "no_moves", "idle") for r in state["results"])


def test_a_quicker_smarter_level_wins_more():
    wins = {"relaxed": 0.0, "quick": 0.0}
    for seed in range(12):
        levels = ["relaxed", "quick"] if seed % 2 else ["quick", "relaxed"]
        state, _ = run_table(levels, seed, step=200)
        winners = GAME.result(state)["winners"]
        for w in winners:
            wins[levels[w]] += 1 / len(winners)
    assert wins["quick"] >= 9


def test_bots_at_high_speed_finish_quickly():
    """Tests may run bots ten times faster than human pace."""
    state, _ = run_table(["quick", "quick"], seed=5, speeds=[10, 10], step=20)
    assert GAME.result(state) is not None
    assert state["results"][-1]["round"] == 3


def test_bot_pace_is_a_table_setting_not_a_rule():
    """The computers' pace is the table's (it scales their think time), not a game option."""
    with pytest.raises(IllegalAction):
        live(bot_speed=4)
    assert "bot_speed" not in GAME.view(live(), 0)


def test_an_all_computer_table_leaves_the_scoring_when_the_pause_is_zero():
    """With scoring_pause_s 0 the next round starts when every player is ready: computer
    players say so once they have seen the scores."""
    state, _ = run_table(["quick", "quick"], seed=5, options={"scoring_pause_s": 0}, speeds=[10, 10], step=20)
    assert GAME.result(state) is not None and len(state["results"]) == 3
