"""The Dobbelduel screen: the board as on the table, seen from one seat.

Top to bottom: the screen over the code (the maker sees his code behind it), row 1 for the
solution, rows 2–8 for the efforts with their feedback pegs beside them, then the white dice
(the supply and the current roll).  The breaker rolls, puts rolled dice on columns (select a
die, then a column; or press 1–4 on a die; or drag it), confirms, and the pegs appear.  He
fills row 1 when he thinks he knows the code; the screen drops, the code is shown, and the
match score is worked out line by line.  In manual-feedback mode the maker sets the pegs of
the last effort himself.

The optional breaker's notebook (a checkbox, off by default) counts the codes still possible
and lists, per colour, the values that remain; it is computed from the public board only
(:func:`clubtable.games.dobbelduel.solver.notebook`), once per change of the board's rows
(:func:`notebook_of`, :func:`codes_left`: memoised, so a render never runs the solver again).  Whoever is not breaking (the maker watching the computer, a
spectator) sees the count of codes left after every effort.

Everything shown comes from ``ctx.view`` (this seat's projection), ``ctx.legal`` and
``ctx.constants``; the other local seats' updates (``ctx.others``, pass-and-play) are never
drawn, so the maker's code cannot appear on the breaker's turn.  Half-made choices (the dice
on the columns, the solution, the pegs) live in ``ctx.scratch``, written by the handlers
only: ``render`` is a pure function of the context (what is done once after a draw, moving
the focus, is :func:`news`).
"""
from __future__ import annotations

from functools import lru_cache

from .. import dom
from ..browser import focus
from ..dom import h
from ...games.dobbelduel import solver
from ...games.dobbelduel.board import READY

PAINTED = ("blue", "red", "yellow", "green")     # the colours the style sheet paints (dd-face-<c>, c-<c>)
# a die colour's shape: none of the players' (ctx.symbol), so no column reads as a player's
COLOUR_SYM = {"blue": "◐", "red": "✖", "yellow": "▼", "green": "♣"}
PIPS = frozenset(range(1, 7))     # the faces with pips (static/art/dobbelduel/pips-<n>.svg)
PEG_SYM = {"eq": "=", "plus": "+", "minus": "−", "none": "·"}
PEG_CYCLE = ("none", "eq", "plus", "minus")

def seat_colours(view: dict) -> list:
    """The two players wear the palette's pink and sky blue: its blue and vermilion are the
    blue and red dice's colours, and a player must not look like a column."""
    return [3, 5]


def columns_of(ctx) -> list:
    """The colours of the code columns, left to right (an option of the table)."""
    return list(ctx.view.get("columns") or PAINTED)


# --------------------------------------------------------------------------- pictures
def die_face(value, colour=None):
    """A die face: white with black pips, or a coloured code die (white pips, black on yellow).
    One element the style sheet draws (its pips are ``static/art/dobbelduel/pips-<n>.svg``):
    a die changes one class, where an inline picture was up to eight elements."""
    cls = "dd-face" + (f" dd-pips-{value}" if value in PIPS else "")
    if colour in PAINTED:
        cls += f" dd-face-{colour}"
    return h("span", cls=cls, aria_hidden="true")


def colour_name(ctx, colour) -> str:
    key = f"dd.colour.{colour}"
    text = ctx.t(key)
    return str(colour) if text == key else text


def colour_tag(ctx, colour):
    return h("span", h("span", COLOUR_SYM.get(colour, "?"), cls=f"dd-sym dd-c-{colour}", aria_hidden="true"),
             " ", colour_name(ctx, colour), cls="dd-colour")


def white_die(ctx, v, extra=""):
    label = ctx.t("dd.white_die", v=v)
    return h("span", die_face(v), cls="dd-die dd-white" + extra, role="img", aria_label=label, title=label,
             data_value=v)


def code_die(ctx, v, colour, key="dd.code_die", extra=""):
    label = ctx.t(key, colour=colour_name(ctx, colour), v=v)
    return h("span", die_face(v, colour), h("span", COLOUR_SYM.get(colour, ""), cls="dd-die-sym", aria_hidden="true"),
             cls=f"dd-die dd-coloured dd-c-{colour}" + extra, role="img", aria_label=label, title=label,
             data_value=v)


def empty_die(colour=None, extra=""):
    """An empty place on the board (a column's colour when it waits for a die)."""
    return h("span", cls="dd-die dd-empty" + (f" dd-c-{colour}" if colour else "") + extra, aria_hidden="true")


def pegs_text(ctx, fb) -> str:
    return ctx.t("dd.pegs_label", eq=fb["eq"], plus=fb["plus"], minus=fb["minus"])


def pegs(ctx, fb, n=None):
    """The feedback pegs beside a row: '=' then '+' then '−', the rest neutral (``n`` pegs:
    one per column)."""
    n = len(columns_of(ctx)) if n is None else n
    if fb is None:
        return h("span", [h("span", "…", cls="dd-peg dd-peg-none") for _ in range(n)], cls="dd-pegs",
                 role="img", aria_label=ctx.t("dd.pegs_waiting"))
    kinds = ["eq"] * fb["eq"] + ["plus"] * fb["plus"] + ["minus"] * fb["minus"]
    kinds += ["none"] * (n - len(kinds))
    label = pegs_text(ctx, fb)
    return h("span", [h("span", PEG_SYM[k], cls=f"dd-peg dd-peg-{k}", aria_hidden="true") for k in kinds],
             cls="dd-pegs", role="img", aria_label=label, title=label,
             data_eq=fb["eq"], data_plus=fb["plus"], data_minus=fb["minus"])


# --------------------------------------------------------------------------- what the board tells
def _rows_key(board) -> tuple:
    """The public rows of a board, as a key: what the solver's answers depend on."""
    return tuple((tuple(r["dice"]), None if r.get("feedback") is None else
                  (r["feedback"]["eq"], r["feedback"]["plus"], r["feedback"]["minus"]))
                 for r in board.get("rows") or [])


def _pegs_of(fb: tuple) -> dict:
    """A row's feedback as the view gives it, from its key (:func:`_rows_key`)."""
    return {"eq": fb[0], "plus": fb[1], "minus": fb[2]}


@lru_cache(maxsize=8)             # a board shown now and the last match's, a few times over
def _counts(rows: tuple) -> tuple:
    """Codes still possible after each effort of ``rows`` (:func:`_rows_key`); None while a
    row waits for its pegs."""
    codes = solver.ALL
    out = []
    for dice, fb in rows:
        if fb is None:
            out.append(None)
            continue
        codes = solver.partition(codes, list(dice)).get(solver.feedback_key(_pegs_of(fb)), 0)
        out.append(codes.bit_count())
    return tuple(out)


@lru_cache(maxsize=8)
def _notebook(rows: tuple) -> dict:
    """The solver's notebook for ``rows`` (one dict per key, shared: read it, never change it)."""
    board = {"rows": [{"dice": list(dice), "feedback": None if fb is None else _pegs_of(fb)} for dice, fb in rows]}
    return solver.notebook({"board": board})


def codes_left(board) -> tuple:
    """Codes still possible after each effort of ``board`` (public rows only), worked out
    once per change of its rows: a render never runs the solver again."""
    return _counts(_rows_key(board))


def notebook_of(board) -> dict:
    """The breaker's notebook for ``board`` (count, values per column, the short list),
    once per change of its rows."""
    return _notebook(_rows_key(board))


# --------------------------------------------------------------------------- half-made choices
def _kept(ctx, name, key, fresh):
    """A half-made choice kept in ``ctx.scratch`` under ``name`` for the moment ``key``
    (a roll, a match): one made for another moment reads as ``fresh()``.  Reading writes
    nothing (a render only draws); the handlers write it with :func:`_keep`."""
    got = ctx.scratch.get(name)
    return got[1] if got and got[0] == key else fresh()


def _keep(ctx, name, key, value):
    ctx.scratch[name] = (key, value)
    return value


def _roll_key(ctx, board) -> tuple:
    return ctx.view.get("match"), board.get("efforts_used"), tuple(board.get("rolled") or ())


def _plan(ctx, board) -> list:
    """The breaker's placement being prepared: rolled-die index per column; a new roll
    starts an empty one."""
    return list(_kept(ctx, "dd.plan", _roll_key(ctx, board), lambda: [None] * len(columns_of(ctx))))


def _sel(ctx, board):
    """The rolled die chosen (its index), for this roll only."""
    return _kept(ctx, "dd.sel", _roll_key(ctx, board), lambda: None)


def _unplaced(plan, rolled) -> list:
    return [i for i in range(len(rolled)) if i not in plan]


def _put(ctx, col, index=None):
    """Put the chosen rolled die (or die ``index``) on column ``col``; with no die chosen,
    take back the die on that column."""
    board = ctx.view["board"]
    key = _roll_key(ctx, board)
    plan = _plan(ctx, board)
    i = _sel(ctx, board) if index is None else index
    if i is None:
        if plan[col] is not None:
            plan[col] = None
            _keep(ctx, "dd.plan", key, plan)
            ctx.redraw()
        return
    for c in range(len(plan)):               # a die sits on one column only
        if plan[c] == i:
            plan[c] = None
    plan[col] = i
    _keep(ctx, "dd.plan", key, plan)
    _keep(ctx, "dd.sel", key, None)
    ctx.redraw()


def _choose(ctx, i):
    board = ctx.view["board"]
    _keep(ctx, "dd.sel", _roll_key(ctx, board), None if _sel(ctx, board) == i else i)
    ctx.redraw()


def _die_key(ctx, event, i):
    """A digit on a rolled die puts it on that column; focus moves to the next die."""
    key = str(event.key)
    n = len(columns_of(ctx))
    if key.isdigit() and 1 <= int(key) <= n:
        event.preventDefault()
        if getattr(event, "repeat", False):
            return      # a digit held down places this die, not the next ones after it too
        _put(ctx, int(key) - 1, index=i)
        rest = _unplaced(_plan(ctx, ctx.view["board"]), ctx.view["board"].get("rolled") or [])
        focus.focus(f'[data-key="dd-die-{rest[0]}"]' if rest else "#dd-confirm")


def _drag_start(ctx, event, i):
    _keep(ctx, "dd.sel", _roll_key(ctx, ctx.view["board"]), i)   # no re-render: it would cancel the drag
    try:
        event.dataTransfer.setData("text/plain", str(i))
        event.dataTransfer.effectAllowed = "move"
    except Exception:
        pass


def _drag_over(event):
    event.preventDefault()


def _drop(ctx, event, col):
    event.preventDefault()
    _put(ctx, col)


def _clear(ctx):
    ctx.scratch.pop("dd.plan", None)
    ctx.scratch.pop("dd.sel", None)
    ctx.redraw()


def _confirm(ctx, rolled):
    plan = _plan(ctx, ctx.view["board"])
    row = [rolled[i] if i is not None else None for i in plan]
    ctx.scratch.pop("dd.sel", None)
    _focus_after(ctx, ("#dd-roll", "#dd-sol-0", "#dd-status"))
    ctx.act({"type": "place", "row": row})


def _roll(ctx):
    _focus_after(ctx, ('[data-key="dd-die-0"]', "#dd-status"))
    ctx.act({"type": "roll"})


def _focus_after(ctx, selectors):
    """Keyboard users keep their place: once the action's update has arrived (now on the
    host's device, a moment later for a guest), focus the first of ``selectors`` there is
    (:func:`news`).  Numbered, so that each request is carried out once."""
    n = (ctx.scratch.get("dd.focus") or (None, None, 0))[2] + 1
    ctx.scratch["dd.focus"] = (_moment(ctx.view), list(selectors), n)


def _moment(v):
    b = v.get("board") or {}
    return [v.get("match"), v.get("phase"), b.get("efforts_used"), b.get("rolled")]


def news(ctx):
    """For the shell (``context.new_news``): once the update a focus
    request waited for has arrived, focus the next control without scrolling to it, and
    show the row just played (its pegs: the feedback) where the player is looking.  A move
    that ended the game leaves focus to the end (above the board)."""
    want = ctx.scratch.get("dd.focus")
    if not want or want[0] == _moment(ctx.view) or ctx.result:
        return {}
    used = ((ctx.view.get("board") or {}).get("rows") or [])
    row = f"#dd-row-{len(used) + 1}-{ctx.view.get('match', 0)}" if used else None
    return {"focus": (want[2], None, None, want[1], row)}


def _solution(ctx) -> list:
    """The solution being chosen (a value or None per column); a new match starts afresh."""
    return list(_kept(ctx, "dd.sol", ctx.view.get("match"), lambda: [None] * len(columns_of(ctx))))


def _is_sure(ctx) -> bool:
    """The breaker pressed "solve" once (the second press drops the screen), this match."""
    return _kept(ctx, "dd.sure", ctx.view.get("match"), lambda: False)


def _set_sol(ctx, col, raw):
    sol = _solution(ctx)
    sol[col] = int(raw) if raw.isdigit() else None
    _keep(ctx, "dd.sol", ctx.view.get("match"), sol)
    _keep(ctx, "dd.sure", ctx.view.get("match"), False)
    ctx.redraw()


def _sure(ctx, flag):
    _keep(ctx, "dd.sure", ctx.view.get("match"), flag)
    ctx.redraw()
    focus.focus("#dd-solve-confirm" if flag else "#dd-solve")


def _solve(ctx):
    code = _solution(ctx)
    _keep(ctx, "dd.sure", ctx.view.get("match"), False)
    _focus_after(ctx, ("#dd-next", "#dd-status"))
    ctx.act({"type": "solve", "code": code})


def _effort_key(ctx, board) -> tuple:
    return ctx.view.get("match"), board.get("efforts_used")


def _pegs_state(ctx, board) -> list:
    """Manual feedback: the pegs the maker is setting for the last effort."""
    return list(_kept(ctx, "dd.fb", _effort_key(ctx, board), lambda: ["none"] * len(columns_of(ctx))))


def _cycle_peg(ctx, i):
    board = ctx.view["board"]
    fb = _pegs_state(ctx, board)
    fb[i] = PEG_CYCLE[(PEG_CYCLE.index(fb[i]) + 1) % len(PEG_CYCLE)]
    _keep(ctx, "dd.fb", _effort_key(ctx, board), fb)
    ctx.redraw()


def _give_feedback(ctx):
    fb = _pegs_state(ctx, ctx.view["board"])
    _focus_after(ctx, ("#dd-status",))
    ctx.act({"type": "feedback", "eq": fb.count("eq"), "plus": fb.count("plus"), "minus": fb.count("minus")})


def _notebook_on(ctx) -> bool:
    return bool(ctx.scratch.get(f"dd.notebook.{ctx.seat}"))


def _toggle_notebook(ctx, event):
    ctx.scratch[f"dd.notebook.{ctx.seat}"] = bool(event.target.checked)
    ctx.redraw()


def likely(ctx):
    """The scratch the player's likely next tap sets: on a finished match's reveal, "next
    match" (a step only the screen takes); the shell makes that screen in idle time
    (``TableScreens.warm_likely``).  None when no such tap is offered."""
    v = ctx.view
    if ctx.replay or not v or not v.get("board") or v.get("phase") == "over":
        return None
    last = len(v.get("history") or []) - 1
    if last >= 0 and ctx.scratch.get(f"dd.seen.{ctx.seat}", -1) < last:
        return {f"dd.seen.{ctx.seat}": last}
    return None


def _next_match(ctx, shown):
    ctx.scratch[f"dd.seen.{ctx.seat}"] = shown
    ctx.redraw()
    focus.focus_first(("#dd-roll", "#dd-sol-0", "#dd-status"))


# --------------------------------------------------------------------------- the screen
def render(ctx):
    v = ctx.view
    if not v or not v.get("board"):
        return h("p", "…")
    history = v.get("history") or []
    # A match just ended: its revealed board stays up until the player moves on.
    seen = ctx.scratch.get(f"dd.seen.{ctx.seat}", -1)
    board = v["board"]
    if ctx.replay:      # nobody moves on in a replay: the reveal stays until the next match's first move
        seen = len(history) - 1 if board.get("rows") or board.get("phase") != READY else -1
    if v.get("phase") != "over" and history and seen < len(history) - 1:
        return last_match(ctx, len(history) - 1)
    idx = v.get("match", 0)
    side = [reveal_panel(ctx, board, idx, None) if board.get("revealed") else controls(ctx, board),
            notebook_panel(ctx, board), scores_panel(ctx)]
    return [head(ctx, idx, board), status_line(ctx, board),
            h("div", h("div", board_table(ctx, board, idx, interactive=True), cls="dd-main"),
              h("div", side, cls="dd-side"), cls="dd-layout")]


def last_match(ctx, idx):
    """The match that just ended, revealed, with the button on to the next one."""
    board = ctx.view["history"][idx]
    next_button = None if ctx.replay else h("button", ctx.t("dd.next_match", n=ctx.view["match"] + 1),
                                            cls="primary big", id="dd-next", on_click=lambda e: _next_match(ctx, idx))
    return [head(ctx, idx, board),
            h("div", h("div", board_table(ctx, board, idx, interactive=False), cls="dd-main"),
              h("div", reveal_panel(ctx, board, idx, next_button), scores_panel(ctx), cls="dd-side"),
              cls="dd-layout")]


def _role(me, board) -> str:
    return "breaker" if me == board["breaker"] else "maker" if me == board["maker"] else "watcher"


def head(ctx, idx, board):
    """Which match, who breaks and who makes the code, and which of them you are."""
    return ctx.part("dd.head", _head, idx, ctx.view.get("n_matches", 2), board["breaker"], board["maker"],
                    ctx.view.get("you"))


def _head(ctx, idx, n_matches, breaker, maker, me):
    t = ctx.t
    board = {"breaker": breaker, "maker": maker}
    who = t("dd.roles", breaker=ctx.name(board["breaker"]), maker=ctx.name(board["maker"]))
    role = _role(me, board) if me is not None else "watcher"
    mine = {"breaker": t("dd.you_break"), "maker": t("dd.you_make")}.get(role)
    return h("div", h("strong", t("dd.match", n=idx + 1, total=n_matches)), " · ",
             ctx.marker(board["breaker"]), " ", who, " ", h("strong", mine) if mine else None,
             cls="dd-head", id="dd-head", data_match=idx, data_role=_role(me, board))


def status_line(ctx, board):
    """What happens now (and, for whoever watches, how many codes are left)."""
    v = ctx.view
    me = v.get("you")
    phase = v.get("phase")
    # A replay tells what happened at that step, as to a watcher: no "choose a die" to a
    # seat that cannot act there.
    acting = not ctx.replay
    msg = _status_text(ctx, board, acting and me == board["breaker"], acting and me == board["maker"])
    rows = board.get("rows") or []
    if phase in ("ready", "must_solve") and rows and rows[-1].get("feedback"):
        msg = ctx.t("dd.last_effort", n=len(rows), pegs=pegs_text(ctx, rows[-1]["feedback"])) + " " + msg
    extra = None
    if me != board["breaker"] and phase != "over":
        counts = [c for c in codes_left(board) if c is not None]
        n = counts[-1] if counts else ctx.constants["code_space"]
        extra = h("span", " ", ctx.t("dd.watch", name=ctx.name(board["breaker"]), n=n), id="dd-watch",
                  data_count=n)
    return h("p", msg, extra, cls="dd-status", id="dd-status", role="status", aria_live="polite", tabindex="-1",
             data_phase=phase)


def _status_text(ctx, board, breaking: bool, making: bool) -> str:
    t = ctx.t
    phase = ctx.view.get("phase")
    breaker = ctx.name(board["breaker"])
    if phase == "over":
        return t("dd.over")
    if phase == "ready":
        return t("dd.your_turn") if breaking else t("dd.waiting_roll", name=breaker)
    if phase == "rolled":
        if breaking:
            return t("dd.place_help", row=board["efforts_used"] + 2)
        # "rolled: 2, 1, 5" is also a label before the dice (no full stop of its own)
        return ". ".join([t("dd.rolled_by", name=breaker,
                            values=", ".join(str(x) for x in board.get("rolled") or [])),
                          t("dd.waiting_place", name=breaker)])
    if phase == "feedback":
        if making:
            return t("dd.feedback_you", n=(board["rows"][-1] or {}).get("placed", 0))
        return t("dd.waiting_feedback", name=ctx.name(board["maker"]))
    if phase == "must_solve":
        return t("dd.must_solve") if breaking else t("dd.waiting_solve", name=breaker)
    return ""


# --------------------------------------------------------------------------- the board
class _Board:
    """What every row of one board drawing needs to know (worked out once per drawing)."""

    def __init__(self, ctx, board, idx, interactive):
        me = ctx.view.get("you")
        breaking = interactive and me == board["breaker"]
        self.board, self.idx = board, idx
        self.columns = columns_of(ctx)
        self.revealed = board.get("revealed")
        show_counts = _notebook_on(ctx) or me != board["breaker"] or self.revealed
        self.counts = codes_left(board) if show_counts else None
        self.placing = breaking and board.get("phase") == "rolled" and ctx.can("place")
        self.breaking = breaking
        self.solving = breaking and ctx.can("solve")
        self.feedbacking = interactive and ctx.can("feedback")
        self.width = 2 + len(self.columns) + (1 if show_counts else 0)   # row label, columns, pegs, count

    @property
    def spare(self) -> str:
        """The columns right of the dice (pegs, count) that a code or solution row leaves empty."""
        return str(self.width - 1 - len(self.columns))


def board_table(ctx, board, idx, interactive):
    """The board as on the table: the screen and the code, row 1, rows 2–8 with pegs."""
    b = _Board(ctx, board, idx, interactive)
    t = ctx.t
    body = [code_row(ctx, b), solution_row(ctx, b)]
    rows = board.get("rows") or []
    for e in range(ctx.constants["max_efforts"]):
        if e < len(rows):
            if b.feedbacking and e == len(rows) - 1 and rows[e].get("feedback") is None:
                body.append(effort_row(ctx, b, e))
            else:      # a row played: drawn once, again only when its pegs or its count change
                n = "-" if b.counts is None else b.counts[e]
                body.append(ctx.part(("dd.row", idx, e), _played_row, rows[e], n, bool(b.revealed), b.columns,
                                     idx, e))
        elif b.placing and e == len(rows):
            body.append(placing_row(ctx, b, e))
        else:
            body.append(ctx.part(("dd.row", idx, e), _unused_row, b.columns, b.counts is not None, idx, e))
    return h("table", ctx.part("dd.thead", _board_head, b.columns, b.counts is not None),
             h("tbody", body), cls="dd-board", aria_label=t("dd.board", n=idx + 1), id=f"dd-board-{idx}")


def _board_head(ctx, columns, counted):
    t = ctx.t
    cells = [h("th", t("dd.row"), scope="col")]
    cells += [h("th", colour_tag(ctx, c), scope="col", cls=f"dd-col dd-c-{c}") for c in columns]
    cells.append(h("th", t("dd.pegs"), scope="col"))
    if counted:
        cells.append(h("th", t("dd.left"), scope="col"))
    return [h("caption", t("dd.legend"), cls="dd-legend"), h("thead", h("tr", cells))]


def code_row(ctx, b):
    """The screen over the code; the maker sees his code behind it; it drops at the reveal."""
    return ctx.part(("dd.code", b.idx), _code_row, b.board.get("code"), bool(b.revealed), b.columns, b.idx,
                    b.spare, b.board["breaker"])


def _code_row(ctx, code, revealed, columns, idx, spare, breaker):
    t = ctx.t
    if code is None:
        return h("tr", h("th", t("dd.code_row"), scope="row"),
                 h("td", h("div", t("dd.screen"), cls="dd-screen", role="img", aria_label=t("dd.screen_hidden")),
                   colspan=str(len(columns))),
                 h("td", colspan=spare), cls="dd-code-row dd-hidden", id=f"dd-code-{idx}")
    cells = [h("td", code_die(ctx, code[c], col), cls="dd-cell") for c, col in enumerate(columns)]
    note = None if revealed else h("td", t("dd.your_code", name=ctx.name(breaker)), colspan=spare, cls="dd-note")
    return h("tr", h("th", t("dd.code_row"), scope="row"), cells, note or h("td", colspan=spare),
             cls="dd-code-row" + (" dd-revealed" if revealed else " dd-behind") +
             # the screen drops as the class is first set (the patcher keeps the row after)
             (" dd-drop" if revealed else ""), id=f"dd-code-{idx}", data_code=",".join(str(x) for x in code))


def solution_row(ctx, b):
    """Row 1: the solution placed (right or wrong per column once revealed), the breaker's
    pickers until he solves (greyed out while an effort is rolled and counted: he may solve
    only between efforts), or empty.  The pickers stay in the page through an effort, so a
    confirmed effort only switches them on again instead of making 28 options anew (a phone's
    tap, issue 23) and the values he has picked stay in view."""
    if b.breaking and b.board.get("solution") is None and not b.revealed:
        chosen = _solution(ctx)
        cells = [_solution_picker(ctx, c, col, chosen[c], b.solving) for c, col in enumerate(b.columns)]
        return h("tr", h("th", ctx.t("dd.row_solution"), scope="row"), cells, h("td", colspan=b.spare),
                 cls="dd-solution-row" + (" dd-current" if b.solving else ""), id=f"dd-row-1-{b.idx}")
    return ctx.part(("dd.sol", b.idx), _still_solution_row, b.board.get("solution"), b.board.get("code"),
                    bool(b.revealed), b.columns, b.idx, b.spare)


def _still_solution_row(ctx, sol, code, revealed, columns, idx, spare):
    """Row 1 as it stands when nobody may fill it in on this screen (filled, or not the
    breaker's), so never the current row."""
    if sol is not None:
        cells = [_solution_cell(ctx, sol, code, revealed, columns, c) for c in range(len(columns))]
    else:
        cells = [h("td", empty_die(), cls="dd-cell", aria_label=ctx.t("dd.empty")) for _ in columns]
    return h("tr", h("th", ctx.t("dd.row_solution"), scope="row"), cells, h("td", colspan=spare),
             cls="dd-solution-row", id=f"dd-row-1-{idx}")


def _solution_cell(ctx, sol, code, revealed, columns, c):
    mark = None
    if code is not None and revealed:
        ok = sol[c] == code[c]
        word = ctx.t("dd.right") if ok else ctx.t("dd.wrong")
        mark = h("span", "✓" if ok else "✗", cls="dd-mark " + ("dd-ok" if ok else "dd-bad"), title=word,
                 aria_label=word, role="img")
    return h("td", code_die(ctx, sol[c], columns[c], key="dd.solution_die"), mark, cls="dd-cell")


def _solution_picker(ctx, c, col, chosen, solving):
    opts = [h("option", "—", value="", selected=chosen is None)]
    opts += [h("option", str(x), value=str(x), selected=chosen == x) for x in ctx.constants["faces"]]
    sel = h("select", opts, id=f"dd-sol-{c}", cls="dd-sol-select", disabled=not solving,
            aria_label=ctx.t("dd.solution_value", colour=colour_name(ctx, col)),
            on_change=lambda e: _set_sol(ctx, c, dom.value_of(e)))
    pic = code_die(ctx, chosen, col, key="dd.solution_die") if chosen else empty_die(col)
    return h("td", pic, sel, cls="dd-cell dd-sol-cell")


def _effort_label(ctx, e):
    return h("th", ctx.t("dd.row_effort", row=e + 2, n=e + 1), scope="row")


def _dice_cells(ctx, r):
    return [h("td", white_die(ctx, d) if d is not None else empty_die(), cls="dd-cell",
              aria_label=None if d is not None else ctx.t("dd.empty")) for d in r["dice"]]


def _count_cell(n):
    return h("td", "…" if n is None else str(n), cls="dd-count", data_count=n)


def effort_row(ctx, b, e):
    """The last row played, waiting for its pegs: the maker's peg editor beside it."""
    r = b.board["rows"][e]
    peg_cell = h("td", feedback_editor(ctx, b.board, r), cls="dd-peg-cell")
    cnt = _count_cell(b.counts[e]) if b.counts is not None else None
    return h("tr", _effort_label(ctx, e), _dice_cells(ctx, r), peg_cell, cnt, cls="dd-effort dd-current",
             id=f"dd-row-{e + 2}-{b.idx}", data_row=e + 2)


def _played_row(ctx, r, n, revealed, columns, idx, e):
    """A row already played: its dice, its pegs (after the reveal, the true ones where they
    were wrong), and the codes left after it (``n``; ``"-"``: that column is not shown)."""
    cls = "dd-effort"
    extra = None
    if revealed and r.get("correct") is False and r.get("true_feedback"):
        extra = h("span", ctx.t("dd.true_pegs", text=pegs_text(ctx, r["true_feedback"])), cls="warn dd-true")
        cls += " dd-wrong"
    peg_cell = h("td", pegs(ctx, r.get("feedback"), len(columns)), extra, cls="dd-peg-cell")
    return h("tr", _effort_label(ctx, e), _dice_cells(ctx, r), peg_cell, None if n == "-" else _count_cell(n),
             cls=cls, id=f"dd-row-{e + 2}-{idx}", data_row=e + 2)


def placing_row(ctx, b, e):
    """The row the breaker is filling: a drop target per column."""
    cells = [h("td", _slot(ctx, b, e + 2, c, col), cls="dd-cell") for c, col in enumerate(b.columns)]
    return h("tr", _effort_label(ctx, e), cells, h("td", cls="dd-peg-cell"),
             h("td") if b.counts is not None else None,
             cls="dd-effort dd-current", id=f"dd-row-{e + 2}-{b.idx}", data_row=e + 2)


def _slot(ctx, b, rownum, c, col):
    t = ctx.t
    rolled = b.board.get("rolled") or []
    i = _plan(ctx, b.board)[c]
    sel = _sel(ctx, b.board)
    if i is not None:
        content = white_die(ctx, rolled[i])
        aria = t("dd.slot_with", row=rownum, colour=colour_name(ctx, col), v=rolled[i])
    elif sel is not None:
        content = h("span", "+", cls="dd-die dd-empty dd-target", aria_hidden="true")
        aria = t("dd.slot_put", v=rolled[sel], colour=colour_name(ctx, col), row=rownum)
    else:
        content = empty_die()
        aria = t("dd.slot_empty", row=rownum, colour=colour_name(ctx, col))
    return h("button", content, type="button", cls=f"dd-slot dd-c-{col}", id=f"dd-slot-{c}", aria_label=aria,
             title=aria, data_col=c, on_click=lambda ev: _put(ctx, c), on_dragover=_drag_over,
             on_drop=lambda ev: _drop(ctx, ev, c))


def _unused_row(ctx, columns, counted, idx, e):
    cells = [h("td", empty_die(), cls="dd-cell") for _ in columns]
    return h("tr", _effort_label(ctx, e), cells, h("td", cls="dd-peg-cell"),
             h("td") if counted else None,
             cls="dd-effort dd-unused", id=f"dd-row-{e + 2}-{idx}", data_row=e + 2)


def feedback_editor(ctx, board, row):
    """Manual mode: the maker sets the pegs of the last effort (neutral, =, +, −)."""
    t = ctx.t
    state = _pegs_state(ctx, board)
    buttons = []
    for i, k in enumerate(state):
        label = t("dd.feedback_peg", i=i + 1, state=t(f"dd.peg.{k}"))
        buttons.append(h("button", PEG_SYM[k], type="button", cls=f"dd-peg dd-peg-{k} dd-peg-button",
                         id=f"dd-peg-{i}", aria_label=label, title=label, data_state=k,
                         on_click=lambda e, i=i: _cycle_peg(ctx, i)))
    ok = sum(1 for k in state if k != "none") == row.get("placed")
    return h("div", h("span", buttons, cls="dd-pegs"),
             h("button", t("dd.give_feedback"), type="button", cls="primary", id="dd-give-feedback",
               disabled=not ok, on_click=lambda e: _give_feedback(ctx)), cls="dd-feedback-editor")


# --------------------------------------------------------------------------- beside the board
def controls(ctx, board):
    """The white dice (supply and roll) and the breaker's buttons.  What the breaker does now
    (the rolled dice to place, roll, confirm, set the solution) is one bar: on a phone it stays
    at the bottom of the screen, so the board above never has to be scrolled away from."""
    me = ctx.view.get("you")
    breaking = me == board["breaker"]
    out, bar = [supply_pile(ctx, board)], []
    if breaking and board.get("phase") == "rolled" and ctx.can("place"):
        bar += placing_tray(ctx, board)
    elif board.get("rolled"):
        out.append(h("div", h("span", ctx.t("dd.rolled_by", name=ctx.name(board["breaker"]), values="")),
                     h("ul", [h("li", white_die(ctx, x)) for x in board["rolled"]], cls="dd-tray", id="dd-tray"),
                     cls="dd-tray-box"))
    roll, solve = breaking and ctx.can("roll"), breaking and ctx.can("solve")
    if solve:
        out.append(solve_box(ctx, board))
    if roll or solve:
        bar.append(roll_or_solve(ctx, board, roll, solve))
    if bar:
        out.append(h("div", bar, cls="dd-bar", id="dd-bar"))
    return h("section", out, cls="panel dd-controls", id="dd-controls")


def roll_or_solve(ctx, board, roll, solve):
    """Roll the next white dice, or drop the screen on row 1 (a second press to be sure)."""
    t = ctx.t
    chosen = _solution(ctx)
    if solve and _is_sure(ctx) and all(x is not None for x in chosen):
        return h("div", h("p", t("dd.solve_sure", code=" ".join(str(x) for x in chosen)), cls="warn", role="alert"),
                 h("div", h("button", t("dd.solve_yes"), type="button", cls="danger", id="dd-solve-confirm",
                            on_click=lambda e: _solve(ctx)),
                   h("button", t("dd.solve_no"), type="button", id="dd-solve-cancel",
                     on_click=lambda e: _sure(ctx, False)), cls="row"), cls="dd-sure")
    n = min(ctx.constants["roll_size"], board.get("supply", 0))
    return h("div", h("button", t("dd.roll", n=n), type="button", cls="primary big", id="dd-roll",
                      on_click=lambda e: _roll(ctx)) if roll else None,
             h("button", t("dd.solve"), type="button", cls="primary", id="dd-solve",
               disabled=not all(x is not None for x in chosen), on_click=lambda e: _sure(ctx, True))
             if solve else None, cls="row dd-actions")


def supply_pile(ctx, board):
    return ctx.part("dd.supply", _supply_pile, board.get("supply", 0))


def _supply_pile(ctx, supply):
    return h("div", h("span", [h("span", cls="dd-mini", aria_hidden="true") for _ in range(supply)],
                      cls="dd-supply-pile"), " ", ctx.t("dd.supply", n=supply), cls="dd-supply", id="dd-supply",
             data_supply=supply)


def placing_tray(ctx, board):
    """The rolled dice not yet on a column (choose, press a digit, or drag), and the
    confirm / take-back buttons."""
    t = ctx.t
    rolled = board.get("rolled") or []
    plan = _plan(ctx, board)
    sel = _sel(ctx, board)
    tray = []
    for i in _unplaced(plan, rolled):
        chosen = sel == i
        label = t("dd.tray_die_chosen" if chosen else "dd.tray_die", v=rolled[i])
        tray.append(h("li", h("button", die_face(rolled[i]), type="button",
                              cls="dd-die dd-white dd-tray-die" + (" dd-chosen" if chosen else ""),
                              aria_pressed="true" if chosen else "false", aria_label=label, title=label,
                              data_key=f"dd-die-{i}", data_value=rolled[i], draggable="true",
                              on_click=lambda e, i=i: _choose(ctx, i),
                              on_keydown=lambda e, i=i: _die_key(ctx, e, i),
                              on_dragstart=lambda e, i=i: _drag_start(ctx, e, i))))
    n = sum(1 for x in plan if x is not None)
    return [h("div", h("span", t("dd.rolled"), id="dd-tray-label"),
              h("ul", tray, cls="dd-tray", id="dd-tray", aria_labelledby="dd-tray-label"), cls="dd-tray-box"),
            h("div", h("button", t("dd.confirm", n=n), type="button", cls="primary", id="dd-confirm",
                       disabled=n == 0, on_click=lambda e: _confirm(ctx, rolled)),
              h("button", t("dd.clear"), type="button", id="dd-clear", disabled=n == 0,
                on_click=lambda e: _clear(ctx)), cls="row dd-actions")]


def solve_box(ctx, board):
    """Filling row 1: what it is worth now (the button that drops the screen is in the bar)."""
    t = ctx.t
    return h("div", h("h2", t("dd.solution_title")),
             h("p", t("dd.solve_worth", count=board.get("score_if_solved_now")), cls="muted"),
             cls="dd-solve", id="dd-solve-box")


def reveal_panel(ctx, board, idx, after):
    """The screen has dropped: did the solution break the code, and the score line by line."""
    t = ctx.t
    sc = board.get("score") or {"reason": "not_broken", "lines": [], "total": 0}
    name = ctx.name(board["breaker"])
    lines = [score_line(ctx, line) for line in sc.get("lines") or []]
    lines.append(h("tr", h("th", t("dd.total", name=name), scope="row"),
                   h("td", str(sc.get("total", 0)), cls="dd-pts", id="dd-total"), cls="dd-total-row"))
    return h("section", h("h2", t("dd.reveal_title", n=idx + 1)), verdict(ctx, board, sc.get("reason"), name),
             h("table", h("tbody", lines), cls="dd-score", id="dd-score"), after,
             cls="panel dd-reveal", id="dd-reveal", aria_live="polite", data_match=idx, data_total=sc.get("total", 0))


def verdict(ctx, board, reason, name):
    t = ctx.t
    if reason == "broken":
        return h("p", h("strong", t("dd.broken")), cls="ok", id="dd-verdict", data_reason="broken")
    if reason == "wrong_feedback":
        return h("p", t("dd.wrong_feedback", n=(board.get("wrong_row") or 0) + 1, name=name), cls="warn",
                 id="dd-verdict", data_reason="wrong_feedback")
    return h("p", h("strong", t("dd.not_broken")), cls="error", id="dd-verdict", data_reason="not_broken")


def score_line(ctx, line):
    item = line.get("item")
    if item == "base":
        label = ctx.t("dd.line.base")
    else:
        label = ctx.t(f"dd.line.{item}", count=line.get("count"), each=line.get("each"))
    return h("tr", h("th", label, scope="row"), h("td", str(line.get("points")), cls="dd-pts"), data_item=item)


def notebook_panel(ctx, board):
    """The breaker's notebook, behind a checkbox: codes left, values per column, the list."""
    t = ctx.t
    on = _notebook_on(ctx)
    box = h("label", h("input", type="checkbox", id="dd-notebook", checked=on,
                       on_change=lambda e: _toggle_notebook(ctx, e)), " ", t("dd.notebook_toggle"),
            cls="dd-notebook-toggle")
    if not on:
        return h("section", box, cls="panel dd-notebook")
    # drawn again only when the board's public rows change (the solver's answers, memoised)
    return h("section", box, ctx.part("dd.notebook", _notebook_body, _rows_key(board), columns_of(ctx)),
             cls="panel dd-notebook")


def _notebook_body(ctx, rows, columns):
    t = ctx.t
    nb = _notebook(rows)
    per = [notebook_values(ctx, c, col, nb["possible"][c]) for c, col in enumerate(columns)]
    parts = [h("h2", t("dd.notebook")), h("p", t("dd.notebook_hint"), cls="muted"),
             h("p", h("strong", t("dd.notebook_count", n=nb["count"])), id="dd-nb-count", data_count=nb["count"])]
    if nb["count"] == 0:
        parts.append(h("p", t("dd.notebook_contra"), cls="warn"))
    parts.append(h("ul", per, cls="dd-nb-values", id="dd-nb-values"))
    if nb.get("candidates"):
        parts.append(h("h3", t("dd.notebook_list")))
        parts.append(h("ul", [h("li", " ".join(str(x) for x in code), data_code=",".join(str(x) for x in code))
                              for code in nb["candidates"]], cls="dd-nb-list", id="dd-nb-list"))
    return parts


def notebook_values(ctx, c, col, possible):
    """One column in the notebook: every face, the ruled-out ones struck."""
    t = ctx.t
    possible = sorted(possible)
    chips = [h("span", str(x), cls="dd-val" + ("" if x in possible else " dd-out"),
               title=t("dd.value_in" if x in possible else "dd.value_out", v=x)) for x in ctx.constants["faces"]]
    label = t("dd.notebook_values", colour=colour_name(ctx, col), values=", ".join(str(x) for x in possible) or "—")
    return h("li", colour_tag(ctx, col), " ", h("span", chips, aria_hidden="true"), h("span", label, cls="sr-only"),
             data_col=c, data_values=",".join(str(x) for x in possible))


def scores_panel(ctx):
    """Every match of the game, who breaks in it and his points; the totals."""
    v = ctx.view
    boards = list(v.get("history") or []) + ([v["board"]] if v.get("board") is not None else [])
    scores = v.get("scores") or []
    lines = []
    for i in range(v.get("n_matches", len(boards))):
        if i < len(boards):
            breaker = boards[i]["breaker"]
        else:                                # roles alternate match by match
            breaker = (boards[-1]["breaker"] + i - (len(boards) - 1)) % 2 if boards else 0
        pair = scores[i] if i < len(scores) else None
        lines.append((breaker, None if pair is None else pair[breaker],
                      i == v.get("match") and v.get("phase") != "over"))
    return ctx.part("dd.scores", _scores_panel, lines, v.get("totals") or [0, 0])


def _scores_panel(ctx, lines, totals):
    t = ctx.t
    rows = []
    for i, (breaker, points, now) in enumerate(lines):
        pts = "—" if points is None else t("dd.points", n=points)
        rows.append(h("tr", h("th", ctx.marker(breaker), " ", t("dd.score_match", n=i + 1, name=ctx.name(breaker)),
                              scope="row"), h("td", pts), data_match=i, cls="dd-now" if now else None))
    rows.append(h("tr", h("th", t("dd.totals"), scope="row"),
                  h("td", " · ".join(f"{ctx.name(s)} {totals[s]}" for s in range(len(totals)))),
                  cls="dd-total-row", id="dd-totals"))
    return h("section", h("h2", t("dd.scores")), h("table", h("tbody", rows), cls="dd-scores"),
             cls="panel dd-scores-panel")



# --------------------------------------------------------------------------- how to play
EXAMPLE_CODE = [5, 2, 4, 1]                  # the made-up code of the rules page
EXAMPLE_ROW = [5, 1, None, 6]                # one effort: three white dice placed


def _example_effort(ctx, columns):
    """The code behind the screen, one effort below it and its pegs: one die right, the code
    higher on one, lower on another; the pegs do not say which."""
    from ...games.dobbelduel.rules import feedback as feedback_for
    from ..howto import example
    ex = example(ctx, {"columns": columns}, seat=1)
    code = h("div", h("span", ex.t("dd.code_row"), cls="dd-rowname"),
             [code_die(ex, v, c) for v, c in zip(EXAMPLE_CODE, columns)], cls="dd-example-row")
    fb = feedback_for(EXAMPLE_CODE, EXAMPLE_ROW)
    row = h("div", h("span", ex.t("dd.row_effort", row=2, n=1), cls="dd-rowname"),
            [white_die(ex, v) if v is not None else empty_die(c) for v, c in zip(EXAMPLE_ROW, columns)],
            pegs(ex, fb), cls="dd-example-row")
    return [code, row]


def _example_score(ctx):
    """A code broken after three efforts with nine white dice left: 20 + 4 × 5 + 9 × 1."""
    from ..howto import example
    k = ctx.constants
    base, row, die_pts = k.get("base_points", 20), k.get("row_points", 5), k.get("die_points", 1)
    empty, unused = k.get("max_efforts", 7) - 3, k.get("white_dice", 18) - 9
    lines = [{"item": "base", "points": base},
             {"item": "empty_rows", "count": empty, "each": row, "points": row * empty},
             {"item": "unused_dice", "count": unused, "each": die_pts, "points": die_pts * unused}]
    ex = example(ctx, {})
    total = sum(x["points"] for x in lines)
    return h("table", h("tbody", [score_line(ex, x) for x in lines],
                        h("tr", h("th", ex.t("dd.total", name=ex.name(1)), scope="row"), h("td", str(total)))),
             cls="dd-score")


def how_to_play(ctx) -> list:
    """Dobbelduel in a few parts, with the table's options (``ctx.view["options"]``)."""
    from ..howto import section
    t = ctx.t
    o = ctx.view.get("options") or {}
    k = ctx.constants
    columns = list(o.get("columns") or PAINTED)
    nums = {"efforts": k.get("max_efforts", 7), "white": k.get("white_dice", 18), "roll": k.get("roll_size", 4),
            "base": k.get("base_points", 20), "row": k.get("row_points", 5), "die": k.get("die_points", 1),
            "matches": o.get("matches", 2)}
    manual = o.get("feedback") == "manual"
    return [
        section(t, "dd.rules.goal", params=nums),
        section(t, "dd.rules.setup", 2, params=nums),
        section(t, "dd.rules.effort", 3, params=nums),
        section(t, "dd.rules.feedback", ["p1", "p2", "p3.manual" if manual else "p3.auto"],
                picture=_example_effort(ctx, columns), after=1, params=nums),
        section(t, "dd.rules.solve", 2, params=nums),
        section(t, "dd.rules.score", 2, picture=_example_score(ctx), params=nums),
        section(t, "dd.rules.end", ["p1", "p2." + ("extra" if o.get("tie") == "extra_pair" else "draw")],
                params=nums),
    ]


def columns_field(app, game, name):
    """The ``columns`` option: the four coloured swatches in their order, each can move left."""
    t = app.t
    order = app.setup["options"][name]

    def left(i):
        order[i - 1], order[i] = order[i], order[i - 1]
        app.render()
    cells = []
    for i, c in enumerate(order):
        word = app.text_of(f"dd.colour.{c}") or c
        cells.append(h("li", h("span", "", cls=f"swatch c-{c}" if c in PAINTED else "swatch", aria_hidden="true"),
                       h("span", word, cls="swatch-name"),
                       h("button", "←", cls="small", data_key=f"col-left-{i}",
                         aria_label=t("opt.move_left", item=word), on_click=lambda e, i=i: left(i)) if i else None,
                       cls="swatch-cell", key=f"col-{c}"))
    return h("div", h("span", app.option_label(game, name), id="opt-columns-label"),
             app.option_help(game, name),
             h("ol", cells, cls="swatches", id="opt-columns", aria_labelledby="opt-columns-label",
               aria_describedby="opt-columns-help" if app.text_of(f"opt.{game.id}.{name}.help") else None),
             cls="field")


OPTION_FIELDS = {"columns": columns_field}      # set-up controls of this game's own (ui/shell_home.py)
