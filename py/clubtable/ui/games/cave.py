"""The Play-Doh's Cave screen: the riddle mat, seen from one seat (RULES.md §3).

Top to bottom: what happens now (the round, whose turn, the stage and its clock), the
panel for what this seat may do now (mold, ask a letter or pass, ask a question or stop —
this turn's answers above the form —, answer or refuse, guess, judge a near miss), the
interrupt button with the side's cubes, this side's notebook of letter answers, the riddle
mat (every riddle with its picture(s), owner, toothpicks, who solved it, the word once this
seat may know it), the game-marker track with both numbers of each column (the guesser's on
top, the owner's below), the sides with their scores and cubes, the questions asked and the
guesses made.

Everything comes from ``ctx.view`` (this seat's projection: a letter answer is there only
for the asking and owning sides), ``ctx.legal`` (the riddles a move may target are the
choices of its descriptor) and ``ctx.constants`` (answers, letter units, "-").  Pass-and-
play: only the seat in focus is drawn; another local seat may still interrupt through its
own button (``ctx.others``).  Half-typed words, questions and the zoomed picture live in
``ctx.scratch``.  Media (the ``riddle_medium`` option): ``canvas2d`` one drawing per
riddle (the kit's dough pad), ``photo`` several angles (the kit's photo picker; the mat
rotates at a real table), ``table`` real clay on the table and no picture (the mat shows
numbered places).  The dough is drawn in the seat's colour (``ctx.colour``).
"""
from __future__ import annotations

from .. import riddles as kit    # the shared riddle kit: dough pad, photo picker, word, question, proposal, log
from .. import dom
from ..clock import clock_text
from ..dom import h

# the moves this screen offers to the other players at the device (pass-and-play)
SHOUTS = ("interrupt",)

PAD = "cave-pad"
PHOTOS = "cave-photos"
WORD = "cave-word"

# The move that hands a riddle in, per medium; told apart by what the seat may make now.
MOLD_MOVES = ("mold", "mold_photos", "mold_clay")
CLOCK_ORDER = ("molding", "letter_turn", "question", "answer", "guess", "interrupt", "judge")


# =========================================================================== small helpers
def seat_colours(view: dict) -> list:
    """Each seat wears its side's colour and symbol (partners share one): for ``ctx.marker``."""
    return list(view.get("side_of") or [])


def _s(ctx) -> dict:
    return ctx.scratch


def _side_names(ctx, side: int) -> str:
    sides = ctx.view.get("sides") or []
    if not 0 <= side < len(sides):
        return "?"
    return kit.side_name(ctx, sides[side]["seats"])


def _side_mark(ctx, side: int):
    sides = ctx.view.get("sides") or []
    if not 0 <= side < len(sides):
        return None
    return [ctx.marker(s) for s in sides[side]["seats"]]


def riddle_label(ctx, rid: int) -> str:
    """"Riddle 5 (Bea's)": the number is the riddle's place on the mat."""
    riddles = ctx.view.get("riddles") or []
    owner = riddles[rid]["side"] if 0 <= rid < len(riddles) else -1
    return ctx.t("cave.riddle_of", n=rid + 1, owner=_side_names(ctx, owner))


def _private(ctx, r: dict) -> bool:
    """A riddle's word only this side knows (its own, before the end or its removal)."""
    return r.get("side") == ctx.view.get("my_side") and not r.get("removed") and ctx.view.get("phase") != "over"


def hold_row(ctx):
    """Pass-and-play, when another player at the device may interrupt on this screen: the
    side's word, notebook and secret guesses stay hidden until its player holds "show"."""
    shown = None
    if ctx.shared and ctx.showing("secrets"):     # held: here, where the player's finger is
        v = ctx.view
        lines = [f"{riddle_label(ctx, r['id'])}: {r['word']}" for r in v.get("riddles") or []
                 if r.get("word") and _private(ctx, r)]
        none = ctx.constants.get("none", "-")
        lines += [f"{riddle_label(ctx, q['riddle'])} · {letter_query(ctx, q)}: "
                  f"{ctx.t('cave.no_letter') if q['answer'] == none else q['answer']}"
                  for q in v.get("letters") or [] if "answer" in q]
        shown = [h("span", line, cls="hold-line") for line in lines]
    hold = ctx.hold_to_show("secrets", ctx.t("cave.hold_secrets"), shown)
    return h("p", hold, cls="hold-row", id="cave-hold") if hold else None


def _choices(ctx, move: str, arg: str = "riddle") -> list:
    for d in ctx.find(move):
        spec = (d.get("args") or {}).get(arg)
        if isinstance(spec, dict):
            return list(spec.get("choices") or [])
    return []


def _pick(ctx, key: str, choices: list):
    """The scratch selection if it is still a choice, else the first choice."""
    cur = _s(ctx).get(key)
    return cur if cur in choices else (choices[0] if choices else None)


def _chosen(ctx, key: str, conv=int):
    def on(e):
        raw = str(e.target.value)
        try:
            _s(ctx)[key] = conv(raw)
        except ValueError:
            return
        ctx.redraw()
    return on


def _send(ctx, action: dict, clear=()):
    for k in clear:
        _s(ctx).pop(k, None)
    ctx.act(action)


def _riddle_select(ctx, sid: str, key: str, choices: list, label: str):
    sel = _pick(ctx, key, choices)
    return h("label", h("span", label), " ",
             h("select", [h("option", riddle_label(ctx, r), value=r, selected=r == sel) for r in choices],
               id=sid, on_change=_chosen(ctx, key)), cls="field")


def ordinal(ctx, n: int) -> str:
    key = f"cave.ord.{n}"
    text = ctx.t(key)
    return text if text != key else ctx.t("cave.ord.n", n=n)


def letter_query(ctx, q: dict) -> str:
    """"2nd consonant from the end" in the table's language (§3.5.1 grammar)."""
    return ctx.t(f"cave.query.{q['unit']}.{q['count_from']}", nth=ordinal(ctx, int(q["n"])))


def _clock(ctx, name: str, c: dict):
    if c.get("deadline_ms"):
        value = ctx.countdown(c["deadline_ms"])
    else:
        left = clock_text((int(c.get("left_ms") or 0) + 999) // 1000)
        value = h("span", ctx.t("cave.paused", left=left), cls="paused")
    return h("span", h("span", ctx.t(f"cave.clock.{name}")), " ", value, cls=f"cave-clock clock-{name}",
             id=f"cave-clock-{name}", data_running="1" if c.get("deadline_ms") else "0")


# =========================================================================== status
def status(ctx):
    v = ctx.view
    t = ctx.t
    phase = v.get("phase")
    rnd = v.get("round") or {}
    lines = []
    if phase == "molding":
        medium = (v.get("options") or {}).get("riddle_medium", "canvas2d")
        lines.append(h("p", t("cave.molding"), " ", t(f"cave.medium.{medium}"), cls="cave-what"))
    elif phase == "play":
        kind = rnd.get("kind")
        lines.append(h("p", h("strong", t(f"cave.round.{kind}", n=rnd.get("no", 1))), " · ",
                       t("cave.turn_of", name=_side_names(ctx, v.get("turn_side"))),
                       " (", t("cave.turn_n", i=rnd.get("turn", 0) + 1, of=len(rnd.get("order") or [])), ")",
                       cls="cave-what"))
        ia = v.get("interrupt")
        if ia:
            lines.append(h("p", t("cave.interrupted_by", name=_side_names(ctx, ia["side"])),
                           cls="cave-banner", role="status", id="cave-interrupt-banner"))
        elif v.get("judging") is not None:
            lines.append(h("p", t("cave.judging"), cls="cave-banner", role="status"))
        elif v.get("stage"):
            lines.append(h("p", t(f"cave.stage.{v['stage']}"), cls="cave-stage"))
    else:
        lines.append(h("p", h("strong", t("cave.over")), " ", t(f"cave.reason.{v['reason']}") if v.get("reason") else "",
                       cls="cave-what", id="cave-over"))
    shown = [_clock(ctx, n, ctx.timer(n)) for n in CLOCK_ORDER if ctx.timer(n)]
    if shown:
        lines.append(h("p", shown, cls="cave-clocks"))
    if ctx.seat is None:
        lines.append(h("p", t("cave.spectator"), cls="muted"))
    return h("div", lines, id="cave-status", data_phase=phase, data_stage=v.get("stage") or "",
             data_round=rnd.get("kind") or "", data_turn_side=v.get("turn_side") if v.get("turn_side")
             is not None else "", aria_live="polite")


# =========================================================================== interrupts
def interrupt_bar(ctx):
    """The interrupt button (any seat of a side with a cube, in a letter or question round)
    and, pass-and-play, one per other local seat that may interrupt."""
    v = ctx.view
    if v.get("phase") != "play" or v.get("my_side") is None:
        return None
    t = ctx.t
    cubes = v["sides"][v["my_side"]]["interrupts"]
    s = _s(ctx)
    rnd = v.get("round") or {}
    chance = [rnd.get("no"), rnd.get("turn")]          # an armed button is for this turn only

    def arm(seat, _action=None):
        s["cave.arm"] = [seat, chance]
        ctx.redraw()

    def spend(seat):
        def on(e):
            s.pop("cave.arm", None)
            ctx.act({"type": "interrupt"}, seat=seat)
        return on

    def cancel(e):
        s.pop("cave.arm", None)
        ctx.redraw()
    armed = s.get("cave.arm") or [None, None]
    may = {seat for seat, up in ctx.others if "interrupt" in (up.get("moves") or [])}
    if ctx.can("interrupt"):
        may.add(ctx.seat)
    if armed[1] == chance and armed[0] in may:          # a cube cannot be had back: asked once
        seat = armed[0]
        mine = seat == ctx.seat
        return h("div", h("p", t("cave.interrupt_ask", name=ctx.name(seat)), id="cave-interrupt-ask", role="alert"),
                 h("button", "☝ ", t("cave.interrupt_yes"), id="cave-interrupt-yes" if mine else None,
                   key=f"cave-interrupt-yes-{seat}", cls="cave-interrupt-yes danger", on_click=spend(seat)), " ",
                 h("button", t("cave.interrupt_no"), id="cave-interrupt-no", on_click=cancel),
                 cls="cave-interrupts asking")
    buttons = [h("button", "☝ ", t("cave.interrupt"), " ", h("span", t("cave.cubes", n=cubes), cls="cave-cube-n"),
                 id="cave-interrupt", cls="cave-interrupt", disabled=not ctx.can("interrupt"),
                 data_cubes=cubes, on_click=lambda e: arm(ctx.seat))]
    buttons += ctx.for_others("interrupt", lambda seat, a: t("cave.interrupt_for", name=ctx.name(seat)),
                              key="cave-interrupt", cls="cave-interrupt",
                              pick=lambda up: {"type": "interrupt"} if "interrupt" in (up.get("moves") or []) else None,
                              on_click=arm)
    return h("div", buttons, cls="cave-interrupts")


# =========================================================================== molding
def mold_panel(ctx):
    v = ctx.view
    t = ctx.t
    mine = [r for r in v.get("riddles") or [] if r.get("maker") == ctx.seat]
    if not mine:
        return None
    move = next((m for m in MOLD_MOVES if ctx.can(m)), None)
    medium = (v.get("options") or {}).get("riddle_medium", "canvas2d")
    done = [r for r in mine if r.get("made")]
    out = [h("h2", t("cave.your_riddles", done=len(done), of=len(mine)), cls="cave-h")]
    if move is not None:
        out.append(mold_form(ctx, move, medium, len(done)))
    else:
        out.append(h("p", t("cave.all_handed_in"), cls="muted", id="cave-all-in"))
    rows = []
    for r in done:
        rows.append(h("li", h("strong", r.get("word") or "?"), " ", _pictures(ctx, r, small=True),
                      h("button", t("cave.withdraw"), cls="small", key=f"withdraw-{r['id']}",
                        disabled=not ctx.find("withdraw", riddle=r["id"]),
                        on_click=lambda e, rid=r["id"]: _send(ctx, {"type": "withdraw", "riddle": rid})),
                      key=f"made-{r['id']}"))
    if rows:
        out.append(h("ul", rows, cls="cave-made", id="cave-made"))
    return h("section", out, id="cave-mold", cls="cave-panel")


def mold_form(ctx, move: str, medium: str, done: int = 0):
    """The secret word and, per medium, the riddle's picture(s): the kit's dough pad
    (``mold``) or photo picker (``mold_photos``, at least ``photo_angles`` of them, since
    the mat turns at a real table).  At a real table the clay is the riddle: only the word
    is handed in (``mold_clay``; the mat shows where to put the clay)."""
    t = ctx.t
    s = _s(ctx)
    k = ctx.constants
    error = s.get("mold.error")
    parts = [kit.secret_word_field(s, WORD, t, label=t("cave.secret_word"), error=error)]
    if move == "mold":
        parts.append(h("p", t("cave.draw_here"), cls="muted"))
        parts.append(kit.drawing_pad(s, PAD, ctx.colour(ctx.seat or 0), t, redraw=ctx.redraw))
    elif move == "mold_photos":
        parts.append(h("p", t("cave.photos_here", n=k.get("photo_angles", 1)), cls="muted"))
        parts.append(kit.photo_picker(ctx, PHOTOS, limit=k.get("max_photos", 8)))
    else:
        parts.append(h("p", t("cave.clay_here"), cls="muted"))

    def fail(message):
        s["mold.error"] = message
        ctx.redraw()

    def submit(e):
        word, err = kit.secret_word(s, WORD, t)
        if err:
            return fail(err)
        action = {"type": move, "word": word}
        if move == "mold":
            data = kit.pad_picture(s, PAD)
            if data is None:
                return fail(t("cave.draw_first"))
            ref, err = kit.share(ctx, data)
            if err:
                return fail(err)
            action["picture"] = ref
        elif move == "mold_photos":
            refs = list(kit.picked_pictures(s, PHOTOS))
            if len(refs) < k.get("photo_angles", 1):
                return fail(t("cave.more_photos", n=k.get("photo_angles", 1)))
            action["pictures"] = refs
        s.pop("mold.error", None)
        s["word:" + WORD] = ""
        kit.pad_clear(s, PAD)
        kit.picked_pictures(s, PHOTOS).clear()
        ctx.act(action)
    parts.append(h("button", t("cave.hand_in"), type="submit", cls="primary", id="cave-hand-in"))
    # keyed by the riddles handed in: the next riddle gets a fresh form (an empty word field)
    return h("form", parts, id="cave-mold-form", key=f"mold-{done}", data_medium=medium, on_submit=submit)


# =========================================================================== the mat
def _pictures(ctx, r: dict, small=False):
    refs = r.get("pictures") or []
    if not refs:
        return None
    out = []
    for i, ref in enumerate(refs):
        url = _src(ctx, ref)
        alt = ctx.t("cave.picture_of", riddle=r["id"] + 1, n=i + 1, of=len(refs))
        img = h("img", src=url, alt=alt, cls="cave-pic") if url else h("span", "…", cls="cave-pic loading",
                                                                       aria_label=alt)
        out.append(h("button", img, cls="cave-pic-btn", key=f"pic-{r['id']}-{i}",
                     aria_label=ctx.t("cave.zoom", what=alt),
                     on_click=lambda e, rid=r["id"], i=i: _zoom(ctx, rid, i)))
        if small:
            break
    return h("div", out, cls="cave-pics" + (" several" if len(refs) > 1 else ""))


def _src(ctx, ref):
    """A URL for a picture this seat may see, or None while it is on its way."""
    return kit.picture_src(ctx, ref)


def _zoom(ctx, rid, i):
    _s(ctx)["zoom"] = {"riddle": rid, "i": i, "scale": 1}
    ctx.redraw()


def zoom_view(ctx):
    """A large view of one riddle's picture: larger and smaller, and, with photos, the
    other angles one after another (the clay seen from around the table)."""
    z = _s(ctx).get("zoom")
    riddles = ctx.view.get("riddles") or []
    if not z or not 0 <= z["riddle"] < len(riddles):
        return None
    r = riddles[z["riddle"]]
    refs = r.get("pictures") or []
    if not refs:
        return None
    t = ctx.t
    i = z["i"] % len(refs)
    scale = z.get("scale", 1)

    def go(di=0, ds=0):
        def on(e):
            z["i"] = (i + di) % len(refs)
            z["scale"] = max(1, min(4, scale + ds))
            ctx.redraw()
        return on

    def close(e):
        _s(ctx).pop("zoom", None)
        ctx.redraw()

    def keys(e):
        k = str(e.key)
        if k == "Escape":
            close(e)
        elif k in ("ArrowRight", "ArrowLeft") and len(refs) > 1:
            go(1 if k == "ArrowRight" else -1)(e)
        elif k in ("+", "-"):
            go(ds=1 if k == "+" else -1)(e)
    url = _src(ctx, refs[i])
    alt = t("cave.picture_of", riddle=r["id"] + 1, n=i + 1, of=len(refs))
    return h("div",
             h("p", h("strong", riddle_label(ctx, r["id"])),
               " · " + t("cave.angle", n=i + 1, of=len(refs)) if len(refs) > 1 else None),
             h("div", h("img", src=url, alt=alt, style=f"width:{100 * scale}%") if url else h("p", "…"),
               cls="cave-zoom-frame"),
             h("p",
               h("button", "◀ " + t("cave.prev_angle"), id="cave-zoom-prev", on_click=go(-1)) if len(refs) > 1
               else None,
               h("button", t("cave.smaller"), id="cave-zoom-out", disabled=scale <= 1, on_click=go(ds=-1)),
               h("button", t("cave.larger"), id="cave-zoom-in", disabled=scale >= 4, on_click=go(ds=1)),
               h("button", t("cave.next_angle") + " ▶", id="cave-zoom-next", on_click=go(1)) if len(refs) > 1
               else None,
               h("button", t("cave.close"), id="cave-zoom-close", on_click=close)),
             role="dialog", aria_modal="true", aria_label=alt, id="cave-zoom", cls="cave-zoom", tabindex="-1",
             on_keydown=keys)


def mat(ctx):
    v = ctx.view
    t = ctx.t
    me = v.get("my_side")
    medium = (v.get("options") or {}).get("riddle_medium", "canvas2d")
    molding = v.get("phase") == "molding"
    # each card drawn again only when what it shows changes (most moves change one or none)
    shown = (ctx.showing("secrets"), v.get("sides"), v.get("side_of"), v.get("phase"), id(ctx.scratch))
    cards = [ctx.part(("riddle", r["id"]), _card, r, me, medium, molding, shown,
                      tuple(_src(ctx, ref) for ref in r.get("pictures") or ())) for r in v.get("riddles") or []]
    return h("section", h("h2", t("cave.mat"), cls="cave-h"), h("ol", cards, cls="cave-mat"), id="cave-mat")


def _card(ctx, r, me, medium, molding, shown, urls):
    """``riddle_card``, for ``ctx.part``: ``shown`` and ``urls`` hold what else it reads (the
    sides' names and colours, the phase, the pictures' addresses, the scratch its zoom uses)."""
    return riddle_card(ctx, r, me, medium, molding)


def riddle_card(ctx, r, me, medium, molding=False):
    """One riddle on the mat: its number and owner, its picture (or its place on the table),
    its toothpicks, who solved it, its word once shown."""
    t = ctx.t
    mine = r["side"] == me
    state = ("removed" if r.get("removed") else "solved" if me is not None and me in r.get("solved_by", [])
             else "mine" if mine else "open")
    picks = r.get("toothpicks", 0)
    body = [h("div", h("span", str(r["id"] + 1), cls="cave-num"), " ", _side_mark(ctx, r["side"]), " ",
              h("span", _side_names(ctx, r["side"]), cls="cave-owner"), cls="cave-card-head")]
    if molding and not r.get("made"):
        body.append(h("p", t("cave.being_molded"), cls="muted"))
    elif medium == "table" or not r.get("pictures"):
        body.append(h("p", t("cave.clay_place", n=r["id"] + 1) if not molding else t("cave.made"),
                      cls="cave-clay"))
    else:
        body.append(_pictures(ctx, r))
    body.append(h("p", h("span", "┃" * picks or "·", cls="cave-picks-icons", aria_hidden="true"),
                  " ", t("cave.toothpicks", n=picks), cls="cave-picks", data_n=picks))
    if r.get("solved_by"):
        body.append(h("p", t("cave.solved_by", names=", ".join(_side_names(ctx, s) for s in r["solved_by"])),
                      cls="small"))
    if r.get("word") and (ctx.showing("secrets") or not _private(ctx, r)):
        body.append(h("p", t("cave.word_is"), " ", h("strong", r["word"], cls="cave-word"), cls="small"))
    if r.get("removed"):
        body.append(h("p", t("cave.removed"), cls="small warn"))
    return h("li", body, cls=f"cave-riddle {state}", key=f"riddle-{r['id']}", data_riddle=r["id"],
             data_side=r["side"], data_state=state, aria_label=riddle_label(ctx, r["id"]))


# =========================================================================== track and sides
def track(ctx):
    """The game-marker track: every column with its top (guesser) and bottom (owner)
    numbers; 5P spaces are skipped with five sides."""
    v = ctx.view
    t = ctx.t
    spaces = v.get("track") or []
    here = v.get("marker", 0)
    col = spaces[here] if 0 <= here < len(spaces) else {"top": 0, "bottom": 0}
    return h("section", h("h2", t("cave.track"), cls="cave-h"),
             h("p", t("cave.worth_now", top=col["top"], bottom=col["bottom"]), cls="small", id="cave-worth"),
             track_table(ctx), id="cave-track", data_marker=here)


TRACK_CHUNK = 6     # columns per row of the track: a phone shows them all, one row under another


def track_table(ctx):
    """The track's columns: the space (the marker on it), the guesser's and the owner's
    points; a few columns per table, the tables side by side as the width allows (so the
    whole track is in view on a phone, never scrolled or cut off)."""
    v = ctx.view
    t = ctx.t
    spaces = v.get("track") or []
    here = v.get("marker", 0)
    skip = v.get("five_sides")
    tables = []
    for start in range(0, len(spaces), TRACK_CHUNK):
        heads, tops, bottoms = [h("th", t("cave.space"), scope="row")], [h("th", t("cave.top"), scope="row")], \
            [h("th", t("cave.bottom"), scope="row")]
        for i, sp in enumerate(spaces[start:start + TRACK_CHUNK], start):
            cls = ("here" if i == here else "") + (" skipped" if skip and sp["label"] == "5P" else "")
            heads.append(h("th", "● " if i == here else None, space_label(ctx, sp, i), cls=cls, scope="col",
                           aria_current="step" if i == here else None))
            tops.append(h("td", str(sp["top"]), cls=cls))
            bottoms.append(h("td", str(sp["bottom"]), cls=cls))
        tables.append(h("table", h("thead", h("tr", heads)), h("tbody", h("tr", tops), h("tr", bottoms)),
                        cls="cave-track", key=f"track-{start}"))
    return h("div", tables, cls="cave-track-wrap", role="group", aria_label=t("cave.track"))


SPACE_WORDS = {"Start": "cave.space.start", "End": "cave.space.end", "5P": "cave.space.5p"}


def space_label(ctx, sp, i):
    """A column's name in the player's language: Start, End, 5P (spelled out on hover and
    for screen readers), else its number."""
    key = SPACE_WORDS.get(sp.get("label"))
    if key is None:
        return str(i)
    if sp["label"] == "5P":
        return h("abbr", ctx.t(key), title=ctx.t("cave.space.5p.long"), aria_label=ctx.t("cave.space.5p.long"))
    return ctx.t(key)


def sides(ctx):
    v = ctx.view
    t = ctx.t
    rows = []
    for i, s in enumerate(v.get("sides") or []):
        rows.append(h("tr",
                      h("td", _side_mark(ctx, i), " ", _side_names(ctx, i),
                        " ★" if v.get("start") == i else None,
                        " ◀" if v.get("turn_side") == i else None),
                      h("td", str(s["score"]), cls="cave-score"),
                      h("td", "■" * s["interrupts"] or "–", " ", h("span", str(s["interrupts"]), cls="cave-cube-n"),
                        cls="cave-cubes", data_n=s["interrupts"]),
                      cls="me" if i == v.get("my_side") else None, key=f"side-{i}", data_side=i))
    return h("section", h("h2", t("cave.sides"), cls="cave-h"),
             h("table", h("thead", h("tr", h("th", t("cave.side")), h("th", t("cave.score")),
                                     h("th", t("cave.cubes_head")))), h("tbody", rows), cls="cave-sides"),
             h("p", t("cave.start_marker_help"), cls="muted small"), id="cave-sides")


# =========================================================================== turns
def letter_panel(ctx):
    if not (ctx.can("ask_letter") or ctx.can("pass")):
        return None
    t = ctx.t
    s = _s(ctx)
    k = ctx.constants
    parts = [h("h2", t("cave.your_letter_turn"), cls="cave-h")]
    choices = _choices(ctx, "ask_letter")
    if ctx.can("ask_letter") and choices:
        n = s.get("letter.n", 1)
        unit = _pick(ctx, "letter.unit", k.get("units") or ["letter"])
        frm = _pick(ctx, "letter.from", k.get("count_from") or ["start"])

        def submit(e):
            rid = _pick(ctx, "letter.riddle", choices)
            _send(ctx, {"type": "ask_letter", "riddle": rid, "n": int(s.get("letter.n", 1)),
                        "unit": _pick(ctx, "letter.unit", k.get("units") or ["letter"]),
                        "count_from": _pick(ctx, "letter.from", k.get("count_from") or ["start"])})
        parts.append(h("form",
                       _riddle_select(ctx, "cave-letter-riddle", "letter.riddle", choices, t("cave.of_riddle")),
                       h("label", h("span", t("cave.which")), " ",
                         h("input", type="number", min="1", max=k.get("max_n", 64), value=n, id="cave-letter-n",
                           on_input=_chosen(ctx, "letter.n")), cls="field"),
                       h("label", h("span", t("cave.unit")), " ",
                         h("select", [h("option", t(f"cave.unit.{u}"), value=u, selected=u == unit)
                                      for u in k.get("units") or []], id="cave-letter-unit",
                           on_change=_chosen(ctx, "letter.unit", str)), cls="field"),
                       h("label", h("span", t("cave.from")), " ",
                         h("select", [h("option", t(f"cave.from.{f}"), value=f, selected=f == frm)
                                      for f in k.get("count_from") or []], id="cave-letter-from",
                           on_change=_chosen(ctx, "letter.from", str)), cls="field"),
                       h("p", t("cave.you_ask", q=letter_query(ctx, {"n": n, "unit": unit, "count_from": frm})),
                         cls="small", id="cave-letter-preview"),
                       h("button", t("cave.ask_letter"), type="submit", cls="primary", id="cave-ask-letter"),
                       id="cave-letter-form", on_submit=submit))
    if ctx.can("pass"):
        parts.append(h("button", t("cave.pass"), id="cave-pass", on_click=lambda e: _send(ctx, {"type": "pass"})))
    return h("section", parts, cls="cave-panel", id="cave-letter")


def question_panel(ctx):
    t = ctx.t
    s = _s(ctx)
    parts = []
    if ctx.can("ask"):
        choices = _choices(ctx, "ask")

        def send(text):
            if not text:              # the kit warned about letters or length: show it
                ctx.redraw()
                return
            _send(ctx, {"type": "ask", "riddle": _pick(ctx, "q.riddle", choices), "text": text})
        pick = _riddle_select(ctx, "cave-q-riddle", "q.riddle", choices, t("cave.about_riddle"))
        parts += [pick, kit.question_field(s, "cave-q-text", t, _samples(ctx), send, lang=ctx.lang)]
        parts.append(h("p", t("cave.question_rule"), cls="muted small"))
    if ctx.can("stop"):
        parts.append(h("button", t("cave.stop"), id="cave-stop", on_click=lambda e: _send(ctx, {"type": "stop"})))
    if not parts:
        return None
    return h("section", h("h2", t("cave.your_question_turn"), cls="cave-h"), turn_answers(ctx), parts,
             cls="cave-panel", id="cave-questioning")


def turn_answers(ctx):
    """What the asker reads under the clock, just above the form it acts with (the next
    question, or the guess), not in the logs below: this question turn's questions with their
    answers (the notebook of letters is drawn just above the panel then: ``render``)."""
    v = ctx.view
    rnd = v.get("round") or {}
    if rnd.get("kind") != "question":
        return None
    t = ctx.t
    asked = [q for q in v.get("qa") or [] if q.get("round") == rnd.get("no") and q.get("side") == v.get("turn_side")]
    out = []
    if asked:
        out += [h("p", t("cave.answers_this_turn"), cls="small muted"),
                h("ol", [h("li", h("span", riddle_label(ctx, q["riddle"]) + ": "), h("q", q["text"]), " → ",
                           h("strong", t(f"cave.answer.{q['answer']}"), cls="answer"), key=f"turn-qa-{i}")
                         for i, q in enumerate(asked)], cls="qa-log", id="cave-turn-qa")]
    return h("div", out, cls="cave-turn-answers", id="cave-turn-answers") if out else None


def _letter(ctx, ans) -> str:
    return ctx.t("cave.no_letter") if ans == ctx.constants.get("none", "-") else ans


def _samples(ctx) -> list:
    from ...games.riddles.boards import SAMPLE_QUESTIONS, sample_questions
    return sample_questions(ctx.lang if ctx.lang in SAMPLE_QUESTIONS else "en")


def pending_question(ctx):
    """The question on the table; its owner answers (or refuses one about letters or
    length).  Word flags (names the word, close to it) reach the owner's side only."""
    q = ctx.view.get("question")
    if not q:
        return None
    t = ctx.t
    parts = [h("p", h("strong", ctx.name(q["seat"])), " → ", riddle_label(ctx, q["riddle"]), ": ",
               h("q", q["text"], cls="cave-q-text"), id="cave-pending")]
    flags = q.get("flags") or []
    if flags:
        parts.append(h("p", [h("span", t(f"cave.flag.{f}"), cls=f"cave-flag flag-{f}") for f in flags],
                       cls="cave-flags"))
    if ctx.can("answer"):
        parts.append(h("p", [h("button", t(f"cave.answer.{a}"), id=f"cave-answer-{a}", cls="cave-answer",
                               on_click=lambda e, a=a: _send(ctx, {"type": "answer", "answer": a}))
                             for a in ctx.constants.get("answers") or []],
                       h("button", t("cave.refuse"), id="cave-refuse", cls="small",
                         title=t("cave.refuse_help"), on_click=lambda e: _send(ctx, {"type": "refuse"})),
                       cls="cave-answers"))
    else:
        parts.append(h("p", t("cave.waiting_answer"), cls="muted small"))
    return h("section", h("h2", t("cave.question_on_table"), cls="cave-h"), parts, cls="cave-panel question",
             id="cave-question", role="status")


def guess_panel(ctx):
    if not (ctx.can("guess") or ctx.can("no_guess")):
        return None
    t = ctx.t
    s = _s(ctx)
    v = ctx.view
    parts = [h("h2", t("cave.write_guess_interrupt") if v.get("interrupt") else t("cave.write_guess"),
               cls="cave-h"), turn_answers(ctx)]
    choices = _choices(ctx, "guess")
    if ctx.can("guess") and choices:
        def propose(word):
            _send(ctx, {"type": "guess", "riddle": _pick(ctx, "g.riddle", choices), "word": word})
        pick = _riddle_select(ctx, "cave-g-riddle", "g.riddle", choices, t("cave.guess_riddle"))
        parts += [pick, kit.proposal_field(s, "cave-g-word", t, propose, label=t("cave.guess_word"))]
    if ctx.can("no_guess"):
        parts.append(h("button", t("cave.no_guess"), id="cave-no-guess",
                       on_click=lambda e: _send(ctx, {"type": "no_guess"})))
    return h("section", parts, cls="cave-panel", id="cave-guessing")


def judge_panel(ctx):
    """§3.7: a near miss goes to the riddle's owner: a spelling error counts."""
    v = ctx.view
    gi = v.get("judging")
    if gi is None or not 0 <= gi < len(v.get("guesses") or []):
        return None
    g = v["guesses"][gi]
    t = ctx.t
    if not ctx.can("judge"):
        return h("section", h("p", t("cave.owner_judges", name=_side_names(ctx, v["riddles"][g["riddle"]]["side"]))),
                 cls="cave-panel", id="cave-judging")
    secret = (v["riddles"][g["riddle"]].get("word") or "?") if ctx.showing("secrets") else "…"
    return h("section", h("h2", t("cave.judge_title"), cls="cave-h"),
             h("p", t("cave.judge_text", name=ctx.name(g["seat"]), riddle=g["riddle"] + 1), " ",
               h("strong", g.get("word") or "?", id="cave-judge-word"), " / ", h("span", secret, cls="cave-word")),
             h("p", t("cave.judge_rule"), cls="muted small"),
             h("p", h("button", t("cave.accept"), id="cave-accept", cls="primary",
                      on_click=lambda e: _send(ctx, {"type": "judge", "accept": True})),
               h("button", t("cave.reject"), id="cave-reject",
                 on_click=lambda e: _send(ctx, {"type": "judge", "accept": False}))),
             cls="cave-panel", id="cave-judging")


# =========================================================================== records
def notebook(ctx):
    """This side's letter answers (and those asked of its own riddles): private, §3.5.1."""
    v = ctx.view
    t = ctx.t
    me = v.get("my_side")
    if me is None:
        return None
    if not ctx.showing("secrets"):
        return h("section", h("h2", t("cave.notebook"), cls="cave-h"), h("p", t("cave.notebook_held"), cls="muted"),
                 id="cave-notebook")
    rows = []
    for i, q in enumerate(v.get("letters") or []):
        if "answer" not in q:
            continue
        ans = q["answer"]
        ours = q["side"] == me
        who = t("cave.we_asked") if ours else t("cave.they_asked", name=_side_names(ctx, q["side"]))
        rows.append(h("li", h("span", riddle_label(ctx, q["riddle"])), " · ", letter_query(ctx, q), ": ",
                      h("strong", _letter(ctx, ans), cls="cave-answer-letter"), " ", h("span", "(" + who + ")", cls="muted small"),
                      cls="cave-note" + (" ours" if ours else ""), key=f"note-{i}", data_riddle=q["riddle"]))
    return h("section", h("h2", t("cave.notebook"), cls="cave-h"),
             h("ul", rows, cls="cave-notes") if rows else h("p", t("cave.notebook_empty"), cls="muted"),
             id="cave-notebook")


def letter_log(ctx):
    """Who asked what of which riddle (public); the answers are only in the notebook."""
    v = ctx.view
    asked = [q for q in v.get("letters") or [] if "answer" not in q]
    if not asked:
        return None
    t = ctx.t
    return h("section", h("h2", t("cave.letters_others"), cls="cave-h"),
             h("ul", [h("li", ctx.name(q["seat"]), " → ", riddle_label(ctx, q["riddle"]), ": ", letter_query(ctx, q))
                      for q in asked], cls="small"), id="cave-letters")


def qa_log(ctx):
    """The questions asked, riddle by riddle, each with its answer (the kit's log)."""
    v = ctx.view
    qa = v.get("qa") or []
    if not qa:
        return None
    t = ctx.t
    by_riddle: dict = {}
    for q in qa:
        by_riddle.setdefault(q["riddle"], []).append(q)
    blocks = []
    for rid in sorted(by_riddle):
        entries = by_riddle[rid]
        log = kit.qa_log([{"q": q["text"], "a": q["answer"], "refused": q["answer"] == "refused",
                           "timeout": q.get("auto"), "seat": q["seat"]} for q in entries],
                         t, lambda a: t(f"cave.answer.{a}"), ctx.name, log_id=f"cave-qa-{rid}")
        blocks.append(h("div", h("h3", riddle_label(ctx, rid)), log, cls="cave-qa-riddle", key=f"qa-{rid}",
                        data_riddle=rid, data_answers=" ".join(q["answer"] for q in entries)))
    return h("section", h("h2", t("cave.questions"), cls="cave-h"), blocks, id="cave-qa")


def guess_log(ctx):
    v = ctx.view
    gs = v.get("guesses") or []
    if not gs:
        return None
    t = ctx.t
    rows = []
    told = ctx.showing("secrets") or v.get("phase") == "over"
    for i, g in enumerate(gs):
        verdict = ("pending" if g.get("correct") is None else "right" if g["correct"] else "wrong")
        pts = g.get("points")
        rows.append(h("li", h("span", ctx.name(g["seat"])), " → ", riddle_label(ctx, g["riddle"]),
                      (": «", h("span", g["word"], cls="cave-guess-word"), "»") if g.get("word") and told else None,
                      " ",
                      h("strong", t(f"cave.verdict.{verdict}")),
                      " " + t("cave.points", top=pts[0], bottom=pts[1]) if pts else None,
                      " · " + t("cave.by_interrupt") if g.get("how") == "interrupt" else None,
                      key=f"guess-{i}", cls=f"cave-guess-row {verdict}", data_verdict=verdict))
    return h("section", h("h2", t("cave.guesses"), cls="cave-h"), h("ol", rows, cls="cave-guesses"),
             id="cave-guesses")


def _drawn(ctx, part, *shown):
    """``part(ctx)``, for ``ctx.part``: ``shown`` holds what it reads of the view."""
    return part(ctx)


# =========================================================================== the screen
def news(ctx) -> dict:
    """After a change: who won an interrupt race is brought into view, once per race
    (``context.new_news``)."""
    v = ctx.view
    ia, rnd = v.get("interrupt"), v.get("round") or {}
    if v.get("phase") != "play" or not ia:
        return {}
    return {"race": ((rnd.get("no"), rnd.get("turn"), ia.get("side")), None, "#cave-interrupt-banner")}


def render(ctx):
    v = ctx.view
    if not v:
        return h("p", ctx.t("cave.waiting"))
    phase = v.get("phase")
    if phase == "molding":
        action = [mold_panel(ctx)]
    elif phase == "play":
        # what this seat answers or asks first (within a phone's first screen), then the
        # interrupt buttons (for the seats whose turn it is not, the first thing below the status)
        action = [hold_row(ctx), judge_panel(ctx), guess_panel(ctx), pending_question(ctx),
                  letter_panel(ctx), question_panel(ctx), interrupt_bar(ctx)]
    else:
        action = []
    # the logs only grow: each is drawn again only when its entries (or the names in it) change
    named = (v.get("sides"), [r.get("side") for r in v.get("riddles") or []], v.get("my_side"),
             ctx.showing("secrets"), phase == "over")
    # the notebook (letter answers) right under the actions; while this seat asks or guesses in a
    # question round it is read with the form, so it comes just above the action panels, once
    book = ctx.part("notebook", _drawn, notebook, v.get("letters"), named) if phase != "molding" else None
    first = phase == "play" and (v.get("round") or {}).get("kind") == "question" and \
        any(ctx.can(m) for m in ("ask", "stop", "guess", "no_guess"))
    if first:                   # after "show" (held secrets) and the judge's panel, before the forms
        action = action[:2] + [book] + action[2:]
    return h("div", status(ctx), action, None if first else book,
             zoom_view(ctx), mat(ctx),
             h("div", ctx.part("track", _drawn, track, v.get("track"), v.get("marker"), v.get("five_sides")),
               ctx.part("sides", _drawn, sides, v.get("sides"), v.get("side_of"), v.get("start"), v.get("turn_side"),
                        v.get("my_side")), cls="cave-side-by-side"),
             ctx.part("qa", _drawn, qa_log, v.get("qa"), named),
             ctx.part("guesses", _drawn, guess_log, v.get("guesses"), named),
             ctx.part("letters", _drawn, letter_log, v.get("letters"), named),
             id="cave", cls="cave", data_phase=phase, data_medium=(v.get("options") or {}).get("riddle_medium"))


# =========================================================================== how to play
def _num(x) -> str:
    """1.5 → "1.5", 10.0 → "10"."""
    return str(int(x)) if float(x).is_integer() else str(round(x, 1))


def _example_view(o):
    """Ann's and Ben's sides at a made-up table: Ann's riddle 1 on the mat, the track."""
    return {"sides": [{"seats": [0], "score": 0, "interrupts": 1}, {"seats": [1], "score": 0, "interrupts": 1}],
            "riddles": [{"id": 0, "side": 0, "made": True, "toothpicks": 0, "solved_by": []}],
            "my_side": 1, "options": dict(o, riddle_medium="table"),
            "track": list(o.get("game_marker_track") or []), "marker": 1}


def _example_letter(ctx, v):
    """A letter round: Ben asks for the 2nd vowel of Ann's riddle; only Ben sees the answer."""
    from ..howto import example
    ex = example(ctx, v, seat=1)
    q = {"seat": 1, "side": 1, "riddle": 0, "n": 2, "unit": "vowel", "count_from": "start", "answer": "E"}
    return [h("ol", riddle_card(ex, v["riddles"][0], 1, "table"), cls="cave-mat"),
            h("p", ex.name(1), " → ", riddle_label(ex, 0), ": ", letter_query(ex, q)),
            h("p", ex.t("cave.notebook"), ": ", letter_query(ex, q), " ", h("strong", q["answer"]))]


def _example_interrupt(ctx, v):
    """Ben's interrupt button (his side's one cube) and the players' table with the cubes."""
    from ..howto import example
    ex = example(ctx, dict(v, phase="play"), seat=1)
    scores = next(c for c in sides(ex).children if getattr(c, "tag", None) == "table")   # not its heading
    return [interrupt_bar(ex), scores]


def how_to_play(ctx) -> list:
    """Play-Doh's Cave in a few parts, with the table's options (``ctx.view["options"]``)."""
    from ..howto import example, section
    t = ctx.t
    o = ctx.view.get("options") or {}
    v = _example_view(o)
    answers = ", ".join(t(f"cave.answer.{a}") for a in ("yes", "no", "maybe", "irrelevant"))
    col = (v["track"][1] if len(v["track"]) > 1 else {"top": 0, "bottom": 0})
    molding = o.get("molding_time_s") or 0
    nums = {"question": o.get("question_s", 30), "molding": _num(molding / 60),
            "answers": answers, "top": col.get("top"), "bottom": col.get("bottom"), "five": t("cave.space.5p"),
            "button": t("cave.interrupt"), "write": o.get("guess_write_s", 30), "scores": t("cave.sides")}
    medium = o.get("riddle_medium", "canvas2d")
    return [
        section(t, "cave.rules.goal", params=nums),
        section(t, "cave.rules.setup", ["p1", f"p2.{medium}" if medium in ("canvas2d", "photo", "table") else "p2",
                                        "p3", "p4" if molding else "p4.none"], params=nums),
        section(t, "cave.rules.rounds", 2, params=nums),
        section(t, "cave.rules.letters", ["p1", "p2", "p3.y" if o.get("y_vowel") else "p3"],
                picture=_example_letter(ctx, v), params=nums),
        section(t, "cave.rules.questions", ["p1", "p2", "p3.required" if o.get("guess_required") else "p3"],
                params=nums),
        section(t, "cave.rules.guess", 4, picture=track_table(example(ctx, v)), params=nums),
        section(t, "cave.rules.interrupts", 2, picture=_example_interrupt(ctx, v), after=1, params=nums),
        section(t, "cave.rules.end", ["p1", "p2." + ("solved" if o.get("tie_break") == "most_solved" else "shared")],
                params=nums),
    ]


# =========================================================================== set-up
def track_field(app, game, name):
    """The ``game_marker_track`` option as a table: one row per space, Start first and End
    last, each with the guesser's and the owner's points; a space between may be skipped with
    five players (5P), removed, or added before End.  The engine checks it again on opening."""
    t = app.t
    opts = app.setup["options"]
    spaces = opts[name]
    bad = app.setup.setdefault("bad", set())
    fid = f"opt-{name}"

    def number(i, which):
        def on(e):
            raw = str(dom.value_of(e)).strip()
            try:
                spaces[i][which] = int(raw)
                bad.discard(name)
            except ValueError:
                bad.add(name)
        return on

    def five(i):
        def on(e):
            spaces[i]["label"] = "5P" if dom.checked_of(e) else ""
        return on

    def remove(i):
        del spaces[i]
        app.render()

    def add(e=None):
        last = spaces[-2] if len(spaces) > 1 else {"top": 0, "bottom": 0}
        spaces.insert(len(spaces) - 1, {"label": "", "top": last["top"], "bottom": last["bottom"]})
        app.render()
    rows = []
    for i, sp in enumerate(spaces):
        inner = 0 < i < len(spaces) - 1
        where = space_label(app, sp, i) if not inner else t("cave.space.n", n=i)
        cells = [h("th", where, scope="row")]
        for which in ("top", "bottom"):
            cells.append(h("td", h("input", type="number", id=f"track-{i}-{which}", value=str(sp.get(which, 0)),
                                   min="0", max="99", step="1", inputmode="numeric",
                                   aria_label=t(f"cave.track.{which}_of", space=t("cave.space.n", n=i)),
                                   on_input=number(i, which))))
        cells.append(h("td", h("label", h("input", type="checkbox", id=f"track-{i}-5p", checked=sp.get("label") == "5P",
                                          aria_label=t("cave.track.five_of", space=t("cave.space.n", n=i)),
                                          on_change=five(i))) if inner else None))   # the label: a finger's target
        cells.append(h("td", h("button", "✕", cls="small", data_key=f"track-rm-{i}",
                               aria_label=t("cave.track.remove", space=t("cave.space.n", n=i)),
                               on_click=lambda e, i=i: remove(i)) if inner and len(spaces) > 3 else None))
        rows.append(h("tr", cells, key=f"track-{i}"))
    head = h("tr", h("th", t("cave.space"), scope="col"), h("th", t("cave.top"), scope="col"),
             h("th", t("cave.bottom"), scope="col"),
             h("th", h("abbr", t("cave.space.5p"), title=t("cave.space.5p.long")), scope="col"),
             h("th", h("span", t("cave.track.remove_col"), cls="sr-only"), scope="col"))
    table = h("table", h("caption", app.option_label(game, name), id=f"{fid}-label"),
              h("thead", head), h("tbody", rows), cls="track-editor", id=fid)
    help_line = app.option_help(game, name, table)
    return h("div", table, help_line,
             h("button", t("cave.track.add"), data_key="track-add", on_click=add) if len(spaces) < 40 else None,
             cls="field track-field")


OPTION_FIELDS = {"game_marker_track": track_field}     # set-up controls of this game's own (ui/shell_home.py)
