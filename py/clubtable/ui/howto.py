"""How to play: one page per game (``#/rules/<game>``), short, with worked examples drawn
by the game's own screen pieces.

A game's screen module (``ui/games/<id>.py``) provides ``how_to_play(ctx) -> list`` of
:func:`section` nodes.  ``ctx`` is a :class:`~.context.ScreenContext` with the game's
constants and an empty view; :func:`example` makes a context for a made-up table (the
people of :data:`PEOPLE`, a hand-written view), so that the screen's own drawing functions
(a die, a row of pegs, a dachshund) draw the examples.  Every text is a key of the game's
catalogue: ``<id>.rules.<part>`` is a heading, ``<id>.rules.<part>.p1``, ``.p2`` … its
paragraphs and ``.li1``, ``.li2`` … its bullets, ``<id>.rules.<part>.fig`` a picture's caption.
Texts are set as text, never parsed as markup.

Pure Python (no browser import): the unit tests render every page in every language.
"""
from __future__ import annotations

from typing import Callable, Optional

from .context import ScreenContext
from .dom import h

PEOPLE = ("Ann", "Ben", "Cleo", "Dan")     # the made-up players of the examples


def _noop(*_a, **_k):
    return None


def example(ctx: ScreenContext, view: dict, seat: Optional[int] = 0, people=PEOPLE) -> ScreenContext:
    """A context for a made-up table: ``view`` as ``seat`` sees it, players named ``people``;
    nothing can be sent from it."""
    seats = [{"name": name, "kind": "local"} for name in people]
    return ScreenContext(game_id=ctx.game_id, seat=seat, update={"view": view, "seats": seats}, t=ctx.t,
                         act=_noop, toast=_noop, constants=ctx.constants, lang=ctx.lang, announce=_noop,
                         scratch={}, keep_parts=False, seat_colours=ctx.seat_colours)     # its parts must never stand in for a game's


def _lines(t, key: str, spec, mark: str, params: dict) -> list:
    """The texts of a part: ``spec`` is a count (``key.<mark>1`` … ``key.<mark>n``) or a list
    of suffixes, each alone or with its own parameters: ``["p1", ("p2.none", {"s": 3})]``."""
    if isinstance(spec, int):
        spec = [f"{mark}{i}" for i in range(1, spec + 1)]
    out = []
    for item in spec or ():
        suffix, extra = item if isinstance(item, tuple) else (item, {})
        out.append(t(f"{key}.{suffix}", **{**params, **extra}))
    return out


def section(t: Callable[..., str], key: str, paras=1, items=0, picture=None, after=0, params=None):
    """A part of the rules: heading ``key``, paragraphs ``key.p1``…, bullets ``key.li1``…,
    then an illustrated example (``picture``, captioned by ``key.fig``) and paragraphs
    ``key.a1``… that explain it.  Each of ``paras``, ``items``, ``after`` is a count or a
    list of suffixes (see :func:`_lines`); ``params`` fill every text of the part."""
    params = params or {}
    body = [h("h2", t(key, **params), id=_anchor(key))]
    body += [h("p", x) for x in _lines(t, key, paras, "p", params)]
    bullets = _lines(t, key, items, "li", params)
    if bullets:
        body.append(h("ul", [h("li", x) for x in bullets]))
    if picture is not None:
        body.append(h("figure", h("div", picture, cls="howto-picture"), h("figcaption", t(f"{key}.fig", **params)),
                      cls="howto-example", data_example=key))
    body += [h("p", x) for x in _lines(t, key, after, "a", params)]
    return h("section", body, cls="howto-part", aria_labelledby=_anchor(key))


def _anchor(key: str) -> str:
    return "howto-" + key.replace(".", "-")


def page(ctx: ScreenContext, title: str, how_to_play: Callable[[ScreenContext], list], top=None):
    """The whole page: the way back (``top``), the heading, and the game's parts."""
    t = ctx.t
    return h("section", top, h("h1", t("howto.title", game=title)),
             how_to_play(ctx), cls="screen howto", id="rules", data_game=ctx.game_id)
