"""Wie Waldi! / "10" (Oliver Igelhaut): the rules engine, RULES.md §4.

Everybody plays at once.  Each player turns up cards from three face-down piles of his own
set and lays them in the shared middle: a head starts a dachshund, bellies and tails attach
where the blanket colour matches the open end, a tail completes the dachshund and costs the
player who laid it a marker.  The sixth marker stops the round; completed dachshunds go to
the tail's player (cat tail) or the head's player (no cat), cards won are ranked for bones,
and after three rounds the most bone points win.

Phases: ``countdown`` (the "Wuff!" countdown, §4.2.4) → ``live`` → ``scoring`` (the round's
distribution and bones are on the table; ``next_round`` or the pause advances) → … →
``over`` after round 3.  Stop (STOPPED, DISTRIBUTION and SCORING of §4.3) is one atomic step.

Real time: intents are applied in host-arrival order and validated against the state at
that moment (§4.9).  Every timer is a named engine timer (``timers``), run by the stages:
the "Wuff!" countdown (``go``), each seat's hold limit (``hold``, stored per seat as
``hold0``..``hold3``, WAL-9), the idle stop (``idle``, WAL-8b), the scoring pause
(``next_round``) and the end of the oldest placement flash (``flash``, §4.8).  The table fires due timers (``tick``) before it applies an intent,
so a late intent meets the state it would have met had the host ticked in time; a single
late tick fires one event per due time, so it never starts a round and stops it at once.
"""
from __future__ import annotations

from typing import Optional

from ...engine import Bool, Game, Guard, IllegalAction, Int, Move, Number, OneOf, Stage, Timer, clone, ms
from . import cards as C

ROUNDS = 3
MARKERS = 6
#: §4.5.4: ranking bones by rank, 4th place gets nothing ("A 4 joueurs, le dernier ne reçoit rien").
RANK_BONES = ["gold", "silver", "bronze", None]
#: Cap on the placement events kept for the §4.8 "placed by" flash.
RECENT_MAX = 12


def _face(g, st, card: int) -> dict:
    return g.deck_of(st["options"])[card % C.SET_SIZE]


def _is_head(g, st, seat) -> bool:
    return _face(g, st, st["revealed"][seat])["kind"] == "head"


def _dog(st, a) -> dict:
    dogs, dog_id = st["dogs"], a["dog"]
    i = dog_id - dogs[0]["id"]              # a round's dachshunds have consecutive ids
    if 0 <= i < len(dogs) and dogs[i]["id"] == dog_id:
        return dogs[i]
    return next(d for d in dogs if d["id"] == dog_id)


def _fits(g, st, seat, a) -> bool:
    return _face(g, st, st["revealed"][seat])["front"] == _face(g, st, _dog(st, a)["cards"][-1])["rear"]


# A card move refused outside the live round says why (too early, or stopped).
_CARD_CLOSED = {"countdown": ("too_early", "Wait for “Wuff!”: the round has not started yet."),
                None: ("round_stopped", "The round has stopped: no more cards can be played.")}
_NOTHING_REVEALED = dict(_CARD_CLOSED, live=("nothing_revealed", "Turn up a card first."))


class Waldi(Game):
    """The dachshund card game; see the module docstring and ``docs/games/waldi.md``."""

    id = "waldi"
    title = "Wie Waldi! / “10”"
    min_players = 2
    max_players = 4
    realtime = True
    pass_and_play = False                     # every player plays at once (§4.2): nobody can pass the device
    bot_levels = ("relaxed", "normal", "quick")
    bots = ".bots:WaldiBot"                   # takes speed= (how fast its hands are)
    timeline = ".timeline:describe"            # the events in words (a record's timeline)
    coach = ".coach:coach"                     # the coach's report after the game (Game.review)
    options = {
        "edition": "DE",                      # WAL-1/WAL-2: DE 3 cat tails + bronze pile bone; FR 4 + silver
        "blanket_colours": list(C.DEFAULT_COLOURS),   # WAL-4, 3-6 names; the §4.1 recipe uses them
        "deck": None,                         # WAL-4: None = §4.1 DEFAULT, else 30 custom faces
        "rank_ties": "competition",           # WAL-6: competition | dense
        "min_cards_for_rank_bone": 0,         # WAL-7
        "idle_stop_s": 30,                    # WAL-8b, 0 = off
        "max_hold_s": 5,                      # WAL-9, 0 = unlimited
        "show_card_owner": False,             # WAL-11 / §4.8
        "countdown_s": 3,                     # §4.2.4 "Wuff!" countdown
        "scoring_pause_s": 30,                # pause after a round's scoring, 0 = wait for next_round
        "placed_flash_s": 1.5,                # §4.8: how long "placed by" stays in the views
        "final_tie_break": "shared",          # WAL-25: shared | most_cards
    }
    option_choices = {
        "edition": ["DE", "FR"],
        "rank_ties": ["competition", "dense"],
        "show_card_owner": [False, True],
        "final_tie_break": ["shared", "most_cards"],
    }
    option_specs = {
        "min_cards_for_rank_bone": Int(0, 120),
        "idle_stop_s": Number(0, 3600),
        "max_hold_s": Number(0, 3600),
        "show_card_owner": Bool(),
        "countdown_s": Number(0, 3600),
        "scoring_pause_s": Number(0, 3600),
        "placed_flash_s": Number(0, 3600),
    }
    # ------------------------------------------------------------------ who may act
    # Every seat is in the stage of the phase; while the round is live, a seat holding a
    # revealed card is "holding" (its hold clock runs, WAL-9).  Everybody plays at once.
    stages = {
        "countdown": Stage(timers=("go",)),
        "live": Stage(("take_pile", "reveal"), timers=("idle", "flash")),
        "holding": Stage(("take_pile", "place_head", "attach", "decline"), timers=("idle", "flash", "hold")),
        "scoring": Stage(("next_round",), timers=("next_round",)),
    }
    moves = {
        "take_pile": Move({"pile": Int(0, C.PILES - 1, label="pile")}, handler="move_take_pile",
                          doc="TakePile: pick up one of your piles", closed=_CARD_CLOSED, guards=(
                              Guard("already_in_hand", lambda g, st, seat, a: a["pile"] != st["in_hand"][seat],
                                    "You already hold that pile.", on_args="pile"),
                              Guard("pile_empty", lambda g, st, seat, a: bool(st["piles"][seat][a["pile"]]),
                                    "That pile is empty.", on_args="pile"))),
        "reveal": Move(handler="move_reveal", doc="Reveal: turn up the top card of the pile in hand",
                       closed=dict(_CARD_CLOSED, holding=("already_revealed",
                                                          "Place or decline the card you have turned up first.")),
                       guards=(Guard("no_pile_in_hand", lambda g, st, seat, a: st["in_hand"][seat] is not None,
                                     "Take one of your piles first."),
                               Guard("pile_empty", lambda g, st, seat, a: bool(st["piles"][seat][st["in_hand"][seat]]),
                                     "The pile in your hand is empty: take another pile."))),
        "decline": Move(handler="move_decline", doc="Decline: the revealed card goes under its pile",
                        closed=_NOTHING_REVEALED),
        "place_head": Move(handler="move_place_head", doc="PlaceHead: the revealed head starts a new dachshund",
                           closed=_NOTHING_REVEALED, guards=(
                               Guard("not_a_head", lambda g, st, seat, a: _is_head(g, st, seat),
                                     "Only a head starts a new dachshund; attach this card to an open end."),)),
        # §4.9: ``at`` is the dachshund's length as the player saw it; if it grew in between,
        # another card took that end first.  A refused card stays revealed in the hand.
        "attach": Move({"dog": Int(1, label="dachshund"),
                        "at": Int(0, 4 * C.SET_SIZE, optional=True, label="length seen")},
                       handler="move_attach", closed=_NOTHING_REVEALED,
                       doc="Attach: the revealed belly or tail goes behind dachshund dog's open end; "
                           "at = its length as the player saw it",
                       guards=(
                           Guard("head_starts_new", lambda g, st, seat, a: not _is_head(g, st, seat),
                                 "A head cannot be attached: it starts a new dachshund."),
                           Guard("dachshund_closed", lambda g, st, seat, a: _dog(st, a)["open"],
                                 "That dachshund is already complete with its tail; your card stays in your hand.",
                                 on_args="dog"),
                           Guard("colour_mismatch", _fits, lambda g, st, seat, a: (
                               f"The blanket colours do not match: that end is "
                               f"{_face(g, st, _dog(st, a)['cards'][-1])['rear']}, your card starts with "
                               f"{_face(g, st, st['revealed'][seat])['front']}. Your card stays in your hand."),
                               on_args=True),
                       ),
                       within={
                           "dog": OneOf(lambda g, st, seat, a: [d["id"] for d in st["dogs"]],
                                        ("no_such_dog", "There is no such dachshund on the table.")),
                           "at": OneOf(lambda g, st, seat, a: [len(_dog(st, a)["cards"])],
                                       ("end_taken", "Another card was attached to that dachshund first; "
                                                     "your card stays in your hand.")),
                       }),
        "next_round": Move(handler="move_next_round", doc="between rounds: ready for the next one",
                           closed=("not_scoring", "The next round can only be started after a round's scoring."),
                           guards=(Guard("already_ready", lambda g, st, seat, a: not st["ready"][seat],
                                         "You are ready; the round starts when everybody is."),)),
    }
    timers = {
        "next_round": Timer("timer_next_round", length=lambda g, st, seat: ms(st["options"]["scoring_pause_s"]) or None,
                            doc="the scoring pause is over"),
        "go": Timer("timer_go", length=lambda g, st, seat: ms(st["options"]["countdown_s"]), doc="“Wuff!”"),
        "hold": Timer("_hold_expired", per_seat=True, length=lambda g, st, seat: ms(st["options"]["max_hold_s"]) or None,
                      doc="WAL-9: a card held too long declines itself"),
        "idle": Timer("timer_idle", length=lambda g, st, seat: ms(st["options"]["idle_stop_s"]) or None,
                      doc="WAL-8b: nobody placed a card for idle_stop_s (restarted by every card laid)"),
        "flash": Timer("timer_flash", doc="§4.8: the oldest “placed by” flash ends (started by the rules)"),
    }
    # §4.8: the seat's own revealed card
    private = {"me": "own"}
    constants = {
        "rounds": ROUNDS,
        "markers": MARKERS,
        "piles": C.PILES,
        "pile_size": C.PILE_SIZE,
        "set_size": C.SET_SIZE,
        "bone_value": dict(C.BONE_VALUE),                 # {"gold": 3, "silver": 2, "bronze": 1}
        "pile_bonus_bone": dict(C.PILE_BONUS_BONE),       # the metal per edition: DE bronze, FR silver
        "cat_tails": dict(C.CAT_TAILS),
        "rank_bones": list(RANK_BONES),
    }

    # ================================================================== options, setup
    def validate_options(self, opts: dict, n_players: int) -> None:
        def bad(msg: str, reason: str = "value", **params) -> IllegalAction:
            return IllegalAction("bad_options", msg, reason, **params)

        cs = opts["blanket_colours"]
        if (not isinstance(cs, list) or not 3 <= len(cs) <= 6 or len(set(cs)) != len(cs)
                or not all(isinstance(c, str) and 0 < len(c) <= 20 for c in cs)):
            raise bad("Option blanket_colours needs 3 to 6 different colour names.", option="blanket_colours")
        if opts["deck"] is not None:
            try:
                opts["deck"] = C.check_deck(opts["deck"], cs)
            except ValueError as e:
                raise bad(str(e), option="deck") from None

    @staticmethod
    def deck_of(opts: dict) -> list:
        """The 30 faces of every set (WAL-5: the sets differ only by their backs).

        Derived from the options, never stored in the state: ``apply`` copies the state,
        and the deck never changes.  Callers must not mutate the returned list."""
        if opts["deck"] is not None:
            return opts["deck"]
        key = (opts["edition"], tuple(opts["blanket_colours"]))
        deck = _DECKS.get(key)
        if deck is None:
            deck = _DECKS[key] = C.default_deck(list(key[1]), key[0])
        return deck

    def setup(self, state: dict, now_ms: int) -> None:
        n = len(state["players"])
        state.update({
            "round": 0,
            "phase": "countdown",
            "now": now_ms,                      # the latest time an intent or a timer happened
            "points": [0] * n,
            "bones": [{"gold": 0, "silver": 0, "bronze": 0} for _ in range(n)],
            "cards_won": [0] * n,               # over the whole game (WAL-25 tie-break)
            "results": [],                      # one record per finished round
            "next_dog": 1,                      # dachshund ids are unique over the game
            "winners": None,
        })
        self._start_round(state, now_ms)

    def _start_round(self, state: dict, now_ms: int) -> None:
        """§4.2.3: each player shuffles his 30 cards into three face-down piles of ten
        (top = index 0); markers back to six; then the "Wuff!" countdown."""
        n = len(state["players"])
        rng = self.rng(state)
        piles = []
        for seat in range(n):
            cards = list(range(seat * C.SET_SIZE, (seat + 1) * C.SET_SIZE))
            rng.shuffle(cards)
            piles.append([cards[i * C.PILE_SIZE:(i + 1) * C.PILE_SIZE] for i in range(C.PILES)])
        go = now_ms + ms(state["options"]["countdown_s"])
        state.update({
            "round": state["round"] + 1,
            "phase": "countdown",
            "go_ms": go,
            "piles": piles,
            "in_hand": [None] * n,
            "revealed": [None] * n,
            "markers": [MARKERS] * n,
            "emptied": [False] * n,
            "dogs": [],
            "recent": [],
            "last_place_ms": go,
            "stop": None,
            "ready": [False] * n,
        })

    # ================================================================== timers
    @staticmethod
    def _clock(state: dict, now_ms: int) -> None:
        state["now"] = max(state["now"], now_ms)

    def timer_next_round(self, state: dict, now_ms: int) -> None:
        """The scoring pause is over: the next round is dealt and its countdown starts."""
        self._clock(state, now_ms)
        self._start_round(state, now_ms)

    def timer_go(self, state: dict, now_ms: int) -> None:
        """"Wuff!" (§4.2.4): play starts; the idle clock (WAL-8b) runs from now."""
        self._clock(state, now_ms)
        state["phase"] = "live"
        state["go_ms"] = now_ms
        state["last_place_ms"] = now_ms

    def _hold_expired(self, state: dict, seat: int, now_ms: int) -> None:
        """WAL-9: a card held ``max_hold_s`` declines itself (under the same pile)."""
        self._clock(state, now_ms)
        self._put_under(state, seat)

    def timer_idle(self, state: dict, now_ms: int) -> None:
        """WAL-8b: nobody placed a card for ``idle_stop_s``: Stop."""
        self._clock(state, now_ms)
        self._stop(state, "idle", None, now_ms)

    def timer_flash(self, state: dict, now_ms: int) -> None:
        """§4.8: the "placed by" flashes that are over leave the views."""
        self._clock(state, now_ms)
        state["recent"] = [e for e in state["recent"] if e["until"] > now_ms]
        self._restart_flash(state)

    def shift_clocks(self, state: dict, shift_ms: int) -> None:
        """The start signal, the last placement and the "placed by" flashes move on with the
        timers after a clock hold."""
        for key in ("go_ms", "last_place_ms"):
            if isinstance(state.get(key), int):
                state[key] += shift_ms
        for e in state.get("recent") or ():
            e["until"] += shift_ms

    def _restart_idle(self, state: dict, now_ms: int) -> None:
        idle = ms(state["options"]["idle_stop_s"])
        if idle:
            self.start_timer(state, "idle", now_ms, idle)

    def _restart_flash(self, state: dict) -> None:
        if state["recent"]:
            first = min(e["until"] for e in state["recent"])
            cur = self.timer(state, "flash")
            if cur is None or cur["at"] != first:
                self.start_timer(state, "flash", first, 0)
        else:
            self.stop_timer(state, "flash")

    def table_moves(self, state: dict) -> tuple:
        """The host may start the next round at once (a player who is away cannot stall
        the table when ``scoring_pause_s`` is 0)."""
        return ("next_round",) if state["phase"] == "scoring" else ()

    # ================================================================== actions
    def move_next_round(self, state: dict, seat, args: dict, now_ms: int) -> None:
        """Between rounds the next round starts when every player is ready (or the host
        starts it), or after ``scoring_pause_s`` (0 = only so)."""
        self._clock(state, now_ms)
        if seat is not None:
            state["ready"][seat] = True
        if seat is None or all(state["ready"]):
            self._start_round(state, now_ms)

    def move_take_pile(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        """§4.4 TakePile: pick up one of your non-empty piles.  A card still revealed goes
        under the pile it came from first (WAL-10); piles are never mixed."""
        self._clock(state, now_ms)
        self._put_under(state, seat)
        state["in_hand"][seat] = args["pile"]

    def move_reveal(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        """§4.4 Reveal: turn up the top card of the pile in hand (only you see it, §4.8).
        It may be held ``max_hold_s`` (WAL-9: the "holding" stage's ``hold`` timer)."""
        self._clock(state, now_ms)
        state["revealed"][seat] = state["piles"][seat][state["in_hand"][seat]].pop(0)

    def move_decline(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        """§4.4 Decline: the revealed card goes face down under the same pile (WAL-9)."""
        self._clock(state, now_ms)
        self._put_under(state, seat)

    def move_place_head(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        """§4.4 PlaceHead: a head starts a new dachshund; it is never attached."""
        self._clock(state, now_ms)
        card = state["revealed"][seat]
        dog = {"id": state["next_dog"], "cards": [], "open": True, "completed_by": None, "owner": None}
        state["next_dog"] += 1
        state["dogs"].append(dog)
        self._lay(state, seat, card, dog, now_ms)
        self._check_stall(state, now_ms)            # it may have been the last head anywhere

    def move_attach(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        """§4.4 Attach: a belly or tail goes behind the open end of any dachshund whose
        blanket colour matches; a tail completes it (§4.4 completion)."""
        self._clock(state, now_ms)
        card = state["revealed"][seat]
        face = _face(self, state, card)
        dog = _dog(state, args)
        self._lay(state, seat, card, dog, now_ms)
        if face["kind"] == "tail":
            dog["open"] = False
            dog["completed_by"] = seat
            state["markers"][seat] -= 1
            if state["markers"][seat] == 0:
                self._stop(state, "markers", seat, now_ms)      # §4.5.1, atomic
                return
        self._check_stall(state, now_ms)

    # ------------------------------------------------------------------ action helpers
    def _put_under(self, state: dict, seat: int) -> None:
        """The revealed card (if any) goes face down under the pile it came from."""
        card = state["revealed"][seat]
        if card is not None:
            state["piles"][seat][state["in_hand"][seat]].append(card)
            state["revealed"][seat] = None

    def _lay(self, state: dict, seat: int, card: int, dog: dict, now_ms: int) -> None:
        """Put the revealed card on the table for good (§4.4: never moved again)."""
        dog["cards"].append(card)
        state["revealed"][seat] = None
        state["last_place_ms"] = now_ms
        self._restart_idle(state, now_ms)
        if not state["piles"][seat][state["in_hand"][seat]]:
            state["emptied"][seat] = True                    # WAL-17: all ten placed
        flash = ms(state["options"]["placed_flash_s"])
        if flash:
            recent = state["recent"]
            recent.append({"seat": seat, "dog": dog["id"], "index": len(dog["cards"]) - 1,
                           "t": now_ms, "until": now_ms + flash})
            if len(recent) > RECENT_MAX:
                del recent[0]
            self._restart_flash(state)

    # ================================================================== stop and scoring
    def _check_stall(self, state: dict, now_ms: int) -> None:
        """WAL-8a: stop when no player holds any card that could be placed: no head left
        (heads always fit) and no belly or tail matching an open end."""
        deck = self.deck_of(state["options"])
        ends = {deck[d["cards"][-1] % C.SET_SIZE]["rear"] for d in state["dogs"] if d["open"]}
        for seat, piles in enumerate(state["piles"]):
            held = [state["revealed"][seat]] if state["revealed"][seat] is not None else []
            for pile in piles + [held]:
                for card in pile:
                    face = deck[card % C.SET_SIZE]
                    if face["kind"] == "head" or face["front"] in ends:
                        return
        self._stop(state, "no_moves", None, now_ms)

    def _stop(self, state: dict, reason: str, seat, now_ms: int) -> None:
        """§4.5: Stop, distribution and bones in one atomic step."""
        n = len(state["players"])
        opts = state["options"]
        # Everyone puts his pile down; a revealed card returns under its pile.
        for s in range(n):
            self._put_under(state, s)
        state["in_hand"] = [None] * n
        won = [0] * n
        deck = self.deck_of(opts)
        for dog in state["dogs"]:
            if dog["open"]:
                continue                                    # "n'appartiennent à personne"
            dog["owner"] = dachshund_owner(deck, dog["cards"])
            won[dog["owner"]] += len(dog["cards"])
        rank_bones = rank_bones_for(won, opts["rank_ties"], opts["min_cards_for_rank_bone"])
        if not any(not d["open"] for d in state["dogs"]):
            # WAL-7 (settled): a round stopped before anyone finished a dachshund (an idle or
            # stall stop) pays no rank bones: nobody played it.
            rank_bones = [None] * n
        bonus_bone = C.PILE_BONUS_BONE[opts["edition"]]
        points = []
        bones = []
        for s in range(n):
            b = {"gold": 0, "silver": 0, "bronze": 0}
            if rank_bones[s]:
                b[rank_bones[s]] += 1
            if state["emptied"][s]:
                b[bonus_bone] += 1                          # WAL-16: one bone however many piles
            bones.append(b)
            points.append(sum(C.BONE_VALUE[k] * v for k, v in b.items()))
            for k, v in b.items():
                state["bones"][s][k] += v
            state["points"][s] += points[s]
            state["cards_won"][s] += won[s]
        state["stop"] = {"reason": reason, "seat": seat, "t": now_ms}
        state["results"].append({
            "round": state["round"],
            "reason": reason,
            "stopped_by": seat,
            "won_cards": won,
            "rank_bones": rank_bones,
            "pile_bonus": list(state["emptied"]),
            "bones": bones,
            "points": points,
        })
        state["recent"] = []
        if state["round"] >= ROUNDS:
            state["phase"] = "over"
            state["winners"] = final_winners(state["points"], state["cards_won"], opts["final_tie_break"])
        else:
            state["phase"] = "scoring"
            state["ready"] = [False] * n

    def stage(self, state: dict, seat: int) -> Optional[str]:
        """The phase; while the round is live, "holding" for a seat with a card turned up."""
        phase = state["phase"]
        if phase == "live" and state["revealed"][seat] is not None:
            return "holding"
        return phase

    def result(self, state: dict) -> Optional[dict]:
        if state["phase"] != "over":
            return None
        return {"winners": list(state["winners"]), "scores": list(state["points"]),
                "cards_won": list(state["cards_won"])}

    def project(self, state: dict, seat) -> dict:
        """Exactly what ``seat`` may see (§4.8).  No card id ever appears: it would reveal
        the card's back.  Pile order is unknown even to the owner: sizes only.  The
        revealed card is seen by its owner only; others see that a card is face up.
        Who laid each card is shown only while ``show_card_owner`` is on, in the short
        ``recent`` flash, and after the round stops (the cards are sorted by their backs)."""
        deck = self.deck_of(state["options"])
        opts = state["options"]
        phase = state["phase"]
        ended = phase in ("scoring", "over")
        owners = opts["show_card_owner"] or ended
        n = len(state["players"])

        dogs = [self._dog_view(deck, d, owners, ended) for d in state["dogs"]]
        seats = [self._seat_view(state, s) for s in range(n)]
        me = None if seat is None else self._my_view(state, deck, seat)
        return {
            "game": self.id,
            "you": seat,
            "players": list(state["players"]),
            "phase": phase,
            "round": state["round"],
            "rounds": ROUNDS,
            "go_ms": state["go_ms"],
            "now_ms": state["now"],
            "edition": opts["edition"],
            "colours": list(opts["blanket_colours"]),
            "deck": [dict(f) for f in deck],
            # The default recipe is balanced by construction; only a custom deck can warn.
            "deck_warnings": C.deck_warnings(deck) if opts["deck"] is not None else [],
            "show_card_owner": opts["show_card_owner"],
            "me": me,
            "seats": seats,
            "dogs": dogs,
            "recent": [dict(e) for e in state["recent"]],
            "ready": list(state["ready"]),
            "stop": dict(state["stop"]) if state["stop"] else None,
            "results": [_copy_result(r) for r in state["results"]],
            "points": list(state["points"]),
            "winners": list(state["winners"]) if state["winners"] is not None else None,
        }

    @staticmethod
    def _dog_view(deck: list, d: dict, owners: bool, ended: bool) -> dict:
        faces = []
        for card in d["cards"]:
            f = dict(deck[card % C.SET_SIZE])
            if owners:
                f["owner"] = card // C.SET_SIZE
            faces.append(f)
        return {"id": d["id"], "cards": faces, "length": len(faces), "open": d["open"],
                "end": faces[-1]["rear"] if d["open"] else None, "completed_by": d["completed_by"],
                "owner": d["owner"] if ended else None}

    @staticmethod
    def _seat_view(state: dict, s: int) -> dict:
        return {"name": state["players"][s], "piles": [len(p) for p in state["piles"][s]],
                "in_hand": state["in_hand"][s], "holding": state["revealed"][s] is not None,
                "markers_left": state["markers"][s], "pile_emptied": state["emptied"][s],
                "points": state["points"][s], "bones": dict(state["bones"][s]),
                "completed": sum(1 for d in state["dogs"] if d["completed_by"] == s)}

    def _my_view(self, state: dict, deck: list, seat: int) -> dict:
        """The seat's own part: its revealed card (seen by nobody else)."""
        card = state["revealed"][seat]
        return {"seat": seat, "in_hand": state["in_hand"][seat], "piles": [len(p) for p in state["piles"][seat]],
                "revealed": dict(deck[card % C.SET_SIZE]) if card is not None else None,
                "markers_left": state["markers"][seat]}

    # ================================================================== hidden information
    def end_view(self, state: dict) -> dict:
        """Once the game is over the piles are turned up: the spectator's view with, per
        seat, the faces of the cards left in each pile, top first (a replay's all-seeing end)."""
        view = self.project(state, None)
        deck = self.deck_of(state["options"])
        for s, seat in enumerate(view["seats"]):
            seat["left"] = [[dict(deck[c % C.SET_SIZE]) for c in p] for p in state["piles"][s]]
            card = state["revealed"][s]
            seat["revealed_card"] = None if card is None else dict(deck[card % C.SET_SIZE])
        return view

    def hidden_variants(self, state: dict, seat, rng) -> list:
        """States ``seat`` cannot tell from ``state``: the order of every pile (even one's
        own, §4.8: sizes only) and the revealed card of every other player are shuffled
        within that player's unseen cards."""
        out = []
        for _ in range(3):
            alt = clone(state)
            for s, piles in enumerate(alt["piles"]):
                unseen = [c for p in piles for c in p]
                other_card = s != seat and alt["revealed"][s] is not None
                if other_card:
                    unseen.append(alt["revealed"][s])
                rng.shuffle(unseen)
                for p in piles:
                    p[:] = [unseen.pop() for _ in p]
                if other_card:
                    alt["revealed"][s] = unseen.pop()
            out.append(alt)
        return out



_DECKS: dict = {}      # (edition, colours) -> default deck, shared read-only

def _copy_result(r: dict) -> dict:
    return {k: ([dict(x) for x in v] if k == "bones" else (list(v) if isinstance(v, list) else v))
            for k, v in r.items()}


# ====================================================================== pure rule helpers
def dachshund_owner(deck: list, dog_cards: list) -> int:
    """§4.5.2: a completed dachshund belongs to the tail's player if the tail shows a cat,
    else to the head's player (read from the card backs).  WAL-19: same set, same answer."""
    tail = dog_cards[-1]
    if deck[tail % C.SET_SIZE]["cat"]:
        return C.owner_of(tail)
    return C.owner_of(dog_cards[0])


def rank_bones_for(won: list, ties: str = "competition", min_cards: int = 0) -> list:
    """§4.5.4 + WAL-6/WAL-7: the ranking bone of each player by cards won.

    Gold, silver, bronze for ranks 1-3; rank 4 gets nothing.  ``competition``: tied players
    share the best tied rank and the next ranks are skipped (12, 12, 8, 5 → gold, gold,
    bronze, none); ``dense``: no rank is skipped (12, 12, 8 → gold, gold, silver).  A player
    with fewer than ``min_cards`` cards gets no ranking bone.
    """
    distinct = sorted(set(won), reverse=True)
    out = []
    for w in won:
        if ties == "dense":
            rank = distinct.index(w)
        else:
            rank = sum(1 for x in won if x > w)
        bone = RANK_BONES[rank] if rank < len(RANK_BONES) else None
        out.append(bone if w >= min_cards else None)
    return out


def final_winners(points: list, cards_won: list, tie_break: str = "shared") -> list:
    """§4.6: the highest bone total wins; WAL-25: a tie is a shared win, or with
    ``most_cards`` the tied player with the most cards over the game (still shared if equal)."""
    best = max(points)
    top = [s for s, p in enumerate(points) if p == best]
    if tie_break == "most_cards" and len(top) > 1:
        most = max(cards_won[s] for s in top)
        top = [s for s in top if cards_won[s] == most]
    return top


GAME = Waldi()
