"""Play-Doh's Cave (RULES.md §3): the worked examples of §3.8 and every rule around them."""
import json

import pytest

from clubtable.engine import IllegalAction
from clubtable.games.cave import GAME as G, riddles_per_side

PIC = "sha256:" + "ab" * 32
A, B, C, D, E = 0, 1, 2, 3, 4


class Table:
    """A game in play: ``words`` per side in seat order; the clock moves only when told."""

    def __init__(self, *words, players=None, **options):
        n = players or len(words)
        options.setdefault("first_player", 0)
        options.setdefault("riddle_medium", "table")
        self.now = 0
        self.s = G.new([f"p{i}" for i in range(n)], seed=7, options=options, now_ms=0)
        flat = [w for side in words for w in side]
        for r, w in zip(list(self.s["riddles"]), flat):
            self.s = G.apply(self.s, r["maker"], {"type": "mold_clay", "word": w}, 0)

    def rid(self, word):
        return next(r["id"] for r in self.s["riddles"] if r["word"] == word)

    def do(self, seat, type_, **args):
        self.now += 100
        if "riddle" in args and isinstance(args["riddle"], str):
            args["riddle"] = self.rid(args["riddle"])
        self.s = G.apply(self.s, seat, dict(type=type_, **args), self.now)
        return self.s

    def refused(self, seat, type_, code=None, **args):
        before = self.s
        with pytest.raises(IllegalAction) as err:
            self.do(seat, type_, **args)
        assert self.s is before
        if code:
            assert err.value.code == code
        return err.value

    def wait(self, ms):
        self.now += ms
        self.s = G.tick(self.s, self.now)
        return self.s

    def view(self, seat):
        return G.view(self.s, seat)

    def score(self, seat):
        return self.s["sides"][self.s["side_of"][seat]]["score"]

    def cubes(self):
        return [side["interrupts"] for side in self.s["sides"]]

    def pass_question_turn(self, seat):
        self.do(seat, "stop")
        self.do(seat, "no_guess")

    @property
    def turn(self):
        return G._turn_side(self.s)


def four():
    """A, B, C, D (seats 0-3), A holds the start marker; C's riddle "revolver", A's "lantern"."""
    return Table(["lantern", "apple", "kite"], ["cup", "moon", "bell"], ["revolver", "shoe", "hat"],
                 ["anchor", "fish", "star"])


# ---------------------------------------------------------------- §3.2 setup
def test_riddle_counts_by_player_count():
    """§3.8: 3 players × 4 = 12, 4 × 3 = 12, 5 × 2 = 10, 6 × 2 = 12."""
    for n, total in ((3, 12), (4, 12), (5, 10), (6, 12)):
        s = G.new([str(i) for i in range(n)], seed=1)
        assert len(s["riddles"]) == total and len(s["sides"]) == n


def test_teams_past_six_players():
    """"If there are more than six players, players should pair up into teams and each team
    member molds one of its team's riddles" (CAVE-2: an odd player out is solo with 2)."""
    assert riddles_per_side(7) == [([0, 1], 2), ([2, 3], 2), ([4, 5], 2), ([6], 2)]
    assert riddles_per_side(12) == [([i, i + 1], 2) for i in range(0, 12, 2)]
    s = G.new([str(i) for i in range(7)], seed=1)
    makers = [r["maker"] for r in s["riddles"]]
    assert makers == [0, 1, 2, 3, 4, 5, 6, 6]
    for n in (2, 13):
        with pytest.raises(IllegalAction):
            G.new([str(i) for i in range(n)], seed=1)


def test_setup_marker_scores_cubes():
    t = four()
    assert t.s["phase"] == "play" and t.s["marker"] == 0
    assert [s["score"] for s in t.s["sides"]] == [0, 0, 0, 0] and t.cubes() == [1, 1, 1, 1]
    assert t.s["round"]["kind"] == "letter" and t.turn == A        # CAVE-6: a letter round first


# ---------------------------------------------------------------- §3.8 cycle 1
def test_cycle_one_of_the_worked_example():
    t = four()
    # Letter round.  A asks "second consonant" of C's riddle "revolver": A privately gets v.
    t.do(A, "ask_letter", riddle="revolver", n=2, unit="consonant", count_from="start")
    asked = t.s["letters"][-1]
    assert asked["answer"] == "v"
    assert t.view(A)["letters"][-1]["answer"] == "v"
    assert t.view(C)["letters"][-1]["answer"] == "v"                # the owner knows it
    assert "answer" not in t.view(B)["letters"][-1]                  # nobody else does
    assert "answer" not in t.view(None)["letters"][-1]
    assert t.view(B)["letters"][-1]["n"] == 2                        # the query itself was asked aloud
    # B asks the 9th letter of D's riddle and privately gets "-".
    t.do(B, "ask_letter", riddle="anchor", n=9, unit="letter", count_from="start")
    assert t.view(B)["letters"][-1]["answer"] == "-"
    t.do(C, "ask_letter", riddle="kite", n=1, unit="vowel", count_from="end")
    t.do(D, "ask_letter", riddle="moon", n=1, unit="letter", count_from="start")
    # The marker advances Start -> 1.
    assert t.s["marker"] == 1 and t.s["round"]["kind"] == "question" and t.turn == A
    t.pass_question_turn(A)
    # B's turn: 30 s; "Can you hold it in one hand?" -- C answers "Yes".
    assert t.turn == B and G.timer(t.s, "question")["len"] == 30_000
    t.do(B, "ask", riddle="revolver", text="Can you hold it in one hand?")
    t.do(C, "answer", answer="yes")
    assert t.view(D)["qa"][-1]["answer"] == "yes"                     # questions and answers are public
    # B stops the clock and secretly writes "pistol": incorrect, nothing scored.
    t.do(B, "stop")
    t.do(B, "guess", riddle="revolver", word="pistol")
    assert [t.score(x) for x in (A, B, C, D)] == [0, 0, 0, 0]
    assert t.view(C)["guesses"][-1]["word"] == "pistol"               # the owner learns the guess
    assert "word" not in t.view(D)["guesses"][-1]
    assert t.view(D)["guesses"][-1]["correct"] is False               # correctness is public
    t.pass_question_turn(C)
    # D's turn: "revolver" is correct at marker 1: D +6, C +1, toothpick 1.
    t.do(D, "stop")
    t.do(D, "guess", riddle="revolver", word="revolver")
    assert t.score(D) == 6 and t.score(C) == 1
    assert t.s["riddles"][t.rid("revolver")]["toothpicks"] == 1
    # A correct guess happened: the marker stays at 1; the start marker passes from A to D.
    assert t.s["marker"] == 1
    assert t.s["start"] == D and t.s["round"]["kind"] == "letter" and t.turn == D
    assert t.s["round"]["order"] == [D, A, B, C]                     # clockwise from the start marker


def letter_round(t):
    for _ in range(len(t.s["sides"])):
        t.do(t.s["sides"][t.turn]["seats"][0], "pass")


def question_round(t):
    for _ in range(len(t.s["sides"])):
        t.pass_question_turn(t.s["sides"][t.turn]["seats"][0])


def play_cycle_one(t):
    """The moves of §3.8 cycle 1, without the checks."""
    t.do(A, "ask_letter", riddle="revolver", n=2, unit="consonant", count_from="start")
    t.do(B, "ask_letter", riddle="anchor", n=9, unit="letter", count_from="start")
    t.do(C, "ask_letter", riddle="kite", n=1, unit="vowel", count_from="end")
    t.do(D, "ask_letter", riddle="moon", n=1, unit="letter", count_from="start")
    t.pass_question_turn(A)
    t.do(B, "ask", riddle="revolver", text="Can you hold it in one hand?")
    t.do(C, "answer", answer="yes")
    t.do(B, "stop")
    t.do(B, "guess", riddle="revolver", word="pistol")
    t.pass_question_turn(C)
    t.do(D, "stop")
    t.do(D, "guess", riddle="revolver", word="revolver")


def test_cycle_two():
    """"The letter round moves the marker to 2. The question round has no correct guess, so
    the marker moves to 3." """
    t = four()
    play_cycle_one(t)
    assert t.s["marker"] == 1 and t.s["start"] == D
    letter_round(t)
    assert t.s["marker"] == 2
    question_round(t)
    assert t.s["marker"] == 3 and t.s["start"] == C
    letter_round(t)
    assert t.s["marker"] == 4                                         # 4 is a 5P space: only 5 sides skip it


def test_five_players_skip_the_5p_spaces():
    """"In a five player game when advancing the marker, skip the spaces labeled '5P'"
    (CAVE-5: on every advance, letter or question round)."""
    t = Table(["lantern", "apple"], ["cup", "moon"], ["revolver", "shoe"], ["anchor", "fish"], ["tree", "bird"])
    seen = [t.s["marker"]]
    while t.s["phase"] == "play":
        (letter_round if t.s["round"]["kind"] == "letter" else question_round)(t)
        seen.append(t.s["marker"])
    assert 4 not in seen and 8 not in seen
    assert seen[:5] == [0, 1, 2, 3, 5]
    assert t.s["reason"] == "end_space" and t.s["marker"] == 13


def test_second_toothpick_removes_the_riddle():
    """"At marker 5, A guesses 'revolver' (A +4, C +4). The second toothpick removes C's
    riddle. Its word may be revealed (CAVE-17)." """
    t = four()
    play_cycle_one(t)
    letter_round(t)
    question_round(t)
    letter_round(t)
    question_round(t)
    assert t.s["marker"] == 5 and t.s["round"]["kind"] == "letter"
    a, c = t.score(A), t.score(C)
    t.do(A, "interrupt")
    t.do(A, "guess", riddle="revolver", word="revolver")
    assert (t.score(A) - a, t.score(C) - c) == (4, 4)
    r = t.s["riddles"][t.rid("revolver")]
    assert r["toothpicks"] == 2 and r["removed"] and r["solved_by"] == [D, A]
    assert t.view(B)["riddles"][r["id"]]["word"] == "revolver"
    # Out of the game: no more letters, questions or guesses about it.
    t.refused(t.turn, "ask_letter", "removed", riddle="revolver", n=1, unit="letter", count_from="start")
    letter_round(t)
    t.refused(t.turn, "ask", "removed", riddle="revolver", text="Is it heavy?")
    t.do(t.turn, "stop")
    t.refused(t.turn, "guess", "removed", riddle="revolver", word="revolver")


def test_word_stays_hidden_on_removal_when_configured():
    t = four()
    t.s["options"]["reveal_on_removal"] = False
    r = t.s["riddles"][t.rid("revolver")]
    r["toothpicks"], r["removed"] = 2, True
    assert t.view(B)["riddles"][r["id"]]["word"] is None


# ---------------------------------------------------------------- §3.8 interrupt
def test_interrupt_example():
    """B and C have spent their interrupts.  During B's question turn D interrupts and guesses
    "lanterns" for A's "lantern": incorrect (an inflection), and D's cube is spent.  Only A
    holds one now, so every side gets +1: A 2, B 1, C 1, D 1.  B's clock resumes."""
    t = four()
    t.do(B, "interrupt")
    t.do(B, "no_guess")
    t.do(C, "interrupt")
    t.do(C, "no_guess")
    assert t.cubes() == [1, 0, 0, 1]                                 # two holders: no replenishment yet
    letter_round(t)
    t.pass_question_turn(A)
    assert t.turn == B
    t.do(B, "ask", riddle="shoe", text="Do you wear it?")
    t.do(C, "answer", answer="yes")
    t.wait(10_000)
    due = G.timer(t.s, "question")["at"]
    t.do(D, "interrupt")
    left = G.timer(t.s, "question")["left"]
    assert G.timer(t.s, "question")["at"] is None and left == due - t.now     # the clock pauses
    t.refused(B, "ask", "interrupted", riddle="shoe", text="Is it a boot?")
    t.refused(A, "interrupt", "interrupt_running")                   # no interrupting an interrupt
    t.wait(20_000)                                                    # paused: nothing fires
    assert t.turn == B and t.s["stage"] == "asking"
    t.do(D, "guess", riddle="lantern", word="lanterns")
    assert t.s["guesses"][-1]["correct"] is False and t.s["guesses"][-1]["match"] == "wrong"
    assert t.cubes() == [2, 1, 1, 1]
    assert G.timer(t.s, "question")["at"] == t.now + left              # resumes from where it paused


def test_interrupt_race_the_first_arrival_wins_and_the_loser_keeps_its_cube():
    t = four()
    t.do(C, "interrupt")
    t.refused(B, "interrupt", "interrupt_running")
    assert t.cubes() == [1, 1, 0, 1]
    assert G.active(t.s) == {C: ["guess", "no_guess"]}


def test_no_interrupt_between_stopping_and_the_guess():
    t = four()
    letter_round(t)
    t.do(A, "stop")
    t.refused(B, "interrupt", "guess_window")
    t.do(A, "guess", riddle="cup", word="mug")
    t.do(B, "interrupt")                                               # the window closed
    assert t.cubes() == [1, 0, 1, 1]


def test_interrupt_in_ones_own_question_time_and_in_a_letter_round():
    """CAVE-13: any letter or question round, one's own question time included."""
    t = four()
    t.do(A, "interrupt")                                              # in A's own letter turn
    t.do(A, "guess", riddle="revolver", word="revolver")
    assert t.score(A) == 6 and t.score(C) == 0                        # CAVE-22: the Start column, 6 / 0
    assert t.turn == A and t.s["stage"] == "letter"
    letter_round(t)
    t.pass_question_turn(A)
    t.do(B, "interrupt")                                              # in B's own question time
    t.do(B, "guess", riddle="kite", word="kite")
    assert t.score(B) == 6 and t.score(A) == 6 + 1
    assert t.turn == B and t.s["stage"] == "asking"                   # B's own turn goes on
    t.do(B, "stop")
    t.do(B, "guess", riddle="hat", word="hat")
    assert t.score(B) == 12


def test_interrupt_guess_time_runs_out():
    t = four()
    t.do(B, "interrupt")
    t.wait(30_000)
    assert t.s["interrupt"] is None and t.cubes() == [1, 0, 1, 1] and t.turn == A


def test_correct_interrupt_in_a_letter_round_does_not_stop_the_question_round_advance():
    """CAVE-15: only correct guesses between the first question turn and the round's end count."""
    t = four()
    t.do(B, "interrupt")
    t.do(B, "guess", riddle="revolver", word="revolver")
    letter_round(t)
    question_round(t)
    assert t.s["marker"] == 2


def test_correct_interrupt_in_a_question_round_keeps_the_marker():
    """"if no riddle was correctly guessed by any player (including the use of interrupts)"."""
    t = four()
    letter_round(t)
    t.do(B, "interrupt")
    t.do(B, "guess", riddle="revolver", word="revolver")
    question_round(t)
    assert t.s["marker"] == 1


# ---------------------------------------------------------------- §3.5.2 clock
def test_the_clock_pauses_while_an_answer_is_pending():
    """CAVE-10: the clock waits for the owner, at most ``answer_s``; then "Maybe"."""
    t = four()
    letter_round(t)
    t.wait(5_000)
    t.do(A, "ask", riddle="moon", text="Is it in the sky?")
    left = G.timer(t.s, "question")["left"]
    t.wait(9_000)
    assert G.timer(t.s, "question")["left"] == left
    t.wait(1_000)
    assert t.s["qa"][-1]["answer"] == "maybe" and t.s["qa"][-1]["auto"]
    assert G.timer(t.s, "question")["at"] == t.now + left


def test_table_faithful_clock_keeps_running():
    t = Table(["lantern", "apple", "kite", "lamp"], ["cup", "moon", "bell", "door"], ["revolver", "shoe", "hat", "rope"],
              table_faithful_clock=True, answer_s=60)
    letter_round(t)
    t.do(A, "ask", riddle="moon", text="Is it in the sky?")
    assert G.timer(t.s, "question")["at"] is not None
    t.wait(30_000)
    assert t.s["stage"] == "guessing"
    t.do(B, "answer", answer="yes")                                   # a late answer still counts
    assert t.s["qa"][-1]["answer"] == "yes"


def test_time_runs_out_then_one_guess_then_the_turn_passes():
    t = four()
    letter_round(t)
    t.wait(30_000)
    assert t.s["stage"] == "guessing" and G.active(t.s)[A] == ["guess", "no_guess"]
    t.refused(A, "ask", riddle="moon", text="Is it round?")           # questions end with the clock
    t.wait(30_000)                                                     # no guess written
    assert t.turn == B and t.s["stage"] == "asking"


def test_one_guess_only_and_required_when_configured():
    t = Table(["lantern", "apple", "kite", "lamp"], ["cup", "moon", "bell", "door"], ["revolver", "shoe", "hat", "rope"],
              guess_required=True)
    letter_round(t)
    t.do(A, "stop")
    t.refused(A, "no_guess")
    t.do(A, "guess", riddle="cup", word="mug")
    assert t.turn == B
    assert len([g for g in t.s["guesses"] if g["side"] == A]) == 1


def test_owner_answers_only_with_the_four_answers_and_may_refuse_letter_questions():
    t = four()
    letter_round(t)
    t.do(A, "ask", riddle="moon", text="Does it start with M?")
    assert t.view(B)["question"]["flags"] == ["letters"]              # the owner sees the flag
    assert t.view(C)["question"]["flags"] == ["letters"]              # it depends on the question alone
    t.refused(B, "answer", answer="perhaps")
    t.refused(C, "answer", "no_question", answer="yes")
    t.do(B, "refuse")
    assert t.s["qa"][-1]["answer"] == "refused"
    t.do(A, "ask", riddle="moon", text="Is it in the sky?")
    t.do(B, "answer", answer="irrelevant")


def test_a_question_naming_the_word_is_flagged_for_the_owner_only():
    t = four()
    letter_round(t)
    t.do(A, "ask", riddle="revolver", text="Is it a revolver?")
    assert t.view(C)["question"]["flags"] == ["names_word"]
    assert t.view(B)["question"]["flags"] == []                       # the flag would give the word away
    t.do(C, "refuse")


# ---------------------------------------------------------------- targets (CAVE-11, CAVE-12)
def test_own_riddles_and_solved_riddles_are_no_targets():
    t = four()
    t.refused(A, "ask_letter", "own_riddle", riddle="lantern", n=1, unit="letter", count_from="start")
    t.do(A, "interrupt")
    t.do(A, "guess", riddle="cup", word="cup")
    t.refused(A, "ask_letter", "already_solved", riddle="cup", n=1, unit="letter", count_from="start")
    letter_round(t)
    t.refused(A, "ask", "own_riddle", riddle="apple", text="Is it red?")
    t.do(A, "ask", riddle="cup", text="Is it for tea?")                 # allowed, if pointless
    t.do(B, "answer", answer="yes")
    t.do(A, "stop")
    t.refused(A, "guess", "already_solved", riddle="cup", word="cup")
    t.refused(A, "guess", "own_riddle", riddle="kite", word="kite")


def test_not_your_turn():
    t = four()
    t.refused(B, "ask_letter", "not_your_turn", riddle="revolver", n=1, unit="letter", count_from="start")
    t.refused(B, "pass", "not_your_turn")


def test_letter_turn_times_out_into_a_pass():
    t = four()
    t.wait(30_000)
    assert t.turn == B and t.s["letters"] == []


# ---------------------------------------------------------------- §3.7 near misses
def test_a_near_miss_goes_to_the_owner():
    t = four()
    letter_round(t)
    t.do(A, "stop")
    t.do(A, "guess", riddle="revolver", word="revolvr")
    assert t.s["stage"] == "judging" and G.active(t.s) == {C: ["judge"]}
    assert t.view(C)["guesses"][-1]["match"] == "near"
    t.refused(B, "interrupt", "guess_window")
    t.do(C, "judge", accept=True)
    assert t.score(A) == 6 and t.score(C) == 1 and t.turn == B


def test_the_owner_may_refuse_a_near_miss_and_silence_accepts_it():
    t = four()
    letter_round(t)
    t.do(A, "stop")
    t.do(A, "guess", riddle="revolver", word="revolvr")
    t.do(C, "judge", accept=False)
    assert t.score(A) == 0 and t.s["guesses"][-1]["correct"] is False
    t.do(B, "stop")
    t.do(B, "guess", riddle="revolver", word="revolvre")
    t.wait(20_000)
    assert t.s["guesses"][-1]["correct"] is True and t.score(B) == 6


def test_auto_accept_misspelling():
    t = Table(["lantern", "apple", "kite", "lamp"], ["cup", "moon", "bell", "door"], ["revolver", "shoe", "hat", "rope"],
              auto_accept_misspelling=True)
    letter_round(t)
    t.do(A, "stop")
    t.do(A, "guess", riddle="revolver", word="revolvr")
    assert t.score(A) == 6 and t.turn == B


def test_owner_override_of_a_wrong_guess_when_configured():
    t = Table(["lantern", "apple", "kite", "lamp"], ["cup", "moon", "bell", "door"], ["revolver", "shoe", "hat", "rope"],
              owner_may_accept_wrong=True)
    letter_round(t)
    t.do(A, "stop")
    t.do(A, "guess", riddle="cup", word="mug")
    t.do(B, "judge", accept=True)
    assert t.score(A) == 6 and t.s["guesses"][-1]["judged"]
    t.do(B, "stop")
    t.do(B, "guess", riddle="shoe", word="boot")
    t.wait(20_000)                                                     # silence: still wrong
    assert t.s["guesses"][-1]["correct"] is False


# ---------------------------------------------------------------- §3.6 end
def test_end_when_the_marker_reaches_end():
    t = four()
    while t.s["phase"] == "play":
        (letter_round if t.s["round"]["kind"] == "letter" else question_round)(t)
    assert t.s["reason"] == "end_space" and t.s["marker"] == 13
    assert G.result(t.s) == {"winners": [A, B, C, D], "scores": [0, 0, 0, 0]}   # CAVE-19: shared
    assert t.view(B)["riddles"][t.rid("revolver")]["word"] == "revolver"          # all words revealed
    t.refused(A, "pass", "game_over")


def test_the_letter_round_advance_to_end_skips_the_question_round():
    track = [{"label": "Start", "top": 6, "bottom": 0}, {"label": "", "top": 5, "bottom": 2},
             {"label": "", "top": 4, "bottom": 4}, {"label": "End", "top": 0, "bottom": 0}]
    t = Table(["lantern", "apple", "kite", "lamp"], ["cup", "moon", "bell", "door"], ["revolver", "shoe", "hat", "rope"],
              game_marker_track=track)
    letter_round(t)
    question_round(t)
    assert t.s["marker"] == 2 and t.s["phase"] == "play"
    letter_round(t)
    assert t.s["phase"] == "over" and t.s["round"]["kind"] == "letter"


def test_end_when_a_side_has_nothing_left_to_guess():
    """(b) "A player has already successfully guessed all the remaining riddles apart from
    their own": the game ends at once, mid-round (CAVE-18)."""
    t = Table(["lantern", "apple", "kite", "lamp"], ["cup", "moon", "bell", "door"], ["revolver", "shoe", "hat", "rope"])
    for w in ("cup", "moon", "bell", "door", "revolver", "shoe", "hat"):     # as if A had guessed them
        t.s["riddles"][t.rid(w)]["solved_by"].append(A)
        t.s["riddles"][t.rid(w)]["toothpicks"] = 1
    t.do(B, "interrupt")
    t.do(B, "guess", riddle="lantern", word="lantern")
    t.do(A, "interrupt")
    t.do(A, "guess", riddle="rope", word="rope")
    assert t.s["phase"] == "over" and t.s["reason"] == "nothing_to_guess"
    assert t.score(A) == t.score(B) == 6 and G.result(t.s)["winners"] == [A, B]     # CAVE-19: shared


def test_tie_break_most_solved():
    t = Table(["lantern", "apple", "kite", "lamp"], ["cup", "moon", "bell", "door"], ["revolver", "shoe", "hat", "rope"],
              tie_break="most_solved")
    t.s["sides"][A]["score"] = t.s["sides"][B]["score"] = 10
    t.s["riddles"][t.rid("cup")]["solved_by"] = [A]
    G._finish(t.s, "end_space")
    assert G.result(t.s)["winners"] == [A]


# ---------------------------------------------------------------- teams (§3.12)
def test_team_play():
    t = Table(["lantern", "apple"], ["cup", "moon"], ["revolver", "shoe"], ["anchor", "fish"], players=7)
    assert [s["seats"] for s in t.s["sides"]] == [[0, 1], [2, 3], [4, 5], [6]]
    assert t.view(1)["riddles"][0]["word"] == "lantern"                # both members see both team words
    assert t.view(2)["riddles"][0]["word"] is None
    assert set(G.active(t.s)) >= {0, 1}                                 # either member acts for the side
    t.do(1, "ask_letter", riddle="cup", n=1, unit="letter", count_from="start")
    assert t.view(0)["letters"][-1]["answer"] == "c"
    assert "answer" not in t.view(4)["letters"][-1]
    t.refused(0, "pass", "not_your_turn")
    t.do(3, "interrupt")
    t.refused(2, "interrupt")
    t.do(2, "guess", riddle="lantern", word="lantern")
    assert G.result(t.s) is None and t.score(2) == t.score(3) == 6


# ---------------------------------------------------------------- molding (§3.2, §3.11)
def test_molding_checks_the_word_and_the_medium():
    s = G.new(["a", "b", "c"], seed=1, options={"riddle_medium": "photo"})
    assert G.active(s) == {0: ["mold_photos"], 1: ["mold_photos"], 2: ["mold_photos"]}
    angles = ["sha256:" + c * 64 for c in "abc"]
    for action, code in (({"type": "mold_photos", "word": "fire truck", "pictures": angles}, "not_one_word"),
                         ({"type": "mold_photos", "word": "x-ray", "pictures": angles}, "not_letters"),
                         ({"type": "mold_photos", "word": "truck", "pictures": angles[:2]}, "bad_arg"),
                         ({"type": "mold_photos", "word": "truck", "pictures": ["http://x/y.png"] * 3}, "bad_picture"),
                         ({"type": "mold", "word": "truck", "picture": PIC}, "wrong_medium"),
                         ({"type": "mold_clay", "word": "truck"}, "wrong_medium"),
                         ({"type": "ask_letter", "riddle": 1, "n": 1, "unit": "letter", "count_from": "end"}, "molding")):
        with pytest.raises(IllegalAction) as err:
            G.apply(s, 0, action, 1)
        assert err.value.code == code, action
    s = G.apply(s, 0, {"type": "mold_photos", "word": "Truck", "pictures": angles}, 1)
    mine = G.view(s, 0)["riddles"][0]
    assert mine["word"] == "truck" and mine["pictures"] == angles and mine["made"]
    theirs = G.view(s, 1)["riddles"][0]
    assert theirs["word"] is None and theirs["pictures"] == [] and theirs["made"]   # made, but not shown yet
    assert sorted(G.active(s)[0]) == ["mold_photos", "withdraw"]
    assert {"type": "withdraw", "riddle": 0} in G.legal(s, 0)
    with pytest.raises(IllegalAction):
        G.apply(s, 1, {"type": "withdraw", "riddle": 0}, 2)
    s = G.apply(s, 0, {"type": "withdraw", "riddle": 0}, 2)               # take it back to mold it again
    assert s["riddles"][0]["word"] is None
    s = G.apply(s, 0, {"type": "mold_photos", "word": "lorry", "pictures": angles}, 3)
    assert s["riddles"][0]["word"] == "lorry"


def test_canvas_takes_one_drawing_and_a_table_none():
    s = G.new(["a", "b", "c"], seed=1)
    assert G.active(s)[0] == ["mold"]
    s = G.apply(s, 0, {"type": "mold", "word": "cat", "picture": PIC}, 1)
    assert s["riddles"][0]["pictures"] == [PIC]
    s = G.new(["a", "b", "c"], seed=1, options={"riddle_medium": "table"})
    s = G.apply(s, 0, {"type": "mold_clay", "word": "cat"}, 1)
    assert s["riddles"][0]["pictures"] == [] and s["riddles"][0]["word"] == "cat"


def test_molding_time_runs_out_and_unmade_riddles_are_left_out():
    s = G.new(["a", "b", "c"], seed=1, options={"riddle_medium": "table", "first_player": 1})
    for seat, word in ((0, "cat"), (1, "dog"), (2, "sun"), (0, "cup")):
        s = G.apply(s, seat, {"type": "mold_clay", "word": word}, 1000)
    s = G.tick(s, 599_999)
    assert s["phase"] == "molding"
    s = G.tick(s, 600_000)
    assert s["phase"] == "play" and [r["word"] for r in s["riddles"]] == ["cat", "cup", "dog", "sun"]
    assert [r["id"] for r in s["riddles"]] == [0, 1, 2, 3] and G._turn_side(s) == 1


def test_bad_options_are_refused():
    for opts in ({"first_player": 3}, {"riddle_medium": "clay"}, {"guess_required": 1}, {"question_s": 0},
                 {"game_marker_track": [{"label": "Start"}, {"label": "End"}]},
                 {"game_marker_track": [{"label": "", "top": 1, "bottom": 1}] * 3}):
        with pytest.raises(IllegalAction):
            G.new(["a", "b", "c"], seed=1, options=opts)


# ---------------------------------------------------------------- §3.9 views, determinism
def test_secret_words_never_in_another_sides_view():
    t = four()
    for seat in (A, B, D, None):
        text = json.dumps(G.view(t.s, seat))
        assert "revolver" not in text
    assert "revolver" in json.dumps(G.view(t.s, C))


def test_replay_equals_live():
    t = four()
    t.do(A, "ask_letter", riddle="revolver", n=2, unit="consonant", count_from="start")
    t.wait(30_000)
    t.do(C, "interrupt")
    t.do(C, "guess", riddle="moon", word="mon")
    t.do(B, "judge", accept=True)
    t.wait(31_000)
    s = G.replay(t.s["players"], 7, t.s["options"], 0, t.s["log"])
    assert s == t.s



def test_a_pending_question_waits_for_the_owner_not_the_asker():
    """The asker may stop the clock while the owner answers, but the game waits for the
    answer: a device passed round goes to the owner (ui/controllers.TableController.refocus)."""
    t = four()
    letter_round(t)
    t.do(A, "ask", riddle="moon", text="Is it in the sky?")
    owner = next(r["maker"] for r in t.s["riddles"] if r["word"] == "moon")
    assert "stop" in G.active(t.s)[A]                     # the asker still may stop the clock
    assert G.awaited(t.s) == [owner] and owner != A
    t.do(owner, "answer", answer="yes")
    assert G.awaited(t.s) == [A]                          # then the turn is the asker's again
