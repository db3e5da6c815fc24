"""Wie Waldi! judgement (strategy.py): lay a card whenever laying it helps, put it under only
when nothing does, and work on the pile nearest to empty whose next card can be laid."""
from __future__ import annotations

from clubtable.engine import IllegalAction, Rng
from clubtable.games.waldi import GAME
from clubtable.games.waldi import strategy as S
from test_waldi_bots import ANNA, BEN, GO, lay, live, reveal


def judge(state, seat=ANNA, mem=None):
    """(the strongest play's placement, the helpful placements) for ``seat`` now."""
    view = GAME.view(state, seat)
    mem = mem or S.Memory(seat)
    mem.observe(view)
    legal = GAME.legal(state, seat)
    return S.choose_placement(view, legal, mem, Rng(1)), S.helpful(view, legal, mem)


def test_a_head_is_laid_at_once():
    action, helps = judge(reveal(live(), ANNA, "head", GO, rear="red"))
    assert action == {"type": "place_head"} and helps


def test_a_cat_tail_takes_another_player_s_dachshund():
    state, d = lay(live(), BEN, "head", GO, rear="red")
    state, _ = lay(state, BEN, "belly", GO + 1, dog=d, front="red", rear="yellow")
    state = reveal(state, ANNA, "tail", GO + 2, front="yellow", cat=True)
    action, _ = judge(state)
    assert action == {"type": "attach", "dog": d, "at": 2}


def test_a_tail_completes_my_own_dachshund():
    mem = S.Memory(ANNA)
    state, d = lay(live(), ANNA, "head", GO, rear="red")
    mem.observe(GAME.view(state, ANNA))                  # the "placed by" flash: it is mine
    state, _ = lay(state, ANNA, "belly", GO + 1, dog=d, front="red", rear="yellow")
    mem.observe(GAME.view(state, ANNA))
    state = reveal(state, ANNA, "tail", GO + 2, front="yellow", cat=False)
    action, _ = judge(state, mem=mem)
    assert action == {"type": "attach", "dog": d, "at": 2}


def test_no_cat_tail_on_another_player_s_dachshund_goes_under():
    state, d = lay(live(), BEN, "head", GO, rear="red")
    state, _ = lay(state, BEN, "belly", GO + 1, dog=d, front="red", rear="yellow")
    state = reveal(state, ANNA, "tail", GO + 2, front="yellow", cat=False)
    action, helps = judge(state)
    assert action == {"type": "decline"} and not helps


def test_the_last_card_of_a_pile_is_laid_for_the_bone():
    """WAL-16/17: laying all ten cards of a pile earns a bone; even a belly on another's
    dachshund is worth laying when it empties the pile."""
    state, d = lay(live(), BEN, "head", GO, rear="red")
    state = reveal(state, ANNA, "belly", GO + 1, front="red", rear="yellow")
    state = GAME.load(GAME.dump(state))
    state["piles"][ANNA][0] = []                         # it was the pile's last card
    action, helps = judge(state)
    assert action == {"type": "attach", "dog": d, "at": 1} and helps


def test_never_puts_under_when_a_placement_helps():
    """Over many real positions: a decline only when no placement helps, and the chosen
    placement always helps."""
    rng = Rng(3)
    checked = 0
    for seed in range(6):
        state = live(n=3, seed=seed)
        mems = [S.Memory(s) for s in range(3)]
        now = GO
        for _ in range(400):
            if state["phase"] != "live":
                break
            now += 150
            seat = rng.below(3)
            view = GAME.view(state, seat)
            legal = GAME.legal(state, seat)
            mems[seat].observe(view)
            out = S.next_step(view, legal, mems[seat], rng)
            if out is None:
                continue
            action, step = out
            assert action in legal
            if step == "place":
                helps = S.helpful(view, legal, mems[seat])
                assert (action["type"] == "decline") == (not helps)
                checked += 1
            try:
                state = GAME.apply(GAME.tick(state, now), seat, action, now)
            except IllegalAction:
                pass
    assert checked > 100


def test_memory_knows_the_card_put_under_its_pile():
    state = reveal(live(), ANNA, "tail", GO, front="red", cat=False)
    mem = S.Memory(ANNA)
    mem.observe(GAME.view(state, ANNA))
    face = GAME.view(state, ANNA)["me"]["revealed"]
    state = GAME.apply(state, ANNA, {"type": "decline"}, GO + 10)
    mem.observe(GAME.view(state, ANNA))
    assert mem.order[0][-1] == face and len(mem.order[0]) == 10


def test_works_on_a_pile_whose_top_card_it_can_lay():
    state = live()
    view = GAME.view(state, ANNA)
    mem = S.Memory(ANNA)
    mem.observe(view)
    mem.order[1][0] = {"kind": "head", "rear": "red"}        # seen before: a head on top of pile 1
    mem.order[0][0] = {"kind": "tail", "front": "blue", "cat": False}
    take = [a for a in GAME.legal(state, ANNA) if a["type"] == "take_pile"]
    assert S.choose_pile(view, take, mem) == {"type": "take_pile", "pile": 1}
