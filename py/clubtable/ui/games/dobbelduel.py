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
(:func:`clubtable.games.dobbelduel.notebook`).  Whoever is not breaking (the maker watching
the computer, a spectator) sees the count of codes left after every effort.

Everything shown comes from ``ctx.view`` (this seat's projection) and ``ctx.legal``; the
other local seats' updates (``ctx.others``, pass-and-play) are never drawn, so the maker's
code cannot appear on the breaker's turn.
"""
from __future__ import annotations

from .. import dom
from ..dom import h
from ...games.dobbelduel import solver

COLOUR_HEX = {"blue": "#0072b2", "red": "#d55e00", "yellow": "#f0e442", "green": "#009e73"}
COLOUR_SYM = {"blue": "●", "red": "▲", "yellow": "■", "green": "◆"}
PIP_ON = {"yellow": "#1d1d1f"}            # pips on a coloured die: white, black on yellow
PIPS = {1: [(16, 16)], 2: [(9, 9), (23, 23)], 3: [(9, 9), (16, 16), (23, 23)],
        4: [(9, 9), (23, 9), (9, 23), (23, 23)], 5: [(9, 9), (23, 9), (16, 16), (9, 23), (23, 23)],
        6: [(9, 8), (23, 8), (9, 16), (23, 16), (9, 24), (23, 24)]}
PEG_SYM = {"eq": "=", "plus": "+", "minus": "−", "none": "·"}
PEG_CYCLE = ("none", "eq", "plus", "minus")
MAX_EFFORTS = 7

TEXTS = {
    "en": {
        "dd.colour.blue": "blue", "dd.colour.red": "red", "dd.colour.yellow": "yellow", "dd.colour.green": "green",
        "dd.match": "Match {n} of {total}",
        "dd.roles": "Code breaker: {breaker} · code maker: {maker}.",
        "dd.you_break": "You are the code breaker.",
        "dd.you_make": "You are the code maker.",
        "dd.board": "Board of match {n}",
        "dd.row": "Row",
        "dd.pegs": "Pegs",
        "dd.left": "Codes left",
        "dd.code_row": "Code",
        "dd.screen": "Screen",
        "dd.screen_hidden": "The code is hidden behind the screen.",
        "dd.your_code": "Your code, behind the screen: {name} cannot see it.",
        "dd.code_die": "code, {colour} column: {v}",
        "dd.row_solution": "1 · solution",
        "dd.row_effort": "{row} · effort {n}",
        "dd.solution_die": "solution, {colour} column: {v}",
        "dd.white_die": "white die {v}",
        "dd.empty": "empty",
        "dd.right": "right",
        "dd.wrong": "wrong",
        "dd.pegs_label": "{eq} equal, {plus} higher, {minus} lower",
        "dd.pegs_waiting": "waiting for the code maker's pegs",
        "dd.true_pegs": "pegs wrong; true: {text}",
        "dd.legend": "Pegs: = a die shows the right value · + the code is higher · − the code is lower. "
                     "They never say which die they belong to.",
        "dd.supply": "White dice left: {n}",
        "dd.roll": "Roll {n} white dice",
        "dd.rolled": "Rolled dice",
        "dd.rolled_by": "{name} rolled: {values}",
        "dd.place_help": "Choose a rolled die, then a column of row {row} (or press 1–4 on a die, or drag it "
                         "onto a column). Dice you do not place go back to the supply; each unused die is worth "
                         "a point.",
        "dd.tray_die": "White die {v}. Press to choose it; press 1 to 4 to put it on that column.",
        "dd.tray_die_chosen": "White die {v}, chosen. Now choose a column.",
        "dd.slot_empty": "Row {row}, {colour} column: empty",
        "dd.slot_put": "Put the chosen die ({v}) on the {colour} column of row {row}",
        "dd.slot_with": "Row {row}, {colour} column: white die {v}. Press to take it back.",
        "dd.confirm": "Confirm this effort ({n} dice)",
        "dd.clear": "Take the dice back",
        "dd.your_turn": "Roll the white dice for your next effort, or fill in the solution row.",
        "dd.must_solve": "No efforts are left: fill in the solution row.",
        "dd.waiting_roll": "{name} may roll the white dice or fill in the solution row.",
        "dd.waiting_place": "{name} is placing white dice.",
        "dd.waiting_feedback": "Waiting for {name} to set the pegs.",
        "dd.waiting_solve": "{name} must fill in the solution row now.",
        "dd.solution_title": "Your solution",
        "dd.solution_value": "Value for the {colour} column",
        "dd.solve": "Place the solution",
        "dd.solve_worth": "If it is right now, it is worth {points} points.",
        "dd.solve_sure": "Once row 1 is filled the screen drops and the match ends. Place {code}?",
        "dd.solve_yes": "Yes, drop the screen",
        "dd.solve_no": "Not yet",
        "dd.feedback_you": "Set one peg per placed die ({n} in all): = right value, + the code is higher, "
                           "− the code is lower. Press a peg to change it.",
        "dd.peg.none": "no peg", "dd.peg.eq": "equal", "dd.peg.plus": "higher", "dd.peg.minus": "lower",
        "dd.feedback_peg": "Peg {i}: {state}. Press to change.",
        "dd.give_feedback": "Give this feedback",
        "dd.reveal_title": "Match {n}: the screen drops",
        "dd.broken": "Code broken!",
        "dd.not_broken": "Not broken: no points this match.",
        "dd.wrong_feedback": "The code maker's pegs were wrong in effort {n}: {name} scores as if the code "
                             "had been broken then.",
        "dd.line.base": "Breaking the code",
        "dd.line.empty_rows": "Empty effort rows: {count} × {each}",
        "dd.line.unused_dice": "Unused white dice: {count} × {each}",
        "dd.total": "Points for {name}",
        "dd.next_match": "On to match {n}",
        "dd.scores": "Scores",
        "dd.score_match": "Match {n} · {name} breaks",
        "dd.points": "{n} points",
        "dd.totals": "Total",
        "dd.notebook_toggle": "Show the breaker's notebook",
        "dd.notebook": "Breaker's notebook",
        "dd.notebook_hint": "Worked out from the board only: the efforts and their pegs.",
        "dd.notebook_count": "Codes still possible: {n}",
        "dd.notebook_contra": "The pegs contradict each other: some feedback must be wrong.",
        "dd.notebook_values": "{colour}: {values}",
        "dd.value_in": "{v} possible",
        "dd.value_out": "{v} ruled out",
        "dd.notebook_list": "The possible codes",
        "dd.watch": "{name} has {n} possible codes left.",
        "dd.over": "The game is over.",
        "dd.last_effort": "Effort {n}: {pegs}.",
    },
    "fr": {
        "dd.colour.blue": "bleu", "dd.colour.red": "rouge", "dd.colour.yellow": "jaune", "dd.colour.green": "vert",
        "dd.match": "Manche {n} sur {total}",
        "dd.roles": "Décodeur : {breaker} · codeur : {maker}.",
        "dd.you_break": "Vous cherchez le code.",
        "dd.you_make": "Le code est le vôtre.",
        "dd.board": "Plateau de la manche {n}",
        "dd.row": "Rangée",
        "dd.pegs": "Fiches",
        "dd.left": "Codes restants",
        "dd.code_row": "Code",
        "dd.screen": "Écran",
        "dd.screen_hidden": "Le code est caché derrière l'écran.",
        "dd.your_code": "Votre code, derrière l'écran : {name} ne le voit pas.",
        "dd.code_die": "code, colonne {colour} : {v}",
        "dd.row_solution": "1 · solution",
        "dd.row_effort": "{row} · essai {n}",
        "dd.solution_die": "solution, colonne {colour} : {v}",
        "dd.white_die": "dé blanc {v}",
        "dd.empty": "vide",
        "dd.right": "juste",
        "dd.wrong": "faux",
        "dd.pegs_label": "{eq} égal, {plus} plus haut, {minus} plus bas",
        "dd.pegs_waiting": "en attente des fiches du codeur",
        "dd.true_pegs": "fiches fausses ; en vrai : {text}",
        "dd.legend": "Fiches : = un dé a la bonne valeur · + le code est plus haut · − le code est plus bas. "
                     "Elles ne disent jamais à quel dé elles se rapportent.",
        "dd.supply": "Dés blancs restants : {n}",
        "dd.roll": "Lancer {n} dés blancs",
        "dd.rolled": "Dés lancés",
        "dd.rolled_by": "{name} a lancé : {values}",
        "dd.place_help": "Choisissez un dé lancé, puis une colonne de la rangée {row} (ou tapez 1 à 4 sur un dé, "
                         "ou faites-le glisser sur une colonne). Les dés non posés retournent à la réserve ; "
                         "chaque dé inutilisé vaut un point.",
        "dd.tray_die": "Dé blanc {v}. Appuyez pour le choisir ; tapez 1 à 4 pour le poser sur cette colonne.",
        "dd.tray_die_chosen": "Dé blanc {v}, choisi. Choisissez maintenant une colonne.",
        "dd.slot_empty": "Rangée {row}, colonne {colour} : vide",
        "dd.slot_put": "Poser le dé choisi ({v}) sur la colonne {colour} de la rangée {row}",
        "dd.slot_with": "Rangée {row}, colonne {colour} : dé blanc {v}. Appuyez pour le reprendre.",
        "dd.confirm": "Valider cet essai ({n} dés)",
        "dd.clear": "Reprendre les dés",
        "dd.your_turn": "Lancez les dés blancs pour votre prochain essai, ou remplissez la rangée de solution.",
        "dd.must_solve": "Plus d'essai possible : remplissez la rangée de solution.",
        "dd.waiting_roll": "{name} peut lancer les dés blancs ou remplir la rangée de solution.",
        "dd.waiting_place": "{name} pose des dés blancs.",
        "dd.waiting_feedback": "En attente des fiches de {name}.",
        "dd.waiting_solve": "{name} doit maintenant remplir la rangée de solution.",
        "dd.solution_title": "Votre solution",
        "dd.solution_value": "Valeur pour la colonne {colour}",
        "dd.solve": "Poser la solution",
        "dd.solve_worth": "Si elle est juste maintenant, elle vaut {points} points.",
        "dd.solve_sure": "Une fois la rangée 1 remplie, l'écran tombe et la manche se termine. Poser {code} ?",
        "dd.solve_yes": "Oui, baisser l'écran",
        "dd.solve_no": "Pas encore",
        "dd.feedback_you": "Posez une fiche par dé placé ({n} en tout) : = bonne valeur, + le code est plus haut, "
                           "− le code est plus bas. Appuyez sur une fiche pour la changer.",
        "dd.peg.none": "pas de fiche", "dd.peg.eq": "égal", "dd.peg.plus": "plus haut", "dd.peg.minus": "plus bas",
        "dd.feedback_peg": "Fiche {i} : {state}. Appuyez pour changer.",
        "dd.give_feedback": "Donner ces fiches",
        "dd.reveal_title": "Manche {n} : l'écran tombe",
        "dd.broken": "Code trouvé !",
        "dd.not_broken": "Code non trouvé : aucun point cette manche.",
        "dd.wrong_feedback": "Les fiches du codeur étaient fausses à l'essai {n} : {name} marque comme s'il avait "
                             "trouvé le code à ce moment-là.",
        "dd.line.base": "Code trouvé",
        "dd.line.empty_rows": "Rangées d'essai vides : {count} × {each}",
        "dd.line.unused_dice": "Dés blancs inutilisés : {count} × {each}",
        "dd.total": "Points pour {name}",
        "dd.next_match": "Passer à la manche {n}",
        "dd.scores": "Scores",
        "dd.score_match": "Manche {n} · {name} cherche",
        "dd.points": "{n} points",
        "dd.totals": "Total",
        "dd.notebook_toggle": "Afficher le carnet du décodeur",
        "dd.notebook": "Carnet du décodeur",
        "dd.notebook_hint": "Déduit du plateau seulement : les essais et leurs fiches.",
        "dd.notebook_count": "Codes encore possibles : {n}",
        "dd.notebook_contra": "Les fiches se contredisent : une réponse doit être fausse.",
        "dd.notebook_values": "{colour} : {values}",
        "dd.value_in": "{v} possible",
        "dd.value_out": "{v} exclu",
        "dd.notebook_list": "Les codes possibles",
        "dd.watch": "Il reste {n} codes possibles à {name}.",
        "dd.over": "La partie est terminée.",
        "dd.last_effort": "Essai {n} : {pegs}.",
    },
    "de": {
        "dd.colour.blue": "blau", "dd.colour.red": "rot", "dd.colour.yellow": "gelb", "dd.colour.green": "grün",
        "dd.match": "Durchgang {n} von {total}",
        "dd.roles": "Codeknacker: {breaker} · Codemacher: {maker}.",
        "dd.you_break": "Du knackst den Code.",
        "dd.you_make": "Der Code ist deiner.",
        "dd.board": "Spielplan von Durchgang {n}",
        "dd.row": "Reihe",
        "dd.pegs": "Stecker",
        "dd.left": "Codes übrig",
        "dd.code_row": "Code",
        "dd.screen": "Sichtschirm",
        "dd.screen_hidden": "Der Code liegt verdeckt hinter dem Sichtschirm.",
        "dd.your_code": "Dein Code hinter dem Sichtschirm: {name} sieht ihn nicht.",
        "dd.code_die": "Code, Spalte {colour}: {v}",
        "dd.row_solution": "1 · Lösung",
        "dd.row_effort": "{row} · Versuch {n}",
        "dd.solution_die": "Lösung, Spalte {colour}: {v}",
        "dd.white_die": "weißer Würfel {v}",
        "dd.empty": "leer",
        "dd.right": "richtig",
        "dd.wrong": "falsch",
        "dd.pegs_label": "{eq} gleich, {plus} höher, {minus} niedriger",
        "dd.pegs_waiting": "wartet auf die Stecker des Codemachers",
        "dd.true_pegs": "Stecker falsch; richtig wäre: {text}",
        "dd.legend": "Stecker: = ein Würfel zeigt den richtigen Wert · + der Code ist höher · − der Code ist "
                     "niedriger. Sie sagen nie, zu welchem Würfel sie gehören.",
        "dd.supply": "Weiße Würfel übrig: {n}",
        "dd.roll": "{n} weiße Würfel werfen",
        "dd.rolled": "Geworfene Würfel",
        "dd.rolled_by": "{name} hat geworfen: {values}",
        "dd.place_help": "Wähle einen geworfenen Würfel, dann eine Spalte von Reihe {row} (oder drücke 1–4 auf "
                         "einem Würfel, oder zieh ihn auf eine Spalte). Nicht gesetzte Würfel gehen zurück in den "
                         "Vorrat; jeder unbenutzte Würfel bringt einen Punkt.",
        "dd.tray_die": "Weißer Würfel {v}. Drücken zum Wählen; 1 bis 4 setzt ihn auf diese Spalte.",
        "dd.tray_die_chosen": "Weißer Würfel {v}, gewählt. Wähle jetzt eine Spalte.",
        "dd.slot_empty": "Reihe {row}, Spalte {colour}: leer",
        "dd.slot_put": "Den gewählten Würfel ({v}) auf die Spalte {colour} von Reihe {row} setzen",
        "dd.slot_with": "Reihe {row}, Spalte {colour}: weißer Würfel {v}. Drücken zum Zurücknehmen.",
        "dd.confirm": "Diesen Versuch bestätigen ({n} Würfel)",
        "dd.clear": "Würfel zurücknehmen",
        "dd.your_turn": "Wirf die weißen Würfel für deinen nächsten Versuch, oder fülle die Lösungsreihe aus.",
        "dd.must_solve": "Keine Versuche mehr: fülle die Lösungsreihe aus.",
        "dd.waiting_roll": "{name} darf die weißen Würfel werfen oder die Lösungsreihe ausfüllen.",
        "dd.waiting_place": "{name} setzt weiße Würfel.",
        "dd.waiting_feedback": "Warten auf die Stecker von {name}.",
        "dd.waiting_solve": "{name} muss jetzt die Lösungsreihe ausfüllen.",
        "dd.solution_title": "Deine Lösung",
        "dd.solution_value": "Wert für die Spalte {colour}",
        "dd.solve": "Lösung setzen",
        "dd.solve_worth": "Wenn sie jetzt stimmt, bringt sie {points} Punkte.",
        "dd.solve_sure": "Ist Reihe 1 gefüllt, fällt der Sichtschirm und der Durchgang endet. {code} setzen?",
        "dd.solve_yes": "Ja, Sichtschirm runter",
        "dd.solve_no": "Noch nicht",
        "dd.feedback_you": "Setze einen Stecker je gesetztem Würfel ({n} insgesamt): = richtiger Wert, + der Code "
                           "ist höher, − der Code ist niedriger. Drücke einen Stecker, um ihn zu ändern.",
        "dd.peg.none": "kein Stecker", "dd.peg.eq": "gleich", "dd.peg.plus": "höher", "dd.peg.minus": "niedriger",
        "dd.feedback_peg": "Stecker {i}: {state}. Drücken zum Ändern.",
        "dd.give_feedback": "Diese Stecker geben",
        "dd.reveal_title": "Durchgang {n}: der Sichtschirm fällt",
        "dd.broken": "Code geknackt!",
        "dd.not_broken": "Nicht geknackt: keine Punkte in diesem Durchgang.",
        "dd.wrong_feedback": "Die Stecker des Codemachers waren in Versuch {n} falsch: {name} punktet, als wäre "
                             "der Code da geknackt worden.",
        "dd.line.base": "Code geknackt",
        "dd.line.empty_rows": "Leere Versuchsreihen: {count} × {each}",
        "dd.line.unused_dice": "Unbenutzte weiße Würfel: {count} × {each}",
        "dd.total": "Punkte für {name}",
        "dd.next_match": "Weiter zu Durchgang {n}",
        "dd.scores": "Punkte",
        "dd.score_match": "Durchgang {n} · {name} knackt",
        "dd.points": "{n} Punkte",
        "dd.totals": "Summe",
        "dd.notebook_toggle": "Notizblock des Codeknackers zeigen",
        "dd.notebook": "Notizblock des Codeknackers",
        "dd.notebook_hint": "Nur aus dem Spielplan berechnet: den Versuchen und ihren Steckern.",
        "dd.notebook_count": "Noch mögliche Codes: {n}",
        "dd.notebook_contra": "Die Stecker widersprechen sich: eine Antwort muss falsch sein.",
        "dd.notebook_values": "{colour}: {values}",
        "dd.value_in": "{v} möglich",
        "dd.value_out": "{v} ausgeschlossen",
        "dd.notebook_list": "Die möglichen Codes",
        "dd.watch": "{name} hat noch {n} mögliche Codes.",
        "dd.over": "Das Spiel ist aus.",
        "dd.last_effort": "Versuch {n}: {pegs}.",
    },
}

_drag_listening = [False]


def _listen_drag() -> None:
    """Drag and drop of rolled dice: the shell delegates click/input/change/submit/keydown;
    the drag events go through the same delegating dispatcher, installed once."""
    if not _drag_listening[0]:
        _drag_listening[0] = True
        dom.listen(None, events=("dragstart", "dragover", "drop"))


# --------------------------------------------------------------------------- pictures
def die_svg(value, colour=None):
    """A die face: white with black pips, or a coloured code die (white pips, black on yellow)."""
    fill = COLOUR_HEX.get(colour, "#ffffff")
    pip = PIP_ON.get(colour, "#ffffff") if colour else "#1d1d1f"
    shapes = [h("rect", x="1.5", y="1.5", width="29", height="29", rx="6", fill=fill, stroke="#333",
                stroke_width="2")]
    for cx, cy in PIPS.get(value, []):
        shapes.append(h("circle", cx=str(cx), cy=str(cy), r="3", fill=pip))
    return h("svg", shapes, viewBox="0 0 32 32", aria_hidden="true", focusable="false")


def colour_name(ctx, colour) -> str:
    key = f"dd.colour.{colour}"
    text = ctx.t(key)
    return str(colour) if text == key else text


def colour_tag(ctx, colour):
    return h("span", h("span", COLOUR_SYM.get(colour, "?"), cls=f"dd-sym dd-c-{colour}", aria_hidden="true"),
             " ", colour_name(ctx, colour), cls="dd-colour")


def white_die(ctx, v, extra=""):
    label = ctx.t("dd.white_die", v=v)
    return h("span", die_svg(v), cls="dd-die dd-white" + extra, role="img", aria_label=label, title=label,
             data_value=v)


def code_die(ctx, v, colour, key="dd.code_die", extra=""):
    label = ctx.t(key, colour=colour_name(ctx, colour), v=v)
    return h("span", die_svg(v, colour), h("span", COLOUR_SYM.get(colour, ""), cls="dd-die-sym", aria_hidden="true"),
             cls=f"dd-die dd-coloured dd-c-{colour}" + extra, role="img", aria_label=label, title=label,
             data_value=v)


def pegs_text(ctx, fb) -> str:
    return ctx.t("dd.pegs_label", eq=fb["eq"], plus=fb["plus"], minus=fb["minus"])


def pegs(ctx, fb):
    """The four feedback buttons beside a row: '=' then '+' then '−', the rest neutral."""
    if fb is None:
        return h("span", [h("span", "…", cls="dd-peg dd-peg-none") for _ in range(4)], cls="dd-pegs",
                 role="img", aria_label=ctx.t("dd.pegs_waiting"))
    kinds = ["eq"] * fb["eq"] + ["plus"] * fb["plus"] + ["minus"] * fb["minus"]
    kinds += ["none"] * (4 - len(kinds))
    label = pegs_text(ctx, fb)
    return h("span", [h("span", PEG_SYM[k], cls=f"dd-peg dd-peg-{k}", aria_hidden="true") for k in kinds],
             cls="dd-pegs", role="img", aria_label=label, title=label,
             data_eq=fb["eq"], data_plus=fb["plus"], data_minus=fb["minus"])


# --------------------------------------------------------------------------- helpers
def _find(legal, kind):
    return next((a for a in legal if a.get("type") == kind), None)


def counts_after_rows(board) -> list:
    """Codes still possible after each effort (public board only); None while a row waits
    for its pegs."""
    codes = solver.ALL
    out = []
    for r in board.get("rows") or []:
        if r.get("feedback") is None:
            out.append(None)
            continue
        codes = solver.partition(codes, r["dice"]).get(solver.feedback_key(r["feedback"]), 0)
        out.append(codes.bit_count())
    return out


def _plan(ctx, v, board):
    """The breaker's placement being prepared: rolled-die index per column; reset per roll."""
    ui = ctx.ui
    key = f"{v.get('match')}-{board.get('efforts_used')}-{board.get('rolled')}"
    if ui.get("dd.plan_key") != key:
        ui["dd.plan_key"] = key
        ui["dd.plan"] = [None] * 4
        ui["dd.sel"] = None
    return ui["dd.plan"]


def _unplaced(plan, rolled) -> list:
    return [i for i in range(len(rolled)) if i not in plan]


def _put(ctx, col, index=None):
    plan = ctx.ui.get("dd.plan") or [None] * 4
    i = ctx.ui.get("dd.sel") if index is None else index
    if i is None:
        if plan[col] is not None:            # take a placed die back to the tray
            plan[col] = None
            ctx.app.render()
        return
    for c in range(4):                       # a die sits on one column only
        if plan[c] == i:
            plan[c] = None
    plan[col] = i
    ctx.ui["dd.sel"] = None
    ctx.app.render()


def _choose(ctx, i):
    ctx.ui["dd.sel"] = None if ctx.ui.get("dd.sel") == i else i
    ctx.app.render()


def _die_key(ctx, event, i):
    key = str(event.key)
    if key in ("1", "2", "3", "4"):
        event.preventDefault()
        _put(ctx, int(key) - 1, index=i)
        rest = [x for x in range(len(ctx.view["board"]["rolled"] or [])) if x not in ctx.ui["dd.plan"]]
        dom.focus(f'[data-key="dd-die-{rest[0]}"]' if rest else "#dd-confirm")


def _drag_start(ctx, event, i):
    ctx.ui["dd.sel"] = i                     # no re-render: it would cancel the drag
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
    ctx.ui["dd.plan"] = [None] * 4
    ctx.ui["dd.sel"] = None
    ctx.app.render()


def _confirm(ctx, rolled):
    plan = ctx.ui.get("dd.plan") or [None] * 4
    row = [rolled[i] if i is not None else None for i in plan]
    ctx.ui["dd.sel"] = None
    _focus_after(ctx, ("#dd-roll", "#dd-sol-0", "#dd-status"))
    ctx.act({"type": "place", "row": row})


def _roll(ctx):
    _focus_after(ctx, ('[data-key="dd-die-0"]', "#dd-status"))
    ctx.act({"type": "roll"})


def _focus_after(ctx, selectors):
    """Keyboard users keep their place: once the action's update has arrived (now on the
    host's device, a moment later for a guest), focus the first of ``selectors`` there is."""
    v = ctx.view
    ctx.ui["dd.focus"] = (_moment(v), list(selectors))


def _moment(v):
    b = v.get("board") or {}
    return [v.get("match"), v.get("phase"), b.get("efforts_used"), b.get("rolled")]


def _focus_first(selectors):
    from pyscript import document
    for sel in selectors:
        el = document.querySelector(sel)
        if el:
            el.focus()
            return


def _pending_focus(ctx):
    want = ctx.ui.get("dd.focus")
    if want and want[0] != _moment(ctx.view):
        ctx.ui.pop("dd.focus", None)
        dom.later(0, lambda: _focus_first(want[1]))


def _solution(ctx, v):
    ui = ctx.ui
    if ui.get("dd.sol_key") != v.get("match"):
        ui["dd.sol_key"] = v.get("match")
        ui["dd.sol"] = [None] * 4
        ui["dd.sure"] = False
    return ui["dd.sol"]


def _set_sol(ctx, col, raw):
    ctx.ui["dd.sol"][col] = int(raw) if raw.isdigit() else None
    ctx.ui["dd.sure"] = False
    ctx.app.render()


def _sure(ctx, flag):
    ctx.ui["dd.sure"] = flag
    ctx.app.render()
    dom.focus("#dd-solve-confirm" if flag else "#dd-solve")


def _solve(ctx):
    code = list(ctx.ui.get("dd.sol") or [])
    ctx.ui["dd.sure"] = False
    _focus_after(ctx, ("#dd-next", "#dd-status"))
    ctx.act({"type": "solve", "code": code})


def _pegs_state(ctx, v, board):
    ui = ctx.ui
    key = f"{v.get('match')}-{board.get('efforts_used')}"
    if ui.get("dd.fb_key") != key:
        ui["dd.fb_key"] = key
        ui["dd.fb"] = ["none"] * 4
    return ui["dd.fb"]


def _cycle_peg(ctx, i):
    fb = ctx.ui["dd.fb"]
    fb[i] = PEG_CYCLE[(PEG_CYCLE.index(fb[i]) + 1) % len(PEG_CYCLE)]
    ctx.app.render()


def _give_feedback(ctx):
    fb = ctx.ui.get("dd.fb") or []
    _focus_after(ctx, ("#dd-status",))
    ctx.act({"type": "feedback", "eq": fb.count("eq"), "plus": fb.count("plus"), "minus": fb.count("minus")})


def _toggle_notebook(ctx, event):
    ctx.ui[f"dd.notebook.{ctx.seat}"] = bool(event.target.checked)
    ctx.app.render()


def _next_match(ctx, shown):
    ctx.ui[f"dd.seen.{ctx.seat}"] = shown
    ctx.app.render()
    _focus_first(("#dd-roll", "#dd-sol-0", "#dd-status"))


# --------------------------------------------------------------------------- render
def render(ctx):
    v = ctx.view
    t = ctx.t
    if not v or not v.get("board"):
        return h("p", "…")
    _listen_drag()
    _pending_focus(ctx)
    history = v.get("history") or []
    # A match just ended: its revealed board stays up until the player moves on.
    seen = ctx.ui.get(f"dd.seen.{ctx.seat}", -1)
    if v.get("phase") != "over" and history and seen < len(history) - 1:
        idx = len(history) - 1
        board = history[idx]
        return [head(ctx, idx, board),
                h("div", h("div", board_table(ctx, board, idx, interactive=False), cls="dd-main"),
                  h("div", reveal_panel(ctx, board, idx,
                                        h("button", t("dd.next_match", n=v["match"] + 1), cls="primary big",
                                          id="dd-next", on_click=lambda e: _next_match(ctx, idx))),
                    scores_panel(ctx), cls="dd-side"), cls="dd-layout")]
    board = v["board"]
    idx = v.get("match", 0)
    side = [reveal_panel(ctx, board, idx, None) if board.get("revealed") else controls(ctx, board),
            notebook_panel(ctx, board), scores_panel(ctx)]
    return [head(ctx, idx, board), status_line(ctx, board),
            h("div", h("div", board_table(ctx, board, idx, interactive=True), cls="dd-main"),
              h("div", side, cls="dd-side"), cls="dd-layout")]


def head(ctx, idx, board):
    v = ctx.view
    t = ctx.t
    me = v.get("you")
    who = t("dd.roles", breaker=ctx.name(board["breaker"]), maker=ctx.name(board["maker"]))
    mine = None
    if me is not None and me == board["breaker"]:
        mine = t("dd.you_break")
    elif me is not None and me == board["maker"]:
        mine = t("dd.you_make")
    return h("div", h("strong", t("dd.match", n=idx + 1, total=v.get("n_matches", 2))), " · ",
             ctx.marker(board["breaker"]), " ", who, " ", h("strong", mine) if mine else None,
             cls="dd-head", id="dd-head", data_match=idx, data_role=(
                 "breaker" if me == board["breaker"] else "maker" if me == board["maker"] else "watcher"))


def status_line(ctx, board):
    v = ctx.view
    t = ctx.t
    me = v.get("you")
    phase = v.get("phase")
    breaker, maker = board["breaker"], board["maker"]
    msg = None
    if phase == "over":
        msg = t("dd.over")
    elif phase == "ready":
        msg = t("dd.your_turn") if me == breaker else t("dd.waiting_roll", name=ctx.name(breaker))
    elif phase == "rolled":
        if me == breaker:
            msg = t("dd.place_help", row=board["efforts_used"] + 2)
        else:
            msg = " ".join([t("dd.rolled_by", name=ctx.name(breaker),
                              values=", ".join(str(x) for x in board.get("rolled") or [])),
                            t("dd.waiting_place", name=ctx.name(breaker))])
    elif phase == "feedback":
        if me == maker:
            n = (board["rows"][-1] or {}).get("placed", 0)
            msg = t("dd.feedback_you", n=n)
        else:
            msg = t("dd.waiting_feedback", name=ctx.name(maker))
    elif phase == "must_solve":
        msg = t("dd.must_solve") if me == breaker else t("dd.waiting_solve", name=ctx.name(breaker))
    rows = board.get("rows") or []
    if phase in ("ready", "must_solve") and rows and rows[-1].get("feedback"):
        msg = t("dd.last_effort", n=len(rows), pegs=pegs_text(ctx, rows[-1]["feedback"])) + " " + msg
    extra = None
    if me != breaker and phase != "over":
        counts = [c for c in counts_after_rows(board) if c is not None]
        n = counts[-1] if counts else 1296
        extra = h("span", " ", t("dd.watch", name=ctx.name(breaker), n=n), id="dd-watch", data_count=n)
    return h("p", msg, extra, cls="dd-status", id="dd-status", role="status", aria_live="polite", tabindex="-1",
             data_phase=phase)


def board_table(ctx, board, idx, interactive):
    """The board as on the table: the screen and the code, row 1, rows 2–8 with pegs."""
    v = ctx.view
    t = ctx.t
    me = v.get("you")
    columns = v.get("columns") or list(COLOUR_HEX)
    breaker = board["breaker"]
    revealed = board.get("revealed")
    show_counts = ctx.ui.get(f"dd.notebook.{ctx.seat}") or me != breaker or revealed
    counts = counts_after_rows(board) if show_counts else None
    legal = ctx.legal if interactive else []
    placing = interactive and me == breaker and board.get("phase") == "rolled" and _find(legal, "place")
    solving = interactive and me == breaker and _find(legal, "solve") is not None
    feedbacking = interactive and _find(legal, "feedback") is not None

    head_cells = [h("th", t("dd.row"), scope="col")]
    head_cells += [h("th", colour_tag(ctx, c), scope="col", cls=f"dd-col dd-c-{c}") for c in columns]
    head_cells.append(h("th", t("dd.pegs"), scope="col"))
    if show_counts:
        head_cells.append(h("th", t("dd.left"), scope="col"))
    width = len(head_cells)

    body = []
    # The screen over the code.
    code = board.get("code")
    first_show = revealed and ctx.ui.get(f"dd.dropped.{idx}") is None
    if first_show:
        ctx.ui[f"dd.dropped.{idx}"] = True
    if code is not None:
        cells = [h("td", code_die(ctx, code[c], columns[c]), cls="dd-cell") for c in range(4)]
        note = None if revealed else h("td", t("dd.your_code", name=ctx.name(breaker)), colspan=str(width - 5),
                                       cls="dd-note")
        body.append(h("tr", h("th", t("dd.code_row"), scope="row"), cells, note or h("td", colspan=str(width - 5)),
                      cls="dd-code-row" + (" dd-revealed" if revealed else " dd-behind") +
                      (" dd-drop" if first_show else ""), id=f"dd-code-{idx}",
                      data_code=",".join(str(x) for x in code)))
    else:
        body.append(h("tr", h("th", t("dd.code_row"), scope="row"),
                      h("td", h("div", t("dd.screen"), cls="dd-screen", role="img",
                                aria_label=t("dd.screen_hidden")), colspan="4"),
                      h("td", colspan=str(width - 5)), cls="dd-code-row dd-hidden", id=f"dd-code-{idx}"))

    # Row 1: the solution.
    sol = board.get("solution")
    sol_cells = []
    if sol is not None:
        for c in range(4):
            mark = None
            if code is not None and revealed:
                ok = sol[c] == code[c]
                mark = h("span", "✓" if ok else "✗", cls="dd-mark " + ("dd-ok" if ok else "dd-bad"),
                         title=t("dd.right") if ok else t("dd.wrong"), aria_label=t("dd.right") if ok else t("dd.wrong"),
                         role="img")
            sol_cells.append(h("td", code_die(ctx, sol[c], columns[c], key="dd.solution_die"), mark, cls="dd-cell"))
    elif solving:
        chosen = _solution(ctx, v)
        for c in range(4):
            col = columns[c]
            opts = [h("option", "—", value="", selected=chosen[c] is None)]
            opts += [h("option", str(x), value=str(x), selected=chosen[c] == x) for x in range(1, 7)]
            sel = h("select", opts, id=f"dd-sol-{c}", cls="dd-sol-select",
                    aria_label=t("dd.solution_value", colour=colour_name(ctx, col)),
                    on_change=lambda e, c=c: _set_sol(ctx, c, dom.value_of(e)))
            pic = code_die(ctx, chosen[c], col, key="dd.solution_die") if chosen[c] else \
                h("span", cls=f"dd-die dd-empty dd-c-{col}", aria_hidden="true")
            sol_cells.append(h("td", pic, sel, cls="dd-cell dd-sol-cell"))
    else:
        sol_cells = [h("td", h("span", cls="dd-die dd-empty", aria_hidden="true"), cls="dd-cell",
                         aria_label=t("dd.empty")) for _ in range(4)]
    body.append(h("tr", h("th", t("dd.row_solution"), scope="row"), sol_cells, h("td", colspan=str(width - 5)),
                  cls="dd-solution-row" + (" dd-current" if solving else ""), id=f"dd-row-1-{idx}"))

    # Rows 2..8: the efforts.
    rows = board.get("rows") or []
    rolled = board.get("rolled") or []
    plan = _plan(ctx, v, board) if placing else None
    for e in range(MAX_EFFORTS):
        rownum = e + 2
        label = h("th", t("dd.row_effort", row=rownum, n=e + 1), scope="row")
        cls = "dd-effort"
        if e < len(rows):
            r = rows[e]
            cells = [h("td", white_die(ctx, d) if d is not None else h("span", cls="dd-die dd-empty", aria_hidden="true"),
                       cls="dd-cell", aria_label=None if d is not None else t("dd.empty")) for d in r["dice"]]
            if feedbacking and e == len(rows) - 1 and r.get("feedback") is None:
                peg_cell = h("td", feedback_editor(ctx, v, board, r), cls="dd-peg-cell")
                cls += " dd-current"
            else:
                extra = None
                if revealed and r.get("correct") is False and r.get("true_feedback"):
                    extra = h("span", t("dd.true_pegs", text=pegs_text(ctx, r["true_feedback"])), cls="warn dd-true")
                    cls += " dd-wrong"
                peg_cell = h("td", pegs(ctx, r.get("feedback")), extra, cls="dd-peg-cell")
            cnt = None
            if counts is not None:
                n = counts[e]
                cnt = h("td", "…" if n is None else str(n), cls="dd-count", data_count=n if n is not None else None)
            body.append(h("tr", label, cells, peg_cell, cnt, cls=cls, id=f"dd-row-{rownum}-{idx}",
                          data_row=rownum))
        elif placing and e == len(rows):
            cells = []
            sel = ctx.ui.get("dd.sel")
            for c in range(4):
                col = columns[c]
                i = plan[c]
                if i is not None:
                    content = white_die(ctx, rolled[i])
                    aria = t("dd.slot_with", row=rownum, colour=colour_name(ctx, col), v=rolled[i])
                elif sel is not None:
                    content = h("span", "+", cls="dd-die dd-empty dd-target", aria_hidden="true")
                    aria = t("dd.slot_put", v=rolled[sel], colour=colour_name(ctx, col), row=rownum)
                else:
                    content = h("span", cls="dd-die dd-empty", aria_hidden="true")
                    aria = t("dd.slot_empty", row=rownum, colour=colour_name(ctx, col))
                cells.append(h("td", h("button", content, type="button", cls=f"dd-slot dd-c-{col}",
                                       id=f"dd-slot-{c}", aria_label=aria, title=aria, data_col=c,
                                       on_click=lambda ev, c=c: _put(ctx, c),
                                       on_dragover=_drag_over,
                                       on_drop=lambda ev, c=c: _drop(ctx, ev, c)), cls="dd-cell"))
            body.append(h("tr", label, cells, h("td", cls="dd-peg-cell"),
                          h("td") if counts is not None else None,
                          cls=cls + " dd-current", id=f"dd-row-{rownum}-{idx}", data_row=rownum))
        else:
            cells = [h("td", h("span", cls="dd-die dd-empty", aria_hidden="true"), cls="dd-cell") for _ in range(4)]
            body.append(h("tr", label, cells, h("td", cls="dd-peg-cell"), h("td") if counts is not None else None,
                          cls=cls + " dd-unused", id=f"dd-row-{rownum}-{idx}", data_row=rownum))
    return h("table", h("caption", t("dd.legend"), cls="dd-legend"), h("thead", h("tr", head_cells)),
             h("tbody", body), cls="dd-board",
             aria_label=t("dd.board", n=idx + 1), id=f"dd-board-{idx}")


def feedback_editor(ctx, v, board, row):
    """Manual mode: the maker sets the four pegs of the last effort (neutral, =, +, −)."""
    t = ctx.t
    state = _pegs_state(ctx, v, board)
    buttons = []
    for i in range(4):
        k = state[i]
        label = t("dd.feedback_peg", i=i + 1, state=t(f"dd.peg.{k}"))
        buttons.append(h("button", PEG_SYM[k], type="button", cls=f"dd-peg dd-peg-{k} dd-peg-button",
                         id=f"dd-peg-{i}", aria_label=label, title=label, data_state=k,
                         on_click=lambda e, i=i: _cycle_peg(ctx, i)))
    set_n = sum(1 for k in state if k != "none")
    ok = set_n == row.get("placed")
    return h("div", h("span", buttons, cls="dd-pegs"),
             h("button", t("dd.give_feedback"), type="button", cls="primary", id="dd-give-feedback",
               disabled=not ok, on_click=lambda e: _give_feedback(ctx)), cls="dd-feedback-editor")


def controls(ctx, board):
    """The white dice (supply and roll) and the breaker's buttons."""
    v = ctx.view
    t = ctx.t
    me = v.get("you")
    legal = ctx.legal
    breaker = board["breaker"]
    supply = board.get("supply", 0)
    out = [h("div", h("span", [h("span", cls="dd-mini", aria_hidden="true") for _ in range(supply)],
                      cls="dd-supply-pile"), " ", t("dd.supply", n=supply), cls="dd-supply", id="dd-supply",
             data_supply=supply)]
    rolled = board.get("rolled") or []
    if me == breaker and board.get("phase") == "rolled" and _find(legal, "place"):
        plan = _plan(ctx, v, board)
        sel = ctx.ui.get("dd.sel")
        tray = []
        for i in _unplaced(plan, rolled):
            chosen = sel == i
            label = t("dd.tray_die_chosen" if chosen else "dd.tray_die", v=rolled[i])
            tray.append(h("li", h("button", die_svg(rolled[i]), type="button",
                                  cls="dd-die dd-white dd-tray-die" + (" dd-chosen" if chosen else ""),
                                  aria_pressed="true" if chosen else "false", aria_label=label, title=label,
                                  data_key=f"dd-die-{i}", data_value=rolled[i], draggable="true",
                                  on_click=lambda e, i=i: _choose(ctx, i),
                                  on_keydown=lambda e, i=i: _die_key(ctx, e, i),
                                  on_dragstart=lambda e, i=i: _drag_start(ctx, e, i))))
        n = sum(1 for x in plan if x is not None)
        out.append(h("div", h("span", t("dd.rolled"), id="dd-tray-label"),
                     h("ul", tray, cls="dd-tray", id="dd-tray", aria_labelledby="dd-tray-label"),
                     cls="dd-tray-box"))
        out.append(h("div",
                     h("button", t("dd.confirm", n=n), type="button", cls="primary", id="dd-confirm",
                       disabled=n == 0, on_click=lambda e: _confirm(ctx, rolled)),
                     h("button", t("dd.clear"), type="button", id="dd-clear", disabled=n == 0,
                       on_click=lambda e: _clear(ctx)), cls="row dd-actions"))
    elif rolled:
        out.append(h("div", h("span", t("dd.rolled_by", name=ctx.name(breaker), values="")),
                     h("ul", [h("li", white_die(ctx, x)) for x in rolled], cls="dd-tray", id="dd-tray"),
                     cls="dd-tray-box"))
    roll = _find(legal, "roll") if me == breaker else None
    solve = _find(legal, "solve") if me == breaker else None
    if roll or solve:
        buttons = []
        if roll:
            buttons.append(h("button", t("dd.roll", n=min(4, supply)), type="button", cls="primary big",
                             id="dd-roll", on_click=lambda e: _roll(ctx)))
        out.append(h("div", buttons, cls="row dd-actions"))
    if solve:
        out.append(solve_box(ctx, board))
    return h("section", out, cls="panel dd-controls", id="dd-controls")


def solve_box(ctx, board):
    t = ctx.t
    v = ctx.view
    chosen = _solution(ctx, v)
    complete = all(x is not None for x in chosen)
    parts = [h("p", t("dd.solve_worth", points=board.get("score_if_solved_now")), cls="muted")]
    if ctx.ui.get("dd.sure") and complete:
        parts.append(h("p", t("dd.solve_sure", code=" ".join(str(x) for x in chosen)), cls="warn", role="alert"))
        parts.append(h("div", h("button", t("dd.solve_yes"), type="button", cls="danger", id="dd-solve-confirm",
                                on_click=lambda e: _solve(ctx)),
                       h("button", t("dd.solve_no"), type="button", id="dd-solve-cancel",
                         on_click=lambda e: _sure(ctx, False)), cls="row"))
    else:
        parts.append(h("button", t("dd.solve"), type="button", cls="primary", id="dd-solve", disabled=not complete,
                       on_click=lambda e: _sure(ctx, True)))
    return h("div", h("h2", t("dd.solution_title")), parts, cls="dd-solve", id="dd-solve-box")


def reveal_panel(ctx, board, idx, after):
    """The screen has dropped: did the solution break the code, and the score line by line."""
    t = ctx.t
    sc = board.get("score") or {"reason": "not_broken", "lines": [], "total": 0}
    breaker = board["breaker"]
    name = ctx.name(breaker)
    if sc.get("reason") == "broken":
        verdict = h("p", h("strong", t("dd.broken")), cls="ok", id="dd-verdict", data_reason="broken")
    elif sc.get("reason") == "wrong_feedback":
        verdict = h("p", t("dd.wrong_feedback", n=(board.get("wrong_row") or 0) + 1, name=name), cls="warn",
                    id="dd-verdict", data_reason="wrong_feedback")
    else:
        verdict = h("p", h("strong", t("dd.not_broken")), cls="error", id="dd-verdict", data_reason="not_broken")
    lines = []
    for line in sc.get("lines") or []:
        item = line.get("item")
        if item == "base":
            label = t("dd.line.base")
        else:
            label = t(f"dd.line.{item}", count=line.get("count"), each=line.get("each"))
        lines.append(h("tr", h("th", label, scope="row"), h("td", str(line.get("points")), cls="dd-pts"),
                       data_item=item))
    lines.append(h("tr", h("th", t("dd.total", name=name), scope="row"),
                   h("td", str(sc.get("total", 0)), cls="dd-pts", id="dd-total"), cls="dd-total-row"))
    return h("section", h("h2", t("dd.reveal_title", n=idx + 1)), verdict,
             h("table", h("tbody", lines), cls="dd-score", id="dd-score"), after,
             cls="panel dd-reveal", id="dd-reveal", aria_live="polite", data_match=idx, data_total=sc.get("total", 0))


def notebook_panel(ctx, board):
    t = ctx.t
    on = bool(ctx.ui.get(f"dd.notebook.{ctx.seat}"))
    box = h("label", h("input", type="checkbox", id="dd-notebook", checked=on,
                       on_change=lambda e: _toggle_notebook(ctx, e)), " ", t("dd.notebook_toggle"),
            cls="dd-notebook-toggle")
    if not on:
        return h("section", box, cls="panel dd-notebook")
    nb = solver.notebook({"board": board})
    columns = ctx.view.get("columns") or list(COLOUR_HEX)
    per = []
    for c, col in enumerate(columns):
        possible = set(nb["possible"][c])
        chips = [h("span", str(x), cls="dd-val" + ("" if x in possible else " dd-out"),
                   title=t("dd.value_in" if x in possible else "dd.value_out", v=x)) for x in range(1, 7)]
        label = t("dd.notebook_values", colour=colour_name(ctx, col),
                  values=", ".join(str(x) for x in sorted(possible)) or "—")
        per.append(h("li", colour_tag(ctx, col), " ", h("span", chips, aria_hidden="true"),
                     h("span", label, cls="sr-only"), data_col=c, data_values=",".join(str(x) for x in sorted(possible))))
    parts = [box, h("h2", t("dd.notebook")), h("p", t("dd.notebook_hint"), cls="muted"),
             h("p", h("strong", t("dd.notebook_count", n=nb["count"])), id="dd-nb-count", data_count=nb["count"])]
    if nb["count"] == 0:
        parts.append(h("p", t("dd.notebook_contra"), cls="warn"))
    parts.append(h("ul", per, cls="dd-nb-values", id="dd-nb-values"))
    if nb.get("candidates"):
        parts.append(h("h3", t("dd.notebook_list")))
        parts.append(h("ul", [h("li", " ".join(str(x) for x in code), data_code=",".join(str(x) for x in code))
                              for code in nb["candidates"]], cls="dd-nb-list", id="dd-nb-list"))
    return h("section", parts, cls="panel dd-notebook")


def scores_panel(ctx):
    v = ctx.view
    t = ctx.t
    history = list(v.get("history") or [])
    cur = v.get("board")
    boards = history + ([cur] if cur is not None else [])
    scores = v.get("scores") or []
    rows = []
    for i in range(v.get("n_matches", len(boards))):
        if i < len(boards):
            breaker = boards[i]["breaker"]
        else:
            breaker = (boards[-1]["breaker"] + i - (len(boards) - 1)) % 2 if boards else 0
        pair = scores[i] if i < len(scores) else None
        pts = "—" if pair is None else t("dd.points", n=pair[breaker])
        rows.append(h("tr", h("th", ctx.marker(breaker), " ", t("dd.score_match", n=i + 1, name=ctx.name(breaker)),
                              scope="row"), h("td", pts), data_match=i,
                      cls="dd-now" if i == v.get("match") and v.get("phase") != "over" else None))
    totals = v.get("totals") or [0, 0]
    rows.append(h("tr", h("th", t("dd.totals"), scope="row"),
                  h("td", " · ".join(f"{ctx.name(s)} {totals[s]}" for s in range(len(totals)))),
                  cls="dd-total-row", id="dd-totals"))
    return h("section", h("h2", t("dd.scores")), h("table", h("tbody", rows), cls="dd-scores"),
             cls="panel dd-scores-panel")
