"""The DODGY screen: own dice, others' dice counts, the statement picker, DODGY buttons,
the reveal with the counted image highlighted, the winner's pick, and the log.

Everything shown comes from the seat's ``view``; the legal list decides which claims the
picker offers, so an illegal claim cannot even be chosen.
"""
from __future__ import annotations

from ..dom import h

# Die art: simple SVG pictures with a text label for screen readers.  Faces are options
# (DGY-2), so an unknown face name falls back to its text.
_ART = {
    "bow": [("path", {"d": "M8 4 Q28 16 8 28", "fill": "none", "stroke": "#333", "stroke-width": "2.5"}),
            ("line", {"x1": "8", "y1": "4", "x2": "8", "y2": "28", "stroke": "#333", "stroke-width": "1"}),
            ("line", {"x1": "4", "y1": "16", "x2": "28", "y2": "16", "stroke": "#a33", "stroke-width": "2"}),
            ("path", {"d": "M28 16 L23 13 L23 19 Z", "fill": "#a33"})],
    "ship": [("path", {"d": "M4 21 L28 21 L24 27 L8 27 Z", "fill": "#7a4a1c"}),
             ("line", {"x1": "16", "y1": "4", "x2": "16", "y2": "21", "stroke": "#333", "stroke-width": "2"}),
             ("path", {"d": "M17 5 L26 18 L17 18 Z", "fill": "#0072b2"})],
    "sword": [("path", {"d": "M16 3 L19 7 L19 21 L13 21 L13 7 Z", "fill": "#9aa"}),
              ("rect", {"x": "8", "y": "21", "width": "16", "height": "3", "fill": "#555"}),
              ("rect", {"x": "14.5", "y": "24", "width": "3", "height": "6", "fill": "#7a4a1c"})],
    "image4": [("path", {"d": "M5 24 L7 10 L12 17 L16 7 L20 17 L25 10 L27 24 Z", "fill": "#e69f00",
                         "stroke": "#333"})],
    "image5": [("path", {"d": "M16 3 L20 12 L29 12 L22 18 L25 28 L16 22 L7 28 L10 18 L3 12 L12 12 Z",
                         "fill": "#009e73", "stroke": "#333"})],
    "image6": [("path", {"d": "M20 4 A12 12 0 1 0 20 28 A9 9 0 1 1 20 4 Z", "fill": "#cc79a7", "stroke": "#333"})],
}

TEXTS = {
    "en": {
        "dodgy.face.bow": "bow", "dodgy.face.ship": "ship", "dodgy.face.sword": "sword",
        "dodgy.face.image4": "crown", "dodgy.face.image5": "star", "dodgy.face.image6": "moon",
        "dodgy.round": "Round {n}",
        "dodgy.your_dice": "Your dice",
        "dodgy.hidden_dice": "{n} hidden dice",
        "dodgy.seer": "seer stone",
        "dodgy.seer_holder": "holds the seer stone",
        "dodgy.seer_centre": "The seer stone waits in the centre: the first player to receive a die takes it too.",
        "dodgy.out": "out",
        "dodgy.to_state": "{name} makes the next statement.",
        "dodgy.you_state": "Your statement:",
        "dodgy.quantity": "How many",
        "dodgy.image": "Image",
        "dodgy.state": "State it",
        "dodgy.claim": "{name}: “There are {q} × {image} on the table.”",
        "dodgy.claim_auto": "{name} ran out of time; the table stated {q} × {image}.",
        "dodgy.held": "Statement made; it is held until the others have had their moment to shout DODGY.",
        "dodgy.held_other": "{name} has a statement ready.",
        "dodgy.shout": "DODGY!",
        "dodgy.shout_for": "DODGY! ({name})",
        "dodgy.accept": "Let it stand",
        "dodgy.accepted": "{n} let it stand",
        "dodgy.only_dodgy": "No higher claim is possible: you must shout DODGY.",
        "dodgy.reveal_title": "Reveal",
        "dodgy.reveal_line": "{challenger} shouted DODGY on {stater}'s {q} × {image}. There are {count}.",
        "dodgy.reveal_timeout": "{stater}'s time ran out: it counts as DODGY on {prev}'s {q} × {image}. There are {count}.",
        "dodgy.correct": "The statement was correct.",
        "dodgy.wrong": "The statement was DODGY.",
        "dodgy.seer_wild": "The seer stone is wild for its holder's own statement and counts.",
        "dodgy.seer_face": "The seer stone counts by its rolled face.",
        "dodgy.seer_none": "The seer stone does not count for another player's statement.",
        "dodgy.choose": "You won: take one die from {name}'s hand.",
        "dodgy.choosing": "{winner} chooses a die from {loser}'s hand.",
        "dodgy.take": "Take this {face}",
        "dodgy.take_seer": "Take the seer stone ({face})",
        "dodgy.moved": "{winner} took a die from {loser}.",
        "dodgy.seer_moved": "{winner} also received the seer stone.",
        "dodgy.eliminated": "{names} eliminated.",
        "dodgy.log": "Statements this round",
        "dodgy.history": "Challenges",
        "dodgy.time_left": "Time left:",
        "dodgy.dice_in_play": "{n} dice in hands",
    },
    "fr": {
        "dodgy.face.bow": "arc", "dodgy.face.ship": "navire", "dodgy.face.sword": "épée",
        "dodgy.face.image4": "couronne", "dodgy.face.image5": "étoile", "dodgy.face.image6": "lune",
        "dodgy.round": "Manche {n}",
        "dodgy.your_dice": "Vos dés",
        "dodgy.hidden_dice": "{n} dés cachés",
        "dodgy.seer": "pierre de voyance",
        "dodgy.seer_holder": "a la pierre de voyance",
        "dodgy.seer_centre": "La pierre de voyance attend au centre : le premier joueur qui reçoit un dé la prend aussi.",
        "dodgy.out": "éliminé",
        "dodgy.to_state": "{name} fait la prochaine annonce.",
        "dodgy.you_state": "Votre annonce :",
        "dodgy.quantity": "Combien",
        "dodgy.image": "Image",
        "dodgy.state": "Annoncer",
        "dodgy.claim": "{name} : « Il y a {q} × {image} sur la table. »",
        "dodgy.claim_auto": "{name} a manqué de temps ; la table a annoncé {q} × {image}.",
        "dodgy.held": "Annonce faite ; elle attend que les autres aient pu crier DODGY.",
        "dodgy.held_other": "{name} a une annonce prête.",
        "dodgy.shout": "DODGY !",
        "dodgy.shout_for": "DODGY ! ({name})",
        "dodgy.accept": "Laisser passer",
        "dodgy.accepted": "{n} laissent passer",
        "dodgy.only_dodgy": "Aucune annonce plus haute n'est possible : vous devez crier DODGY.",
        "dodgy.reveal_title": "Révélation",
        "dodgy.reveal_line": "{challenger} a crié DODGY sur {q} × {image} de {stater}. Il y en a {count}.",
        "dodgy.reveal_timeout": "Le temps de {stater} est écoulé : DODGY sur {q} × {image} de {prev}. Il y en a {count}.",
        "dodgy.correct": "L'annonce était juste.",
        "dodgy.wrong": "L'annonce était DODGY.",
        "dodgy.seer_wild": "La pierre de voyance est joker pour l'annonce de son détenteur et compte.",
        "dodgy.seer_face": "La pierre de voyance compte selon sa face.",
        "dodgy.seer_none": "La pierre de voyance ne compte pas pour l'annonce d'un autre joueur.",
        "dodgy.choose": "Gagné : prenez un dé dans la main de {name}.",
        "dodgy.choosing": "{winner} choisit un dé dans la main de {loser}.",
        "dodgy.take": "Prendre ce dé ({face})",
        "dodgy.take_seer": "Prendre la pierre de voyance ({face})",
        "dodgy.moved": "{winner} a pris un dé à {loser}.",
        "dodgy.seer_moved": "{winner} reçoit aussi la pierre de voyance.",
        "dodgy.eliminated": "{names} éliminé(s).",
        "dodgy.log": "Annonces de la manche",
        "dodgy.history": "Défis",
        "dodgy.time_left": "Temps restant :",
        "dodgy.dice_in_play": "{n} dés en jeu",
    },
    "de": {
        "dodgy.face.bow": "Bogen", "dodgy.face.ship": "Schiff", "dodgy.face.sword": "Schwert",
        "dodgy.face.image4": "Krone", "dodgy.face.image5": "Stern", "dodgy.face.image6": "Mond",
        "dodgy.round": "Runde {n}",
        "dodgy.your_dice": "Deine Würfel",
        "dodgy.hidden_dice": "{n} verdeckte Würfel",
        "dodgy.seer": "Seherstein",
        "dodgy.seer_holder": "hat den Seherstein",
        "dodgy.seer_centre": "Der Seherstein liegt in der Mitte: Wer als Erster einen Würfel erhält, bekommt ihn dazu.",
        "dodgy.out": "ausgeschieden",
        "dodgy.to_state": "{name} macht die nächste Aussage.",
        "dodgy.you_state": "Deine Aussage:",
        "dodgy.quantity": "Wie viele",
        "dodgy.image": "Bild",
        "dodgy.state": "Aussagen",
        "dodgy.claim": "{name}: „Es liegen {q} × {image} auf dem Tisch.“",
        "dodgy.claim_auto": "{name} hatte keine Zeit mehr; der Tisch sagte {q} × {image}.",
        "dodgy.held": "Aussage gemacht; sie wartet, bis die anderen DODGY rufen konnten.",
        "dodgy.held_other": "{name} hat eine Aussage bereit.",
        "dodgy.shout": "DODGY!",
        "dodgy.shout_for": "DODGY! ({name})",
        "dodgy.accept": "Gelten lassen",
        "dodgy.accepted": "{n} lassen es gelten",
        "dodgy.only_dodgy": "Keine höhere Aussage möglich: du musst DODGY rufen.",
        "dodgy.reveal_title": "Aufdecken",
        "dodgy.reveal_line": "{challenger} rief DODGY bei {stater}s {q} × {image}. Es sind {count}.",
        "dodgy.reveal_timeout": "{stater}s Zeit lief ab: DODGY bei {prev}s {q} × {image}. Es sind {count}.",
        "dodgy.correct": "Die Aussage stimmte.",
        "dodgy.wrong": "Die Aussage war DODGY.",
        "dodgy.seer_wild": "Der Seherstein ist für die eigene Aussage seines Besitzers wild und zählt.",
        "dodgy.seer_face": "Der Seherstein zählt nach seinem Wurf.",
        "dodgy.seer_none": "Der Seherstein zählt nicht für die Aussage eines anderen.",
        "dodgy.choose": "Gewonnen: Nimm einen Würfel von {name}.",
        "dodgy.choosing": "{winner} wählt einen Würfel von {loser}.",
        "dodgy.take": "Diesen Würfel nehmen ({face})",
        "dodgy.take_seer": "Den Seherstein nehmen ({face})",
        "dodgy.moved": "{winner} nahm {loser} einen Würfel ab.",
        "dodgy.seer_moved": "{winner} erhält auch den Seherstein.",
        "dodgy.eliminated": "{names} ausgeschieden.",
        "dodgy.log": "Aussagen dieser Runde",
        "dodgy.history": "Herausforderungen",
        "dodgy.time_left": "Verbleibende Zeit:",
        "dodgy.dice_in_play": "{n} Würfel im Spiel",
    },
}


def wants_focus(update) -> bool:
    """Pass-and-play: the device goes to the seat on turn — the stater (even when its only
    move is to shout DODGY) or the winner choosing a die — not to a bystander."""
    v = update.get("view") or {}
    if v.get("phase") == "statement":
        return v.get("stater") == v.get("you") and bool(update.get("legal"))
    return bool(v.get("can_choose"))


def face_name(ctx, face) -> str:
    if face is None:
        return "?"
    key = f"dodgy.face.{face}"
    text = ctx.t(key)
    return str(face) if text == key else text


def face_svg(face):
    shapes = _ART.get(face)
    if not shapes:
        return h("span", str(face)[:3])
    return h("svg", [h(tag, **{k.replace("-", "_"): v for k, v in attrs.items()}) for tag, attrs in shapes],
             viewBox="0 0 32 32", aria_hidden="true", focusable="false")


def die(ctx, d, counted=False):
    """One die: its picture, its name for screen readers, the seer stone marked."""
    label = face_name(ctx, d.get("face"))
    if d.get("seer"):
        label = f"{ctx.t('dodgy.seer')}: {label}"
    cls = "die" + (" seer" if d.get("seer") else "") + (" counted" if counted else "")
    return h("li", face_svg(d.get("face")), cls=cls, role="img", aria_label=label, title=label)


def hidden_dice(ctx, n, seer=False):
    return h("ul", [h("li", cls="die hidden" + (" seer" if seer and i == n - 1 else ""), aria_hidden="true")
                    for i in range(n)], cls="dice", role="img", aria_label=ctx.t("dodgy.hidden_dice", n=n))


def claim_text(ctx, stmt):
    key = "dodgy.claim_auto" if stmt.get("auto") else "dodgy.claim"
    return ctx.t(key, name=ctx.name(stmt["seat"]), q=stmt["quantity"], image=face_name(ctx, stmt["image"]))


def render(ctx):
    v = ctx.view
    t = ctx.t
    if not v:
        return h("p", "…")
    me = v.get("you")
    parts = [h("p", h("strong", t("dodgy.round", n=v.get("round"))), " · ",
               t("dodgy.dice_in_play", n=v.get("dice_in_hands")), cls="status")]
    if v.get("seer") == "centre":
        parts.append(h("p", t("dodgy.seer_centre"), cls="muted"))

    # Everybody's dice: mine face up, the others' as counts (faces only once revealed).
    table = []
    for s in v.get("seats", []):
        seat = s["seat"]
        badges = [h("span", " ★ " + t("dodgy.seer_holder"), cls="seer-badge") if s.get("seer") else None,
                  h("span", " — " + t("dodgy.out"), cls="muted") if not s.get("active") else None]
        if seat == me:
            dice = h("ul", [die(ctx, d) for d in v.get("hand", [])], cls="dice", aria_label=t("dodgy.your_dice"),
                     id="my-dice")
        else:
            known = (v.get("known") or [[]] * (seat + 1))[seat] if seat < len(v.get("known") or []) else []
            dice = (h("ul", [die(ctx, d) for d in known], cls="dice") if known
                    else hidden_dice(ctx, s.get("dice", 0), s.get("seer")))
        table.append(h("li", h("div", ctx.marker(seat), " ", h("strong", ctx.name(seat)),
                               f" · {s.get('dice', 0)} ", badges),
                       dice, cls="panel player" + (" me" if seat == me else ""), data_seat=seat))
    parts.append(h("ul", table, cls="players", aria_label=t("play.players")))

    parts.append(turn_panel(ctx))
    if v.get("reveal"):
        parts.append(reveal_panel(ctx))
    parts.append(log_panel(ctx))
    return parts


def turn_panel(ctx):
    v = ctx.view
    t = ctx.t
    me = v.get("you")
    out = []
    cur = v.get("statement")
    deadline = v.get("deadline") or {}
    if cur:
        out.append(h("p", claim_text(ctx, cur), cls="claim", id="current-claim"))
    if v.get("phase") == "statement":
        stater = v.get("stater")
        pending = v.get("pending")
        if pending and pending.get("quantity") is not None:
            out.append(h("p", t("dodgy.held"), cls="muted", role="status"))
        elif pending:
            out.append(h("p", t("dodgy.held_other", name=ctx.name(pending.get("seat"))), cls="muted"))
        elif stater != me:
            out.append(h("p", t("dodgy.to_state", name=ctx.name(stater)), role="status"))
        if v.get("can_state"):
            out.append(statement_picker(ctx))
        elif stater == me and cur and any(a["type"] == "dodgy" for a in ctx.legal) and not pending:
            out.append(h("p", t("dodgy.only_dodgy"), cls="warn"))
    if deadline.get("at"):
        out.append(h("p", t("dodgy.time_left"), " ", ctx.countdown(deadline["at"]), cls="timer",
                     data_kind=deadline.get("kind")))
    buttons = []
    if v.get("can_dodgy"):
        buttons.append(h("button", t("dodgy.shout"), cls="danger big", id="shout-dodgy", data_key="shout",
                         on_click=lambda e: ctx.act(_find(ctx.legal, "dodgy"))))
    if v.get("can_accept"):
        buttons.append(h("button", t("dodgy.accept"), id="accept", data_key="accept",
                         on_click=lambda e: ctx.act(_find(ctx.legal, "accept"))))
    # Pass-and-play: every other player at this device may shout too, without seeing dice.
    for seat, up in ctx.others:
        act = _find(up.get("legal") or [], "dodgy")
        if act:
            buttons.append(h("button", t("dodgy.shout_for", name=ctx.name(seat)), cls="danger",
                             data_key=f"shout-{seat}", on_click=lambda e, a=act, s=seat: ctx.act(a, seat=s)))
    if buttons:
        out.append(h("div", buttons, cls="row actions"))
    if v.get("accepted"):
        out.append(h("p", t("dodgy.accepted", n=", ".join(ctx.name(s) for s in v["accepted"])), cls="muted"))
    if v.get("phase") == "choose":
        rev = v.get("reveal") or {}
        if v.get("can_choose"):
            out.append(choose_panel(ctx, rev))
        else:
            out.append(h("p", t("dodgy.choosing", winner=ctx.name(rev.get("winner")),
                                loser=ctx.name(rev.get("loser"))), role="status"))
    return h("section", out, cls="panel turn", aria_live="polite", id="turn")


def statement_picker(ctx):
    """Only legal claims: the quantities and images come from the legal list."""
    t = ctx.t
    claims = [a for a in ctx.legal if a["type"] == "state"]
    quantities = sorted({a["quantity"] for a in claims})
    images = []
    for a in claims:
        if a["image"] not in images:
            images.append(a["image"])
    ui = ctx.ui
    q = ui.get("dodgy.q") if ui.get("dodgy.q") in quantities else quantities[0]
    img = ui.get("dodgy.img") if ui.get("dodgy.img") in images else None
    qsel = h("select", [h("option", str(n), value=n, selected=n == q) for n in quantities], id="claim-quantity",
             on_change=lambda e: ui.__setitem__("dodgy.q", int(e.target.value)))
    img_buttons = [h("button", face_svg(im), " ", face_name(ctx, im), type="button",
                     cls="image-pick" + (" chosen" if im == img else ""), aria_pressed="true" if im == img else "false",
                     data_key=f"img-{im}", data_image=im,
                     on_click=lambda e, im=im: _pick_image(ctx, im)) for im in images]

    def submit(e):
        qq = ui.get("dodgy.q") if ui.get("dodgy.q") in quantities else quantities[0]
        im = ui.get("dodgy.img")
        action = next((a for a in claims if a["quantity"] == qq and a["image"] == im), None)
        if action is None:
            ctx.app.toast(t("dodgy.image"))
            return
        ui.pop("dodgy.img", None)
        ctx.act(action)
    return h("form", h("p", h("strong", t("dodgy.you_state"))),
             h("div", h("label", t("dodgy.quantity"), html_for="claim-quantity"), " ", qsel, cls="field"),
             h("div", h("span", t("dodgy.image"), id="img-label"),
               h("div", img_buttons, cls="row", role="group", aria_labelledby="img-label"), cls="field"),
             h("button", t("dodgy.state"), type="submit", cls="primary", id="make-claim", disabled=img is None),
             on_submit=submit, cls="claim-form", id="claim-form")


def _pick_image(ctx, image):
    ctx.ui["dodgy.img"] = image
    ctx.app.render()


def choose_panel(ctx, rev):
    t = ctx.t
    loser = rev.get("loser")
    buttons = []
    hand = (rev.get("hands") or [])[loser] if loser is not None else []
    faces = {d["id"]: d.get("face") for d in hand}
    for a in ctx.legal:
        if a["type"] != "choose":
            continue
        face = face_name(ctx, faces.get(a["die"]))
        seer = a["die"] == 20
        label = t("dodgy.take_seer", face=face) if seer else t("dodgy.take", face=face)
        buttons.append(h("button", face_svg(faces.get(a["die"])), cls="die" + (" seer" if seer else ""),
                         aria_label=label, title=label, data_key=f"take-{a['die']}", data_die=a["die"],
                         on_click=lambda e, a=a: ctx.act(a)))
    return h("div", h("p", t("dodgy.choose", name=ctx.name(loser))), h("div", buttons, cls="dice choose"),
             id="choose")


def reveal_panel(ctx):
    t = ctx.t
    v = ctx.view
    rev = v["reveal"]
    counted = set(rev.get("counted") or [])
    image = face_name(ctx, rev.get("image"))
    if rev.get("by_timeout"):
        line = t("dodgy.reveal_timeout", stater=ctx.name(rev.get("challenger")), prev=ctx.name(rev.get("stater")),
                 q=rev.get("quantity"), image=image, count=rev.get("count"))
    else:
        line = t("dodgy.reveal_line", challenger=ctx.name(rev.get("challenger")), stater=ctx.name(rev.get("stater")),
                 q=rev.get("quantity"), image=image, count=rev.get("count"))
    seer_note = {"wild": "dodgy.seer_wild", "rolled_face": "dodgy.seer_face", "none": "dodgy.seer_none"}.get(
        rev.get("seer_rule"))
    hands = []
    for seat, hand in enumerate(rev.get("hands") or []):
        if hand:
            hands.append(h("li", h("span", ctx.marker(seat), " ", ctx.name(seat)),
                           h("ul", [die(ctx, {"face": d["face"], "seer": d["id"] == 20}, counted=d["id"] in counted)
                                    for d in hand], cls="dice")))
    after = []
    if rev.get("chosen") is not None:
        after.append(t("dodgy.moved", winner=ctx.name(rev.get("winner")), loser=ctx.name(rev.get("loser"))))
        if rev.get("seer_from_centre"):
            after.append(t("dodgy.seer_moved", winner=ctx.name(rev.get("winner"))))
    if rev.get("eliminated"):
        after.append(t("dodgy.eliminated", names=", ".join(ctx.name(s) for s in rev["eliminated"])))
    return h("section", h("h2", t("dodgy.reveal_title")), h("p", line),
             h("p", h("strong", t("dodgy.correct") if rev.get("correct") else t("dodgy.wrong")), id="verdict"),
             h("p", t(seer_note), cls="muted") if seer_note else None,
             h("ul", hands, cls="reveal-hands"), h("p", " ".join(after)) if after else None,
             cls="panel reveal", id="reveal", aria_live="polite")


def log_panel(ctx):
    t = ctx.t
    v = ctx.view
    items = [h("li", claim_text(ctx, s)) for s in v.get("statements") or []]
    hist = []
    for c in reversed(v.get("history") or []):
        hist.append(h("li", t("dodgy.round", n=c.get("round")), ": ",
                      t("dodgy.reveal_line", challenger=ctx.name(c.get("challenger")), stater=ctx.name(c.get("stater")),
                        q=c.get("quantity"), image=face_name(ctx, c.get("image")), count=c.get("count")), " ",
                      t("dodgy.correct") if c.get("correct") else t("dodgy.wrong")))
    return h("div", h("section", h("h2", t("dodgy.log")), h("ol", items, cls="log", id="statements"), cls="panel"),
             h("section", h("h2", t("dodgy.history")), h("ol", hist, cls="log", id="history"), cls="panel"),
             cls="row logs")


def _find(legal, kind):
    return next((a for a in legal if a.get("type") == kind), None)
