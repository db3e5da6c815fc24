"""Wie Waldi! / "10": one test per rule of RULES.md §4 and per worked example (§4.7)."""
from __future__ import annotations

import json

import pytest

from clubtable.engine import IllegalAction
from clubtable.games.waldi import GAME
from clubtable.games.waldi import cards as C
from clubtable.games.waldi.rules import dachshund_owner, final_winners, rank_bones_for

GO = 3000                      # countdown_s = 3 from t = 0
ANNA, BEN, CARLA, DAN = 0, 1, 2, 3


# ---------------------------------------------------------------------------- helpers
def new(n=4, seed=1, **options):
    return GAME.new(["Anna", "Ben", "Carla", "Dan"][:n], seed, options, 0)


def live(n=4, seed=1, **options):
    return GAME.tick(new(n, seed, **options), GO)


def find(state, seat, kind, front=None, rear=None, cat=None, skip=()):
    """A card id of ``seat``'s set with that face that is still in one of its piles."""
    deck = GAME.deck_of(state["options"])
    for pile in state["piles"][seat]:
        for card in pile:
            f = deck[card % C.SET_SIZE]
            if card in skip or f["kind"] != kind:
                continue
            if front is not None and f.get("front") != front:
                continue
            if rear is not None and f.get("rear") != rear:
                continue
            if cat is not None and f.get("cat") != cat:
                continue
            return card
    raise LookupError((seat, kind, front, rear, cat))


def on_top(state, seat, card, pile=0):
    """Fixture: move ``card`` (from any of the seat's piles) to the top of ``pile``.
    Returns a new state; every card stays accounted for."""
    st = GAME.load(GAME.dump(state))
    for p in st["piles"][seat]:
        if card in p:
            p.remove(card)
    st["piles"][seat][pile].insert(0, card)
    return st


def play(state, seat, kind, t, *, dog=None, front=None, rear=None, cat=None, pile=0):
    """Turn up a card of that face (arranged on top of ``pile``) and lay it: a head as a new
    dachshund, anything else on ``dog``.  Returns (state, dog id)."""
    card = find(state, seat, kind, front, rear, cat)
    state = on_top(state, seat, card, pile)
    if state["in_hand"][seat] != pile:
        state = GAME.apply(state, seat, {"type": "take_pile", "pile": pile}, t)
    state = GAME.apply(state, seat, {"type": "reveal"}, t)
    if kind == "head":
        state = GAME.apply(state, seat, {"type": "place_head"}, t)
        return state, state["dogs"][-1]["id"]
    state = GAME.apply(state, seat, {"type": "attach", "dog": dog}, t)
    return state, dog


def reveal(state, seat, kind, t, front=None, rear=None, cat=None, pile=0):
    card = find(state, seat, kind, front, rear, cat)
    state = on_top(state, seat, card, pile)
    if state["in_hand"][seat] != pile:
        state = GAME.apply(state, seat, {"type": "take_pile", "pile": pile}, t)
    return GAME.apply(state, seat, {"type": "reveal"}, t)


def refused(state, seat, action, t, code):
    """The intent arrives at ``t``: timers due by then fire first (as at the table), then
    the intent is refused with ``code`` and changes nothing."""
    ticked = GAME.tick(state, t)
    before = json.dumps(ticked, sort_keys=True)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(ticked, seat, action, t)
    assert json.dumps(ticked, sort_keys=True) == before
    assert e.value.code == code
    assert e.value.message.endswith(".")
    return e.value


def all_cards(state):
    out = [c for piles in state["piles"] for p in piles for c in p]
    out += [c for c in state["revealed"] if c is not None]
    out += [c for d in state["dogs"] for c in d["cards"]]
    return sorted(out)


def dog(state, dog_id):
    return next(d for d in state["dogs"] if d["id"] == dog_id)


# ---------------------------------------------------------------------------- §4.1 components
def test_default_deck_is_the_4_1_composition():
    """§4.1 DEFAULT: 7 heads, 16 bellies, 7 tails; the listed colours; DE cats on red,
    yellow, green; FR cats on red, yellow, green, blue (WAL-1)."""
    de = C.default_deck()
    assert [f["rear"] for f in de if f["kind"] == "head"] == ["red", "red", "yellow", "yellow", "green", "green", "blue"]
    tails = [f for f in de if f["kind"] == "tail"]
    assert [f["front"] for f in tails] == ["red", "red", "yellow", "yellow", "green", "green", "blue"]
    assert sorted(f["front"] for f in tails if f["cat"]) == ["green", "red", "yellow"]
    assert sorted(f["front"] for f in tails if not f["cat"]) == ["blue", "green", "red", "yellow"]
    fr = [f for f in C.default_deck(edition="FR") if f["kind"] == "tail"]
    assert sorted(f["front"] for f in fr if f["cat"]) == ["blue", "green", "red", "yellow"]
    assert sorted(f["front"] for f in fr if not f["cat"]) == ["green", "red", "yellow"]
    bellies = sorted((f["front"], f["rear"]) for f in de if f["kind"] == "belly")
    cs = C.DEFAULT_COLOURS
    expected = [(a, b) for a in cs for b in cs if a != b]
    expected += [("red", "yellow"), ("yellow", "green"), ("green", "blue"), ("blue", "red")]
    assert bellies == sorted(expected)


def test_a_belly_has_two_different_colours():
    """§4.1: "Les troncs ont des portions de couverture de deux couleurs différentes"."""
    assert all(f["front"] != f["rear"] for f in C.default_deck() if f["kind"] == "belly")


@pytest.mark.parametrize("k", [3, 4, 5, 6])
def test_default_recipe_is_balanced_for_3_to_6_colours(k):
    """WAL-4: every colour is as often a rear edge as a front edge; 7/16/7 cards."""
    deck = C.default_deck([f"c{i}" for i in range(k)])
    assert C.deck_warnings(deck) == []
    assert [sum(f["kind"] == x for f in deck) for x in ("head", "belly", "tail")] == [7, 16, 7]
    assert all(f["front"] != f["rear"] for f in deck if f["kind"] == "belly")


def test_an_unbalanced_custom_deck_warns():
    """WAL-4: a custom deck is checked and gets a clear warning when a colour is more often
    on one edge than the other."""
    deck = C.default_deck()
    deck[0] = {"kind": "head", "rear": "blue"}          # one red rear edge becomes blue
    st = GAME.new(["A", "B"], 1, {"deck": deck}, 0)
    warnings = GAME.view(st, 0)["deck_warnings"]
    assert any("red" in w for w in warnings) and any("blue" in w for w in warnings)
    assert GAME.view(new(), 0)["deck_warnings"] == []


@pytest.mark.parametrize("deck, why", [
    ([], "exactly 30"),
    ([{"kind": "head", "rear": "red"}] * 30, "7 heads"),
    ([{"kind": "belly", "front": "red", "rear": "red"}] + C.default_deck()[1:], "two different"),
    ([{"kind": "head", "rear": "purple"}] + C.default_deck()[1:], "blanket colour"),
])
def test_invalid_custom_decks_are_refused(deck, why):
    with pytest.raises(IllegalAction) as e:
        GAME.new(["A", "B"], 1, {"deck": deck}, 0)
    assert e.value.code == "bad_options" and why in e.value.message


def test_options_are_the_appendix_a_defaults():
    o = GAME.options
    assert o["edition"] == "DE" and o["rank_ties"] == "competition"
    assert o["min_cards_for_rank_bone"] == 0
    assert (o["idle_stop_s"], o["max_hold_s"]) == (30, 5)
    assert o["show_card_owner"] is False
    assert o["blanket_colours"] == ["red", "yellow", "green", "blue"]
    assert GAME.realtime is True and (GAME.min_players, GAME.max_players) == (2, 4)


@pytest.mark.parametrize("bad", [{"edition": "IT"}, {"max_hold_s": -1}, {"idle_stop_s": "x"},
                                 {"blanket_colours": ["red", "red", "blue"]}, {"rank_ties": "x"},
                                 {"min_cards_for_rank_bone": 1.5}, {"nope": 1}])
def test_bad_options_are_refused(bad):
    with pytest.raises(IllegalAction) as e:
        GAME.new(["A", "B"], 1, bad, 0)
    assert e.value.code == "bad_options"


@pytest.mark.parametrize("n", [1, 5])
def test_two_to_four_players(n):
    with pytest.raises(IllegalAction):
        GAME.new(["P"] * n, 1, {}, 0)


# ---------------------------------------------------------------------------- §4.2 setup
@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_player_shuffles_his_own_set_into_three_piles_of_ten(n):
    """§4.2.2-3: one set (back) per player; three face-down piles of ten; six markers."""
    st = new(n)
    for seat in range(n):
        piles = st["piles"][seat]
        assert [len(p) for p in piles] == [10, 10, 10]
        assert sorted(c for p in piles for c in p) == list(range(seat * 30, seat * 30 + 30))
    assert st["markers"] == [6] * n
    assert all_cards(st) == list(range(30 * n))


def test_the_shuffle_comes_from_the_seed():
    assert new(seed=5)["piles"] == new(seed=5)["piles"]
    assert new(seed=5)["piles"] != new(seed=6)["piles"]


def test_countdown_rejects_intents_before_wuff():
    """§4.2.4: a host countdown (3-2-1-"Wuff!"); intents before time zero are rejected."""
    st = new(countdown_s=3)
    assert st["phase"] == "countdown" and st["go_ms"] == GO
    assert GAME.deadline(st) == GO and GAME.legal(st, 0) == []
    refused(st, 0, {"type": "take_pile", "pile": 0}, GO - 1, "too_early")
    st2 = GAME.apply(GAME.tick(st, GO), 0, {"type": "take_pile", "pile": 0}, GO)   # at time zero: fine
    assert st2["phase"] == "live" and st2["in_hand"][0] == 0
    assert GAME.tick(st, GO)["phase"] == "live"
    assert GAME.tick(st, GO - 1) is st


# ---------------------------------------------------------------------------- §4.4 actions
def test_take_pile_then_reveal_the_top_card():
    """§4.4 TakePile / Reveal: the revealed card is the top of the pile in hand."""
    st = live()
    refused(st, 0, {"type": "reveal"}, GO, "no_pile_in_hand")
    st = GAME.apply(st, 0, {"type": "take_pile", "pile": 1}, GO)
    top = st["piles"][0][1][0]
    st = GAME.apply(st, 0, {"type": "reveal"}, GO + 10)
    assert st["revealed"][0] == top and len(st["piles"][0][1]) == 9
    refused(st, 0, {"type": "reveal"}, GO + 20, "already_revealed")
    refused(st, 0, {"type": "take_pile", "pile": 1}, GO + 20, "already_in_hand")
    refused(st, 0, {"type": "take_pile", "pile": 3}, GO + 20, "bad_arg")


def test_decline_puts_the_card_under_the_same_pile():
    """§4.4 Decline: "il la remet sous sa pile et retourne la suivante"."""
    st = GAME.apply(GAME.apply(live(), 0, {"type": "take_pile", "pile": 2}, GO), 0, {"type": "reveal"}, GO)
    card = st["revealed"][0]
    st = GAME.apply(st, 0, {"type": "decline"}, GO + 100)
    assert st["revealed"][0] is None and st["piles"][0][2][-1] == card and len(st["piles"][0][2]) == 10
    refused(st, 0, {"type": "decline"}, GO + 200, "nothing_revealed")


def test_switching_piles_puts_the_revealed_card_under_its_own_pile():
    """WAL-10: the revealed card goes to the bottom of its own pile; piles are never mixed."""
    st = GAME.apply(GAME.apply(live(), 0, {"type": "take_pile", "pile": 0}, GO), 0, {"type": "reveal"}, GO)
    card = st["revealed"][0]
    st = GAME.apply(st, 0, {"type": "take_pile", "pile": 1}, GO + 50)
    assert st["in_hand"][0] == 1 and st["revealed"][0] is None
    assert st["piles"][0][0][-1] == card and [len(p) for p in st["piles"][0]] == [10, 10, 10]


def test_a_head_starts_a_new_dachshund_and_is_never_attached():
    """§4.4 PlaceHead; "ne peut en aucun cas être ajoutée à un teckel existant"."""
    st, d1 = play(live(), ANNA, "head", GO, rear="red")
    assert dog(st, d1)["open"] and len(dog(st, d1)["cards"]) == 1
    st = reveal(st, BEN, "head", GO + 10, rear="red")
    refused(st, BEN, {"type": "attach", "dog": d1}, GO + 20, "head_starts_new")
    assert {"type": "attach", "dog": d1, "at": 1} not in GAME.legal(st, BEN)
    st, d2 = play(st, ANNA, "head", GO + 30, rear="red", pile=1)
    assert d2 != d1 and len(st["dogs"]) == 2              # any number open at once


def test_bellies_and_tails_only_extend_a_started_dachshund():
    """§4.4: "Un tronc ou une queue ne peut être placé que pour compléter un teckel déjà commencé"."""
    st = reveal(live(), ANNA, "belly", GO, front="red")
    refused(st, ANNA, {"type": "place_head"}, GO, "not_a_head")
    refused(st, ANNA, {"type": "attach", "dog": 99}, GO, "no_such_dog")
    assert [a["type"] for a in GAME.legal(st, ANNA)] == ["take_pile", "take_pile", "decline"]


def test_blanket_colours_must_match_and_orientation_is_fixed():
    """§4.4 Attach: front colour == the open end's rear colour; a belly red>blue fits a red
    end, never a blue one (orientation is fixed, §4.1)."""
    st, d = play(live(), ANNA, "head", GO, rear="blue")
    st = reveal(st, BEN, "belly", GO + 10, front="red", rear="blue")
    e = refused(st, BEN, {"type": "attach", "dog": d}, GO + 20, "colour_mismatch")
    assert "blue" in e.message and "red" in e.message
    st, d2 = play(st, CARLA, "head", GO + 30, rear="red")
    st = GAME.apply(st, BEN, {"type": "attach", "dog": d2}, GO + 40)
    assert dog(st, d2)["open"] and len(dog(st, d2)["cards"]) == 2


def test_any_player_may_attach_to_any_dachshund_including_his_own():
    """WAL-24: "N'importe quel joueur peut placer des cartes sur n'importe quel teckel"."""
    st, d = play(live(), ANNA, "head", GO, rear="red")
    st, _ = play(st, ANNA, "belly", GO + 10, dog=d, front="red", rear="blue", pile=1)
    st, _ = play(st, BEN, "belly", GO + 20, dog=d, front="blue", rear="green")
    assert len(dog(st, d)["cards"]) == 3


def test_a_tail_completes_the_dachshund_and_costs_a_marker():
    """§4.4 completion: closed for good; the tail's player uses a marker; a tail may go
    directly on a head ("An den Kopf darf unmittelbar ein Hinterteil angelegt werden")."""
    st, d = play(live(), ANNA, "head", GO, rear="red")
    st, _ = play(st, BEN, "tail", GO + 10, dog=d, front="red", cat=False)
    assert not dog(st, d)["open"] and dog(st, d)["completed_by"] == BEN
    assert st["markers"] == [6, 5, 6, 6]
    st = reveal(st, CARLA, "belly", GO + 20, front="red")
    refused(st, CARLA, {"type": "attach", "dog": d}, GO + 30, "dachshund_closed")


def test_a_completed_dachshund_never_grows():
    st, d = play(live(), ANNA, "head", GO, rear="yellow")
    st, _ = play(st, ANNA, "tail", GO + 10, dog=d, front="yellow", cat=True, pile=1)
    st = reveal(st, BEN, "tail", GO + 20, front="yellow")
    assert all(a.get("dog") != d for a in GAME.legal(st, BEN))
    refused(st, BEN, {"type": "attach", "dog": d, "at": 2}, GO + 30, "dachshund_closed")


def test_the_sixth_marker_stops_the_round_atomically():
    """§4.5.1 / WAL-13: the completion that uses the 6th marker stops the round in the same
    step; every later intent is refused."""
    st = live(2)
    t = GO
    for i, colour in enumerate(["red", "red", "yellow", "yellow", "green"]):
        st, d = play(st, BEN, "head", t, rear=colour, pile=i % 3)
        st, _ = play(st, ANNA, "tail", t + 1, dog=d, front=colour)
        t += 10
    assert st["markers"][ANNA] == 1 and st["phase"] == "live"
    st, d = play(st, BEN, "head", t, rear="green", pile=1)
    st = reveal(st, BEN, "belly", t + 1, front="green", pile=2)       # Ben holds a card
    st = reveal(st, ANNA, "tail", t + 2, front="green", pile=2)
    st = GAME.apply(st, ANNA, {"type": "attach", "dog": d}, t + 3)
    assert st["phase"] == "scoring" and st["stop"] == {"reason": "markers", "seat": ANNA, "t": t + 3}
    assert st["results"][0]["stopped_by"] == ANNA
    refused(st, BEN, {"type": "attach", "dog": d}, t + 3, "round_stopped")
    assert st["revealed"] == [None, None] and all_cards(st) == list(range(60))


# ---------------------------------------------------------------------------- §4.9 races
def test_two_placements_racing_for_one_end_first_arrival_wins():
    """§4.9 / WAL-12: the first to arrive succeeds; the second is refused with end_taken
    and keeps his card revealed, no penalty."""
    st, d = play(live(), ANNA, "head", GO, rear="red")
    st = reveal(st, BEN, "belly", GO + 10, front="red", rear="blue")
    st = reveal(st, CARLA, "belly", GO + 10, front="red", rear="green")
    ben_at = next(a for a in GAME.legal(st, BEN) if a["type"] == "attach")
    carla_at = next(a for a in GAME.legal(st, CARLA) if a["type"] == "attach")
    assert ben_at == carla_at == {"type": "attach", "dog": d, "at": 1}
    st = GAME.apply(st, BEN, ben_at, GO + 500)
    card = st["revealed"][CARLA]
    e = refused(st, CARLA, carla_at, GO + 501, "end_taken")
    assert "stays in your hand" in e.message
    assert st["revealed"][CARLA] == card and st["markers"][CARLA] == 6
    # Without "at" the same intent meets the new end: a colour mismatch.
    refused(st, CARLA, {"type": "attach", "dog": d}, GO + 501, "colour_mismatch")


def test_an_attach_racing_a_completion_is_refused_as_closed():
    """§4.9 "Attach racing completion"."""
    st, d = play(live(), ANNA, "head", GO, rear="green")
    st = reveal(st, BEN, "tail", GO + 10, front="green", cat=True)
    st = reveal(st, CARLA, "belly", GO + 10, front="green")
    st = GAME.apply(st, BEN, {"type": "attach", "dog": d, "at": 1}, GO + 300)
    e = refused(st, CARLA, {"type": "attach", "dog": d, "at": 1}, GO + 301, "dachshund_closed")
    assert "stays in your hand" in e.message


# ---------------------------------------------------------------------------- §4.5 ownership
def test_worked_example_cat_tail_steals():
    """§4.7: Anna head (red); Ben belly red>blue; Carla belly blue>green; Ben cat tail
    (green). Ben stacks it with a marker (5 left) and wins 4 cards."""
    st, d = play(live(), ANNA, "head", GO, rear="red")
    st, _ = play(st, BEN, "belly", GO + 10, dog=d, front="red", rear="blue")
    st, _ = play(st, CARLA, "belly", GO + 20, dog=d, front="blue", rear="green")
    st, _ = play(st, BEN, "tail", GO + 30, dog=d, front="green", cat=True, pile=1)
    assert st["markers"][BEN] == 5 and dog(st, d)["completed_by"] == BEN
    deck = GAME.deck_of(st["options"])
    assert dachshund_owner(deck, dog(st, d)["cards"]) == BEN
    st = GAME.tick(st, st["last_place_ms"] + 30_000)                   # idle stop, WAL-8b
    assert dog(st, d)["owner"] == BEN and st["results"][0]["won_cards"] == [0, 4, 0, 0]


def test_worked_example_the_same_dachshund_with_a_no_cat_tail_is_anna_s():
    st, d = play(live(), ANNA, "head", GO, rear="red")
    st, _ = play(st, BEN, "belly", GO + 10, dog=d, front="red", rear="blue")
    st, _ = play(st, CARLA, "belly", GO + 20, dog=d, front="blue", rear="green")
    st, _ = play(st, BEN, "tail", GO + 30, dog=d, front="green", cat=False, pile=1)
    st = GAME.tick(st, st["last_place_ms"] + 30_000)
    assert dog(st, d)["owner"] == ANNA and st["results"][0]["won_cards"] == [4, 0, 0, 0]


def test_worked_example_a_no_cat_tail_helps_the_head_owner():
    """§4.7: Carla head (yellow), Anna no-cat tail (yellow): Anna uses a marker, Carla gets 2."""
    st, d = play(live(), CARLA, "head", GO, rear="yellow")
    st, _ = play(st, ANNA, "tail", GO + 10, dog=d, front="yellow", cat=False)
    assert st["markers"][ANNA] == 5
    st = GAME.tick(st, st["last_place_ms"] + 30_000)
    assert st["results"][0]["won_cards"] == [0, 0, 2, 0]


def test_head_and_tail_from_the_same_set_go_to_that_player():
    """WAL-19: cat or no cat, the dachshund is Dan's."""
    for cat in (True, False):
        st, d = play(live(), DAN, "head", GO, rear="red")
        st, _ = play(st, DAN, "tail", GO + 10, dog=d, front="red", cat=cat, pile=1)
        st = GAME.tick(st, st["last_place_ms"] + 30_000)
        assert dog(st, d)["owner"] == DAN


def test_incomplete_dachshunds_belong_to_nobody():
    """§4.5.2: "Les teckels sans queue n'appartiennent à personne"."""
    st, d = play(live(), ANNA, "head", GO, rear="red")
    st, _ = play(st, ANNA, "belly", GO + 10, dog=d, front="red", pile=1)
    st = GAME.tick(st, st["last_place_ms"] + 30_000)
    assert dog(st, d)["owner"] is None and st["results"][0]["won_cards"] == [0, 0, 0, 0]


# ---------------------------------------------------------------------------- §4.5 bones
def test_ranking_bones_4_players():
    """§4.7 round scoring: Ben 14, Anna 9, Carla 6, Dan 3 → gold, silver, bronze, nothing."""
    assert rank_bones_for([9, 14, 6, 3]) == ["silver", "gold", "bronze", None]


def test_ranking_bones_2_and_3_players_everyone_gets_one():
    """"A 2 ou 3 joueurs, chaque joueur reçoit un os"."""
    assert rank_bones_for([9, 14, 6]) == ["silver", "gold", "bronze"]
    assert rank_bones_for([0, 14]) == ["silver", "gold"]


def test_ties_competition_ranking():
    """WAL-6: tied players share the best tied rank; the next rank is skipped."""
    assert rank_bones_for([12, 12, 8, 5]) == ["gold", "gold", "bronze", None]
    assert rank_bones_for([7, 7]) == ["gold", "gold"]
    assert rank_bones_for([9, 5, 5, 5]) == ["gold", "silver", "silver", "silver"]


def test_ties_dense_ranking():
    """WAL-6 alternative: 12, 12, 8 → gold, gold, silver."""
    assert rank_bones_for([12, 12, 8], "dense") == ["gold", "gold", "silver"]
    assert rank_bones_for([12, 12, 8, 5], "dense") == ["gold", "gold", "silver", "bronze"]


def test_min_cards_for_rank_bone():
    """WAL-7: literal by default (0 cards still earns the rank's bone in 2-3p)."""
    assert rank_bones_for([5, 0, 3]) == ["gold", "bronze", "silver"]
    assert rank_bones_for([5, 0, 3], min_cards=1) == ["gold", None, "silver"]


def inject(st, won, emptied):
    """Fixture: completed dachshunds giving ``won`` cards (head + bellies + no-cat tail, all
    of the owner's set, taken out of his piles) and the emptied-pile flags, then the Stop
    by idle time-out."""
    st = GAME.load(GAME.dump(st))
    deck = GAME.deck_of(st["options"])
    for seat, k in enumerate(won):
        if k == 0:
            continue
        head = find(st, seat, "head")
        tail = find(st, seat, "tail", cat=False)
        bellies = [c for p in st["piles"][seat] for c in p if deck[c % 30]["kind"] == "belly"][: k - 2]
        cards = [head] + bellies + [tail]
        for p in st["piles"][seat]:
            p[:] = [c for c in p if c not in cards]
        st["dogs"].append({"id": st["next_dog"], "cards": cards, "open": False,
                           "completed_by": seat, "owner": None})
        st["next_dog"] += 1
    st["emptied"] = list(emptied)
    return GAME.tick(st, st["last_place_ms"] + 30_000)


def scored_round(edition="DE", n=4, won=(9, 14, 6, 3), emptied=(False, False, True, True), **options):
    return inject(live(n, edition=edition, **options), won[:n], emptied[:n])


def test_worked_example_round_scoring_4_players_de():
    """§4.7: Ben 3, Anna 2, Carla 2, Dan 1 (Carla and Dan emptied a pile: +1 bronze)."""
    st = scored_round("DE")
    r = st["results"][0]
    assert r["won_cards"] == [9, 14, 6, 3]
    assert r["rank_bones"] == ["silver", "gold", "bronze", None]
    assert r["pile_bonus"] == [False, False, True, True]
    assert r["points"] == [2, 3, 2, 1]
    assert r["bones"][CARLA] == {"gold": 0, "silver": 0, "bronze": 2}
    assert st["points"] == [2, 3, 2, 1]


def test_worked_example_round_scoring_4_players_fr():
    """§4.7 / WAL-2: in the FR edition the pile bonus is silver: Carla 3, Dan 2."""
    r = scored_round("FR")["results"][0]
    assert r["points"] == [2, 3, 3, 2]
    assert r["bones"][DAN] == {"gold": 0, "silver": 1, "bronze": 0}


def test_worked_example_same_round_with_3_players():
    """§4.7: Dan absent: Ben gold, Anna silver, Carla bronze plus her pile bone."""
    r = scored_round("DE", n=3)["results"][0]
    assert r["rank_bones"] == ["silver", "gold", "bronze"] and r["points"] == [2, 3, 2]


def test_several_emptied_piles_still_one_bonus_bone():
    """WAL-16: "au moins l'une" / "mindestens einen": one bone, however many piles."""
    st = live(2)
    deck = GAME.deck_of(st["options"])
    r, y, g, b = "red", "yellow", "green", "blue"
    plan = [[("head", r), (r, y), (y, g), (g, b), (b, r), ("tail", r), ("head", r), (r, g), (g, r), ("tail", r)],
            [("head", y), (y, b), (b, y), ("tail", y), ("head", y), (y, r), (r, b), (b, g), (g, y), ("tail", y)]]
    used: list = []
    for spec in plan:
        for a, z in spec:
            kind, front, rear = ("head", None, z) if a == "head" else ("tail", z, None) if a == "tail" else ("belly", a, z)
            used.append(find(st, ANNA, kind, front, rear, skip=used))
    st["piles"][ANNA] = [used[:10], used[10:], [c for c in range(30) if c not in used]]
    t = GO
    for pile in (0, 1):
        st = GAME.apply(st, ANNA, {"type": "take_pile", "pile": pile}, t)
        for _ in range(10):
            st = GAME.apply(st, ANNA, {"type": "reveal"}, t)
            face = deck[st["revealed"][ANNA] % 30]
            act = {"type": "place_head"} if face["kind"] == "head" else {"type": "attach", "dog": st["dogs"][-1]["id"]}
            st = GAME.apply(st, ANNA, act, t)
            t += 10
    assert st["piles"][ANNA][:2] == [[], []] and st["markers"][ANNA] == 2 and st["emptied"] == [True, False]
    st = GAME.tick(st, st["last_place_ms"] + 30_000)
    res = st["results"][0]
    assert res["pile_bonus"] == [True, False]
    assert res["won_cards"] == [20, 0] and res["rank_bones"] == ["gold", "silver"]
    assert res["bones"][ANNA] == {"gold": 1, "silver": 0, "bronze": 1} and res["points"] == [4, 2]


def test_a_pile_is_emptied_only_by_placing_its_ten_cards():
    """WAL-17: declined cards return to the same pile, so cycling never empties it."""
    st = GAME.apply(live(), 0, {"type": "take_pile", "pile": 0}, GO)
    for i in range(25):
        st = GAME.apply(st, 0, {"type": "reveal"}, GO + i)
        st = GAME.apply(st, 0, {"type": "decline"}, GO + i)
    assert len(st["piles"][0][0]) == 10 and not st["emptied"][0]


def test_emptying_a_pile_earns_the_bonus_flag():
    st = live(2)
    deck = GAME.deck_of(st["options"])
    heads = [c for p in st["piles"][1] for c in p if deck[c % 30]["kind"] == "head"]
    rest = [c for p in st["piles"][1] for c in p if c not in heads]
    st["piles"][1] = [heads, rest[:12], rest[12:]]                # a 7-card pile of heads
    st = GAME.apply(st, 1, {"type": "take_pile", "pile": 0}, GO)
    for i in range(7):
        assert not st["emptied"][1]
        st = GAME.apply(GAME.apply(st, 1, {"type": "reveal"}, GO + i), 1, {"type": "place_head"}, GO + i)
    assert st["emptied"][1]
    refused(st, 1, {"type": "reveal"}, GO + 9, "pile_empty")
    refused(st, 1, {"type": "take_pile", "pile": 0}, GO + 9, "already_in_hand")


def test_bank_check_de_fits_the_bones_fr_does_not():
    """§4.7 bank check / WAL-2: ranking bones at most 3 × 6 = 18 points over a 4-player
    game; pile bones 12 × 1 (DE) or 12 × 2 (FR); the bank holds 10×1 + 4×2 + 6×3 = 36."""
    bank = 10 * 1 + 4 * 2 + 6 * 3
    ranking = sum(C.BONE_VALUE[b] for b in rank_bones_for([4, 3, 2, 1]) if b)
    assert bank == 36 and ranking == 6
    de = 3 * ranking + 12 * C.BONE_VALUE[C.PILE_BONUS_BONE["DE"]]
    fr = 3 * ranking + 12 * C.BONE_VALUE[C.PILE_BONUS_BONE["FR"]]
    assert (de, fr) == (30, 42) and de <= bank < fr


# ---------------------------------------------------------------------------- §4.6 game end
def test_three_rounds_then_the_highest_bone_total_wins():
    """§4.6 / §4.7 "Game": Ben 3 + 2 + 3 = 8, Anna 2 + 3 + 2 = 7, Carla 2 + 1 + 1 = 4,
    Dan 1 + 1 + 0 = 2: Ben wins."""
    plan = [((9, 14, 6, 3), (False, False, True, True)),     # Anna 2, Ben 3, Carla 2, Dan 1
            ((14, 9, 5, 3), (False, False, False, True)),    # Anna 3, Ben 2, Carla 1, Dan 1
            ((9, 14, 6, 3), (False, False, False, False))]   # Anna 2, Ben 3, Carla 1, Dan 0
    st = live()
    for i, (won, emptied) in enumerate(plan):
        if i:
            st = GAME.apply(st, None, {"type": "next_round"}, st["now"])
            assert st["phase"] == "countdown" and st["round"] == i + 1
            st = GAME.tick(st, st["go_ms"])
        st = inject(st, won, emptied)
        assert GAME.result(st) is None or i == 2
    assert st["round"] == 3 and st["phase"] == "over"
    assert st["points"] == [7, 8, 4, 2]
    assert GAME.result(st) == {"winners": [BEN], "scores": [7, 8, 4, 2], "cards_won": [32, 37, 17, 9]}
    assert GAME.view(st, None)["winners"] == [BEN]
    refused(st, 0, {"type": "next_round"}, st["now"], "game_over")


def test_final_tie_is_a_shared_win_or_most_cards():
    """WAL-25: shared win by default; tie-break "most cards won over the game"."""
    assert final_winners([8, 8, 3], [20, 25, 9]) == [0, 1]
    assert final_winners([8, 8, 3], [20, 25, 9], "most_cards") == [1]
    assert final_winners([8, 8, 3], [20, 20, 9], "most_cards") == [0, 1]


# ---------------------------------------------------------------------------- WAL-8, WAL-9
def test_idle_stop_after_thirty_seconds_without_a_placement():
    """WAL-8b: no card placed by anyone for idle_stop_s → Stop; a placement restarts it."""
    st = live()
    assert GAME.deadline(st) == GO + 30_000
    st, _ = play(st, ANNA, "head", GO + 10_000)
    assert GAME.deadline(st) == GO + 10_000 + GAME.options["placed_flash_s"] * 1000
    st = GAME.tick(st, GO + 39_999)
    assert st["phase"] == "live"
    st = GAME.tick(st, GO + 40_000)
    assert st["phase"] == "scoring" and st["stop"]["reason"] == "idle" and st["stop"]["t"] == GO + 40_000


def test_idle_stop_can_be_switched_off():
    st = live(idle_stop_s=0, max_hold_s=0)
    assert GAME.deadline(st) is None and GAME.tick(st, 10**9) is st


def test_stalled_round_stops_when_nobody_can_place():
    """WAL-8a: nobody holds a head or a card matching an open end → Stop at once."""
    st = live(2)
    deck = GAME.deck_of(st["options"])
    # Everything but Anna's red>blue belly and a blue-ended dachshund is already closed
    # in one long (fixture) dachshund; the open one ends red.
    keep = find(st, ANNA, "belly", front="red", rear="blue")
    head = find(st, BEN, "head", rear="red")
    others = [c for piles in st["piles"] for p in piles for c in p if c not in (keep, head)]
    others.sort(key=lambda c: ["head", "belly", "tail"].index(deck[c % 30]["kind"]))
    st["piles"] = [[[keep], [], []], [[head], [], []]]
    st["dogs"] = [{"id": 1, "cards": others, "open": False, "completed_by": ANNA, "owner": None}]
    st["next_dog"] = 2
    st = GAME.apply(GAME.apply(st, BEN, {"type": "take_pile", "pile": 0}, GO), BEN, {"type": "reveal"}, GO)
    st = GAME.apply(st, BEN, {"type": "place_head"}, GO + 1)       # Anna's belly still fits
    assert st["phase"] == "live"
    st = GAME.apply(GAME.apply(st, ANNA, {"type": "take_pile", "pile": 0}, GO + 2), ANNA, {"type": "reveal"}, GO + 2)
    st = GAME.apply(st, ANNA, {"type": "attach", "dog": 2}, GO + 3)
    assert st["phase"] == "scoring" and st["stop"] == {"reason": "no_moves", "seat": None, "t": GO + 3}
    assert deck[keep % 30]["rear"] == "blue"


def test_a_revealed_card_is_held_at_most_max_hold_s():
    """WAL-9: after max_hold_s the card declines itself (under the same pile)."""
    st = GAME.apply(GAME.apply(live(), 0, {"type": "take_pile", "pile": 0}, GO), 0, {"type": "reveal"}, GO + 100)
    card = st["revealed"][0]
    assert {"name": "hold", "seat": 0, "deadline_ms": GO + 5100, "left_ms": None, "length_ms": 5000} \
        in GAME.view(st, 0)["shared"]["timers"]
    assert GAME.tick(st, GO + 5099)["revealed"][0] == card
    st = GAME.tick(st, GO + 5100)
    assert st["revealed"][0] is None and st["piles"][0][0][-1] == card
    # An intent arriving after the hold limit meets the declined state.
    st2 = GAME.apply(GAME.apply(live(), 0, {"type": "take_pile", "pile": 0}, GO), 0, {"type": "reveal"}, GO)
    refused(st2, 0, {"type": "decline"}, GO + 6000, "nothing_revealed")


def test_unlimited_hold():
    st = GAME.apply(GAME.apply(live(max_hold_s=0), 0, {"type": "take_pile", "pile": 0}, GO), 0, {"type": "reveal"}, GO)
    assert GAME.tick(st, GO + 29_000)["revealed"][0] == st["revealed"][0]


# ---------------------------------------------------------------------------- between rounds
def test_next_round_when_every_player_is_ready():
    st = scored_round(won=(3, 2, 1, 0), emptied=(False,) * 4)
    assert GAME.legal(st, CARLA) == [{"type": "next_round"}]
    st1 = GAME.apply(st, CARLA, {"type": "next_round"}, st["now"] + 5)
    assert st1["phase"] == "scoring" and GAME.view(st1, ANNA)["ready"] == [False, False, True, False]
    assert GAME.legal(st1, CARLA) == [] and CARLA not in GAME.active(st1)
    refused(st1, CARLA, {"type": "next_round"}, st["now"] + 6, "already_ready")
    for seat in (ANNA, BEN):
        st1 = GAME.apply(st1, seat, {"type": "next_round"}, st["now"] + 8)
    assert st1["phase"] == "scoring"
    st2 = GAME.apply(st1, DAN, {"type": "next_round"}, st["now"] + 10)
    assert st2["round"] == 2 and st2["phase"] == "countdown" and st2["go_ms"] == st["now"] + 10 + 3000
    assert st2["markers"] == [6] * 4 and st2["dogs"] == [] and all_cards(st2) == list(range(120))
    assert st2["piles"] != st["piles"]                                    # a fresh shuffle
    refused(st2, CARLA, {"type": "next_round"}, st["now"] + 20, "not_scoring")
    # The host may start it at once (a player away from the table cannot stall it).
    assert GAME.apply(st, None, {"type": "next_round"}, st["now"] + 10)["round"] == 2


def test_next_round_by_tick_after_the_pause():
    st = scored_round(won=(3, 2, 1, 0), emptied=(False,) * 4, scoring_pause_s=20)
    stop = st["stop"]["t"]
    assert GAME.deadline(st) == stop + 20_000
    assert GAME.tick(st, stop + 19_999)["phase"] == "scoring"
    st = GAME.tick(st, stop + 20_000)
    assert st["round"] == 2 and st["phase"] == "countdown" and st["go_ms"] == stop + 23_000


def test_scoring_pause_zero_waits_for_a_player():
    st = scored_round(won=(3, 2, 1, 0), emptied=(False,) * 4, scoring_pause_s=0)
    assert GAME.deadline(st) is None and GAME.tick(st, 10**9) is st


# ---------------------------------------------------------------------------- §4.8 views
def test_views_show_pile_sizes_only_and_the_revealed_card_to_its_owner():
    st = reveal(live(), ANNA, "tail", GO, cat=True)
    mine = GAME.view(st, ANNA)
    assert mine["me"]["revealed"]["kind"] == "tail" and mine["me"]["revealed"]["cat"] is True
    assert mine["me"]["piles"] == [9, 10, 10]
    for seat in (BEN, None):
        v = GAME.view(st, seat)
        assert v["seats"][ANNA]["holding"] is True and v["seats"][ANNA]["piles"] == [9, 10, 10]
        assert "tail" not in json.dumps(v["seats"]) and (v["me"] is None) == (seat is None)
        assert v["me"] is None or v["me"]["revealed"] is None


def test_views_hide_who_placed_each_card_after_the_flash():
    """§4.8 / WAL-11: with show_card_owner off only the short "placed by" flash tells."""
    st, d = play(live(), BEN, "head", GO, rear="red")
    v = GAME.view(st, ANNA)
    assert v["recent"] == [{"seat": BEN, "dog": d, "index": 0, "t": GO, "until": GO + 1500}]
    assert "owner" not in v["dogs"][0]["cards"][0]
    st = GAME.tick(st, GO + 1500)
    v = GAME.view(st, ANNA)
    assert v["recent"] == [] and v["dogs"][0]["cards"] == [{"kind": "head", "rear": "red"}]


def test_show_card_owner_tags_every_placed_card():
    st, d = play(live(show_card_owner=True), BEN, "head", GO, rear="red")
    st, _ = play(st, CARLA, "tail", GO + 1, dog=d, front="red", cat=True)
    assert [c["owner"] for c in GAME.view(GAME.tick(st, GO + 5000), None)["dogs"][0]["cards"]] == [BEN, CARLA]


def test_after_the_stop_everything_is_public():
    """§4.5: ownership is read from the card backs at distribution."""
    st, d = play(live(), BEN, "head", GO, rear="red")
    st, _ = play(st, CARLA, "tail", GO + 1, dog=d, front="red", cat=True)
    st = GAME.tick(st, GO + 31_000)
    v = GAME.view(st, ANNA)
    assert v["phase"] == "scoring" and v["dogs"][0]["owner"] == CARLA
    assert [c["owner"] for c in v["dogs"][0]["cards"]] == [BEN, CARLA]
    assert v["results"][0]["won_cards"] == [0, 0, 2, 0]


def idle_at(view):
    return next(t["deadline_ms"] for t in view["shared"]["timers"] if t["name"] == "idle")


def test_view_is_json_and_complete_for_a_ui():
    st, d = play(live(), BEN, "head", GO, rear="red")
    v = GAME.view(st, BEN)
    json.dumps(v)
    for key in ("phase", "round", "rounds", "go_ms", "now_ms", "me", "seats", "dogs", "recent", "deck",
                "colours", "edition", "shared", "results", "points", "winners"):
        assert key in v
    assert v["dogs"][0] == {"id": d, "cards": [{"kind": "head", "rear": "red"}], "length": 1, "open": True,
                            "end": "red", "completed_by": None, "owner": None}
    assert v["seats"][BEN]["markers_left"] == 6 and idle_at(v) == GO + 30_000


def test_spectators_and_bad_seats():
    st = live()
    assert GAME.legal(st, None) == []
    refused(st, None, {"type": "reveal"}, GO, "not_a_player")
    refused(st, 0, {"type": "fly"}, GO, "unknown_action")
    with pytest.raises(IllegalAction):
        GAME.apply(st, 7, {"type": "reveal"}, GO)


def test_at_must_be_a_length():
    st, d = play(live(), ANNA, "head", GO, rear="red")
    st = reveal(st, BEN, "belly", GO + 1, front="red")
    refused(st, BEN, {"type": "attach", "dog": d, "at": "1"}, GO + 2, "bad_arg")
    refused(st, BEN, {"type": "attach", "dog": d, "at": True}, GO + 2, "bad_arg")
    refused(st, BEN, {"type": "attach", "dog": 1.0}, GO + 2, "bad_arg")          # a float is no id
    assert GAME.apply(st, BEN, {"type": "attach", "dog": d, "at": 1}, GO + 2)["dogs"][0]["cards"][1] == st["revealed"][BEN]


def test_no_flash_when_placed_flash_s_is_zero():
    st, _ = play(live(placed_flash_s=0), BEN, "head", GO, rear="red")
    assert GAME.view(st, BEN)["recent"] == [] and GAME.deadline(st) == GO + 30_000


# ---------------------------------------------------------------------------- timers at the edge
def test_a_round_nobody_played_pays_no_rank_bones():
    """WAL-7 (settled): a round stopped before anyone finished a dachshund (an idle or a
    stall stop) pays no rank bones at all."""
    st = GAME.tick(live(), GO + 30_000)
    assert st["stop"]["reason"] == "idle"
    res = st["results"][-1]
    assert res["rank_bones"] == [None] * 4 and res["points"] == [0] * 4 and st["points"] == [0] * 4


def test_a_single_late_tick_does_not_start_a_round_and_stop_it():
    """The host's tab was throttled: one tick long after the pause and the idle limit fires
    one event per due time: the next round is dealt (its countdown shown), nothing more."""
    st = GAME.tick(live(scoring_pause_s=10), GO + 30_000)          # idle stop, pause to GO + 40 s
    assert st["phase"] == "scoring"
    late = GAME.tick(st, GO + 500_000)
    assert late["round"] == 2 and late["phase"] == "countdown" and len(late["results"]) == 1
    assert late["go_ms"] == GO + 500_000 + 3000                   # the countdown is not skipped
    later = GAME.tick(late, GO + 900_000)
    assert later["phase"] == "live" and len(later["results"]) == 1  # "Wuff!", not a stop
    assert idle_at(GAME.view(later, 0)) == GO + 900_000 + 30_000


def test_views_refuse_bad_seats():
    st = live()
    for bad in (5, True, -1, 1.0, "0"):
        with pytest.raises(IllegalAction):
            GAME.view(st, bad)


def test_options_refuse_bools_for_numbers_and_numbers_for_bools():
    for bad in ({"show_card_owner": 1}, {"min_cards_for_rank_bone": True}, {"idle_stop_s": True},
                {"max_hold_s": float("nan")}, {"countdown_s": "3"}):
        with pytest.raises(IllegalAction) as e:
            new(**bad)
        assert e.value.code == "bad_options"
