"""The coaches (games/*/coach.py): Dobbelduel's and DODGY's ratings against the strongest
computer player, from what the player could see, and the summaries of Wie Waldi and the
riddle games.  A coach reads a replay and changes nothing."""
from __future__ import annotations

import pytest

from clubtable.engine import Rng
from clubtable.games import GAMES
from clubtable.games.coaching import VERDICTS, accuracy, verdict
from clubtable.games.dobbelduel import coach as dd_coach
from clubtable.games.dodgy import coach as dg_coach
from clubtable.i18n import translate
from clubtable.session import record as R
from record_games import finished, run_table

DD, DG = GAMES["dobbelduel"], GAMES["dodgy"]


def replay_of(game, state, seats=None, pictures=None):
    return R.Replay(game, R.make_record(game, state, seats, pictures))


def play(game, players, options, moves, seed=1):
    """Apply ``moves`` ([(seat, action)], a seat of "breaker"/"maker" meaning the current
    match's) from a new game; returns the state."""
    state = game.new(players, seed, options, 0)
    for t, (seat, action) in enumerate(moves, start=1):
        if isinstance(seat, str):
            seat = state["matches"][state["match"]][seat]
        state = game.apply(state, seat, action, t * 1000)
    return state


def test_the_scale():
    assert [verdict(x, (0, 1, 2, 3)) for x in (0, 0.5, 1.5, 2.5, 9)] == list(VERDICTS)
    assert accuracy([]) is None
    assert accuracy([(1, 2), (3, 3), (0, 0)]) == pytest.approx(100 * (0.5 + 1 + 1) / 3, abs=0.1)


# ---------------------------------------------------------------------------- Dobbelduel
def test_the_strongest_breaker_is_rated_best_throughout():
    table = run_table("dobbelduel", 11, levels=("hard", "hard"))
    report = replay_of(DD, table.state).coach()
    efforts = [e for m in report["matches"] for e in m["efforts"]]
    assert len(report["matches"]) == 2 and efforts
    assert {e["verdict"] for e in efforts} == {"best"}, [e for e in efforts if e["verdict"] != "best"]
    for e in efforts:       # its own choice: as many efforts left as after the best one
        assert e["efforts_left"] == e["best_efforts_left"] and e["loss"] == 0 and e["best"] is None
    for m in report["matches"]:
        assert m["accuracy"] == 100.0 and m["score"] is not None
        assert m["efforts"][0]["codes_before"] == 1296
        places = [e for e in m["efforts"] if e["kind"] == "place"]
        # each row narrows the codes, and the next effort starts from what the last left
        for a, b in zip(places, places[1:]):
            assert b["codes_before"] == a["codes_after"] <= a["codes_before"]


def test_a_premature_solve_is_a_blunder_and_the_best_effort_is_shown():
    state = play(DD, ["Ann", "Ben"], {"first_code_maker": 0}, [("breaker", {"type": "solve", "code": [1, 2, 3, 4]})])
    m = replay_of(DD, state).coach()["matches"][0]
    solve = m["efforts"][0]
    assert solve["codes_before"] == 1296 and solve["verdict"] == "blunder"
    assert solve["best"] == {"type": "roll"} and solve["best_value"] > 30
    # a blind solve throws away 1295/1296 of the 73 points it could have had: 14.2 efforts
    assert solve["efforts_left"] == pytest.approx(73 * 1295 / 1296 / 5, abs=0.01)
    assert solve["loss"] == pytest.approx(solve["efforts_left"] - solve["best_efforts_left"], abs=0.01)
    assert solve["loss"] > 7
    assert m["accuracy"] == 0
    assert R.sentence("fr", *dd_coach.note(solve)[0]) == "Codes restants : 1296 ; ce code avait une chance sur 1296"


def test_solving_with_a_code_already_excluded_is_a_blunder():
    state = DD.new(["Ann", "Ben"], 5, {"first_code_maker": 0}, 0)
    state = DD.apply(state, 1, {"type": "roll"}, 1000)
    rolled = state["matches"][0]["rolled"]
    state = DD.apply(state, 1, {"type": "place", "row": list(rolled)}, 2000)
    code = state["matches"][0]["code"]
    # the row's own dice as the code: excluded unless the row was all '=' (then it is the code)
    assert list(rolled) != code
    state = DD.apply(state, 1, {"type": "solve", "code": list(rolled)}, 3000)
    solve = replay_of(DD, state).coach()["matches"][0]["efforts"][-1]
    assert solve["kind"] == "solve" and solve["value"] == 0 and solve["verdict"] == "blunder"
    # all that was left to win is lost: 20 + 5 x 6 efforts + 14 dice = 64 points, 12.8 efforts
    assert solve["efforts_left"] == pytest.approx(64 / 5)
    assert solve["best_efforts_left"] < solve["efforts_left"] - 4 and solve["best"]["type"] in ("roll", "solve")
    assert R.sentence("en", *dd_coach.note(solve)[0]).endswith("this code was already ruled out")


def test_a_row_that_cannot_split_the_codes_left_throws_an_effort_away():
    """The same die in the same column again: its answer is known before it is given."""
    state = DD.new(["Ann", "Ben"], 1, {"first_code_maker": 0}, 0)
    state = DD.apply(state, 1, {"type": "roll"}, 1000)
    die = state["matches"][0]["rolled"][0]
    state = DD.apply(state, 1, {"type": "place", "row": [die, None, None, None]}, 2000)
    state = DD.apply(state, 1, {"type": "roll"}, 3000)
    assert die in state["matches"][0]["rolled"]
    state = DD.apply(state, 1, {"type": "place", "row": [die, None, None, None]}, 4000)
    m = replay_of(DD, state).coach()["matches"][0]
    again = m["efforts"][-1]
    assert again["kind"] == "place" and again["codes_after"] == again["codes_before"] == 432
    assert again["verdict"] in ("mistake", "blunder") and again["loss"] > 1
    assert again["efforts_left"] > again["best_efforts_left"] + 1
    assert again["best_codes_after"] < again["codes_before"]
    # a die in an empty row's column was no waste, only weaker than the best row
    assert m["efforts"][1]["verdict"] in ("inaccuracy", "mistake") and m["efforts"][1]["codes_after"] == 432
    assert m["accuracy"] < 75


def test_a_weak_row_is_rated_with_the_best_row_beside_it():
    state = DD.new(["Ann", "Ben"], 5, {"first_code_maker": 0}, 0)
    state = DD.apply(state, 1, {"type": "roll"}, 1000)
    rolled = state["matches"][0]["rolled"]
    one = [rolled[0], None, None, None]            # one die where four were possible
    state = DD.apply(state, 1, {"type": "place", "row": one}, 2000)
    e = replay_of(DD, state).coach()["matches"][0]["efforts"][1]
    assert e["kind"] == "place" and e["verdict"] != "best"
    assert e["best"]["type"] == "place" and e["best"]["row"] != one
    assert e["best_value"] > e["value"] and e["best_efforts_left"] < e["efforts_left"]
    # the loss is the efforts left after it less those after the best row: 5 points an effort
    assert e["loss"] == pytest.approx(e["efforts_left"] - e["best_efforts_left"], abs=0.01)
    assert e["loss"] == pytest.approx((e["best_value"] - e["value"]) / 5, abs=1e-3)
    assert "codes_after" in e and "best_codes_after" in e
    # said by its event: the codes before and after, the efforts left after it and after the best
    words = [R.sentence(lang, k, p) for lang in ("en", "de") for k, p in dd_coach.note(e)]
    assert words[0] == f"Codes left: 1296 before, {e['codes_after']} after (after the best row: {e['best_codes_after']})"
    assert words[1] == (f"Expected efforts left after it: {e['efforts_left']:.1f}; "
                        f"after the best effort (shown): {e['best_efforts_left']:.1f}")
    assert words[3] == (f"Erwartete verbleibende Versuche danach: {e['efforts_left']:.1f}; "
                        f"nach dem besten (angezeigten): {e['best_efforts_left']:.1f}").replace(".", ",")


def test_the_makers_wrong_feedback_is_flagged():
    opts = {"first_code_maker": 0, "feedback": "manual"}
    state = DD.new(["Ann", "Ben"], 8, opts, 0)
    state = DD.apply(state, 1, {"type": "roll"}, 1000)
    row = list(state["matches"][0]["rolled"])[:4] + [None] * (4 - len(state["matches"][0]["rolled"]))
    state = DD.apply(state, 1, {"type": "place", "row": row}, 2000)
    true = state["matches"][0]["rows"][-1]["true"]
    state = DD.apply(state, 0, {"type": "feedback", **true}, 3000)
    state = DD.apply(state, 1, {"type": "roll"}, 4000)
    rolled = state["matches"][0]["rolled"]
    state = DD.apply(state, 1, {"type": "place", "row": [rolled[0], None, None, None]}, 5000)
    true2 = state["matches"][0]["rows"][-1]["true"]
    wrong = {"eq": 1 - min(true2["eq"], 1), "plus": 0, "minus": min(true2["eq"], 1)}
    assert wrong != true2
    state = DD.apply(state, 0, {"type": "feedback", **wrong}, 6000)
    fb = replay_of(DD, state).coach()["matches"][0]["feedback"]
    assert [f["wrong"] for f in fb] == [False, True]
    assert fb[1]["given"] == wrong and fb[1]["true"] == true2


def test_the_breakers_rating_uses_only_the_breakers_view():
    """Another code consistent with the public rows gives the same rating."""
    state = DD.new(["Ann", "Ben"], 5, {"first_code_maker": 0}, 0)
    state = DD.apply(state, 1, {"type": "roll"}, 1000)
    rolled = state["matches"][0]["rolled"]
    action = {"type": "place", "row": [rolled[0], rolled[1], None, None]}
    c = dd_coach.Coach()
    mine = c.rate(DD.view(state, 1)["board"], action)
    for alt in DD.hidden_variants(state, 1, Rng(3)):
        assert c.rate(DD.view(alt, 1)["board"], action) == mine


# ---------------------------------------------------------------------------- DODGY
def test_challenging_a_hopeless_statement_is_best_and_raising_on_it_a_blunder():
    state = DG.new(["Ann", "Ben"], 4, {"first_player_rule": "host_choice", "first_player": 0}, 0)
    image = state["options"]["faces"][0]
    total = DG.dice_in_hands(state)
    # Ann claims all but one of the dice show the same image: almost surely false
    state = DG.apply(state, state["stater"], {"type": "state", "quantity": total - 1, "image": image}, 100)
    ben = state["stater"]
    challenge = dg_coach.rate(DG, state, ben, {"type": "dodgy"}, 1)
    assert challenge["verdict"] == "best" and challenge["against"]["p_true"] < 0.01
    assert challenge["bot"] == {"type": "dodgy"}
    rated = dg_coach.rate(DG, state, ben, {"type": "state", "quantity": total, "image": image}, 1)
    assert rated["verdict"] == "blunder" and rated["best"] == {"type": "dodgy"}
    assert rated["p_true"] < 0.01


def test_a_statement_that_cannot_be_true_shows_0_percent_and_the_computers_choice():
    state = DG.new(["Ann", "Ben"], 4, {"first_player_rule": "host_choice", "first_player": 0}, 0)
    image = state["options"]["faces"][0]
    total = DG.dice_in_hands(state)
    state = DG.apply(state, 0, {"type": "state", "quantity": 3, "image": image}, 100)
    # Ben states more dice than there are on the table: it cannot be true
    rated = {**dg_coach.rate(DG, state, 1, {"type": "state", "quantity": total + 1, "image": image}, 1), "seat": 1}
    words = [R.sentence("en", k, p) for k, p in dg_coach.note(rated, ["Ann", "Ben"])]
    assert words[0] == "Chance this statement was true, from what Ben could see: 0\u00a0%"
    bot = rated["bot"]
    choice = (f"stated {bot['quantity']} × {translate('en', 'dodgy.face.' + bot['image'])}"
              if bot["type"] == "state" else {"dodgy": "shouted DODGY", "accept": "let it stand"}[bot["type"]])
    assert words[1] == (f"The strongest computer player would have {choice} "
                        f"(expected: no die lost, {int(100 * rated['bot_value'] + 0.5)}\u00a0%)")
    # a challenge is said by the statement challenged, from the challenger's view
    shout = {**dg_coach.rate(DG, state, 1, {"type": "dodgy"}, 1), "seat": 1}
    assert R.sentence("en", *dg_coach.note(shout, ["Ann", "Ben"])[0]) == (
        f"Chance Ann's statement was true, from what Ben could see: {int(100 * shout['against']['p_true'] + 0.5)}\u00a0%")


def test_dodgy_notes_in_german_have_a_decimal_comma_near_nil():
    state = DG.new(["Ann", "Ben"], 4, {"first_player_rule": "host_choice", "first_player": 0}, 0)
    image = state["options"]["faces"][0]
    mine = sum(1 for d in state["hands"][0] if state["faces"][d] == image)
    # Ann states six more than she holds of Ben's ten dice: a chance of a few per thousand
    rated = {**dg_coach.rate(DG, state, 0, {"type": "state", "quantity": mine + 6, "image": image}, 1), "seat": 0}
    assert 0.0005 <= rated["p_true"] < 0.005
    words = [R.sentence("de", k, p) for k, p in dg_coach.note(rated, ["Ann", "Ben"])]
    assert words[0] == ("Wahrscheinlichkeit, dass diese Ansage stimmte, nach dem, was Ann sehen konnte: "
                        f"{100 * rated['p_true']:.1f}\u00a0%").replace(".", ",")
    bot = rated["bot"]
    assert bot["type"] == "state" and words[1] == (
        f"Der stärkste Computerspieler hätte {bot['quantity']} × {translate('de', 'dodgy.face.' + bot['image'])} "
        f"angesagt (erwartet: kein Würfel verloren, {int(100 * rated['bot_value'] + 0.5)}\u00a0%)")
    assert R.sentence("en", *dg_coach.note(rated, ["Ann", "Ben"])[0]).endswith(f"{100 * rated['p_true']:.1f}\u00a0%")


def test_a_chance_is_a_whole_percentage_with_a_decimal_only_near_nil_or_sure():
    said = {c: R.sentence("de", "dodgy.coach.bot_dodgy", {"chance_pct": c}).rsplit(", ", 1)[1].replace("\u00a0", " ")
            for c in (0.0, 0.0003, 0.0024, 0.005, 0.4567, 0.9951, 0.9996, 1.0)}
    assert said == {0.0: "0 %)", 0.0003: "< 0,1 %)", 0.0024: "0,2 %)", 0.005: "1 %)", 0.4567: "46 %)",
                    0.9951: "99,5 %)", 0.9996: "> 99,9 %)", 1.0: "100 %)"}


def test_dodgy_ratings_use_only_what_the_player_could_see():
    game, state, seats, _p = finished("dodgy")
    replay = replay_of(game, state, seats)
    checked = 0
    for i, (seat, action, _now) in enumerate(replay.record["log"]):
        if seat is None or action["type"] not in ("state", "dodgy") or i % 5:
            continue
        before = replay.states[i]
        if before["phase"] != "statement":
            continue
        mine = dg_coach.rate(game, before, seat, action, 9)
        for alt in game.hidden_variants(before, seat, Rng(i)):
            assert game.view(alt, seat) == game.view(before, seat)
            assert dg_coach.rate(game, alt, seat, action, 9) == mine
        checked += 1
    assert checked >= 5


def test_dodgy_summary_adds_up():
    game, state, seats, _p = finished("dodgy")
    report = replay_of(game, state, seats).coach()
    players = report["players"]
    challenges = [d for d in report["decisions"] if d["kind"] == "challenge" and "caught" in d]
    assert sum(p["challenges"] for p in players) == len(challenges) == len(state["history"]) - sum(
        1 for h in state["history"] if h.get("by_timeout"))
    for p in players:
        assert p["bluffs_caught"] + p["wrong_challenges"] == p["challenges"]
        assert 0 <= p["accuracy"] <= 100 and sum(p["verdicts"].values()) == sum(
            1 for d in report["decisions"] if d["seat"] == p["seat"])
    assert sum(p["statements_caught"] for p in players) == sum(p["bluffs_caught"] for p in players)
    statements = [d for d in report["decisions"] if d["kind"] == "statement"]
    assert len(statements) == sum(1 for _s, a, _n in state["log"] if a["type"] == "state")
    assert all(0 <= d["p_true"] <= 1 and d["bot"] is not None for d in statements)
    # the hard reader blunders less than the easy player
    by_level = {seats[p["seat"]]["level"]: p for p in players}
    assert by_level["hard"]["accuracy"] > by_level["easy"]["accuracy"]


# ---------------------------------------------------------------------------- summaries
def test_waldi_summary_counts_every_turned_up_card():
    game, state, seats, _p = finished("waldi")
    report = replay_of(game, state, seats).coach()
    for p in report["players"]:
        held = int(state["revealed"][p["seat"]] is not None)
        assert p["laid"] + p["put_under"] + held == p["revealed"] > 0
        assert p["snatched"] <= p["closed"] and p["heads"] <= p["laid"]
        r = p["reaction_ms"]
        assert r["count"] > 0 and 0 <= r["fastest"] <= r["median"] <= r["p90"]
    closed = sum(1 for d in state["dogs"] if not d["open"])
    assert sum(p["closed"] for p in report["players"]) >= closed


@pytest.mark.parametrize("gid, kinds", [("dohdles", ("claim",)), ("cave", ("guess",))])
def test_riddle_summaries(gid, kinds):
    game, state, seats, pictures = finished(gid)
    report = replay_of(game, state, seats, pictures).coach()
    assert report["riddles"]
    guesses = sum(1 for _s, a, _n in state["log"] if a["type"] in kinds)
    assert sum(r["guesses"] for r in report["riddles"]) == guesses
    asks = sum(1 for _s, a, _n in state["log"] if a["type"] == "ask")
    assert sum(r["questions"] + r.get("refused", 0) for r in report["riddles"]) <= asks
    assert all(r["word"] is not None for r in report["riddles"])     # the game is over


def test_dodgy_coach_fills_one_joint_reading_per_slice(monkeypatch):
    """A verdict's joint readings (one pass over a hand's shapes per statement, up to 95 ms
    at CPU 4x in the page when a verdict did a chain of them) are slices of their own before
    it, an image of a pass per slice: no step of the coach starts more than one pass, and the
    verdicts start none."""
    from clubtable.games.dodgy import reading
    game, state, seats, pictures = finished("dodgy")
    replay = replay_of(game, state, seats, pictures)
    reading._JOINT.clear()
    reading._MARGINALS.clear()
    made = []
    real = reading._joint_pass

    def counted(n, f, said, *rest):
        made.append(said)
        return (yield from real(n, f, said, *rest))
    monkeypatch.setattr(reading, "_joint_pass", counted)
    steps = game.review_steps(replay)
    per_step, in_verdicts = [], 0
    while True:
        before = len(made)
        try:
            got = next(steps)
        except StopIteration:
            break
        per_step.append(len(made) - before)
        in_verdicts += per_step[-1] if got >= 0 else 0
    assert len(reading._JOINT) < 512          # no memo cleared midway: the counts are whole
    assert sum(per_step) > 0 and max(per_step) == 1 and in_verdicts == 0


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_a_coach_changes_nothing(gid):
    game, state, seats, pictures = finished(gid)
    rec = R.make_record(game, state, seats, pictures)
    data = R.write_record(rec)
    replay = R.read_record(data).replay
    hashes = [R.state_hash(game, s) for s in replay.states[:: max(1, len(replay) // 20)]]
    assert replay.coach() is not None
    assert [R.state_hash(game, s) for s in replay.states[:: max(1, len(replay) // 20)]] == hashes
    assert R.write_record(rec) == data
