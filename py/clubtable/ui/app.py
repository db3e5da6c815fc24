"""The app shell: router, language switch, home, table set-up, lobby, play and result.

Routes (the hash, so a club can deep-link or embed one game):
``#/`` home · ``#/<game>`` set-up of that game · ``#/table`` the table this tab hosts or
joined · ``#/join/<table>/<invite code>`` answer an invitation from another device.
"""
from __future__ import annotations

import asyncio
import importlib
import json
import secrets

from pyscript import document, window

from .. import i18n
from ..catalogue import CATALOGUE
from ..engine import IllegalAction
from ..games import GAMES
from ..i18n import LANGUAGES, Translator, pick_language
from ..net.sdp import CodeError
from ..session import Table
from . import clubs, dom, storage
from .controllers import GuestTable, HostTable
from .context import ScreenContext
from .dom import h, mount

SEAT_KINDS = ("local", "pass", "bot", "remote")
LANG_KEY = "clubtable.lang"


_registered: set = set()


def screen_module(game_id: str):
    """``ui/games/<id>.py``: the one screen module of a game (its texts registered once)."""
    mod = importlib.import_module(f"clubtable.ui.games.{game_id}")
    if game_id not in _registered:
        _registered.add(game_id)
        if hasattr(mod, "TEXTS"):
            i18n.register(mod.TEXTS)
    return mod


def make_context(app, game, seat, update, others):
    """The :class:`ScreenContext` for one render of a seat's screen."""
    ctl = app.ctl
    offset = int(getattr(ctl, "clock_offset", 0) or 0)
    ctx = ScreenContext(
        game_id=game.id, seat=seat, update=update, t=app.t,
        act=lambda action, s=None: app.act(seat if s is None else s, action),
        toast=app.toast, clock_offset=offset, now=dom.now_ms, scratch=app.screen_state,
        constants=dict(getattr(game, "constants", None) or {}), others=others, lang=app.t.lang,
        redraw=app.render, announce=app.toast)
    # Transitional: screens not yet ported reach the shell through these two names.
    ctx.app = app
    ctx.ui = ctx.scratch
    return ctx


class App:
    def __init__(self):
        saved = storage.get(LANG_KEY)
        self.t = Translator(saved if saved in LANGUAGES else pick_language(list(window.navigator.languages)))
        self.ctl = None                  # HostTable or GuestTable
        self.setup = None                # the set-up form's model
        self.screen_state = {}
        self.focus_seat = None           # pass-and-play: whose screen is showing
        self.handover_to = None          # pass-and-play: waiting for this seat to tap
        self.toast_text = ""
        self.invite = None               # {"peer": id, "code": str} while inviting
        self.join = None                 # {"table", "code", "reply"} on a join link
        from ..net.links import Lobby
        self.lobby = Lobby()
        self.lobby.on_tables = self.render_if_home
        self.lobby.on_offer = self.on_offer
        self.lobby.host_summaries = self.host_summaries
        self.route = "#/"

    # ------------------------------------------------------------------ routing
    def go(self, route: str) -> None:
        if str(window.location.hash) != route:
            window.location.hash = route      # hashchange renders
        else:
            self.on_route()

    def on_route(self, *_):
        self.route = str(window.location.hash or "#/")
        parts = self.route.lstrip("#/").split("/")
        if parts[0] == "join" and len(parts) >= 3:
            if self.join is None or self.join.get("code") != parts[2]:
                self.join = {"table": parts[1], "code": parts[2], "reply": None, "name": ""}
        elif parts[0] in GAMES and (self.setup is None or self.setup["game"] != parts[0]):
            self.setup = self.new_setup(parts[0])
        self.render()

    # ------------------------------------------------------------------ lobby channel
    def host_summaries(self):
        if isinstance(self.ctl, HostTable):
            return [self.ctl.table.lobby_info() | {"table": self.ctl.table.table_id}]
        return []

    def on_offer(self, table_id, peer_id, sdp):
        if isinstance(self.ctl, HostTable) and self.ctl.table.table_id == table_id:
            asyncio.ensure_future(self.ctl.accept_offer(peer_id, sdp))

    def render_if_home(self):
        if self.route in ("", "#", "#/"):
            self.render()

    # ------------------------------------------------------------------ actions
    def act(self, seat, action):
        if self.ctl is None:
            return
        reason = self.ctl.act(seat, action)
        if reason:
            self.toast(reason)
        self.render()

    def toast(self, text: str) -> None:
        self.toast_text = text
        dom.set_text("toast", text)
        stamp = text

        def clear():
            if self.toast_text == stamp:
                self.toast_text = ""
                dom.set_text("toast", "")
        dom.later(5000, clear)

    def set_lang(self, lang):
        self.t = Translator(lang)
        storage.put(LANG_KEY, lang)
        document.documentElement.setAttribute("lang", lang)
        self.render_lang()
        self.render()

    # ------------------------------------------------------------------ set-up
    def new_setup(self, game_id):
        game = GAMES[game_id]
        n = max(game.min_players, min(game.max_players, 4 if game.max_players >= 4 else game.max_players))
        seats = [{"kind": "local", "name": self.t("setup.you"), "level": None}]
        level = game.bot_levels[len(game.bot_levels) // 2] if game.bot_levels else None
        for i in range(1, n):
            seats.append({"kind": "bot" if game.bot_levels else "remote",
                          "name": self.t("setup.bot_name", n=i), "level": level})
        return {"game": game_id, "seats": seats, "options": dict(game.options), "error": None, "ice": ""}

    def open_table(self, *_):
        s = self.setup
        game = GAMES[s["game"]]
        seats = [dict(x) for x in s["seats"]]
        for i, seat in enumerate(seats):
            if seat["kind"] == "remote":
                seat["name"] = seat["name"] or self.t("setup.guest_name", n=i + 1)
        try:
            table = Table(game.id, seats, options=s["options"], now_ms=dom.now_ms())
        except IllegalAction as e:
            s["error"] = e.message
            self.render()
            return
        ice = [u.strip() for u in s.get("ice", "").split() if u.strip()]
        self.close_table()
        self.ctl = HostTable(table, self.lobby, self.render, ice_servers=ice)
        self.screen_state = {}
        if not any(x["kind"] == "remote" for x in seats):
            reason = self.ctl.start()
            if reason:
                self.toast(reason)
        self.go("#/table")

    def close_table(self):
        if self.ctl is not None:
            self.ctl.close()
        self.ctl = None
        self.invite = None
        self.focus_seat = self.handover_to = None

    def join_local(self, table_id, spectate=False):
        name = (dom.by_id("join-name").value if dom.by_id("join-name") else "") or self.t("setup.guest")
        self.close_table()
        ctl = GuestTable(table_id, str(name)[:24], self.lobby, self.render, spectate=spectate)
        ctl.on_reject = self.toast
        self.ctl = ctl
        self.screen_state = {}
        asyncio.ensure_future(ctl.connect_local())
        self.go("#/table")

    async def answer_invite(self):
        j = self.join
        from ..net import links
        try:
            link, reply = await links.accept_invite(j["code"])
        except CodeError as e:
            j["error"] = self.t("join.bad_code", why=str(e))
            self.render()
            return
        j["reply"] = reply
        name = str(j.get("name") or self.t("setup.guest"))[:24]
        self.close_table()
        ctl = GuestTable(j["table"], name, self.lobby, self.render)
        ctl.on_reject = self.toast
        ctl.invite_mode = True
        self.ctl = ctl
        self.render()
        if await asyncio.wait_for(link.opened, 600):
            ctl.use(link)
            self.join = None
            self.go("#/table")

    # ------------------------------------------------------------------ render
    def render_lang(self):
        t = self.t
        opts = [h("option", label, value=code, selected=(code == t.lang)) for code, label in LANGUAGES.items()]
        mount("lang-slot", h("label", h("span", t("app.language"), cls="sr-only"),
                             h("select", opts, id="lang", aria_label=t("app.language"),
                               on_change=lambda e: self.set_lang(dom.value_of(e)))))

    def render(self, *_):
        parts = self.route.lstrip("#/").split("/")
        if parts[0] == "table" and self.ctl is not None:
            tree = self.render_table()
        elif parts[0] == "join" and self.join is not None:
            tree = self.render_join()
        elif parts[0] in GAMES and self.setup is not None:
            tree = self.render_setup()
        elif parts[0] == "clubs":
            tree = clubs.render(self)
        else:
            tree = self.render_home()
        mount("app", tree)
        dom.tick_countdowns()

    def render_home(self):
        t = self.t
        cards = []
        for g in clubs.games(CATALOGUE):
            playable = g["id"] in GAMES
            cards.append(h(
                "li",
                h("h2", g["title"]),
                h("p", t("home.players", n=g["players"]), cls="players"),
                h("p", t(g["summary"]), cls="summary"),
                h("button", t("home.play", title=g["title"]), cls="primary", data_key=f"play-{g['id']}",
                  on_click=lambda e, gid=g["id"]: self.go(f"#/{gid}")) if playable
                else h("p", t("home.soon"), cls="soon"),
                cls="game-card" + ("" if playable else " later"), data_game=g["id"]))
        tables = []
        for tid, info in sorted(self.lobby.tables.items()):
            game = GAMES.get(info.get("game"))
            if game is None:
                continue
            label = t("home.join", game=game.title, host=str(info.get("host", "?")))
            free = info.get("open_seats") or 0
            tables.append(h("li", h("span", label), " ",
                            h("span", t("home.free_seats", n=free), cls="muted"), " ",
                            h("button", t("home.join_button"), data_key=f"join-{tid}", disabled=not free,
                              aria_label=label, on_click=lambda e, x=tid: self.join_local(x)),
                            h("button", t("home.watch"), data_key=f"watch-{tid}",
                              on_click=lambda e, x=tid: self.join_local(x, spectate=True))))
        resume = []
        if self.ctl is not None:
            resume = [h("p", h("button", t("home.back_to_table"), cls="primary", data_key="back-table",
                                 on_click=lambda e: self.go("#/table")))]
        return h("section",
                 h("h1", t("home.title")), resume,
                 h("ul", cards, cls="game-list", aria_label=t("home.title")),
                 h("h2", t("home.open_tables")),
                 h("div", h("label", t("join.your_name"), html_for="join-name"), " ",
                   h("input", id="join-name", maxlength="24", autocomplete="nickname"), cls="field"),
                 h("ul", tables, cls="open-tables") if tables else h("p", t("home.no_tables"), cls="muted"),
                 clubs.home_link(self),
                 cls="screen home", id="home")

    def render_setup(self):
        t = self.t
        s = self.setup
        game = GAMES[s["game"]]
        screen_module(game.id)  # registers the game's texts, for option labels too
        rows = []
        for i, seat in enumerate(s["seats"]):
            kinds = [k for k in SEAT_KINDS if k != "bot" or game.bot_levels]
            kind_sel = h("select", [h("option", t(f"setup.kind.{k}"), value=k, selected=seat["kind"] == k) for k in kinds],
                         id=f"seat-kind-{i}", aria_label=t("setup.seat_kind", n=i + 1),
                         on_change=lambda e, i=i: self.set_seat(i, "kind", dom.value_of(e)))
            name_in = h("input", value=seat["name"], id=f"seat-name-{i}", maxlength="24",
                        aria_label=t("setup.seat_name", n=i + 1),
                        on_input=lambda e, i=i: self.set_seat(i, "name", dom.value_of(e), render=False))
            level = None
            if seat["kind"] == "bot":
                level = h("select", [h("option", t(f"level.{lv}"), value=lv, selected=seat.get("level") == lv)
                                     for lv in game.bot_levels],
                          id=f"seat-level-{i}", aria_label=t("setup.seat_level", n=i + 1),
                          on_change=lambda e, i=i: self.set_seat(i, "level", dom.value_of(e)))
            remove = None
            if len(s["seats"]) > game.min_players and i > 0:
                remove = h("button", "✕", aria_label=t("setup.remove_seat", n=i + 1), data_key=f"rm-{i}",
                           on_click=lambda e, i=i: self.remove_seat(i))
            rows.append(h("li", h("span", f"{i + 1}.", cls="seat-no"), kind_sel, name_in, level, remove,
                          cls="seat-row"))
        add = None
        if len(s["seats"]) < game.max_players:
            add = h("button", t("setup.add_seat"), id="add-seat", on_click=lambda e: self.add_seat())
        opts = [self.option_field(game, name) for name in game.options]
        return h("section",
                 h("p", h("a", "← " + t("nav.home"), href="#/")),
                 h("h1", game.title),
                 h("form",
                   h("fieldset", h("legend", t("setup.seats", a=game.min_players, b=game.max_players)),
                     h("ol", rows, cls="seats"), add),
                   h("details", h("summary", t("setup.options"), on_click=self.toggle_options, id="options-toggle"),
                     h("div", opts, cls="options"),
                     h("div", h("label", t("setup.ice"), html_for="opt-ice"),
                       h("input", id="opt-ice", value=s.get("ice", ""), placeholder="stun:stun.example.org:3478",
                         on_input=lambda e: s.__setitem__("ice", dom.value_of(e))), cls="field"),
                     open=bool(s.get("options_open"))),
                   h("p", s["error"], cls="error", role="alert") if s.get("error") else None,
                   h("button", t("setup.open"), type="submit", cls="primary big", id="open-table"),
                   on_submit=self.open_table, id="setup-form"),
                 cls="screen setup", id="setup")

    def toggle_options(self, event):
        # Re-renders rebuild <details>, so its open state lives in the model.
        event.preventDefault()
        self.setup["options_open"] = not self.setup.get("options_open")
        self.render()

    def option_field(self, game, name):
        t = self.t
        s = self.setup
        value = s["options"].get(name)
        fid = f"opt-{name}"
        label = h("label", t(f"opt.{game.id}.{name}") if t(f"opt.{game.id}.{name}") != f"opt.{game.id}.{name}"
                  else name.replace("_", " "), html_for=fid)
        choices = game.option_choices.get(name)

        def setter(conv):
            def on(e):
                raw = dom.value_of(e) if conv is not bool else bool(e.target.checked)
                try:
                    s["options"][name] = conv(raw)
                except ValueError:
                    pass
            return on
        def choice_label(c):
            key = f"opt.{game.id}.{name}.{json.dumps(c)}"
            text = t(key)
            return text if text != key else ("—" if c is None else str(c))
        if choices is not None:
            enc = {json.dumps(c): c for c in choices}
            ctl = h("select", [h("option", choice_label(c), value=json.dumps(c), selected=c == value)
                               for c in choices], id=fid,
                    on_change=lambda e: s["options"].__setitem__(name, enc.get(dom.value_of(e))))
        elif isinstance(value, bool):
            ctl = h("input", type="checkbox", id=fid, checked=bool(value), on_change=setter(bool))
        elif isinstance(value, int):
            ctl = h("input", type="number", id=fid, value=value, on_input=setter(int))
        elif isinstance(value, float):
            ctl = h("input", type="number", step="any", id=fid, value=value, on_input=setter(float))
        else:
            ctl = h("input", id=fid, value=json.dumps(value) if not isinstance(value, str) else value,
                    on_input=setter(lambda raw: raw if isinstance(value, str) else json.loads(raw)))
        return h("div", label, " ", ctl, cls="field")

    def set_seat(self, i, key, value, render=True):
        seat = self.setup["seats"][i]
        seat[key] = value
        game = GAMES[self.setup["game"]]
        if key == "kind" and value == "bot" and not seat.get("level"):
            seat["level"] = game.bot_levels[len(game.bot_levels) // 2]
        if key == "kind":   # a computer's default name does not suit a person, and back
            defaults = {"bot": "setup.bot_name", "pass": "setup.player_name", "remote": "setup.guest_name",
                        "local": "setup.player_name"}
            seat["name"] = self.t(defaults[value], n=i) if value == "bot" else self.t(defaults[value], n=i + 1)
        if render:
            self.render()

    def add_seat(self):
        game = GAMES[self.setup["game"]]
        n = len(self.setup["seats"])
        level = game.bot_levels[len(game.bot_levels) // 2] if game.bot_levels else None
        self.setup["seats"].append({"kind": "bot" if level else "remote",
                                    "name": self.t("setup.bot_name", n=n), "level": level})
        self.render()

    def remove_seat(self, i):
        del self.setup["seats"][i]
        self.render()

    # ------------------------------------------------------------------ join (other device)
    def render_join(self):
        t = self.t
        j = self.join
        body = []
        if j.get("error"):
            body.append(h("p", j["error"], cls="error", role="alert"))
        if not j.get("reply"):
            body += [h("div", h("label", t("join.your_name"), html_for="invite-name"), " ",
                       h("input", id="invite-name", maxlength="24", value=j.get("name", ""),
                         on_input=lambda e: j.__setitem__("name", dom.value_of(e))), cls="field"),
                     h("button", t("join.answer"), cls="primary", id="answer-invite",
                       on_click=lambda e: asyncio.ensure_future(self.answer_invite()))]
        else:
            body += [h("p", t("join.send_reply")),
                     h("textarea", j["reply"], id="reply-code", readonly=True, rows="3", aria_label=t("join.reply_code")),
                     qr(j["reply"], t("join.reply_qr")),
                     h("p", t("join.waiting"), cls="muted", role="status")]
        return h("section", h("h1", t("join.title")), body, cls="screen join", id="join")

    # ------------------------------------------------------------------ table screens
    def render_table(self):
        ctl = self.ctl
        t = self.t
        if isinstance(ctl, GuestTable):
            up = ctl.update_for(ctl.guest.seat)
            if up is None:
                status = t("guest.connecting") if ctl.status != "lost" else t("guest.lost")
                return h("section", h("h1", t("guest.joining")), h("p", status, role="status"),
                         h("p", ctl.error, cls="error") if ctl.error else None,
                         h("button", t("nav.leave"), on_click=lambda e: self.leave()), cls="screen", id="table")
            if not up.get("started"):
                return self.render_lobby(up, host=False)
            return self.render_play(up, ctl.guest.seat, [])
        table = ctl.table
        if not table.started:
            return self.render_lobby(table.update_for(None), host=True)
        # Each seat's view is projected once per render: focus choice and screen share them.
        ups = {s: table.update_for(s) for s in ctl.local_seats()}
        seat = self.pick_focus(ups)
        if self.handover_to is not None:
            name = table.seats[self.handover_to]["name"]
            return h("section", h("h1", t("pass.title")), h("p", t("pass.give", name=name)),
                     h("button", t("pass.ready", name=name), cls="primary big", id="handover-ready",
                       on_click=lambda e: self.take_over()), cls="screen handover", id="handover")
        others = [(s, up) for s, up in ups.items() if s != seat]
        return self.render_play(ups[seat] if seat is not None else table.update_for(None), seat, others)

    def pick_focus(self, ups):
        """Pass-and-play: the screen shows the local seat that must act (its hidden
        information), behind a hand-over screen whenever that seat changes.  ``ups`` maps
        each seat played on this device to its update."""
        if not ups:
            return None
        humans = list(ups)
        mod = screen_module(self.ctl.game.id)
        needs = getattr(mod, "wants_focus", None) or (lambda up: _needs_turn(up.get("legal") or []))
        wanting = [s for s in humans if needs(ups[s])]
        target = self.focus_seat if self.focus_seat in humans else humans[0]
        if wanting and target not in wanting:
            target = wanting[0]
        if target != self.focus_seat:
            if self.focus_seat is not None and len(humans) > 1:
                self.handover_to = target
            self.focus_seat = target
        return self.focus_seat

    def take_over(self):
        self.handover_to = None
        self.render()

    def render_lobby(self, up, host: bool):
        t = self.t
        seats = up.get("seats") or []
        rows = [h("li", h("span", s.get("name", "?")), " — ",
                  h("span", t(f"seat.{s.get('kind')}") + ("" if s.get("connected", True) else " " + t("seat.waiting")),
                    cls="muted")) for s in seats]
        body = [h("ol", rows, cls="lobby-seats", aria_label=t("lobby.seats"))]
        if host:
            ctl = self.ctl
            inv = self.invite
            body.append(h("h2", t("lobby.invite_device")))
            if inv is None:
                body.append(h("button", t("lobby.make_invite"), id="make-invite",
                              on_click=lambda e: asyncio.ensure_future(self.make_invite())))
            else:
                link = self.invite_link(inv["code"])
                body += [h("p", t("lobby.invite_help")),
                         h("textarea", link, id="invite-link", readonly=True, rows="3", aria_label=t("lobby.invite_link")),
                         qr(link, t("lobby.invite_qr")),
                         h("div", h("label", t("lobby.paste_reply"), html_for="reply-input"),
                           h("input", id="reply-input", autocomplete="off"),
                           h("button", t("lobby.connect"), id="reply-connect",
                             on_click=lambda e: asyncio.ensure_future(self.take_reply())), cls="field")]
            body += [h("p", t("lobby.same_browser"), cls="muted"),
                     h("button", t("lobby.start"), cls="primary big", id="start-table",
                       on_click=lambda e: self.start_table(False)),
                     h("button", t("lobby.start_with_bots"), id="start-bots",
                       on_click=lambda e: self.start_table(True)) if ctl.game.bot_levels else None]
        else:
            body.append(h("p", t("lobby.waiting_host"), role="status"))
        body.append(h("button", t("nav.leave"), id="leave", on_click=lambda e: self.leave()))
        return h("section", h("h1", t("lobby.title", game=self.ctl.game.title) if host else t("lobby.title_guest")),
                 body, cls="screen lobby", id="lobby")

    def invite_link(self, code):
        base = clubs.public_base() or str(window.location.href).split("#")[0]
        return f"{base}#/join/{self.ctl.table.table_id}/{code}"

    async def make_invite(self):
        peer, code = await self.ctl.create_invite()
        self.invite = {"peer": peer, "code": code}
        self.render()

    async def take_reply(self):
        el = dom.by_id("reply-input")
        code = str(el.value).strip() if el else ""
        try:
            await self.ctl.finish_invite(self.invite["peer"], code)
        except (CodeError, ValueError) as e:
            self.toast(self.t("lobby.bad_reply", why=str(e)))
            return
        self.invite = None
        self.render()

    def start_table(self, bots):
        reason = self.ctl.start(fill_with_bots=bots)
        if reason:
            self.toast(reason)
        self.render()

    def leave(self):
        self.close_table()
        self.go("#/")

    def render_play(self, up, seat, others):
        t = self.t
        game = GAMES[up.get("game")] if up.get("game") in GAMES else self.ctl.game
        mod = screen_module(game.id)
        ctx = make_context(self, game, seat, up, others)
        seats = ctx.seats
        roster = h("ul", [h("li", ctx.marker(i), " ", s.get("name", "?"),
                            h("span", " (" + t("seat.you") + ")", cls="muted") if i == seat else None,
                            h("span", " " + t("seat.offline"), cls="warn") if not s.get("connected", True) else None,
                            self.bot_button(i, s, ctx),
                            cls="seat" + (" me" if i == seat else ""))
                          for i, s in enumerate(seats)], cls="roster", aria_label=t("play.players"))
        result = None
        if ctx.result:
            result = self.render_result(ctx)
        status = None
        if isinstance(self.ctl, GuestTable) and self.ctl.status == "lost":
            status = h("p", t("guest.lost"), cls="warn", role="status")
        return h("section",
                 h("header", h("h1", game.title), roster, cls="play-head"),
                 status,
                 h("div", mod.render(ctx), cls="board", id="board"),
                 result,
                 h("p", h("button", t("nav.leave"), id="leave", on_click=lambda e: self.leave())),
                 cls=f"screen play game-{game.id}", id="table")

    def bot_button(self, i, s, ctx):
        """The host may hand an invited player's seat to a computer player (one who left)."""
        if not isinstance(self.ctl, HostTable) or s.get("kind") != "remote" or ctx.result:
            return None
        if not self.ctl.game.bot_levels:
            return None
        return h("button", self.t("seat.to_bot"), cls="small", data_key=f"to-bot-{i}",
                 aria_label=self.t("seat.to_bot_label", name=s.get("name", "?")),
                 on_click=lambda e, i=i: (self.ctl.replace_with_bot(i), self.render()))

    def render_result(self, ctx):
        t = self.t
        res = ctx.result
        winners = ", ".join(ctx.name(w) for w in res.get("winners", []))
        lines = [h("h2", t("result.title")),
                 h("p", t("result.winners", names=winners) if winners else t("result.draw"), id="winners")]
        scores = res.get("scores")
        if scores:
            lines.append(h("ol", [h("li", ctx.name(i), ": ", str(sc)) for i, sc in enumerate(scores)], cls="scores"))
        ctl = self.ctl
        if isinstance(ctl, GuestTable) and ctl.verified is not None:
            ok, why = ctl.verified
            lines.append(h("p", t("result.verified") if ok else t("result.not_verified", why=why),
                           cls="ok" if ok else "error", id="verified"))
        elif isinstance(ctl, HostTable):
            lines.append(h("p", t("result.seed", seed=ctl.table.state.get("seed")), cls="muted", id="seed"))
        lines.append(h("button", t("result.again"), cls="primary", id="play-again",
                       on_click=lambda e: self.again()))
        return h("section", lines, cls="result", aria_live="polite", id="result")

    def again(self):
        game_id = self.ctl.game.id if isinstance(self.ctl, HostTable) else None
        self.close_table()
        self.go(f"#/{game_id}" if game_id else "#/")


def _needs_turn(legal) -> bool:
    """Legal actions that are a turn (not merely the right to interrupt, like DODGY's shout
    or a spectator-like 'accept'), so the hand-over screen follows the turn."""
    return any(a.get("type") not in ("dodgy", "accept") for a in legal)


def qr(text: str, label: str):
    """A QR code as an <img> with an SVG data URI (segno, pure Python, vendored)."""
    import segno
    uri = segno.make(text, error="l").svg_data_uri(scale=4, border=2)
    return h("img", src=uri, alt=label, cls="qr", width="240", height="240")


def start():
    app = App()
    clubs.start(app)
    dom.listen(None)
    dom.on_window("hashchange", app.on_route)
    dom.start_countdowns()
    app.render_lang()
    resume = HostTable.resume_id()
    saved_guest = GuestTable.saved()
    if resume:
        try:
            app.ctl = HostTable.restore(resume, app.lobby, app.render)
            app.route = "#/table"
            window.location.hash = "#/table"
        except Exception as e:  # a save we cannot replay must not block the page
            print("resume failed:", repr(e))
    elif saved_guest:
        ctl = GuestTable(saved_guest["table"], saved_guest.get("name") or "?", app.lobby, app.render,
                         token=saved_guest.get("token"), seat=saved_guest.get("seat"))
        ctl.on_reject = app.toast
        app.ctl = ctl
        asyncio.ensure_future(ctl.connect_local())
        window.location.hash = "#/table"
    app.lobby.hello()
    app.on_route()
    dom.expose_debug(app)
    document.body.setAttribute("data-ready", "1")
    return app
