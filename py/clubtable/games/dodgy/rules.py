"""DODGY, the liar's-dice game with a seer stone (RULES.md §5).

Every player secretly rolls a hand of picture dice.  In turn, players claim ever higher
quantities of some image on the whole table; anyone may shout DODGY on the latest claim.
The loser of a challenge gives one die (the winner's pick) to the winner; the first
receiver ever also takes the seer stone, which is wild for its holder's own claims.

State layout (JSON-safe, besides the keys every game has)::

    n_dice        dice per player at the start (DGY setup table)
    hands         [[die id, ...] per seat]; regular dice 0..19, the seer stone is 20
    faces         [face or None per die id]; None = not rolled / not in play
    seer          "centre" | "removed" | seat holding it
    box, removed  die ids never dealt (DGY-8) / that left the game with an eliminated player
    public        die ids whose current face everyone knows (only when dice are not
                  re-rolled every round; see docs/games/dodgy.md)
    active        [bool per seat]; out_round [round a seat went out, or None]
    phase         "statement" | "challenge" | "choose" | "over"
    round, opener, stater
    statements    this round's applied statements: {n, seat, quantity, image, at, auto}
    serial        statements applied in the whole game (gives every statement its ``n``)
    pending       a statement held until the challenge window may close, or None
    accepted      seats that let the current statement stand (a held statement counts)
    window_end    when the current statement's minimum challenge window ends (ms), or None
    shouts        [[seat, ms], ...] DODGY shouts collected within ``jitter_ms``
    reveal        the latest challenge: every face, the count, who won, which die moved
    history       every challenge of the game, without the faces (compact); append-only,
                  so ``apply`` shares it between states instead of copying it
    winners       set when the game is over
    timers        (engine-run) ``window``: a held statement is announced; ``shouts``: the
                  jitter collection ends; ``statement``: the stater's time runs out;
                  ``choose``: the winner's time to choose a die runs out
"""
from __future__ import annotations

from typing import Optional

from ...engine import (Between, Choice, Game, Guard, IllegalAction, Int, Log, Move, Nullable, Number, OneOf, Stage,
                       State, Timer, clone, is_int, ms)

SEER = 20                      # id of the seer stone; regular dice are 0..19
REGULAR_DICE = 20              # DGY-1
DICE_PER_PLAYER = {2: 10, 3: 6, 4: 5, 5: 4, 6: 3}
DEFAULT_FACES = ["bow", "ship", "sword", "image4", "image5", "image6"]   # DGY-2

# Shouting DODGY and letting a statement stand: on the current statement, by anyone but its
# maker, once (accept adds "the stater states instead" before the last one).
_RESPONSE_GUARDS = (
    Guard("no_statement", lambda g, st, seat, a: bool(st["statements"]), "There is no statement to respond to yet."),
    Guard("own_statement", lambda g, st, seat, a: seat != st["statements"][-1]["seat"],
          "You cannot challenge or accept your own statement."),
    Guard("already_accepted", lambda g, st, seat, a: seat not in st["accepted"],
          "You already let this statement stand."),
    Guard("already_shouted", lambda g, st, seat, a: all(s != seat for s, _ in st["shouts"]),
          "You already shouted DODGY."),
)
# The statement a response names, to refuse a stale one.
_CURRENT = OneOf(lambda g, st, seat, a: [st["statements"][-1]["n"]],
                 ("stale_statement", "That statement has already been followed by another one."))


class Dodgy(Game):
    """DODGY for 2–6 players (RULES.md §5)."""

    id = "dodgy"
    title = "DODGY"
    min_players = 2
    max_players = 6
    realtime = True
    bot_levels = ("easy", "normal", "hard")
    bots = ".bots:DodgyBot"
    timeline = ".timeline:describe"            # the events in words (a record's timeline)
    coach = ".coach:coach"                     # the coach's report after the game (Game.review)
    options = {
        "faces": list(DEFAULT_FACES),          # DGY-2
        "seer_mode": "rolled_face",            # DGY-3
        "reroll_each_round": True,             # DGY-4
        "elimination_threshold": None,         # DGY-9, §5.5 variant
        "seer_on_elimination": "removed",      # DGY-9
        "challenge_min_window_s": 3,           # §5.7.2; 0 = statements are never held
        "statement_s": 30,                     # §5.7.4; 0 = no limit
        "choose_s": 15,                        # §5.7.4; 0 = no limit
        "first_player_rule": "youngest",       # §0.2.7, DGY-16
        "first_player": None,                  # the seat the host names for that rule
        "jitter_ms": 0,                        # §0.2.3, §5.7.3
        "round_limit": None,                   # house rule ("the rules of winning can be changed")
    }
    option_specs = {
        "challenge_min_window_s": Number(0, 60),
        "statement_s": Number(0, 3600),
        "choose_s": Number(0, 3600),
        "jitter_ms": Int(0, 2000),
        "round_limit": Nullable(Int(1, 10000)),
    }
    # ------------------------------------------------------------------ who may act (RULES.md §5.4, §5.7)
    # Every seat still in the game is in the stage of the phase; a seat that is out is "out".
    stages = {
        "statement": Stage(("state", "dodgy", "accept"), timers=("window", "statement"),
                           # the stater, even when shouting DODGY is all that is left to him
                           # (DGY-7); a held statement waits for the clock only
                           awaits=lambda g, st, seat: seat == st["stater"] and st["pending"] is None),
        "challenge": Stage(("dodgy",), timers=("shouts",)),
        "choose": Stage(("choose",), timers=("choose",)),
        "out": Stage(refuse=("not_active", "You are out of the game.")),
    }
    moves = {
        "state": Move(
            {"quantity": Int(0, 1000, label="number of dice"), "image": Choice(option="faces", label="image")},
            handler="move_state", doc="MakeStatement: at least quantity dice on the table show image",
            closed=("not_statement_phase", "No statement can be made right now."),
            guards=(
                Guard("not_your_turn", lambda g, st, seat, a: seat == st["stater"],
                      "It is not your turn to make a statement."),
                Guard("already_stated", lambda g, st, seat, a: st["pending"] is None,
                      "Your statement is already waiting to be announced."),
                # DGY-7: no raise is possible beyond N
                Guard("too_high", lambda g, st, seat, a: g.min_quantity(st) <= g.dice_in_hands(st),
                      lambda g, st, seat, a: f"There are only {g.dice_in_hands(st)} dice on the table: "
                                             "no statement can exceed the current one."),
            ),
            # DGY-7: 1 ≤ q ≤ N and q ≥ previous q + 1 (§5.3.4)
            within={"quantity": Between(
                lambda g, st, seat: g.min_quantity(st), lambda g, st, seat: g.dice_in_hands(st),
                below=("too_low", lambda g, st, seat, a: f"The statement must be at least {g.min_quantity(st)}: "
                                                         "one more than the previous one."),
                above=("too_high", lambda g, st, seat, a: f"There are only {g.dice_in_hands(st)} dice on the table."),
            )}),
        "dodgy": Move({"statement": Int(0, optional=True, label="statement")}, interrupt=True,
                      handler="move_dodgy", doc="ShoutDodgy on the current statement (its n, to refuse a stale shout)",
                      closed=("not_now", "There is no statement to respond to right now."),
                      guards=_RESPONSE_GUARDS, within={"statement": _CURRENT}),
        "accept": Move({"statement": Int(0, optional=True, label="statement")}, interrupt=True,
                       handler="move_accept", doc="let the current statement stand",
                       closed=("not_now", "There is no statement to respond to right now."),
                       guards=_RESPONSE_GUARDS[:3] + (
                           Guard("state_instead", lambda g, st, seat, a: seat != st["stater"],
                                 "It is your turn: make a statement or shout DODGY."),
                       ) + _RESPONSE_GUARDS[3:], within={"statement": _CURRENT}),
        "choose": Move({"die": Int(0, SEER, label="die")}, handler="move_choose",
                       doc="the challenge winner takes one of the loser's dice (DGY-13)",
                       closed=("not_now", "There is no die to choose right now."),
                       guards=(Guard("not_your_choice", lambda g, st, seat, a: seat == st["reveal"]["winner"],
                                     "Only the winner of the challenge chooses a die."),),
                       within={"die": OneOf(lambda g, st, seat, a: st["hands"][st["reveal"]["loser"]],
                                            ("bad_die", "Choose one of the loser's dice."))}),
    }
    timers = {
        "window": Timer("timer_window", doc="a held statement is announced (started by the rule, §5.7.2)"),
        "shouts": Timer("timer_shouts", length=lambda g, st, seat: st["options"]["jitter_ms"] or None,
                        doc="the collection of near-simultaneous shouts ends (§5.7.3)"),
        "statement": Timer("timer_statement", length=lambda g, st, seat: g._ms_opt(st, "statement_s") or None,
                           key=lambda g, st, seat: st["stater"], doc="the stater's time runs out (§5.7.4)"),
        "choose": Timer("timer_choose", length=lambda g, st, seat: g._ms_opt(st, "choose_s") or None,
                        doc="the winner's time to choose a die runs out (§5.7.4)"),
    }
    # its own faces; a held statement's claim only to its maker
    private = {"hand": "own", "pending": "own"}
    constants = {
        "seer_die": SEER,                  # the seer stone's die id; regular dice are 0..19
        "regular_dice": REGULAR_DICE,
        "dice_per_player": {str(k): v for k, v in DICE_PER_PLAYER.items()},
    }
    option_choices = {
        "seer_mode": ["rolled_face", "none"],
        "reroll_each_round": [True, False],
        "elimination_threshold": [None, 2, 3, 4],
        "seer_on_elimination": ["removed", "back_to_centre"],
        "first_player_rule": ["youngest", "oldest", "random", "host_choice"],
        "first_player": [None, 0, 1, 2, 3, 4, 5],
    }

    # ================================================================== options
    def validate_options(self, opts: dict, n_players: int) -> None:
        def bad(message: str, reason: str = "value", **params) -> None:
            raise IllegalAction("bad_options", message, reason, **params)

        faces = opts["faces"]
        if not isinstance(faces, list) or not 2 <= len(faces) <= 12:
            bad("The dice need a list of 2 to 12 images.", option="faces")
        if not all(isinstance(f, str) and 0 < len(f) <= 24 and f.strip() == f for f in faces):
            bad("Every image name must be a short text without surrounding spaces.", option="faces")
        if len(set(faces)) != len(faces):
            bad("The images on a die must all differ.", option="faces")
        if type(opts["reroll_each_round"]) is not bool:
            bad("reroll_each_round must be true or false.", option="reroll_each_round")
        threshold = opts["elimination_threshold"]
        if threshold is not None:
            if not is_int(threshold):
                bad("The elimination threshold must be 2, 3, 4 or none.", option="elimination_threshold")
            if threshold >= DICE_PER_PLAYER[n_players]:
                # DGY-9: otherwise everybody (or every first loser) is out at once.
                bad(
                    f"With {n_players} players each starts with {DICE_PER_PLAYER[n_players]} dice, "
                    f"so the elimination threshold must be below that.", "threshold_dice",
                    count=DICE_PER_PLAYER[n_players]
                )
        first = opts["first_player"]
        if first is not None and (not is_int(first) or not 0 <= first < n_players):
            bad("The first player must be one of the seats at the table.", "first_player")
        if 0 < opts["statement_s"] <= opts["challenge_min_window_s"]:
            bad("The statement time must be longer than the minimum challenge window.", "statement_window")

    # ================================================================== setup
    def setup(self, state: State, now_ms: int) -> None:
        """§5.1: 20 regular dice shared out by the setup table, the rest stay in the box
        (DGY-8); the seer stone starts in the centre, unrolled and uncounted (DGY-14)."""
        n = len(state["players"])
        k = DICE_PER_PLAYER[n]
        state.update(
            n_dice=k,
            hands=[list(range(s * k, (s + 1) * k)) for s in range(n)],
            faces=[None] * (REGULAR_DICE + 1),
            seer="centre",
            box=list(range(n * k, REGULAR_DICE)),
            removed=[],
            public=[],
            active=[True] * n,
            out_round=[None] * n,
            phase="statement",
            round=0,
            opener=None,
            stater=None,
            statements=[],
            serial=0,
            pending=None,
            accepted=[],
            window_end=None,
            shouts=[],
            reveal=None,
            history=Log(),
            winners=None,
        )
        opts = state["options"]
        if opts["first_player"] is not None and opts["first_player_rule"] != "random":
            first = opts["first_player"]
        else:
            # Ages are unknown to the engine: "youngest" falls back to a seeded draw (§0.2.7).
            first = self.rng(state).below(n)
        self._roll_all(state)
        self._start_round(state, first, now_ms)

    # ================================================================== queries
    @staticmethod
    def dice_in_hands(state: State) -> int:
        """N of DGY-7: every die in a hand, the seer stone included once it is held."""
        return sum(len(h) for h in state["hands"])

    @staticmethod
    def current(state: State) -> Optional[dict]:
        return state["statements"][-1] if state["statements"] else None

    @staticmethod
    def min_quantity(state: State) -> int:
        """§5.3.4: a statement exceeds the previous quantity by at least one (DGY-7: q ≥ 1)."""
        cur = Dodgy.current(state)
        return cur["quantity"] + 1 if cur else 1

    @staticmethod
    def next_active(state: State, seat: int) -> int:
        """The next active player to the left (clockwise, DGY-11); skips players who are out."""
        n = len(state["players"])
        for step in range(1, n + 1):
            s = (seat + step) % n
            if state["active"][s]:
                return s
        return seat

    @staticmethod
    def active_seats(state: State) -> list:
        return [s for s, a in enumerate(state["active"]) if a]

    def _bystanders(self, state: State) -> list:
        """Active players other than the current statement's maker and the next stater:
        the ones for whom ``accept`` exists."""
        cur = self.current(state)
        return [s for s in self.active_seats(state) if s != cur["seat"] and s != state["stater"]]

    def _ms_opt(self, state: State, name: str) -> int:
        return ms(state["options"][name])

    def stage(self, state: State, seat: int) -> Optional[str]:
        """The phase for every seat still in the game; "out" for the others."""
        return state["phase"] if state["active"][seat] else "out"

    def shift_clocks(self, state: State, shift_ms: int) -> None:
        """Fair pass-and-play: the minimum challenge window stood still behind the hand-over
        screen, like the timers."""
        if state.get("window_end") is not None:
            state["window_end"] += shift_ms

    # ------------------------------------------------------------------ statement
    def move_state(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """MakeStatement (§5.4): the stater claims ``quantity`` dice showing ``image`` on the
        whole table.  DGY-7: 1 ≤ q ≤ N and q ≥ previous q + 1.  §5.7.2: a statement that
        arrives before ``challenge_min_window_s`` has passed since the previous one is held
        and applied when that window ends, unless a DODGY comes first."""
        stmt = {"n": None, "seat": seat, "quantity": args["quantity"], "image": args["image"], "at": now_ms,
                "auto": False}
        cur = self.current(state)
        if cur is None or now_ms >= state["window_end"]:
            self._apply_statement(state, stmt, now_ms)
            return
        state["pending"] = stmt
        state["accepted"].append(seat)      # stating is this player's way of letting it stand
        self.start_timer(state, "window", now_ms, state["window_end"] - now_ms)
        self._close_if_all_accepted(state, now_ms)

    def _apply_statement(self, state: State, stmt: dict, now_ms: int) -> None:
        """The host announces a statement: it becomes the current one, its challenge
        window opens, and the next active player on the left is to state (his clock
        starts: the ``statement`` timer's key is the stater)."""
        stmt = dict(stmt, n=state["serial"], at=now_ms)
        state["serial"] += 1
        state["statements"].append(stmt)
        state["pending"] = None
        state["accepted"] = []
        state["window_end"] = now_ms + self._ms_opt(state, "challenge_min_window_s")
        state["stater"] = self.next_active(state, stmt["seat"])
        self.stop_timer(state, "window")

    def _close_if_all_accepted(self, state: State, now_ms: int) -> None:
        """§5.7.1: once every other active player lets the statement stand (bystanders by
        ``accept``, the next stater by stating), the window closes at once."""
        pending = state["pending"]
        if pending is None:
            return
        if all(s in state["accepted"] for s in self._bystanders(state)):
            self._apply_statement(state, pending, now_ms)

    # ------------------------------------------------------------------ challenge
    def move_dodgy(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """ShoutDodgy (§5.4): any active player except the statement's maker challenges the
        current statement.  The first shout to arrive is the challenge (§5.7.3); with
        ``jitter_ms`` > 0 the shouts within that time of the first are collected and the one
        nearest clockwise from the maker's left wins.  A held statement is discarded."""
        if state["phase"] == "challenge":
            state["shouts"].append([seat, now_ms])
            return
        state["pending"] = None
        if state["options"]["jitter_ms"] > 0:
            state["phase"] = "challenge"
            state["shouts"] = [[seat, now_ms]]
            return
        self._reveal(state, seat, now_ms, by_timeout=False)

    def move_accept(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """Accept (§5.4, digital only): a bystander lets the current statement stand and may
        no longer challenge it.  The next stater accepts by stating instead."""
        state["accepted"].append(seat)
        self._close_if_all_accepted(state, now_ms)

    def _reveal(self, state: State, challenger: int, now_ms: int, by_timeout: bool) -> None:
        """Reveal (§5.4): all dice become public.  ``count`` is the regular dice showing the
        image plus the seer stone's contribution: 1 when its holder made the statement (wild,
        DGY-3/DGY-15); else 1 when ``seer_mode`` is rolled_face and it shows the image; else 0.
        The statement is correct when count ≥ quantity; the winner then chooses a die."""
        cur = self.current(state)
        image, faces = cur["image"], state["faces"]
        counted = [d for h in state["hands"] for d in h if d != SEER and faces[d] == image]
        holder = state["seer"]
        if not isinstance(holder, int):
            seer_rule, seer_contrib = "not_in_play", 0
        elif holder == cur["seat"]:
            seer_rule, seer_contrib = "wild", 1
        elif state["options"]["seer_mode"] == "rolled_face":
            seer_rule, seer_contrib = "rolled_face", int(faces[SEER] == image)
        else:
            seer_rule, seer_contrib = "none", 0
        if seer_contrib:
            counted.append(SEER)
        count = len(counted)
        correct = count >= cur["quantity"]
        winner, loser = (cur["seat"], challenger) if correct else (challenger, cur["seat"])
        state["reveal"] = {
            "round": state["round"],
            "statement": dict(cur),
            "stater": cur["seat"],
            "quantity": cur["quantity"],
            "image": image,
            "challenger": challenger,
            "shouts": [s for s, _ in state["shouts"]] or [challenger],   # arrival order
            "by_timeout": by_timeout,
            "hands": [[{"id": d, "face": faces[d], "seer": d == SEER} for d in h] for h in state["hands"]],
            "counted": sorted(counted),
            "seer_rule": seer_rule,
            "seer_contrib": seer_contrib,
            "count": count,
            "correct": correct,
            "winner": winner,
            "loser": loser,
            "chosen": None,
            "chosen_by_timeout": False,
            "seer_from_centre": False,
            "eliminated": [],
            "at": now_ms,
        }
        state["public"] = sorted(d for h in state["hands"] for d in h)
        state["phase"] = "choose"
        state["pending"] = None
        state["accepted"] = []
        state["window_end"] = None
        state["shouts"] = []
        state["stater"] = None

    # ------------------------------------------------------------------ exchange
    def move_choose(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """ChooseDie (§5.4, DGY-13): the winner takes any one die from the loser's revealed
        hand, the seer stone included."""
        self._exchange(state, args["die"], now_ms, by_timeout=False)

    def _exchange(self, state: State, die: int, now_ms: int, by_timeout: bool) -> None:
        """The die moves loser → winner.  §5.3.7: on the first exchange of the game the
        receiver also takes the seer stone from the centre.  Then Check (§5.5)."""
        rev = state["reveal"]
        winner, loser = rev["winner"], rev["loser"]
        hands = state["hands"]
        hands[loser].remove(die)
        hands[winner].append(die)
        moved = [die]
        if die == SEER:
            state["seer"] = winner
        elif state["seer"] == "centre":
            hands[winner].append(SEER)
            state["seer"] = winner
            rev["seer_from_centre"] = True
            moved.append(SEER)
        hands[winner].sort()
        rev["chosen"] = die
        rev["chosen_by_timeout"] = by_timeout
        if not state["options"]["reroll_each_round"]:
            # Without a full re-roll only the dice that changed hands are rolled again, by
            # their new owner; every other face stays as the reveal showed it, public.
            rng = self.rng(state)
            for d in sorted(moved):
                state["faces"][d] = rng.choice(state["options"]["faces"])
            state["public"] = [d for d in state["public"] if d not in moved]
        self._check(state, now_ms)

    # ------------------------------------------------------------------ check
    def _check(self, state: State, now_ms: int) -> None:
        """Check (§5.5).  A player without dice is out (DGY-12); with a threshold T, a player
        left with ≤ T dice is eliminated with his dice (DGY-9).  Only the loser can newly fall
        (DGY-17).  The last active player wins; otherwise the loser (or the next active
        player to his left, DGY-5) opens the next round."""
        rev = state["reveal"]
        loser = rev["loser"]
        threshold = state["options"]["elimination_threshold"]
        held = len(state["hands"][loser])
        if held == 0 or (threshold is not None and held <= threshold):
            self._eliminate(state, loser)
            rev["eliminated"] = [loser]
        # Never an append in place: ``apply`` shares the history between states (a Log).
        state["history"] = Log.of(state["history"]).plus(clone({
            "round": state["round"],
            "statement_count": len(state["statements"]),
            **{k: rev[k] for k in (
                "stater", "quantity", "image", "challenger", "shouts", "by_timeout", "count", "correct",
                "winner", "loser", "chosen", "chosen_by_timeout", "seer_from_centre",
                "seer_contrib", "eliminated",
            )},
        }))
        active = self.active_seats(state)
        limit = state["options"]["round_limit"]
        if len(active) == 1:
            self._finish(state, active)
        elif limit is not None and state["round"] >= limit:
            best = max(len(state["hands"][s]) for s in active)
            self._finish(state, [s for s in active if len(state["hands"][s]) == best])
        else:
            opener = loser if state["active"][loser] else self.next_active(state, loser)
            if state["options"]["reroll_each_round"]:
                self._roll_all(state)       # DGY-4
            self._start_round(state, opener, now_ms)

    def _eliminate(self, state: State, seat: int) -> None:
        dice = state["hands"][seat]
        state["hands"][seat] = []
        state["active"][seat] = False
        state["out_round"][seat] = state["round"]
        for d in dice:
            state["faces"][d] = None
            if d == SEER and state["options"]["seer_on_elimination"] == "back_to_centre":
                state["seer"] = "centre"    # goes to the receiver of the next exchange
            else:
                if d == SEER:
                    state["seer"] = "removed"
                state["removed"].append(d)
        state["removed"].sort()
        state["public"] = [d for d in state["public"] if d not in dice]

    def _finish(self, state: State, winners: list) -> None:
        state.update(
            phase="over", winners=winners, stater=None, pending=None, accepted=[],
            window_end=None, shouts=[],
        )

    # ------------------------------------------------------------------ rounds
    def _roll_all(self, state: State) -> None:
        """§5.3.1 Roll: every active player rolls all his dice, the seer stone included when
        held (DGY-3); the stone in the centre is not rolled (DGY-14)."""
        rng = self.rng(state)
        faces = state["options"]["faces"]
        for hand in state["hands"]:
            for d in hand:
                state["faces"][d] = rng.choice(faces)
        state["public"] = []

    def _start_round(self, state: State, opener: int, now_ms: int) -> None:
        state.update(
            phase="statement", round=state["round"] + 1, opener=opener, stater=opener,
            statements=[], pending=None, accepted=[], window_end=None, shouts=[],
        )

    # ================================================================== timers
    def timer_window(self, state: State, now_ms: int) -> None:
        """§5.7.2: the held statement is announced as soon as the minimum window ends."""
        self._apply_statement(state, state["pending"], now_ms)

    def timer_statement(self, state: State, now_ms: int) -> None:
        """§5.7.4: an opening statement that times out is "1 × the image most frequent in
        the stater's hand"; a follow-up that times out is a DODGY by the stater."""
        stater = state["stater"]
        if self.current(state) is None:
            image = self._most_frequent_image(state, stater)
            stmt = {"n": None, "seat": stater, "quantity": 1, "image": image, "at": now_ms, "auto": True}
            self._apply_statement(state, stmt, now_ms)
        else:
            self._reveal(state, stater, now_ms, by_timeout=True)

    def timer_shouts(self, state: State, now_ms: int) -> None:
        """§5.7.3: near-simultaneous shouts go clockwise from the maker's left."""
        maker, n = self.current(state)["seat"], len(state["players"])
        challenger = min((s for s, _ in state["shouts"]), key=lambda s: (s - maker) % n)
        self._reveal(state, challenger, now_ms, by_timeout=False)

    def timer_choose(self, state: State, now_ms: int) -> None:
        """§5.7.4: a seeded random regular die (the seer stone only if nothing else is left)."""
        hand = state["hands"][state["reveal"]["loser"]]
        regular = [d for d in hand if d != SEER]
        die = self.rng(state).choice(regular) if regular else SEER
        self._exchange(state, die, now_ms, by_timeout=True)

    def _most_frequent_image(self, state: State, seat: int) -> str:
        faces = state["options"]["faces"]
        counts = {f: 0 for f in faces}
        for d in state["hands"][seat]:
            if d != SEER:
                counts[state["faces"][d]] += 1
        return max(faces, key=lambda f: (counts[f], -faces.index(f)))

    # ================================================================== view
    def project(self, state: State, seat) -> dict:
        """What ``seat`` may see (§5.7 table): its own faces, everybody's dice counts, who
        holds the seer stone, every statement, challenge and reveal.  Other players' current
        faces appear only when public (after a reveal, when dice are not re-rolled)."""
        phase, cur = state["phase"], self.current(state)
        players, faces = state["players"], state["faces"]
        public = set(state["public"])
        me = seat
        hand = []
        if me is not None:
            hand = [{"id": d, "face": faces[d], "seer": d == SEER} for d in state["hands"][me]]
        known = [
            [] if s == me else [{"id": d, "face": faces[d], "seer": d == SEER} for d in h if d in public]
            for s, h in enumerate(state["hands"])
        ]
        pending = self._pending_view(state, me)
        rev = state["reveal"]
        return {
            "game": self.id,
            "you": me,
            "players": list(players),
            "options": dict(state["options"], faces=list(state["options"]["faces"])),
            "faces": list(state["options"]["faces"]),
            "phase": phase,
            "round": state["round"],
            "opener": state["opener"],
            "stater": state["stater"],
            "seats": [{"seat": s, "name": players[s], "dice": len(state["hands"][s]), "active": state["active"][s],
                       "seer": state["seer"] == s, "out_round": state["out_round"][s]} for s in range(len(players))],
            "seer": state["seer"],
            "dice_in_hands": self.dice_in_hands(state),
            "dice_in_play": self.dice_in_hands(state) + (1 if state["seer"] == "centre" else 0),
            "removed": len(state["removed"]),
            "hand": hand,
            "known": known,
            "statement": dict(cur) if cur else None,
            "statements": [dict(s) for s in state["statements"]],
            "min_quantity": self.min_quantity(state),
            "max_quantity": self.dice_in_hands(state),
            "pending": pending,
            "accepted": list(state["accepted"]),
            "window_end": state["window_end"] if phase == "statement" else None,
            "shouts": [s for s, _ in state["shouts"]],
            "chooser": rev["winner"] if phase == "choose" else None,
            "choose_from": rev["loser"] if phase == "choose" else None,
            "reveal": _copy_reveal(rev),
            "history": [_copy_challenge(h) for h in state["history"]],
            "result": self.result(state),
        }

    @staticmethod
    def _pending_view(state: State, me) -> Optional[dict]:
        """A statement waiting to be announced: what it says only for its maker."""
        pending = state["pending"]
        if pending is None:
            return None
        if pending["seat"] == me:
            return {k: pending[k] for k in ("seat", "quantity", "image", "at")}
        return {"seat": pending["seat"], "at": pending["at"]}

    # ================================================================== result
    def result(self, state: State) -> Optional[dict]:
        if state["phase"] != "over":
            return None
        return {"winners": list(state["winners"]), "scores": [len(h) for h in state["hands"]]}

    def end_view(self, state: State) -> dict:
        """Once the game is over every cup is lifted: the spectator's view with every
        remaining die's face public (a replay's all-seeing end)."""
        view = self.project(state, None)
        faces = state["faces"]
        view["known"] = [[{"id": d, "face": faces[d], "seer": d == SEER} for d in h] for h in state["hands"]]
        return view

    # ================================================================== hidden information
    def hidden_variants(self, state: State, seat, rng) -> list:
        """States ``seat`` cannot tell from ``state``: every face it may not see is re-rolled
        (its own dice, the public ones and the stone in the centre keep theirs), and a held
        statement by another player names another claim."""
        public = set(state["public"])
        mine = set(state["hands"][seat]) if seat is not None else set()
        out = []
        for _ in range(3):
            alt = clone(state)
            for hand in alt["hands"]:
                for d in hand:
                    if d not in mine and d not in public:
                        alt["faces"][d] = rng.choice(alt["options"]["faces"])
            pend = alt["pending"]
            if pend is not None and pend["seat"] != seat:
                pend["image"] = rng.choice(alt["options"]["faces"])
                pend["quantity"] = max(self.min_quantity(alt), min(pend["quantity"] + rng.randint(-1, 1),
                                                                   self.dice_in_hands(alt)))
            out.append(alt)
        return out

    # ------------------------------------------------------------------ copies
    @staticmethod
    def _copy(state: State) -> State:
        # The log and the challenge history are Logs (append-only, shared): an ``apply``
        # late in a long game costs what it cost in the first round.  The options and the
        # players' names never change after the deal: shared too.
        return {k: (v if k in _SHARED else clone(v)) for k, v in state.items()}

    # ================================================================== bots
    def warm_up(self):
        from .reading import prepare
        return prepare(len(DEFAULT_FACES))


_SHARED = frozenset({"log", "history", "options", "players"})   # kept, not copied, by _copy


# Views are built often (every seat, after every change); these copies know the flat shape
# of a challenge record and are much cheaper than a generic deep copy.
def _copy_challenge(rec: dict) -> dict:
    out = dict(rec)
    out["eliminated"] = list(rec["eliminated"])
    if "shouts" in rec:
        out["shouts"] = list(rec["shouts"])
    if "statement" in rec:
        out["statement"] = dict(rec["statement"])
    return out


def _copy_reveal(rev: Optional[dict]) -> Optional[dict]:
    if rev is None:
        return None
    out = _copy_challenge(rev)
    out["hands"] = [[dict(d) for d in h] for h in rev["hands"]]
    out["counted"] = list(rev["counted"])
    return out
