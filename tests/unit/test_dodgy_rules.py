"""DODGY rules, one test per rule of RULES.md §5 and per worked example of §5.6.

Seats: Anna = 0, Ben = 1 (to her left), Carla = 2, Dan = 3.  Times are in ms; the default
minimum challenge window is 3 s, so statements 4 s apart are never held.
"""
from __future__ import annotations

import json

import pytest

from test_dodgy_kit import GAME, SEER, IllegalAction, give, new, play, set_faces

ANNA, BEN, CARLA, DAN = 0, 1, 2, 3


def state(q, image):
    return {"type": "state", "quantity": q, "image": image}


DODGY = {"type": "dodgy"}
ACCEPT = {"type": "accept"}


def code_of(fn):
    with pytest.raises(IllegalAction) as err:
        fn()
    return err.value.code


# ====================================================================== §5.1 setup
@pytest.mark.parametrize("n, per, in_play", [(2, 10, 20), (3, 6, 18), (4, 5, 20), (5, 4, 20), (6, 3, 18)])
def test_setup_table_dice_per_player(n, per, in_play):
    """§5.1: {2:10, 3:6, 4:5, 5:4, 6:3} dice each; 3 and 6 players leave 2 in the box (DGY-8)."""
    s = new(n)
    assert [len(h) for h in s["hands"]] == [per] * n
    assert sum(len(h) for h in s["hands"]) == in_play
    assert len(s["box"]) == 20 - in_play


def test_seer_stone_starts_in_centre_unrolled_and_uncounted():
    """DGY-14: before the first exchange the seer stone is in the centre, not rolled, not in N."""
    s = new(3)
    assert s["seer"] == "centre"
    assert s["faces"][SEER] is None
    assert all(SEER not in h for h in s["hands"])
    assert GAME.view(s, 0)["max_quantity"] == 18


def test_every_held_die_is_rolled_with_a_face_of_the_options():
    s = new(4, faces=["a", "b", "c", "d", "e", "f"])
    assert all(s["faces"][d] in "abcdef" for h in s["hands"] for d in h)


def test_first_player_named_by_host_opens():
    """§0.2.7 / DGY-16: ages are unknown, so the host names the youngest."""
    s = new(4, first_player=2)
    assert s["opener"] == s["stater"] == 2


def test_first_player_falls_back_to_seeded_random():
    """Without a named seat (or with rule 'random') the opener is a seeded draw."""
    openers = {new(6, seed=k, first_player=None)["opener"] for k in range(40)}
    assert len(openers) > 1
    assert new(6, seed=5, first_player=None)["opener"] == new(6, seed=5, first_player=None)["opener"]
    assert {new(6, seed=k, first_player=3, first_player_rule="random")["opener"] for k in range(40)} != {3}


# ====================================================================== options
def test_defaults_are_appendix_a():
    o = GAME.options
    assert o["faces"] == ["bow", "ship", "sword", "image4", "image5", "image6"]
    assert o["seer_mode"] == "rolled_face"
    assert o["reroll_each_round"] is True
    assert o["elimination_threshold"] is None
    assert o["seer_on_elimination"] == "removed"
    assert (o["challenge_min_window_s"], o["statement_s"], o["choose_s"]) == (3, 30, 15)
    assert o["first_player_rule"] == "youngest"
    assert o["jitter_ms"] == 0


@pytest.mark.parametrize("n, ok, refused", [(2, [2, 3, 4], []), (4, [2, 3, 4], []), (5, [2, 3], [4]), (6, [2], [3, 4])])
def test_threshold_must_be_below_starting_dice(n, ok, refused):
    """DGY-9: T < starting dice per player, else the setting is refused."""
    for t in ok:
        assert new(n, elimination_threshold=t)["options"]["elimination_threshold"] == t
    for t in refused:
        assert code_of(lambda: new(n, elimination_threshold=t)) == "bad_options"


@pytest.mark.parametrize("bad", [
    {"elimination_threshold": 1},
    {"elimination_threshold": True},
    {"seer_mode": "wild"},
    {"seer_on_elimination": "lost"},
    {"reroll_each_round": 1},
    {"faces": ["bow"]},
    {"faces": ["bow", "bow", "ship"]},
    {"faces": "bow,ship"},
    {"faces": ["bow", " ship"]},
    {"first_player": 3},
    {"first_player": True},
    {"statement_s": 3},
    {"statement_s": -1},
    {"choose_s": "15"},
    {"challenge_min_window_s": 61},
    {"jitter_ms": 2.5},
    {"round_limit": 0},
    {"colour": "red"},
])
def test_bad_options_are_refused(bad):
    assert code_of(lambda: new(3, **bad)) == "bad_options"


def test_zero_timers_mean_no_limit():
    s = new(3, statement_s=0, choose_s=0, challenge_min_window_s=0)
    assert GAME.deadline(s) is None
    s = play(s, ANNA, state(1, "bow"), 10)
    s = play(s, BEN, state(2, "bow"), 11)          # never held: window 0
    assert s["statements"][-1]["seat"] == BEN
    s = play(s, CARLA, DODGY, 12)
    assert s["phase"] == "choose" and GAME.deadline(s) is None


# ====================================================================== §5.3 / §5.4 statements
def test_opening_statement_is_any_image_from_one_to_n():
    """§5.3.2, DGY-7: 1 ≤ q ≤ N for the opener, any image."""
    s = new(3)
    legal = [a for a in GAME.legal(s, ANNA) if a["type"] == "state"]
    assert {a["quantity"] for a in legal} == set(range(1, 19))
    assert {a["image"] for a in legal} == set(GAME.options["faces"])
    assert code_of(lambda: play(s, ANNA, state(0, "bow"), 10)) == "too_low"
    assert code_of(lambda: play(s, ANNA, state(19, "bow"), 10)) == "too_high"
    assert code_of(lambda: play(s, ANNA, state(2, "dragon"), 10)) == "bad_arg"      # not on the dice
    assert code_of(lambda: play(s, ANNA, state(True, "bow"), 10)) == "bad_arg"      # a bool is no number
    assert code_of(lambda: play(s, ANNA, state(2.0, "bow"), 10)) == "bad_arg"
    assert code_of(lambda: play(s, BEN, state(2, "bow"), 10)) == "not_your_turn"


def test_next_statement_must_exceed_by_at_least_one_any_image():
    """§5.3.4 source example: after "two swords" the next must be three (or more) of any image."""
    s = play(new(3), ANNA, state(2, "sword"), 0)
    assert s["stater"] == BEN
    assert code_of(lambda: play(s, BEN, state(2, "ship"), 4000)) == "too_low"
    assert min(a["quantity"] for a in GAME.legal(s, BEN) if a["type"] == "state") == 3
    s2 = play(s, BEN, state(3, "ship"), 4000)
    assert s2["statements"][-1] == {"n": 1, "seat": BEN, "quantity": 3, "image": "ship", "at": 4000, "auto": False}
    assert play(s, BEN, state(7, "sword"), 4000)["stater"] == CARLA


def test_raising_example_and_first_exchange():
    """§5.6 'Raising' and 'Resolving that challenge': 3 bows, 4 ships, 5 ships, Anna shouts
    DODGY; 4 ships < 5 so Carla's statement was DODGY; Anna takes one of Carla's dice and
    the seer stone: Anna 8, Ben 6, Carla 5, and Carla opens the next round."""
    s = set_faces(new(3, seed=11), [
        ["bow", "bow", "bow", "sword", "image4", "image5"],
        ["ship", "ship", "bow", "sword", "image4", "image6"],
        ["ship", "ship", "sword", "sword", "image5", "image6"],
    ])
    s = play(s, ANNA, state(3, "bow"), 1000)
    s = play(s, BEN, state(4, "ship"), 5000)
    s = play(s, CARLA, state(5, "ship"), 9000)
    assert GAME.legal(s, ANNA)[0]["type"] == "state"
    s = play(s, ANNA, DODGY, 10000)
    rev = s["reveal"]
    assert (rev["count"], rev["correct"], rev["winner"], rev["loser"]) == (4, False, ANNA, CARLA)
    assert rev["seer_rule"] == "not_in_play"
    assert s["phase"] == "choose"
    assert {a["die"] for a in GAME.legal(s, ANNA)} == set(s["hands"][CARLA])
    assert GAME.legal(s, CARLA) == [] and GAME.legal(s, BEN) == []
    die = s["hands"][CARLA][0]
    s = play(s, ANNA, {"type": "choose", "die": die}, 11000)
    assert [len(h) for h in s["hands"]] == [8, 6, 5]
    assert s["seer"] == ANNA and SEER in s["hands"][ANNA] and die in s["hands"][ANNA]
    assert s["reveal"]["seer_from_centre"] is True
    assert s["round"] == 2 and s["opener"] == CARLA and s["stater"] == CARLA
    assert s["statements"] == []


def test_statement_correct_when_at_least_q():
    """§5.3.5: "there must be at least that many, or more"; the challenger then loses a die."""
    s = set_faces(new(2), [["bow"] * 4 + ["ship"] * 6, ["bow"] * 2 + ["sword"] * 8])
    s = play(s, ANNA, state(6, "bow"), 0)
    s = play(s, BEN, DODGY, 500)
    rev = s["reveal"]
    assert (rev["count"], rev["correct"], rev["winner"], rev["loser"]) == (6, True, ANNA, BEN)
    assert len(rev["counted"]) == 6


def test_only_the_winner_chooses_and_only_from_the_loser():
    s = set_faces(new(2), [["bow"] * 10, ["ship"] * 10])
    s = play(play(s, ANNA, state(1, "sword"), 0), BEN, DODGY, 100)
    assert s["reveal"]["winner"] == BEN
    assert code_of(lambda: play(s, ANNA, {"type": "choose", "die": 10}, 200)) == "not_your_choice"
    assert code_of(lambda: play(s, BEN, {"type": "choose", "die": 10}, 200)) == "bad_die"
    assert code_of(lambda: play(s, BEN, {"type": "choose", "die": "0"}, 200)) == "bad_arg"
    s = play(s, BEN, {"type": "choose", "die": 3}, 200)
    assert 3 in s["hands"][BEN] and [len(h) for h in s["hands"]] == [9, 12]


# ====================================================================== the seer stone
def _seer_game(seer_mode="rolled_face"):
    """3 players after a first exchange: Anna holds the seer stone (as in §5.6)."""
    s = new(3, seed=3, seer_mode=seer_mode)
    return give(s, CARLA, ANNA, 1, seer=True)       # Anna 8, Ben 6, Carla 5


def test_wild_for_the_holder_when_stating():
    """§5.6 'Wild for the holder': 5 ships + the holder's seer stone = 6 ≥ 6."""
    s = set_faces(_seer_game(), [
        ["ship", "ship", "bow", "bow", "bow", "bow", "bow", "sword"],     # seer stone shows sword
        ["ship", "ship", "bow", "bow", "bow", "bow"],
        ["ship", "bow", "bow", "bow", "bow"],
    ])
    assert GAME.view(s, BEN)["max_quantity"] == 19
    s = play(s, ANNA, state(6, "ship"), 0)
    s = play(s, BEN, DODGY, 500)
    rev = s["reveal"]
    assert (rev["seer_rule"], rev["seer_contrib"], rev["count"], rev["correct"]) == ("wild", 1, 6, True)
    assert SEER in rev["counted"]
    assert (rev["winner"], rev["loser"]) == (ANNA, BEN)


@pytest.mark.parametrize("mode", ["rolled_face", "none"])
def test_not_wild_for_others(mode):
    """§5.6 'Not wild for others': Ben states six ships, the seer stone (Anna's) shows a
    sword: 5 < 6 in both modes, and Anna, the challenger, wins (DGY-15)."""
    s = set_faces(_seer_game(mode), [
        ["bow", "bow", "bow", "bow", "bow", "bow", "bow", "sword"],
        ["ship", "ship", "ship", "bow", "bow", "bow"],
        ["ship", "ship", "bow", "bow", "bow"],
    ])
    s = play(s, ANNA, state(1, "bow"), 0)
    s = play(s, BEN, state(6, "ship"), 4000)
    s = play(s, ANNA, DODGY, 4500)
    rev = s["reveal"]
    assert (rev["seer_rule"], rev["seer_contrib"], rev["count"], rev["correct"]) == (mode, 0, 5, False)
    assert (rev["winner"], rev["loser"]) == (ANNA, BEN)


@pytest.mark.parametrize("mode, count", [("rolled_face", 6), ("none", 5)])
def test_seer_stone_counts_by_rolled_face_for_others(mode, count):
    """DGY-3: for another player's statement the stone counts by its rolled face
    (rolled_face) or never (none)."""
    s = set_faces(_seer_game(mode), [
        ["bow", "bow", "bow", "bow", "bow", "bow", "bow", "ship"],        # seer stone shows ship
        ["ship", "ship", "ship", "bow", "bow", "bow"],
        ["ship", "ship", "bow", "bow", "bow"],
    ])
    s = play(s, ANNA, state(1, "bow"), 0)
    s = play(s, BEN, state(6, "ship"), 4000)
    s = play(s, CARLA, DODGY, 4500)
    assert s["reveal"]["count"] == count
    assert s["reveal"]["correct"] is (count >= 6)


def test_seer_stone_changes_hands():
    """§5.6: Anna later loses a challenge to Carla; Carla may choose the seer stone."""
    s = set_faces(_seer_game(), [["bow"] * 8, ["bow"] * 6, ["sword"] * 5])
    s = play(s, ANNA, state(3, "ship"), 0)
    s = play(s, BEN, state(4, "ship"), 4000)
    s = play(s, CARLA, state(5, "sword"), 8000)
    s = play(s, ANNA, state(7, "ship"), 12000)
    s = play(s, CARLA, DODGY, 12500)
    assert (s["reveal"]["winner"], s["reveal"]["loser"]) == (CARLA, ANNA)
    assert {"type": "choose", "die": SEER} in GAME.legal(s, CARLA)
    s = play(s, CARLA, {"type": "choose", "die": SEER}, 13000)
    assert s["seer"] == CARLA and SEER in s["hands"][CARLA] and SEER not in s["hands"][ANNA]
    assert s["reveal"]["seer_from_centre"] is False
    assert s["faces"][SEER] is not None                   # rolled with Carla's dice
    assert s["opener"] == ANNA


# ====================================================================== DGY-7 forced challenge
def test_forced_challenge_at_n():
    """§5.6 'Forced challenge': 2 players, 21 dice in hands; after "21 bows" the only legal
    action is DODGY."""
    s = give(new(2, seed=4), ANNA, BEN, 1, seer=True)            # 9 + 11 + seer = 21
    s = set_faces(s, [["ship"] * 9, ["ship"] * 11 + ["ship"]])
    s["stater"] = s["opener"] = BEN
    s = play(s, BEN, state(21, "bow"), 0)
    assert GAME.legal(s, ANNA) == [{"type": "dodgy", "statement": 0}]
    assert code_of(lambda: play(s, ANNA, state(22, "bow"), 100)) == "too_high"
    v = GAME.view(s, ANNA)
    assert GAME.active(s)[ANNA] == ["dodgy"] and v["min_quantity"] == 22 > v["max_quantity"] == 21
    assert GAME.awaited(s) == [ANNA]                  # shouting is all that is left to the stater
    s = play(s, ANNA, DODGY, 100)
    assert s["reveal"]["count"] == 1 and s["reveal"]["winner"] == ANNA      # the wild stone only


# ====================================================================== held statements (§5.7.2)
def test_early_statement_is_held_until_the_window_ends():
    s = play(new(3), ANNA, state(2, "bow"), 1000)
    assert s["window_end"] == 4000
    s = play(s, BEN, state(3, "ship"), 1500)
    assert len(s["statements"]) == 1 and s["pending"]["quantity"] == 3
    assert GAME.deadline(s) == 4000
    assert GAME.view(s, BEN)["pending"] == {"seat": BEN, "quantity": 3, "image": "ship", "at": 1500}
    assert GAME.view(s, CARLA)["pending"] == {"seat": BEN, "at": 1500}          # content hidden
    assert GAME.view(s, None)["pending"] == {"seat": BEN, "at": 1500}
    assert GAME.legal(s, BEN) == []
    assert code_of(lambda: play(s, BEN, state(4, "ship"), 1600)) == "already_stated"
    assert GAME.tick(s, 3999) is s
    s = GAME.tick(s, 4000)
    assert s["statements"][-1]["seat"] == BEN and s["statements"][-1]["at"] == 4000
    assert s["pending"] is None and s["stater"] == CARLA and s["window_end"] == 7000


def test_statement_after_the_window_is_applied_at_once():
    s = play(new(3), ANNA, state(2, "bow"), 1000)
    s = play(s, BEN, state(3, "ship"), 4000)
    assert s["statements"][-1]["seat"] == BEN and s["pending"] is None


def test_dodgy_during_the_window_discards_the_held_statement():
    s = set_faces(new(3), [["bow"] * 6, ["ship"] * 6, ["ship"] * 6])
    s = play(s, ANNA, state(7, "bow"), 1000)
    s = play(s, BEN, state(8, "ship"), 1200)
    s = play(s, CARLA, DODGY, 2000)
    assert s["pending"] is None and s["phase"] == "choose"
    assert s["reveal"]["statement"]["seat"] == ANNA and s["reveal"]["challenger"] == CARLA
    assert [st["seat"] for st in s["statements"]] == [ANNA]


def test_the_next_stater_may_challenge_instead():
    s = play(new(3), ANNA, state(2, "bow"), 1000)
    s = play(s, BEN, DODGY, 1200)
    assert s["reveal"]["challenger"] == BEN


def test_a_stater_who_has_stated_cannot_challenge_the_previous_statement():
    s = play(new(3), ANNA, state(2, "bow"), 1000)
    s = play(s, BEN, state(3, "bow"), 1100)
    assert code_of(lambda: play(s, BEN, DODGY, 1200)) == "already_accepted"


def test_window_stays_open_until_the_next_statement():
    """§5.7.1: the 3 s are a minimum; DODGY is possible until the next statement is made."""
    s = play(new(3), ANNA, state(2, "bow"), 1000)
    s = GAME.tick(s, 20000)
    s = play(s, CARLA, DODGY, 20000)
    assert s["phase"] == "choose"


def test_two_players_never_hold_a_statement():
    """With two players the next stater is the only one who could challenge, so his
    statement closes the window at once."""
    s = play(new(2), ANNA, state(2, "bow"), 1000)
    s = play(s, BEN, state(3, "bow"), 1100)
    assert s["pending"] is None and s["statements"][-1]["at"] == 1100


# ====================================================================== accept
def test_accept_by_all_bystanders_closes_the_window():
    s = play(new(4), ANNA, state(2, "bow"), 1000)
    s = play(s, BEN, state(3, "ship"), 1100)                     # held
    s = play(s, CARLA, ACCEPT, 1200)
    assert s["pending"] is not None
    s = play(s, DAN, ACCEPT, 1300)
    assert s["pending"] is None and s["statements"][-1]["seat"] == BEN
    assert s["statements"][-1]["at"] == 1300


def test_accept_first_then_the_statement_is_applied_at_once():
    s = play(new(3), ANNA, state(2, "bow"), 1000)
    s = play(s, CARLA, ACCEPT, 1100)
    assert code_of(lambda: play(s, CARLA, DODGY, 1200)) == "already_accepted"
    assert code_of(lambda: play(s, CARLA, ACCEPT, 1200)) == "already_accepted"
    s = play(s, BEN, state(3, "bow"), 1300)
    assert s["statements"][-1]["seat"] == BEN


def test_accept_is_for_bystanders_only():
    s = new(3)
    assert code_of(lambda: play(s, BEN, ACCEPT, 0)) == "no_statement"
    s = play(s, ANNA, state(2, "bow"), 1000)
    assert code_of(lambda: play(s, ANNA, ACCEPT, 1100)) == "own_statement"
    assert code_of(lambda: play(s, BEN, ACCEPT, 1100)) == "state_instead"
    assert {a["type"] for a in GAME.legal(s, BEN)} == {"state", "dodgy"}
    assert GAME.legal(s, CARLA) == [{"type": "dodgy", "statement": 0}, {"type": "accept", "statement": 0}]
    assert GAME.legal(s, ANNA) == []


def test_challenge_only_by_others_and_only_the_current_statement():
    s = new(3)
    assert code_of(lambda: play(s, BEN, DODGY, 0)) == "no_statement"
    s = play(s, ANNA, state(2, "bow"), 1000)
    assert code_of(lambda: play(s, ANNA, DODGY, 1100)) == "own_statement"
    s = play(s, BEN, state(3, "bow"), 5000)
    assert code_of(lambda: play(s, CARLA, {"type": "dodgy", "statement": 0}, 5100)) == "stale_statement"
    s = play(s, CARLA, {"type": "dodgy", "statement": 1}, 5100)
    assert s["reveal"]["statement"]["n"] == 1


def test_first_dodgy_wins_later_shouts_are_refused():
    """§5.7.3 / DGY-6: one challenger per statement; the first arrival."""
    s = play(new(4), ANNA, state(2, "bow"), 1000)
    s = play(s, DAN, DODGY, 1100)
    assert s["reveal"]["challenger"] == DAN
    assert code_of(lambda: play(s, CARLA, DODGY, 1101)) == "not_now"


def test_jitter_ties_go_clockwise_from_the_stater_left():
    """§5.7.3: shouts within jitter_ms of the first: nearest clockwise from the maker's left."""
    s = new(4, jitter_ms=200, first_player=BEN)
    s = play(s, BEN, state(2, "bow"), 1000)
    s = play(s, ANNA, DODGY, 1100)
    assert s["phase"] == "challenge" and GAME.deadline(s) == 1300
    assert GAME.legal(s, DAN) == [{"type": "dodgy", "statement": 0}] and GAME.legal(s, ANNA) == []
    assert code_of(lambda: play(s, CARLA, state(3, "bow"), 1150)) == "not_statement_phase"
    s = play(s, DAN, DODGY, 1250)
    assert GAME.view(s, None)["shouts"] == [ANNA, DAN]
    s2 = GAME.tick(s, 1300)
    assert s2["reveal"]["challenger"] == DAN                  # Dan is nearer Ben's left than Anna
    assert s2["reveal"]["shouts"] == [ANNA, DAN]
    late = play(s, CARLA, DODGY, 1299)
    assert GAME.tick(late, 1300)["reveal"]["challenger"] == CARLA
    assert code_of(lambda: play(s, CARLA, DODGY, 1300)) == "not_now"      # too late


# ====================================================================== timeouts (§5.7.4)
def test_opening_timeout_states_one_of_the_most_frequent_image():
    s = set_faces(new(3), [["sword", "ship", "sword", "ship", "bow", "image6"], ["bow"] * 6, ["bow"] * 6])
    assert GAME.deadline(s) == 30000
    s = GAME.tick(s, 30000)
    st = s["statements"][-1]
    assert (st["seat"], st["quantity"], st["image"], st["auto"]) == (ANNA, 1, "ship", True)  # tie: face order
    assert s["stater"] == BEN and GAME.deadline(s) == 60000


def test_follow_up_timeout_is_a_dodgy_by_the_stater():
    s = play(new(3), ANNA, state(2, "bow"), 1000)
    assert GAME.deadline(s) == 31000
    s = GAME.tick(s, 31005)
    rev = s["reveal"]
    assert (rev["challenger"], rev["by_timeout"]) == (BEN, True)
    assert s["phase"] == "choose" and GAME.deadline(s) == 31005 + 15000


def test_choose_timeout_takes_a_seeded_random_regular_die():
    def run(seed):
        s = give(new(3, seed=seed), CARLA, ANNA, 1, seer=True)
        s = set_faces(s, [["bow"] * 8, ["bow"] * 6, ["bow"] * 5])
        s = play(s, ANNA, state(2, "ship"), 0)                    # only her wild stone: 1 < 2
        s = play(s, BEN, DODGY, 100)                             # Anna loses
        return GAME.tick(s, 100 + 15000)
    picks = set()
    for seed in range(12):
        s = run(seed)
        rev = s["reveal"]
        assert rev["chosen_by_timeout"] and rev["chosen"] != SEER and rev["chosen"] in s["hands"][BEN]
        assert s["seer"] == ANNA
        picks.add(rev["chosen"])
    assert len(picks) > 1
    assert run(3)["reveal"]["chosen"] == run(3)["reveal"]["chosen"]


def test_an_action_after_its_deadline_is_too_late():
    """§0.2.4: the timer that fell due acts first, whether or not the table ticked."""
    s = play(new(3), ANNA, state(2, "bow"), 1000)
    assert code_of(lambda: play(s, BEN, state(3, "bow"), 31000)) == "not_statement_phase"
    assert code_of(lambda: play(s, CARLA, DODGY, 31000)) == "not_now"
    ticked = GAME.tick(s, 31000)
    rev = ticked["reveal"]
    assert rev["challenger"] == BEN and rev["by_timeout"]
    die = ticked["hands"][rev["loser"]][0]
    late = play(s, rev["winner"], {"type": "choose", "die": die}, 31001)      # no tick in between
    assert late["round"] == 2 and die in late["hands"][rev["winner"]]


def test_held_statement_applied_when_a_late_action_arrives():
    s = play(new(3), ANNA, state(2, "bow"), 1000)
    s = play(s, BEN, state(3, "ship"), 1500)
    assert code_of(lambda: play(s, CARLA, {"type": "dodgy", "statement": 0}, 4000)) == "stale_statement"
    s = play(s, CARLA, DODGY, 4000)               # the window ended at 4000: Ben's claim stands first
    assert s["reveal"]["statement"]["seat"] == BEN


def test_the_view_shows_the_running_timers_in_the_shared_shape():
    def running(view):
        return [(t["name"], t["deadline_ms"]) for t in view["shared"]["timers"] if t["deadline_ms"]]
    s = new(3)
    assert running(GAME.view(s, 0)) == [("statement", 30000)]
    s = play(s, ANNA, state(2, "bow"), 1000)
    s = play(s, BEN, state(3, "ship"), 1500)
    assert ("window", 4000) in running(GAME.view(s, 2))
    s = play(s, CARLA, DODGY, 2000)
    assert running(GAME.view(s, 2)) == [("choose", 17000)]
    assert GAME.view(s, 2)["shared"]["timers"][0] == {"name": "choose", "seat": None, "deadline_ms": 17000,
                                                      "left_ms": None, "length_ms": 15000}


# ====================================================================== §5.5 winning and elimination
def test_player_with_no_dice_is_out_and_skipped():
    """DGY-12: at 0 dice a player is out: he cannot state or challenge and is skipped."""
    s = set_faces(give(new(3), BEN, ANNA, 5, seer=True), [["bow"] * 11 + ["bow"], ["ship"], ["bow"] * 6])
    s["stater"] = s["opener"] = BEN
    s = play(s, BEN, state(5, "ship"), 0)
    s = play(s, CARLA, DODGY, 100)
    s = play(s, CARLA, {"type": "choose", "die": s["hands"][BEN][0]}, 200)
    assert s["active"] == [True, False, True] and s["out_round"][BEN] == 1
    assert s["opener"] == CARLA                              # DGY-5: next active to Ben's left
    s = play(s, CARLA, state(1, "bow"), 300)
    assert s["stater"] == ANNA
    assert GAME.legal(s, BEN) == [] and code_of(lambda: play(s, BEN, DODGY, 400)) == "not_active"
    assert GAME.view(s, None)["seats"][BEN]["active"] is False


def test_winner_holds_all_the_dice():
    """§5.5 base game: one player holds all the dice in play."""
    s = give(new(2), ANNA, BEN, 9, seer=True)                    # Anna 1, Ben 19 + seer
    s = set_faces(s, [["bow"], ["ship"] * 19 + ["sword"]])
    s = play(s, ANNA, state(2, "sword"), 0)                     # only Ben's stone shows a sword
    s = play(s, BEN, DODGY, 100)
    assert s["reveal"]["count"] == 1 and s["reveal"]["winner"] == BEN
    s = play(s, BEN, {"type": "choose", "die": s["hands"][ANNA][0]}, 200)
    assert GAME.result(s) == {"winners": [BEN], "scores": [0, 21]}
    assert s["phase"] == "over" and GAME.legal(s, BEN) == []
    assert code_of(lambda: play(s, BEN, state(1, "bow"), 300)) == "game_over"
    assert GAME.deadline(s) is None


def _elimination_position(**opts):
    """§5.6 'Elimination variant': T = 2, 4 players; Dan (3 dice, after two losses) holds the
    seer stone and is about to lose his third challenge."""
    s = new(4, elimination_threshold=2, first_player=DAN, **opts)
    s = give(s, DAN, ANNA, 3)
    s = give(s, ANNA, DAN, 0, seer=True)                          # Anna 8, Ben 5, Carla 5, Dan 2 + seer
    return set_faces(s, [["bow"] * 8, ["bow"] * 5, ["bow"] * 5, ["ship", "ship", "ship"]])


def test_elimination_variant_removes_the_player_and_his_dice():
    s = _elimination_position()
    s = play(s, DAN, state(3, "sword"), 0)
    s = play(s, ANNA, DODGY, 100)
    assert s["reveal"]["count"] == 1                              # only the wild stone
    s = play(s, ANNA, {"type": "choose", "die": s["hands"][DAN][0]}, 200)
    assert s["active"] == [True, True, True, False]
    assert s["hands"][DAN] == [] and len(s["removed"]) == 2
    assert s["seer"] == "removed" and SEER in s["removed"]       # DGY-9 literal reading
    assert s["reveal"]["eliminated"] == [DAN]
    assert s["opener"] == ANNA                                    # next active to Dan's left
    assert GAME.view(s, 0)["max_quantity"] == 9 + 5 + 5


def test_elimination_seer_back_to_centre_goes_to_the_next_receiver():
    s = _elimination_position(seer_on_elimination="back_to_centre")
    s = play(s, DAN, state(3, "sword"), 0)
    s = play(s, ANNA, DODGY, 100)
    s = play(s, ANNA, {"type": "choose", "die": s["hands"][DAN][0]}, 200)
    assert s["seer"] == "centre" and SEER not in s["removed"] and s["faces"][SEER] is None
    assert len(s["removed"]) == 1
    s = set_faces(s, [["bow"] * 9, ["bow"] * 5, ["bow"] * 5, []])
    s = play(s, ANNA, state(10, "image6"), 300)
    s = play(s, BEN, DODGY, 400)
    s = play(s, BEN, {"type": "choose", "die": s["hands"][ANNA][0]}, 500)
    assert s["seer"] == BEN and SEER in s["hands"][BEN] and s["reveal"]["seer_from_centre"]


def test_elimination_checks_only_the_loser_and_ends_with_the_last_player():
    s = new(2, elimination_threshold=4, first_player=ANNA)
    s = give(s, ANNA, BEN, 5, seer=True)                          # Anna 5, Ben 15 + seer
    s = set_faces(s, [["bow"] * 5, ["ship"] * 16])
    s = play(s, ANNA, state(6, "bow"), 0)
    s = play(s, BEN, DODGY, 100)
    s = play(s, BEN, {"type": "choose", "die": s["hands"][ANNA][0]}, 200)
    assert GAME.result(s) == {"winners": [BEN], "scores": [0, 17]}


def test_round_limit_ends_with_most_dice():
    s = new(3, round_limit=1)
    s = set_faces(s, [["bow"] * 6, ["bow"] * 6, ["bow"] * 6])
    s = play(s, ANNA, state(1, "ship"), 0)
    s = play(s, BEN, DODGY, 100)
    s = play(s, BEN, {"type": "choose", "die": s["hands"][ANNA][0]}, 200)
    assert GAME.result(s) == {"winners": [BEN], "scores": [5, 8, 6]}


# ====================================================================== DGY-4 rolling
def test_every_round_rerolls_all_dice():
    s = new(3, seed=9)
    before = list(s["faces"])
    s = play(s, ANNA, state(1, "bow"), 0)
    s = play(s, BEN, DODGY, 100)
    s = play(s, s["reveal"]["winner"], {"type": "choose", "die": s["hands"][s["reveal"]["loser"]][0]}, 200)
    assert s["faces"] != before and s["public"] == []
    assert s["faces"][SEER] is not None
    assert all(GAME.view(s, 0)["known"][k] == [] for k in (1, 2))


def test_without_reroll_revealed_faces_stay_public_and_moved_dice_are_rolled():
    s = new(3, seed=9, reroll_each_round=False)
    s = set_faces(s, [["bow"] * 6, ["ship"] * 6, ["sword"] * 6])
    s = play(s, ANNA, state(7, "ship"), 0)
    s = play(s, BEN, DODGY, 100)
    s = play(s, BEN, {"type": "choose", "die": 0}, 200)
    assert s["faces"][1:6] == ["bow"] * 5 and s["faces"][12:18] == ["sword"] * 6
    assert 0 not in s["public"] and SEER not in s["public"] and 1 in s["public"]
    v = GAME.view(s, CARLA)
    assert v["known"][ANNA] == [{"id": d, "face": "bow", "seer": False} for d in range(1, 6)]
    assert {d["id"] for d in v["known"][BEN]} == set(range(6, 12))        # not 0, not the seer
    assert v["known"][CARLA] == []                                          # own dice are in "hand"


# ====================================================================== views
def test_view_shows_own_faces_only():
    s = new(3, seed=2)
    for seat in range(3):
        v = GAME.view(s, seat)
        assert [d["face"] for d in v["hand"]] == [s["faces"][d] for d in s["hands"][seat]]
        assert all(k == [] for k in v["known"])
        assert v["you"] == seat
    spectator = GAME.view(s, None)
    assert spectator["hand"] == [] and spectator["you"] is None
    assert GAME.legal(s, None) == []
    text = json.dumps(spectator)
    assert "rng" not in text and '"face"' not in text


def test_reveal_stays_visible_in_the_next_round():
    s = set_faces(new(3), [["bow"] * 6, ["ship"] * 6, ["sword"] * 6])
    s = play(s, ANNA, state(4, "ship"), 0)
    s = play(s, BEN, state(6, "bow"), 4000)
    s = play(s, CARLA, DODGY, 4500)
    s = play(s, BEN, {"type": "choose", "die": 12}, 5000)
    v = GAME.view(s, None)
    rev = v["reveal"]
    assert s["phase"] == "statement" and s["round"] == 2
    assert rev["hands"][CARLA] == [{"id": d, "face": "sword", "seer": False} for d in range(12, 18)]
    assert (rev["count"], rev["correct"], rev["winner"], rev["loser"], rev["chosen"]) == (6, True, BEN, CARLA, 12)
    assert rev["counted"] == list(range(0, 6)) and rev["seer_contrib"] == 0
    assert v["history"][-1]["chosen"] == 12 and v["history"][-1]["statement_count"] == 2


def test_view_keys_for_a_ui():
    v = GAME.view(play(new(3), ANNA, state(2, "bow"), 0), CARLA)
    for key in ("phase", "round", "stater", "opener", "seats", "seer", "hand", "known", "statement",
                "statements", "min_quantity", "max_quantity", "pending", "accepted", "window_end",
                "shared", "reveal", "history", "chooser", "choose_from", "result",
                "faces", "options"):
        assert key in v
    assert not any(k.startswith("can_") for k in v)          # the screen asks ctx.can(move)
    assert GAME.active(play(new(3), ANNA, state(2, "bow"), 0))[CARLA] == ["dodgy", "accept"]
    assert v["statement"]["quantity"] == 2 and v["window_end"] == 3000
    json.dumps(v)


def test_dump_and_load_round_trip():
    s = play(new(3), ANNA, state(2, "bow"), 0)
    data = json.loads(json.dumps(GAME.dump(s)))
    assert GAME.load(data) == s
    with pytest.raises(IllegalAction):
        GAME.load({"game": "waldi"})


def test_unknown_action_and_table_seat():
    s = new(3)
    assert code_of(lambda: play(s, ANNA, {"type": "roll"}, 0)) == "unknown_action"
    assert code_of(lambda: play(s, None, state(1, "bow"), 0)) == "not_a_player"


# ====================================================================== cost of a long game
def test_apply_cost_is_flat_with_the_length_of_the_history(monkeypatch):
    """The challenge history and the log are append-only and shared between states, never
    copied by ``apply``: after 300 challenges and 3000 logged actions a statement copies
    exactly as much as it did in the first round (counted, not timed)."""
    import clubtable.engine as engine
    import clubtable.games.dodgy.rules as rules

    s = set_faces(new(3), [["bow"] * 6, ["ship"] * 6, ["sword"] * 6])
    s = play(play(play(s, ANNA, state(4, "ship"), 0), BEN, state(6, "bow"), 4000), CARLA, DODGY, 4500)
    s = play(s, BEN, {"type": "choose", "die": 12}, 5000)
    assert len(s["history"]) == 1
    long = dict(s, history=engine.Log(list(s["history"]) * 300),
                log=engine.Log(list(s["log"]) * 750))
    after = GAME.apply(long, s["stater"], state(1, "bow"), 6000)
    assert after["history"] is long["history"]                    # shared, not copied
    assert after["log"].shares_with(long["log"]) and len(after["log"]) == len(long["log"]) + 1
    assert len(long["log"]) == 3000                               # the earlier state keeps its log

    calls = [0]
    real = engine.clone

    def counting(value):
        calls[0] += 1
        return real(value)

    monkeypatch.setattr(engine, "clone", counting)               # clone's own recursion too
    monkeypatch.setattr(rules, "clone", counting)

    def copied(st):
        calls[0] = 0
        GAME.apply(st, st["stater"], state(1, "bow"), 6000)
        return calls[0]

    assert copied(long) == copied(s)


def test_a_statement_number_must_be_a_whole_number():
    """``"statement": n`` names the statement a shout or an accept is for: ``true`` or
    ``1.0`` is no statement number, and the refusal changes nothing."""
    s = play(new(3), ANNA, state(2, "bow"), 0)
    for bad in (True, 0.0, 1.0, "0", None):
        assert code_of(lambda: play(s, CARLA, {"type": "dodgy", "statement": bad}, 100)) == "bad_arg"
        assert code_of(lambda: play(s, CARLA, {"type": "accept", "statement": bad}, 100)) == "bad_arg"
    assert code_of(lambda: play(s, True, DODGY, 100)) == "bad_seat"
    assert play(s, CARLA, {"type": "dodgy", "statement": 0}, 100)["phase"] == "choose"


def test_constants_for_the_screen():
    assert GAME.constants["seer_die"] == SEER == 20
    rev_state = set_faces(new(2), [["bow"] * 10, ["ship"] * 10])
    rev_state = play(play(rev_state, ANNA, state(1, "sword"), 0), BEN, DODGY, 100)
    assert all("seer" in d for h in GAME.view(rev_state, None)["reveal"]["hands"] for d in h)
