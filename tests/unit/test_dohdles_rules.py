"""Dohdles! rules beyond the worked examples: RULES.md §1.2–§1.7, every DOH settlement the
engine implements, the options of Appendix A and the choices of docs/games/dohdles.md."""
from __future__ import annotations

import json

import pytest

from clubtable.engine import IllegalAction
from clubtable.games.dohdles import BLANK, GAME
from test_dohdles_kit import NAMES, Play, pic

ANNA, BEN, CARLA, DAN = 0, 1, 2, 3


# ====================================================================== options and setup
@pytest.mark.parametrize("n", [2, 13])
def test_three_to_twelve_players(n):
    with pytest.raises(IllegalAction):
        GAME.new(NAMES[:n] + ["X"] * max(0, n - 12), 1)


@pytest.mark.parametrize("bad", [
    {"clue_track_types": ["L", "Q", "Q", "L", "Q", "L", "QL"]},       # space 1 must be Q (DOH-1)
    {"clue_track_types": ["Q"] * 6},
    {"creator_reward": [0, 1, 2, 3, 2, 1]},
    {"final_index": 10},                                              # arrows no longer fit
    {"start_index": 0},
    {"answer_labels": ["yes"]},
    {"riddle_medium": "clay"},
    {"first_player": 7},
    {"answer_s": -1},
    {"jitter_ms": True},
])
def test_bad_options_are_refused(bad):
    with pytest.raises(IllegalAction) as err:
        GAME.new(NAMES[:4], 1, bad)
    assert err.value.code == "bad_options"


def test_a_shorter_track_is_an_option():
    p = Play(3, final_index=10, start_index=2, green_arrows=[2] * 10, red_arrows=[1] * 10)
    assert all(sd["token"] == 2 for sd in p.state["sides"])


@pytest.mark.parametrize("n,sides,dohdles", [(7, 4, 8), (8, 4, 8), (9, 5, 10), (10, 5, 10), (11, 6, 12), (12, 6, 12)])
def test_teams_of_two_neighbours_for_seven_to_twelve(n, sides, dohdles):
    p = Play(n, make=False)
    assert len(p.state["sides"]) == sides and len(p.state["dohdles"]) == dohdles
    assert p.state["sides"][0]["members"] == [0, 1]
    if n % 2:
        solo = p.state["sides"][-1]
        assert solo["members"] == [n - 1] and len(p.of(n - 1)) == 2      # DOH-15
    else:
        assert all(len(p.of(s)) == 1 for s in range(n))                 # one Dohdle per member


def test_solo_player_may_make_one_dohdle_by_option():
    p = Play(7, make=False, solo_dohdles_in_team_game=1)
    assert len(p.of(6)) == 1 and len(p.state["dohdles"]) == 7


# ====================================================================== making
def test_secret_words_are_letters_spaces_and_hyphens():
    """§1.10, DOH-30; the several-word terms themselves: test_dohdles_terms.py."""
    p = Play(3, make=False)
    for bad in ("r2d2", "aujourd'hui", "", " - ", "<b>"):
        p.refused(ANNA, "make_drawing", word=bad, picture=pic(1))
    p.make(ANNA, "  Straße ")
    assert p.dohdle(0)["word"] == "straße"


def test_each_player_makes_his_dohdles_in_turn_and_they_are_frozen():
    p = Play(4, make=False)
    p.make(BEN, "lamp")
    p.make(BEN, "lion")
    assert [p.dohdle(i)["word"] for i in p.of(BEN)] == ["lamp", "lion"]
    p.refused(BEN, "make_drawing", word="pear", picture=pic(1))
    assert "make_drawing" not in GAME.active(p.state).get(BEN, [])


@pytest.mark.parametrize("medium,move,args,other", [
    ("drawing", "make_drawing", {"picture": pic(1)}, "make_photo"),
    ("photo", "make_photo", {"photos": [pic(1), pic(2), pic(3)]}, "make"),
    ("table", "make", {}, "make_drawing"),
])
def test_one_making_move_per_riddle_medium(medium, move, args, other):
    p = Play(3, make=False, riddle_medium=medium)
    assert GAME.active(p.state)[ANNA] == [move]
    p.refused(ANNA, other, word="lamp", picture=pic(1), photos=[pic(1)])
    p.do(ANNA, move, word="lamp", **args)
    assert p.dohdle(0)["pictures"] == list(args.get("photos", [args["picture"]] if "picture" in args else []))
    if medium == "photo":
        for bad in ([], [pic(1)] * 4, ["https://example.org/x.png"]):
            p.refused(ANNA, move, word="lamp", photos=bad)
    if medium == "drawing":
        p.refused(ANNA, move, word="lamp", picture="<svg/>")


def test_table_mode_plays_without_pictures():
    p = Play(3, riddle_medium="table")
    assert p.state["phase"] == "play" and all(d["pictures"] == [] for d in p.state["dohdles"])


def test_while_making_nobody_sees_another_sides_word_or_picture():
    p = Play(3, make=False)
    p.make(ANNA, "lamp", pic(9))
    for seat in (BEN, CARLA, None):
        v = p.view(seat)["dohdles"][0]
        assert v["word"] is None and v["pictures"] == [] and v["made"] is True
    assert p.view(ANNA)["dohdles"][0]["word"] == "lamp"


def test_play_begins_when_the_last_dohdle_is_made():
    p = Play(3, make=False)
    for d in p.state["dohdles"][:-1]:
        p.make(d["maker"], "lamp")
    assert p.state["phase"] == "making"
    p.make(p.state["dohdles"][-1]["maker"], "lamp")
    assert p.state["phase"] == "play"


def test_sculpting_time_limit_leaves_unmade_dohdles_out():
    p = Play(3, make=False, sculpt_time_s=60)
    p.make(ANNA, "lamp")
    p.make(BEN, "lion")
    p.wait(60_000)
    assert p.state["phase"] == "play"
    assert [d["status"] for d in p.state["dohdles"]] == ["active", "unmade", "unmade", "active"] + ["unmade"] * 5


def test_nothing_made_in_time_ends_the_game_at_once_in_a_tie():
    p = Play(3, make=False, sculpt_time_s=60)
    p.wait(60_000)
    assert GAME.result(p.state) == {"winners": [0, 1, 2], "scores": [3, 3, 3], "reason": "exhausted"}


def test_no_sculpting_limit():
    p = Play(3, make=False, sculpt_time_s=0)
    assert GAME.deadline(p.state) is None


def test_each_side_sees_its_own_suggestion_board_only():
    p = Play(3, make=False)
    boards = [p.view(s)["board"]["index"] for s in range(3)]
    assert len(set(boards)) == 3
    assert p.view(None)["board"] is None
    assert len(p.view(ANNA)["board"]["terms"]) >= 60


# ====================================================================== the turn
def test_the_dohdle_master_moves_an_opponents_chip_only():
    p = Play(3)
    p.refused(ANNA, "move_chip", code="not_movable", dohdle=p.of(ANNA)[0])
    p.refused(BEN, "move_chip", dohdle=p.of(CARLA)[0])
    d = p.of(BEN)[0]
    p.dohdle(d)["chip"] = 7
    p.refused(ANNA, "move_chip", code="not_movable", dohdle=d)
    assert {"type": "move_chip", "dohdle": d} not in GAME.legal(p.state, ANNA)


def test_up_to_two_questions_then_the_grace_period_then_the_next_player():
    p = Play(3)
    d = p.of(BEN)[0]
    p.do(ANNA, "move_chip", dohdle=d)
    p.do(ANNA, "ask", question="Is it a living being?")
    assert GAME.awaited(p.state) == [BEN]
    p.refused(ANNA, "ask", question="Another one?")
    p.do(BEN, "answer", answer="yes")
    p.do(ANNA, "ask", question="Can it fly?")
    p.do(BEN, "answer", answer="partly")
    assert p.turn["phase"] == "grace"
    assert [(x["q"], x["a"]) for x in p.view(CARLA)["dohdles"][d]["qa"]] == [
        ("Is it a living being?", "yes"), ("Can it fly?", "partly")]
    p.wait(4999)
    assert p.state["active_side"] == 0
    p.wait(1)
    assert p.state["active_side"] == 1


def test_the_asker_may_stop_after_one_question_and_end_the_turn_early():
    p = Play(3)
    p.do(ANNA, "move_chip", dohdle=p.of(BEN)[0])
    p.do(ANNA, "end_questions")
    p.do(ANNA, "end_turn")
    assert p.state["active_side"] == 1


def test_only_the_creator_answers_with_one_of_the_answers():
    p = Play(3)
    d = p.of(CARLA)[0]
    p.do(ANNA, "move_chip", dohdle=d)
    p.do(ANNA, "ask", question="Is it made by humans?")
    p.refused(BEN, "answer", answer="yes")
    p.refused(CARLA, "answer", answer="maybe")
    p.do(CARLA, "answer", answer="no")


def test_a_refused_question_does_not_count():
    p = Play(3)
    d = p.of(BEN)[0]
    p.do(ANNA, "move_chip", dohdle=d)
    p.do(ANNA, "ask", question="Does it start with M?")
    assert p.view(ANNA)["turn"]["question"]["flags"] == ["letters"]
    p.do(BEN, "refuse")
    assert p.turn["asked"] == 0 and p.turn["phase"] == "questions"
    p.do(ANNA, "ask", question="Is it an animal?")
    p.do(BEN, "answer", answer="yes")
    p.do(ANNA, "ask", question="Is it big?")
    p.do(BEN, "answer", answer="no")
    assert p.turn["phase"] == "grace"


def test_a_question_naming_the_word_can_only_be_refused_and_the_asker_cannot_tell():
    p = Play(3)
    d = p.of(BEN)[0]                                     # "rabbit"
    p.do(ANNA, "move_chip", dohdle=d)
    p.do(ANNA, "ask", question="Is 'rabbit' the solution word?")
    assert "refuse" in GAME.active(p.state)[BEN] and "answer" not in GAME.active(p.state)[BEN]
    assert p.view(BEN)["turn"]["question"]["must_refuse"] is True
    assert "names_word" in p.view(BEN)["turn"]["question"]["flags"]
    for seat in (ANNA, CARLA, None):
        q = p.view(seat)["turn"]["question"]
        assert q["must_refuse"] is None and q["flags"] == []
    p.refused(BEN, "answer", answer="no")
    p.do(BEN, "refuse")
    assert p.dohdle(d)["qa"][-1]["refused"] is True and p.turn["asked"] == 0


def test_the_naming_question_is_refused_at_once_by_option():
    p = Play(3, naming_question="refuse_at_once")
    d = p.of(BEN)[0]
    p.do(ANNA, "move_chip", dohdle=d)
    p.do(ANNA, "ask", question="Is it a RABBIT?")
    assert p.turn["question"] is None and p.dohdle(d)["qa"][-1]["refused"] is True


def test_the_creator_not_answering_in_time_records_the_last_answer_flagged():
    p = Play(3)
    d = p.of(BEN)[0]
    p.do(ANNA, "move_chip", dohdle=d)
    p.do(ANNA, "ask", question="Is it soft?")
    p.wait(20_000)
    qa = p.dohdle(d)["qa"][-1]
    assert qa["a"] == "irrelevant" and qa["timeout"] is True and p.turn["asked"] == 1


def test_composing_too_long_ends_the_clue():
    p = Play(3)
    p.do(ANNA, "move_chip", dohdle=p.of(BEN)[0])
    p.wait(60_000)
    assert p.turn["phase"] == "grace"


def test_choosing_too_long_moves_the_first_chip_clockwise():
    p = Play(3)
    p.wait(60_000)
    assert p.turn["target"] == p.of(BEN)[0] and p.dohdle(p.of(BEN)[0])["chip"] == 1


# ====================================================================== letters
def test_letter_positions_past_the_end_are_blank_and_so_are_the_later_ones():
    p = Play(3, words=["moth", "bee"] + ["lamp"] * 7)
    bee = 1                                              # Anna's second Dohdle
    p.state["active_side"] = 1
    p.state["turn"]["n"] = 1
    p.dohdle(bee)["chip"] = 1
    p.do(BEN, "move_chip", dohdle=bee)
    p.do(BEN, "request_letter", position=4)
    assert p.dohdle(bee)["letters"] == [None, None, None, BLANK, BLANK]
    assert p.view(CARLA)["dohdles"][bee]["letters"] == [None, None, None, BLANK, BLANK]


def test_a_known_letter_cannot_be_asked_again():
    p = Play(3)
    d = p.of(BEN)[0]
    p.dohdle(d)["chip"] = 1
    p.dohdle(d)["letters"][0] = "R"
    p.do(ANNA, "move_chip", dohdle=d)
    p.refused(ANNA, "request_letter", code="letter_known", position=1)
    assert {"type": "request_letter", "position": 1} not in GAME.legal(p.state, ANNA)


def test_seventh_space_without_letters_left_gives_questions():
    p = Play(3)
    d = p.of(BEN)[0]
    p.dohdle(d)["chip"] = 6
    p.dohdle(d)["letters"] = list("RABBI")
    p.do(ANNA, "move_chip", dohdle=d)
    assert p.turn["phase"] == "questions"


def test_a_letter_space_without_letters_left_is_void():
    p = Play(3)
    d = p.of(BEN)[0]
    p.dohdle(d)["chip"] = 1
    p.dohdle(d)["letters"] = list("RABBI")
    p.do(ANNA, "move_chip", dohdle=d)
    assert p.turn["phase"] == "grace" and p.events("void_letter")


# ====================================================================== claims and bursts
def test_a_dohdle_on_its_starting_space_cannot_be_claimed():
    p = Play(3)
    p.refused(BEN, "claim", code="nothing_to_claim", dohdle=p.of(CARLA)[0])
    p.dohdle(p.of(ANNA)[0])["chip"] = 1
    p.refused(BEN, "claim", code="not_open", dohdle=p.of(CARLA)[0])


def test_nobody_claims_his_own_sides_dohdle():
    p = Play(3)
    d = p.of(BEN)[0]
    p.do(ANNA, "move_chip", dohdle=d)
    p.refused(BEN, "claim", code="nothing_to_claim", dohdle=d)
    p.dohdle(p.of(CARLA)[0])["chip"] = 1
    p.refused(BEN, "claim", code="own_dohdle", dohdle=d)


def test_one_cube_one_claim_per_burst():
    p = Play(3)
    d = p.of(BEN)[0]
    p.do(ANNA, "move_chip", dohdle=d)
    p.do(CARLA, "claim", dohdle=d)
    p.refused(CARLA, "claim", code="cube_queued", dohdle=d)


def test_the_turn_is_frozen_while_guesses_are_proposed():
    p = Play(3)
    d = p.of(BEN)[0]
    p.do(ANNA, "move_chip", dohdle=d, at=0)
    p.do(ANNA, "ask", question="Is it an animal?", at=100)
    p.do(BEN, "answer", answer="yes", at=200)
    p.do(CARLA, "claim", dohdle=d, at=300)
    p.refused(ANNA, "ask", code="burst_open", question="Is it big?")
    p.settle()
    p.wait(10_000)                                       # the compose clock is paused
    p.do(CARLA, "propose", word="hare")
    assert p.turn["phase"] == "questions"
    assert p.state["timers"]["turn"]["at"] == p.now + 60_000 - 100


def test_not_proposing_in_time_is_a_wrong_proposal():
    p = Play(3)
    d = p.of(BEN)[0]
    p.do(ANNA, "move_chip", dohdle=d)
    p.do(CARLA, "claim", dohdle=d)
    p.settle()
    p.wait(20_000)
    assert p.token(CARLA) == 2 and p.state["burst"] is None
    assert p.events("proposal")[-1]["timeout"] is True


def test_a_correct_proposal_cancels_only_the_claims_on_the_same_dohdle():
    p = Play(4)
    a, b = p.of(BEN)[0], p.of(CARLA)[0]
    p.dohdle(a)["chip"] = 2
    p.dohdle(b)["chip"] = 2
    p.do(CARLA, "claim", dohdle=a, at=10)
    p.do(DAN, "claim", dohdle=a, at=20)
    p.do(ANNA, "claim", dohdle=b, at=30)
    p.settle()
    p.do(CARLA, "propose", word="rabbit")
    assert p.state["burst"]["current"]["seat"] == ANNA   # Dan's entry is gone, Anna's stays


def test_claims_made_during_the_resolution_join_the_queue():
    p = Play(4)
    d = p.of(BEN)[0]
    p.dohdle(d)["chip"] = 2
    p.do(CARLA, "claim", dohdle=d)
    p.settle()
    p.do(DAN, "claim", dohdle=d)
    p.do(CARLA, "propose", word="hare")
    assert p.state["burst"]["current"]["seat"] == DAN


def test_a_team_shares_its_cube_and_either_member_proposes():
    p = Play(7)
    target = p.of(2)[0]                                  # team 1 (seats 2, 3)
    p.do(0, "move_chip", dohdle=target)
    p.dohdle(p.of(4)[0])["chip"] = 1
    p.refused(3, "claim", code="own_dohdle", dohdle=target)
    p.do(5, "claim", dohdle=target)
    p.refused(4, "claim", code="cube_queued", dohdle=target)
    p.settle()
    assert set(GAME.active(p.state)) >= {4, 5}
    p.do(4, "propose", word=p.dohdle(target)["word"])
    assert p.state["sides"][2]["token"] == 6


def test_teammates_see_both_words_and_the_maker_answers():
    p = Play(8)
    mine, partners = p.of(2)[0], p.of(3)[0]
    assert p.view(2)["dohdles"][partners]["word"] == p.dohdle(partners)["word"]
    assert p.view(4)["dohdles"][partners]["word"] is None
    p.do(0, "move_chip", dohdle=partners)
    p.do(1, "ask", question="Is it alive?")              # either member of the active team
    p.refused(2, "answer", answer="yes")
    p.do(3, "answer", answer="yes")
    assert mine != partners


def test_solved_after_the_first_answer_forfeits_the_second_question():
    p = Play(3)
    d = p.of(BEN)[0]
    p.do(ANNA, "move_chip", dohdle=d)
    p.do(ANNA, "ask", question="Is it an animal?")
    p.do(BEN, "answer", answer="yes")
    p.do(CARLA, "claim", dohdle=d)
    p.settle()
    p.do(CARLA, "propose", word="rabbit")
    assert p.turn["phase"] == "grace" and p.events("clue_forfeited")


def test_redirect_is_optional():
    p = Play(3)
    d = p.of(BEN)[0]
    p.do(ANNA, "move_chip", dohdle=d)
    p.do(CARLA, "claim", dohdle=d)
    p.settle()
    p.do(CARLA, "propose", word="rabbit")
    assert p.turn["redirect"] is True
    p.do(ANNA, "end_turn")
    assert p.state["active_side"] == 1


def test_reaching_the_final_space_wins_at_once_before_the_creator_moves():
    p = Play(3)
    d = p.of(BEN)[0]
    p.dohdle(d)["chip"] = 3                              # reward 2
    p.set_token(CARLA, 18)
    p.set_token(BEN, 19)
    p.do(CARLA, "claim", dohdle=d)
    p.settle()
    p.do(CARLA, "propose", word="Rabbit")
    assert GAME.result(p.state)["winners"] == [CARLA] and p.token(BEN) == 19


def test_the_creators_reward_can_win():
    p = Play(3)
    d = p.of(BEN)[0]
    p.dohdle(d)["chip"] = 3
    p.set_token(BEN, 18)
    p.do(CARLA, "claim", dohdle=d)
    p.settle()
    p.do(CARLA, "propose", word="rabbit")
    assert GAME.result(p.state) == {"winners": [BEN], "scores": [3, 20, 6], "reason": "final"}


def test_only_the_identical_word_counts_but_declared_variants_do():
    p = Play(3)
    d = p.of(ANNA)[0]                                    # "moth"
    p.state["active_side"] = 1
    p.dohdle(d)["chip"] = 1
    for word, ok in (("moths", False), ("butterfly", False), ("  MOTH ", True)):
        p.set_token(CARLA, 5)
        p.dohdle(d)["status"] = "active"
        p.do(CARLA, "claim", dohdle=d)
        p.settle()
        p.do(CARLA, "propose", word=word)
        assert (p.dohdle(d)["status"] == "solved") is ok
    q = Play(3, make=False, accepted_variants=True)
    assert "add_variant" not in GAME.active(q.state).get(ANNA, [])
    q.make(ANNA, "doughnut")
    q.do(ANNA, "add_variant", word="Donut")
    q.do(ANNA, "add_variant", word="doughnut")              # the word itself: nothing to add
    assert q.dohdle(0)["variants"] == ["donut"]
    q.refused(ANNA, "add_variant", word="do'nut")
    for _ in range(3):
        q.do(ANNA, "add_variant", word="donut" + "x" * (_ + 1))
    assert "add_variant" not in GAME.active(q.state)[ANNA]     # at most four
    assert q.view(BEN)["dohdles"][0]["variants"] == []
    r = Play(3, make=False)
    r.make(ANNA, "doughnut")
    r.refused(ANNA, "add_variant", word="donut")


def test_jitter_orders_near_simultaneous_claims_by_a_seeded_draw():
    orders = set()
    for seed in range(12):
        p = Play(4, seed=seed, jitter_ms=100)
        d = p.of(BEN)[0]
        p.dohdle(d)["chip"] = 2
        p.do(ANNA, "claim", dohdle=d, at=10)
        p.do(CARLA, "claim", dohdle=d, at=50)
        p.do(DAN, "claim", dohdle=d, at=500)
        p.settle()
        order = [p.state["burst"]["current"]["seat"]] + [e["seat"] for e in p.state["burst"]["entries"]]
        assert order[-1] == DAN
        orders.add(tuple(order))
    assert len(orders) == 2


# ====================================================================== the whole game
def test_replay_equals_live_and_the_log_holds_only_picture_references():
    p = Play(3)
    d = p.of(BEN)[0]
    p.do(ANNA, "move_chip", dohdle=d, at=10)
    p.do(ANNA, "ask", question="Is it an animal?", at=20)
    p.do(BEN, "answer", answer="yes", at=30)
    p.do(CARLA, "claim", dohdle=d, at=40)
    p.settle()
    p.do(CARLA, "propose", word="hare")
    p.wait(100_000)
    s = p.state
    assert GAME.replay(s["players"], s["seed"], s["options"], s["t0"], s["log"]) == s
    assert all(len(json.dumps(entry)) < 400 for entry in s["log"])


def test_views_never_show_a_word_to_another_side_before_it_may_be_seen():
    p = Play(3)
    for seat in (None, BEN, CARLA):
        assert "moth" not in json.dumps(p.view(seat))
    assert "moth" in json.dumps(p.view(ANNA))
    for seat in (None, ANNA, BEN, CARLA):
        for a in GAME.legal(p.state, seat if seat is not None else 0):
            assert "moth" not in json.dumps(a) or seat == ANNA


def test_game_over_refuses_every_move():
    p = Play(3)
    d = p.of(BEN)[0]
    p.dohdle(d)["chip"] = 3
    p.set_token(CARLA, 19)
    p.do(CARLA, "claim", dohdle=d)
    p.settle()
    p.do(CARLA, "propose", word="rabbit")
    p.refused(BEN, "move_chip", code="game_over", dohdle=0)
    assert GAME.legal(p.state, ANNA) == [] and GAME.deadline(p.state) is None


def test_a_redirect_with_nothing_left_to_move_ends_the_turn():
    p = Play(3)
    target = p.of(BEN)[0]
    for d in p.state["dohdles"]:
        if d["side"] != 0 and d["id"] != target:
            d["status"] = "retired"
            d["chip"] = 7
    p.do(ANNA, "move_chip", dohdle=target)
    p.do(CARLA, "claim", dohdle=target)
    p.settle()
    p.do(CARLA, "propose", word="rabbit")
    assert p.state["active_side"] == 1 and p.events("redirect")


def test_end_turn_only_in_the_grace_period_or_instead_of_a_redirect():
    p = Play(3)
    p.refused(ANNA, "end_turn")
    p.do(ANNA, "move_chip", dohdle=p.of(BEN)[0])
    p.refused(ANNA, "end_turn")


def test_the_special_right_also_holds_while_the_funnel_is_already_resolving():
    p = Play(4, first=DAN)
    old, new = p.of(BEN)[0], p.of(ANNA)[0]
    p.dohdle(old)["chip"] = 3
    p.do(CARLA, "claim", dohdle=old, at=0)
    p.settle()                                           # Carla is proposing on Ben's Dohdle ...
    assert p.state["burst"]["current"]["seat"] == CARLA
    p.state["turn"]["opened"].append(new)                # ... Dan had just opened Anna's
    p.dohdle(new)["chip"] = 1
    p.do(BEN, "claim", dohdle=new, at=1000)
    p.do(CARLA, "propose", word="wrong", at=1100)
    assert p.state["burst"]["current"] is None and p.state["burst"]["state"] == "settle"
    p.do(DAN, "claim", dohdle=new, at=2000)
    p.settle()
    assert p.state["burst"]["current"]["seat"] == DAN


def test_anyone_may_flag_an_opponents_dohdle_as_unfair_once_without_penalty():
    p = Play(3)
    d = p.of(BEN)[0]
    tokens = [p.token(s) for s in range(3)]
    p.do(CARLA, "report", dohdle=d)
    p.refused(CARLA, "report", dohdle=d)
    p.refused(BEN, "report", code="not_reportable", dohdle=d)
    assert p.view(ANNA)["dohdles"][d]["reports"] == [CARLA]
    assert [p.token(s) for s in range(3)] == tokens and p.dohdle(d)["status"] == "active"
