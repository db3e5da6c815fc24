"""What a game screen gets, and all it gets: :class:`ScreenContext`.

A screen is ``render(ctx) -> Node``; its texts are the game's gettext catalogue
``clubtable/locale/<lang>/LC_MESSAGES/<id>.po``, asked for by key through ``ctx.t``.  It draws its seat's view and calls
``ctx.act``; it imports nothing from the browser (only ``ui.dom.h`` to build nodes), reads
no rule constant of its own (``ctx.constants`` and the view give them), and never reaches the
shell, the controller or the session.  So a new game's screen is a pure function of this
context, and the shell can be rewritten without touching a screen.

Pure Python (no browser import): the shell builds one per render from the controller's
update; tests build one by hand.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from .clock import clock_text

# A player's colour and symbol, the one source for every screen (name bar, tokens, dough,
# logs): the Okabe–Ito palette, told apart with the common colour-vision deficiencies, and a
# shape with each, so colour is never alone.  The style sheet's --p0…--p5 are these colours
# (tests/unit/test_end_and_colours.py ties them).
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
SYMBOLS = "●▲■◆★✚"


class Refusal:
    """An action the host (or this tab's table) refused: a stable ``code`` for translation
    (``refusal.<code>`` in the catalogues) and the engine's English ``message`` as fallback;
    optionally the engine's ``reason`` and ``params`` (``refusal.<code>.<reason>``)."""

    __slots__ = ("code", "message", "reason", "params")

    def __init__(self, code: str, message: str, reason: Optional[str] = None, params: Optional[dict] = None) -> None:
        self.code, self.message, self.reason, self.params = code, message, reason, dict(params or {})

    def text(self, t: Callable[..., str]) -> str:
        """The refusal in ``t``'s language.  A reason's text says as much as the engine's
        sentence (it shows the same values), so it is used in every language; otherwise
        English shows the engine's sentence, and so does a language that lacks the code."""
        from .. import i18n
        lang = getattr(t, "lang", i18n.SOURCE)
        if self.reason:
            key = f"refusal.{self.code}.{self.reason}"
            if i18n.has(lang, key) or i18n.has(i18n.SOURCE, key):
                return t(key, **self.params)
        key = f"refusal.{self.code}"
        return t(key) if lang != i18n.SOURCE and i18n.has(lang, key) else self.message


def new_news(news: Optional[dict], heard: dict, seat: Optional[int]) -> tuple:
    """What of a screen's news is new to ``seat``.  A screen module may declare
    ``news(ctx) -> {slot: (event, say, look[, focus[, scroll_to]])}``, a pure function of the
    context the shell calls after each change of the table and after each draw: for each kind
    of news (``slot``) the ``event`` it is about, the words ``say`` to tell screen-reader
    users, ``look``, the selector of what to bring into view (the player's eyes go there),
    ``focus``, selectors of which the first that exists takes the keyboard without scrolling,
    and ``scroll_to``, what to scroll into view without taking the focus (any may be None).
    Only an event that differs from the one ``seat`` last had in its slot counts; ``heard``
    (the shell's, per table) keeps them.  Returns ``(words to say or "", selector to look at
    or None, selectors to focus, selector to scroll to or None)``."""
    said, look, wanted, scroll = [], None, [], None
    for slot, item in (news or {}).items():
        if item is None or heard.get((seat, slot)) == item[0]:
            continue
        heard[(seat, slot)] = item[0]
        event, say, at, keys, row = (tuple(item) + (None, None))[:5]
        if say:
            said.append(say)
        look = at or look
        wanted.extend(keys or ())
        scroll = row or scroll
    return " ".join(said), look, wanted, scroll


def _open_action(update: dict, move: str) -> Optional[dict]:
    """``update``'s first legal action of type ``move``, or a bare one when the move is open
    to its seat without listed actions; None when it is not open."""
    found = next((a for a in update.get("legal") or () if a.get("type") == move), None)
    if found is None and move in (update.get("moves") or ()):
        return {"type": move}
    return found


class ScreenContext:
    """One seat's screen for one render.

    ``view``: the seat's view (what the engine's ``view`` gave); ``legal``: its legal
    actions or move descriptors; ``moves``: the move types open to the seat now;
    ``awaited``: seats the game waits for; ``result``; ``seats``: the roster (names, kinds);
    ``constants``: the game's rule constants; ``t``: the translator; ``scratch``: this
    screen's own state kept across renders (selections, a half-made choice).
    """

    def __init__(self, *, game_id: str, seat: Optional[int], update: dict, t: Callable[..., str],
                 act: Callable[[dict], None], toast: Callable[[str], None],
                 clock_offset: int = 0, now: Callable[[], int] = lambda: 0,
                 scratch: Optional[dict] = None, constants: Optional[dict] = None,
                 others: Optional[list] = None, asset_url: Optional[Callable[[str], Optional[str]]] = None,
                 upload: Optional[Callable[[Optional[int], bytes], tuple]] = None,
                 lang: str = "en", redraw: Callable[[], None] = lambda: None,
                 announce: Optional[Callable[[str], None]] = None,
                 look_at: Optional[Callable[[str], None]] = None, keep_parts: bool = True,
                 shared: bool = False, replay: bool = False,
                 seat_colours: Optional[Callable[[dict], list]] = None) -> None:
        self.game_id = game_id
        self.seat = seat
        self.update = update or {}
        self.view: dict = self.update.get("view") or {}
        self.legal: list = self.update.get("legal") or []
        self.moves: list = list(self.update.get("moves") or
                                dict.fromkeys(a.get("type") for a in self.legal))
        self.awaited: list = list(self.update.get("awaited") or [])
        self.result = self.update.get("result")
        self.seats: list = self.update.get("seats") or []
        self.t = t
        self.lang = lang
        self._act = act
        self._toast = toast
        self.clock_offset = int(clock_offset or 0)
        self._now = now
        # a past step of a replay: its clock stands still (countdowns too) and nothing can be done
        self.replay = replay
        self.scratch: dict = scratch if scratch is not None else {}
        self.constants: dict = constants or {}
        self.others = others or []          # other local seats on this device: [(seat, update)]
        self._asset_url = asset_url
        self._upload = upload
        self._redraw = redraw
        self._announce = announce or toast
        self._keep_parts = keep_parts      # False: a made-up table (how to play), parts drawn afresh
        self._look_at = look_at
        # pass-and-play: this screen offers a move to another player at the device (a shout,
        # an interrupt), so they are looking at it too: no secret of this seat shows openly
        self.shared = bool(shared)
        # a screen module's ``seat_colours(view)`` gives each seat's index into PALETTE when
        # not its seat number: a team wears its side's colour, Dobbelduel's players none of its dice's
        self.seat_colours = seat_colours
        self._colours: Optional[list] = None

    # ------------------------------------------------------------------ moves
    def can(self, move: str) -> bool:
        """May this seat make ``move`` now?"""
        return move in self.moves

    def find(self, move: str, **match: Any) -> list:
        """The legal actions (or descriptors) of type ``move`` whose fields equal ``match``."""
        # ``not match`` first: the usual question, over a list of a hundred claims
        return [a for a in self.legal if a.get("type") == move
                and (not match or all(a.get(k) == v for k, v in match.items()))]

    def act(self, action: dict, seat: Optional[int] = None) -> None:
        """Send ``action`` for this seat (or, pass-and-play, for another local ``seat`` from
        ``others`` — e.g. a shout that any player at the device may make)."""
        if seat is None or seat == self.seat:
            self._act(action)
        else:
            self._act(action, seat)

    def for_others(self, move: str, label: Callable[[int, dict], Any], *, key: str,
                   pick: Optional[Callable[[dict], Optional[dict]]] = None,
                   on_click: Optional[Callable[[int, dict], None]] = None, **attrs: Any) -> list:
        """Pass-and-play: one button per other player at this device who may act on this
        screen now (a shout, an interrupt), so nobody needs the device handed over for it.

        ``pick(update)``: the action that seat would send, from its own update (None: it may
        not); by default its first legal action of type ``move``, or ``{"type": move}`` when
        ``move`` is open to it.  ``label(seat, action)``: the button's text.  A click sends
        the action for that seat, or calls ``on_click(seat, action)`` (a confirmation
        first).  Buttons are keyed ``<key>-<seat>``; ``attrs``: their other attributes."""
        from .dom import h
        out = []
        for seat, up in self.others:
            action = pick(up) if pick is not None else _open_action(up, move)
            if action is None:
                continue
            click = ((lambda e, s=seat, a=action: on_click(s, a)) if on_click is not None
                     else (lambda e, s=seat, a=action: self.act(a, seat=s)))
            out.append(h("button", label(seat, action), key=f"{key}-{seat}", on_click=click, **attrs))
        return out

    def redraw(self) -> None:
        """Draw again after changing ``scratch`` (a selection): nothing was sent."""
        self._redraw()

    def part(self, key: Any, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(ctx, *args)``: a part of the screen drawn again only when ``args`` (the view
        slices it shows), the language, the roster or the rule constants change; otherwise
        the page keeps showing what it drew last time, at no cost (``ui.dom.memo``).

        ``fn`` may read the translator, names, markers and constants of ``ctx``, but no other
        part of it (not ``legal``, ``scratch`` or the clock: pass what it needs in ``args``);
        its handlers may only send actions made from ``args`` with ``ctx.act``.  Parts are
        remembered per game and seat, under ``key``."""
        if not self._keep_parts:
            return fn(self, *args)
        from .dom import memo
        look = (fn, self.lang, self.seats, self.constants, args)
        return memo((self.game_id, self.seat, key), lambda _: fn(self, *args), look)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.awaited

    # ------------------------------------------------------------------ secrets on a shared screen
    def showing(self, key: str) -> bool:
        """May the seat's secret ``key`` (its word, its dice) be drawn now?  Always, unless
        the screen is shared; then only while its player holds "show" (:meth:`hold_to_show`)."""
        return not self.shared or self.scratch.get("held") == (self.seat, key)

    def hold_to_show(self, key: str, label: str, secret: Any = None):
        """On a shared screen, a press-and-hold button: while the seat's player holds it (a
        finger, the mouse, Space or Enter) it shows ``secret``, and on release only ``label``
        again (the secret is then not in the page at all).  None when the screen is not
        shared (draw the secret where it belongs).  A release off the button is the shell's
        (the play frame lets go of every hold on a pointer release)."""
        if not self.shared:
            return None
        from .dom import h
        held = self.showing(key)

        def hold(e, on=True):
            if on and getattr(e, "type", "") == "keydown" and str(getattr(e, "key", "")) not in (" ", "Enter"):
                return
            was = self.scratch.get("held")
            if on:
                self.scratch["held"] = (self.seat, key)
            elif was == (self.seat, key):
                del self.scratch["held"]
            if self.scratch.get("held") != was:
                self._redraw()
        off = lambda e: hold(e, False)  # noqa: E731
        return h("button", h("span", label, cls="hold-label"),
                 h("span", secret, cls="hold-secret") if held and secret is not None else None,
                 cls="hold-show" + (" held" if held else ""), data_key=f"hold-{key}",
                 aria_pressed="true" if held else "false",
                 on_pointerdown=hold, on_pointerup=off, on_pointercancel=off,
                 on_keydown=hold, on_keyup=off, on_focusout=off)

    # ------------------------------------------------------------------ people and time
    def name(self, seat: Optional[int]) -> str:
        if seat is None or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            return "?"
        return str(self.seats[seat].get("name", f"#{seat + 1}"))

    def colour_index(self, seat: int) -> int:
        """``seat``'s place in PALETTE and SYMBOLS: its side's, in a game of sides."""
        if self._colours is None:
            got = self.seat_colours(self.view) if self.seat_colours is not None and self.view else None
            self._colours = list(got) if got else []
        i = self._colours[seat] if isinstance(seat, int) and 0 <= seat < len(self._colours) else seat
        return int(i or 0) % len(PALETTE)

    def symbol(self, seat: int) -> str:
        return SYMBOLS[self.colour_index(seat)]

    def colour(self, seat: int) -> str:
        """``seat``'s colour (``#rrggbb``), for what the style sheet cannot paint (a canvas)."""
        return PALETTE[self.colour_index(seat)]

    def mark_cls(self, seat: int) -> str:
        """The classes that paint text in ``seat``'s colour (``pmark p<i>``)."""
        return f"pmark p{self.colour_index(seat)}"

    def marker(self, seat: int):
        """A player's colour and symbol, as an element (never colour alone)."""
        from .dom import h
        return h("span", self.symbol(seat), cls=self.mark_cls(seat), aria_hidden="true")

    def now(self) -> int:
        """The host's clock (ms), as this tab best knows it."""
        return int(self._now()) + self.clock_offset

    def timer(self, name: str, seat: Optional[int] = None) -> Optional[dict]:
        """The view's timer ``name`` (of ``seat``, for a per-seat one) in the one shape every
        game's view has (``Game.shared_view``): ``{"name", "seat", "deadline_ms",
        "left_ms", "length_ms"}``, or None when it is not running or paused."""
        for t in (self.view.get("shared") or {}).get("timers") or ():
            if t.get("name") == name and t.get("seat") == seat:
                return t
        return None

    def deadline(self, name: str, seat: Optional[int] = None) -> Optional[int]:
        """When timer ``name`` (of ``seat``) runs out, on the host's clock; None when it is
        not running (stopped or paused)."""
        t = self.timer(name, seat)
        return t.get("deadline_ms") if t else None

    def next_timer(self) -> Optional[dict]:
        """The running timer due first (ties in the game's firing order), or None."""
        running = [t for t in (self.view.get("shared") or {}).get("timers") or () if t.get("deadline_ms")]
        return min(running, key=lambda t: t["deadline_ms"]) if running else None

    def countdown(self, deadline: Optional[int], cls: str = "countdown"):
        """A live time-left element for a host-clock deadline (None: nothing), as
        ``clock_text`` shows it.  On a context whose clock stands at a past step (a
        replay) it is the time left at that step, as text the ticker leaves alone (it counts
        on this tab's clock).  ``cls``: the element's class (``countdown`` shows the unit,
        "42 s"; another a bare number)."""
        if not deadline:
            return None
        from .dom import h
        unit = cls == "countdown"
        if self.replay:
            return h("span", clock_text((int(deadline) - self.now() + 999) // 1000, unit), cls=cls, role="timer")
        return h("span", "", cls=cls, data_deadline=int(deadline),
                 data_offset=self.clock_offset, data_unit="s" if unit else None, role="timer")

    def toast(self, text: str) -> None:
        self._toast(text)

    def announce(self, text: str) -> None:
        """Tell screen-reader users something politely (a small live region, not the board)."""
        self._announce(text)

    def look_at(self, selector: str) -> None:
        """What just happened (a reveal, a race's result) is shown where the player is
        looking: after this draw the element ``selector`` (its heading) is scrolled into view
        and focused, unless the player is typing in a field.  Call it once per event."""
        if self._look_at is not None:
            self._look_at(selector)

    def asset_url(self, ref: Optional[str]) -> Optional[str]:
        """An object URL for a picture the seat may see (``sha256:…``), or None while it is
        still on its way."""
        return self._asset_url(ref) if (ref and self._asset_url) else None

    def upload(self, data: bytes, seat: Optional[int] = None) -> tuple:
        """Share a picture from this seat (or another local ``seat``, in pass-and-play):
        ``(ref, None)`` — put ``ref`` in the action — or ``(None, reason)``."""
        if self._upload is None:
            return None, "Pictures cannot be shared from here."
        return self._upload(self.seat if seat is None else seat, bytes(data))
