"""The shell's screens at a table: joining, the lobby, the pass-and-play hand-over, the
play frame around a game's screen, and the result.  A mixin of
:class:`~clubtable.ui.app.App`; it talks to the table only through the
:class:`~clubtable.ui.controllers.TableController` interface, hosted or not alike."""
from __future__ import annotations

import asyncio
import time

from ..games import GAMES
from ..net import address, trace
from ..net.sdp import CodeError
from . import clubs, dom, records, storage
from . import replay as replays
from .browser import focus, sharing, tab, timers
from .context import new_news
from .dom import h
from .shell_home import show_game_number

RESULT_CATCHES_SPACE = 1.5   # s: a Space this soon after the result came was meant for the game

INVITE_BASE_KEY = "clubtable.invite_base"   # in localStorage: where this host's invitation links point

# The screen a tap is about to show, made out of sight in idle time and moved onto the page when
# the tap comes: the next player's while a pass-and-play hand-over waits (``warm_next``), and the
# screen a player's likely next tap shows when only the screen takes that step (``warm_likely``).
NEXT_SCREEN = "next-screen"
_UNSET = object()


def ranking(scores: list, winners=()) -> list:
    """``[(rank, seat, score)]``, best first: by score, ties sharing a rank (1, 1, 3).  Most
    points first, unless the winners hold the fewest (a game won by the lowest score); among
    equal scores a winner (by a game's tie-break) comes first, then seat order."""
    seats = range(len(scores))
    won = {w for w in winners if isinstance(w, int) and 0 <= w < len(scores)}
    low = bool(won) and all(scores[w] == min(scores) for w in won) and \
        not all(scores[w] == max(scores) for w in won)
    order = sorted(seats, key=lambda s: (scores[s] if low else -scores[s], s not in won, s))
    out: list = []
    for i, s in enumerate(order):
        tied = i and scores[s] == scores[order[i - 1]]
        out.append((out[-1][0] if tied else i + 1, s, scores[s]))
    return out


class TableScreens:
    def render_table(self):
        ctl = self.ctl
        if not ctl.ready:
            return self.render_joining()
        if not ctl.started:
            return self.render_lobby()
        ups = ctl.updates()                # each local seat's update, projected once
        trace.mark("render.updates")
        if ctl.handover_to is not None:    # pass-and-play: the controller chose whose turn shows
            return self.render_handover(ctl.handover_to)
        seat = ctl.focus_seat if ctl.focus_seat in ups else next(iter(ups), None)
        others = [(s, up) for s, up in ups.items() if s != seat]
        return self.render_play(ups[seat] if seat is not None else ctl.update_for(None), seat, others)

    def render_joining(self):
        t, ctl = self.t, self.ctl
        gone = ctl.status in ("gone", "no_webrtc")
        status = t("home.no_webrtc") if ctl.status == "no_webrtc" else t("guest.gone") if gone \
            else t("guest.lost") if ctl.status == "lost" else t("guest.connecting")
        return h("section", h("h1", t("guest.joining")), h("p", status, role="status", id="guest-status"),
                 h("p", ctl.error, cls="error") if ctl.error and not gone else None,
                 h("button", t("guest.back") if gone else t("nav.leave"), id="leave",
                   cls="primary" if gone else None, on_click=lambda e: self.leave()), cls="screen", id="table")

    def render_handover(self, seat):
        t = self.t
        seats = self.ctl.seats
        name = seats[seat].get("name", "?") if seat < len(seats) else "?"
        return h("section", h("h1", t("pass.title")), h("p", t("pass.give", name=name)),
                 h("button", t("pass.ready", name=name), cls="primary big", id="handover-ready",
                   on_click=lambda e: self.take_over()), cls="screen handover", id="handover")

    def take_over(self):
        self.ctl.take_over()
        self.screen_state.pop("held", None)
        self.tell_news()                    # what the seat now on screen missed
        self.render()                       # shows the screen warm_next made (show_next_screen)

    def warm_next(self) -> None:
        """Pass-and-play, while the hand-over screen waits: the next player's screen is drawn
        in idle time into an element outside the document (``NEXT_SCREEN``), not shown
        (screens only draw, so this changes nothing).  When the player taps "ready", its
        elements are moved onto the page (``show_next_screen``) and the draw then patches only
        what changed since, where a screen of some 200 elements was made in the tap.

        Nothing of it is in the document while the hand-over screen shows: no id, text or
        focus of the next player's screen can be found there (the table's whole state is in
        the page's memory on a shared device anyway)."""
        ctl = self.ctl
        seat = ctl.handover_to if ctl is not None and ctl.ready and ctl.started else None
        if seat is None:
            return

        def warm(_ms_left):
            if ctl is not self.ctl or ctl.handover_to != seat:
                return
            ups = ctl.updates()
            if seat in ups:
                others = [(s, up) for s, up in ups.items() if s != seat]
                self.make_next_screen(ctl, seat, self.render_play(ups[seat], seat, others, quiet=True), None)
        timers.when_idle(warm)

    def warm_likely(self, seat, step: dict) -> None:
        """After a draw of ``seat``'s screen whose module names its player's likely next tap
        (``likely(ctx)``: the scratch entries the tap sets, a step only the screen takes, such
        as Dobbelduel's "next match" after a reveal): that screen is made in idle time, out of
        sight, with those entries set for the draw alone, and shown by moving it when the tap
        sets them (``show_next_screen``)."""
        if self.likely_due == (seat, step):
            return
        self.likely_due = (seat, step)
        ctl = self.ctl

        def warm(_ms_left):
            self.likely_due = None
            if ctl is not self.ctl or ctl.handover_to is not None:
                return
            state = self.screen_state
            if all(state.get(k, _UNSET) == v for k, v in step.items()):
                return                      # taken already
            ups = ctl.updates()
            if seat != (ctl.focus_seat if ctl.focus_seat in ups else next(iter(ups), None)):
                return                      # another seat's screen shows now (render_table)
            others = [(s, up) for s, up in ups.items() if s != seat]
            # the entries set for this draw only: the handlers it binds read the screen's own
            # scratch (the same dict) when they run, as any draw's do
            before = {k: state.get(k, _UNSET) for k in step}
            state.update(step)
            try:
                tree = self.render_play(ups[seat], seat, others, quiet=True)
            finally:
                for k, v in before.items():
                    if v is _UNSET:
                        state.pop(k, None)
                    else:
                        state[k] = v
            self.make_next_screen(ctl, seat, tree, step)
        timers.when_idle(warm)

    def make_next_screen(self, ctl, seat, tree, step) -> None:
        if self.next_screen is None:
            dom.detached_root(NEXT_SCREEN)
        dom.mount(NEXT_SCREEN, tree)
        self.next_screen = (ctl, seat, step)

    def show_next_screen(self) -> None:
        """Before a draw of the table: the screen made out of sight, onto the page in place of
        what it shows (the draw then patches it up to date), once its moment came: the
        hand-over is over, or the likely tap set its scratch.  One made for another table is
        dropped; otherwise it waits."""
        made = self.next_screen
        if made is None:
            return
        ctl, seat, step = made
        if ctl is not self.ctl:
            self.next_screen = None
            dom.unmount(NEXT_SCREEN)
            return
        if ctl.handover_to is not None or not self.route.lstrip("#/").startswith("table"):
            return
        if step is not None and not all(self.screen_state.get(k, _UNSET) == v for k, v in step.items()):
            return
        self.next_screen = None
        dom.adopt("app", NEXT_SCREEN)

    def tell_news(self) -> None:
        """After a change at the table, not while drawing: what the seat on screen should
        hear of it, said once, and where its player should look (the screen module's
        ``news``, :func:`~clubtable.ui.context.new_news`)."""
        ctl = self.ctl
        if ctl is None or not ctl.ready or not ctl.started or ctl.handover_to is not None:
            return
        seats = ctl.local_seats()
        seat = ctl.focus_seat if ctl.focus_seat in seats else (seats[0] if seats else None)
        up = ctl.update_for(seat)
        game = GAMES[up.get("game")] if up.get("game") in GAMES else ctl.game
        if game is None or not up.get("view"):
            return
        self.take_news(self.screen_module(game.id), self.make_context(game, seat, up, []))

    def take_news(self, mod, ctx) -> None:
        """Act once on what is new in the screen module's ``news(ctx)`` for ``ctx.seat``: say
        it, look at it, focus or scroll (after the draw).  Asked after each change of the
        table and after each draw; each event is acted on once, so asking twice is harmless."""
        told = getattr(mod, "news", None)
        if told is None:
            return
        say, look, wanted, row = new_news(told(ctx), self.news_heard, ctx.seat)
        if say:
            self.announce(say)
        if look:
            self.news_at = look
        if wanted or row:
            # after the draw: the focus goes to the first control there is, without scrolling
            # to it; what the move changed is brought into view where the player looks
            def show(wanted=tuple(wanted), row=row):
                for sel in wanted:
                    if focus.focus(sel, prevent_scroll=True):
                        break
                if row:
                    focus.scroll_into_view(row)
            timers.later(0, show)

    def shared_screen(self, game, others) -> bool:
        """Pass-and-play: does this screen offer a move to another player at the device (a
        shout, a claim, an interrupt: the screen module's ``SHOUTS``)?  Then they look at it
        too, and the screen keeps its seat's secrets behind "hold to show"
        (``ScreenContext.hold_to_show``)."""
        shouts = getattr(self.screen_module(game.id), "SHOUTS", ())
        return any(m in shouts for _, up in others for m in (up or {}).get("moves") or ())

    def let_go(self, e=None):
        """A pointer released anywhere on the table lets go of a "hold to show"."""
        if self.screen_state.pop("held", None) is not None:
            self.render()

    # ------------------------------------------------------------------ lobby
    def render_lobby(self):
        t, ctl = self.t, self.ctl
        rows = [h("li", h("span", s.get("name", "?")), " — ",
                  h("span", self.seat_kind(i, s) + ("" if s.get("connected", True) else " " + t("seat.waiting")),
                    cls="muted"), key=f"seat-{i}") for i, s in enumerate(ctl.seats)]
        body = [h("ol", rows, cls="lobby-seats", aria_label=t("lobby.seats"))]
        if ctl.can_invite:
            body += self.invite_panel()
        if ctl.can_start:
            body += [h("p", t("lobby.same_browser"), cls="muted"),
                     h("div", h("button", t("lobby.start"), cls="primary big", id="start-table",
                                  on_click=lambda e: self.start_table(False)),
                       h("button", t("lobby.start_with_bots"), id="start-bots",
                         on_click=lambda e: self.start_table(True)) if ctl.game.bot_levels else None,
                       cls="row")]          # apart, and one under the other where the row is short
        else:
            body.append(self.host_status() or h("p", t("lobby.waiting_host"), role="status"))
        body.append(h("p", h("a", t("howto.link"), href=f"#/rules/{ctl.game.id}", id="lobby-rules",
                             aria_label=t("howto.link_for", game=ctl.game.title)), cls="howto-link")
                    if ctl.game is not None else None)
        body.append(h("button", t("nav.leave"), id="leave", on_click=lambda e: self.leave()))
        title = t("lobby.title", game=ctl.game.title) if ctl.is_host else t("lobby.title_guest")
        return h("section", h("h1", title), body, cls="screen lobby", id="lobby")

    def seat_kind(self, i, s):
        """Who sits in a seat, said from this device: on a guest's device the host's own
        seat is the host's, not "on this device", and the guest's own seat is "you"."""
        t, ctl = self.t, self.ctl
        kind = s.get("kind")
        if not ctl.is_host:
            if i in ctl.local_seats():
                return t("seat.you")
            if kind == "local":
                return t("seat.host")
            if kind == "pass":
                return t("seat.at_host")
        return t(f"seat.{kind}")

    def invite_panel(self):
        t = self.t
        inv = self.invite
        from ..net import links
        if not links.has_webrtc():          # said instead of an invitation that cannot work
            return [h("h2", t("lobby.invite_device")),
                    h("p", t("lobby.no_webrtc"), cls="warn", id="no-webrtc", role="note")]
        out = [h("h2", t("lobby.invite_device"))] + self.invite_base_field()
        if inv is None:
            out += [self.network_question(),
                    h("button", t("lobby.make_invite"), id="make-invite",
                      on_click=lambda e: asyncio.ensure_future(self.make_invite()))]
            return out
        link = self.invite_link(inv["code"], inv.get("seat"))
        from .shell_home import copy_share, qr
        return out + [h("p", t("lobby.invite_help" if sharing.can_share() else "lobby.invite_help_copy")),
                      qr(link, t("lobby.invite_qr")),
                      h("textarea", link, id="invite-link", readonly=True, rows="3", aria_label=t("lobby.invite_link")),
                      copy_share(self, link, "invite", "invite-link", link=True),
                      self.scan_box(),
                      h("div", h("label", t("lobby.paste_reply"), html_for="reply-input"),
                        h("input", id="reply-input", autocomplete="off"),
                        h("button", t("lobby.connect"), id="reply-connect",
                          on_click=lambda e: asyncio.ensure_future(self.take_reply())), cls="field")]

    # ------------------------------------------------------------------ scanning the reply
    def scan_box(self):
        """"Scan the reply": the camera reads the QR code the guest's page shows."""
        t = self.t
        scan = self.scan or {}
        box = [h("p", t("scan.help"), cls="muted", id="scan-help")]
        if scan.get("on"):
            box += [h("video", id="scan-video", owned=True, cls="scan-video", aria_label=t("scan.video")),
                    h("p", t("scan.looking"), role="status", id="scan-status"),
                    h("button", t("scan.stop"), id="scan-stop", on_click=lambda e: self.stop_scan())]
        elif scan.get("connecting"):
            box.append(h("p", t("scan.connecting"), role="status", id="scan-status"))
        else:
            box.append(h("button", t("scan.start"), id="scan-reply", cls="primary",
                         on_click=lambda e: self.start_scan()))
        if scan.get("note"):
            box.append(h("p", t(scan["note"]), cls="error", role="alert", id="scan-problem"))
        return h("div", box, cls="panel scan")

    def start_scan(self):
        from .scan import Scanner
        self.stop_scan(render=False)
        self.scan = {"on": True}
        self.render()                       # the video element exists from here on
        self.scanner = Scanner("scan-video", self.scanned, self.scan_problem)
        asyncio.ensure_future(self.scanner.start())

    def scanned(self, text: str) -> bool:
        """A QR code the camera read: the reply connects; anything else says what it is, and
        the camera looks on."""
        from ..net import sdp
        text = text.strip()
        if "#/join/" in text:                 # an invitation link (this table's own QR code)
            text = text.split("#/join/", 1)[1].split("/")[1] if text.count("/") > 1 else ""
        try:
            kind = sdp.expand(text)[0]
        except CodeError:
            kind = None
        if kind != "answer" or self.invite is None:
            note = "scan.is_invite" if kind == "offer" else "scan.not_reply"
            if (self.scan or {}).get("note") != note:
                self.scan = dict(self.scan or {}, note=note)
                self.render()
            return False
        self.scanner = None
        self.scan = {"connecting": True}
        self.render()
        asyncio.ensure_future(self.take_reply(text))
        return True

    def scan_problem(self, key: str) -> None:
        """The camera could not be used: said why; pasting the code still works."""
        self.scanner = None
        self.scan = {"note": key}
        self.render()

    def stop_scan(self, render=True):
        if self.scanner is not None:
            self.scanner.stop()
        self.scanner = None
        self.scan = None
        if render:
            self.render()

    def network_question(self):
        """'Same place or different networks?': the second adds the public STUN server
        (off by default: the page contacts no other site unless asked)."""
        from .shell_home import PUBLIC_STUN
        t = self.t
        ice = self.ctl.ice_servers
        far = PUBLIC_STUN in ice

        def pick(e, far):
            if far and PUBLIC_STUN not in ice:
                ice.insert(0, PUBLIC_STUN)
            elif not far and PUBLIC_STUN in ice:
                ice.remove(PUBLIC_STUN)
            self.render()
        return h("fieldset",
                 h("legend", t("lobby.where")),
                 # each radio inside its label: the whole label is the 44 px target
                 h("div", h("label", h("input", type="radio", name="where", id="where-near", checked=not far,
                                       on_change=lambda e: pick(e, False)),
                            t("lobby.where_near"))),
                 h("div", h("label", h("input", type="radio", name="where", id="where-far", checked=far,
                                       aria_describedby="where-far-help", on_change=lambda e: pick(e, True)),
                            t("lobby.where_far"))),
                 h("p", t("lobby.where_far_help", server=PUBLIC_STUN), cls="muted hint", id="where-far-help"),
                 cls="where")

    def invite_base(self):
        """Where this host's invitation links point: the address the host set (remembered),
        else the club's public page, else, on this computer's own name (localhost), its
        address on the local network when ``build.py serve --lan`` serves it, else this page."""
        saved = address.clean_base(storage.get(INVITE_BASE_KEY) or "")
        if saved:
            return saved
        public = clubs.public_base()
        if public:
            return public
        page = tab.page_url()
        if address.is_loopback(page) and self.lan_urls:
            return self.lan_urls[0]
        return page

    def invite_base_field(self):
        t = self.t
        if not self.lan_asked:
            asyncio.ensure_future(self.load_lan())
        base = self.invite_base()
        out = [h("div", h("label", t("lobby.base"), html_for="invite-base"), " ",
                 h("input", id="invite-base", value=base, inputmode="url", autocomplete="url",
                   aria_describedby="invite-base-help"), " ",
                 h("button", t("lobby.base_set"), id="invite-base-set", on_click=lambda e: self.set_invite_base()),
                 h("p", t("lobby.base_help"), cls="muted hint", id="invite-base-help"),
                 cls="field invite-base")]
        if self.base_error:
            out.append(h("p", self.base_error, cls="error", role="alert", id="invite-base-error"))
        if address.is_loopback(base):
            out.append(h("p", t("lobby.localhost"), cls="warn", id="localhost-warning", role="note"))
        if self.lan_urls:
            lan = self.lan_urls[0]
            from .shell_home import qr
            out.append(h("div", h("p", t("lobby.lan", url=lan), id="lan-address"),
                         h("button", t("lobby.lan_use"), id="lan-use", on_click=lambda e: self.set_invite_base(lan))
                         if base != lan else None,
                         qr(lan, t("lobby.lan_qr", url=lan)), cls="panel lan"))
        return out

    def set_invite_base(self, raw=None):
        raw = tab.input_value("invite-base") if raw is None else raw
        base = address.clean_base(raw)
        if base is None:
            self.base_error = self.t("lobby.bad_base")
        else:
            self.base_error = None
            storage.put(INVITE_BASE_KEY, base)
        self.render()

    def invite_link(self, code, seat=None):
        from ..net import ice
        ctl = self.ctl
        return address.invite_link(self.invite_base(), ctl.table_id, code,
                                   ctl.game.id if seat is not None else None, seat, ctl.host_name,
                                   servers=ice.to_link(ctl.ice_servers))

    async def make_invite(self):
        peer, code = await self.ctl.create_invite()
        # the seat the join page names: the first free one when the invitation is made
        self.invite = {"peer": peer, "code": code, "seat": self.ctl.invite_seat()}
        self.render()

    async def take_reply(self, code=None):
        """The guest's reply, read by the camera (``code``) or pasted."""
        code = tab.input_value("reply-input").strip() if code is None else code
        try:
            await self.ctl.finish_invite(self.invite["peer"], code)
        except (CodeError, ValueError) as e:
            self.scan = None
            self.toast(self.t("lobby.bad_reply", why=str(e)))
            self.render()
            return
        except asyncio.TimeoutError:
            self.scan = None
            self.toast(self.t("lobby.reply_timeout"))
            self.render()
            return
        self.stop_scan(render=False)
        self.invite = None
        self.render()

    def start_table(self, bots):
        """Start; with ``bots``, the seats no guest took go to computer players, and a seat
        that still has its set-up name ("Guest 2") is named as a computer ("Computer 2")."""
        names = None
        if bots:
            t = self.t
            names = {i: t("setup.bot_name", n=i + 1) for i, s in enumerate(self.ctl.seats)
                     if s.get("kind") == "remote" and s.get("name") == t("setup.guest_name", n=i + 1)}
        self.refuse(self.ctl.start(fill_with_bots=bots, bot_names=names))
        self.render()

    def leave(self, confirmed=False):
        """Leaving a running game asks first (for a host it ends the game for everyone)."""
        ctl = self.ctl
        running = ctl is not None and ctl.started and not ctl.ended
        if running and not confirmed:
            self.confirm_leave = True
            self.focus_after = "#leave-question"
            self.render()
            return
        self.close_table()
        self.go("#/")

    def leave_box(self):
        t = self.t
        if not self.confirm_leave:
            return h("p", h("button", t("nav.leave"), id="leave", on_click=lambda e: self.leave()))
        ask = t("leave.ask_host") if self.ctl.is_host else t("leave.ask_guest")
        return h("div", h("p", ask, id="leave-question", role="alert"),
                 h("button", t("leave.yes"), id="leave-confirm", cls="danger", on_click=lambda e: self.leave(True)),
                 " ", h("button", t("leave.no"), id="leave-cancel", cls="primary",
                        on_click=lambda e: (setattr(self, "confirm_leave", False), self.render())),
                 cls="panel leave-box")

    def finish_with_bots(self, ctx=None):
        """An eliminated player need not watch: the computers play on at once (and when no
        person has anything left to do, without waiting for the game's clocks either)."""
        self.refuse(self.ctl.hurry_bots(skip_time=ctx is not None and self.people_out(ctx)))
        self.render()

    def out_seats(self, ctx) -> set:
        """The seats out of a game that goes on, as the game's screen module says
        (``seats_out(view)``; a game without it puts nobody out)."""
        out = getattr(self.screen_module(ctx.game_id), "seats_out", None)
        return set(out(ctx.view or {})) if out is not None else set()

    def people_out(self, ctx) -> bool:
        """No person at the table (here or invited) has anything left to do."""
        people = {i for i, s in enumerate(self.ctl.seats) if s.get("kind") != "bot"}
        return people <= self.out_seats(ctx)

    def all_mine_out(self, ctx) -> bool:
        """Every seat on this device is out of a game that goes on, or this device plays no
        seat (a table of computers): only the computers are left to watch."""
        if not self.ctl.is_host or ctx.result or not self.ctl.started:
            return False
        mine = set(self.ctl.local_seats())
        return mine <= self.out_seats(ctx) and (bool(mine) or bool(getattr(self.ctl, "table", None)
                                                                     and self.ctl.table.bots))

    # ------------------------------------------------------------------ play
    def render_play(self, up, seat, others, quiet=False):
        """The play screen of ``seat``.  ``quiet``: made out of sight (``warm_next``), so
        nothing is acted on: no news said or looked at, no result announced."""
        t = self.t
        game = GAMES[up.get("game")] if up.get("game") in GAMES else self.ctl.game
        mod = self.screen_module(game.id)
        ctx = self.make_context(game, seat, up, others)
        board = mod.render(ctx)
        if not quiet:
            self.take_news(mod, ctx)
            likely = getattr(mod, "likely", None)
            step = likely(ctx) if likely is not None and seat is not None else None
            if step:
                self.warm_likely(seat, step)
            trace.mark("render.screen")
            # a screen played by keys names the element that keeps the keyboard (App.render)
            self.keep_focus_on = getattr(mod, "KEEP_FOCUS", None) if seat is not None else None
        return h("section",
                 h("header", h("h1", game.title), self.roster(ctx),
                   h("p", h("a", t("howto.link"), href=f"#/rules/{game.id}", id="table-rules",
                            aria_label=t("howto.link_for", game=game.title)), cls="howto-link"),
                   cls="play-head"),
                 self.host_status(),
                 # the end above the board: the ranking and the winner where focus lands
                 self.render_result(ctx) if ctx.result and not quiet else None,
                 # where an eliminated player looks: above the board, not below it
                 h("p", h("button", t("play.finish_now"), id="finish-now", cls="primary",
                          on_click=lambda e: self.finish_with_bots(ctx)), cls="finish-now")
                 if self.all_mine_out(ctx) and not self.ctl.bots_hurried else None,
                 h("div", board, cls="board", id="board"),
                 self.leave_box(),
                 cls=f"screen play game-{game.id}", id="table",
                 on_pointerup=self.let_go if ctx.shared else None)

    def host_status(self):
        """A guest's word on the host: the link lost, or the host's page not answering (a
        frozen or sleeping tab), or in the background (its clocks may run late)."""
        ctl, t = self.ctl, self.t
        if ctl.status in ("lost", "gone"):
            key = "guest.gone" if ctl.status == "gone" else "guest.lost"
        elif ctl.host_away:
            key = "guest.host_away"
        elif ctl.host_hidden:
            key = "guest.host_hidden"
        else:
            return None
        return h("p", t(key), cls="warn", role="status", id="host-status", data_state=key.split(".")[1])

    def roster(self, ctx):
        t = self.t
        seat = ctx.seat
        return h("ul", [h("li", ctx.marker(i), " ", s.get("name", "?"),
                          h("span", " (" + t("seat.you") + ")", cls="muted") if i == seat else None,
                          h("span", " " + t("seat.offline"), cls="warn") if not s.get("connected", True) else None,
                          self.bot_button(i, s),
                          cls="seat" + (" me" if i == seat else ""), key=f"seat-{i}")
                        for i, s in enumerate(ctx.seats)], cls="roster", aria_label=t("play.players"))

    def bot_button(self, i, s):
        """The host may hand an invited player's seat to a computer player (one who left)."""
        if not self.ctl.can_replace_with_bot(i):
            return None
        return h("button", self.t("seat.to_bot"), cls="small", data_key=f"to-bot-{i}",
                 aria_label=self.t("seat.to_bot_label", name=s.get("name", "?")),
                 on_click=lambda e, i=i: (self.refuse(self.ctl.replace_with_bot(i)), self.render()))

    def render_result(self, ctx):
        t, ctl = self.t, self.ctl
        res = ctx.result
        won = list(res.get("winners", []))
        # everybody level (a 0–0 Dobbelduel, a shared win of all) is a draw, not "winners: all"
        draw = res.get("draw") or not won or (len(won) > 1 and len(won) == len(ctx.seats))
        winners = ", ".join(ctx.name(w) for w in won)
        verdict = t("result.draw") if draw else t("result.winners", names=winners, n=len(won))
        if self.result_said != verdict:          # said once, not on every redraw
            self.result_said = verdict
            self.announce(f"{t('result.title')}: {verdict}")
            self.focus_after = "#result h2"       # the end, where the player is looking
            self.result_at = time.perf_counter()
        lines = [h("h2", t("result.title")), h("p", verdict, id="winners")]
        scores = res.get("scores")
        if scores:
            # numbered by place, not by seat: "1. Ann 19, 1. Bob 19, 3. Cid 4"
            lines.append(h("ol", [h("li", ctx.marker(i), " ", h("span", ctx.name(i), cls="name"), ": ",
                                    h("span", str(sc), cls="score"), value=rank, data_rank=rank, data_seat=i,
                                    cls="winner" if i in won else None, key=f"rank-{i}")
                                  for rank, i, sc in ranking(scores, won)],
                           cls="scores ranking", id="ranking", aria_label=t("result.ranking")))
        if ctl.verification is not None:
            ok, why = ctl.verification
            lines.append(h("p", t("result.verified") if ok else t("result.not_verified", why=why),
                           cls="ok" if ok else "error", id="verified"))
        elif ctl.seed is not None:
            lines.append(h("p", t("result.seed", seed=show_game_number(ctl.seed)), cls="muted", id="seed"))
        records.keep_finished(self)                 # into this device's list, once per table
        lines.append(h("div", h("button", t("result.again"), cls="primary", id="play-again",
                                on_click=lambda e: self.again()),
                       replays.replay_button(self), records.save_button(self),
                       cls="row"))                  # apart, wrapping one under the other on a phone
        lines += [h("p", text, cls="muted result-note", key=f"note-{i}") for i, text in enumerate(self.result_notes)]
        # what would be a toast elsewhere ("Saved.", a late move refused): a line, for its 5 s
        lines += [h("p", text, cls="result-note result-toast", key=f"toast-{i}") for i, text in enumerate(self.toasts)]
        return h("section", lines, cls="result", id="result", on_keydown=self.result_key)

    def result_key(self, e) -> None:
        """A Space pressed for the game just as it ended (Wie Waldi!'s key to turn a card up,
        hammered in the last seconds) lands on the result's heading, and the browser scrolled
        the page a screen down, away from the winner.  In the result's first 1.5 s it is
        caught; after that Space scrolls as usual, and a focused button keeps its own Space."""
        if str(e.key or "") not in (" ", "Spacebar") or e.ctrlKey or e.metaKey or e.altKey:
            return
        if dom.target_tag(e) in ("button", "a", "summary", "input", "select", "textarea"):
            return
        if time.perf_counter() - self.result_at < RESULT_CATCHES_SPACE:
            e.preventDefault()

    def again(self):
        game_id = self.ctl.game.id if self.ctl.is_host else None
        self.close_table()
        self.go(f"#/{game_id}" if game_id else "#/")

