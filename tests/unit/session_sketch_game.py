"""A small game in the declared form (moves with schemas, named timers) for the session tests.

"Sketchbook": seats take turns; on its turn a seat either ``draw``s a picture (a ``sha256:``
reference sent on the asset channel) or ``skip``s; either ends its turn.  ``erase`` (an
interrupt, any time before the reveal) withdraws a seat's own picture.  Drawings are secret: a seat sees
only its own until every seat has had its turn; then everyone, spectators too, sees them all
(the reveal), and the game is over.  ``say`` (free text up to ``MAX_TEXT``) is an interrupt
any seat may send at any time.  A turn timer skips a seat that takes longer than ``turn_ms``.
Bots skip after thinking ``think_ms``.
"""
from __future__ import annotations

from clubtable.engine import Bot, Game, IllegalAction, Move, Picture, Text
from clubtable.engine.schema import MAX_TEXT


class SketchBot(Bot):
    think_ms = 3000

    def decide(self, view, legal, now_ms):
        if not any(a["type"] == "skip" for a in legal):
            return None
        return {"type": "skip"}, self.think_ms


class Sketchbook(Game):
    id = "sketchbook"
    title = "Sketchbook"
    min_players = 2
    max_players = 4
    options = {"turn_ms": 10_000}
    option_choices = {"turn_ms": [1_000, 10_000, 60_000]}
    bot_levels = ("normal",)
    timers = ("turn",)
    moves = {
        "draw": Move(handler="move_draw", args={"picture": Picture()}),
        "skip": Move(handler="move_skip"),
        "erase": Move(handler="move_erase", interrupt=True),
        "say": Move(handler="move_say", args={"text": Text(max_len=MAX_TEXT)}, interrupt=True),
    }

    def setup(self, state, now_ms):
        n = len(state["players"])
        state["turn"] = 0
        state["drawings"] = [None] * n
        state["chat"] = []
        self.start_timer(state, "turn", now_ms, state["options"]["turn_ms"])

    def _revealed(self, state):
        return state["turn"] >= len(state["players"])

    def active(self, state):
        if self._revealed(state):
            return {}
        out = {s: ["say"] for s in range(len(state["players"]))}
        for s, d in enumerate(state["drawings"]):
            if d is not None:
                out[s].append("erase")
        out[state["turn"]] = ["draw", "skip"] + out[state["turn"]]
        return out

    def _next(self, state, now_ms):
        state["turn"] += 1
        if self._revealed(state):
            self.stop_timer(state, "turn")
        else:
            self.start_timer(state, "turn", now_ms, state["options"]["turn_ms"])

    def move_draw(self, state, seat, args, now_ms):
        state["drawings"][seat] = args["picture"]
        self._next(state, now_ms)

    def move_skip(self, state, seat, args, now_ms):
        self._next(state, now_ms)

    def move_erase(self, state, seat, args, now_ms):
        state["drawings"][seat] = None

    def move_say(self, state, seat, args, now_ms):
        state["chat"].append([seat, args["text"]])

    def timer_turn(self, state, now_ms):
        self._next(state, now_ms)

    def project(self, state, seat):
        shown = self._revealed(state)
        return {
            "turn": state["turn"],
            "drawings": [d if shown or s == seat else (d is not None) for s, d in enumerate(state["drawings"])],
            "chat": [list(c) for c in state["chat"]],
        }

    def result(self, state):
        return {"drawn": sum(d is not None for d in state["drawings"])} if self._revealed(state) else None

    def bot(self, level, seat, seed):
        if level not in self.bot_levels:
            raise IllegalAction("bad_level", "No such level.")
        return SketchBot(self, seat, level, seed)


SKETCH = Sketchbook()
