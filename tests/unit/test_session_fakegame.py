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

from clubtable.engine import Bot, Game, IllegalAction, Move, Text  # noqa: E402
from clubtable.session import Guest, Table, encode  # noqa: E402

SECRETS = ["ZEBRAWORD", "YAKWORD", "XERUSWORD", "WOMBATWORD", "VOLEWORD", "URIALWORD"]


def card_value(card: str) -> int:
    return int(card[1:3])


class FakeBot(Bot):
    def decide(self, view, legal, now_ms):
        if self.level == "crash":
            raise RuntimeError("bot bug")
        if self.level == "chaos":
            return ({"type": "play", "card": "nope"}, 0)
        if not legal:
            return None
        # only its own view: its hand must be there
        assert set(a["card"] for a in legal) <= set(view["hand"])
        return (self.rng.choice(legal), self.game.bot_delay)


class SecretCards(Game):
    id = "secretcards"
    title = "Secret Cards"
    min_players = 2
    max_players = 4
    options = {"hand": 3, "turn_ms": 10_000}
    option_choices = {"hand": [1, 2, 3, 4, 5], "turn_ms": [1_000, 10_000, 60_000]}
    bot_levels = ("easy", "normal", "chaos", "crash")
    bot_delay = 0
    moves = {
        "play": Move(handler="move_play", args={"card": Text(8)}),
        "say": Move(handler="move_say", args={"text": Text(200)}, interrupt=True),
        "boom": Move(handler="move_boom", interrupt=True),                 # a rules bug a hostile guest can reach
    }
    timers = ("turn",)

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
        self._start_turn(state, now_ms)

    def _start_turn(self, state, now_ms):
        # ``due`` mirrors the timer for the session tests that read it.
        self.start_timer(state, "turn", now_ms, state["options"]["turn_ms"])
        state["due"] = now_ms + state["options"]["turn_ms"]

    def _over(self, state):
        return all(not h for h in state["hands"])

    def _play(self, state, seat, card, now_ms):
        state["hands"][seat].remove(card)
        state["played"][seat].append(card)
        n = len(state["players"])
        if self._over(state):
            self.stop_timer(state, "turn")
            state["due"] = None
            return
        nxt = (seat + 1) % n
        while not state["hands"][nxt]:
            nxt = (nxt + 1) % n
        state["turn"] = nxt
        self._start_turn(state, now_ms)

    def active(self, state):
        out = {s: ["say", "boom"] for s in range(len(state["players"]))}
        out[state["turn"]] = ["play", "say", "boom"]
        return out

    def why_not(self, state, seat, move):
        return ("not_your_turn", "It is not your turn.")

    def move_say(self, state, seat, args, now_ms):
        state["chat"].append([seat, args["text"]])

    def move_play(self, state, seat, args, now_ms):
        if args["card"] not in state["hands"][seat]:
            raise IllegalAction("no_such_card", "You do not hold that card.")
        self._play(state, seat, args["card"], now_ms)

    def move_boom(self, state, seat, args, now_ms):
        raise KeyError("boom")

    def timer_turn(self, state, now_ms):
        """The turn ran out: the seat's lowest card is played for it, at the time it ran out
        (so a late tick leaves the next seat its whole turn from then)."""
        seat = state["turn"]
        self._play(state, seat, min(state["hands"][seat]), now_ms)

    def legal_moves(self, state, seat):
        if seat != state["turn"]:
            return []
        return [{"type": "play", "card": c} for c in state["hands"][seat]]

    def project(self, state, seat):
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

    def hidden_variants(self, state, seat, rng):
        """Other seats' hands are other cards (not played, not in this seat's hand), and
        their secret words are swapped among them."""
        import copy
        mine = set(state["hands"][seat]) if seat is not None else set()
        used = mine | {c for p in state["played"] for c in p}
        free = [f"c{i:02d}x" for i in range(1, 31) if f"c{i:02d}x" not in used]
        alt = copy.deepcopy(state)
        rng.shuffle(free)
        for s, hand in enumerate(alt["hands"]):
            if s != seat:
                alt["hands"][s] = sorted(free.pop() for _ in hand)
        others = [s for s in range(len(alt["players"])) if s != seat]
        words = [alt["secrets"][s] for s in others]
        rng.shuffle(words)
        for s, w in zip(others, words):
            alt["secrets"][s] = w
        return [alt]

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
    now = 10
    while GAME.result(st) is None:          # each timeout plays one card (one event per tick)
        now = max(now, GAME.deadline(st)) + 1_000_000
        st = GAME.tick(st, now)
    assert len(st["log"]) == 1 + 8
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
