"""The worked examples of RULES.md §1.8, in order, as they read in the rulebook.

Seats: Anna 0, Ben 1, Carla 2, Dan 3.  Numbers not in the source come from the DEFAULT
tables (clue track Q,L,Q,L,Q,L,QL; rewards 0,1,2,3,2,1,0; "!" 0, start 3, final 20)."""
from __future__ import annotations

from clubtable.games.dohdles import GAME, dohdles_per_side
from test_dohdles_kit import Play

ANNA, BEN, CARLA, DAN = 0, 1, 2, 3


def test_setup_three_players_three_dohdles_chips_and_sheets_each_nine_of_twelve_spaces():
    p = Play(3, make=False)
    for seat in range(3):
        assert len(p.of(seat)) == 3                       # 3 Dohdles = 3 chips = 3 sheets
    spaces = {d["space"] for d in p.state["dohdles"]}
    assert len(spaces) == 9 and 12 - len(spaces) == 3
    assert all(d["chip"] == 0 for d in p.state["dohdles"])
    assert all(sd["token"] == 3 and sd["cube"] == "ready" for sd in p.state["sides"])


def test_setup_five_players_two_dohdles_each_ten_spaces_two_empty():
    p = Play(5, make=False)
    assert [len(p.of(s)) for s in range(5)] == [2] * 5
    assert len({d["space"] for d in p.state["dohdles"]}) == 10
    assert [sum(map(len, dohdles_per_side(n))) for n in (3, 4, 5, 6)] == [9, 8, 10, 12]


def test_setup_each_sides_dohdles_are_neighbours_on_the_ring():
    p = Play(4, make=False)
    for seat in range(4):
        spaces = sorted(p.dohdle(i)["space"] for i in p.of(seat))
        assert spaces == list(range(spaces[0], spaces[0] + len(spaces)))


def test_letter_clue_tell_me_the_second_letter_of_turnip():
    # Anna's turn; Ben's Dohdle "turnip" has its chip on space 1; Anna moves it to the gray space 2.
    p = Play(3, words=["moth", "owl", "emu", "turnip", "lamp", "lion", "pear", "fig", "kiwi"])
    turnip = 3
    assert p.dohdle(turnip)["side"] == 1
    p.dohdle(turnip)["chip"] = 1
    p.do(ANNA, "move_chip", dohdle=turnip)
    assert p.turn["phase"] == "letter"
    p.do(ANNA, "request_letter", position=2)
    for seat in (None, ANNA, BEN, CARLA):
        assert p.view(seat)["dohdles"][turnip]["letters"] == [None, "U", None, None, None]


def test_correct_guess_with_creator_reward():
    # Ben's token is on index 5 (3 green arrows); Carla's Dohdle has its chip on space 4 (reward 3).
    p = Play(4, first=ANNA)
    carla = p.of(CARLA)[0]
    p.dohdle(carla)["chip"] = 4
    p.set_token(BEN, 5)
    carla_before = p.token(CARLA)
    p.do(BEN, "claim", dohdle=carla, at=100)
    p.settle()
    p.do(BEN, "propose", word=p.dohdle(carla)["word"])
    assert p.token(BEN) == 8
    assert p.token(CARLA) == carla_before + 3
    assert p.dohdle(carla)["status"] == "solved" and p.dohdle(carla)["solved_by"] == 1
    # The solver moves first, then the creator.
    kinds = [e["kind"] for e in p.state["events"] if e["kind"] in ("proposal", "reward")]
    assert kinds == ["proposal", "reward"]


def test_funnel_order_anna_ben_carla_on_dans_moth():
    p = Play(4, words=["ant", "bee", "cat", "dog", "eel", "fox", "moth", "yak"], first=ANNA)
    moth = 6
    assert p.dohdle(moth)["maker"] == DAN
    p.dohdle(moth)["chip"] = 2
    p.set_token(ANNA, 9)
    dan_before, carla_before = p.token(DAN), p.token(CARLA)
    p.do(ANNA, "claim", dohdle=moth, at=1000)
    p.do(BEN, "claim", dohdle=moth, at=1410)
    p.do(CARLA, "claim", dohdle=moth, at=1520)
    p.settle()
    assert [e["seat"] for e in p.state["burst"]["entries"]] == [BEN, CARLA]
    assert p.state["burst"]["current"]["seat"] == ANNA
    p.do(ANNA, "propose", word="butterfly")
    assert p.token(ANNA) == 7                           # index 9: 2 red arrows
    assert p.state["burst"]["current"]["seat"] == BEN
    p.do(BEN, "propose", word="moth")
    assert p.dohdle(moth)["status"] == "solved"
    assert p.token(CARLA) == carla_before               # dropped, not penalised
    assert p.state["burst"] is None
    assert all(sd["cube"] == "ready" for sd in p.state["sides"])   # all cubes return
    assert p.token(DAN) == dan_before + 1               # reward(2) = 1


def _special_right_table():
    """Dan is active and moves Anna's Dohdle from start to clue space 1; Ben claims before
    Dan asks anything; Dan claims 1.2 s after Ben."""
    p = Play(4, first=DAN)
    annas = p.of(ANNA)[0]
    p.do(DAN, "move_chip", dohdle=annas, at=1000)
    assert p.dohdle(annas)["chip"] == 1 and p.turn["phase"] == "questions"
    p.do(BEN, "claim", dohdle=annas, at=1500)
    # The settle window is stretched to the special right's 3 s.
    assert p.state["timers"]["settle"]["at"] == 4500
    p.wait(1200)                                         # no resolution yet
    assert p.state["burst"]["state"] == "settle"
    p.do(DAN, "claim", dohdle=annas, at=2700)
    p.settle()
    return p, annas


def test_special_right_dan_proposes_first_then_ben():
    p, annas = _special_right_table()
    assert p.state["burst"]["current"]["seat"] == DAN
    p.do(DAN, "propose", word="sausage")
    assert p.state["burst"]["current"]["seat"] == BEN    # one per opponent


def test_special_right_if_ben_is_right_dan_may_redirect():
    p, annas = _special_right_table()
    p.do(DAN, "propose", word="sausage")
    p.do(BEN, "propose", word=p.dohdle(annas)["word"])
    assert p.dohdle(annas)["status"] == "solved"
    assert p.turn["phase"] == "choose" and p.turn["redirect"] is True
    assert p.state["active_side"] == 3
    other = p.of(CARLA)[0]
    p.do(DAN, "move_chip", dohdle=other)
    assert p.turn["target"] == other and p.dohdle(other)["chip"] == 1


def test_special_right_waits_for_the_active_player_even_when_he_does_not_claim():
    p = Play(4, first=DAN)
    annas = p.of(ANNA)[0]
    p.do(DAN, "move_chip", dohdle=annas, at=1000)
    p.do(BEN, "claim", dohdle=annas, at=1100)
    p.tick_to(4099)
    assert p.state["burst"]["current"] is None
    p.tick_to(4100)
    assert p.state["burst"]["current"]["seat"] == BEN


def test_hindmost_space():
    # Ben is on index 1 (red 1); he guesses wrong and drops to the "!" space.
    p = Play(4, first=ANNA)
    target = p.of(CARLA)[0]
    p.dohdle(target)["chip"] = 2
    p.set_token(BEN, 1)
    p.do(BEN, "claim", dohdle=target)
    p.settle()
    p.do(BEN, "propose", word="wrong")
    assert p.token(BEN) == 0
    # From then on his claims are refused, except during his own turn.
    p.refused(BEN, "claim", code="bang_space", dohdle=target)
    assert "claim" not in GAME.active(p.state).get(BEN, [])
    # Pass Anna's turn (she chooses and ends), so that Ben becomes the Dohdle Master.
    p.do(ANNA, "move_chip", dohdle=target)
    p.do(ANNA, "end_questions")
    p.do(ANNA, "end_turn")
    assert p.state["active_side"] == 1
    p.do(BEN, "claim", dohdle=target)
    p.settle()
    p.do(BEN, "propose", word="still wrong")
    assert p.token(BEN) == 0                             # wrong again on "!": stays on 0


def test_retirement_after_the_seventh_clue():
    # Anna's Dohdle reaches clue space 7; Carla chooses a letter and asks for letter 5.
    p = Play(3, first=CARLA)
    annas = p.of(ANNA)[0]
    p.dohdle(annas)["chip"] = 6
    tokens = [p.token(s) for s in range(3)]
    p.do(CARLA, "move_chip", dohdle=annas)
    assert p.turn["phase"] == "kind"
    p.do(CARLA, "choose_clue", kind="letter")
    p.do(CARLA, "request_letter", position=5)
    assert p.dohdle(annas)["status"] == "active"
    assert p.view(BEN)["dohdles"][annas]["word"] is None
    p.wait(5000)                                         # the grace period
    assert p.dohdle(annas)["status"] == "retired"
    assert p.view(BEN)["dohdles"][annas]["word"] == "moth"   # announced
    assert [p.token(s) for s in range(3)] == tokens          # nobody moves
    assert p.state["active_side"] == 0
    assert "claim" not in GAME.active(p.state).get(BEN, []) or annas not in GAME.claimable(p.state, BEN)


def test_exhaustion_end_two_players_on_14_both_win():
    p = Play(4, first=BEN)
    for d in p.state["dohdles"]:
        if d["maker"] != CARLA:
            d["status"] = "solved" if d["id"] % 2 else "retired"
    for seat, pos in zip((ANNA, BEN, CARLA, DAN), (14, 14, 11, 9)):
        p.set_token(seat, pos)
    p.do(BEN, "move_chip", dohdle=p.of(CARLA)[0])
    p.do(BEN, "end_questions")
    p.do(BEN, "end_turn")                                # Carla begins her turn
    result = GAME.result(p.state)
    assert result["winners"] == [ANNA, BEN] and result["reason"] == "exhausted"
    assert result["scores"] == [14, 14, 11, 9]
    # Every word is announced at the end.
    assert all(d["word"] for d in p.view(DAN)["dohdles"])
