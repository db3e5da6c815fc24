"""A small fake game for the session tests (the real games are not needed by them).

"Secret cards": every seat is dealt ``hand`` cards (distinct labels ``c01x``..``c30x``) and
a secret word; seats play one card each in turn.  A turn timer plays the current seat's
lowest card when it runs out.  Hands and secret words are hidden information: a seat sees
only its own.  ``say`` is a free-text action any seat may send at any time.  The highest
sum of played cards wins.  Bots: ``easy`` plays a random legal card after ``delay`` ms;
``chaos`` sends illegal actions; ``crash`` raises.

The module also holds shared helpers (``make_table``, ``Net``) and tests of the fake game
itself, so that the other session test files can rely on it.
"""
from __future__ import annotations

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from clubtable.engine import Bot, Game, IllegalAction  # noqa: E402
from clubtable.session import Guest, Table, encode  # noqa: E402

SECRETS = ["ZEBRAWORD", "YAKWORD", "XERUSWORD", "WOMBATWORD", "VOLEWORD", "URIALWORD"]


def card_value(card: str) -> int:
    return int(card[1:3])


class FakeBot(Bot):
    def __init__(self, game, seat, level, seed):
        super().__init__(game, seat, level, seed)
        self.wait_from = None

    def act(self, view, legal, now_ms):
        if self.level == "crash":
            raise RuntimeError("bot bug")
        if self.level == "chaos":
            return {"type": "play", "card": "nope"}
        if not legal:
            self.wait_from = None
            return None
        if self.wait_from is None:
            self.wait_from = now_ms
        if now_ms - self.wait_from < self.game.bot_delay:
            return None
        self.wait_from = None
        # only its own view: its hand must be there
        assert set(a["card"] for a in legal) <= set(view["hand"])
        return self.rng.choice(legal)


class SecretCards(Game):
    id = "secretcards"
    title = "Secret Cards"
    min_players = 2
    max_players = 4
    options = {"hand": 3, "turn_ms": 10_000}
    option_choices = {"hand": [1, 2, 3, 4, 5], "turn_ms": [1_000, 10_000, 60_000]}
    bot_levels = ("easy", "normal", "chaos", "crash")
    bot_delay = 0

    def setup(self, state, now_ms):
        rng = self.rng(state)
        n = len(state["players"])
        deck = [f"c{i:02d}x" for i in range(1, 31)]
        rng.shuffle(deck)
        words = list(SECRETS)
        rng.shuffle(words)
        k = state["options"]["hand"]
        state["hands"] = [sorted(deck[i * k:(i + 1) * k]) for i in range(n)]
        state["secrets"] = words[:n]
        state["played"] = [[] for _ in range(n)]
        state["chat"] = []
        state["turn"] = 0
        state["due"] = now_ms + state["options"]["turn_ms"]

    def _over(self, state):
        return all(not h for h in state["hands"])

    def _play(self, state, seat, card, now_ms):
        state["hands"][seat].remove(card)
        state["played"][seat].append(card)
        n = len(state["players"])
        if self._over(state):
            state["due"] = None
            return
        nxt = (seat + 1) % n
        while not state["hands"][nxt]:
            nxt = (nxt + 1) % n
        state["turn"] = nxt
        state["due"] = now_ms + state["options"]["turn_ms"]

    def do(self, state, seat, action, now_ms):
        if seat is None:
            raise IllegalAction("bad_seat", "Only players act.")
        t = action["type"]
        if t == "say":
            text = action.get("text")
            if not isinstance(text, str) or not 1 <= len(text) <= 200:
                raise IllegalAction("bad_text", "Say something short.")
            state["chat"].append([seat, text])
            return
        if t == "play":
            if seat != state["turn"]:
                raise IllegalAction("not_your_turn", "It is not your turn.")
            card = action.get("card")
            if card not in state["hands"][seat]:
                raise IllegalAction("no_such_card", "You do not hold that card.")
            self._play(state, seat, card, now_ms)
            return
        if t == "boom":                      # a rules bug a hostile guest can reach
            raise KeyError("boom")
        raise IllegalAction("unknown_action", f"Unknown action {t!r}.")

    def deadline(self, state):
        return state["due"]

    def on_tick(self, state, now_ms):
        while state["due"] is not None and state["due"] <= now_ms:
            seat = state["turn"]
            due = state["due"]
            self._play(state, seat, min(state["hands"][seat]), due)

    def legal(self, state, seat):
        if seat is None or self._over(state) or seat != state["turn"]:
            return []
        return [{"type": "play", "card": c} for c in state["hands"][seat]]

    def view(self, state, seat):
        v = {
            "players": list(state["players"]),
            "turn": state["turn"],
            "played": [list(p) for p in state["played"]],
            "counts": [len(h) for h in state["hands"]],
            "chat": [list(c) for c in state["chat"]],
            "due": state["due"],
        }
        if seat is not None:
            v["hand"] = list(state["hands"][seat])
            v["secret"] = state["secrets"][seat]
        return v

    def result(self, state):
        if not self._over(state):
            return None
        scores = [sum(card_value(c) for c in p) for p in state["played"]]
        best = max(scores)
        return {"winners": [i for i, s in enumerate(scores) if s == best], "scores": scores}

    def bot(self, level, seat, seed):
        if level not in self.bot_levels:
            raise IllegalAction("bad_level", "No such level.")
        return FakeBot(self, seat, level, seed)


GAME = SecretCards()


# ---------------------------------------------------------------------------- helpers
class Tokens:
    """A predictable token factory."""

    def __init__(self):
        self.n = 0

    def __call__(self):
        self.n += 1
        return f"tok{self.n:04d}" + "Q" * 20


class Net:
    """Routes a table's outs to Guest objects and records the raw text each peer got."""

    def __init__(self, table):
        self.table = table
        self.guests = {}
        self.raw = {}           # peer -> [encoded messages]
        self.events = {}        # peer -> [events]
        self.now = 0

    def join(self, peer, name, **hello):
        g = Guest(self.table.table_id, name, game=self.table.game,
                  token=hello.pop("token", None), seat=hello.pop("seat", None))
        self.guests[peer] = g
        self.raw.setdefault(peer, [])
        self.events.setdefault(peer, [])
        self.deliver(self.table.connect(peer, self.now))
        self.send(peer, g.hello(**hello))
        return g

    def deliver(self, outs):
        for peer, msg in outs:
            text = encode(msg)
            self.raw.setdefault(peer, []).append(text)
            if peer in self.guests:
                self.events.setdefault(peer, []).extend(self.guests[peer].receive(text))
        return outs

    def send(self, peer, text):
        return self.deliver(self.table.receive(peer, text, self.now))

    def last_event(self, peer):
        return self.events[peer][-1]


def make_table(kinds=("remote", "remote"), seed=1234, now=0, **kw):
    seats = [{"kind": k, "name": f"P{i}", "level": "easy" if k == "bot" else None}
             for i, k in enumerate(kinds)]
    kw.setdefault("token_factory", Tokens())
    return Table(GAME, seats, seed=seed, table_id="tbl1", now_ms=now, **kw)


def started_pair(seed=1234, **kw):
    """A started table with two guests A (seat 0) and B (seat 1) and a spectator S."""
    t = make_table(seed=seed, **kw)
    net = Net(t)
    net.join("A", "Ann")
    net.join("B", "Ben")
    net.join("S", "Sue", spectate=True)
    net.deliver(t.start(0))
    return t, net


# ---------------------------------------------------------------------------- tests of the fake
def test_fake_game_is_json_and_replays():
    st = GAME.new(["a", "b", "c"], 5, {}, 0)
    json.dumps(st)
    st = GAME.apply(st, 0, {"type": "play", "card": st["hands"][0][0]}, 10)
    st = GAME.tick(st, 10_000_000)
    assert GAME.result(st) is not None
    again = GAME.replay(st["players"], 5, st["options"], 0, st["log"])
    assert again == st


def test_fake_game_hides_hands():
    st = GAME.new(["a", "b"], 5, {}, 0)
    v = json.dumps(GAME.view(st, 0))
    for c in st["hands"][1]:
        assert c not in v
    assert st["secrets"][1] not in v
    assert st["secrets"][0] in v
    with pytest.raises(IllegalAction):
        GAME.apply(st, 1, {"type": "play", "card": st["hands"][1][0]}, 1)
