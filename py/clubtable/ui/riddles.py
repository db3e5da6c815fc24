"""The riddle kit: the screen pieces both sculpting games share (Dohdles!, Play-Doh's Cave).

Each piece is a function that returns a tree of :func:`~clubtable.ui.dom.h` nodes and keeps
whatever it must remember across renders in the screen's ``scratch`` dict, under the id the
caller gives it (so two pieces of the same kind can live on one screen):

``drawing_pad``      a canvas in the player's colour with a thick soft brush that looks like
                     dough, undo and clear (no text tool); ``pad_picture`` gives its PNG.
``photo_picker``     camera or file; the picture is scaled down in the browser and shared
                     at once; ``picked_pictures`` gives the references.
``secret_word_field`` the private secret-word entry; ``secret_word`` validates it with
                     :func:`clubtable.games.riddles.words.check_secret_word`, in the
                     player's language.
``question_field``   type a question or pick a sample; warns (public flags) before sending.
``qa_log``           the questions, answers and refusals of one riddle.
``board_picker``     the suggestion board: tap a term to take it as the secret word.
``proposal_field``   the word a guesser proposes.
``share`` / ``picture_src``  a picture to the table, and a URL to show one.

Texts are ``riddle.*`` keys (the ``riddles`` catalogue,
``locale/<lang>/LC_MESSAGES/riddles.po``, read for every game).  Player text is always a text node (``h`` makes it so).
"""
from __future__ import annotations

from typing import Callable, Optional

from ..games.riddles.questions import public_flags
from ..games.riddles.words import SecretWordError, check_secret_word, check_term
from . import dom
from .browser import canvas, tab
from .dom import h

PAD_W, PAD_H = 480, 360          # the drawing's own pixels (shown scaled to the screen)
PAD_BACKGROUND = "#fbf6ec"       # a light table top: the dough shows on it
BRUSH = 22                       # a thick roll of dough


def _tr(t: Callable, key: str, fallback: str, **params) -> str:
    out = t(key, **params)
    return fallback if out == key else out


# --------------------------------------------------------------------------- drawing
def side_name(ctx, seats) -> str:
    """A side by its players' names: one player's name, or "Team Ann & Ben", which takes a
    verb in the singular as a name does ("Team Ann & Ben writes a guess")."""
    names = " & ".join(ctx.name(s) for s in seats)
    return names if len(seats) == 1 else ctx.t("riddle.team", names=names)


def _pad(scratch: dict, pad_id: str) -> dict:
    """The pad's strokes, made on first use by a handler (drawing only reads them)."""
    return scratch.setdefault("pad:" + pad_id, {"strokes": [], "live": None})


def pad_strokes(scratch: dict, pad_id: str) -> list:
    return (scratch.get("pad:" + pad_id) or {}).get("strokes") or []


def pad_clear(scratch: dict, pad_id: str) -> None:
    p = _pad(scratch, pad_id)
    p["strokes"] = []
    p["live"] = None


def pad_picture(scratch: dict, pad_id: str) -> Optional[bytes]:
    """The drawing as PNG bytes (None when nothing is drawn or the canvas is gone)."""
    if not pad_strokes(scratch, pad_id):
        return None
    _repaint(scratch, pad_id)
    return canvas.canvas_bytes(pad_id, "image/png")


def _repaint(scratch: dict, pad_id: str) -> None:
    canvas.paint(pad_id, pad_strokes(scratch, pad_id), background=PAD_BACKGROUND)


def drawing_pad(scratch: dict, pad_id: str, colour: str, t: Callable, brush: int = BRUSH,
                redraw: Callable[[], None] = lambda: None, label: Optional[str] = None):
    """The drawing canvas: strokes in ``colour`` (the player's), undo, clear.  The strokes
    live in ``scratch``, so a render that re-creates the canvas paints them again."""
    def on_pointer(kind, x, y):
        p = _pad(scratch, pad_id)
        if kind == "down":
            if not p["strokes"]:
                _repaint(scratch, pad_id)        # a fresh canvas: the table top first
            p["live"] = {"colour": colour, "width": brush, "points": [[x, y]]}
            p["strokes"].append(p["live"])
            canvas.paint(pad_id, [p["live"]], relief=False)
        elif kind == "move" and p["live"] is not None:
            pts = p["live"]["points"]
            if abs(pts[-1][0] - x) + abs(pts[-1][1] - y) < 2:
                return
            pts.append([x, y])
            # live: a flat segment; the dough's relief is painted when the stroke ends
            canvas.paint(pad_id, [{"colour": colour, "width": brush, "points": pts[-2:]}], relief=False)
        elif kind in ("up", "cancel") and p["live"] is not None:
            p["live"] = None
            _repaint(scratch, pad_id)
            redraw()

    def undo(_e):
        p = _pad(scratch, pad_id)
        if p["strokes"]:
            p["strokes"].pop()
        p["live"] = None
        _repaint(scratch, pad_id)
        redraw()

    def clear(_e):
        pad_clear(scratch, pad_id)
        _repaint(scratch, pad_id)
        redraw()

    # The canvas is the screen's own element (``owned``): a patching render leaves it and
    # its paint alone; undo, clear and the picture repaint it from the strokes kept here.
    canvas.on_pointer(pad_id, on_pointer)
    n = len(pad_strokes(scratch, pad_id))
    return h("div",
             h("canvas", id=pad_id, width=PAD_W, height=PAD_H, owned=True, cls="dough-pad",
               role="img", aria_label=label or _tr(t, "riddle.pad_label", "Drawing area"),
               style=f"--dough:{colour}"),
             h("div",
               h("button", _tr(t, "riddle.undo", "Undo"), id=pad_id + "-undo", disabled=not n, on_click=undo),
               h("button", _tr(t, "riddle.clear", "Clear"), id=pad_id + "-clear", disabled=not n, on_click=clear),
               cls="pad-tools"),
             cls="pad-wrap")


# --------------------------------------------------------------------------- pictures
def share(ctx, data: bytes) -> tuple:
    """Give a picture to the table: ``(ref, None)`` or ``(None, reason)``."""
    return ctx.upload(data)


def picture_src(ctx, ref: Optional[str]) -> Optional[str]:
    """A URL showing the picture ``ref``, or None while it is on its way."""
    if not ref:
        return None
    return ctx.asset_url(ref)


def picked_pictures(scratch: dict, picker_id: str) -> list:
    """The pictures chosen so far (a handler's list to change: made on first use)."""
    return scratch.setdefault("photos:" + picker_id, [])


def photo_picker(ctx, picker_id: str, limit: int = 3, max_side: int = 800):
    """Camera or file; each chosen picture is scaled down here (longer side ``max_side``),
    shared with the table at once, and listed with a preview and a remove button."""
    t = ctx.t
    photos = ctx.scratch.get("photos:" + picker_id) or []     # drawing only reads

    def got(data):
        photos = picked_pictures(ctx.scratch, picker_id)
        if data is None:
            ctx.toast(_tr(t, "riddle.photo_unreadable", "That file is not a picture this browser can read."))
            return
        ref, error = share(ctx, data)
        if error:
            ctx.toast(error)
        elif ref not in photos and len(photos) < limit:
            photos.append(ref)
        ctx.redraw()

    def remove(ref):
        photos = picked_pictures(ctx.scratch, picker_id)
        if ref in photos:
            photos.remove(ref)
        ctx.redraw()

    previews = [h("li", h("img", src=picture_src(ctx, ref) or "", alt=_tr(t, "riddle.photo_n", "Photo {n}", n=i + 1),
                          cls="photo-preview"),
                  h("button", _tr(t, "riddle.remove", "Remove"), key=f"{picker_id}-rm-{i}",
                    on_click=lambda e, r=ref: remove(r)))
                for i, ref in enumerate(photos)]
    inputs = None
    if len(photos) < limit:
        inputs = h("div",
                   h("label", _tr(t, "riddle.camera", "Take a photo"),
                     h("input", type="file", accept="image/*", capture="environment", id=picker_id + "-camera",
                       cls="sr-only", on_change=lambda e: canvas.image_file_bytes(e, max_side, got)),
                     cls="button"),
                   h("label", _tr(t, "riddle.file", "Choose a picture"),
                     h("input", type="file", accept="image/png,image/jpeg,image/webp", id=picker_id + "-file",
                       cls="sr-only", on_change=lambda e: canvas.image_file_bytes(e, max_side, got)),
                     cls="button"),
                   cls="photo-inputs")
    return h("div", h("ul", previews, cls="photos"), inputs, cls="photo-picker", id=picker_id)


# --------------------------------------------------------------------------- the secret word
def word_error_text(t: Callable, err: SecretWordError, term: bool = False) -> str:
    """The reason in the player's language; a Dohdle term (``term``, DOH-30) has its own
    text where the one-word rule's would mislead (a hyphen is allowed there)."""
    if term and err.code == "not_letters":
        return _tr(t, "riddle.term_error.not_letters", err.message)
    return _tr(t, f"riddle.word_error.{err.code}", err.message)


def secret_word(scratch: dict, field_id: str, t: Callable, term: bool = False) -> tuple:
    """``(word, None)`` for a valid secret word in the field, else ``(None, message)``.
    ``term``: a Dohdle term, which may be several words or hyphenated (DOH-30)."""
    el = tab.by_id(field_id)
    text = str(el.value) if el else scratch.get("word:" + field_id, "")
    scratch["word:" + field_id] = text
    try:
        return (check_term(text) if term else check_secret_word(text)), None
    except SecretWordError as err:
        return None, word_error_text(t, err, term)


def secret_word_field(scratch: dict, field_id: str, t: Callable, label: Optional[str] = None,
                      error: Optional[str] = None, term: bool = False):
    """The private secret-word entry (nothing here is sent until the riddle is finished)."""
    key = "word:" + field_id

    def typed(e):
        scratch[key] = dom.value_of(e)

    err_id = field_id + "-error"
    return h("div",
             h("label", label or _tr(t, "riddle.secret_word", "Your secret word"), html_for=field_id),
             h("input", id=field_id, value=scratch.get(key, ""), maxlength="64", autocomplete="off",
               autocapitalize="none", spellcheck="false", aria_describedby=err_id if error else None,
               on_input=typed),
             h("p", error, id=err_id, cls="error", role="alert") if error else None,
             h("p", _tr(t, "riddle.term_rule", "Letters, spaces and hyphens.") if term else
               _tr(t, "riddle.word_rule", "One word, letters only."), cls="muted"),
             cls="field secret-word")


def set_word(scratch: dict, field_id: str, word: str) -> None:
    """Put ``word`` (a suggestion board's term) into the field."""
    scratch["word:" + field_id] = word
    el = tab.by_id(field_id)
    if el:
        el.value = word


def board_picker(terms: list, t: Callable, on_pick: Callable[[str], None], picker_id: str = "board"):
    """The suggestion board: every term a button; tapping one takes it as the word."""
    return h("details",
             h("summary", _tr(t, "riddle.board", "Suggestion board")),
             h("ul", [h("li", h("button", term, cls="term", key=f"{picker_id}-{i}",
                                on_click=lambda e, w=term: on_pick(w))) for i, term in enumerate(terms)],
               cls="board-terms"),
             cls="suggestions", id=picker_id)


# --------------------------------------------------------------------------- questions
def question_field(scratch: dict, field_id: str, t: Callable, samples: list, on_ask: Callable[[str], None],
                   max_len: int = 200, lang: str = "en", extra=None):
    """Type a question or pick a sample.  A question about letters or length is flagged
    here before it is sent (the asker may still send it: the creator decides)."""
    key = "q:" + field_id
    warn_key = "qwarn:" + field_id

    def typed(e):
        scratch[key] = dom.value_of(e)
        scratch.pop(warn_key, None)

    def pick(e):
        v = dom.value_of(e)
        if v:
            scratch[key] = v
            scratch.pop(warn_key, None)
            el = tab.by_id(field_id)
            if el:
                el.value = v

    def submit(_e):
        el = tab.by_id(field_id)
        text = " ".join((str(el.value) if el else scratch.get(key, "")).split())
        if not text:
            return
        flags = public_flags(text, lang)
        if flags and scratch.get(warn_key) != text:
            scratch[warn_key] = text
            scratch[key] = text
            on_ask(None)        # the caller redraws: the warning shows, a second send goes
            return
        scratch.pop(warn_key, None)
        scratch[key] = ""
        on_ask(text)

    warned = scratch.get(warn_key)
    warning = None
    if warned:
        flags = public_flags(warned, lang)
        warning = h("p", " ".join(_tr(t, f"riddle.flag.{f}", f) for f in flags) + " "
                    + _tr(t, "riddle.flag_send_anyway", "Send it anyway?"), cls="warn", role="alert")
    return h("form",
             h("label", _tr(t, "riddle.question", "Your question"), html_for=field_id),
             h("input", id=field_id, value=scratch.get(key, ""), maxlength=str(max_len), autocomplete="off",
               on_input=typed),
             h("select", h("option", _tr(t, "riddle.samples", "Sample questions…"), value=""),
               [h("option", s, value=s) for s in samples], id=field_id + "-samples",
               aria_label=_tr(t, "riddle.samples", "Sample questions…"), on_change=pick),
             warning,
             h("button", _tr(t, "riddle.ask_anyway", "Ask anyway") if warned else _tr(t, "riddle.ask", "Ask"),
               type="submit", id=field_id + "-send", cls="primary"),
             extra,
             on_submit=submit, cls="question-form", id=field_id + "-form")


def qa_log(entries: list, t: Callable, answer_text: Callable[[str], str], name: Callable[[int], str],
           log_id: Optional[str] = None):
    """The questions asked about one riddle, each with its answer or refusal."""
    if not entries:
        return None
    rows = []
    for i, e in enumerate(entries):
        if e.get("refused"):
            a = _tr(t, "riddle.refused", "refused")
        else:
            a = answer_text(e.get("a"))
            if e.get("timeout"):
                a += " " + _tr(t, "riddle.timeout", "(no answer in time)")
        rows.append(h("li", h("span", name(e.get("seat")) + ": ", cls="asker"), h("q", e.get("q", "")),
                      " → ", h("strong", a, cls="answer" + (" refused" if e.get("refused") else "")),
                      key=f"qa-{i}"))
    return h("ol", rows, cls="qa-log", id=log_id)


# --------------------------------------------------------------------------- proposals
def proposal_field(scratch: dict, field_id: str, t: Callable, on_propose: Callable[[str], None],
                   max_len: int = 64, label: Optional[str] = None):
    """The word a guesser proposes (sent as typed; the engine compares)."""
    key = "p:" + field_id

    def typed(e):
        scratch[key] = dom.value_of(e)

    def submit(_e):
        el = tab.by_id(field_id)
        text = (str(el.value) if el else scratch.get(key, "")).strip()
        if text:
            scratch[key] = ""
            on_propose(text)

    return h("form",
             h("label", label or _tr(t, "riddle.proposal", "Your solution"), html_for=field_id),
             h("input", id=field_id, value=scratch.get(key, ""), maxlength=str(max_len), autocomplete="off",
               autofocus=True, on_input=typed),
             h("button", _tr(t, "riddle.propose", "Propose"), type="submit", id=field_id + "-send", cls="primary"),
             on_submit=submit, cls="proposal-form", id=field_id + "-form")
