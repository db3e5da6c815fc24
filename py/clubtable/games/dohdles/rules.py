"""Dohdles! (RULES.md §1): sculpt riddles, give clues, race to guess them.

Every side (a player, or a team of two neighbours at 7–12 players) makes two or three
Dohdles, each standing for one secret word.  On a turn the Dohdle Master moves the clue chip
of an opponent's Dohdle one space along its seven-space clue track and gets that space's
clue: up to two questions, or one of the word's first five letters.  At any moment anyone
may shout "Dohdles!" (the ``claim`` move) on any opened Dohdle; claims are resolved in the
order they reached the host, after a short settle window, as the guess funnel would.

State layout (JSON-safe, besides the keys every game has)::

    phase        "making" | "play" | "over"
    side_of      [side per seat]
    sides        [{members, colour, board, token, cube: "ready" | "queued"}]
    dohdles      [{id, side, maker, space, status, word, variants, pictures, chip,
                   letters[5], qa[], solved_by, solved_at}]
                 status: "making" | "active" | "solved" | "retired" | "unmade"
    active_side  the side holding the Dohdle Master placard (None while making)
    turn         {n, phase, target, kind, asked, started, opened[], question, redirect}
                 phase: "choose" | "kind" | "questions" | "letter" | "grace"
    burst        None | {state: "settle" | "propose", entries[], current, rights{},
                         proposals[], dropped[], jittered}
    seq          claims accepted so far (the funnel order key)
    events       the public record: chips moved, clues, claims, proposals, solutions
    winners, reason   set when the game is over

Who may act is declared as stages (engine/stages.py, :meth:`Dohdles.stage`): the Dohdle
Master's side is in its turn's phase (``choose`` ... ``grace``, ``asked`` while its question
waits), the creator ``answering``, the others ``watching``; while a burst is open the
claimant saying his word is ``proposing`` and everyone else in the ``burst``.
Timers (engine-run, each run by its stages): ``sculpt`` (the making time), ``settle`` (the
funnel's settle window and the special right's wait; the rules set its length), ``proposal``
(a claimant's time to say his word), ``answer`` (the creator's time to answer a question),
``turn`` (the Dohdle Master's clock: choosing, composing a question, the letter request, the
grace period).  The burst's stages hold the ``turn`` and ``answer`` clocks (DOH-23).
"""
from __future__ import annotations

from typing import Optional

from ...engine import (Choice, clone, Game, Guard, IllegalAction, Int, ListOf, Move, Number, Picture, Stage, State, Text,
                       Timer, is_int, ms, turn_or_now)
from ..riddles.boards import BOARDS, LANGUAGES
from ..riddles.questions import DEFAULT_ANSWERS, MAX_QUESTION, flag_question, public_flags, WORD_FLAGS
from ..riddles.words import SecretWordError, check_term, letters_of, normalise

SPACES = 12                    # Dohdle spaces in the ring (§1.3)
CLUE_SPACES = 7                # clue spaces per Dohdle (§1.3)
LETTER_SPACES = 5              # letter spaces on a solution sheet (§1.6.2)
MAX_SIDES = 6                  # colours, tokens, cubes (§1.2)
BLANK = "_"                    # a letter space past the word's end (DOH-8)
MAX_PROPOSAL = 64
MAX_EVENTS = 120
MAX_VARIANTS = 4
MAKE_MOVE = {"table": "make", "drawing": "make_drawing", "photo": "make_photo"}

DEFAULT_GREEN = [3] * 7 + [2] * 13          # §1.3: index 0 ("!") and 1–6: 3; 7–19: 2
DEFAULT_RED = [0] + [1] * 6 + [2] * 7 + [3] * 6   # 0; 1–6: 1; 7–13: 2; 14–19: 3


def dohdles_per_side(n_players: int, solo_in_team_game: int = 2) -> list:
    """§1.2: the Dohdles each side makes, as a list of the makers' seats per side.

    3 players: three each; 4–6: two each; 7–12: teams of two neighbours, one Dohdle per
    member, and the odd player out makes ``solo_in_team_game`` (DOH-15)."""
    if n_players <= 6:
        per = 3 if n_players == 3 else 2
        return [[s] * per for s in range(n_players)]
    out = [[2 * t, 2 * t + 1] for t in range(n_players // 2)]
    if n_players % 2:
        out.append([n_players - 1] * solo_in_team_game)
    return out


BURST_OPEN = ("burst_open", "Wait: guesses are being proposed.")
#: a move not open now: wait for the burst, else not your turn (nothing open) or not now
_CLOSED = {"burst": BURST_OPEN, "proposing": BURST_OPEN, None: turn_or_now}
_MAKING = ("making", "Everybody is still making Dohdles.")
_TURN_STAGES = ("choose", "kind", "questions", "letter", "grace")


def _make_guard(move_type: str) -> tuple:
    return (Guard("making", lambda g, st, seat, a: MAKE_MOVE[st["options"]["riddle_medium"]] == move_type and any(
        d["maker"] == seat and d["status"] == "making" for d in st["dohdles"]), _MAKING[1]),)


def _can_add_variant(g, st, seat, a) -> bool:
    d = g._latest_made(st, seat)
    return st["options"]["accepted_variants"] and d is not None and len(d["variants"]) < MAX_VARIANTS


def _turn_length(g, st, seat):
    """The Dohdle Master's clock for the turn's phase (0 s: no limit; a grace of 0 ends at once)."""
    phase = st["turn"]["phase"]
    if phase == "grace":
        return ms(st["options"]["turn_grace_s"])
    return ms(st["options"]["choose_s" if phase == "choose" else "question_compose_s"]) or None


def _turn_key(g, st, seat):
    """The clock starts again with each new phase of the turn, a redirect, a question refused."""
    t = st["turn"]
    return [t["n"], t["phase"], t["redirect"], t["target"],
            None if t["target"] is None else len(st["dohdles"][t["target"]]["qa"])]


_NOT_CREATOR = ("not_creator", "Only the Dohdle's creator answers, when a question is waiting.")


def _claim_side(st, seat) -> dict:
    return st["sides"][st["side_of"][seat]]


#: §1.6.3: a ready cube, not on the "!" space out of one's turn, an opponent's opened Dohdle
_CLAIM_GUARDS = (
    Guard("cube_queued", lambda g, st, seat, a: _claim_side(st, seat)["cube"] == "ready",
          "Your guess cube is already in the funnel."),
    Guard("bang_space", lambda g, st, seat, a: _claim_side(st, seat)["token"] != 0
          or st["side_of"][seat] == st["active_side"],
          "Your token is on the ! space: you may claim a guess only on your own turn."),
    Guard("nothing_to_claim", lambda g, st, seat, a: bool(g.claimable(st, seat)),
          "No opponent's Dohdle is open to a guess now."),
    Guard("no_dohdle", lambda g, st, seat, a: 0 <= a["dohdle"] < len(st["dohdles"]),
          "There is no Dohdle on that space.", on_args=True),
    Guard("own_dohdle", lambda g, st, seat, a: st["dohdles"][a["dohdle"]]["side"] != st["side_of"][seat],
          "You cannot guess your own side's Dohdle.", on_args=True),
    Guard("not_open", lambda g, st, seat, a: st["dohdles"][a["dohdle"]]["status"] == "active"
          and st["dohdles"][a["dohdle"]]["chip"] >= 1,
          "That Dohdle cannot be guessed now: its chip is on the start space, or it is solved or retired.",
          on_args=True),
)


class Dohdles(Game):
    """Dohdles! for 3–6 players, or 7–12 in teams of two (RULES.md §1)."""

    id = "dohdles"
    title = "Dohdles!"
    min_players = 3
    max_players = 12
    bot_levels = ("easy", "normal")
    bots = ".bots:DohdlesBot"
    coach = ".coach:coach"                     # the coach's report after the game (Game.review)
    # the computers cannot see pictures: in a drawing or photo game they make nothing and
    # the making time runs out with no Dohdle of theirs (docs/games/dohdles.md)
    bot_options = {"riddle_medium": ["table"]}
    language_options = ("language",)           # a German page deals German suggestion boards
    options = {
        "language": "en",                                  # suggestion boards, question screening
        "riddle_medium": "drawing",                        # §1.10: drawing | photo | table
        "clue_track_types": ["Q", "L", "Q", "L", "Q", "L", "QL"],   # DOH-1
        "creator_reward": [0, 1, 2, 3, 2, 1, 0],           # DOH-2
        "start_index": 3,                                  # DOH-3, DOH-4 ("!" is index 0)
        "final_index": 20,                                 # DOH-3
        "green_arrows": list(DEFAULT_GREEN),               # DOH-3, per index 0..final-1
        "red_arrows": list(DEFAULT_RED),                   # DOH-3
        "answer_labels": list(DEFAULT_ANSWERS),            # DOH-5
        "buzz_settle_ms": 750,                             # §1.6.4
        "special_right_window_ms": 3000,                   # DOH-11
        "jitter_ms": 0,                                    # §0.2.3
        "answer_s": 20,                                    # DOH-25: a claimant's proposal
        "creator_answer_s": 20,                            # §1.6.1: the creator's answer
        "question_compose_s": 60,                          # §1.6.1
        "turn_grace_s": 5,                                 # DOH-6, DOH-23
        "choose_s": 60,                                    # docs: choose_timeout
        "sculpt_time_s": 600,                              # DOH-19 (0 = unlimited)
        "accepted_variants": False,                        # DOH-20
        "solo_dohdles_in_team_game": 2,                    # DOH-15
        "naming_question": "refuse_by_creator",            # docs: naming_question
        "first_player_rule": "oldest",                     # §1.2.7, §0.2.7
        "first_player": None,                              # the seat the host names for that rule
    }
    option_choices = {
        "language": list(LANGUAGES),
        "riddle_medium": ["drawing", "photo", "table"],
        "accepted_variants": [False, True],
        "solo_dohdles_in_team_game": [1, 2],
        "naming_question": ["refuse_by_creator", "refuse_at_once"],
        "first_player_rule": ["oldest", "youngest", "random", "host_choice"],
        "first_player": [None] + list(range(12)),
    }
    # bounds the set-up form shows (validate_options checks them and the cross-checks)
    option_specs = {
        "start_index": Int(1, 59), "final_index": Int(3, 60),
        "buzz_settle_ms": Int(0, 10_000), "special_right_window_ms": Int(0, 30_000), "jitter_ms": Int(0, 2000),
        **{name: Number(0, 7200) for name in ("answer_s", "creator_answer_s", "question_compose_s",
                                              "turn_grace_s", "choose_s", "sculpt_time_s")},
    }
    # §1.9: a side's own words and suggestion board; a question's word flags for its creators
    private = {"dohdles": "side", "board": "side", "turn": "role"}
    constants = {
        "spaces": SPACES, "clue_spaces": CLUE_SPACES, "letter_spaces": LETTER_SPACES,
        "blank": BLANK, "max_question": MAX_QUESTION, "max_proposal": MAX_PROPOSAL,
        "bang_index": 0,
    }
    stages = {
        "making": Stage(("make", "make_drawing", "make_photo", "add_variant"), timers=("sculpt",), refuse=_MAKING),
        # the Dohdle Master's side, by the turn's phase; claims and reports are open to all
        "choose": Stage(("move_chip", "end_turn", "claim", "report"), timers=("turn",)),
        "kind": Stage(("choose_clue", "claim", "report"), timers=("turn",)),
        "questions": Stage(("ask", "end_questions", "claim", "report"), timers=("turn",)),
        "asked": Stage(("claim", "report")),              # its question waits for the creator
        "letter": Stage(("request_letter", "claim", "report"), timers=("turn",)),
        "grace": Stage(("end_turn", "claim", "report"), timers=("turn",)),
        "answering": Stage(("answer", "refuse", "claim", "report"), timers=("answer",)),
        "watching": Stage(("claim", "report")),
        # a burst: the turn's clocks stand still (DOH-23)
        "proposing": Stage(("propose", "claim", "report"), timers=("settle", "proposal"), holds=("turn", "answer")),
        "burst": Stage(("claim", "report"), timers=("settle",), holds=("turn", "answer")),
    }
    moves = {
        # Making (§1.2.5–6, §1.10): one move per riddle medium, so the arguments say exactly
        # what the medium needs; each makes the seat's next unmade Dohdle.
        "make": Move(handler="move_make", args={"word": Text(64, label="secret word")}, closed=_CLOSED,
                     guards=_make_guard("make"), doc="Table mode: the dough is on the table; enter its secret word."),
        "make_drawing": Move(handler="move_make_drawing", args={"word": Text(64, label="secret word"), "picture": Picture(label="drawing")},
                             closed=_CLOSED, guards=_make_guard("make_drawing"), doc="Your drawing and its secret word."),
        "make_photo": Move(handler="move_make_photo", args={"word": Text(64, label="secret word"), "photos": ListOf(Picture(), 1, 3, label="photos")},
                           closed=_CLOSED, guards=_make_guard("make_photo"),
                           doc="One to three photos of your sculpture and its secret word."),
        "add_variant": Move(handler="move_add_variant", args={"word": Text(64, label="variant")}, closed=_CLOSED,
                            guards=(Guard("making", _can_add_variant, _MAKING[1]),),
                            doc="Another spelling that counts for your latest Dohdle (DOH-20)."),
        "move_chip": Move(handler="move_move_chip", args={"dohdle": Int(0, SPACES - 1, label="Dohdle")}, closed=_CLOSED,
                          guards=(Guard(None, lambda g, st, seat, a: bool(g.movable(st)), None),
                                  Guard("not_movable", lambda g, st, seat, a: a["dohdle"] in g.movable(st),
                                        "Choose an active Dohdle of an opponent whose chip is before space 7.",
                                        on_args=True)),
                          doc="Move an opponent's clue chip one space."),
        "choose_clue": Move(handler="move_choose_clue", args={"kind": Choice(["question", "letter"], label="kind of clue")},
                            closed=_CLOSED, guards=(Guard("no_letter_left", lambda g, st, seat, a: a["kind"] in g._kinds(st),
                                                          "Every letter space of this Dohdle is already filled.",
                                                          on_args=True),),
                            doc="On a ??/ABC space: questions or a letter."),
        "ask": Move(handler="move_ask", args={"question": Text(MAX_QUESTION, label="question")}, closed=_CLOSED,
                    doc="Ask the creator a question."),
        "end_questions": Move(handler="move_end_questions", closed=_CLOSED, doc="Stop asking (up to two questions)."),
        "answer": Move(handler="move_answer", args={"answer": Choice(option="answer_labels", label="answer")},
                       closed={"burst": BURST_OPEN, "proposing": BURST_OPEN, None: _NOT_CREATOR},
                       guards=(Guard("not_creator", lambda g, st, seat, a: not st["turn"]["question"]["must_refuse"],
                                     _NOT_CREATOR[1]),),
                       doc="Answer the question about your Dohdle."),
        "refuse": Move(handler="move_refuse", closed={"burst": BURST_OPEN, "proposing": BURST_OPEN, None: _NOT_CREATOR},
                       doc="Refuse a prohibited question (it does not count)."),
        "request_letter": Move(handler="move_request_letter", args={"position": Int(1, LETTER_SPACES, label="letter position", shown=True)},
                               closed=_CLOSED,
                               guards=(Guard("letter_known", lambda g, st, seat, a: a["position"] in g.letters_left(
                                   st["dohdles"][st["turn"]["target"]]),
                                   lambda g, st, seat, a: f"Letter {a['position']} is already on the solution sheet.",
                                   on_args=True),),
                               doc="Ask for one of the first five letters."),
        "end_turn": Move(handler="move_end_turn", closed=_CLOSED,
                         guards=(Guard(None, lambda g, st, seat, a: st["turn"]["phase"] == "grace" or st["turn"]["redirect"],
                                       None),),
                         doc="Pass the placard now (after the clue, or instead of a redirect)."),
        "claim": Move(handler="move_claim", args={"dohdle": Int(0, SPACES - 1, label="Dohdle")}, interrupt=True,
                      closed=_CLOSED, guards=_CLAIM_GUARDS, doc="Dohdles! Claim a guess."),
        "report": Move(handler="move_report", args={"dohdle": Int(0, SPACES - 1, label="Dohdle")}, interrupt=True,
                       closed=_CLOSED,
                       guards=(Guard(None, lambda g, st, seat, a: bool(g.reportable(st, seat)), None),
                               Guard("not_reportable", lambda g, st, seat, a: a["dohdle"] in g.reportable(st, seat),
                                     "You can flag an opponent's Dohdle in play, once.", on_args=True)),
                       doc="Flag an opponent's Dohdle as unfair (letters in the picture...); no penalty."),
        "propose": Move(handler="move_propose", args={"word": Text(MAX_PROPOSAL, label="proposed word")},
                        closed=("not_your_proposal", "It is not your turn to propose a solution."),
                        doc="Say your proposed solution."),
    }
    # in firing order at equal times; each runs while a stage that runs it lasts
    timers = {
        "sculpt": Timer("timer_sculpt", length=lambda g, st, seat: ms(st["options"]["sculpt_time_s"]) or None,
                        doc="DOH-19"),
        "settle": Timer("timer_settle", doc="the funnel's settle window, or the special right's wait (DOH-11)"),
        "proposal": Timer("timer_proposal", length=lambda g, st, seat: ms(st["options"]["answer_s"]) or None,
                          key=lambda g, st, seat: st["burst"]["current"]["seq"], doc="DOH-25"),
        "answer": Timer("timer_answer", length=lambda g, st, seat: ms(st["options"]["creator_answer_s"]) or None,
                        doc="§1.6.1"),
        "turn": Timer("timer_turn", length=_turn_length, key=_turn_key, doc="docs: choose_timeout, DOH-23"),
    }

    # ================================================================== options
    def validate_options(self, opts: dict, n_players: int) -> None:
        def bad(message: str, reason: str = "value", **params) -> None:
            raise IllegalAction("bad_options", message, reason, **params)

        types = opts["clue_track_types"]
        if not isinstance(types, list) or len(types) != CLUE_SPACES or any(t not in ("Q", "L", "QL") for t in types):
            bad("The clue track needs seven spaces, each Q, L or QL.", option="clue_track_types")
        if types[0] != "Q":
            bad("Clue space 1 must be a question space (DOH-1: the special right needs it).", "first_clue")
        reward = opts["creator_reward"]
        if not isinstance(reward, list) or len(reward) != CLUE_SPACES or not all(is_int(r) and 0 <= r <= 9 for r in reward):
            bad("The creator's reward needs seven whole numbers from 0 to 9.", option="creator_reward")
        final, start = opts["final_index"], opts["start_index"]
        if not is_int(final) or not 3 <= final <= 60:
            bad("The final space must be from 3 to 60.", option="final_index")
        if not is_int(start) or not 1 <= start < final:
            bad("The start space must lie between the ! space (0) and the final space.", "start_index")
        for name in ("green_arrows", "red_arrows"):
            arrows = opts[name]
            if not isinstance(arrows, list) or len(arrows) != final or not all(is_int(a) and 0 <= a <= 9 for a in arrows):
                bad(f"{name} needs one whole number from 0 to 9 for each space before the final one.", "arrows",
                    option=name)
        if not all(g >= 1 for g in opts["green_arrows"]):
            bad("Every space needs at least one green arrow.", "green_arrows")
        labels = opts["answer_labels"]
        if (not isinstance(labels, list) or not 2 <= len(labels) <= 6
                or not all(isinstance(a, str) and 0 < len(a) <= 24 for a in labels) or len(set(labels)) != len(labels)):
            bad("The answers need 2 to 6 different short labels.", option="answer_labels")
        for name, top in (("buzz_settle_ms", 10_000), ("special_right_window_ms", 30_000), ("jitter_ms", 2000)):
            if not is_int(opts[name]) or not 0 <= opts[name] <= top:
                bad(f"{name} must be a whole number of milliseconds from 0 to {top}.", option=name)
        for name in ("answer_s", "creator_answer_s", "question_compose_s", "turn_grace_s", "choose_s", "sculpt_time_s"):
            v = opts[name]
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not 0 <= v <= 7200:
                bad(f"{name} must be a number of seconds from 0 to 7200 (0: no limit).", option=name)
        first = opts["first_player"]
        if first is not None and not 0 <= first < n_players:
            bad("The first player must be one of the seats at the table.", "first_player")
        makers = dohdles_per_side(n_players, opts["solo_dohdles_in_team_game"])
        if len(makers) > MAX_SIDES or sum(map(len, makers)) > SPACES:
            bad("At most six sides and twelve Dohdles fit on the board.", "too_many_sides")

    # ================================================================== setup
    def setup(self, state: State, now_ms: int) -> None:
        """§1.2: sides, colours, boards dealt, tokens on the start space, cubes ready, chips
        on their starting spaces; each side's Dohdles on a contiguous block of spaces in
        seat order (DOH-14).  Then everybody makes his Dohdles."""
        n = len(state["players"])
        opts = state["options"]
        makers = dohdles_per_side(n, opts["solo_dohdles_in_team_game"])
        boards = list(range(len(BOARDS[opts["language"]])))
        self.rng(state).shuffle(boards)
        side_of = [0] * n
        sides, dohdles = [], []
        for i, members in enumerate(makers):
            unique = sorted(set(members))
            for s in unique:
                side_of[s] = i
            sides.append({"members": unique, "colour": i, "board": boards[i], "token": opts["start_index"],
                          "cube": "ready"})
            for maker in members:
                d = len(dohdles)
                dohdles.append({"id": d, "side": i, "maker": maker, "space": d, "status": "making",
                                "word": None, "variants": [], "pictures": [], "chip": 0,
                                "letters": [None] * LETTER_SPACES, "qa": [], "solved_by": None,
                                "solved_at": None, "reports": []})
        state.update(phase="making", side_of=side_of, sides=sides, dohdles=dohdles, active_side=None,
                     turn=None, burst=None, seq=0, events=[], winners=None, reason=None)

    # ================================================================== queries
    @staticmethod
    def side(state: State, seat: Optional[int]) -> Optional[int]:
        return None if seat is None else state["side_of"][seat]

    @staticmethod
    def word_visible(state: State, dohdle: dict, seat: Optional[int]) -> bool:
        """§1.9: the creator side sees its words (both team members, DOH-15); everybody sees
        a word once its Dohdle is solved or retired, and every word after the game."""
        if state["phase"] == "over" or dohdle["status"] in ("solved", "retired"):
            return True
        return seat is not None and state["side_of"][seat] == dohdle["side"]

    @staticmethod
    def clue_type(state: State, chip: int) -> str:
        return state["options"]["clue_track_types"][chip - 1]

    @staticmethod
    def letters_left(dohdle: dict) -> list:
        """Letter positions (1..5) not yet revealed (DOH-8)."""
        return [i + 1 for i, ch in enumerate(dohdle["letters"]) if ch is None]

    def movable(self, state: State) -> list:
        """§1.5.2: the Dohdles the Dohdle Master may move now: an opponent's, active, chip
        before space 7."""
        a = state["active_side"]
        return [d["id"] for d in state["dohdles"] if d["side"] != a and d["status"] == "active" and d["chip"] < CLUE_SPACES]

    def claimable(self, state: State, seat: int) -> list:
        """§1.6.3: the Dohdles ``seat``'s side may claim a guess on now."""
        if state["phase"] != "play":
            return []
        side = state["side_of"][seat]
        sd = state["sides"][side]
        if sd["cube"] != "ready":
            return []
        if sd["token"] == 0 and side != state["active_side"]:
            return []                 # the "!" space: only on one's own turn
        return [d["id"] for d in state["dohdles"]
                if d["status"] == "active" and d["chip"] >= 1 and d["side"] != side]

    def reportable(self, state: State, seat: int) -> list:
        """§1.10: the Dohdles ``seat`` may flag as unfair: an opponent's, in play, not yet
        flagged by this seat."""
        if state["phase"] != "play":
            return []
        side = state["side_of"][seat]
        return [d["id"] for d in state["dohdles"]
                if d["side"] != side and d["status"] == "active" and seat not in d["reports"]]

    # ================================================================== stages
    def stage(self, state: State, seat: int) -> Optional[str]:
        """The seat's stage (see ``stages``): a burst puts everyone in it, the claimant whose
        word is asked for ``proposing``; else the Dohdle Master's side is in its turn's
        phase, the creator of the questioned Dohdle ``answering``, the others ``watching``."""
        phase = state["phase"]
        if phase != "play":
            return "making" if phase == "making" else None
        burst, side = state["burst"], state["side_of"][seat]
        if burst is not None:
            cur = burst["current"]
            return "proposing" if cur is not None and cur["side"] == side else "burst"
        turn = state["turn"]
        if side == state["active_side"]:
            return "asked" if turn["question"] is not None else turn["phase"]
        if turn["question"] is not None and seat == state["dohdles"][turn["target"]]["maker"]:
            return "answering"
        return "watching"

    def _kinds(self, state: State) -> list:
        d = state["dohdles"][state["turn"]["target"]]
        return ["question", "letter"] if self.letters_left(d) else ["question"]

    # ================================================================== making
    def move_make(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """Table mode (§1.10 hybrid): the sculpture is real dough; only its word is entered."""
        self._make(state, seat, args["word"], [], now_ms)

    def move_make_drawing(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """A drawing in the side's colour (§1.10 ``canvas2d``), sent on the asset channel."""
        self._make(state, seat, args["word"], [args["picture"]], now_ms)

    def move_make_photo(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """One to three photos of a real sculpture (§1.10 ``photo``)."""
        self._make(state, seat, args["word"], list(args["photos"]), now_ms)

    def _make(self, state: State, seat: int, text: str, pictures: list, now_ms: int) -> None:
        """§1.2.5–6: the seat's next Dohdle gets its secret word (letters, spaces, hyphens:
        §1.10, DOH-30)
        and its pictures (hashes only; the bytes travel on the asset channel).  A made Dohdle
        is frozen.  Play begins when the last one is made."""
        d = next(x for x in state["dohdles"] if x["maker"] == seat and x["status"] == "making")
        d.update(word=self._secret(text), pictures=pictures, status="active")
        self._event(state, now_ms, "made", dohdle=d["id"], side=d["side"])
        if all(x["status"] == "active" for x in state["dohdles"]):
            self._start_play(state, now_ms)

    def move_add_variant(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """DOH-20 (``accepted_variants``): the maker lists another form that counts as his
        latest Dohdle's word ("doughnut" / "donut")."""
        d = self._latest_made(state, seat)
        v = self._secret(args["word"])
        if normalise(v) != normalise(d["word"]) and all(normalise(v) != normalise(x) for x in d["variants"]):
            d["variants"].append(v)

    @staticmethod
    def _latest_made(state: State, seat: int) -> Optional[dict]:
        made = [d for d in state["dohdles"] if d["maker"] == seat and d["status"] == "active"]
        return made[-1] if made else None

    @staticmethod
    def _secret(text: str) -> str:
        """DOH-30: a term may be several words or hyphenated ("Eiffel Tower", "T-shirt");
        its refusals carry the reason ``term`` (the one-word texts would mislead)."""
        try:
            return check_term(text)
        except SecretWordError as err:
            raise IllegalAction(err.code, err.message, "term") from None

    def timer_sculpt(self, state: State, now_ms: int) -> None:
        """DOH-19: the making time is over; a Dohdle not made by then is left out of the
        game (docs: unmade_dohdle)."""
        for d in state["dohdles"]:
            if d["status"] == "making":
                d["status"] = "unmade"
                self._event(state, now_ms, "unmade", dohdle=d["id"], side=d["side"])
        self._start_play(state, now_ms)

    def _start_play(self, state: State, now_ms: int) -> None:
        """§1.2.7: the oldest player begins (ages are unknown to the engine: the seat the host
        names, else a seeded draw, §0.2.7)."""
        state["phase"] = "play"
        opts = state["options"]
        if opts["first_player"] is not None and opts["first_player_rule"] != "random":
            first = opts["first_player"]
        else:
            first = self.rng(state).below(len(state["players"]))
        self._event(state, now_ms, "play", first=first)
        self._start_turn(state, state["side_of"][first], now_ms)

    # ================================================================== the turn
    def _start_turn(self, state: State, side: int, now_ms: int) -> None:
        """§1.5.1: end condition 2 first; then the side chooses a Dohdle."""
        state["active_side"] = side
        n = (state["turn"] or {}).get("n", 0) + 1
        state["turn"] = {"n": n, "phase": "choose", "target": None, "kind": None, "asked": 0,
                         "started": False, "opened": [], "question": None, "redirect": False}
        if all(d["status"] != "active" for d in state["dohdles"] if d["side"] != side):
            self._end_game(state, now_ms, "exhausted")
            return
        self._event(state, now_ms, "turn", side=side, n=n)

    def move_move_chip(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        self._move_chip(state, args["dohdle"], now_ms, seat)

    def _move_chip(self, state: State, d_id: int, now_ms: int, seat: Optional[int]) -> None:
        """§1.5.2–3: one space along the arrow; the new space's type sets the clue."""
        turn, d = state["turn"], state["dohdles"][d_id]
        d["chip"] += 1
        turn.update(target=d_id, kind=None, asked=0, started=False, question=None, redirect=False)
        if d["chip"] == 1:
            turn["opened"].append(d_id)           # arms the special right (§1.6.4)
        kind = self.clue_type(state, d["chip"])
        self._event(state, now_ms, "chip", dohdle=d_id, chip=d["chip"], seat=seat, space=kind)
        if kind == "QL":
            if self.letters_left(d):
                turn["phase"] = "kind"
                return
            kind = "Q"                              # DOH-8: no letter left, so questions
        if kind == "Q":
            self._begin_clue(state, "question", now_ms)
        elif self.letters_left(d):
            self._begin_clue(state, "letter", now_ms)
        else:
            self._event(state, now_ms, "void_letter", dohdle=d_id)   # DOH-8: the clue is void
            self._grace(state, now_ms)

    def _begin_clue(self, state: State, kind: str, now_ms: int) -> None:
        turn = state["turn"]
        turn["kind"] = kind
        turn["phase"] = "questions" if kind == "question" else "letter"

    def move_choose_clue(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """§1.3 QL: "either asking up to two questions or asking for a letter"."""
        self._begin_clue(state, args["kind"], now_ms)

    def move_ask(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """§1.6.1: a question, public at once ("Everyone is listening!").  The creator sees
        why it may be prohibited; a question naming the word itself can only be refused."""
        turn = state["turn"]
        d = state["dohdles"][turn["target"]]
        text = args["question"]
        flags = flag_question(text, d["word"], state["options"]["language"])
        for v in d["variants"]:
            flags += [f for f in flag_question(text, v, state["options"]["language"]) if f not in flags]
        must_refuse = "names_word" in flags
        q = {"text": text, "seat": seat, "at": now_ms, "flags": flags, "must_refuse": must_refuse}
        self._event(state, now_ms, "ask", dohdle=d["id"], seat=seat, text=text)
        if must_refuse and state["options"]["naming_question"] == "refuse_at_once":
            d["qa"].append({"q": text, "a": None, "refused": True, "seat": seat, "turn": turn["n"], "auto": True})
            self._event(state, now_ms, "refused", dohdle=d["id"], auto=True)
            return
        turn["question"] = q

    def move_answer(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        self._answer(state, now_ms, args["answer"], timeout=False)

    def _answer(self, state: State, now_ms: int, answer: str, timeout: bool) -> None:
        turn = state["turn"]
        d = state["dohdles"][turn["target"]]
        q = turn["question"]
        d["qa"].append({"q": q["text"], "a": answer, "refused": False, "seat": q["seat"], "turn": turn["n"],
                        "timeout": timeout})
        self._event(state, now_ms, "answer", dohdle=d["id"], answer=answer, timeout=timeout)
        turn["question"] = None
        turn["asked"] += 1
        turn["started"] = True
        if turn["asked"] >= 2:
            self._grace(state, now_ms)

    def move_refuse(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """DOH-9: a refused question does not count; the asker may rephrase."""
        self._refuse(state, now_ms)

    def _refuse(self, state: State, now_ms: int) -> None:
        turn = state["turn"]
        d = state["dohdles"][turn["target"]]
        q = turn["question"]
        d["qa"].append({"q": q["text"], "a": None, "refused": True, "seat": q["seat"], "turn": turn["n"],
                        "timeout": False})
        self._event(state, now_ms, "refused", dohdle=d["id"], auto=False)
        turn["question"] = None

    def timer_answer(self, state: State, now_ms: int) -> None:
        """§1.6.1, DOH-29: no answer in time records the last answer label (IRRELEVANT),
        flagged, for every question, one naming the word too: the engine never tells by
        itself that a question named the word (only the creator refuses, or
        ``naming_question=refuse_at_once`` at once)."""
        self._answer(state, now_ms, state["options"]["answer_labels"][-1], timeout=True)

    def move_end_questions(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        self._event(state, now_ms, "end_questions", dohdle=state["turn"]["target"])
        self._grace(state, now_ms)

    def move_request_letter(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """§1.6.2: the letter is computed from the stored word and shown to all at once; a
        position past the word's end is BLANK (DOH-8), and so is every later one.  Letters
        only are counted: a space or hyphen is no position (DOH-30)."""
        turn = state["turn"]
        d = state["dohdles"][turn["target"]]
        pos = args["position"]                        # a letter not yet known (the guard)
        word = letters_of(d["word"])
        if pos <= len(word):
            ch = word[pos - 1]
            d["letters"][pos - 1] = ch.upper() if len(ch.upper()) == 1 else ch
        else:
            for p in range(pos, LETTER_SPACES + 1):
                if d["letters"][p - 1] is None:
                    d["letters"][p - 1] = BLANK
        turn["started"] = True
        self._event(state, now_ms, "letter", dohdle=d["id"], position=pos, letter=d["letters"][pos - 1])
        self._grace(state, now_ms)

    def _grace(self, state: State, now_ms: int) -> None:
        """DOH-23: the clue is complete; the turn stays open ``turn_grace_s`` for reactions."""
        turn = state["turn"]
        turn["phase"] = "grace"
        turn["question"] = None

    def move_end_turn(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        self._end_turn(state, now_ms)

    def timer_turn(self, state: State, now_ms: int) -> None:
        """The Dohdle Master's clock ran out (docs: choose_timeout, DOH-23): choosing moves
        the first movable chip clockwise from his Dohdles; a pending choice of clue, question
        or letter forfeits the clue; the grace period passes the placard."""
        turn = state["turn"]
        phase = turn["phase"]
        if phase == "choose":
            movable = self.movable(state)
            if turn["redirect"] or not movable:
                self._end_turn(state, now_ms)
                return
            own = [d["space"] for d in state["dohdles"] if d["side"] == state["active_side"]]
            origin = max(own) if own else -1
            pick = min(movable, key=lambda i: (state["dohdles"][i]["space"] - origin) % SPACES)
            self._event(state, now_ms, "timeout", what="choose")
            self._move_chip(state, pick, now_ms, None)
        elif phase == "grace":
            self._end_turn(state, now_ms)
        else:
            self._event(state, now_ms, "timeout", what=phase)
            self._grace(state, now_ms)

    def _end_turn(self, state: State, now_ms: int) -> None:
        """§1.5.5, §1.6.6: a Dohdle on its seventh space and still unsolved is retired (its
        word announced, nobody moves); the placard passes clockwise."""
        turn = state["turn"]
        if turn["target"] is not None:
            d = state["dohdles"][turn["target"]]
            if d["chip"] == CLUE_SPACES and d["status"] == "active":
                d["status"] = "retired"
                self._event(state, now_ms, "retired", dohdle=d["id"], word=d["word"])
        self._start_turn(state, (state["active_side"] + 1) % len(state["sides"]), now_ms)

    def move_report(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """§1.10: "the engine provides a 'report' flag but applies no automatic penalty" —
        the flag is public, for the table to talk about."""
        state["dohdles"][args["dohdle"]]["reports"].append(seat)
        self._event(state, now_ms, "report", dohdle=args["dohdle"], seat=seat)

    # ================================================================== the guess race
    def move_claim(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        """§1.6.3–4: "Dohdles!" — the cube goes into the funnel, bound to one Dohdle (DOH-10).
        The first claim opens a burst and its settle window; an opponent's claim on a Dohdle
        the Dohdle Master just opened waits for him up to ``special_right_window_ms``."""
        d_id = args["dohdle"]                         # claimable (the guards)
        side = state["side_of"][seat]
        active = state["active_side"]
        opened = d_id in state["turn"]["opened"]
        state["seq"] += 1
        entry = {"side": side, "seat": seat, "dohdle": d_id, "seq": state["seq"], "at": now_ms,
                 "priority": opened and side == active}
        state["sides"][side]["cube"] = "queued"
        burst = state["burst"]
        if burst is None:
            burst = state["burst"] = {"state": "settle", "entries": [], "current": None, "rights": {},
                                      "proposals": [], "dropped": [], "jittered": False}
            self.start_timer(state, "settle", now_ms, state["options"]["buzz_settle_ms"])
        burst["entries"].append(entry)
        self._event(state, now_ms, "claim", side=side, seat=seat, dohdle=d_id, seq=entry["seq"],
                    priority=entry["priority"])
        if opened and side != active and self._right_pending(state, d_id):
            key = str(d_id)
            until = now_ms + state["options"]["special_right_window_ms"]
            burst["rights"][key] = max(burst["rights"].get(key, 0), until)
            t = self.timer(state, "settle")
            if burst["state"] == "settle" and t is not None and t["at"] is not None and t["at"] < until:
                self.start_timer(state, "settle", now_ms, until - now_ms)

    def shift_clocks(self, state: State, shift_ms: int) -> None:
        """Fair pass-and-play: a Dohdle Master's special right (DOH-11) lasts as long after a
        hand-over as it had left before it."""
        burst = state.get("burst")
        if burst:
            burst["rights"] = {k: until + shift_ms for k, until in burst["rights"].items()}

    def _right_pending(self, state: State, d_id: int) -> bool:
        """The Dohdle Master may still use his special right on ``d_id``: he has no entry for
        it in this burst, has not proposed on it, and his cube is ready."""
        burst, active = state["burst"], state["active_side"]
        if any(e["side"] == active and e["dohdle"] == d_id for e in burst["entries"] + burst["proposals"]):
            return False
        cur = burst["current"]
        if cur is not None and cur["side"] == active:
            return False
        return state["sides"][active]["cube"] == "ready"

    def timer_settle(self, state: State, now_ms: int) -> None:
        burst = state["burst"]
        if not burst["jittered"]:
            burst["jittered"] = True
            self._jitter(state)
        burst["state"] = "propose"
        self._next_proposal(state, now_ms)

    def _jitter(self, state: State) -> None:
        """§0.2.3: claims within ``jitter_ms`` of each other count as simultaneous; their
        funnel order is a seeded draw (logged through the state's generator)."""
        j = state["options"]["jitter_ms"]
        entries = state["burst"]["entries"]
        if j <= 0 or len(entries) < 2:
            return
        groups, cur = [], [entries[0]]
        for e in entries[1:]:
            if e["at"] - cur[-1]["at"] <= j:
                cur.append(e)
            else:
                groups.append(cur)
                cur = [e]
        groups.append(cur)
        rng = self.rng(state)
        out = []
        for g in groups:
            rng.shuffle(g)
            out += g
        state["burst"]["entries"] = out

    def _next_proposal(self, state: State, now_ms: int) -> None:
        """Ask the next claimant in funnel order (the special right first) for his word, or
        close the burst when nobody is left."""
        burst = state["burst"]
        while True:
            entries = burst["entries"]
            if not entries:
                self._close_burst(state, now_ms)
                return
            head = min(entries, key=lambda e: (not e["priority"], entries.index(e)))
            d = state["dohdles"][head["dohdle"]]
            if d["status"] != "active":
                entries.remove(head)              # solved meanwhile: no proposal, no penalty
                burst["dropped"].append(head)
                continue
            until = burst["rights"].get(str(head["dohdle"]), 0)
            if (head["side"] != state["active_side"] and head["dohdle"] in state["turn"]["opened"]
                    and until > now_ms and self._right_pending(state, head["dohdle"])):
                burst["state"] = "settle"         # DOH-11: wait for the Dohdle Master
                self.start_timer(state, "settle", now_ms, until - now_ms)
                return
            entries.remove(head)
            burst["current"] = dict(head, asked_at=now_ms)
            self._event(state, now_ms, "your_proposal", side=head["side"], dohdle=head["dohdle"])
            return

    def move_propose(self, state: State, seat: int, args: dict, now_ms: int) -> None:
        self._propose(state, seat, args["word"], now_ms)

    def timer_proposal(self, state: State, now_ms: int) -> None:
        """DOH-25: no word in time is a wrong proposal (the claimant "must propose")."""
        self._propose(state, None, None, now_ms)

    def _propose(self, state: State, seat: Optional[int], word: Optional[str], now_ms: int) -> None:
        """§1.6.4–5: exact match (DOH-20) moves the solver by his space's green arrows, then
        the creator by the reward of the chip's space, and cancels the other claims on this
        Dohdle; a wrong word moves the claimant back by his red arrows, never behind "!"."""
        burst = state["burst"]
        cur = burst["current"]
        burst["current"] = None
        d = state["dohdles"][cur["dohdle"]]
        side = state["sides"][cur["side"]]
        correct = word is not None and normalise(word) in {normalise(w) for w in [d["word"]] + d["variants"]}
        before = side["token"]
        rec = {"side": cur["side"], "seat": seat, "dohdle": d["id"], "word": word, "correct": correct,
               "timeout": word is None, "from": before}
        burst["proposals"].append(rec)
        if correct:
            side["token"] = before + state["options"]["green_arrows"][before]
            rec["to"] = side["token"]
            d.update(status="solved", solved_by=cur["side"], solved_at=d["chip"])
            self._event(state, now_ms, "proposal", **rec)
            self._event(state, now_ms, "solved", dohdle=d["id"], word=d["word"], by=cur["side"], chip=d["chip"])
            burst["dropped"] += [e for e in burst["entries"] if e["dohdle"] == d["id"]]
            burst["entries"] = [e for e in burst["entries"] if e["dohdle"] != d["id"]]
            if self._check_final(state, cur["side"], now_ms):
                return
            creator = state["sides"][d["side"]]
            reward = state["options"]["creator_reward"][d["chip"] - 1]
            if reward:
                creator["token"] += reward
                self._event(state, now_ms, "reward", side=d["side"], steps=reward, to=creator["token"])
                if self._check_final(state, d["side"], now_ms):
                    return
        else:
            side["token"] = max(0, before - state["options"]["red_arrows"][before])
            rec["to"] = side["token"]
            self._event(state, now_ms, "proposal", **rec)
        self._next_proposal(state, now_ms)

    def _close_burst(self, state: State, now_ms: int) -> None:
        """"After the solutions have been proposed, the guess cubes are returned."  Then the
        turn goes on: a redirect if its Dohdle was solved before any clue (§1.5.4), the
        rest of the clue forfeited if it was solved during the clue (DOH-12)."""
        for sd in state["sides"]:
            sd["cube"] = "ready"
        state["burst"] = None
        self._event(state, now_ms, "cubes_back")
        turn = state["turn"]
        if turn["target"] is not None and turn["phase"] in ("kind", "questions", "letter"):
            d = state["dohdles"][turn["target"]]
            if d["status"] != "active":
                if turn["started"]:
                    self._event(state, now_ms, "clue_forfeited", dohdle=d["id"])
                    self._grace(state, now_ms)
                else:
                    turn.update(phase="choose", target=None, kind=None, question=None, redirect=True)
                    self._event(state, now_ms, "redirect", side=state["active_side"])
        if turn["phase"] == "choose" and not self.movable(state):
            self._end_turn(state, now_ms)

    # ================================================================== end
    def _check_final(self, state: State, side: int, now_ms: int) -> bool:
        """§1.7.1: reaching or passing the final space wins at once."""
        if state["sides"][side]["token"] >= state["options"]["final_index"]:
            self._end_game(state, now_ms, "final", [side])
            return True
        return False

    def _end_game(self, state: State, now_ms: int, reason: str, sides: Optional[list] = None) -> None:
        """§1.7: the final space, or exhaustion (farthest ahead wins; ties share); every word
        is announced."""
        if sides is None:
            top = max(sd["token"] for sd in state["sides"])
            sides = [i for i, sd in enumerate(state["sides"]) if sd["token"] == top]
        state["phase"] = "over"
        state["reason"] = reason
        state["winners"] = sorted(s for i in sides for s in state["sides"][i]["members"])
        state["burst"] = None
        self._event(state, now_ms, "over", reason=reason, sides=sides,
                    words={str(d["id"]): d["word"] for d in state["dohdles"]})

    def result(self, state: State) -> Optional[dict]:
        if state["phase"] != "over":
            return None
        tokens = [state["sides"][s]["token"] for s in state["side_of"]]
        return {"winners": list(state["winners"]), "scores": tokens, "reason": state["reason"]}

    # ================================================================== helpers
    @staticmethod
    def _event(state: State, now_ms: int, kind: str, **data) -> None:
        """The public record (the questions and answers stay with their Dohdles).  Only the
        latest ``MAX_EVENTS`` are kept: the state is copied on every action."""
        events = state["events"]
        events.append(dict(data, kind=kind, at=now_ms))
        if len(events) > MAX_EVENTS:
            del events[: len(events) - MAX_EVENTS]

    # ================================================================== views
    def project(self, state: State, seat: Optional[int]) -> dict:
        """§1.9: what ``seat`` may see.  Secret words (and accepted variants) only of its own
        side's Dohdles until solved, retired or the game is over; the flags that depend on
        the word only for the creator side; its own suggestion board's terms only."""
        me = self.side(state, seat)
        opts = state["options"]
        dohdles = [self._dohdle_view(state, d, seat, me) for d in state["dohdles"]]
        turn = self._turn_view(state, me)
        b = state["burst"]
        burst = None if b is None else {
            "state": b["state"], "entries": [dict(e) for e in b["entries"]],
            "current": dict(b["current"]) if b["current"] else None, "rights": dict(b["rights"]),
            "proposals": [dict(p) for p in b["proposals"]], "dropped": [dict(e) for e in b["dropped"]]}
        board = None
        if me is not None:
            idx = state["sides"][me]["board"]
            board = {"index": idx, "terms": list(BOARDS[opts["language"]][idx])}
        return {
            "phase": state["phase"],
            "seat": seat, "side": me,
            "side_of": list(state["side_of"]),
            "sides": [{"members": list(sd["members"]), "colour": sd["colour"], "token": sd["token"],
                       "cube": sd["cube"]} for sd in state["sides"]],
            "dohdles": dohdles,
            "active_side": state["active_side"],
            "turn": turn,
            "burst": burst,
            "board": board,
            "events": [self._public_event(state, e, me) for e in state["events"]],
            "track": {"start": opts["start_index"], "final": opts["final_index"], "bang": 0,
                      "green": list(opts["green_arrows"]), "red": list(opts["red_arrows"])},
            "clue_track": list(opts["clue_track_types"]),
            "creator_reward": list(opts["creator_reward"]),
            "answers": list(opts["answer_labels"]),
            "medium": opts["riddle_medium"],
            "language": opts["language"],
            "winners": list(state["winners"]) if state["winners"] is not None else None,
            "reason": state["reason"],
        }

    def end_view(self, state: State) -> dict:
        """Once the game is over the suggestion boards are public too: the spectator's view
        (every word is in it by then) with each side's board (a replay's all-seeing end)."""
        view = self.project(state, None)
        view["side_boards"] = [sd["board"] for sd in state["sides"]]
        return view

    def _dohdle_view(self, state: State, d: dict, seat: Optional[int], me: Optional[int]) -> dict:
        """A Dohdle as ``seat`` sees it: while making, the others' only as made or not."""
        opts = state["options"]
        playing = state["phase"] != "making"
        visible = self.word_visible(state, d, seat)
        own = me is not None and d["side"] == me
        return {
            "id": d["id"], "side": d["side"], "maker": d["maker"], "space": d["space"],
            "status": d["status"] if (playing or own or d["status"] == "unmade") else (
                "made" if d["status"] == "active" else "making"),
            "made": d["status"] != "making",
            "word": d["word"] if visible else None,
            "variants": list(d["variants"]) if visible else [],
            "pictures": list(d["pictures"]) if (playing or own) else [],
            "chip": d["chip"], "space_type": self.clue_type(state, d["chip"]) if d["chip"] else None,
            "reward": opts["creator_reward"][d["chip"] - 1] if d["chip"] else None,
            "letters": list(d["letters"]),
            "qa": [dict(x) for x in d["qa"]],
            "solved_by": d["solved_by"], "solved_at": d["solved_at"],
            "reports": list(d["reports"]),
        }

    @staticmethod
    def _turn_view(state: State, me: Optional[int]) -> Optional[dict]:
        """The turn; a pending question's word-dependent flags only for the creator side."""
        t = state["turn"]
        if t is None:
            return None
        q = t["question"]
        if q is not None:
            creator = me is not None and state["dohdles"][t["target"]]["side"] == me
            q = {"text": q["text"], "seat": q["seat"], "at": q["at"],
                 "flags": list(q["flags"]) if creator else public_flags(q["text"], state["options"]["language"]),
                 "must_refuse": q["must_refuse"] if creator else None}
        turn = {k: (list(v) if isinstance(v, list) else v) for k, v in t.items() if k != "question"}
        turn["question"] = q
        return turn

    def hidden_variants(self, state: State, seat: Optional[int], rng) -> list:
        """§1.9: the same table with every word (and accepted variant) ``seat`` may not see
        replaced, the other sides' suggestion boards swapped, the pictures of Dohdles still
        being made by others changed, the word flags of a question about another side's Dohdle
        changed, and the generator's future draws changed."""
        alt = self._copy(state)
        me = self.side(state, seat)
        for d in alt["dohdles"]:
            if d["word"] is not None and not self.word_visible(alt, d, seat):
                d["word"] = "".join(rng.choice("abcdefghijklmnopqrstuvwxyzäéß") for _ in range(3 + rng.below(8)))
                d["variants"] = [v + "e" for v in d["variants"]]
            if alt["phase"] == "making" and d["side"] != me and d["pictures"]:
                d["pictures"] = ["sha256:" + format(rng.below(2**32), "064x")]
        others = [sd for i, sd in enumerate(alt["sides"]) if i != me]
        boards = [sd["board"] for sd in others]
        rng.shuffle(boards)
        for sd, b in zip(others, boards):
            sd["board"] = b
        q = alt["turn"]["question"] if alt["turn"] else None
        if q is not None and alt["dohdles"][alt["turn"]["target"]]["side"] != me:
            # what a question says about a word ``seat`` may not see is the creators' alone
            q["flags"] = [f for f in WORD_FLAGS if rng.below(2)] + [f for f in q["flags"] if f not in WORD_FLAGS]
            q["must_refuse"] = "names_word" in q["flags"]
        alt["rng"] = rng.next64()
        return [alt]

    @staticmethod
    def _public_event(state: State, e: dict, me: Optional[int]) -> dict:
        # Events hold only public facts (words appear in them once they are public), so a
        # copy suffices; "over" lists every word, and it is the end.
        return clone(e)

    # ================================================================== bots


GAME = Dohdles()
