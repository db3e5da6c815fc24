"""The shell's screens before a table: home (games, open tables), a game's set-up, and the
answer to an invitation from another device.  A mixin of :class:`~clubtable.ui.app.App`."""
from __future__ import annotations

import asyncio
import json

from ..catalogue import CATALOGUE
from ..games import GAMES
from . import clubs, dom
from .dom import h

SEAT_KINDS = ("local", "pass", "bot", "remote")


class HomeScreens:
    def new_setup(self, game_id):
        game = GAMES[game_id]
        n = max(game.min_players, min(game.max_players, 4 if game.max_players >= 4 else game.max_players))
        seats = [{"kind": "local", "name": self.t("setup.you"), "level": None}]
        level = game.bot_levels[len(game.bot_levels) // 2] if game.bot_levels else None
        for i in range(1, n):
            seats.append({"kind": "bot" if game.bot_levels else "remote",
                          "name": self.t("setup.bot_name", n=i), "level": level})
        return {"game": game_id, "seats": seats, "options": dict(game.options), "error": None, "ice": ""}

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
        self.register_texts(game.id)  # the game's texts, for option labels too
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
                raw = dom.value_of(e) if conv is not bool else dom.checked_of(e)
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


def qr(text: str, label: str):
    """A QR code as an <img> with an SVG data URI (segno, pure Python, vendored)."""
    import segno
    uri = segno.make(text, error="l").svg_data_uri(scale=4, border=2)
    return h("img", src=uri, alt=label, cls="qr", width="240", height="240")
