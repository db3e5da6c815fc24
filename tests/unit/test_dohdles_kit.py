"""A small driver for Dohdles! tests: a table with a clock, players by name, and the
Dohdles made at once (unless a test wants the making phase)."""
from __future__ import annotations

import pytest

from clubtable.engine import IllegalAction
from clubtable.games.dohdles import GAME

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eva", "Finn", "Gina", "Hugo", "Ida", "Jon", "Kim", "Lea"]
# The words each player makes, in order (unless a test names the words by Dohdle).
WORDS = [["moth", "turnip", "owl"], ["rabbit", "carrot", "kiwi"], ["lamp", "anchor", "kettle"],
         ["flamingo", "hammer"], ["bee", "pebble"], ["ant", "sock"], ["comb", "drum"], ["harp", "tent"],
         ["igloo", "raft"], ["wig", "crab"], ["swan", "fork"], ["sled", "axe"]]


def pic(n: int) -> str:
    return "sha256:" + format(n, "064x")


class Play:
    """One game and its clock.  ``do`` ticks the clock to ``at`` (or now) and applies an
    action; ``wait`` lets time pass, firing every timer due on the way."""

    def __init__(self, n: int = 3, words=None, first: int = 0, make: bool = True, seed: int = 7, **options):
        opts = {"first_player_rule": "host_choice", "first_player": first}
        opts.update(options)
        self.now = 0
        self.state = GAME.new(NAMES[:n], seed, opts, 0)
        if words is None:
            count: dict = {}
            words = []
            for d in self.state["dohdles"]:
                k = count[d["maker"]] = count.get(d["maker"], -1) + 1
                words.append(WORDS[d["maker"]][k])
        if make:
            medium = self.state["options"]["riddle_medium"]
            for d in list(self.state["dohdles"]):
                pics = [] if medium == "table" else [pic(d["id"] + 1)]
                self.do(d["maker"], "make", dohdle=d["id"], word=words[d["id"]], pictures=pics)

    # ------------------------------------------------------------------ acting
    def do(self, seat: int, type_: str, at=None, **args):
        self.tick_to(self.now if at is None else at)
        self.state = GAME.apply(self.state, seat, dict(args, type=type_), self.now)
        return self.state

    def refused(self, seat: int, type_: str, code=None, **args) -> IllegalAction:
        before = self.state
        with pytest.raises(IllegalAction) as err:
            GAME.apply(self.state, seat, dict(args, type=type_), self.now)
        assert self.state is before
        if code is not None:
            assert err.value.code == code, err.value
        return err.value

    def tick_to(self, t: int) -> None:
        assert t >= self.now
        while True:
            due = GAME.deadline(self.state)
            if due is None or due > t or GAME.result(self.state) is not None:
                break
            self.now = max(self.now, due)
            self.state = GAME.tick(self.state, self.now)
        self.now = t

    def wait(self, ms: int) -> None:
        self.tick_to(self.now + ms)

    def settle(self) -> None:
        """Let the funnel's settle window (and any special-right wait) run out."""
        burst = self.state["burst"]
        while burst is not None and burst["state"] == "settle":
            self.tick_to(self.state["timers"]["settle"]["at"])
            burst = self.state["burst"]

    # ------------------------------------------------------------------ reading
    def dohdle(self, i: int) -> dict:
        return self.state["dohdles"][i]

    def of(self, seat: int) -> list:
        """The ids of the Dohdles ``seat`` made."""
        return [d["id"] for d in self.state["dohdles"] if d["maker"] == seat]

    def token(self, seat: int) -> int:
        return self.state["sides"][self.state["side_of"][seat]]["token"]

    def set_token(self, seat: int, pos: int) -> None:
        self.state["sides"][self.state["side_of"][seat]]["token"] = pos

    def view(self, seat):
        return GAME.view(self.state, seat)

    @property
    def turn(self) -> dict:
        return self.state["turn"]

    @property
    def active_seat(self) -> int:
        return self.state["sides"][self.state["active_side"]]["members"][0]

    def events(self, kind: str) -> list:
        return [e for e in self.state["events"] if e["kind"] == kind]


def test_the_kit_makes_a_game_ready_to_play():
    p = Play(3)
    assert p.state["phase"] == "play" and p.state["active_side"] == 0
    assert GAME.awaited(p.state) == [0]
