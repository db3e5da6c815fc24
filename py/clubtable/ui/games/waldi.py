"""The Wie Waldi! / "10" screen: everybody plays at once.

What it shows, all from the seat's ``view`` (RULES.md §4.8): the open dachshunds as card
strips (SVG art: head, bellies, tail, cat; every blanket colour also carries its own
pattern, so colour-blind players can match ends), your three face-down piles and your
turned-up card, the other players' piles as counts, markers left, who laid a card during
the short "placed by" flash, owner tags only when the table shows them (``show_card_owner``,
or after the Stop), the "Wuff!" countdown, the Stop banner, each round's distribution with
bones, and the final table.

Fast input: click or tap a dachshund's open end (or its strip) to attach the turned-up
card, or use the keys: 1/2/3 take a pile, Space turns up a card, the letter shown on an
open end attaches there, N starts a new dachshund with a head, U (or D) puts the card
under its pile.  The letters stay with their dachshund while it is open.  An attach names
the length the player saw (``at``), so a placement that loses a race is refused by the host
(``end_taken``) and the card stays in hand; the refusal is shown as a toast.
"""
from __future__ import annotations

from pyodide.ffi import to_js
from pyscript import document, window

from .. import dom
from ..dom import h

# Keys for open ends: letters, minus the ones that are commands (d, h, n, u).
END_KEYS = "abcefgijklmopqrstvwxyz"
SYMBOLS = "●▲■◆★✚"            # the shell's player symbols (ctx.marker), for plain-text spots

# Blanket colours: a colour-blind-safe fill for the usual names, plus a pattern per colour
# index (the pattern, not the hue, is what tells the colours apart for everybody).
_NAMED = {
    "red": "#d55e00", "yellow": "#f0e442", "green": "#009e73", "blue": "#0072b2",
    "orange": "#e69f00", "pink": "#cc79a7", "purple": "#8e5ea2", "violet": "#8e5ea2",
    "sky": "#56b4e9", "cyan": "#56b4e9", "brown": "#8c5a2b", "black": "#2b2b2b",
    "white": "#f2f2f2", "grey": "#9a9a9a", "gray": "#9a9a9a",
}
_PALETTE = ["#d55e00", "#f0e442", "#009e73", "#0072b2", "#cc79a7", "#56b4e9"]
_LIGHT = {"#f0e442", "#f2f2f2", "#e69f00", "#56b4e9", "#9a9a9a"}
BONE_VALUE = {"gold": 3, "silver": 2, "bronze": 1}
BONE_FILL = {"gold": "#e0a800", "silver": "#a9b0b8", "bronze": "#b5703a"}

TEXTS = {
    "en": {
        "waldi.round": "Round {n} of {of}",
        "waldi.get_ready": "Get ready…",
        "waldi.wuff": "Wuff!",
        "waldi.live": "Play! Everybody at once.",
        "waldi.stop": "Stop!",
        "waldi.stop.markers": "{name} used the sixth marker.",
        "waldi.stop.no_moves": "Nobody can place a card any more.",
        "waldi.stop.idle": "No card was placed for a while.",
        "waldi.spectator": "You are watching this table.",
        "waldi.dogs": "Dachshunds on the table",
        "waldi.no_dogs": "No dachshund yet: a head starts one.",
        "waldi.completed": "Completed dachshunds",
        "waldi.incomplete": "Incomplete: they belong to nobody",
        "waldi.dog": "Dachshund {letter}",
        "waldi.attach": "Attach to dachshund {letter}, open end {colour}",
        "waldi.attach_fits": "Attach to dachshund {letter}, open end {colour}: your card fits",
        "waldi.new_dog": "New dachshund",
        "waldi.new_dog_label": "Start a new dachshund with your head (key N)",
        "waldi.cards": "{n} cards",
        "waldi.card1": "1 card",
        "waldi.worth": "a tail now: {n} cards",
        "waldi.gives": "a tail now: {n} cards; no cat → {head}",
        "waldi.rule": "A tail with a cat wins the dachshund for whoever lays it; a tail without a cat gives it to the head's player.",
        "waldi.completed_by": "completed by {name}",
        "waldi.goes_to": "goes to {name}",
        "waldi.laid_by": "laid by {name}",
        "waldi.card_of": "{name}'s card",
        "waldi.your_piles": "Your piles",
        "waldi.pile": "Pile {n}: {k} cards",
        "waldi.pile_in_hand": "Pile {n}: {k} cards, in your hand",
        "waldi.pile_take": "Take pile {n} (key {n}): {k} cards",
        "waldi.your_card": "Your card",
        "waldi.no_card": "No card turned up.",
        "waldi.take_a_pile": "Take one of your piles (keys 1, 2, 3).",
        "waldi.reveal": "Turn up",
        "waldi.decline": "Put under",
        "waldi.declines_in": "Goes under its pile by itself in",
        "waldi.markers": "{n} markers left",
        "waldi.holding": "holds a card face up",
        "waldi.piles_of": "piles: {a}, {b}, {c} cards",
        "waldi.in_hand": "pile {n} in hand",
        "waldi.points": "{n} points",
        "waldi.emptied": "emptied a pile",
        "waldi.card.head": "head, blanket {rear}",
        "waldi.card.belly": "belly, blanket {front} to {rear}",
        "waldi.card.tail": "tail without a cat, blanket {front}",
        "waldi.card.tail_cat": "tail with a cat, blanket {front}",
        "waldi.keys": "Keys: 1 2 3 take a pile · Space turns up · the letter on an end attaches · N new dachshund · U puts under",
        "waldi.colours": "Blanket colours",
        "waldi.colour.red": "red", "waldi.colour.yellow": "yellow", "waldi.colour.green": "green",
        "waldi.colour.blue": "blue", "waldi.colour.orange": "orange", "waldi.colour.pink": "pink",
        "waldi.colour.purple": "purple", "waldi.colour.black": "black", "waldi.colour.white": "white",
        "waldi.colour.brown": "brown", "waldi.colour.grey": "grey",
        "waldi.idle_in": "Stop if nobody lays a card for",
        "waldi.scoring": "Round {n}: distribution",
        "waldi.player": "Player",
        "waldi.won": "Cards won",
        "waldi.rank_bone": "Ranking bone",
        "waldi.pile_bone": "Pile bone",
        "waldi.round_points": "Round",
        "waldi.total": "Total",
        "waldi.none": "—",
        "waldi.bone.gold": "gold bone, 3 points",
        "waldi.bone.silver": "silver bone, 2 points",
        "waldi.bone.bronze": "bronze bone, 1 point",
        "waldi.next_round": "Next round",
        "waldi.next_in": "The next round starts in",
        "waldi.final": "Final table",
        "waldi.round_col": "R{n}",
        "waldi.bones": "Bones",
        "waldi.winner": "winner",
        "waldi.warnings": "This deck is not balanced:",
        "opt.waldi.edition": "Edition",
        "opt.waldi.blanket_colours": "Blanket colours (3–6 names)",
        "opt.waldi.deck": "Custom deck (30 cards, JSON; null = standard)",
        "opt.waldi.rank_ties": "Ties in the card ranking",
        "opt.waldi.min_cards_for_rank_bone": "Cards needed for a ranking bone",
        "opt.waldi.idle_stop_s": "Stop the round after so many seconds without a card laid (0 = never)",
        "opt.waldi.max_hold_s": "Seconds a turned-up card may be held (0 = no limit)",
        "opt.waldi.show_card_owner": "Who laid each card",
        "opt.waldi.countdown_s": "Countdown before “Wuff!” (seconds)",
        "opt.waldi.scoring_pause_s": "Pause after a round's scoring (seconds, 0 = wait for “Next round”)",
        "opt.waldi.placed_flash_s": "How long “laid by” shows (seconds)",
        "opt.waldi.final_tie_break": "Tie for the win",
        "opt.waldi.bot_speed": "Computer players' pace",
        "opt.waldi.edition.\"DE\"": "German (3 cat tails, bronze bone for a pile)",
        "opt.waldi.edition.\"FR\"": "French (4 cat tails, silver bone for a pile)",
        "opt.waldi.rank_ties.\"competition\"": "tied players share the rank, the next rank is skipped",
        "opt.waldi.rank_ties.\"dense\"": "tied players share the rank, no rank is skipped",
        "opt.waldi.show_card_owner.false": "hidden: the backs face the table",
        "opt.waldi.show_card_owner.true": "shown on every card",
        "opt.waldi.final_tie_break.\"shared\"": "shared win",
        "opt.waldi.final_tie_break.\"most_cards\"": "most cards won over the game",
        "opt.waldi.bot_speed.0.5": "×0.5",
        "opt.waldi.bot_speed.0.75": "×0.75",
        "opt.waldi.bot_speed.1": "human pace (×1)",
        "opt.waldi.bot_speed.1.5": "×1.5",
        "opt.waldi.bot_speed.2": "×2",
        "opt.waldi.bot_speed.4": "×4",
        "opt.waldi.bot_speed.8": "×8",
    },
    "fr": {
        "waldi.round": "Manche {n} sur {of}",
        "waldi.get_ready": "Préparez-vous…",
        "waldi.wuff": "Ouaf !",
        "waldi.live": "Jouez ! Tout le monde en même temps.",
        "waldi.stop": "Stop !",
        "waldi.stop.markers": "{name} a posé son sixième jeton.",
        "waldi.stop.no_moves": "Plus personne ne peut poser de carte.",
        "waldi.stop.idle": "Aucune carte n'a été posée depuis un moment.",
        "waldi.spectator": "Vous regardez cette table.",
        "waldi.dogs": "Teckels sur la table",
        "waldi.no_dogs": "Pas encore de teckel : une tête en commence un.",
        "waldi.completed": "Teckels terminés",
        "waldi.incomplete": "Inachevés : ils n'appartiennent à personne",
        "waldi.dog": "Teckel {letter}",
        "waldi.attach": "Poser sur le teckel {letter}, bout ouvert {colour}",
        "waldi.attach_fits": "Poser sur le teckel {letter}, bout ouvert {colour} : votre carte convient",
        "waldi.new_dog": "Nouveau teckel",
        "waldi.new_dog_label": "Commencer un nouveau teckel avec votre tête (touche N)",
        "waldi.cards": "{n} cartes",
        "waldi.card1": "1 carte",
        "waldi.worth": "avec une queue maintenant : {n} cartes",
        "waldi.gives": "avec une queue maintenant : {n} cartes ; sans chat → {head}",
        "waldi.rule": "Une queue mordue par un chat donne le teckel à qui la pose ; une queue sans chat le donne au joueur de la tête.",
        "waldi.completed_by": "terminé par {name}",
        "waldi.goes_to": "revient à {name}",
        "waldi.laid_by": "posée par {name}",
        "waldi.card_of": "carte de {name}",
        "waldi.your_piles": "Vos piles",
        "waldi.pile": "Pile {n} : {k} cartes",
        "waldi.pile_in_hand": "Pile {n} : {k} cartes, en main",
        "waldi.pile_take": "Prendre la pile {n} (touche {n}) : {k} cartes",
        "waldi.your_card": "Votre carte",
        "waldi.no_card": "Aucune carte retournée.",
        "waldi.take_a_pile": "Prenez une de vos piles (touches 1, 2, 3).",
        "waldi.reveal": "Retourner",
        "waldi.decline": "Remettre dessous",
        "waldi.declines_in": "Retourne seule sous sa pile dans",
        "waldi.markers": "{n} jetons restants",
        "waldi.holding": "tient une carte retournée",
        "waldi.piles_of": "piles : {a}, {b}, {c} cartes",
        "waldi.in_hand": "pile {n} en main",
        "waldi.points": "{n} points",
        "waldi.emptied": "a vidé une pile",
        "waldi.card.head": "tête, couverture {rear}",
        "waldi.card.belly": "tronc, couverture {front} vers {rear}",
        "waldi.card.tail": "queue sans chat, couverture {front}",
        "waldi.card.tail_cat": "queue mordue par un chat, couverture {front}",
        "waldi.keys": "Touches : 1 2 3 prendre une pile · Espace retourner · la lettre d'un bout pose la carte · N nouveau teckel · U remettre dessous",
        "waldi.colours": "Couleurs des couvertures",
        "waldi.colour.red": "rouge", "waldi.colour.yellow": "jaune", "waldi.colour.green": "vert",
        "waldi.colour.blue": "bleu", "waldi.colour.orange": "orange", "waldi.colour.pink": "rose",
        "waldi.colour.purple": "violet", "waldi.colour.black": "noir", "waldi.colour.white": "blanc",
        "waldi.colour.brown": "marron", "waldi.colour.grey": "gris",
        "waldi.idle_in": "Stop si personne ne pose de carte pendant",
        "waldi.scoring": "Manche {n} : distribution",
        "waldi.player": "Joueur",
        "waldi.won": "Cartes gagnées",
        "waldi.rank_bone": "Os de classement",
        "waldi.pile_bone": "Os de pile",
        "waldi.round_points": "Manche",
        "waldi.total": "Total",
        "waldi.none": "—",
        "waldi.bone.gold": "os d'or, 3 points",
        "waldi.bone.silver": "os d'argent, 2 points",
        "waldi.bone.bronze": "os de bronze, 1 point",
        "waldi.next_round": "Manche suivante",
        "waldi.next_in": "La manche suivante commence dans",
        "waldi.final": "Classement final",
        "waldi.round_col": "M{n}",
        "waldi.bones": "Os",
        "waldi.winner": "vainqueur",
        "waldi.warnings": "Ce jeu de cartes n'est pas équilibré :",
        "opt.waldi.edition": "Édition",
        "opt.waldi.blanket_colours": "Couleurs des couvertures (3 à 6 noms)",
        "opt.waldi.deck": "Jeu personnalisé (30 cartes, JSON ; null = standard)",
        "opt.waldi.rank_ties": "Égalités au classement des cartes",
        "opt.waldi.min_cards_for_rank_bone": "Cartes nécessaires pour un os de classement",
        "opt.waldi.idle_stop_s": "Arrêter la manche après tant de secondes sans carte posée (0 = jamais)",
        "opt.waldi.max_hold_s": "Secondes pendant lesquelles garder une carte retournée (0 = sans limite)",
        "opt.waldi.show_card_owner": "Qui a posé chaque carte",
        "opt.waldi.countdown_s": "Compte à rebours avant « Ouaf ! » (secondes)",
        "opt.waldi.scoring_pause_s": "Pause après le décompte d'une manche (secondes, 0 = attendre « Manche suivante »)",
        "opt.waldi.placed_flash_s": "Durée d'affichage de « posée par » (secondes)",
        "opt.waldi.final_tie_break": "Égalité pour la victoire",
        "opt.waldi.bot_speed": "Rythme des joueurs ordinateur",
        "opt.waldi.edition.\"DE\"": "allemande (3 queues avec chat, os de bronze pour une pile)",
        "opt.waldi.edition.\"FR\"": "française (4 queues avec chat, os d'argent pour une pile)",
        "opt.waldi.rank_ties.\"competition\"": "les ex æquo partagent le rang, le rang suivant est sauté",
        "opt.waldi.rank_ties.\"dense\"": "les ex æquo partagent le rang, aucun rang n'est sauté",
        "opt.waldi.show_card_owner.false": "caché : les dos sont contre la table",
        "opt.waldi.show_card_owner.true": "affiché sur chaque carte",
        "opt.waldi.final_tie_break.\"shared\"": "victoire partagée",
        "opt.waldi.final_tie_break.\"most_cards\"": "le plus de cartes gagnées sur la partie",
        "opt.waldi.bot_speed.0.5": "×0,5",
        "opt.waldi.bot_speed.0.75": "×0,75",
        "opt.waldi.bot_speed.1": "rythme humain (×1)",
        "opt.waldi.bot_speed.1.5": "×1,5",
        "opt.waldi.bot_speed.2": "×2",
        "opt.waldi.bot_speed.4": "×4",
        "opt.waldi.bot_speed.8": "×8",
    },
    "de": {
        "waldi.round": "Durchgang {n} von {of}",
        "waldi.get_ready": "Achtung…",
        "waldi.wuff": "Wuff!",
        "waldi.live": "Los! Alle spielen gleichzeitig.",
        "waldi.stop": "Stopp!",
        "waldi.stop.markers": "{name} hat den sechsten Markierungsstein gesetzt.",
        "waldi.stop.no_moves": "Niemand kann mehr eine Karte anlegen.",
        "waldi.stop.idle": "Eine Weile wurde keine Karte angelegt.",
        "waldi.spectator": "Du schaust an diesem Tisch zu.",
        "waldi.dogs": "Dackel auf dem Tisch",
        "waldi.no_dogs": "Noch kein Dackel: ein Kopf beginnt einen.",
        "waldi.completed": "Fertige Dackel",
        "waldi.incomplete": "Unfertig: sie gehören niemandem",
        "waldi.dog": "Dackel {letter}",
        "waldi.attach": "An Dackel {letter} anlegen, offenes Ende {colour}",
        "waldi.attach_fits": "An Dackel {letter} anlegen, offenes Ende {colour}: deine Karte passt",
        "waldi.new_dog": "Neuer Dackel",
        "waldi.new_dog_label": "Mit deinem Kopf einen neuen Dackel beginnen (Taste N)",
        "waldi.cards": "{n} Karten",
        "waldi.card1": "1 Karte",
        "waldi.worth": "mit Hinterteil jetzt: {n} Karten",
        "waldi.gives": "mit Hinterteil jetzt: {n} Karten; ohne Katze → {head}",
        "waldi.rule": "Ein Hinterteil mit Katze gewinnt den Dackel für den, der es anlegt; ohne Katze geht er an den Spieler des Kopfes.",
        "waldi.completed_by": "beendet von {name}",
        "waldi.goes_to": "geht an {name}",
        "waldi.laid_by": "angelegt von {name}",
        "waldi.card_of": "Karte von {name}",
        "waldi.your_piles": "Deine Stapel",
        "waldi.pile": "Stapel {n}: {k} Karten",
        "waldi.pile_in_hand": "Stapel {n}: {k} Karten, in der Hand",
        "waldi.pile_take": "Stapel {n} nehmen (Taste {n}): {k} Karten",
        "waldi.your_card": "Deine Karte",
        "waldi.no_card": "Keine Karte aufgedeckt.",
        "waldi.take_a_pile": "Nimm einen deiner Stapel (Tasten 1, 2, 3).",
        "waldi.reveal": "Aufdecken",
        "waldi.decline": "Unter den Stapel",
        "waldi.declines_in": "Geht von selbst unter den Stapel in",
        "waldi.markers": "noch {n} Markierungssteine",
        "waldi.holding": "hält eine Karte offen",
        "waldi.piles_of": "Stapel: {a}, {b}, {c} Karten",
        "waldi.in_hand": "Stapel {n} in der Hand",
        "waldi.points": "{n} Punkte",
        "waldi.emptied": "hat einen Stapel abgebaut",
        "waldi.card.head": "Kopf, Hundedecke {rear}",
        "waldi.card.belly": "Dackelbauch, Hundedecke {front} nach {rear}",
        "waldi.card.tail": "Hinterteil ohne Katze, Hundedecke {front}",
        "waldi.card.tail_cat": "Hinterteil mit Katze, Hundedecke {front}",
        "waldi.keys": "Tasten: 1 2 3 Stapel nehmen · Leertaste aufdecken · der Buchstabe an einem Ende legt an · N neuer Dackel · U unter den Stapel",
        "waldi.colours": "Farben der Hundedecken",
        "waldi.colour.red": "rot", "waldi.colour.yellow": "gelb", "waldi.colour.green": "grün",
        "waldi.colour.blue": "blau", "waldi.colour.orange": "orange", "waldi.colour.pink": "rosa",
        "waldi.colour.purple": "lila", "waldi.colour.black": "schwarz", "waldi.colour.white": "weiß",
        "waldi.colour.brown": "braun", "waldi.colour.grey": "grau",
        "waldi.idle_in": "Stopp, wenn niemand eine Karte anlegt, in",
        "waldi.scoring": "Durchgang {n}: Verteilung",
        "waldi.player": "Spieler",
        "waldi.won": "Gewonnene Karten",
        "waldi.rank_bone": "Rangknochen",
        "waldi.pile_bone": "Stapelknochen",
        "waldi.round_points": "Durchgang",
        "waldi.total": "Summe",
        "waldi.none": "—",
        "waldi.bone.gold": "Goldknochen, 3 Punkte",
        "waldi.bone.silver": "Silberknochen, 2 Punkte",
        "waldi.bone.bronze": "Bronzeknochen, 1 Punkt",
        "waldi.next_round": "Nächster Durchgang",
        "waldi.next_in": "Der nächste Durchgang beginnt in",
        "waldi.final": "Endstand",
        "waldi.round_col": "D{n}",
        "waldi.bones": "Knochen",
        "waldi.winner": "Sieger",
        "waldi.warnings": "Dieses Kartenspiel ist nicht ausgewogen:",
        "opt.waldi.edition": "Ausgabe",
        "opt.waldi.blanket_colours": "Farben der Hundedecken (3–6 Namen)",
        "opt.waldi.deck": "Eigenes Kartenspiel (30 Karten, JSON; null = Standard)",
        "opt.waldi.rank_ties": "Gleichstand in der Kartenwertung",
        "opt.waldi.min_cards_for_rank_bone": "Karten für einen Rangknochen",
        "opt.waldi.idle_stop_s": "Durchgang nach so vielen Sekunden ohne angelegte Karte beenden (0 = nie)",
        "opt.waldi.max_hold_s": "Sekunden, die eine aufgedeckte Karte gehalten werden darf (0 = unbegrenzt)",
        "opt.waldi.show_card_owner": "Wer welche Karte angelegt hat",
        "opt.waldi.countdown_s": "Countdown vor »Wuff!« (Sekunden)",
        "opt.waldi.scoring_pause_s": "Pause nach der Wertung eines Durchgangs (Sekunden, 0 = auf »Nächster Durchgang« warten)",
        "opt.waldi.placed_flash_s": "Wie lange »angelegt von« zu sehen ist (Sekunden)",
        "opt.waldi.final_tie_break": "Gleichstand um den Sieg",
        "opt.waldi.bot_speed": "Tempo der Computerspieler",
        "opt.waldi.edition.\"DE\"": "deutsch (3 Hinterteile mit Katze, Bronzeknochen für einen Stapel)",
        "opt.waldi.edition.\"FR\"": "französisch (4 Hinterteile mit Katze, Silberknochen für einen Stapel)",
        "opt.waldi.rank_ties.\"competition\"": "Gleichstand teilt den Rang, der nächste Rang entfällt",
        "opt.waldi.rank_ties.\"dense\"": "Gleichstand teilt den Rang, kein Rang entfällt",
        "opt.waldi.show_card_owner.false": "verdeckt: die Rückseiten liegen auf dem Tisch",
        "opt.waldi.show_card_owner.true": "auf jeder Karte gezeigt",
        "opt.waldi.final_tie_break.\"shared\"": "geteilter Sieg",
        "opt.waldi.final_tie_break.\"most_cards\"": "die meisten gewonnenen Karten im ganzen Spiel",
        "opt.waldi.bot_speed.0.5": "×0,5",
        "opt.waldi.bot_speed.0.75": "×0,75",
        "opt.waldi.bot_speed.1": "menschliches Tempo (×1)",
        "opt.waldi.bot_speed.1.5": "×1,5",
        "opt.waldi.bot_speed.2": "×2",
        "opt.waldi.bot_speed.4": "×4",
        "opt.waldi.bot_speed.8": "×8",
    },
}


# ====================================================================== colours and art
def _fill(colours, name):
    if name in _NAMED:
        return _NAMED[name]
    i = colours.index(name) if name in colours else 0
    return _PALETTE[i % len(_PALETTE)]


def _pattern(i, fill):
    """One 8×8 tile: the colour plus a pattern of its own (index 0..5)."""
    ink = "#222" if fill in _LIGHT else "#fff"
    kind = i % 6
    if kind == 0:      # diagonal stripes
        marks = [h("path", d="M-2 2 L2 -2 M0 8 L8 0 M6 10 L10 6", stroke=ink, stroke_width="1.6")]
    elif kind == 1:    # dots
        marks = [h("circle", cx="2", cy="2", r="1.3", fill=ink), h("circle", cx="6", cy="6", r="1.3", fill=ink)]
    elif kind == 2:    # horizontal bars
        marks = [h("rect", x="0", y="3", width="8", height="2", fill=ink)]
    elif kind == 3:    # checks
        marks = [h("rect", x="0", y="0", width="4", height="4", fill=ink, fill_opacity=".55"),
                 h("rect", x="4", y="4", width="4", height="4", fill=ink, fill_opacity=".55")]
    elif kind == 4:    # vertical bars
        marks = [h("rect", x="3", y="0", width="2", height="8", fill=ink)]
    else:              # cross-hatch
        marks = [h("path", d="M0 0 L8 8 M8 0 L0 8", stroke=ink, stroke_width="1.2")]
    return h("pattern", h("rect", width="8", height="8", fill=fill), marks,
             id=f"waldi-pat-{i}", width="8", height="8", patternUnits="userSpaceOnUse")


_BODY = "#a8683a"
_DARK = "#5b3515"


def _defs(colours):
    """Patterns and the dachshund parts, defined once per screen and reused with <use>."""
    parts = [
        # a belly: the trunk with two legs
        h("g", h("rect", x="-1", y="18", width="66", height="17", fill=_BODY),
          h("rect", x="12", y="33", width="6", height="11", rx="2", fill=_DARK),
          h("rect", x="44", y="33", width="6", height="11", rx="2", fill=_DARK), id="waldi-belly"),
        # a head: neck and chest, long snout, ear, eye, nose, front leg
        h("g", h("rect", x="26", y="18", width="39", height="17", rx="3", fill=_BODY),
          h("path", d="M30 22 C28 10 22 8 16 9 L5 14 C1 16 1 21 5 22 L18 25 C24 27 28 27 30 22 Z", fill=_BODY,
            stroke=_DARK, stroke_width="1"),
          h("path", d="M19 10 C24 10 26 16 24 26 C21 25 19 18 19 10 Z", fill=_DARK),
          h("circle", cx="13", cy="13", r="1.8", fill="#111"),
          h("circle", cx="3.5", cy="17.5", r="2.2", fill="#111"),
          h("rect", x="40", y="33", width="6", height="11", rx="2", fill=_DARK), id="waldi-head"),
        # a tail: the hind part with a leg and the tail curling up
        h("g", h("path", d="M-1 18 L36 18 C44 18 46 26 44 31 C42 35 38 35 34 35 L-1 35 Z", fill=_BODY),
          h("path", d="M42 22 C50 18 54 12 58 4", fill="none", stroke=_BODY, stroke_width="4",
            stroke_linecap="round"),
          h("rect", x="30", y="32", width="6", height="12", rx="2", fill=_DARK),
          h("rect", x="8", y="33", width="6", height="11", rx="2", fill=_DARK), id="waldi-tail"),
        # the cat biting the tail: a grey head with ears and eyes (a shape, not a colour)
        h("g", h("path", d="M50 9 L52 1 L55 6 L59 6 L62 1 L63 9 C64 15 60 17 56.5 17 C53 17 49 15 50 9 Z",
                 fill="#6d6d6d", stroke="#222", stroke_width="1"),
          h("circle", cx="54", cy="10", r="1.1", fill="#ffe066"), h("circle", cx="59", cy="10", r="1.1",
                                                                      fill="#ffe066"),
          id="waldi-cat"),
        # a bone (for the scores): two knobs at each end of a shaft
        h("g", h("circle", cx="6", cy="5", r="4"), h("circle", cx="6", cy="11", r="4"),
          h("circle", cx="26", cy="5", r="4"), h("circle", cx="26", cy="11", r="4"),
          h("rect", x="6", y="4", width="20", height="8"), id="waldi-bone-shape"),
    ]
    pats = [_pattern(i, _fill(colours, c)) for i, c in enumerate(colours)]
    return h("svg", h("defs", pats, parts), cls="waldi-defs", width="0", height="0", aria_hidden="true",
             focusable="false")


def _pat(colours, name):
    i = colours.index(name) if name in colours else 0
    return f"url(#waldi-pat-{i})"


def colour_name(ctx, name):
    key = f"waldi.colour.{name}"
    text = ctx.t(key)
    return str(name) if text == key else text


def card_label(ctx, face):
    kind = face.get("kind")
    if kind == "head":
        return ctx.t("waldi.card.head", rear=colour_name(ctx, face.get("rear")))
    if kind == "belly":
        return ctx.t("waldi.card.belly", front=colour_name(ctx, face.get("front")),
                     rear=colour_name(ctx, face.get("rear")))
    return ctx.t("waldi.card.tail_cat" if face.get("cat") else "waldi.card.tail",
                 front=colour_name(ctx, face.get("front")))


def card_svg(colours, face):
    """One card as a small SVG: the part of the dachshund, its blanket(s) with patterns."""
    kind = face.get("kind")
    blanket = {"stroke": "#222", "stroke_width": "1", "height": "14", "y": "11"}
    if kind == "head":
        shapes = [h("use", href="#waldi-head"),
                  h("rect", x="34", width="31", rx="2", fill=_pat(colours, face.get("rear")), **blanket)]
    elif kind == "belly":
        shapes = [h("use", href="#waldi-belly"),
                  h("rect", x="-1", width="33", fill=_pat(colours, face.get("front")), **blanket),
                  h("rect", x="32", width="33", fill=_pat(colours, face.get("rear")), **blanket)]
    else:
        shapes = [h("use", href="#waldi-tail"),
                  h("rect", x="-1", width="31", rx="2", fill=_pat(colours, face.get("front")), **blanket)]
        if face.get("cat"):
            shapes.append(h("use", href="#waldi-cat"))
    return h("svg", shapes, viewBox="0 0 64 46", aria_hidden="true", focusable="false")


def swatch(colours, name):
    return h("svg", h("rect", x="0.5", y="0.5", width="23", height="15", rx="2", fill=_pat(colours, name),
                      stroke="#222"), viewBox="0 0 24 16", cls="waldi-swatch", aria_hidden="true",
             focusable="false")


def bone(ctx, kind, small=False):
    label = ctx.t(f"waldi.bone.{kind}")
    return h("span", h("svg", h("use", href="#waldi-bone-shape", fill=BONE_FILL[kind]),
                       h("text", str(BONE_VALUE[kind]), x="16", y="11", text_anchor="middle", font_size="8",
                         font_weight="700", fill="#111"),
                       viewBox="0 0 32 16", aria_hidden="true", focusable="false"),
             cls="waldi-bone" + (" small" if small else ""), role="img", aria_label=label, title=label)


def mark_text(seat):
    return SYMBOLS[seat % len(SYMBOLS)] if isinstance(seat, int) else "?"


# ====================================================================== the screen
def render(ctx):
    v = ctx.view
    if not v:
        return h("p", "…")
    t = ctx.t
    colours = list(v.get("colours") or [])
    me = v.get("me")
    _show_guest_refusal(ctx)
    keys = _end_keys(ctx, v)
    board = [_defs(colours), _status(ctx, v), _banner(ctx, v)]
    # After the Stop the distribution comes first (with the "Next round" button).
    if v.get("phase") in ("scoring", "over") and v.get("results"):
        board.append(_round_scoring(ctx, v))
    if v.get("phase") == "over":
        board.append(_final_table(ctx, v))
    board.append(_players(ctx, v))
    board.append(_dogs(ctx, v, keys))
    if me is not None and v.get("phase") in ("countdown", "live"):
        board.append(_my_area(ctx, v))
    elif me is None and v.get("phase") in ("countdown", "live"):
        board.append(h("p", t("waldi.spectator"), cls="muted"))
    board.append(_legend(ctx, colours))
    if v.get("deck_warnings"):
        board.append(h("p", t("waldi.warnings"), " ", "; ".join(str(w) for w in v["deck_warnings"]),
                       cls="muted"))
    if me is not None:
        board.append(h("p", t("waldi.keys"), cls="muted waldi-keys", id="waldi-keys"))
        _keep_focus(ctx)
    return h("div", board, cls="waldi", id="waldi-board", tabindex="0",
             aria_describedby="waldi-keys" if me is not None else None,
             on_keydown=lambda e: _on_key(ctx, keys, e))


def _status(ctx, v):
    t = ctx.t
    phase = v.get("phase")
    line = [h("strong", t("waldi.round", n=v.get("round"), of=v.get("rounds")))]
    if phase == "countdown":
        line += [" · ", t("waldi.get_ready")]
    elif phase == "live":
        line += [" · ", t("waldi.live")]
        if v.get("idle_stop_at"):
            line += [h("span", " · ", t("waldi.idle_in"), " ", ctx.countdown(v["idle_stop_at"]), cls="muted")]
    elif v.get("stop"):
        line += [" · ", t("waldi.stop")]
    return h("p", line, cls="status waldi-status", role="status", id="waldi-status", data_phase=phase)


def _banner(ctx, v):
    """The "Wuff!" countdown, the "Wuff!" itself for a moment, the Stop banner."""
    t = ctx.t
    phase = v.get("phase")
    if phase == "countdown":
        # Seconds to "Wuff!" as a bare number (the shell's countdown element adds " s").
        offset = int(getattr(ctx.app.ctl, "clock_offset", 0) or 0)
        return h("div", h("span", t("waldi.get_ready")), " ",
                 h("span", "", cls="waldi-count", data_deadline=int(v.get("go_ms") or 0), data_offset=offset,
                   role="timer"),
                 cls="waldi-banner ready", id="waldi-countdown")
    if phase == "live":
        since = ctx.now() - int(v.get("go_ms") or 0)
        if 0 <= since < 1800:
            # A re-render rebuilds the element: a negative delay continues the animation.
            return h("div", t("waldi.wuff"), cls="waldi-banner wuff", id="waldi-wuff",
                     style=f"animation-delay:-{since}ms", aria_live="assertive")
        return None
    stop = v.get("stop")
    if stop:
        reason = stop.get("reason")
        text = (t("waldi.stop.markers", name=ctx.name(stop.get("seat"))) if reason == "markers"
                else t("waldi.stop.no_moves") if reason == "no_moves" else t("waldi.stop.idle"))
        who = ctx.marker(stop["seat"]) if reason == "markers" and stop.get("seat") is not None else None
        return h("div", h("strong", t("waldi.stop")), " ", who, " ", text, cls="waldi-banner stop",
                 id="waldi-stop", role="alert", data_reason=reason)
    return None


def _players(ctx, v):
    t = ctx.t
    me = v.get("you")
    items = []
    for seat, s in enumerate(v.get("seats") or []):
        left = int(s.get("markers_left", 0))
        used = max(0, 6 - left)
        piles = s.get("piles") or [0, 0, 0]
        stacks = []
        for i, n in enumerate(piles):
            held = s.get("in_hand") == i
            stacks.append(h("span", str(n), cls="waldi-mini" + (" held" if held else "") + (" empty" if not n else ""),
                            title=t("waldi.in_hand", n=i + 1) if held else None))
        described = t("waldi.piles_of", a=piles[0], b=piles[1], c=piles[2])
        if s.get("in_hand") is not None:
            described += ", " + t("waldi.in_hand", n=s["in_hand"] + 1)
        items.append(h(
            "li",
            h("div", ctx.marker(seat), " ", h("strong", s.get("name") or ctx.name(seat)),
              h("span", " · " + t("waldi.points", n=s.get("points", 0)), cls="muted"), cls="waldi-who"),
            h("div", h("span", stacks, cls="waldi-minis", role="img", aria_label=described),
              h("span", "🂠", cls="waldi-holding", role="img", aria_label=t("waldi.holding"),
                title=t("waldi.holding")) if s.get("holding") else None, cls="waldi-piles-row"),
            h("div", h("span", mark_text(seat) * left, cls=f"pmark p{seat % 6}", aria_hidden="true"),
              h("span", "○" * used, cls="muted", aria_hidden="true"),
              h("span", t("waldi.markers", n=left), cls="sr-only"),
              h("span", " ✓ " + t("waldi.emptied"), cls="ok") if s.get("pile_emptied") else None,
              cls="waldi-markers", data_markers=left),
            cls="waldi-seat" + (" me" if seat == me else ""), data_seat=seat))
    return h("ul", items, cls="waldi-seats", aria_label=t("play.players"))


def _end_keys(ctx, v):
    """dog id -> key letter for every open dachshund; a letter stays with its dachshund."""
    state = ctx.ui.get("waldi.keys")
    if not state or state.get("round") != v.get("round"):
        state = {"round": v.get("round"), "map": {}}
    old = state["map"]
    open_ids = [d["id"] for d in v.get("dogs") or [] if d.get("open")]
    keys = {d: old[d] for d in open_ids if d in old}
    free = [k for k in END_KEYS if k not in keys.values()]
    for d in open_ids:
        if d not in keys and free:
            keys[d] = free.pop(0)
    state["map"] = keys
    ctx.ui["waldi.keys"] = state
    return keys


def _flashes(v):
    return {(e.get("dog"), e.get("index")): e.get("seat") for e in v.get("recent") or []}


def _strip(ctx, v, dog, flashes, small=False):
    colours = list(v.get("colours") or [])
    cards = []
    for i, face in enumerate(dog.get("cards") or []):
        label = card_label(ctx, face)
        extra = []
        cls = "waldi-card " + face.get("kind", "")
        placer = flashes.get((dog["id"], i))
        if placer is not None:
            cls += f" flash f{placer % 6}"
            label += ", " + ctx.t("waldi.laid_by", name=ctx.name(placer))
            extra.append(h("span", mark_text(placer), cls=f"waldi-flashmark pmark p{placer % 6}",
                           aria_hidden="true"))
        owner = face.get("owner")
        if owner is not None:
            label += ", " + ctx.t("waldi.card_of", name=ctx.name(owner))
            extra.append(h("span", mark_text(owner), cls=f"waldi-owner pmark p{owner % 6}", aria_hidden="true"))
        cards.append(h("li", card_svg(colours, face), extra, cls=cls, role="img", aria_label=label,
                       title=label))
    return h("ol", cards, cls="waldi-strip" + (" small" if small else ""))


def _n_cards(ctx, n):
    return ctx.t("waldi.card1") if n == 1 else ctx.t("waldi.cards", n=n)


def _dogs(ctx, v, keys):
    t = ctx.t
    colours = list(v.get("colours") or [])
    me = v.get("me")
    live = v.get("phase") == "live"
    stopped = v.get("phase") in ("scoring", "over")
    revealed = (me or {}).get("revealed") if live else None
    can_attach = bool(revealed) and revealed.get("kind") != "head"
    fits = {a["dog"] for a in ctx.legal if a.get("type") == "attach"}
    flashes = _flashes(v)
    dogs = v.get("dogs") or []
    rows = []
    if revealed and revealed.get("kind") == "head" and any(a.get("type") == "place_head" for a in ctx.legal):
        rows.append(h("li", h("button", h("span", "N", cls="waldi-key"), " + ", t("waldi.new_dog"),
                              cls="waldi-newdog", id="waldi-new", aria_label=t("waldi.new_dog_label"),
                              on_click=lambda e: ctx.act({"type": "place_head"})),
                      cls="waldi-dog new"))
    for dog in dogs:
        if not dog.get("open") or stopped:
            continue
        key = keys.get(dog["id"], "")
        end = dog.get("end")
        fit = dog["id"] in fits
        length = dog.get("length", len(dog.get("cards") or []))
        attach = {"type": "attach", "dog": dog["id"], "at": length}

        def go(e, a=attach):
            ctx.act(a)
        label = t("waldi.attach_fits" if fit else "waldi.attach", letter=key.upper() or "?",
                  colour=colour_name(ctx, end))
        end_btn = h("button", h("span", key.upper(), cls="waldi-key") if key else None, swatch(colours, end),
                    cls="waldi-end" + (" fits" if fit else ""), data_key=f"end-{dog['id']}",
                    data_dog=dog["id"], aria_label=label, title=label, disabled=not can_attach,
                    on_click=go)
        # Who would get it: only what the table shows (owner tags on), never a memory aid.
        head_owner = ((dog.get("cards") or [{}])[0]).get("owner")
        gives = (t("waldi.gives", n=length + 1, head=ctx.name(head_owner)) if head_owner is not None
                 else t("waldi.worth", n=length + 1))
        rows.append(h(
            "li",
            h("div", h("span", t("waldi.dog", letter=key.upper() or "·"), cls="waldi-dogname"),
              h("span", " · " + _n_cards(ctx, length) + " · " + gives, cls="muted"), cls="waldi-doginfo"),
            h("div", h("div", _strip(ctx, v, dog, flashes), cls="waldi-stripwrap",
                       on_click=go if can_attach else None), end_btn, cls="waldi-dogrow"),
            cls="waldi-dog" + (" fits" if fit else ""), data_dog=dog["id"], data_length=length, data_open="1"))
    out = []
    if not stopped:
        out += [h("h2", t("waldi.dogs"), cls="waldi-h"), h("p", t("waldi.rule"), cls="muted waldi-rule"),
                h("ol", rows, cls="waldi-dogs", id="waldi-open") if rows
                else h("p", t("waldi.no_dogs"), cls="muted", id="waldi-open")]
    done = [d for d in dogs if not d.get("open")]
    if done:
        items = []
        for dog in done:
            by = dog.get("completed_by")
            owner = dog.get("owner")
            items.append(h(
                "li", _strip(ctx, v, dog, flashes, small=True),
                h("span", ctx.marker(by) if by is not None else None, " ",
                  t("waldi.completed_by", name=ctx.name(by)), " · ", _n_cards(ctx, dog.get("length", 0)),
                  h("span", " · ", t("waldi.goes_to", name=ctx.name(owner)), cls="waldi-goes")
                  if owner is not None else None, cls="muted"),
                cls="waldi-done", data_dog=dog["id"], data_length=dog.get("length"), data_owner=owner))
        out += [h("h2", t("waldi.completed"), cls="waldi-h"), h("ol", items, cls="waldi-donelist",
                                                                id="waldi-done")]
    left = [d for d in dogs if d.get("open")] if stopped else []
    if left:
        items = [h("li", _strip(ctx, v, d, flashes, small=True), h("span", _n_cards(ctx, d.get("length", 0)),
                                                                    cls="muted"),
                   cls="waldi-done open", data_dog=d["id"]) for d in left]
        out += [h("h2", t("waldi.incomplete"), cls="waldi-h"), h("ol", items, cls="waldi-donelist",
                                                                 id="waldi-incomplete")]
    return h("section", out, cls="waldi-table", aria_label=t("waldi.dogs"))


def _my_area(ctx, v):
    t = ctx.t
    me = v["me"]
    colours = list(v.get("colours") or [])
    legal = ctx.legal
    takes = {a["pile"] for a in legal if a.get("type") == "take_pile"}
    can_reveal = any(a.get("type") == "reveal" for a in legal)
    piles = []
    for i, n in enumerate(me.get("piles") or []):
        held = me.get("in_hand") == i
        if held:
            label = t("waldi.pile_in_hand", n=i + 1, k=n)
            act = {"type": "reveal"} if can_reveal else None
        else:
            label = t("waldi.pile_take", n=i + 1, k=n) if i in takes else t("waldi.pile", n=i + 1, k=n)
            act = {"type": "take_pile", "pile": i} if i in takes else None
        piles.append(h("button", h("span", str(i + 1), cls="waldi-key"), h("span", str(n), cls="waldi-count-n"),
                       cls="waldi-pile" + (" held" if held else "") + (" empty" if not n else ""),
                       id=f"waldi-pile-{i}", aria_label=label, title=label, aria_pressed="true" if held else "false",
                       disabled=act is None, on_click=(lambda e, a=act: ctx.act(a)) if act else None))
    revealed = me.get("revealed")
    if revealed:
        card = h("div", h("div", card_svg(colours, revealed), cls=f"waldi-card big {revealed.get('kind')}",
                          role="img", aria_label=card_label(ctx, revealed)),
                 h("p", card_label(ctx, revealed), cls="waldi-cardname"),
                 h("p", t("waldi.declines_in"), " ", ctx.countdown(me["hold_until"]), cls="muted")
                 if me.get("hold_until") else None,
                 cls="waldi-revealed", id="waldi-revealed", data_kind=revealed.get("kind"),
                 data_front=revealed.get("front"), data_rear=revealed.get("rear"))
    else:
        hint = t("waldi.no_card") if me.get("in_hand") is not None else t("waldi.take_a_pile")
        card = h("div", h("div", cls="waldi-card big back", aria_hidden="true"), h("p", hint, cls="muted"),
                 cls="waldi-revealed none", id="waldi-revealed")
    buttons = [h("button", h("span", "␣", cls="waldi-key"), " ", t("waldi.reveal"), id="waldi-reveal",
                 disabled=not can_reveal, on_click=lambda e: ctx.act({"type": "reveal"}))]
    if any(a.get("type") == "place_head" for a in legal):
        buttons.append(h("button", h("span", "N", cls="waldi-key"), " ", t("waldi.new_dog"), id="waldi-head",
                         cls="primary", on_click=lambda e: ctx.act({"type": "place_head"})))
    buttons.append(h("button", h("span", "U", cls="waldi-key"), " ", t("waldi.decline"), id="waldi-decline",
                     disabled=not any(a.get("type") == "decline" for a in legal),
                     on_click=lambda e: ctx.act({"type": "decline"})))
    return h("section",
             h("h2", t("waldi.your_piles"), cls="sr-only"),
             h("div", piles, cls="waldi-mypiles", role="group", aria_label=t("waldi.your_piles")),
             card,
             h("div", buttons, cls="waldi-actions"),
             cls="waldi-hand", id="waldi-hand", aria_label=t("waldi.your_card"))


def _round_scoring(ctx, v):
    t = ctx.t
    r = v["results"][-1]
    rows = []
    for seat, name in enumerate(v.get("players") or []):
        rank = (r.get("rank_bones") or [None] * (seat + 1))[seat]
        bonus = (r.get("pile_bonus") or [False] * (seat + 1))[seat]
        bonus_kind = "silver" if v.get("edition") == "FR" else "bronze"
        rows.append(h("tr", h("th", ctx.marker(seat), " ", ctx.name(seat), scope="row"),
                      h("td", str((r.get("won_cards") or [0] * (seat + 1))[seat])),
                      h("td", bone(ctx, rank) if rank else t("waldi.none")),
                      h("td", bone(ctx, bonus_kind) if bonus else t("waldi.none")),
                      h("td", str((r.get("points") or [0] * (seat + 1))[seat])),
                      h("td", str((v.get("points") or [0] * (seat + 1))[seat])), data_seat=seat))
    table = h("table", h("caption", t("waldi.scoring", n=r.get("round"))),
              h("thead", h("tr", h("th", t("waldi.player"), scope="col"), h("th", t("waldi.won"), scope="col"),
                           h("th", t("waldi.rank_bone"), scope="col"), h("th", t("waldi.pile_bone"), scope="col"),
                           h("th", t("waldi.round_points"), scope="col"), h("th", t("waldi.total"), scope="col"))),
              h("tbody", rows), cls="waldi-scores")
    after = []
    if v.get("phase") == "scoring":
        if v.get("next_round_at"):
            after.append(h("p", t("waldi.next_in"), " ", ctx.countdown(v["next_round_at"]), cls="muted"))
        if any(a.get("type") == "next_round" for a in ctx.legal):
            after.append(h("button", t("waldi.next_round"), cls="primary", id="waldi-next",
                           on_click=lambda e: ctx.act({"type": "next_round"})))
    return h("section", table, after, cls="panel waldi-scoring", id="waldi-scoring", data_round=r.get("round"))


def _final_table(ctx, v):
    t = ctx.t
    results = v.get("results") or []
    winners = set(v.get("winners") or [])
    head = [h("th", t("waldi.player"), scope="col")]
    head += [h("th", t("waldi.round_col", n=r.get("round")), scope="col") for r in results]
    head += [h("th", t("waldi.won"), scope="col"), h("th", t("waldi.bones"), scope="col"),
             h("th", t("waldi.total"), scope="col")]
    rows = []
    for seat, s in enumerate(v.get("seats") or []):
        won = sum((r.get("won_cards") or [0] * (seat + 1))[seat] for r in results)
        bones = []
        for kind in ("gold", "silver", "bronze"):
            n = (s.get("bones") or {}).get(kind, 0)
            if n:
                bones.append(h("span", bone(ctx, kind, small=True), f"×{n}", cls="waldi-bonecount"))
        rows.append(h("tr", h("th", ctx.marker(seat), " ", ctx.name(seat),
                              h("span", " ★ " + t("waldi.winner"), cls="ok") if seat in winners else None,
                              scope="row"),
                      [h("td", str((r.get("points") or [0] * (seat + 1))[seat])) for r in results],
                      h("td", str(won)), h("td", bones or t("waldi.none")),
                      h("td", h("strong", str(s.get("points", 0)))),
                      cls="winner" if seat in winners else None, data_seat=seat))
    return h("section", h("table", h("caption", t("waldi.final")), h("thead", h("tr", head)), h("tbody", rows),
                          cls="waldi-scores"), cls="panel waldi-final", id="waldi-final")


def _legend(ctx, colours):
    items = [h("li", swatch(colours, c), " ", colour_name(ctx, c)) for c in colours]
    return h("div", h("span", ctx.t("waldi.colours"), ": ", cls="muted"), h("ul", items, cls="waldi-legend"),
             cls="waldi-legendrow")


# ====================================================================== keyboard, focus, refusals
def _on_key(ctx, keys, e):
    if e.ctrlKey or e.metaKey or e.altKey or ctx.seat is None:
        return
    key = str(e.key or "")
    target = e.target
    tag = str(target.tagName).lower() if target is not None and getattr(target, "tagName", None) else ""
    if tag in ("input", "select", "textarea"):
        return
    if key in (" ", "Enter", "Spacebar") and tag in ("button", "a", "summary"):
        return                           # let a focused control do its own thing
    legal = ctx.legal
    v = ctx.view
    action = None
    k = key.lower() if len(key) == 1 else key
    if k in ("1", "2", "3"):
        i = int(k) - 1
        if any(a.get("type") == "take_pile" and a.get("pile") == i for a in legal):
            action = {"type": "take_pile", "pile": i}
        elif (v.get("me") or {}).get("in_hand") == i and any(a.get("type") == "reveal" for a in legal):
            action = {"type": "reveal"}
    elif k in (" ", "Spacebar"):
        if any(a.get("type") == "reveal" for a in legal):
            action = {"type": "reveal"}
    elif k in ("u", "d"):
        if any(a.get("type") == "decline" for a in legal):
            action = {"type": "decline"}
    elif k in ("n", "h"):
        if any(a.get("type") == "place_head" for a in legal):
            action = {"type": "place_head"}
    elif len(k) == 1 and k in END_KEYS:
        dog_id = next((d for d, key_ in keys.items() if key_ == k), None)
        dog = next((d for d in v.get("dogs") or [] if d.get("id") == dog_id), None)
        if dog is not None:
            action = {"type": "attach", "dog": dog["id"], "at": dog.get("length")}
    if action is None:
        if k in (" ", "Spacebar"):
            e.preventDefault()           # no page scroll while playing
        return
    e.preventDefault()
    if v.get("phase") not in ("live", "countdown"):
        return
    ctx.act(action)


def _keep_focus(ctx):
    """Keep keyboard play alive: focus the board once, and again whenever a re-render
    removed the focused control (focus fell back to the page body)."""
    first = not ctx.ui.get("waldi.focused")
    ctx.ui["waldi.focused"] = True

    def check():
        el = document.activeElement
        lost = el is None or not el or str(getattr(el, "tagName", "BODY")).upper() == "BODY"
        if first or lost:
            board = dom.by_id("waldi-board")
            if board:
                board.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
    dom.later(0, check)


def _show_guest_refusal(ctx):
    """A guest's refused intent: the shell keeps the host's reason in ``ctl.error`` but does
    not show it on the play screen, so show it as the same toast the host's seats get."""
    ctl = ctx.app.ctl
    err = getattr(ctl, "error", None) if not getattr(ctl, "is_host", True) else None
    seen = ctx.ui.get("waldi.err")
    if err and err != seen:
        ctx.app.toast(str(err))
    ctx.ui["waldi.err"] = err
