"""Reading the DODGY table: the posterior of each rival's hand from what he said, and the
reading player's choices.  Views come from the engine, so they hold only what the seat may see."""
from __future__ import annotations

import math

import pytest

from clubtable.engine import Rng
from clubtable.games.dodgy.reading import STYLES, TableRead, binomial_pmf, decide
from test_dodgy_kit import GAME, give, new, play, set_faces

FACES = GAME.options["faces"]


def binomial_tail(n, p, k):
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def two_player(faces0, faces1, **options):
    return set_faces(new(2, **options), [faces0, faces1])


def test_without_statements_the_count_is_the_binomial_prior():
    s = two_player(["bow"] * 10, ["ship"] * 10)
    read = TableRead(GAME.view(s, 0))
    assert read.count_posterior(1, "ship") == pytest.approx(binomial_pmf(10, 1 / 6))
    # P(at least 12 bows) = my 10 bows + at least 2 of his 10 unknown dice.
    assert read.p_true(12, "bow", 0) == pytest.approx(binomial_tail(10, 1 / 6, 2))


@pytest.mark.parametrize("quantity", [1, 3, 5, 8])
def test_posteriors_are_distributions(quantity):
    s = two_player(["sword"] * 10, ["ship"] * 10)
    s = play(s, 0, {"type": "state", "quantity": quantity, "image": "bow"}, 0)
    read = TableRead(GAME.view(s, 1))
    for image in FACES:
        post = read.count_posterior(0, image)
        assert len(post) == 11
        assert sum(post) == pytest.approx(1.0)
        assert all(p >= 0 for p in post)
    assert sum(read.die_probabilities(0).values()) == pytest.approx(1.0)
    for q in range(0, 22):
        assert 0.0 <= read.p_true(q, "bow", 0) <= 1.0


def mean(post):
    return sum(k * p for k, p in enumerate(post))


def test_a_player_who_claimed_five_bows_more_likely_holds_bows():
    s = two_player(["sword"] * 10, ["ship"] * 10)
    before = TableRead(GAME.view(s, 1))
    s = play(s, 0, {"type": "state", "quantity": 5, "image": "bow"}, 0)
    after = TableRead(GAME.view(s, 1))
    assert mean(after.count_posterior(0, "bow")) > mean(before.count_posterior(0, "bow")) + 0.3
    probs = after.die_probabilities(0)
    assert probs["bow"] == max(probs.values()) and probs["bow"] > 1 / 6
    # Other images are not made likelier by a claim about bows.
    assert mean(after.count_posterior(0, "ship")) == pytest.approx(mean(before.count_posterior(0, "ship")))


def test_a_higher_claim_is_stronger_evidence():
    means = []
    for q in (1, 3, 5):
        s = play(two_player(["sword"] * 10, ["ship"] * 10), 0, {"type": "state", "quantity": q, "image": "bow"}, 0)
        means.append(mean(TableRead(GAME.view(s, 1)).count_posterior(0, "bow")))
    assert means[0] < means[1] < means[2]


def test_reading_makes_a_claimed_image_likelier_on_the_table():
    s = play(two_player(["sword"] * 10, ["ship"] * 10), 0, {"type": "state", "quantity": 4, "image": "bow"}, 0)
    view = GAME.view(s, 1)
    assert TableRead(view).p_true(5, "bow", 1) > TableRead(view, read=False).p_true(5, "bow", 1)


def test_the_view_of_a_rival_never_reveals_his_faces():
    s = two_player(["bow"] * 10, ["ship"] * 10)
    view = GAME.view(s, 1)
    read = TableRead(view)
    assert read.mine["ship"] == 10 and read.mine["bow"] == 0 and read.hidden == {0: 10}


def test_the_seer_stone_is_wild_for_its_holder_only():
    s = new(3)
    s = set_faces(give(s, 2, 0, 1, seer=True), [["ship"] * 3 + ["bow"] * 4 + ["sword"], ["bow"] * 6, ["bow"] * 5])
    read = TableRead(GAME.view(s, 0))
    assert read.p_true(4, "ship", 0) == 1.0                   # 3 ships + the wild stone
    assert read.p_true(4, "ship", 1) == pytest.approx(binomial_tail(11, 1 / 6, 1))  # the stone shows a sword
    other = TableRead(GAME.view(s, 1))
    assert other.p_true(2, "sword", 0) == pytest.approx(binomial_tail(12, 1 / 6, 1))


def test_a_player_challenges_an_impossible_looking_claim_and_raises_a_likely_one():
    s = two_player(["ship"] * 10, ["sword"] * 10)
    s = play(s, 0, {"type": "state", "quantity": 9, "image": "ship"}, 0)
    legal = GAME.legal(s, 1)
    # I hold no ships: 9 of his 10 dice would all have to be ships.
    assert decide(GAME.view(s, 1), legal, Rng(1))["type"] == "dodgy"
    s = two_player(["ship"] * 10, ["sword"] * 10)
    s = play(s, 0, {"type": "state", "quantity": 2, "image": "bow"}, 0)
    action = decide(GAME.view(s, 1), GAME.legal(s, 1), Rng(1))
    assert action["type"] == "state" and action in GAME.legal(s, 1)


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_statement_that_cannot_be_true_is_challenged_even_when_a_raise_is_sure(style, monkeypatch):
    """Challenging a statement that cannot be true takes a die for sure; a raise, however
    safe, takes none (found by the coach: with a raise of p = 1 the risk test never held)."""
    from clubtable.games.dodgy import reading
    s = two_player(["ship"] * 10, ["sword"] * 10)
    s = play(s, 0, {"type": "state", "quantity": 2, "image": "bow"}, 0)
    monkeypatch.setattr(TableRead, "p_true", lambda self, quantity, image, seat: 0.0)
    sure = (1.0, 3, "sword")
    monkeypatch.setattr(reading, "best_claim", lambda *a, **k: sure)
    monkeypatch.setattr(reading, "valued_claim", lambda *a, **k: sure)
    monkeypatch.setattr(reading, "candidate_claims", lambda *a, **k: [sure])
    assert decide(GAME.view(s, 1), GAME.legal(s, 1), Rng(1), STYLES[style])["type"] == "dodgy"


def test_decisions_are_always_legal():
    rng = Rng(5)
    for seed in range(20):
        s = new(3, seed=seed)
        for step in range(30):
            if GAME.result(s) is not None:
                break
            moved = False
            for seat in range(3):
                legal = GAME.legal(s, seat)
                action = decide(GAME.view(s, seat), legal, rng, STYLES["reader"])
                if action is not None:
                    assert action in legal
                    if action["type"] != "accept":
                        s = play(s, seat, action, 10_000 * (step + 1))
                        moved = True
                        break
            if not moved:
                break
