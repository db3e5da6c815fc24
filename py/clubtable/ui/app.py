"""The app shell: router, language switch, toasts and announcements, and the table it holds.

Routes (the hash, so a club can deep-link or embed one game):
``#/`` home · ``#/<game>`` set-up of that game · ``#/rules/<game>`` how to play it (a
running table goes on meanwhile, and the page leads back to it) · ``#/table`` the table this
tab hosts or joined · ``#/join/<table>/<invite code>`` answer an invitation from another device.

The screens live in two mixins: :mod:`.shell_home` (home, set-up, join) and
:mod:`.shell_table` (lobby, hand-over, play frame, result).  The table is a
:class:`~.controllers.TableController`, hosted here or mirrored from another tab; a game's
screen gets a :class:`~.context.ScreenContext` and nothing else.  No browser object is
touched here except through :mod:`.dom`.
"""
from __future__ import annotations

import asyncio
import time

from ..engine import IllegalAction
from ..games import GAMES
from ..i18n import LANGUAGES, Translator, pick_language
from ..net import trace
from ..net import address, ice
from ..net.sdp import CodeError
from ..session import Table
from . import clubs, collector, debug, dom, records, storage, warmup
from .browser import focus, tab, timers
from . import replay as replays
from .context import Refusal, ScreenContext
from .screens import register_texts, screen_module
from .controllers import GuestTable, HostTable
from .dom import h, mount
from .shell_home import HomeScreens, game_number
from .shell_table import NEXT_SCREEN, TableScreens

LANG_KEY = "clubtable.lang"
NAME_KEY = "clubtable.name"      # in localStorage: the name this player chose
FRAME_MS = 16                    # a table's news within one frame of a draw waits for its end


class App(HomeScreens, TableScreens):
    def __init__(self):
        saved = storage.get(LANG_KEY)
        self.t = Translator(saved if saved in LANGUAGES else pick_language(tab.preferred_languages()))
        self.player_name = str(storage.get(NAME_KEY) or "").strip()[:24]
        self.ctl = None                  # the TableController this tab holds
        self.setup = None                # the set-up form's model
        self.screen_state = {}
        self.news_heard = {}             # (seat, slot) -> the last news event told (tell_news)
        self.toasts: list = []           # the texts the toast shows now, oldest first
        self.held_notes: list = []       # notes waiting for the end of the game being played (``note``)
        self.notes_shown: set = set()    # the notes among the toasts (put aside again when a game begins)
        self.toast_shown: dict = {}      # text shown -> its showings so far (its 5 s are the last showing's)
        self.toast_text = None           # what the floating toast shows now (see ``show_toasts``)
        self.refused: set = set()        # the toasts that are refusals of moves (``forget_refusals``)
        self.result_notes: list = []     # held notes shown as lines of the result, not over its buttons
        self.invite = None               # {"peer": id, "code": str} while inviting
        self.scan = None                 # "Scan the reply": {"on", "connecting", "note"}
        self.scanner = None              # the camera while it looks (ui/scan.py)
        self.join = None                 # {"table", "code", "reply"} on a join link
        self.result_said = None          # the result, once announced
        self.result_at = 0.0             # when it was (perf_counter seconds; ``result_key``)
        self.screen_id = None            # the screen last drawn (focus moves on a change)
        self.focus_after = None          # a heading to bring into view after this draw
        self.news_at = None              # a game's news to bring into view (not while typing)
        self.keep_focus_on = self.focus_kept = None   # the element a screen played by keys keeps focused
        self.confirm_leave = False       # "leave a running game?" is being asked
        self.next_screen = None          # (controller, seat, scratch step) of a screen made out of sight
        self.likely_due = None           # (seat, scratch step) whose screen idle time is to make
        self.renders = 0                 # screens drawn so far (an action's answer may draw first)
        self.drawn_at = 0.0              # when the last draw ended (perf_counter seconds)
        self.draw_due = False            # news waits for the end of the frame (see ``changed``)
        self.lan_urls = []               # this computer's addresses on the network (serve --lan)
        self.lan_asked = False
        self.base_error = None           # the invitation base the host typed was refused
        self.rules_from = None           # the route a How-to-play page leads back to
        from ..net.links import Lobby
        self.lobby = Lobby()
        self.lobby.on_tables = self.render_if_home
        self.lobby.on_offer = self.on_offer
        self.lobby.host_summaries = self.host_summaries
        self.route = "#/"

    register_texts = staticmethod(register_texts)
    screen_module = staticmethod(screen_module)

    # ------------------------------------------------------------------ routing
    def go(self, route: str) -> None:
        if tab.location_hash() != route:
            tab.set_location_hash(route)      # hashchange renders
        else:
            self.on_route()

    def on_route(self, *_):
        before = self.route
        self.route = tab.location_hash() or "#/"
        parts = self.route.lstrip("#/").split("/")
        if parts[0] == "rules" and not before.startswith("#/rules/"):
            self.rules_from = before if before not in ("", "#", "#/") else None
        if parts[0] == "join" and len(parts) >= 3:
            if self.join is None or self.join.get("code") != parts[2]:
                self.join = {"table": parts[1], "code": parts[2], "reply": None, "name": self.player_name,
                             **address.join_details(parts[1:], GAMES)}
                try:                 # the host's STUN/TURN servers, checked as the set-up checks them
                    self.join["ice"] = ice.from_link(address.join_servers(parts[1:]))
                except ice.IceError as e:
                    self.join["ice"], self.join["error"] = [], self.t("join.bad_ice", entry=e.entry)
        elif parts[0] in GAMES and (self.setup is None or self.setup["game"] != parts[0]):
            self.setup = self.new_setup(parts[0])
        if before.lstrip("#/").split("/")[0] == "table" and parts[0] != "table":
            self.forget_refusals()
        self.render()

    def forget_refusals(self) -> None:
        """A refusal answers a move at the table: off the table (the replay of the game just
        ended, home) it is about nothing on the screen.  The refusals of a real-time game's
        last moments came over the replay's heading for the rest of their 5 s."""
        self.toasts = [t for t in self.toasts if t not in self.refused]
        self.refused = set()
        self.show_toasts()

    # ------------------------------------------------------------------ lobby channel
    def host_summaries(self):
        return self.ctl.summaries() if self.ctl is not None else []

    def on_offer(self, table_id, peer_id, sdp):
        if self.ctl is not None:
            self.ctl.offer(table_id, peer_id, sdp)

    def render_if_home(self):
        if self.route in ("", "#", "#/"):
            self.render()

    # ------------------------------------------------------------------ actions
    def act(self, seat, action):
        """A seat's move.  The screen is drawn once, with the table's answer: a host's comes
        before ``act`` returns (and is drawn then); a guest's screen waits a moment for the
        host's update instead of drawing the unchanged table first, then draws anyway."""
        if self.ctl is None:
            return
        drawn = self.renders
        refusal = self.ctl.act(seat, action)
        self.refuse(refusal)
        if self.renders != drawn:
            return
        wait = 0 if refusal is not None else self.ctl.answer_within_ms
        if wait:
            timers.later(wait, lambda: self.render() if self.renders == drawn else None)
        else:
            self.render()

    def refuse(self, refusal) -> None:
        """Show a refusal (None: nothing was refused), translated by its code."""
        if refusal is not None:
            text = refusal.text(self.t) if isinstance(refusal, Refusal) else str(refusal)
            self.refused.add(text)
            self.toast(text)

    def toast(self, text: str) -> None:
        """Show ``text`` for 5 s.  A note that comes meanwhile (the offline worker's "saved on
        this device") is shown beside it, not instead: the answer to what the player just did
        ("Copied") must not vanish under it.  On the result the toasts are lines of it, below
        its buttons (``show_toasts``)."""
        self.toasts = [t for t in self.toasts if t != text] + [text]
        shown = self.toast_shown[text] = self.toast_shown.get(text, 0) + 1
        if self.at_result():
            self.announce(text)              # a line of the page, not the toast's live region
        self.show_toasts(redraw=True)

        def clear():
            # this showing's own 5 s: a note put aside and shown again keeps its full time
            if text in self.toasts and self.toast_shown.get(text) == shown:
                self.toasts.remove(text)
                del self.toast_shown[text]       # kept only while shown: refusals name players and numbers
                self.refused.discard(text)
                self.show_toasts(redraw=True)
        timers.later(5000, clear)

    def show_toasts(self, redraw: bool = False) -> None:
        """The toast floats over the page, except on the result: there it lay over the buttons
        a player reaches for next (New game, Replay, Save), or over the winner, and grew with
        each late refusal of a real-time game's last moments.  There the texts are lines of
        the result, below its buttons (``redraw``: draw the result again for them)."""
        text = "" if self.at_result() else " ".join(self.toasts)
        if text != self.toast_text:
            self.toast_text = text
            tab.set_text("toast", text)
        if redraw and self.at_result():
            self.render()

    def note(self, text: str) -> None:
        """A note nobody asked for (the offline worker's "saved on this device"): a toast, but
        not over a game being played, where it would hide the bottom of a phone's screen (Wie
        Waldi!'s buttons, in a real-time round) for 5 s.  It waits for the next screen that is
        not a game being played: the result, the lobby, the set-up, home."""
        if text not in self.held_notes:
            self.held_notes.append(text)
        if self.at_result():
            self.render()                   # a line of the result (``take_result_notes``)
        else:
            self.show_held_notes()

    def at_result(self) -> bool:
        """The screen is the result of the game this tab played."""
        return self.route.lstrip("#/").split("/")[0] == "table" and self.ctl is not None and self.ctl.ended

    def take_result_notes(self) -> None:
        """On the result a held note is a line of it, below its buttons: a toast there lay
        over the buttons a player reaches for next (New game, Replay, Save) for 5 s."""
        if self.held_notes and self.at_result():
            for text in self.held_notes:
                if text not in self.result_notes:
                    self.result_notes.append(text)
                    self.notes_shown.add(text)
                    self.announce(text)
            self.held_notes = []

    def playing(self) -> bool:
        """The screen is a game that is on: its table, or the hand-over between two players of
        a shared device (the next one's screen follows at a tap), not its lobby or its result."""
        return self.screen_id in ("table", "handover") and self.ctl is not None and not self.ctl.ended

    def show_held_notes(self) -> None:
        if self.playing():
            # a note shown on the set-up a moment before the game began steps aside with it
            aside = [t for t in self.toasts if t in self.notes_shown]
            if aside:
                self.toasts = [t for t in self.toasts if t not in aside]
                self.show_toasts()
                self.held_notes += [t for t in aside if t not in self.held_notes]
            return
        if self.held_notes:
            notes, self.held_notes = self.held_notes, []
            for text in notes:
                self.notes_shown.add(text)
                self.toast(text)

    def announce(self, text: str) -> None:
        """A polite word to screen readers (the page's small live region), once the screen
        shows the news it tells."""
        if text:
            timers.soon(lambda: focus.announce(text))

    async def load_lan(self) -> None:
        """Served by ``build.py serve --lan`` on this computer's own name (localhost)?  Its
        ``lan.json`` says the address other devices open.  Asked once, when the host first
        invites from another device (which needs the network anyway)."""
        if self.lan_asked or not address.is_loopback(tab.page_url()):
            return
        self.lan_asked = True
        found = await tab.fetch_json("lan.json")
        urls = [u for u in (found or {}).get("urls", []) if isinstance(u, str) and address.clean_base(u)] \
            if isinstance(found, dict) else []
        if urls:
            self.lan_urls = urls[:4]
            self.render()

    def remember_name(self, name) -> None:
        """The player's own name, kept for the next visit (never a pronoun: the table shows
        it to everyone)."""
        name = str(name or "").strip()[:24]
        if name and name != self.player_name:
            self.player_name = name
            storage.put(NAME_KEY, name)

    def set_lang(self, lang):
        before = self.t.lang
        self.t = Translator(lang)
        self.follow_page_language(before, lang)
        storage.put(LANG_KEY, lang)
        tab.set_document_lang(lang)
        self.render_lang()
        self.render()

    # ------------------------------------------------------------------ tables
    def open_table(self, *_):
        s = self.setup
        game = GAMES[s["game"]]
        seats = [dict(x) for x in s["seats"]]
        for i, seat in enumerate(seats):
            if seat["kind"] == "remote":
                seat["name"] = seat["name"] or self.t("setup.guest_name", n=i + 1)
        problem = self.check_setup(game)
        if problem:
            s["error"] = problem
            self.render()
            return
        try:
            table = Table(game.id, seats, options=s["options"], now_ms=timers.now_ms(),
                          bot_pace=s.get("pace", 1.0), seed=game_number(s.get("game_number")))
        except IllegalAction as e:
            params = dict(e.params)
            if "option" in params:       # the option's label in the player's language, not its id
                params["option"] = self.option_label(game, params["option"])
            s["error"] = Refusal(e.code, e.message, e.reason, params).text(self.t)
            self.render()
            return
        ice = self.setup_ice()
        if ice is None:
            self.render()
            return
        s["error"] = None
        self.close_table()
        self.ctl = HostTable(table, self.lobby, self.changed, ice_servers=ice)
        self.screen_state = {}
        if not any(x["kind"] == "remote" for x in seats):
            self.refuse(self.ctl.start())
        self.go("#/table")

    def close_table(self):
        if self.ctl is not None:
            self.ctl.leave()
        self.ctl = None
        self.stop_scan(render=False)
        self.invite = None
        self.result_said = None
        self.result_notes = []
        self.news_heard = {}
        self.confirm_leave = False
        if self.next_screen is not None:
            self.next_screen = None
            dom.unmount(NEXT_SCREEN)

    def join_local(self, table_id, spectate=False):
        from ..net import links
        if not links.has_webrtc():
            self.toast(self.t("home.no_webrtc"))
            return
        name = str(tab.input_value("join-name") or "").strip() or self.player_name or self.t("setup.guest")
        self.remember_name(name if name != self.t("setup.guest") else "")
        self.close_table()
        ctl = GuestTable(table_id, str(name)[:24], self.lobby, self.changed, spectate=spectate)
        ctl.on_refusal = self.refuse
        self.ctl = ctl
        self.screen_state = {}
        asyncio.ensure_future(ctl.connect_local())
        self.go("#/table")

    async def answer_invite(self):
        j = self.join
        from ..net import links
        try:
            link, reply = await links.accept_invite(j["code"], j.get("ice"))
        except CodeError as e:
            j["error"] = self.t("join.bad_code", why=str(e))
            self.render()
            return
        j["reply"] = reply
        name = str(j.get("name") or self.player_name or self.t("setup.guest")).strip()[:24]
        if j.get("name"):
            self.remember_name(j["name"])
        self.close_table()
        ctl = GuestTable(j["table"], name, self.lobby, self.changed)
        ctl.on_refusal = self.refuse
        ctl.invite_mode = True
        self.ctl = ctl
        self.render()
        if await asyncio.wait_for(link.opened, 600):
            ctl.use(link)
            self.join = None
            self.go("#/table")

    # ------------------------------------------------------------------ render
    # ------------------------------------------------------------------ render
    def render_lang(self):
        t = self.t
        opts = [h("option", label, value=code, selected=(code == t.lang)) for code, label in LANGUAGES.items()]
        mount("lang-slot", h("label", h("span", t("app.language"), cls="sr-only"),
                             h("select", opts, id="lang", aria_label=t("app.language"),
                               on_change=lambda e: self.set_lang(dom.value_of(e)))))

    def changed(self, *_) -> None:
        """A table's news (a peer's move, the clock, a computer player): drawn at once, unless
        this tab drew less than a frame ago; then once at that frame's end, for all the news
        come in between (a burst of moves costs one draw, not one each)."""
        self.tell_news()
        self.warm_next()
        if self.draw_due:
            return
        wait = FRAME_MS - (time.perf_counter() - self.drawn_at) * 1000
        if wait <= 0:
            self.render()
            return
        self.draw_due = True
        timers.later(int(wait) + 1, lambda: self.render() if self.draw_due else None)

    def render(self, *_):
        t0 = time.perf_counter()
        self.renders += 1
        self.draw_due = False
        parts = self.route.lstrip("#/").split("/")
        self.take_result_notes()
        if parts[0] == "table" and self.ctl is not None:
            tree = self.render_table()
        elif parts[0] == "join" and self.join is not None:
            tree = self.render_join()
        elif parts[0] == "rules" and len(parts) > 1 and parts[1] in GAMES:
            tree = self.render_rules(parts[1])
        elif parts[0] in GAMES and self.setup is not None:
            tree = self.render_setup()
        elif parts[0] == "clubs":
            tree = clubs.render(self)
        elif parts[0] == "open":
            tree = records.render(self)
        elif parts[0] == "replay":
            tree = replays.render(self)
        else:
            tree = self.render_home()
        trace.mark("render.tree")
        if self.next_screen is not None and parts[0] == "table":
            self.show_next_screen()
        mount("app", tree)
        trace.mark("render.mounted")
        collector.after_draw()
        screen = (getattr(tree, "attrs", None) or {}).get("id")
        if self.scanner is not None and screen != "lobby":    # the camera only while its picture shows
            self.stop_scan(render=False)
        if screen != self.screen_id:
            if self.screen_id is not None:     # not on the first draw: the page's own focus stays
                self.focus_after = self.focus_after or f"#{screen} h1"
            self.screen_id = screen
        self.show_held_notes()
        self.show_toasts()
        if self.focus_after:
            focus.focus_heading(self.focus_after)
        elif self.news_at:
            # in the task after this one: the news is on the screen first, then looked at
            # (scrolling to it costs the page a layout)
            news = self.news_at
            timers.soon(lambda: None if focus.is_typing() else focus.focus_heading(news))
        self.focus_after = self.news_at = None
        keep = self.keep_focus_on if screen == "table" else None
        if keep:          # focused when first shown, and again when a redraw took the focus away
            focus.keep_focus(keep, force=keep != self.focus_kept)
        self.focus_kept, self.keep_focus_on = keep, None
        tab.set_document_lang(self.t.lang)          # also for a language chosen automatically
        tab.set_title(self.page_title())
        if screen == "table" and self.ctl is not None and tab.page_visible():
            self.ctl.seen()                 # the computers' first move waits for this
        self.drawn_at = time.perf_counter()
        dom.count_render((self.drawn_at - t0) * 1000)

    def page_title(self) -> str:
        """The tab's title, in the player's language: the screen, then the site."""
        parts = self.route.lstrip("#/").split("/")
        game = None
        if parts[0] == "table" and self.ctl is not None and self.ctl.game is not None:
            game = self.ctl.game.title
        elif parts[0] in GAMES:
            game = GAMES[parts[0]].title
        elif parts[0] == "rules" and len(parts) > 1 and parts[1] in GAMES:
            return f"{self.t('howto.title', game=GAMES[parts[1]].title)} · {clubs.site_name()}"
        screens = {"join": "join.title", "clubs": "clubs.title", "open": "record.open_title",
                   "replay": "replay.title_none"}
        head = game or self.t(screens.get(parts[0], "home.title"))
        return f"{head} · {clubs.site_name()}"

    def make_context(self, game, seat, update, others):
        """The :class:`ScreenContext` for one render of a seat's screen."""
        return ScreenContext(
            game_id=game.id, seat=seat, update=update, t=self.t,
            act=lambda action, s=None: self.act(seat if s is None else s, action),
            toast=self.toast, clock_offset=self.ctl.clock_offset, now=timers.now_ms, scratch=self.screen_state,
            constants=dict(getattr(game, "constants", None) or {}), others=others, lang=self.t.lang,
            redraw=self.render, announce=self.announce, look_at=lambda sel: setattr(self, "news_at", sel),
            upload=self.ctl.upload, asset_url=self.ctl.asset_url, shared=self.shared_screen(game, others),
            seat_colours=getattr(self.screen_module(game.id), "seat_colours", None))


def start():
    clubs.load_branding()                    # before the app reads the club's language or games
    app = App()
    clubs.start(app)
    if "trace" in tab.page_query():          # measurement: time marks for the benches
        trace.enable()
    if "dom=rebuild" in tab.page_query():     # measurement: the old full-rebuild mount
        dom.set_full_rebuild(True)
    dom.listen(None)
    tab.on_window("hashchange", app.on_route)
    tab.on_visible(app.render)               # a table opened in the background is seen now
    timers.start_countdowns()
    app.render_lang()
    resume = HostTable.resume_id()
    saved_guest = GuestTable.saved()
    if resume:
        try:
            app.ctl = HostTable.restore(resume, app.lobby, app.changed)
            app.route = "#/table"
            tab.set_location_hash("#/table")
        except Exception as e:  # a save we cannot replay must not block the page
            print("resume failed:", repr(e))
    elif saved_guest:
        ctl = GuestTable(saved_guest["table"], saved_guest.get("name") or "?", app.lobby, app.render,
                         token=saved_guest.get("token"), seat=saved_guest.get("seat"))
        ctl.on_refusal = app.refuse
        app.ctl = ctl
        asyncio.ensure_future(ctl.connect_local())
        tab.set_location_hash("#/table")
    app.lobby.hello()
    app.on_route()
    debug.expose_debug(app)
    # Everything made so far (modules, the games' tables, the snapshot's heap) lives as long
    # as the page: set it aside from the cycle collector, whose full passes would otherwise
    # walk it all again and again (a 100 ms pause in the middle of a move, measured); and
    # the collector's passes from now on in idle time, not in a click (ui/collector.py).
    collector.start()
    tab.mark_ready()
    if "nowarm" not in tab.page_query():      # measurement: a first game without the warm-up
        warmup.start()
    return app
