"""The Wie Waldi! / "10" screen: everybody plays at once.

What it shows, all from the seat's ``view`` (RULES.md §4.8): the open dachshunds as card
strips (SVG art: head, bellies, tail, cat; every blanket colour also carries its own
pattern, so colour-blind players can match ends), your three face-down piles and your
turned-up card, the other players' piles as counts, markers left, who laid a card during
the short "placed by" flash, owner tags only when the table shows them (``show_card_owner``,
or after the Stop), the "Wuff!" countdown, the Stop banner, each round's distribution with
bones, and the final table.  Bone values, the pile bone of each edition and the number of
markers are the game's (``ctx.constants``).

Fast input: click or tap a dachshund's open end (or its strip) to attach the turned-up
card, or use the keys: 1/2/3 take a pile, Space turns up a card, the letter shown on an
open end attaches there, N starts a new dachshund with a head, U (or D) puts the card
under its pile.  The letters stay with their dachshund while it is open (kept in
``ctx.scratch``).  An attach names the length the player saw (``at``), so a placement that
loses a race is refused by the host (``end_taken``) and the card stays in hand; the shell
shows the refusal as a toast.
"""
from __future__ import annotations

from .. import dom
from ..dom import h

# Keys for open ends: letters, minus the ones that are commands (d, h, n, u).
END_KEYS = "abcefgijklmopqrstvwxyz"

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
BONE_FILL = {"gold": "#e0a800", "silver": "#a9b0b8", "bronze": "#b5703a"}

def bone_kinds(ctx) -> list:
    """The bones, most valuable first."""
    values = ctx.constants["bone_value"]
    return sorted(values, key=values.get, reverse=True)


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


def _defs(ctx, colours):
    return defs(colours)


def defs(colours):
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
    """A bone with its points written on it (the points are the game's, ``bone_value``)."""
    label = ctx.t(f"waldi.bone.{kind}")
    points = ctx.constants["bone_value"][kind]
    return h("span", h("svg", h("use", href="#waldi-bone-shape", fill=BONE_FILL[kind]),
                       h("text", str(points), x="16", y="11", text_anchor="middle", font_size="8",
                         font_weight="700", fill="#111"),
                       viewBox="0 0 32 16", aria_hidden="true", focusable="false"),
             cls="waldi-bone" + (" small" if small else ""), role="img", aria_label=label, title=label)


def mark_text(ctx, seat):
    """A player's symbol as plain text (for spots where the marker element does not fit)."""
    return ctx.symbol(seat) if isinstance(seat, int) else "?"


# ====================================================================== the screen
# Keyboard play stays alive: the shell focuses the board when a seat's screen first shows,
# and again whenever a redraw removed the focused control (``focus.keep_focus``).
KEEP_FOCUS = "waldi-board"


def render(ctx):
    v = ctx.view
    if not v:
        return h("p", "…")
    t = ctx.t
    colours = list(v.get("colours") or [])
    me = v.get("me")
    phase = v.get("phase")
    keys = _end_keys(ctx, v)
    # the picture parts and the legend change only with the table's colours
    board = [ctx.part("defs", _defs, colours), _status(ctx, v), _banner(ctx, v)]
    # After the Stop the distribution comes first (with the "Next round" button).
    if phase in ("scoring", "over") and v.get("results"):
        board.append(_round_scoring(ctx, v))
    if phase == "over":
        board.append(_final_table(ctx, v))
    board.append(_players(ctx, v))
    board.append(_dogs(ctx, v, keys))
    if phase in ("countdown", "live"):
        board.append(_my_area(ctx, v) if me is not None else h("p", t("waldi.spectator"), cls="muted"))
    board.append(ctx.part("legend", _legend, colours))
    if v.get("deck_warnings"):
        board.append(h("p", t("waldi.warnings"), " ", "; ".join(str(w) for w in v["deck_warnings"]),
                       cls="muted"))
    if me is not None:
        board.append(h("p", t("waldi.keys"), cls="muted waldi-keys", id="waldi-keys"))
    return h("div", board, cls="waldi", id="waldi-board", tabindex="0",
             aria_describedby="waldi-keys" if me is not None else None,
             on_keydown=lambda e: _on_key(ctx, keys, e))


def _status(ctx, v):
    """The round, and what the table is doing (ready, live with the idle Stop, stopped)."""
    t = ctx.t
    phase = v.get("phase")
    line = [h("strong", t("waldi.round", n=v.get("round"), of=v.get("rounds")))]
    if phase == "countdown":
        line += [" · ", t("waldi.get_ready")]
    elif phase == "live":
        line += [" · ", t("waldi.live")]
        if ctx.deadline("idle"):
            line += [h("span", " · ", t("waldi.idle_in"), " ", ctx.countdown(ctx.deadline("idle")), cls="muted")]
    elif v.get("stop"):
        line += [" · ", t("waldi.stop")]
    return h("p", line, cls="status waldi-status", role="status", id="waldi-status", data_phase=phase)


def _banner(ctx, v):
    """The "Wuff!" countdown, the "Wuff!" itself for a moment, the Stop banner."""
    t = ctx.t
    phase = v.get("phase")
    if phase == "countdown":
        # Seconds to "Wuff!" as a bare number (the shell's countdown element adds " s").
        return h("div", h("span", t("waldi.get_ready")), " ",
                 ctx.countdown(int(v.get("go_ms") or 0) or None, cls="waldi-count"),
                 cls="waldi-banner ready", id="waldi-countdown")
    if phase == "live":
        since = ctx.now() - int(v.get("go_ms") or 0)
        if 0 <= since < 1800:
            # A re-render rebuilds the element: a negative delay continues the animation.
            return h("div", t("waldi.wuff"), cls="waldi-banner wuff", id="waldi-wuff",
                     style=f"animation-delay:-{since}ms", aria_live="assertive")
        return None
    return _stop_banner(ctx, v.get("stop")) if v.get("stop") else None


def _stop_banner(ctx, stop):
    t = ctx.t
    reason = stop.get("reason")
    text = (t("waldi.stop.markers", name=ctx.name(stop.get("seat"))) if reason == "markers"
            else t("waldi.stop.no_moves") if reason == "no_moves" else t("waldi.stop.idle"))
    who = ctx.marker(stop["seat"]) if reason == "markers" and stop.get("seat") is not None else None
    return h("div", h("strong", t("waldi.stop")), " ", who, " ", text, cls="waldi-banner stop",
             id="waldi-stop", role="alert", data_reason=reason)


# ---------------------------------------------------------------------- the players
def _players(ctx, v):
    items = [ctx.part(("seat", seat), _seat, seat, s, seat == v.get("you"))
             for seat, s in enumerate(v.get("seats") or [])]
    return h("ul", items, cls="waldi-seats", aria_label=ctx.t("play.players"))


def _seat(ctx, seat, s, mine):
    """One player: name and points, pile sizes (which is in hand), a card held, markers."""
    t = ctx.t
    return h(
        "li",
        h("div", ctx.marker(seat), " ", h("strong", s.get("name") or ctx.name(seat)),
          h("span", " · " + t("waldi.points", n=s.get("points", 0)), cls="muted"), cls="waldi-who"),
        h("div", _seat_piles(ctx, s),
          h("span", "🂠", cls="waldi-holding", role="img", aria_label=t("waldi.holding"),
            title=t("waldi.holding")) if s.get("holding") else None, cls="waldi-piles-row"),
        _seat_markers(ctx, seat, s),
        cls="waldi-seat" + (" me" if mine else ""), data_seat=seat)


def _seat_piles(ctx, s):
    t = ctx.t
    piles = s.get("piles") or [0, 0, 0]
    stacks = []
    for i, n in enumerate(piles):
        held = s.get("in_hand") == i
        stacks.append(h("span", str(n), cls="waldi-mini" + (" held" if held else "") + (" empty" if not n else ""),
                        title=t("waldi.in_hand", n=i + 1) if held else None))
    described = t("waldi.piles_of", a=piles[0], b=piles[1], c=piles[2])
    if s.get("in_hand") is not None:
        described += ", " + t("waldi.in_hand", n=s["in_hand"] + 1)
    return h("span", stacks, cls="waldi-minis", role="img", aria_label=described)


def _seat_markers(ctx, seat, s):
    """Markers left (the player's symbol) and used (rings); a tick once a pile is emptied."""
    left = int(s.get("markers_left", 0))
    used = max(0, ctx.constants["markers"] - left)
    return h("div", h("span", mark_text(ctx, seat) * left, cls=ctx.mark_cls(seat), aria_hidden="true"),
             h("span", "○" * used, cls="muted", aria_hidden="true"),
             h("span", ctx.t("waldi.markers", n=left), cls="sr-only"),
             h("span", " ✓ " + ctx.t("waldi.emptied"), cls="ok") if s.get("pile_emptied") else None,
             cls="waldi-markers", data_markers=left)


# ---------------------------------------------------------------------- the dachshunds
def _end_keys(ctx, v):
    """dog id -> key letter for every open dachshund: a round's dachshunds have consecutive
    ids, and each has the letter of its place in the round, so a letter stays with its
    dachshund while others close (a pure function of the view: nothing remembered)."""
    dogs = v.get("dogs") or []
    if not dogs:
        return {}
    first, keys, used = dogs[0]["id"], {}, set()
    for d in dogs:
        key = END_KEYS[(d["id"] - first) % len(END_KEYS)]
        if d.get("open") and key not in used:
            keys[d["id"]] = key
            used.add(key)
    return keys


def _flashes(v):
    return {(e.get("dog"), e.get("index")): e.get("seat") for e in v.get("recent") or []}


def _strip(ctx, v, dog, flashes, small=False):
    """A dachshund's cards in a row; who laid a card while it flashes, owners when shown."""
    mine = tuple((i, seat) for (d, i), seat in flashes.items() if d == dog["id"])
    return ctx.part(("strip", dog["id"], small), _strip_of, list(v.get("colours") or []), dog, mine, small)


def _strip_of(ctx, colours, dog, flashing, small):
    flashes = {(dog["id"], i): seat for i, seat in flashing}
    cards = []
    for i, face in enumerate(dog.get("cards") or []):
        label = card_label(ctx, face)
        extra = []
        cls = "waldi-card " + face.get("kind", "")
        placer = flashes.get((dog["id"], i))
        if placer is not None:
            cls += f" flash f{ctx.colour_index(placer)}"
            label += ", " + ctx.t("waldi.laid_by", name=ctx.name(placer))
            extra.append(h("span", mark_text(ctx, placer), cls="waldi-flashmark " + ctx.mark_cls(placer),
                           aria_hidden="true"))
        owner = face.get("owner")
        if owner is not None:
            label += ", " + ctx.t("waldi.card_of", name=ctx.name(owner))
            extra.append(h("span", mark_text(ctx, owner), cls="waldi-owner " + ctx.mark_cls(owner),
                           aria_hidden="true"))
        cards.append(h("li", h("span", card_svg(colours, face), extra, cls="pic", role="img", aria_label=label,
                               title=label), cls=cls))
    return h("ol", cards, cls="waldi-strip" + (" small" if small else ""))


def _n_cards(ctx, n):
    return ctx.t("waldi.cards", n=n)


def _dogs(ctx, v, keys):
    """The table: the open dachshunds while the round runs, then the completed ones and,
    after the Stop, the ones left incomplete."""
    t = ctx.t
    dogs = v.get("dogs") or []
    flashes = _flashes(v)
    stopped = v.get("phase") in ("scoring", "over")
    out = []
    if not stopped:
        rows = _open_dogs(ctx, v, keys, flashes)
        out += [h("h2", t("waldi.dogs"), cls="waldi-h"), h("p", t("waldi.rule"), cls="muted waldi-rule"),
                h("ol", rows, cls="waldi-dogs", id="waldi-open") if rows
                else h("p", t("waldi.no_dogs"), cls="muted", id="waldi-open")]
    colours = list(v.get("colours") or [])
    done = [ctx.part(("done", d["id"]), _done_dog, colours, d, _dog_flashes(d, flashes))
            for d in dogs if not d.get("open")]
    if done:
        out += [h("h2", t("waldi.completed"), cls="waldi-h"), h("ol", done, cls="waldi-donelist", id="waldi-done")]
    left = [d for d in dogs if d.get("open")] if stopped else []
    if left:
        items = [h("li", _strip(ctx, v, d, flashes, small=True), h("span", _n_cards(ctx, d.get("length", 0)),
                                                                    cls="muted"),
                   cls="waldi-done open", data_dog=d["id"]) for d in left]
        out += [h("h2", t("waldi.incomplete"), cls="waldi-h"), h("ol", items, cls="waldi-donelist",
                                                                 id="waldi-incomplete")]
    return h("section", out, cls="waldi-table", aria_label=t("waldi.dogs"))


def _open_dogs(ctx, v, keys, flashes):
    """The "new dachshund" row when a head is up, then one row per open dachshund."""
    me = v.get("me")
    revealed = (me or {}).get("revealed") if v.get("phase") == "live" else None
    can_attach = bool(revealed) and revealed.get("kind") != "head"
    fits = {a["dog"] for a in ctx.find("attach")}
    rows = []
    if revealed and revealed.get("kind") == "head" and ctx.can("place_head"):
        # named by what it shows (a voice user says what he sees); the longer help is its description
        rows.append(h("li", h("button", h("span", "N", cls="waldi-key"), " + ", ctx.t("waldi.new_dog"),
                              cls="waldi-newdog", id="waldi-new", title=ctx.t("waldi.new_dog_label"),
                              on_click=lambda e: ctx.act({"type": "place_head"})),
                      cls="waldi-dog new"))
    for dog in v.get("dogs") or []:
        if dog.get("open"):
            # each dachshund drawn again only when it, its letter or what may be laid changes
            rows.append(ctx.part(("open", dog["id"]), _open_dog_part, list(v.get("colours") or []), dog,
                                 keys.get(dog["id"], ""), dog["id"] in fits, can_attach, _dog_flashes(dog, flashes)))
    return rows


def _dog_flashes(dog, flashes) -> tuple:
    """The flashes on ``dog``'s cards, as ``ctx.part`` compares them."""
    return tuple(sorted((k, seat) for k, seat in flashes.items() if k[0] == dog["id"]))


def _open_dog_part(ctx, colours, dog, key, fit, can_attach, flashing):
    """``_open_dog``, for ``ctx.part``: its arguments are all it reads."""
    return _open_dog(ctx, {"colours": colours}, dog, key, fit, can_attach, dict(flashing))


def _done_dog(ctx, colours, dog, flashing):
    """``done_dog``, for ``ctx.part``: its arguments are all it reads."""
    return done_dog(ctx, {"colours": colours}, dog, dict(flashing))


def _open_dog(ctx, v, dog, key, fit, can_attach, flashes):
    """One open dachshund: its letter, length and worth, its cards, and its open end."""
    t = ctx.t
    length = dog.get("length", len(dog.get("cards") or []))
    attach = {"type": "attach", "dog": dog["id"], "at": length}

    def go(e):
        ctx.act(attach)
    label = t("waldi.attach_fits" if fit else "waldi.attach", letter=key.upper() or "?",
              colour=colour_name(ctx, dog.get("end")))
    end_btn = h("button", h("span", key.upper(), cls="waldi-key") if key else None,
                swatch(list(v.get("colours") or []), dog.get("end")),
                cls="waldi-end" + (" fits" if fit else ""), data_key=f"end-{dog['id']}",
                data_dog=dog["id"], aria_label=label, title=label, disabled=not can_attach, on_click=go)
    # Who would get it: only what the table shows (owner tags on), never a memory aid.
    head_owner = ((dog.get("cards") or [{}])[0]).get("owner")
    gives = (t("waldi.gives", n=length + 1, head=ctx.name(head_owner)) if head_owner is not None
             else t("waldi.worth", n=length + 1))
    return h(
        "li",
        h("div", h("span", t("waldi.dog", letter=key.upper() or "·"), cls="waldi-dogname"),
          h("span", " · " + _n_cards(ctx, length) + " · " + gives, cls="muted"), cls="waldi-doginfo"),
        h("div", h("div", _strip(ctx, v, dog, flashes), cls="waldi-stripwrap",
                   on_click=go if can_attach else None), end_btn, cls="waldi-dogrow"),
        cls="waldi-dog" + (" fits" if fit else ""), data_dog=dog["id"], data_length=length, data_open="1")


def done_dog(ctx, v, dog, flashes):
    """A completed dachshund: who completed it, its length, and (after the Stop) whose it is."""
    by = dog.get("completed_by")
    owner = dog.get("owner")
    return h(
        "li", _strip(ctx, v, dog, flashes, small=True),
        h("span", ctx.marker(by) if by is not None else None, " ",
          ctx.t("waldi.completed_by", name=ctx.name(by)), " · ", _n_cards(ctx, dog.get("length", 0)),
          h("span", " · ", ctx.t("waldi.goes_to", name=ctx.name(owner)), cls="waldi-goes")
          if owner is not None else None, cls="muted"),
        cls="waldi-done", data_dog=dog["id"], data_length=dog.get("length"), data_owner=owner)


# ---------------------------------------------------------------------- your piles and card
def _my_area(ctx, v):
    t = ctx.t
    return h("section",
             h("h2", t("waldi.your_piles"), cls="sr-only"),
             h("div", _my_piles(ctx, v["me"]), cls="waldi-mypiles", role="group", aria_label=t("waldi.your_piles")),
             _my_card(ctx, v),
             h("div", _my_buttons(ctx), cls="waldi-actions"),
             cls="waldi-hand", id="waldi-hand", aria_label=t("waldi.your_card"))


def _my_piles(ctx, me):
    """Your three face-down piles: take one, or (the one in hand) turn up its top card."""
    t = ctx.t
    takes = {a["pile"] for a in ctx.find("take_pile")}
    piles = []
    for i, n in enumerate(me.get("piles") or []):
        held = me.get("in_hand") == i
        if held:
            label = t("waldi.pile_in_hand", n=i + 1, count=n)
            act = {"type": "reveal"} if ctx.can("reveal") else None
        else:
            label = t("waldi.pile_take", n=i + 1, count=n) if i in takes else t("waldi.pile", n=i + 1, count=n)
            act = {"type": "take_pile", "pile": i} if i in takes else None
        # the name says in words what the button shows: the key, then the count
        piles.append(h("button", h("span", str(i + 1), cls="waldi-key"), " ", h("span", str(n), cls="waldi-count-n"),
                       cls="waldi-pile" + (" held" if held else "") + (" empty" if not n else ""),
                       id=f"waldi-pile-{i}", aria_label=label, title=label, aria_pressed="true" if held else "false",
                       disabled=act is None, on_click=(lambda e, a=act: ctx.act(a)) if act else None))
    return piles


def _my_card(ctx, v):
    """Your turned-up card (and when it goes back under its pile by itself), or its back."""
    me = v["me"]
    revealed = me.get("revealed")
    if not revealed:
        hint = ctx.t("waldi.no_card") if me.get("in_hand") is not None else ctx.t("waldi.take_a_pile")
        return h("div", h("div", cls="waldi-card big back", aria_hidden="true"), h("p", hint, cls="muted"),
                 cls="waldi-revealed none", id="waldi-revealed")
    return h("div", h("div", card_svg(list(v.get("colours") or []), revealed),
                      cls=f"waldi-card big {revealed.get('kind')}", role="img", aria_label=card_label(ctx, revealed)),
             h("p", card_label(ctx, revealed), cls="waldi-cardname"),
             h("p", ctx.t("waldi.declines_in"), " ", ctx.countdown(ctx.deadline("hold", ctx.seat)), cls="muted")
             if ctx.deadline("hold", ctx.seat) else None,
             cls="waldi-revealed", id="waldi-revealed", data_kind=revealed.get("kind"),
             data_front=revealed.get("front"), data_rear=revealed.get("rear"))


def _my_buttons(ctx):
    t = ctx.t
    buttons = [h("button", h("span", "␣", cls="waldi-key"), " ", t("waldi.reveal"), id="waldi-reveal",
                 disabled=not ctx.can("reveal"), on_click=lambda e: ctx.act({"type": "reveal"}))]
    if ctx.can("place_head"):
        buttons.append(h("button", h("span", "N", cls="waldi-key"), " ", t("waldi.new_dog"), id="waldi-head",
                         cls="primary", on_click=lambda e: ctx.act({"type": "place_head"})))
    buttons.append(h("button", h("span", "U", cls="waldi-key"), " ", t("waldi.decline"), id="waldi-decline",
                     disabled=not ctx.can("decline"), on_click=lambda e: ctx.act({"type": "decline"})))
    return buttons


# ---------------------------------------------------------------------- scores
def _nth(values, seat, default=0):
    return (values or [default] * (seat + 1))[seat]


def _round_scoring(ctx, v):
    """The last round's distribution: cards won, ranking bone, pile bone, points."""
    t = ctx.t
    r = v["results"][-1]
    pile_bone = ctx.constants["pile_bonus_bone"][v.get("edition")]
    cols = ("waldi.player", "waldi.won", "waldi.rank_bone", "waldi.pile_bone", "waldi.round_points", "waldi.total")
    groups = []
    for seat, _name in enumerate(v.get("players") or []):
        rank = _nth(r.get("rank_bones"), seat, None)
        groups.append(_player_rows(ctx, seat, len(cols) - 1, (), [
            h("td", str(_nth(r.get("won_cards"), seat))),
            h("td", bone(ctx, rank) if rank else t("waldi.none")),
            h("td", bone(ctx, pile_bone) if _nth(r.get("pile_bonus"), seat, False) else t("waldi.none")),
            h("td", str(_nth(r.get("points"), seat))),
            h("td", str(_nth(v.get("points"), seat)))]))
    table = h("table", h("caption", t("waldi.scoring", n=r.get("round"))),
              h("thead", h("tr", [h("th", t(c), scope="col", cls="waldi-name-col" if c == "waldi.player" else None)
                                  for c in cols])),
              groups, cls="waldi-scores")
    after = []
    if v.get("phase") == "scoring":
        if ctx.deadline("next_round"):
            after.append(h("p", t("waldi.next_in"), " ", ctx.countdown(ctx.deadline("next_round")), cls="muted"))
        if ctx.can("next_round"):
            after.append(h("button", t("waldi.next_round"), cls="primary", id="waldi-next",
                           on_click=lambda e: ctx.act({"type": "next_round"})))
    return h("section", table, after, cls="panel waldi-scoring", id="waldi-scoring", data_round=r.get("round"))


def _final_table(ctx, v):
    """After the third round: points per round, cards won, bones, the total; the winners."""
    t = ctx.t
    results = v.get("results") or []
    winners = set(v.get("winners") or [])
    head = [h("th", t("waldi.player"), scope="col", cls="waldi-name-col")]
    head += [h("th", t("waldi.round_col", n=r.get("round")), scope="col") for r in results]
    head += [h("th", t("waldi.won"), scope="col"), h("th", t("waldi.bones"), scope="col"),
             h("th", t("waldi.total"), scope="col")]
    groups = []
    for seat, s in enumerate(v.get("seats") or []):
        won = sum(_nth(r.get("won_cards"), seat) for r in results)
        bones = [h("span", bone(ctx, kind, small=True), f"×{n}", cls="waldi-bonecount")
                 for kind in bone_kinds(ctx) if (n := (s.get("bones") or {}).get(kind, 0))]
        mark = (h("span", " ★ " + t("waldi.winner"), cls="ok"),) if seat in winners else ()
        groups.append(_player_rows(ctx, seat, len(head) - 1, mark, [
            [h("td", str(_nth(r.get("points"), seat))) for r in results],
            h("td", str(won)), h("td", bones or t("waldi.none")),
            h("td", h("strong", str(s.get("points", 0))))], winner=seat in winners))
    return h("section", h("table", h("caption", t("waldi.final")), h("thead", h("tr", head)), groups,
                          cls="waldi-scores"), cls="panel waldi-final", id="waldi-final")


def _player_rows(ctx, seat, span, mark, cells, winner=False):
    """One player's scores as a group of rows: the name as the row's header beside its
    numbers (a wide panel), or on a row of its own above them (a panel under 760 px, where
    the number columns left the names 40 px and broke them inside a word: "Comp/uter 1").  The page
    shows one of the two headers (``display: none`` takes the other out of the accessibility
    tree too), so a screen reader hears each name once."""
    cls = "winner" if winner else None
    return h("tbody",
             h("tr", h("th", ctx.marker(seat), " ", ctx.name(seat), *mark, colspan=span, scope="rowgroup"),
               cls="waldi-name-row winner" if winner else "waldi-name-row"),
             h("tr", h("th", ctx.marker(seat), " ", ctx.name(seat), *mark, scope="row", cls="waldi-name-col"),
               cells, cls=cls, data_seat=seat))


def _legend(ctx, colours):
    items = [h("li", swatch(colours, c), " ", colour_name(ctx, c)) for c in colours]
    return h("div", h("span", ctx.t("waldi.colours"), ": ", cls="muted"), h("ul", items, cls="waldi-legend"),
             cls="waldi-legendrow")


# ====================================================================== keyboard and focus
def _on_key(ctx, keys, e):
    """The board's keys (1/2/3, Space, N, U, an end's letter); a focused control keeps its own."""
    if e.ctrlKey or e.metaKey or e.altKey or ctx.seat is None:
        return
    key = str(e.key or "")
    tag = dom.target_tag(e)
    if tag in ("input", "select", "textarea"):
        return
    if key in (" ", "Enter", "Spacebar") and tag in ("button", "a", "summary"):
        return                           # let a focused control do its own thing
    k = key.lower() if len(key) == 1 else key
    action = _key_action(ctx, keys, k)
    if action is None:
        if k in (" ", "Spacebar"):
            e.preventDefault()           # no page scroll while playing
        return
    e.preventDefault()
    if ctx.view.get("phase") not in ("live", "countdown") or getattr(e, "repeat", False):
        return        # a key held down repeats: one move, not thirty a second (refused as a flood)
    ctx.act(action)


def _key_action(ctx, keys, k):
    """The action a key stands for now, or None."""
    v = ctx.view
    if k in ("1", "2", "3"):
        i = int(k) - 1
        if ctx.find("take_pile", pile=i):
            return {"type": "take_pile", "pile": i}
        if (v.get("me") or {}).get("in_hand") == i and ctx.can("reveal"):
            return {"type": "reveal"}
        return None
    if k in (" ", "Spacebar"):
        return {"type": "reveal"} if ctx.can("reveal") else None
    if k in ("u", "d"):
        return {"type": "decline"} if ctx.can("decline") else None
    if k in ("n", "h"):
        return {"type": "place_head"} if ctx.can("place_head") else None
    if len(k) == 1 and k in END_KEYS:
        dog_id = next((d for d, key_ in keys.items() if key_ == k), None)
        dog = next((d for d in v.get("dogs") or [] if d.get("id") == dog_id), None)
        if dog is not None:
            return {"type": "attach", "dog": dog["id"], "at": dog.get("length")}
    return None


# ====================================================================== how to play
def _face(kind, owner, front=None, rear=None, cat=False):
    return {"kind": kind, "front": front, "rear": rear, "cat": cat, "owner": owner}


def _example_dogs(ctx, colours):
    """Two completed dachshunds with their cards' owners shown: a tail with a cat wins the
    dachshund for whoever laid it, a tail without one gives it to the head's player."""
    from ..howto import example
    a, b = colours[0], colours[min(3, len(colours) - 1)]
    cat_dog = {"id": 0, "length": 3, "completed_by": 2, "owner": 2, "open": False,
               "cards": [_face("head", 0, rear=a), _face("belly", 1, front=a, rear=b),
                         _face("tail", 2, front=b, cat=True)]}
    plain_dog = {"id": 1, "length": 2, "completed_by": 0, "owner": 1, "open": False,
                 "cards": [_face("head", 1, rear=b), _face("tail", 0, front=b)]}
    v = {"colours": colours}
    ex = example(ctx, v)
    return h("div", defs(colours), h("ol", done_dog(ex, v, cat_dog, {}), done_dog(ex, v, plain_dog, {}),
                                      cls="waldi-donelist"), cls="waldi")


def _example_bones(ctx):
    from ..howto import example
    ex = example(ctx, {})
    # the bone's shape comes from the dachshunds' ``defs``, drawn once on the page
    return h("div", h("p", [bone(ex, kind) for kind in bone_kinds(ex)]), cls="waldi")


def how_to_play(ctx) -> list:
    """Wie Waldi! / “10” in a few parts, with the table's options (``ctx.view["options"]``)."""
    from ..howto import section
    t = ctx.t
    o = ctx.view.get("options") or {}
    k = ctx.constants
    edition = o.get("edition", "DE")
    colours = list(o.get("blanket_colours") or ["red", "yellow", "green", "blue"])
    pile_bone = (k.get("pile_bonus_bone") or {}).get(edition, "bronze")
    nums = {"rounds": k.get("rounds", 3), "markers": k.get("markers", 6), "piles": k.get("piles", 3),
            "pile": k.get("pile_size", 10), "set": k.get("set_size", 30),
            "cats": (k.get("cat_tails") or {}).get(edition, 3), "countdown": o.get("countdown_s", 3),
            "hold": o.get("max_hold_s", 0), "idle": o.get("idle_stop_s", 0),
            "pile_bone": t(f"waldi.bone.{pile_bone}")}
    return [
        section(t, "waldi.rules.goal", params=nums),
        section(t, "waldi.rules.setup", 2, params=nums),
        section(t, "waldi.rules.play", ["p1", "p2", "p3.hold" if nums["hold"] else "p3"], params=nums),
        section(t, "waldi.rules.dogs", 3, params=nums),
        section(t, "waldi.rules.complete", 2, picture=_example_dogs(ctx, colours), after=1, params=nums),
        section(t, "waldi.rules.stop", ["p1", "p2.idle" if nums["idle"] else "p2"], params=nums),
        section(t, "waldi.rules.score", 2, items=3, picture=_example_bones(ctx), params=nums),
        section(t, "waldi.rules.end", ["p1", "p2." + ("most" if o.get("final_tie_break") == "most_cards" else "shared")],
                params=nums),
    ]


# ====================================================================== set-up
def deck_field(app, game, name):
    """The ``deck`` option in words: the standard deck (made from the blanket colours and the
    edition), or the table's own, each of its 30 cards drawn and set by its blanket colours
    (and a cat on a tail).  The engine checks the deck again when the table opens."""
    from ...games.waldi import cards as C
    t = app.t
    opts = app.setup["options"]
    colours = [c for c in opts.get("blanket_colours") or []] or list(C.DEFAULT_COLOURS)
    deck = opts.get(name)
    fid = f"opt-{name}"

    def choose(e):
        if dom.value_of(e) != "custom":
            opts[name] = None
        else:                             # the standard deck as the starting point
            try:
                opts[name] = C.default_deck(colours, opts.get("edition", "DE"))
            except ValueError:            # 3 to 6 colours: the standard deck says so when opened
                opts[name] = C.default_deck(None, opts.get("edition", "DE"))
        app.render()
    control = h("select", [h("option", t("opt.waldi.deck.standard"), value="standard", selected=deck is None),
                           h("option", t("opt.waldi.deck.custom"), value="custom", selected=deck is not None)],
                id=fid, on_change=choose)
    help_line = app.option_help(game, name, control)
    editor = _deck_editor(app, deck, colours) if isinstance(deck, list) else None
    return h("div", h("label", app.option_label(game, name), html_for=fid), " ", control, help_line, editor,
             cls="field deck-field")


def _deck_editor(app, deck, colours):
    """One row per card: its picture, its blanket colour(s) as menus, a tail's cat; and, in
    words, what would stall a round (WAL-4: each colour as often a rear as a front edge)."""
    t = app.t
    rows = []
    number = {"head": 0, "belly": 0, "tail": 0}

    def pick(i, edge):
        def on(e):
            deck[i][edge] = dom.value_of(e)
            app.render()
        return on

    def cat(i):
        def on(e):
            deck[i]["cat"] = dom.checked_of(e)
            app.render()
        return on
    for i, face in enumerate(deck):
        kind = face.get("kind")
        if kind not in number:
            continue
        number[kind] += 1
        what = t(f"opt.waldi.deck.{kind}", n=number[kind])
        menus = []
        for edge in ("front", "rear"):
            if edge not in face or (kind == "tail" and edge == "rear") or (kind == "head" and edge == "front"):
                continue
            if face.get(edge) not in colours:          # a colour taken off the blankets
                face[edge] = colours[0]
            menus.append(h("select", [h("option", colour_name(app, c), value=c, selected=face[edge] == c)
                                      for c in colours],
                           id=f"deck-{i}-{edge}", aria_label=t(f"opt.waldi.deck.{edge}", card=what),
                           on_change=pick(i, edge)))
        if kind == "tail":
            menus.append(h("label", h("input", type="checkbox", id=f"deck-{i}-cat", checked=bool(face.get("cat")),
                                      on_change=cat(i)), " ", t("opt.waldi.deck.cat")))
        same = kind == "belly" and face.get("front") == face.get("rear")
        rows.append(h("li", h("span", card_svg(colours, face), cls="deck-card"), h("span", what, cls="deck-name"),
                      menus, h("span", t("opt.waldi.deck.same"), cls="error") if same else None,
                      cls="deck-row", key=f"deck-{i}"))
    rear, front = {}, {}
    for face in deck:
        if face.get("kind") in ("head", "belly"):
            rear[face.get("rear")] = rear.get(face.get("rear"), 0) + 1
        if face.get("kind") in ("belly", "tail"):
            front[face.get("front")] = front.get(face.get("front"), 0) + 1
    warnings = [h("li", t("opt.waldi.deck.unbalanced", colour=colour_name(app, c), r=rear.get(c, 0),
                          f=front.get(c, 0)))
                for c in colours if rear.get(c, 0) != front.get(c, 0)]
    return h("div", defs(colours), h("ol", rows, cls="deck-cards", id="deck-cards"),
             h("ul", warnings, cls="warn", id="deck-warnings", role="status") if warnings else None,
             cls="waldi deck-editor")


OPTION_FIELDS = {"deck": deck_field}      # set-up controls of this game's own (ui/shell_home.py)
