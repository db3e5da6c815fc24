"""The Dohdles! screen: making the Dohdles (a dough drawing, photos, or real dough on the
table), the ring of Dohdles with their clue tracks and letter sheets, the scoring track, the
Dohdle Master's turn, the creator's answers, the big "Dohdles!" button and the guess race.

A pure function of its :class:`~clubtable.ui.context.ScreenContext`: what is shown comes from
the seat's view, which moves are open from ``ctx.can``/``ctx.find``, every count and id from
the view or ``ctx.constants``.  The riddle pieces (pad, photos, word entry, questions,
proposal) are the shared kit :mod:`clubtable.ui.riddles`.  Texts:
``clubtable/locale/<lang>/LC_MESSAGES/dohdles.po``.
"""
from __future__ import annotations

from ...games.riddles.boards import sample_questions
from .. import riddles
from ..dom import h

# the moves this screen offers to the other players at the device (pass-and-play)
SHOUTS = ("claim",)



def wants_focus(update: dict) -> bool:
    """Pass-and-play: a seat needs the screen for a turn, an answer, a proposal or its
    Dohdles, not for its standing right to shout "Dohdles!"."""
    return any(a.get("type") != "claim" for a in update.get("legal") or [])


# --------------------------------------------------------------------------- small helpers
def seat_colours(view: dict) -> list:
    """Each seat wears its side's colour and symbol (a team shares one): for ``ctx.marker``."""
    out: dict = {}
    for i, side in enumerate(view.get("sides") or []):
        for seat in side.get("members") or []:
            out[seat] = i
    return [out.get(s, s) for s in range(max(out, default=-1) + 1)]


def _colour(ctx, side: dict) -> str:
    return ctx.colour(side["members"][0])


def _side_name(ctx, view: dict, side_i) -> str:
    if side_i is None:
        return "?"
    return riddles.side_name(ctx, view["sides"][side_i]["members"])


def _swatch(ctx, view: dict, side_i: int):
    """A side's colour with its shape, never colour alone."""
    return _members_swatch(ctx, view["sides"][side_i]["members"])


def _members_swatch(ctx, members):
    return h("span", ctx.symbol(members[0]), cls="doh-swatch", style=f"background:{ctx.colour(members[0])}",
             aria_hidden="true")


def _num(d: dict) -> int:
    return d["space"] + 1


def _answer_text(ctx, label) -> str:
    key = f"dohdles.answer.{label}"
    out = ctx.t(key)
    return str(label) if out == key else out


def _aim(ctx, legal: list, view: dict):
    """The Dohdle the big button claims: the one chosen on the ring, else the one the turn is
    about, else the one opened last, else the first open to a guess."""
    open_ = [a["dohdle"] for a in legal if a.get("type") == "claim"]
    if not open_:
        return None
    chosen = ctx.scratch.get("doh.aim")
    if chosen in open_:
        return chosen
    turn = view.get("turn") or {}
    if turn.get("target") in open_:
        return turn["target"]
    for d in reversed(turn.get("opened") or []):
        if d in open_:
            return d
    return open_[0]


# --------------------------------------------------------------------------- render
def render(ctx):
    v = ctx.view
    if not v or "dohdles" not in v:
        return h("p", ctx.t("dohdles.waiting"), cls="muted")
    parts = [_status(ctx, v)]
    if v["phase"] == "making":
        parts.append(_making(ctx, v))
    else:
        parts += [_proposal(ctx, v), _race_button(ctx, v), _my_words(ctx, v), _creator(ctx, v), _turn_panel(ctx, v),
                  _burst(ctx, v)]
    parts += [_sides(ctx, v), _ring(ctx, v), _track(ctx, v), _events(ctx, v)]
    return h("div", parts, cls="dohdles", id="dohdles", data_phase=v["phase"])


def _status(ctx, v):
    t = ctx.t
    phase = v["phase"]
    clock = None
    if phase == "making":
        mine = [d for d in v["dohdles"] if d["maker"] == ctx.seat and d["status"] == "making"]
        waiting = sorted({d["maker"] for d in v["dohdles"] if d["status"] == "making"})
        text = t("dohdles.make_yours", n=len(mine)) if mine else t(
            "dohdles.waiting_makers", names=", ".join(ctx.name(s) for s in waiting), n=len(waiting))
        clock = ctx.deadline("sculpt")
    elif phase == "over":
        text = t("dohdles.over_final") if v.get("reason") == "final" else t("dohdles.over_exhausted")
    else:
        burst, turn = v.get("burst"), v.get("turn") or {}
        master = _side_name(ctx, v, v.get("active_side"))
        if burst is not None:
            cur = burst.get("current")
            if cur:
                d = v["dohdles"][cur["dohdle"]]
                text = t("dohdles.proposing", name=_side_name(ctx, v, cur["side"]), n=_num(d))
                clock = ctx.deadline("proposal")
            else:
                text = t("dohdles.funnel")
        else:
            key = {"choose": "dohdles.st_choose", "kind": "dohdles.st_kind", "questions": "dohdles.st_questions",
                   "letter": "dohdles.st_letter", "grace": "dohdles.st_grace"}.get(turn.get("phase"), "dohdles.st_choose")
            target = turn.get("target")
            text = t(key, name=master, n=_num(v["dohdles"][target]) if target is not None else "")
            if turn.get("question"):
                text = t("dohdles.st_answer", name=ctx.name(v["dohdles"][target]["maker"]), n=_num(v["dohdles"][target]))
                clock = ctx.deadline("answer")
            else:
                clock = ctx.deadline("turn")
    return h("p", text, " ", ctx.countdown(clock) if clock else None, id="doh-status", cls="doh-status",
             role="status", aria_live="polite")


# --------------------------------------------------------------------------- making
_MAKE = ("make", "make_drawing", "make_photo")


def _making(ctx, v):
    t = ctx.t
    mine = sorted((d for d in v["dohdles"] if d["maker"] == ctx.seat), key=lambda d: d["id"])
    todo = [d for d in mine if d["status"] == "making"]
    done = [d for d in mine if d["status"] != "making"]
    out = []
    if todo and any(ctx.can(m) for m in _MAKE):
        out.append(_make_one(ctx, v, todo[0], len(done) + 1, len(mine)))
    if done:
        out.append(h("p", t("dohdles.made_yours", words=", ".join(d["word"] or "?" for d in done)),
                     cls="muted", id="made-list"))
    if ctx.can("add_variant"):
        out.append(_variant(ctx, done[-1] if done else None))
    return h("section", out, cls="doh-making", id="making")


def _variant(ctx, d):
    """DOH-20: another spelling that counts for the latest made Dohdle."""
    t = ctx.t
    fid = "variant"

    def add(_e):
        word, error = riddles.secret_word(ctx.scratch, fid, t, term=True)
        if error:
            ctx.scratch["doh.err.variant"] = error
            ctx.redraw()
            return
        ctx.scratch.pop("doh.err.variant", None)
        ctx.scratch.pop("word:" + fid, None)
        ctx.act({"type": "add_variant", "word": word})

    label = t("dohdles.variant_for", word=(d or {}).get("word") or "")
    return h("div", riddles.secret_word_field(ctx.scratch, fid, t, label=label,
                                             error=ctx.scratch.get("doh.err.variant"), term=True),
             h("button", t("dohdles.add_variant"), id="add-variant", on_click=add), cls="doh-variant")


def _make_one(ctx, v, d, k, of):
    """The seat's next unmade Dohdle: the picture (by the table's medium) and its word."""
    t = ctx.t
    s = ctx.scratch
    side = v["sides"][v["side"]]
    colour = _colour(ctx, side)
    did = d["id"]
    pad_id, word_id, photos_id = f"pad-{did}", f"word-{did}", f"photos-{did}"
    err_key = f"doh.err.{did}"

    def pick(word):
        riddles.set_word(s, word_id, word)
        s.pop(err_key, None)
        ctx.redraw()

    def fail(message):
        s[err_key] = message
        ctx.redraw()

    def finish(_e):
        word, error = riddles.secret_word(s, word_id, t, term=True)
        if error:
            return fail(error)
        if ctx.can("make_drawing"):
            data = riddles.pad_picture(s, pad_id)
            if data is None:
                return fail(t("dohdles.need_drawing"))
            ref, problem = riddles.share(ctx, data)
            if problem:
                return fail(problem)
            action = {"type": "make_drawing", "word": word, "picture": ref}
        elif ctx.can("make_photo"):
            photos = list(riddles.picked_pictures(s, photos_id))
            if not photos:
                return fail(t("dohdles.need_photo"))
            action = {"type": "make_photo", "word": word, "photos": photos}
        else:
            action = {"type": "make", "word": word}
        s.pop(err_key, None)
        s.pop("word:" + word_id, None)        # the word leaves this device's screen state
        ctx.act(action)

    if ctx.can("make_drawing"):
        maker = riddles.drawing_pad(s, pad_id, colour, t, redraw=ctx.redraw, label=t("dohdles.pad_label", n=k))
    elif ctx.can("make_photo"):
        maker = h("div", h("p", t("dohdles.photo_help")), riddles.photo_picker(ctx, photos_id))
    else:
        maker = h("p", t("dohdles.table_help"), cls="doh-table-help")
    board = v.get("board") or {}
    return h("div",
             h("h2", t("dohdles.making_title", k=k, of=of)),
             maker,
             riddles.secret_word_field(s, word_id, t, error=s.get(err_key), term=True),
             riddles.board_picker(board.get("terms") or [], t, pick, picker_id=f"board-{did}"),
             h("button", t("dohdles.done"), cls="primary big", id="done", on_click=finish),
             cls="doh-make", id=f"make-{did}", key=f"make-{did}")


# --------------------------------------------------------------------------- the race
def _race_button(ctx, v):
    t = ctx.t
    if v["phase"] != "play":
        return None
    buttons = []
    aim = _aim(ctx, ctx.legal, v)
    if aim is not None:
        buttons.append(h("button", h("span", t("dohdles.shout"), cls="shout"), " ",
                         h("span", t("dohdles.on_n", n=_num(v["dohdles"][aim])), cls="on"),
                         cls="danger huge", id="dohdles-claim",
                         on_click=lambda e, d=aim: ctx.act({"type": "claim", "dohdle": d})))
    def claim_for(up):                   # pass-and-play: anyone at the device may shout
        d = _aim(ctx, up.get("legal") or [], up.get("view") or v)
        return None if d is None else {"type": "claim", "dohdle": d}
    buttons += ctx.for_others("claim", lambda seat, a: t("dohdles.shout_for", name=ctx.name(seat),
                                                          n=_num(v["dohdles"][a["dohdle"]])),
                              key="claim-for", cls="danger", pick=claim_for)
    if not buttons:
        me = v["sides"][v["side"]] if v.get("side") is not None else None
        if me and me["cube"] != "ready":
            return h("p", t("dohdles.cube_queued"), cls="muted", id="cube-state")
        return None
    return h("div", buttons, cls="doh-race", id="race")


def _secret(d: dict) -> bool:
    """A Dohdle whose word only its maker knows (a solved or retired one is told to all)."""
    return bool(d.get("word")) and d.get("status") not in ("solved", "retired", "unmade")


def _my_words(ctx, v):
    """Pass-and-play, when the others at the device may shout on this screen: the seat's
    words stay behind "hold to show" instead of on the cards."""
    mine = [d for d in v["dohdles"] if _secret(d)]
    if not mine or not ctx.shared:
        return None
    words = " · ".join(f"{ctx.t('dohdles.dohdle_n', n=_num(d))}: {d['word']}" for d in mine)
    return h("p", ctx.hold_to_show("words", ctx.t("dohdles.hold_words", n=len(mine)), words),
             cls="doh-my-words", id="my-words")


def _proposal(ctx, v):
    if not ctx.can("propose"):
        return None
    t = ctx.t
    cur = (v.get("burst") or {}).get("current") or {}
    d = v["dohdles"][cur["dohdle"]] if cur.get("dohdle") is not None else None
    label = t("dohdles.your_word", n=_num(d)) if d else t("riddle.proposal")
    return h("section",
             riddles.proposal_field(ctx.scratch, "proposal", t,
                                    lambda w: ctx.act({"type": "propose", "word": w}),
                                    max_len=ctx.constants.get("max_proposal", 64), label=label),
             cls="doh-proposal panel", id="proposal-panel", data_dohdle=cur.get("dohdle"))


def _burst(ctx, v):
    b = v.get("burst")
    if not b:
        return None
    t = ctx.t
    rows = []
    for p in b.get("proposals") or []:
        d = v["dohdles"][p["dohdle"]]
        if p.get("timeout"):
            what = t("dohdles.p_timeout", name=_side_name(ctx, v, p["side"]), n=_num(d))
        else:
            what = t("dohdles.p_right" if p.get("correct") else "dohdles.p_wrong",
                     name=_side_name(ctx, v, p["side"]), n=_num(d), word=p.get("word") or "")
        rows.append(h("li", what, cls="ok" if p.get("correct") else "warn"))
    cur = b.get("current")
    if cur:
        rows.append(h("li", t("dohdles.p_now", name=_side_name(ctx, v, cur["side"]),
                              n=_num(v["dohdles"][cur["dohdle"]])), cls="now"))
    for e in b.get("entries") or []:
        rows.append(h("li", t("dohdles.p_waiting", name=_side_name(ctx, v, e["side"]),
                              n=_num(v["dohdles"][e["dohdle"]])) + (" ★" if e.get("priority") else ""),
                      cls="queued"))
    for e in b.get("dropped") or []:
        rows.append(h("li", t("dohdles.p_dropped", name=_side_name(ctx, v, e["side"]),
                              n=_num(v["dohdles"][e["dohdle"]])), cls="muted"))
    return h("section", h("h2", t("dohdles.funnel_title")), h("ol", rows, cls="funnel"),
             cls="doh-burst panel", id="burst", aria_live="polite")


def news(ctx):
    """For the shell (``context.new_news``): who won the race is
    brought into view, once per race won; the winner's field, so he types at once."""
    cur = (ctx.view.get("burst") or {}).get("current")
    if not cur:
        return {}
    return {"race": (repr(cur), None, "#proposal" if ctx.can("propose") else "#burst h2")}


# --------------------------------------------------------------------------- the turn
def _turn_panel(ctx, v):
    t = ctx.t
    turn = v.get("turn")
    if v["phase"] != "play" or not turn:
        return None
    out = []
    target = turn.get("target")
    d = v["dohdles"][target] if target is not None else None
    known = d is not None and (d.get("qa") or any(d.get("letters") or []))
    if known and (ctx.can("ask") or ctx.can("end_questions") or ctx.can("request_letter")):
        # the answers and letters so far, just above what asks for more (read under the clock)
        out.append(h("div", riddles.qa_log(d.get("qa") or [], t, lambda a: _answer_text(ctx, a), ctx.name,
                                           log_id="turn-qa"), letter_sheet(ctx, d), cls="doh-known", id="turn-known"))
    if ctx.can("move_chip"):
        out.append(h("p", t("dohdles.choose_help")))
    if ctx.can("choose_clue"):
        out.append(h("p", t("dohdles.kind_help", n=_num(d))))
        out.append(h("div", [h("button", t(f"dohdles.kind.{a['kind']}"), id=f"clue-{a['kind']}", cls="primary",
                                 on_click=lambda e, k=a["kind"]: ctx.act({"type": "choose_clue", "kind": k}))
                             for a in ctx.find("choose_clue")], cls="row"))
    if ctx.can("ask"):
        def ask(text):
            if text is None:
                ctx.redraw()
            else:
                ctx.act({"type": "ask", "question": text})
        out.append(h("p", t("dohdles.ask_help", n=_num(d), k=turn.get("asked", 0) + 1)))
        out.append(riddles.question_field(ctx.scratch, "question", t, sample_questions(v.get("language", "en")), ask,
                                          max_len=ctx.constants.get("max_question", 200), lang=v.get("language", "en")))
    if ctx.can("end_questions"):
        out.append(h("button", t("dohdles.end_questions"), id="end-questions",
                     on_click=lambda e: ctx.act({"type": "end_questions"})))
    if not ctx.can("ask") and turn.get("question") and not ctx.can("answer") and not ctx.can("refuse"):
        q = turn["question"]
        out.append(h("p", t("dohdles.asked", name=ctx.name(q["seat"])), " ", h("q", q["text"]),
                     " ", t("dohdles.waiting_answer"), cls="muted", id="pending-question"))
    if ctx.can("request_letter"):
        out.append(h("p", t("dohdles.letter_help", n=_num(d))))
        out.append(h("div", [h("button", t("dohdles.letter_n", p=a["position"]), id=f"letter-{a['position']}",
                                 cls="primary",
                                 on_click=lambda e, p=a["position"]: ctx.act({"type": "request_letter", "position": p}))
                             for a in ctx.find("request_letter")], cls="row"))
    if ctx.can("end_turn"):
        key = "dohdles.pass_placard" if turn.get("phase") == "grace" else "dohdles.end_turn"
        out.append(h("button", t(key), id="end-turn", on_click=lambda e: ctx.act({"type": "end_turn"})))
    if turn.get("redirect") and ctx.can("move_chip"):
        out.insert(0, h("p", t("dohdles.redirect"), cls="warn"))
    if not out:
        return None
    return h("section", h("h2", t("dohdles.your_turn")), out, cls="doh-turn panel", id="turn")


def _creator(ctx, v):
    """The creator answers the question about his Dohdle; he sees why it may be prohibited."""
    if not (ctx.can("answer") or ctx.can("refuse")):
        return None
    t = ctx.t
    turn = v["turn"]
    q = turn["question"]
    d = v["dohdles"][turn["target"]]
    flags = [h("li", t(f"riddle.flag.{f}"), cls="warn") for f in q.get("flags") or []]
    answers = [h("button", _answer_text(ctx, a["answer"]), id=f"answer-{i}", cls="primary",
                 on_click=lambda e, x=a["answer"]: ctx.act({"type": "answer", "answer": x}))
               for i, a in enumerate(ctx.find("answer"))]
    title = (t("dohdles.answer_title", n=_num(d), word=d.get("word") or "") if ctx.showing("words")
             else t("dohdles.answer_title_hidden", n=_num(d)))
    return h("section",
             h("h2", title),
             h("p", ctx.name(q["seat"]), ": ", h("q", q["text"], id="asked-question")),
             h("ul", flags, cls="flags", id="question-flags") if flags else None,
             h("p", t("dohdles.must_refuse"), cls="warn") if q.get("must_refuse") else None,
             h("div", answers,
               h("button", t("dohdles.refuse"), id="refuse", on_click=lambda e: ctx.act({"type": "refuse"}))
               if ctx.can("refuse") else None, cls="row answers"),
             cls="doh-creator panel", id="creator")


# --------------------------------------------------------------------------- the board
def _sides(ctx, v):
    t = ctx.t
    rows = []
    for i, sd in enumerate(v["sides"]):
        master = v.get("active_side") == i and v["phase"] == "play"
        rows.append(h("li", _swatch(ctx, v, i), " ", h("span", _side_name(ctx, v, i), cls="side-name"),
                      " ", h("span", t("dohdles.space_at", n=sd["token"]) if sd["token"] else t("dohdles.on_bang"),
                             cls="token-at"),
                      " ", h("span", t("dohdles.cube_ready") if sd["cube"] == "ready" else t("dohdles.cube_in_funnel"),
                             cls="cube " + sd["cube"]),
                      h("span", " " + t("dohdles.master"), cls="master") if master else None,
                      cls="side" + (" me" if i == v.get("side") else "") + (" active" if master else ""),
                      key=f"side-{i}"))
    return h("ul", rows, cls="doh-sides", id="sides", aria_label=t("dohdles.sides"))


def _ring(ctx, v):
    t = ctx.t
    spaces = ctx.constants.get("spaces", len(v["dohdles"]))
    by_space = {d["space"]: d for d in v["dohdles"]}
    claims = {a["dohdle"] for a in ctx.find("claim")}
    moves = {a["dohdle"] for a in ctx.find("move_chip")}
    cells = []
    for sp in range(spaces):
        d = by_space.get(sp)
        if d is None:
            cells.append(h("li", h("span", str(sp + 1), cls="space-no"), cls="ring-space empty", key=f"sp-{sp}"))
            continue
        cells.append(_dohdle_card(ctx, v, d, d["id"] in claims, d["id"] in moves))
    return h("section", h("h2", t("dohdles.ring")), h("ol", cells, cls="doh-ring"), id="ring")


def clue_track(ctx, v, d):
    """A Dohdle's clue track: seven spaces (questions ??, a letter ABC, or either), the chip
    in its side's colour on its space, the creator's reward of each space as its title."""
    t = ctx.t
    side = v["sides"][d["side"]]
    reward = v.get("creator_reward") or []
    track = []
    for k, kind in enumerate(v.get("clue_track") or []):
        here = d["chip"] == k + 1
        track.append(h("li", {"Q": "??", "L": "ABC", "QL": "??/ABC"}.get(kind, kind),
                       h("span", "●", cls="chip", style=f"color:{_colour(ctx, side)}") if here else None,
                       cls="clue-space" + (" chip-here" if here else "") + (" passed" if d["chip"] > k + 1 else ""),
                       title=t("dohdles.reward_title", r=reward[k] if k < len(reward) else 0),
                       key=f"cs-{d['id']}-{k}"))
    return h("ol", track, cls="clue-track", aria_label=t("dohdles.clue_track", k=d["chip"]))


def letter_sheet(ctx, d):
    """The five first letters of a Dohdle's word: those given so far, the others blank."""
    t = ctx.t
    return h("ol", [h("li", ch if ch else "", cls="letter" + ("" if ch else " unknown"),
                      aria_label=t("dohdles.letter_aria", p=i + 1, ch=ch or "?"))
                    for i, ch in enumerate(d.get("letters") or [])], cls="letter-sheet",
             aria_label=t("dohdles.letters"))


def _dohdle_card(ctx, v, d, claimable, movable):
    """One Dohdle on the ring, drawn again only when what it shows changes (a side's token
    or cube is not on the card: only who is on it)."""
    shown = _card_view(v)
    srcs = tuple(riddles.picture_src(ctx, ref) for ref in d.get("pictures") or [])
    reportable = bool(ctx.find("report", dohdle=d["id"]))
    # a flag asked about and no longer open is never open again (the Dohdle left play)
    asking = reportable and ctx.scratch.get("doh.unfair") == d["id"]
    target = (v.get("turn") or {}).get("target") == d["id"] and v["phase"] == "play"
    if _secret(d) and ctx.shared:          # others at the device look on: the word is held back
        d = {**d, "word": None}
    return ctx.part(("card", d["id"]), _card, shown, d, claimable, movable, reportable, target, srcs, asking)


def _card_view(v: dict) -> dict:
    """The part of the view every card shows: the sides' members (their names and colours),
    the medium, the clue track and its rewards."""
    shown = {k: v.get(k) for k in ("medium", "clue_track", "creator_reward")}
    shown["sides"] = [{"members": sd["members"]} for sd in v.get("sides") or []]
    return shown


def _card(ctx, v, d, claimable, movable, reportable, target, srcs, asking=False):
    n = _num(d)
    status = d["status"]
    buttons, ask = _card_buttons(ctx, d, n, claimable, movable, reportable, asking)
    # what the card shows stays drawn while only its buttons change: a chip moved takes the
    # "move" button off every card, which must not draw nine cards again
    face = ctx.part(("card-face", d["id"]), _card_face, v, d, srcs)
    return h("li", face, h("div", buttons, cls="row") if buttons else None, ask,
             cls=f"ring-space dohdle {status}" + (" target" if target else ""),
             id=f"dohdle-{d['id']}", data_status=status, data_chip=d["chip"], key=f"d-{d['id']}")


def _card_face(ctx, v, d, srcs):
    """A card's heading, picture, clue track, letters, word, flags and questions."""
    t = ctx.t
    n = _num(d)
    reports = d.get("reports") or []
    flagged = h("p", t("dohdles.reported", names=", ".join(ctx.name(r) for r in reports)), cls="warn") if reports else None
    qa = riddles.qa_log(d.get("qa") or [], t, lambda a: _answer_text(ctx, a), ctx.name, log_id=f"qa-{d['id']}")
    return [h("h3", _swatch(ctx, v, d["side"]), " ", t("dohdles.dohdle_n", n=n), " ",
              h("span", ctx.name(d["maker"]), cls="maker")),
            _card_picture(ctx, v, d, n, srcs),
            clue_track(ctx, v, d),
            letter_sheet(ctx, d), _card_word(ctx, v, d), flagged, qa]


def _card_picture(ctx, v, d, n, srcs):
    """A card's picture: the tile of a table-top Dohdle, its photos, or where it stands."""
    t = ctx.t
    if v.get("medium") == "table":
        return h("div", h("span", str(n), cls="big-no"), h("span", t("dohdles.on_table")),
                 cls="table-tile", style=f"border-color:{_colour(ctx, v['sides'][d['side']])}")
    if d.get("pictures"):
        pics = []
        for i, ref in enumerate(d["pictures"]):
            src = srcs[i]
            pics.append(h("img", src=src, alt=t("dohdles.picture_of", n=n, name=ctx.name(d["maker"])), cls="pic",
                          data_ref=ref, key=f"pic-{d['id']}-{i}") if src else
                        h("span", t("dohdles.picture_coming"), cls="pic pending", data_ref=ref, key=f"pic-{d['id']}-{i}"))
        return h("div", pics, cls="pics")
    return h("div", t("dohdles.made") if d.get("made") else t("dohdles.being_made"), cls="pic empty")


def _card_word(ctx, v, d):
    """The word where this seat may see it, and who solved it."""
    t = ctx.t
    status = d["status"]
    word = None
    if d.get("word"):
        word = h("p", h("strong", d["word"], cls="word"), " ",
                 h("span", t(f"dohdles.status.{status}") if status in ("solved", "retired", "unmade") else
                   t("dohdles.your_secret"), cls="muted"), cls="doh-word")
    solved = None
    if status == "solved" and d.get("solved_by") is not None:
        solved = h("p", t("dohdles.solved_by", name=_side_name(ctx, v, d["solved_by"])), cls="ok")
    return [word, solved]


def _card_buttons(ctx, d, n, claimable, movable, reportable, asking):
    """A card's buttons (move the chip, shout, report unfair) and the report's question."""
    t = ctx.t
    buttons = []
    if movable:
        buttons.append(h("button", t("dohdles.move_chip", n=n), id=f"move-{d['id']}", cls="primary",
                         on_click=lambda e, x=d["id"]: ctx.act({"type": "move_chip", "dohdle": x})))
    if claimable:
        buttons.append(h("button", t("dohdles.shout_on", n=n), id=f"claim-{d['id']}", cls="danger",
                         on_click=lambda e, x=d["id"]: ctx.act({"type": "claim", "dohdle": x})))
    ask = None
    if reportable and asking:          # a flag is public and stays: asked once
        def report(e, x=d["id"]):
            ctx.scratch.pop("doh.unfair", None)
            ctx.act({"type": "report", "dohdle": x})

        def keep(e):
            ctx.scratch.pop("doh.unfair", None)
            ctx.redraw()
        ask = h("div", h("p", t("dohdles.report_ask", n=n), role="alert", id=f"report-ask-{d['id']}"),
                h("button", t("dohdles.report_yes"), cls="danger", id=f"report-yes-{d['id']}", on_click=report), " ",
                h("button", t("dohdles.report_no"), id=f"report-no-{d['id']}", on_click=keep), cls="report-ask")
    elif reportable:
        def arm(e, x=d["id"]):
            ctx.scratch["doh.unfair"] = x
            ctx.redraw()
        buttons.append(h("button", t("dohdles.report"), key=f"report-{d['id']}", cls="small", on_click=arm))
    return buttons, ask


def _track(ctx, v):
    """The scoring track, drawn again only when a token moves (:meth:`ScreenContext.part`)."""
    tokens = tuple((tuple(sd["members"]), sd["token"]) for sd in v["sides"])
    return ctx.part("doh.track", _track_part, v.get("track") or {}, tokens)


def _track_part(ctx, tr, tokens):
    v = {"track": tr, "sides": [{"members": list(m), "token": k} for m, k in tokens]}
    return h("section", h("h2", ctx.t("dohdles.track")), scoring_track(ctx, v), id="track")


def scoring_track(ctx, v):
    """The scoring track: ! (never back past it), the start, the final ★; green arrows
    forward for a right guess, red ones back for a wrong one; the sides' tokens.  Each
    space is a part of its own: a token that moves redraws two spaces."""
    tr = v.get("track") or {}
    final = tr.get("final", 20)
    green, red = tr.get("green") or [], tr.get("red") or []
    at: dict = {}
    for sd in v["sides"]:
        at.setdefault(min(sd["token"], final), []).append(tuple(sd["members"]))
    cells = []
    for k in range(final + 1):
        label = "!" if k == tr.get("bang", 0) else ("★" if k == final else str(k))
        arrows = None if k >= final else (green[k] if k < len(green) else None, red[k] if k < len(red) else None)
        cells.append(ctx.part(("doh.track", k), _track_space, k, label, k == tr.get("start"), arrows,
                              tuple(at.get(k, ()))))
    return h("ol", cells, cls="doh-track")


def _track_space(ctx, k, label, start, arrows, here):
    """Space ``k`` of the scoring track: its arrows (green, red: None where the track has
    none) and the tokens of the sides ``here`` (their members)."""
    t = ctx.t
    marks = None
    if arrows is not None:
        g, r = arrows
        marks = h("span", h("span", "▲" * g if g is not None else "", cls="green"),
                  h("span", "▼" * r if r is not None else "", cls="red"), cls="arrows",
                  role="img", aria_label=t("dohdles.arrows", green=t("dohdles.arrows.green", n=g or 0),
                                           red=t("dohdles.arrows.red", n=r or 0)))
    return h("li", h("span", label, cls="track-no"),
             h("span", t("dohdles.start_mark"), cls="start-mark") if start else None, marks,
             h("span", [_members_swatch(ctx, m) for m in here], cls="tokens"),
             cls="track-space" + (" bang" if k == 0 else "") + (" start" if start else ""), key=f"tr-{k}")


def _events(ctx, v):
    """The last events, drawn again only when one is added (the Dohdles' numbers and the
    sides' members are all they read of the rest of the view)."""
    shown = {"dohdles": [{"space": d["space"]} for d in v["dohdles"]],
             "sides": [{"members": sd["members"]} for sd in v["sides"]]}
    return ctx.part("doh.events", _event_log, shown, (v.get("events") or [])[-14:])


def _event_log(ctx, v, events):
    t = ctx.t
    lines = []
    for i, e in enumerate(events):
        text = _event_text(ctx, v, e)
        if text:               # keyed: a new event inserts one line, the oldest leaves
            lines.append(h("li", text, key=f"ev-{e.get('at')}-{e.get('kind')}-{_same_before(events, i)}"))
    if not lines:
        return None
    # a scrolling box: reachable by keyboard to scroll it, named by its heading
    return h("section", h("h2", t("dohdles.log"), id="events-h"),
             h("ol", lines, cls="doh-log", tabindex="0", aria_labelledby="events-h"), id="events")


def _same_before(events, i) -> int:
    """How many events before ``events[i]`` share its time and kind (a key's last part)."""
    e = events[i]
    return sum(1 for x in events[:i] if x.get("at") == e.get("at") and x.get("kind") == e.get("kind"))


def _event_text(ctx, v, e):
    t = ctx.t
    k = e.get("kind")
    ds = v["dohdles"]

    def n(key="dohdle"):
        i = e.get(key)
        return _num(ds[i]) if isinstance(i, int) and 0 <= i < len(ds) else "?"

    side = lambda key="side": _side_name(ctx, v, e.get(key))  # noqa: E731
    if k == "turn":
        return t("dohdles.ev.turn", name=side())
    if k == "chip":
        return t("dohdles.ev.chip", n=n(), k=e.get("chip"))
    if k == "ask":
        return t("dohdles.ev.ask", name=ctx.name(e.get("seat")), n=n(), q=e.get("text", ""))
    if k == "answer":
        return t("dohdles.ev.answer", a=_answer_text(ctx, e.get("answer")))
    if k == "refused":
        return t("dohdles.ev.refused")
    if k == "letter":
        return t("dohdles.ev.letter", n=n(), p=e.get("position"), ch=e.get("letter"))
    if k == "void_letter":
        return t("dohdles.ev.void_letter", n=n())
    if k == "claim":
        return t("dohdles.ev.claim", name=ctx.name(e.get("seat")), n=n())
    if k == "proposal":
        if e.get("timeout"):
            return t("dohdles.ev.p_timeout", name=side(), n=n())
        return t("dohdles.ev.p_right" if e.get("correct") else "dohdles.ev.p_wrong", name=side(), n=n(),
                 word=e.get("word") or "")
    if k == "solved":
        return t("dohdles.ev.solved", n=n(), word=e.get("word"), name=side("by"))
    if k == "reward":
        return t("dohdles.ev.reward", name=side(), steps=e.get("steps"))
    if k == "retired":
        return t("dohdles.ev.retired", n=n(), word=e.get("word"))
    if k == "redirect":
        return t("dohdles.ev.redirect", name=side())
    if k == "clue_forfeited":
        return t("dohdles.ev.clue_forfeited", n=n())
    if k == "unmade":
        return t("dohdles.ev.unmade", n=n())
    if k == "timeout":
        return t("dohdles.ev.timeout")
    if k == "cubes_back":
        return t("dohdles.ev.cubes_back")
    if k == "play":
        return t("dohdles.ev.play", name=ctx.name(e.get("first")))
    if k == "report":
        return t("dohdles.ev.report", name=ctx.name(e.get("seat")), n=n())
    if k == "over":
        return t("dohdles.ev.over")
    return None


# --------------------------------------------------------------------------- how to play
def _example_view(o):
    """Ann's and Ben's sides at a made-up table, with the table's clue track and scoring track."""
    final = int(o.get("final_index", 20))
    # neither token on the start space, so that its mark shows
    return {"sides": [{"members": [0], "colour": 0, "token": int(o.get("start_index", 3)) + 5},
                      {"members": [1], "colour": 1, "token": int(o.get("start_index", 3)) + 2}],
            "clue_track": list(o.get("clue_track_types") or []), "creator_reward": list(o.get("creator_reward") or []),
            "track": {"start": int(o.get("start_index", 3)), "final": final, "bang": 0,
                      "green": list(o.get("green_arrows") or []), "red": list(o.get("red_arrows") or [])}}


def _example_clues(ctx, v):
    """Ben's Dohdle after two clues: the chip on the second space, one letter given."""
    from ..howto import example
    ex = example(ctx, v)
    d = {"id": 0, "side": 1, "chip": 2, "letters": ["R", None, None, None, None]}
    return [h("p", ex.t("dohdles.dohdle_n", n=1), " · ", ex.name(1)), clue_track(ex, v, d), letter_sheet(ex, d)]


def _seconds(ms) -> str:
    """3000 → "3", 750 → "0.75": milliseconds as the set-up shows them, in seconds."""
    x = round(int(ms) / 1000, 2)
    return str(int(x)) if float(x).is_integer() else str(x)


def _example_unfair(ctx, v):
    """Ben's Dohdle as Ann sees it: its "Unfair?" button, and the note everybody sees once
    Cleo has pressed hers."""
    ex = example(ctx, dict(v, medium="table"))
    d = {"id": 0, "space": 0, "side": 1, "maker": 1, "status": "active", "chip": 2, "made": True, "reports": [2],
         "letters": ["R", None, None, None, None]}
    return h("ol", _card(ex, ex.view, d, False, False, True, False, []), cls="doh-ring")


def how_to_play(ctx) -> list:
    """Dohdles! in a few parts, with the table's options (``ctx.view["options"]``)."""
    from ..howto import section
    t = ctx.t
    o = ctx.view.get("options") or {}
    v = _example_view(o)
    reward = list(o.get("creator_reward") or [])
    answers = ", ".join(_answer_text(ctx, a) for a in (o.get("answer_labels") or []))
    nums = {"answers": answers, "rewards": " – ".join(str(r) for r in reward), "final": v["track"]["final"],
            "unfair": t("dohdles.report"), "start": t("dohdles.start_mark"),
            "special": _seconds(o.get("special_right_window_ms", 3000))}
    medium = o.get("riddle_medium", "drawing")
    return [
        section(t, "dohdles.rules.goal", params=nums),
        section(t, "dohdles.rules.setup", ["p1", f"p2.{medium}" if medium in ("drawing", "photo", "table") else "p2"],
                params=nums),
        section(t, "dohdles.rules.turn", 1, items=3, picture=_example_clues(ctx, v), after=1, params=nums),
        section(t, "dohdles.rules.questions", 2, params=nums),
        section(t, "dohdles.rules.fair", 2, picture=_example_unfair(ctx, v), params=nums),
        section(t, "dohdles.rules.race", 3, params=nums),
        section(t, "dohdles.rules.track", 3, picture=scoring_track(example(ctx, v), v), params=nums),
        section(t, "dohdles.rules.end", 3, params=nums),
    ]


def example(ctx, v):
    from ..howto import example as make
    return make(ctx, v)
