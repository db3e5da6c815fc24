"""Play-Doh's Cave (Michael Bowling, version 3.0): the rules engine, RULES.md §3.

Every side molds riddles (one secret word each); then letter rounds and question rounds
alternate.  In a letter round each side may ask one letter of another side's riddle
("second consonant"), answered privately; in a question round each side has 30 seconds of
public yes/no questions and then one secret guess.  A correct guess scores the game
marker's column (guesser top, owner bottom) and sticks a toothpick into the riddle; the
second toothpick removes it.  Interrupts let a side guess out of turn.  The game ends when
the game marker reaches End, or when a side has nothing left to guess (§3.6).

Phases: ``molding`` (§3.2) -> ``play`` (rounds, turns, interrupts) -> ``over``.
A *side* is a player, or a team of two adjacent seats past six players (§3.12); every rule
that says "player" applies to the side (§0.1).  Choices where RULES.md is silent are named
options in ``docs/games/cave.md``.

Who may act is declared as stages (engine/stages.py): :meth:`Cave.stage` names each seat's
(the turn side's ``letter``/``asking``/``guessing``, the owner ``answering`` a question,
the others ``watching``, everyone ``interrupted`` or ``judging`` while play stands still).
Timers (engine-run, §3.10), each run by its stage: ``molding``, ``letter_turn``,
``question`` (the 30 s clock), ``answer`` (the owner's reply, CAVE-10), ``guess`` (writing
the guess after the clock), ``interrupt`` (writing an interrupt's guess), ``judge`` (the
owner confirming a near miss).  The stages of an interrupt or a judgement *hold* the turn
clocks (they stand still and run on after it), and so does ``waiting``, the asker's stage
while an answer is pending, unless ``table_faithful_clock``: a pause cannot be forgotten.
"""
from __future__ import annotations

from typing import Optional

from ...engine import Bool, Choice, Game, Guard, IllegalAction, Int, ListOf, Move, OneOf, Picture, Stage, Text, Timer, clone, ms
from ...engine.schema import Arg, SchemaError, is_int
from ..riddles import letters as L
from ..riddles.questions import MAX_QUESTION, flag_question, public_flags
from ..riddles.words import EXACT, NEAR, SecretWordError, check_secret_word, match_guess

ANSWERS = ("yes", "no", "maybe", "irrelevant")       # §3.5.2: "Yes", "No", "Maybe", "Irrelevant"
MEDIA = ("canvas2d", "photo", "table")               # §3.11 (table: real clay, no picture)
START, FIVE_P, END = "Start", "5P", "End"

#: §3.3 DEFAULT (configurable): the game-marker track, columns (top, bottom); CAVE-4.
DEFAULT_TRACK = [
    {"label": START, "top": 6, "bottom": 0},
    {"label": "", "top": 6, "bottom": 1},
    {"label": "", "top": 5, "bottom": 2},
    {"label": "", "top": 5, "bottom": 3},
    {"label": FIVE_P, "top": 5, "bottom": 3},
    {"label": "", "top": 4, "bottom": 4},
    {"label": "", "top": 4, "bottom": 4},
    {"label": "", "top": 3, "bottom": 4},
    {"label": FIVE_P, "top": 3, "bottom": 3},
    {"label": "", "top": 3, "bottom": 3},
    {"label": "", "top": 2, "bottom": 2},
    {"label": "", "top": 2, "bottom": 1},
    {"label": "", "top": 1, "bottom": 1},
    {"label": END, "top": 0, "bottom": 0},
]

def riddles_per_side(n_players: int) -> list:
    """§3.2 and CAVE-1/CAVE-2: the sides (lists of seats, clockwise) and each side's riddle
    count.  3 players: 4 each; 4: 3 each; 5-6: 2 each; 7-12: teams of two adjacent seats
    making one riddle per member, an odd player out solo with 2."""
    seats = list(range(n_players))
    if n_players <= 6:
        per = {3: 4, 4: 3}.get(n_players, 2)
        return [([s], per) for s in seats]
    sides = [(seats[i:i + 2], 2) for i in range(0, n_players - 1, 2)]
    if n_players % 2:
        sides.append(([seats[-1]], 2))
    return sides


class _TrackArg(Arg):
    """The ``game_marker_track`` option: Start first, End last, ``5P`` spaces between, each
    column with whole-number top and bottom values."""

    kind = "track"

    def check(self, value, name, state=None):
        if not isinstance(value, list) or not 3 <= len(value) <= 40:
            raise SchemaError("bad_arg", f"{name} must list 3 to 40 spaces.")
        out = []
        for i, sp in enumerate(value):
            if not isinstance(sp, dict) or set(sp) - {"label", "top", "bottom"}:
                raise SchemaError("bad_arg", f"{name}[{i}] must have a label, a top and a bottom number.")
            label = sp.get("label", "")
            top, bottom = sp.get("top", 0), sp.get("bottom", 0)
            if label not in ("", START, FIVE_P, END):
                raise SchemaError("bad_arg", f"{name}[{i}] label must be Start, 5P, End or empty.")
            if not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 99 for x in (top, bottom)):
                raise SchemaError("bad_arg", f"{name}[{i}] numbers must be whole numbers 0-99.")
            if (label == START) != (i == 0) or (label == END) != (i == len(value) - 1):
                raise SchemaError("bad_arg", f"{name} must begin with Start and end with End.")
            out.append({"label": label, "top": top, "bottom": bottom})
        if all(sp["label"] == FIVE_P for sp in out[1:-1]):
            raise SchemaError("bad_arg", f"{name} needs a space that is not 5P.")
        return out



_RIDDLE = Int(0, lambda s: max(0, len(s["riddles"]) - 1) if s else 11, label="riddle")
PHOTO_ANGLES = 3        # §3.11 "several angles (Proposed: at least 3)"
MAX_PHOTOS = 8          # photos of one riddle (bounded messages and storage)
MOLD_MOVES = {"canvas2d": "mold", "photo": "mold_photos", "table": "mold_clay"}


def _acting_side(state: dict) -> Optional[int]:
    """The side a turn move or an interrupt's guess is made for now (None outside play)."""
    if state.get("phase") != "play":
        return None
    if state["interrupt"] is not None:
        return state["interrupt"]["side"]
    rnd = state["round"]
    return None if rnd is None else rnd["order"][rnd["turn"]]


class _Target(Choice):
    """A riddle the acting side may choose now (CAVE-11, CAVE-12): the schema itself says
    which riddles are open, so a described move applies with any value it allows."""

    def __init__(self, solved_ok: bool = False) -> None:
        super().__init__(of=self._open, label="riddle")
        self.solved_ok = solved_ok

    def _open(self, state: dict) -> list:
        side = _acting_side(state)
        ids = [] if side is None else [r["id"] for r in state["riddles"] if r["side"] != side and not r["removed"]
                                       and (self.solved_ok or side not in r["solved_by"])]
        return ids or list(range(max(1, len(state["riddles"]))))   # never empty: the rules refuse it later

    def check(self, value, name, state=None):
        if state is not None and is_int(value) and 0 <= value < len(state["riddles"]):
            side, r = _acting_side(state), state["riddles"][value]
            if side is not None and r["side"] == side:
                raise SchemaError("own_riddle", "A side cannot ask about or guess its own riddles.")
            if r["removed"]:
                raise SchemaError("removed", "That riddle has two toothpicks and is out of the game.")
            if side is not None and not self.solved_ok and side in r["solved_by"]:
                raise SchemaError("already_solved", "That riddle is already solved by this side.")
        return super().check(value, name, state)


def _owner_side(state: dict, rid: int) -> int:
    return state["riddles"][rid]["side"]


def _targets(state: dict, side: int) -> list:
    """Riddles ``side`` may still guess: another side's, in play, not solved by it."""
    return [r["id"] for r in state["riddles"]
            if r["side"] != side and not r["removed"] and side not in r["solved_by"]]


NOT_NOW = ("not_now", "That move is not possible right now.")
NOT_YOUR_TURN = ("not_your_turn", "It is not your turn.")
#: a move the seat's stage does not open: the turn side may not make it now, another side not at all
_TURN_CLOSED = {"letter": NOT_NOW, "asking": NOT_NOW, "waiting": NOT_NOW, "guessing": NOT_NOW, None: NOT_YOUR_TURN}
_NO_QUESTION = ("no_question", "There is no question about your riddle to answer.")
_PAUSED = ("letter_turn", "question", "answer")       # §3.10: everything stops during an interrupt or a judgement


def _mold_guards(move_type: str) -> tuple:
    return (Guard("wrong_medium", lambda g, st, seat, a: MOLD_MOVES[st["options"]["riddle_medium"]] == move_type,
                  "This table hands in its riddles another way (see the riddle medium)."),
            Guard("all_molded", lambda g, st, seat, a: any(r["maker"] == seat and r["word"] is None
                                                            for r in st["riddles"]),
                  "You have handed in all your riddles."))


def _made(state: dict, seat: int) -> list:
    return [r["id"] for r in state["riddles"] if r["maker"] == seat and r["word"] is not None]


#: §3.5.3 / §3.10: in a letter or question round, not during another interrupt, not in the
#: questioner's stopped-to-guess window, nor while a guess is being judged; with a cube left
#: and a riddle to guess (a side with none is refused as any move out of its turn).
_INTERRUPT_GUARDS = (
    Guard("interrupt_running", lambda g, st, seat, a: st["interrupt"] is None,
          "Another interrupt is being resolved: it cannot be interrupted."),
    Guard("guess_window", lambda g, st, seat, a: st["stage"] not in ("guessing", "judging") and st["judging"] is None,
          "No interrupt while a guess is being written or judged."),
    Guard("no_cube", lambda g, st, seat, a: st["sides"][st["side_of"][seat]]["interrupts"] >= 1,
          "Your side has no interrupt cube left."),
    Guard("not_your_turn", lambda g, st, seat, a: bool(_targets(st, st["side_of"][seat]))
          or st["side_of"][seat] == g._turn_side(st), NOT_YOUR_TURN[1]),
    Guard("not_now", lambda g, st, seat, a: bool(_targets(st, st["side_of"][seat])), NOT_NOW[1]),
)


def _ms_or_none(option: str):
    """A timer's length from a duration option in seconds (0: no limit)."""
    return lambda g, st, seat: ms(st["options"][option]) or None


def _turn_key(g, st, seat):
    """A new turn is a new clock (the next side's)."""
    rnd = st["round"]
    return None if rnd is None else [rnd["no"], rnd["kind"], rnd["turn"]]


class Cave(Game):
    """Play-Doh's Cave; see the module docstring and ``docs/games/cave.md``."""

    id = "cave"
    title = "Play-Doh's Cave"
    min_players = 3
    max_players = 12
    bot_levels = ()                           # a computer player cannot see clay (docs/games/cave.md)
    coach = ".coach:coach"                     # the coach's report after the game (Game.review)
    options = {
        "riddle_medium": "canvas2d",          # §3.11: canvas2d | photo | table (real clay)
        "molding_time_s": 600,                # CAVE-3, 0 = unlimited
        "game_marker_track": DEFAULT_TRACK,   # §3.3 / CAVE-4
        "first_round": "letter",              # CAVE-6
        "y_vowel": False,                     # CAVE-7
        "letter_turn_s": 30,                  # §3.5.1, 0 = unlimited
        "question_s": 30,                     # §3.5.2 "thirty seconds"
        "answer_s": 10,                       # CAVE-10
        "guess_write_s": 30,                  # §3.5.2 / CAVE-13
        "judge_s": 20,                        # owner confirming a near miss (docs: judge_s)
        "guess_required": False,              # CAVE-9
        "auto_accept_misspelling": False,     # CAVE-16 / §3.7
        "owner_may_accept_wrong": False,      # §3.7 "subject to an owner override"
        "reveal_on_removal": True,            # CAVE-17
        "table_faithful_clock": False,        # CAVE-10
        "first_player_rule": "youngest",      # §3.2.4 "The youngest player receives the start marker", §0.2.7
        "first_player": None,                 # the seat the host names for that rule; None = drawn
        "tie_break": "shared",                # CAVE-19: shared | most_solved
    }
    option_choices = {
        "riddle_medium": list(MEDIA),
        "first_round": ["letter", "question"],
        "tie_break": ["shared", "most_solved"],
        "first_player_rule": ["youngest", "oldest", "random", "host_choice"],
        "first_player": [None] + list(range(12)),
    }
    option_specs = {
        "molding_time_s": Int(0, 3600),
        "game_marker_track": _TrackArg(),
        "y_vowel": Bool(),
        "letter_turn_s": Int(0, 600),
        "question_s": Int(5, 600),
        "answer_s": Int(1, 120),
        "guess_write_s": Int(5, 600),
        "judge_s": Int(1, 600),
        "guess_required": Bool(),
        "auto_accept_misspelling": Bool(),
        "owner_may_accept_wrong": Bool(),
        "reveal_on_removal": Bool(),
        "table_faithful_clock": Bool(),
    }
    # A seat's stage (see ``stage``); a move open in it still needs its guards.
    stages = {
        "molding": Stage(("withdraw", "mold", "mold_photos", "mold_clay"), timers=("molding",),
                         refuse=("molding", "The riddles are still being molded.")),
        "letter": Stage(("ask_letter", "pass", "interrupt"), timers=("letter_turn",)),
        "asking": Stage(("ask", "stop", "interrupt"), timers=("question",),
                        awaits=lambda g, st, seat: st["question"] is None),
        # the asker while the answer is pending: the table waits for the owner, the clock too
        "waiting": Stage(("stop", "interrupt"), holds=("question",), awaits=lambda g, st, seat: False),
        "guessing": Stage(("guess", "no_guess", "interrupt"), timers=("guess",),
                          awaits=lambda g, st, seat: st["question"] is None),
        "answering": Stage(("answer", "refuse", "interrupt"), timers=("answer",)),
        "watching": Stage(("interrupt",)),
        "interrupting": Stage(("guess", "no_guess", "interrupt"), timers=("interrupt",), holds=_PAUSED,
                              refuse=("interrupted", "The game is paused for an interrupt.")),
        "interrupted": Stage(("interrupt",), holds=_PAUSED,
                             refuse=("interrupted", "The game is paused for an interrupt.")),
        "judge": Stage(("judge", "interrupt"), timers=("judge",), holds=_PAUSED,
                       refuse=("judging", "The game waits for the owner to judge a guess.")),
        "judge_interrupt": Stage(("judge", "interrupt"), timers=("judge",), holds=_PAUSED,
                                 refuse=("interrupted", "The game is paused for an interrupt.")),
        "judging": Stage(("interrupt",), holds=_PAUSED,
                         refuse=("judging", "The game waits for the owner to judge a guess.")),
    }
    moves = {
        "mold": Move(handler="move_mold", args={"word": Text(64, label="secret word"), "picture": Picture(label="picture")},
                     closed=_TURN_CLOSED, guards=_mold_guards("mold"),
                     doc="Hand in a riddle drawn on the canvas: its secret word and the drawing."),
        "mold_photos": Move(handler="move_mold_photos", args={"word": Text(64, label="secret word"),
                               "pictures": ListOf(Picture(), PHOTO_ANGLES, MAX_PHOTOS, label="photos")},
                            closed=_TURN_CLOSED, guards=_mold_guards("mold_photos"),
                            doc="Hand in a riddle of real clay: its secret word and photos from several angles."),
        "mold_clay": Move(handler="move_mold_clay", args={"word": Text(64, label="secret word")},
                          closed=_TURN_CLOSED, guards=_mold_guards("mold_clay"),
                          doc="Hand in a riddle of real clay at the table: its secret word."),
        "withdraw": Move(handler="move_withdraw", args={"riddle": _RIDDLE}, interrupt=True, closed=_TURN_CLOSED,
                         guards=(Guard("molding", lambda g, st, seat, a: bool(_made(st, seat)),
                                       "The riddles are still being molded."),),
                         within={"riddle": OneOf(lambda g, st, seat, a: _made(st, seat),
                                                 ("not_your_riddle", "You can take back only a riddle you handed in."))},
                         doc="Take back a riddle handed in, to mold it again, while molding lasts."),
        "ask_letter": Move(handler="move_ask_letter", args={"riddle": _Target(), "n": Int(1, L.MAX_N, label="letter number", shown=True),
                                  "unit": Choice(L.UNITS, label="kind of letter"),
                            "count_from": Choice(L.FROM, label="end to count from")}, closed=_TURN_CLOSED,
                           doc="Letter round: ask one letter (§3.5.1)."),
        "pass": Move(handler="move_pass", closed=_TURN_CLOSED, doc="Letter round: ask nothing (CAVE-8)."),
        "ask": Move(handler="move_ask", args={"riddle": _Target(solved_ok=True), "text": Text(MAX_QUESTION, label="question")},
                    closed=_TURN_CLOSED, guards=(Guard("not_now", lambda g, st, seat, a: st["question"] is None, NOT_NOW[1]),),
                    doc="Question round: a yes/no question."),
        "answer": Move(handler="move_answer", args={"answer": Choice(ANSWERS, label="answer")}, closed=_NO_QUESTION,
                       doc="The owner's answer to the pending question."),
        "refuse": Move(handler="move_refuse", closed=_NO_QUESTION,
                       doc="The owner refuses a question about letters or length (§3.5.2)."),
        "stop": Move(handler="move_stop", closed=_TURN_CLOSED, doc="Stop the question clock to write the guess."),
        "guess": Move(handler="move_guess", args={"riddle": _Target(), "word": Text(64, label="guess")},
                      closed=_TURN_CLOSED, doc="The one secret guess."),
        "no_guess": Move(handler="move_no_guess", closed=_TURN_CLOSED, doc="Make no guess (CAVE-9).",
                         guards=(Guard("not_now", lambda g, st, seat, a: st["interrupt"] is not None
                                       or not st["options"]["guess_required"], NOT_NOW[1]),)),
        "judge": Move(handler="move_judge", args={"accept": Bool(label="judgement")}, closed=_TURN_CLOSED,
                      doc="The owner: is this guess a spelling error of the word?"),
        "interrupt": Move(handler="move_interrupt", interrupt=True, closed=_TURN_CLOSED, guards=_INTERRUPT_GUARDS,
                          doc="Spend an interrupt cube to pause the game and guess (§3.5.3)."),
    }
    # in firing order at equal times; each runs while its stage lasts (see ``stages``)
    timers = {
        "molding": Timer("timer_molding", length=_ms_or_none("molding_time_s"), doc="CAVE-3"),
        "judge": Timer("timer_judge", length=lambda g, st, seat: ms(st["options"]["judge_s"])),
        "interrupt": Timer("timer_interrupt", length=lambda g, st, seat: ms(st["options"]["guess_write_s"])),
        "guess": Timer("timer_guess", length=lambda g, st, seat: ms(st["options"]["guess_write_s"])),
        "answer": Timer("timer_answer", length=lambda g, st, seat: ms(st["options"]["answer_s"]), doc="CAVE-10"),
        "question": Timer("timer_question", length=lambda g, st, seat: ms(st["options"]["question_s"]), key=_turn_key),
        "letter_turn": Timer("timer_letter_turn", length=_ms_or_none("letter_turn_s"), key=_turn_key),
    }
    # §3.9: a side sees its own words, the letter answers and guesses between it and a
    # riddle's side, and the word flags of a question about its own riddle.
    private = {"riddles": "side", "letters": "side", "guesses": "side", "question": "side"}
    constants = {"answers": list(ANSWERS), "units": list(L.UNITS), "count_from": list(L.FROM),
                 "none": L.NONE, "max_n": L.MAX_N, "photo_angles": PHOTO_ANGLES, "max_photos": MAX_PHOTOS}

    # ================================================================== options, setup
    def validate_options(self, opts: dict, n_players: int) -> None:
        if opts["first_player"] is not None and opts["first_player"] >= n_players:
            raise IllegalAction("bad_options", "The starting seat must be one of the table's seats.", "first_player")

    def setup(self, state: dict, now_ms: int) -> None:
        opts = state["options"]
        n = len(state["players"])
        sides, side_of, riddles = [], [0] * n, []
        for i, (seats, count) in enumerate(riddles_per_side(n)):
            sides.append({"seats": seats, "score": 0, "interrupts": 1})
            for s in seats:
                side_of[s] = i
            makers = seats if len(seats) == count else seats * count     # a team: one riddle per member
            for maker in makers:
                riddles.append({"id": len(riddles), "side": i, "maker": maker, "word": None, "pictures": [],
                                "toothpicks": 0, "solved_by": [], "removed": False})
        start = opts["first_player"]
        if start is None or opts["first_player_rule"] == "random":     # nobody's age is known: a seeded draw
            start = self.rng(state).below(n)
        state.update(phase="molding", sides=sides, side_of=side_of, riddles=riddles, marker=0,
                     start=side_of[start], round=None, stage=None, question=None, interrupt=None, judging=None,
                     letters=[], qa=[], guesses=[], reason=None, winners=None)

    # ================================================================== who may act
    def stage(self, state: dict, seat: int) -> Optional[str]:
        """The seat's stage (see ``stages``): while a guess is judged or an interrupt runs,
        only the judging owner or the interrupting side acts and everyone else waits; else
        the turn side is in the round's stage, the owner of a pending question answers."""
        phase = state["phase"]
        if phase != "play":
            return "molding" if phase == "molding" else None
        side = state["side_of"][seat]
        if state["judging"] is not None:
            g = state["guesses"][state["judging"]]
            if side == _owner_side(state, g["riddle"]):
                return "judge" if state["interrupt"] is None else "judge_interrupt"
            return "judging" if state["interrupt"] is None else "interrupted"
        if state["interrupt"] is not None:
            return "interrupting" if side == state["interrupt"]["side"] else "interrupted"
        q = state["question"]
        if side == self._turn_side(state):
            pending = q is not None and state["stage"] == "asking" and not state["options"]["table_faithful_clock"]
            return "waiting" if pending else state["stage"]
        if q is not None and side == _owner_side(state, q["riddle"]):
            return "answering"
        return "watching"

    def _turn_side(self, state: dict) -> Optional[int]:
        rnd = state["round"]
        return None if rnd is None else rnd["order"][rnd["turn"]]

    # ================================================================== molding (§3.2)
    def move_mold(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        self._mold(state, seat, args["word"], [args["picture"]], now_ms)

    def move_mold_photos(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        self._mold(state, seat, args["word"], args["pictures"], now_ms)

    def move_mold_clay(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        self._mold(state, seat, args["word"], [], now_ms)

    def _mold(self, state: dict, seat: int, text: str, pictures: list, now_ms: int) -> None:
        """Hand in the seat's next riddle (§3.2: a riddle is a word, CAVE-23)."""
        try:
            word = check_secret_word(text)
        except SecretWordError as err:
            raise IllegalAction(err.code, err.message) from None
        r = next(r for r in state["riddles"] if r["maker"] == seat and r["word"] is None)
        r["word"], r["pictures"] = word, list(pictures)
        if all(x["word"] is not None for x in state["riddles"]):
            self._begin_play(state, now_ms)

    def move_withdraw(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        r = state["riddles"][args["riddle"]]          # the seat's own, handed in (``within``)
        r["word"], r["pictures"] = None, []

    def timer_molding(self, state: dict, now_ms: int) -> None:
        """Time is up (CAVE-3): riddles not handed in are left out of the game."""
        self._begin_play(state, now_ms)

    def _begin_play(self, state: dict, now_ms: int) -> None:
        kept = [r for r in state["riddles"] if r["word"] is not None]
        for i, r in enumerate(kept):
            r["id"] = i
        state["riddles"] = kept
        state["phase"] = "play"
        if self._exhausted(state, now_ms):
            return
        self._start_round(state, state["options"]["first_round"], 1, now_ms)

    # ================================================================== rounds and turns (§3.5)
    def _start_round(self, state: dict, kind: str, no: int, now_ms: int) -> None:
        n = len(state["sides"])
        order = [(state["start"] + i) % n for i in range(n)]         # clockwise from the start marker
        state["round"] = {"kind": kind, "no": no, "order": order, "turn": 0, "correct": False}
        self._start_turn(state, now_ms)

    def _start_turn(self, state: dict, now_ms: int) -> None:
        state["stage"] = "letter" if state["round"]["kind"] == "letter" else "asking"

    def _end_turn(self, state: dict, now_ms: int) -> None:
        if state["question"] is not None:          # never left unanswered: as at the answer cap
            self._record_answer(state, "maybe", auto=True)
        rnd = state["round"]
        rnd["turn"] += 1
        if rnd["turn"] < len(rnd["order"]):
            self._start_turn(state, now_ms)
            return
        state["stage"] = None
        if rnd["kind"] == "letter":
            # "At the end of the letter round advance the game marker one space toward the end."
            if self._advance(state, now_ms):
                return
            self._next_round(state, "question", now_ms)
        else:
            # "if no riddle was correctly guessed by any player (including the use of
            # interrupts), the game marker is advanced one space."
            if not rnd["correct"] and self._advance(state, now_ms):
                return
            # "the start marker is passed counter-clockwise, so the last player becomes
            # the starting player" (CAVE-21: once per cycle, after the question round).
            state["start"] = (state["start"] - 1) % len(state["sides"])
            self._next_round(state, "letter", now_ms)

    def _next_round(self, state: dict, kind: str, now_ms: int) -> None:
        no = state["round"]["no"] + (1 if kind == state["options"]["first_round"] else 0)
        self._start_round(state, kind, no, now_ms)

    def five_sides(self, state: dict) -> bool:
        """"In a five player game ... skip the spaces labeled '5P'" (a side is a player, §0.1)."""
        return len(state["sides"]) == 5

    def _advance(self, state: dict, now_ms: int) -> bool:
        """Move the game marker one space toward End, skipping 5P spaces with five sides
        (CAVE-5: on every advance).  True when it reached End and the game is over."""
        track = state["options"]["game_marker_track"]
        idx = state["marker"] + 1
        while self.five_sides(state) and track[idx]["label"] == FIVE_P:
            idx += 1
        state["marker"] = idx
        if track[idx]["label"] == END:
            self._finish(state, "end_space")
            return True
        return False

    # ================================================================== letter round (§3.5.1)
    def move_ask_letter(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        r = state["riddles"][args["riddle"]]          # a riddle it may ask about (the schema, _Target)
        query = L.LetterQuery(args["n"], args["unit"], args["count_from"])
        state["letters"].append({
            "side": state["side_of"][seat], "seat": seat, "riddle": r["id"], "n": query.n, "unit": query.unit,
            "count_from": query.count_from, "round": state["round"]["no"],
            "answer": L.answer(r["word"], query, state["options"]["y_vowel"]),
        })
        self._end_turn(state, now_ms)

    def move_pass(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        self._end_turn(state, now_ms)

    def timer_letter_turn(self, state: dict, now_ms: int) -> None:
        self._end_turn(state, now_ms)                  # §3.5.1 Proposed: an automatic pass

    # ================================================================== question round (§3.5.2)
    def move_ask(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        r = state["riddles"][args["riddle"]]
        state["question"] = {"side": state["side_of"][seat], "seat": seat, "riddle": r["id"], "text": args["text"],
                             "flags": flag_question(args["text"], r["word"]), "at": now_ms}

    def _record_answer(self, state: dict, answer: str, auto: bool = False, seat: Optional[int] = None) -> None:
        q = state["question"]
        state["qa"].append({"side": q["side"], "seat": q["seat"], "riddle": q["riddle"], "text": q["text"],
                            "answer": answer, "auto": auto, "by": seat, "round": state["round"]["no"]})
        state["question"] = None

    def move_answer(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        self._record_answer(state, args["answer"], seat=seat)

    def move_refuse(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        """The question is about letters or length: not allowed; the asker may rephrase."""
        self._record_answer(state, "refused", seat=seat)

    def timer_answer(self, state: dict, now_ms: int) -> None:
        """CAVE-10: no answer within ``answer_s``: the engine records "Maybe"."""
        self._record_answer(state, "maybe", auto=True)

    def move_stop(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        self._to_guessing(state, now_ms)

    def timer_question(self, state: dict, now_ms: int) -> None:
        self._to_guessing(state, now_ms)               # "or continue until time runs out"

    def _to_guessing(self, state: dict, now_ms: int) -> None:
        state["stage"] = "guessing"

    def timer_guess(self, state: dict, now_ms: int) -> None:
        self._end_turn(state, now_ms)                  # no guess written in time

    # ================================================================== guesses (§3.5.2, §3.7)
    def move_guess(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        r = state["riddles"][args["riddle"]]
        how = "interrupt" if state["interrupt"] is not None else "turn"
        match = match_guess(args["word"], r["word"])
        opts = state["options"]
        g = {"side": state["side_of"][seat], "seat": seat, "riddle": r["id"], "word": args["word"], "match": match,
             "how": how, "round": state["round"]["no"], "kind": state["round"]["kind"], "marker": state["marker"],
             "correct": None, "points": None, "judged": False}
        state["guesses"].append(g)
        gi = len(state["guesses"]) - 1
        if match == EXACT or (match == NEAR and opts["auto_accept_misspelling"]):
            self._settle(state, gi, True, now_ms)
        elif match == NEAR or opts["owner_may_accept_wrong"]:
            state["judging"] = gi
            state["stage"] = "judging" if how == "turn" else state["stage"]
        else:
            self._settle(state, gi, False, now_ms)

    def move_no_guess(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        if state["interrupt"] is not None:
            self._end_interrupt(state, now_ms)
        else:
            self._end_turn(state, now_ms)

    def move_judge(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        gi = state["judging"]
        state["guesses"][gi]["judged"] = True
        self._settle(state, gi, args["accept"], now_ms)

    def timer_judge(self, state: dict, now_ms: int) -> None:
        """The owner did not judge in time: a near miss is a spelling error ("Spelling errors
        are ignored") and counts; a guess the engine found wrong stays wrong."""
        gi = state["judging"]
        self._settle(state, gi, state["guesses"][gi]["match"] == NEAR, now_ms)

    def _settle(self, state: dict, gi: int, correct: bool, now_ms: int) -> None:
        g = state["guesses"][gi]
        state["judging"] = None
        g["correct"] = bool(correct)
        if correct:
            r = state["riddles"][g["riddle"]]
            col = state["options"]["game_marker_track"][state["marker"]]
            state["sides"][g["side"]]["score"] += col["top"]          # "the top number"
            state["sides"][r["side"]]["score"] += col["bottom"]       # "the bottom number"
            g["points"] = [col["top"], col["bottom"]]
            r["toothpicks"] += 1
            r["solved_by"].append(g["side"])
            if r["toothpicks"] >= 2:                                   # "the riddle is removed"
                r["removed"] = True
            if state["round"]["kind"] == "question":                   # CAVE-15
                state["round"]["correct"] = True
            if self._exhausted(state, now_ms):
                return
        if g["how"] == "interrupt":
            self._end_interrupt(state, now_ms)
        else:
            self._end_turn(state, now_ms)

    def _exhausted(self, state: dict, now_ms: int) -> bool:
        """§3.6 (b), CAVE-18: a side has guessed every remaining riddle but its own."""
        if any(not _targets(state, i) for i in range(len(state["sides"]))):
            self._finish(state, "nothing_to_guess")
            return True
        return False

    # ================================================================== interrupts (§3.5.3)
    def move_interrupt(self, state: dict, seat: int, args: dict, now_ms: int) -> None:
        side = state["side_of"][seat]
        state["sides"][side]["interrupts"] -= 1          # spent whatever the outcome (CAVE-13)
        state["interrupt"] = {"side": side, "seat": seat, "at": now_ms}

    def timer_interrupt(self, state: dict, now_ms: int) -> None:
        self._end_interrupt(state, now_ms)               # no guess written in time

    def _end_interrupt(self, state: dict, now_ms: int) -> None:
        """"When only one player has an interrupt remaining, all players are given an
        additional interrupt" (CAVE-14: checked after each interrupt, no cap)."""
        state["interrupt"] = None
        holders = [s for s in state["sides"] if s["interrupts"] >= 1]
        if len(holders) == 1:
            for s in state["sides"]:
                s["interrupts"] += 1

    # ================================================================== end (§3.6)
    def _finish(self, state: dict, reason: str) -> None:
        state["phase"] = "over"
        state["reason"] = reason
        state["stage"] = None
        state["question"] = None
        state["interrupt"] = None
        state["judging"] = None
        state["timers"] = {}
        sides = state["sides"]
        best = max(s["score"] for s in sides)
        tied = [i for i, s in enumerate(sides) if s["score"] == best]
        if state["options"]["tie_break"] == "most_solved" and len(tied) > 1:
            solved = {i: sum(i in r["solved_by"] for r in state["riddles"]) for i in tied}
            most = max(solved.values())
            tied = [i for i in tied if solved[i] == most]
        state["winners"] = sorted(s for i in tied for s in sides[i]["seats"])

    def result(self, state: dict) -> Optional[dict]:
        if state["phase"] != "over":
            return None
        return {"winners": list(state["winners"]),
                "scores": [state["sides"][state["side_of"][s]]["score"] for s in range(len(state["players"]))]}

    # ================================================================== views (§3.9)
    def project(self, state: dict, seat: Optional[int]) -> dict:
        me = None if seat is None else state["side_of"][seat]
        riddles = state["riddles"]
        letters = [self._letter_view(state, q, me) for q in state["letters"]]
        guesses = [self._guess_view(state, g, me) for g in state["guesses"]]
        question = self._question_view(state, me)
        rnd = state["round"]
        return {
            "phase": state["phase"],
            "players": list(state["players"]),
            "me": seat,
            "my_side": me,
            "side_of": list(state["side_of"]),
            "sides": [{"seats": list(s["seats"]), "score": s["score"], "interrupts": s["interrupts"]}
                      for s in state["sides"]],
            "riddles": [self._riddle_view(state, r, me) for r in riddles],
            "marker": state["marker"],
            "track": [dict(sp) for sp in state["options"]["game_marker_track"]],
            "five_sides": self.five_sides(state),
            "start": state["start"],
            "round": None if rnd is None else dict(rnd, order=list(rnd["order"])),
            "turn_side": self._turn_side(state) if state["phase"] == "play" else None,
            "stage": state["stage"],
            "question": question,
            "qa": [dict(q) for q in state["qa"]],
            "letters": letters,
            "guesses": guesses,
            "judging": state["judging"],
            "interrupt": None if state["interrupt"] is None else dict(state["interrupt"]),
            "options": {k: state["options"][k] for k in ("riddle_medium", "guess_required", "table_faithful_clock",
                                                         "question_s", "y_vowel")},
            "reason": state["reason"],
            "winners": None if state["winners"] is None else list(state["winners"]),
        }

    @staticmethod
    def _riddle_view(state: dict, r: dict, me: Optional[int]) -> dict:
        """A riddle: its word for its side, everyone once removed (``reveal_on_removal``) or
        at the end; its pictures hidden from the other sides while molding lasts."""
        mine = r["side"] == me
        v = {k: (list(r[k]) if isinstance(r[k], list) else r[k])
             for k in ("id", "side", "maker", "toothpicks", "solved_by", "removed")}
        v["made"] = r["word"] is not None
        v["pictures"] = list(r["pictures"]) if (state["phase"] != "molding" or mine) else []
        over, reveal = state["phase"] == "over", state["options"]["reveal_on_removal"]
        v["word"] = r["word"] if (over or mine or (r["removed"] and reveal)) else None
        return v

    @staticmethod
    def _letter_view(state: dict, q: dict, me: Optional[int]) -> dict:
        v = {k: q[k] for k in ("side", "seat", "riddle", "n", "unit", "count_from", "round")}
        if me is not None and me in (q["side"], state["riddles"][q["riddle"]]["side"]):
            v["answer"] = q["answer"]              # "shown only to the requesting player"
        return v

    @staticmethod
    def _guess_view(state: dict, g: dict, me: Optional[int]) -> dict:
        v = {k: g[k] for k in ("side", "seat", "riddle", "how", "round", "kind", "marker", "correct")}
        v["points"] = None if g["points"] is None else list(g["points"])
        if state["phase"] == "over" or (me is not None and me in (g["side"], state["riddles"][g["riddle"]]["side"])):
            v["word"], v["match"] = g["word"], g["match"]          # "written secretly"
        return v

    @staticmethod
    def _question_view(state: dict, me: Optional[int]) -> Optional[dict]:
        """The pending question; §3.11 flags (assistive: the owner decides).  Those that
        depend on the word (names_word, near_word) only for the side that knows it."""
        q = state["question"]
        if q is None:
            return None
        question = {k: q[k] for k in ("side", "seat", "riddle", "text", "at")}
        mine = me is not None and me == state["riddles"][q["riddle"]]["side"]
        question["flags"] = list(q["flags"]) if mine else public_flags(q["text"])
        return question

    def hidden_variants(self, state: dict, seat: Optional[int], rng) -> list:
        """States ``seat`` cannot tell from ``state`` (§3.9): other sides' secret words (and
        their pictures while molding), letter answers and guesses meant for other sides, and
        the word flags of a question about another side's riddle are all different."""
        if state["phase"] == "over":
            return []
        me = None if seat is None else state["side_of"][seat]
        reveal = state["options"]["reveal_on_removal"]
        out = []
        for k in range(2):
            alt = clone(state)
            owner = {r["id"]: r["side"] for r in alt["riddles"]}
            for r in alt["riddles"]:
                if r["side"] == me or r["word"] is None or (r["removed"] and reveal):
                    continue
                r["word"] = "".join(rng.choice("aeiouxyz") for _ in range(3 + rng.below(6)))
                if alt["phase"] == "molding":
                    r["pictures"] = ["sha256:" + f"{rng.below(1 << 32):08x}" * 8]
            for q in alt["letters"]:
                if me not in (q["side"], owner[q["riddle"]]):
                    q["answer"] = rng.choice(["-", "q", "é", "ß"])
            for g in alt["guesses"]:
                if me not in (g["side"], owner[g["riddle"]]):
                    g["word"], g["match"] = "x" * (1 + rng.below(9)), rng.choice(["exact", "near", "wrong"])
            q = alt["question"]
            if q is not None and me != owner[q["riddle"]]:
                q["flags"] = [f for f in ("names_word", "near_word") if rng.below(2)] + \
                    [f for f in q["flags"] if f not in ("names_word", "near_word")]
            out.append(alt)
        return out
