"""The DODGY screen: own dice, others' dice counts, the statement picker, DODGY buttons,
the reveal with the counted image highlighted, the winner's pick, and the log.

A pure function of its :class:`~clubtable.ui.context.ScreenContext`: everything shown
comes from the seat's ``view``; which moves are open from ``ctx.can``; the claims the
picker offers from the legal list, so an illegal claim cannot even be chosen.  Texts are in
``clubtable/locale/<lang>/LC_MESSAGES/dodgy.po``.
"""
from __future__ import annotations

from ..dom import h

# the moves this screen offers to the other players at the device (pass-and-play)
SHOUTS = ("dodgy",)

# Die art: one picture per face, drawn by the style sheet (``static/art/dodgy/<face>.svg``
# behind a ``face-<face>`` class), so a die is one element and a rolled die changes one class
# (inline SVG made each die five elements and each new face a dozen changes).  Faces are
# options (DGY-2): a face without art shows the start of its name.
ART_FACES = frozenset({"bow", "ship", "sword", "image4", "image5", "image6"})


# --------------------------------------------------------------------------- pieces
def face_name(ctx, face) -> str:
    if face is None:
        return "?"
    key = f"dodgy.face.{face}"
    text = ctx.t(key)
    return str(face) if text == key else text


def face_art(face, cls="face", **attrs):
    """A face's picture: an empty element the style sheet paints (``cls`` and
    ``face-<face>``), or for a face without art the start of its name.  ``attrs``: its
    other attributes; without them it is hidden from screen readers (what holds it says
    the face)."""
    attrs = attrs or {"aria_hidden": "true"}
    if face in ART_FACES:
        return h("span", cls=f"{cls} face-{face}", **attrs)
    return h("span", str(face)[:3], cls=cls, **attrs)


def is_seer(ctx, d) -> bool:
    """The seer stone, as the view marks it (or by the game's die id for it)."""
    return bool(d.get("seer")) or (d.get("id") is not None and d.get("id") == ctx.constants.get("seer_die"))


def die(ctx, d, counted=False):
    """One die: its picture, its name for screen readers, the seer stone marked."""
    seer = is_seer(ctx, d)
    label = face_name(ctx, d.get("face"))
    if seer:
        label = f"{ctx.t('dodgy.seer')}: {label}"
    cls = "die" + (" seer" if seer else "") + (" counted" if counted else "")
    return h("li", face_art(d.get("face"), "pic", role="img", aria_label=label, title=label),
             cls=cls, key=f"d{d['id']}" if d.get("id") is not None else None)


def kept_die(ctx, place, d, counted=False):
    """``die``, kept from the last draw while it shows the same (``place``: where it is)."""
    return ctx.part(("die", place, d.get("id")), die, d, counted)


def hidden_dice(ctx, n, seer=False):
    return h("ul", [h("li", cls="die hidden" + (" seer" if seer and i == n - 1 else ""), aria_hidden="true")
                    for i in range(n)], cls="dice", role="img", aria_label=ctx.t("dodgy.hidden_dice", n=n))


def claim_text(ctx, stmt):
    key = "dodgy.claim_auto" if stmt.get("auto") else "dodgy.claim"
    return ctx.t(key, name=ctx.name(stmt["seat"]), q=stmt["quantity"], image=face_name(ctx, stmt["image"]))


def reveal_line(ctx, rev):
    image = face_name(ctx, rev.get("image"))
    if rev.get("by_timeout"):
        return ctx.t("dodgy.reveal_timeout", stater=ctx.name(rev.get("challenger")), prev=ctx.name(rev.get("stater")),
                     q=rev.get("quantity"), image=image, count=rev.get("count"))
    return ctx.t("dodgy.reveal_line", challenger=ctx.name(rev.get("challenger")), stater=ctx.name(rev.get("stater")),
                 q=rev.get("quantity"), image=image, count=rev.get("count"))


def verdict(ctx, rev) -> str:
    return ctx.t("dodgy.correct") if rev.get("correct") else ctx.t("dodgy.wrong")


# --------------------------------------------------------------------------- the screen
def render(ctx):
    v = ctx.view
    if not v:
        return h("p", "…")
    # my dice, then the statement, the clock and my answer to it, then the others: on a phone
    # what I must answer in the challenge window is in the first screen, beside my dice
    parts = [status_line(ctx), players_panel(ctx, True), turn_panel(ctx), players_panel(ctx, False)]
    if v.get("reveal"):
        parts.append(reveal_panel(ctx))
    parts.append(log_panel(ctx))
    return parts


def news(ctx) -> dict:
    """What screen-reader users hear after a change (said once each, by the shell): a
    statement, a reveal, their turn; and a reveal brings the dice on the table into view,
    where the player looks (``context.new_news``)."""
    v = ctx.view
    rev = v.get("reveal")
    if v.get("phase") == "choose" and rev:
        said = f"{reveal_line(ctx, rev)} {verdict(ctx, rev)}"
    elif v.get("statement"):
        said = claim_text(ctx, v["statement"])
    else:
        said = ctx.t("dodgy.round", n=v.get("round"))
    if ctx.can("state"):
        said += " " + ctx.t("dodgy.you_state")
    elif ctx.can("choose"):
        said += " " + ctx.t("dodgy.choose", name=ctx.name((rev or {}).get("loser")))
    return {"said": (said, said, None), "reveal": (rev.get("round"), None, "#reveal h2") if rev else None}


def seats_out(view) -> set:
    """The seats out of the game while it goes on (the shell offers "finish now" when all
    of a device's are)."""
    return {s.get("seat") for s in view.get("seats") or [] if isinstance(s, dict) and s.get("active") is False}


def status_line(ctx):
    v, t = ctx.view, ctx.t
    return h("div", h("p", h("strong", t("dodgy.round", n=v.get("round"))), " · ",
                      t("dodgy.dice_in_play", n=v.get("dice_in_hands")), cls="status"),
             h("p", t("dodgy.seer_centre"), cls="muted") if v.get("seer") == "centre" else None)


def players_panel(ctx, mine):
    """The players and their dice (``mine``: this seat's row, or the others'); pass-and-play,
    while the others at the device may shout on this screen, the seat's own dice face down
    until its player holds "show"."""
    v = ctx.view
    hand = v.get("hand", []) if ctx.showing("dice") else None
    # held, the dice show in the button too: the player's own row may be out of view
    shown = [face_art(d.get("face"), "pic", role="img", aria_label=face_name(ctx, d.get("face")))
             for d in v.get("hand") or []] if hand is not None else None
    hold = ctx.hold_to_show("dice", ctx.t("dodgy.hold_dice"), shown) if mine and v.get("hand") else None
    panel = ctx.part(("players", mine), _players, v.get("seats", []), v.get("you"), v.get("known") or [],
                     hand, mine)
    return [panel, h("p", hold, cls="hold-row", id="hold-dice-row") if hold else None]


def _players(ctx, seats, me, known, hand, mine=None):
    """Everybody's dice (``mine``: True, only this seat's; False, only the others'): mine
    face up, the others' as counts (faces only once revealed)."""
    t = ctx.t
    rows = []
    for s in seats:
        seat = s["seat"]
        if mine is not None and (seat == me) != mine:
            continue
        badges = [h("span", " ★ " + t("dodgy.seer_holder"), cls="seer-badge") if s.get("seer") else None,
                  h("span", " — " + t("dodgy.out"), cls="muted") if not s.get("active") else None]
        if seat == me and hand is None:       # held back (a shared screen)
            dice = hidden_dice(ctx, s.get("dice", 0), s.get("seer"))
        elif seat == me:
            dice = h("ul", [kept_die(ctx, "hand", d) for d in hand], cls="dice", aria_label=t("dodgy.your_dice"),
                     id="my-dice")
        else:
            shown = known[seat] if seat < len(known) else []
            dice = (h("ul", [kept_die(ctx, f"known{seat}", d) for d in shown], cls="dice") if shown
                    else hidden_dice(ctx, s.get("dice", 0), s.get("seer")))
        rows.append(h("li", h("div", ctx.marker(seat), " ", h("strong", ctx.name(seat)),
                              f" · {s.get('dice', 0)} ", badges),
                      dice, cls="panel player" + (" me" if seat == me else ""), data_seat=seat, key=f"p{seat}"))
    if not rows:
        return None
    return h("ul", rows, cls="players" + (" mine" if mine else ""),
             aria_label=None if mine else t("play.players"))


def turn_panel(ctx):
    v = ctx.view
    out = []
    if v.get("statement"):
        out.append(h("p", claim_text(ctx, v["statement"]), cls="claim", id="current-claim"))
    # the clock and DODGY! right under the statement they answer, then my own statement
    due = ctx.next_timer()
    if due:
        out.append(h("p", ctx.t("dodgy.time_left"), " ", ctx.countdown(due["deadline_ms"]), cls="timer",
                     data_kind=due["name"]))
    buttons = shout_buttons(ctx)
    if buttons:
        out.append(h("div", buttons, cls="row actions"))
    if v.get("phase") == "statement":
        out += statement_status(ctx)
    if v.get("accepted"):
        out.append(h("p", ctx.t("dodgy.accepted", names=", ".join(ctx.name(s) for s in v["accepted"]),
                                        n=len(v["accepted"])), cls="muted"))
    if v.get("phase") == "choose":
        out.append(choose_status(ctx))
    return h("section", out, cls="panel turn", id="turn")


def statement_status(ctx) -> list:
    """Who states next, a held statement, the picker on my turn."""
    v, t = ctx.view, ctx.t
    me, stater, pending = v.get("you"), v.get("stater"), v.get("pending")
    out = []
    if pending and pending.get("quantity") is not None:
        out.append(h("p", t("dodgy.held"), cls="muted", role="status"))
    elif pending:
        out.append(h("p", t("dodgy.held_other", name=ctx.name(pending.get("seat"))), cls="muted"))
    elif stater != me:
        out.append(h("p", t("dodgy.to_state", name=ctx.name(stater)), role="status"))
    if ctx.can("state"):
        out.append(statement_picker(ctx))
    elif stater == me and v.get("statement") and ctx.can("dodgy") and not pending:
        out.append(h("p", t("dodgy.only_dodgy"), cls="warn"))
    return out


def shout_buttons(ctx) -> list:
    t = ctx.t
    buttons = []
    if ctx.can("dodgy"):
        buttons.append(h("button", t("dodgy.shout"), cls="danger big", id="shout-dodgy", key="shout",
                         on_click=lambda e: ctx.act(ctx.find("dodgy")[0])))
    if ctx.can("accept"):
        buttons.append(h("button", t("dodgy.accept"), id="accept", key="accept",
                         on_click=lambda e: ctx.act(ctx.find("accept")[0])))
    # Pass-and-play: every other player at this device may shout too, without seeing dice.
    buttons += ctx.for_others("dodgy", lambda seat, a: t("dodgy.shout_for", name=ctx.name(seat)), key="shout",
                              cls="danger")
    return buttons


def choose_status(ctx):
    rev = ctx.view.get("reveal") or {}
    if ctx.can("choose"):
        return choose_panel(ctx, rev)
    return h("p", ctx.t("dodgy.choosing", winner=ctx.name(rev.get("winner")), loser=ctx.name(rev.get("loser"))),
             role="status")


# --------------------------------------------------------------------------- statement
def statement_picker(ctx):
    """Only legal claims: the quantities and images come from the legal list."""
    t = ctx.t
    claims = ctx.find("state")
    quantities = sorted({a["quantity"] for a in claims})
    images = list(dict.fromkeys(a["image"] for a in claims))
    ui = ctx.scratch
    q = ui.get("dodgy.q") if ui.get("dodgy.q") in quantities else quantities[0]
    img = ui.get("dodgy.img") if ui.get("dodgy.img") in images else None
    # keyed: a higher claim drops the lowest quantities, and the rest stay as they are
    qsel = h("select", [h("option", str(n), value=n, selected=n == q, key=f"q{n}") for n in quantities],
             id="claim-quantity",
             on_change=lambda e: ui.__setitem__("dodgy.q", int(e.target.value)))
    img_buttons = [h("button", face_art(im), " ", face_name(ctx, im), type="button",
                     cls="image-pick" + (" chosen" if im == img else ""), aria_pressed="true" if im == img else "false",
                     key=f"img-{im}", data_image=im,
                     on_click=lambda e, im=im: _pick_image(ctx, im)) for im in images]
    return h("form", h("p", h("strong", t("dodgy.you_state"))),
             h("div", h("label", t("dodgy.quantity"), html_for="claim-quantity"), " ", qsel, cls="field"),
             h("div", h("span", t("dodgy.image"), id="img-label"),
               h("div", img_buttons, cls="row", role="group", aria_labelledby="img-label"), cls="field"),
             h("button", t("dodgy.state"), type="submit", cls="primary", id="make-claim", disabled=img is None),
             on_submit=lambda e: _submit_claim(ctx, claims, quantities), cls="claim-form", id="claim-form")


def _pick_image(ctx, image):
    ctx.scratch["dodgy.img"] = image
    ctx.redraw()


def _submit_claim(ctx, claims, quantities):
    ui = ctx.scratch
    q = ui.get("dodgy.q") if ui.get("dodgy.q") in quantities else quantities[0]
    action = next((a for a in claims if a["quantity"] == q and a["image"] == ui.get("dodgy.img")), None)
    if action is None:
        ctx.toast(ctx.t("dodgy.image"))
        return
    ui.pop("dodgy.img", None)
    ctx.act(action)


# --------------------------------------------------------------------------- reveal
def choose_panel(ctx, rev):
    t = ctx.t
    loser = rev.get("loser")
    hand = (rev.get("hands") or [])[loser] if loser is not None else []
    dice = {d["id"]: d for d in hand}
    buttons = []
    for a in ctx.find("choose"):
        d = dice.get(a["die"], {"id": a["die"]})
        face = face_name(ctx, d.get("face"))
        seer = is_seer(ctx, d)
        label = t("dodgy.take_seer", face=face) if seer else t("dodgy.take", face=face)
        buttons.append(h("button", face_art(d.get("face")), cls="die" + (" seer" if seer else ""),
                         aria_label=label, title=label, key=f"take-{a['die']}", data_die=a["die"],
                         on_click=lambda e, a=a: ctx.act(a)))
    return h("div", h("p", t("dodgy.choose", name=ctx.name(loser))), h("div", buttons, cls="dice choose"),
             id="choose")


def reveal_panel(ctx):
    return ctx.part("reveal", _reveal, ctx.view["reveal"])


def _reveal(ctx, rev):
    t = ctx.t
    counted = set(rev.get("counted") or [])
    seer_note = {"wild": "dodgy.seer_wild", "rolled_face": "dodgy.seer_face", "none": "dodgy.seer_none"}.get(
        rev.get("seer_rule"))
    hands = []
    for seat, hand in enumerate(rev.get("hands") or []):
        if hand:
            hands.append(h("li", h("span", ctx.marker(seat), " ", ctx.name(seat)),
                           h("ul", [kept_die(ctx, f"reveal{seat}", d, d["id"] in counted) for d in hand],
                             cls="dice"),
                           key=f"r{seat}"))
    return h("section", h("h2", t("dodgy.reveal_title")), h("p", reveal_line(ctx, rev)),
             h("p", h("strong", verdict(ctx, rev)), id="verdict"),
             h("p", t(seer_note), cls="muted") if seer_note else None,
             h("ul", hands, cls="reveal-hands"), _after_reveal(ctx, rev),
             cls="panel reveal", id="reveal")


def _after_reveal(ctx, rev):
    t = ctx.t
    after = []
    if rev.get("chosen") is not None:
        after.append(t("dodgy.moved", winner=ctx.name(rev.get("winner")), loser=ctx.name(rev.get("loser"))))
        if rev.get("seer_from_centre"):
            after.append(t("dodgy.seer_moved", winner=ctx.name(rev.get("winner"))))
    if rev.get("eliminated"):
        after.append(t("dodgy.eliminated", names=", ".join(ctx.name(s) for s in rev["eliminated"]),
                           n=len(rev["eliminated"])))
    return h("p", " ".join(after)) if after else None


def log_panel(ctx):
    # two parts: a statement changes the first, only a reveal the second
    v = ctx.view
    return h("div", ctx.part("statements", _statements, v.get("statements") or []),
             ctx.part("history", _history, v.get("history") or []), cls="row logs")


def _statements(ctx, statements):
    items = [h("li", claim_text(ctx, s)) for s in statements]
    # scrolling boxes: reachable by keyboard to scroll them, named by their headings
    return h("section", h("h2", ctx.t("dodgy.log"), id="statements-h"),
             h("ol", items, cls="log", id="statements", tabindex="0", aria_labelledby="statements-h"), cls="panel")


def _history(ctx, history):
    t = ctx.t
    hist = []
    for i, c in reversed(list(enumerate(history))):     # newest first
        hist.append(h("li", t("dodgy.round", n=c.get("round")), ": ", reveal_line(ctx, c), " ", verdict(ctx, c),
                      key=f"c{i}"))
    return h("section", h("h2", t("dodgy.history"), id="history-h"),
             h("ol", hist, cls="log", id="history", tabindex="0", aria_labelledby="history-h"), cls="panel")


# --------------------------------------------------------------------------- how to play
def _example_reveal(ctx):
    """Ann said "4 × ship", Ben shouted DODGY: the hands shown, the counted dice marked, the
    seer stone (Ann's) wild for her own statement; Ben loses a die."""
    seer = ctx.constants.get("seer_die", 20)
    hands = [[{"id": 0, "face": "ship"}, {"id": 1, "face": "bow"}, {"id": seer, "face": "sword", "seer": True}],
             [{"id": 5, "face": "ship"}, {"id": 6, "face": "ship"}, {"id": 7, "face": "image4"}]]
    rev = {"stater": 0, "challenger": 1, "quantity": 4, "image": "ship", "count": 4, "correct": True,
           "winner": 0, "loser": 1, "seer_rule": "wild", "counted": [0, 5, 6, seer], "hands": hands}
    ex = example_ctx(ctx, {"reveal": rev})
    counted = set(rev["counted"])
    rows = [h("li", h("span", ex.marker(seat), " ", ex.name(seat)),
              h("ul", [die(ex, d, counted=d["id"] in counted) for d in hand], cls="dice"))
            for seat, hand in enumerate(hands)]
    return [h("p", reveal_line(ex, rev)), h("ul", rows, cls="reveal-hands"),
            h("p", h("strong", verdict(ex, rev)), " ", ex.t("dodgy.seer_wild"))]


def _example_statement(ctx):
    """Ann's own dice, and the statement she makes from them."""
    ex = example_ctx(ctx, {})
    hand = [{"id": 0, "face": "ship"}, {"id": 1, "face": "ship"}, {"id": 2, "face": "bow"},
            {"id": 3, "face": "image5"}, {"id": 4, "face": "sword"}]
    return [h("p", ex.t("dodgy.your_dice"), ":"), h("ul", [die(ex, d) for d in hand], cls="dice"),
            h("p", claim_text(ex, {"seat": 0, "quantity": 3, "image": "ship"}))]


def _example_seer(ctx):
    """An ordinary die beside the seer stone, drawn as the table draws them."""
    ex = example_ctx(ctx, {})
    seer = ctx.constants.get("seer_die", 20)
    return h("ul", [die(ex, {"id": 0, "face": "sword"}), die(ex, {"id": seer, "face": "sword", "seer": True})],
             cls="dice")


def example_ctx(ctx, view):
    from ..howto import example
    return example(ctx, view)


def how_to_play(ctx) -> list:
    """DODGY in a few parts, with the table's options (``ctx.view["options"]``)."""
    from ..howto import section
    t = ctx.t
    o = ctx.view.get("options") or {}
    per = ctx.constants.get("dice_per_player") or {}
    dice = {f"d{n}": per.get(str(n), "?") for n in range(2, 7)}
    window = o.get("challenge_min_window_s", 0)
    threshold = o.get("elimination_threshold")
    limit = o.get("round_limit")
    parts = [
        section(t, "dodgy.rules.goal"),
        section(t, "dodgy.rules.setup", 2, params=dice),
        section(t, "dodgy.rules.turn", 2, picture=_example_statement(ctx)),
        section(t, "dodgy.rules.seer", ["p1", "p2", "p3." + ("none" if o.get("seer_mode") == "none" else "face")],
                picture=_example_seer(ctx)),
        section(t, "dodgy.rules.shout", ["p1", "p2" if window else "p2.none", "p3"], params={"count": window}),
        section(t, "dodgy.rules.reveal", 2, picture=_example_reveal(ctx), after=1),
        section(t, "dodgy.rules.timers", paras=0, items=[
            ("li1" if o.get("statement_s") else "li1.none", {"count": o.get("statement_s")}),
            ("li2" if o.get("choose_s") else "li2.none", {"count": o.get("choose_s")})]),
        section(t, "dodgy.rules.end", [
            "p1" if o.get("reroll_each_round", True) else "p1.keep",
            ("p2.threshold", {"count": threshold}) if threshold else "p2",
            "p3." + ("centre" if o.get("seer_on_elimination") == "back_to_centre" else "removed"),
            ("p4.limit", {"round": limit}) if limit else "p4"]),
    ]
    return parts
