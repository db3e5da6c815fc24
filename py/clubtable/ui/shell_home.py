"""The shell's screens before a table: home (games, open tables), a game's set-up, and the
answer to an invitation from another device.  A mixin of :class:`~clubtable.ui.app.App`."""
from __future__ import annotations

import asyncio
import json

from ..catalogue import CATALOGUE, player_range
from ..games import GAMES
from ..session.protocol import MAX_SEQ
from ..net import ice
from . import clubs, dom, records
from .browser import sharing, tab
from .dom import h

SEAT_KINDS = ("local", "pass", "bot", "remote")
PUBLIC_STUN = "stun:stun.l.google.com:19302"   # a well-known public STUN server (opt-in)
SEAT_OPTIONS = ("first_player", "first_code_maker")   # options whose numbers are seats
HONOURED_RULES = ("random", "host_choice")            # the page knows nobody's age
PACES = (("quick", 0.5), ("normal", 1.0), ("relaxed", 2.0))   # session.table.BOT_PACES


def _num(x):
    return str(int(x)) if float(x).is_integer() else str(x)


class HomeScreens:
    def new_setup(self, game_id):
        game = GAMES[game_id]
        n = max(game.min_players, min(game.max_players, 4 if game.max_players >= 4 else game.max_players))
        # the player's own name (chosen on the home screen), never a pronoun
        seats = [{"kind": "local", "name": self.player_name or self.t("setup.player_name", n=1), "level": None}]
        for i in range(1, n):
            seats.append(self.new_seat(game, i))
        options = json.loads(json.dumps(game.options))
        if options.get("first_player_rule") not in (None,) + HONOURED_RULES:
            options["first_player_rule"], options["first_player"] = "random", None
        # words to sculpt and questions screened in the language the page speaks
        for name in game.language_options:
            if self.t.lang in game.option_choices.get(name, ()):
                options[name] = self.t.lang
        # the default table plays at once: with computers at it, a mode they can play in
        if any(s["kind"] == "bot" for s in seats):
            for name, fits in game.bot_options.items():
                if options.get(name) not in fits:
                    options[name] = fits[0]
        return {"game": game_id, "seats": seats, "options": options, "error": None, "ice": "",
                "pace": 1.0, "bad": set()}

    def follow_page_language(self, before, lang):
        """The page's language changed during a set-up: a language option still at the
        language the page spoke follows it (one the host chose stays)."""
        s = self.setup
        if s is None:
            return
        game = GAMES[s["game"]]
        for name in game.language_options:
            if s["options"].get(name) == before and lang in game.option_choices.get(name, ()):
                s["options"][name] = lang

    def new_seat_kind(self, game):
        """A new seat's kind: a computer, else (no computer players) a player at this device,
        so the default table starts at once; a game one device cannot be passed round in
        invites."""
        return "bot" if game.bot_levels else "pass" if game.pass_and_play else "remote"

    def new_seat(self, game, i):
        level = game.bot_levels[len(game.bot_levels) // 2] if game.bot_levels else None
        kind = self.new_seat_kind(game)
        key = {"bot": "setup.bot_name", "remote": "setup.guest_name"}.get(kind, "setup.player_name")
        name = self.t(key, n=i if kind == "bot" else i + 1)
        return {"kind": kind, "name": name, "level": level}

    def bots_misfit(self, game):
        """The options the computers at this set-up cannot play with (Dohdles' pictures)."""
        s = self.setup
        if not any(seat["kind"] == "bot" for seat in s["seats"]):
            return []
        return [name for name, fits in game.bot_options.items() if s["options"].get(name) not in fits]

    def bots_note(self, game):
        """Computers at the table and a mode they cannot play in: say why, and offer the mode
        that works or people in the computers' seats."""
        t = self.t
        out = []
        for name in self.bots_misfit(game):
            fit = game.bot_options[name][0]

            def use(e, name=name, fit=fit):
                self.setup["options"][name] = fit
                self.render()

            def people(e):
                for i, seat in enumerate(self.setup["seats"]):
                    if seat["kind"] == "bot":
                        self.set_seat(i, "kind", "pass" if game.pass_and_play else "remote", render=False)
                self.render()
            out.append(h("div", h("p", self.text_of(f"opt.{game.id}.{name}.bots") or t("setup.bots_cannot"),
                                  id=f"bots-note-{name}"),
                         h("button", t("setup.bots_use", choice=self.choice_label(game, name, fit)),
                           cls="primary", id=f"bots-fit-{name}", on_click=use), " ",
                         h("button", t("setup.bots_people"), id=f"bots-people-{name}", on_click=people),
                         cls="warn panel bots-note", role="note"))
        return out

    def render_home(self):
        from ..net import links
        t = self.t
        cards = []
        for g in clubs.games(CATALOGUE):
            playable = g["id"] in GAMES
            cards.append(h(
                "li",
                h("h2", g["title"]),
                h("p", t("home.players", n=player_range(g)), cls="players"),
                h("p", t(g["summary"]), cls="summary"),
                h("button", t("home.play", title=g["title"]), cls="primary", data_key=f"play-{g['id']}",
                  on_click=lambda e, gid=g["id"]: self.go(f"#/{gid}")) if playable
                else h("p", t("home.soon"), cls="soon"),
                h("p", h("a", t("howto.link"), href=f"#/rules/{g['id']}", data_key=f"rules-{g['id']}",
                         aria_label=t("howto.link_for", game=g["title"])), cls="howto-link") if playable else None,
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
                              aria_label=label, on_click=lambda e, x=tid: self.join_local(x)), " ",
                            h("button", t("home.watch"), data_key=f"watch-{tid}",
                              on_click=lambda e, x=tid: self.join_local(x, spectate=True))))
        resume = []
        if self.ctl is not None:
            resume = [h("p", h("button", t("home.back_to_table"), cls="primary", data_key="back-table",
                                 on_click=lambda e: self.go("#/table")))]
        name_field = h("div", h("label", t("home.your_name"), html_for="join-name"), " ",
                       h("input", id="join-name", maxlength="24", size="24", autocomplete="nickname", value=self.player_name,
                         aria_describedby="name-hint", on_input=lambda e: self.remember_name(dom.value_of(e))),
                       h("span", t("home.name_hint"), cls="muted hint", id="name-hint") if not self.player_name else None,
                       cls="field player-name")
        return h("section",
                 h("h1", t("home.title")), resume, name_field,
                 h("ul", cards, cls="game-list", aria_label=t("home.title")),
                 h("h2", t("home.open_tables")),
                 h("ul", tables, cls="open-tables") if tables else h("p", t("home.no_tables"), cls="muted"),
                 h("p", t("home.no_webrtc"), cls="warn", id="no-webrtc", role="note")
                 if tables and not links.has_webrtc() else None,
                 records.home_link(self),
                 clubs.home_link(self),
                 cls="screen home", id="home")

    def render_setup(self):
        t = self.t
        s = self.setup
        game = GAMES[s["game"]]
        self.register_texts(game.id)  # the game's texts, for option labels too
        rows = [self.seat_row(game, i, seat) for i, seat in enumerate(s["seats"])]
        add = None
        if len(s["seats"]) < game.max_players:
            add = h("button", t("setup.add_seat"), id="add-seat", on_click=lambda e: self.add_seat())
        # the closed panel's body is not built: Cave's track editor alone is some 140 elements,
        # made, sent and laid out on every tap (and the option fields import the game's screen
        # module); what a player chose lives in the model, so nothing is lost while it is shut
        opened = bool(s.get("options_open"))
        opts = [self.option_field(game, name) for name in game.options] if opened else []
        # a game running at this tab's table is never replaced silently
        running = self.ctl is not None and self.ctl.is_host and self.ctl.started and not self.ctl.ended
        pace = self.pace_field() if game.bot_levels else None
        return h("section",
                 h("p", h("a", "← " + t("nav.home"), href="#/")),
                 h("h1", game.title),
                 h("p", h("a", t("howto.link"), href=f"#/rules/{game.id}", id="setup-rules",
                          aria_label=t("howto.link_for", game=game.title)), cls="howto-link"),
                 h("form",
                   h("fieldset", h("legend", t("setup.seats", n=player_range({"min": game.min_players,
                                                                             "max": game.max_players}))),
                     h("ol", rows, cls="seats"), add, pace, self.bots_note(game),
                     None if game.pass_and_play else h("p", t("setup.no_pass"), cls="muted", id="no-pass")),
                   h("details", h("summary", t("setup.options"), on_click=self.toggle_options, id="options-toggle"),
                     h("div", opts, cls="options") if opened else None,
                     self.connection_fields() if opened else None,
                     open=opened),
                   h("p", s["error"], cls="error", role="alert") if s.get("error") else None,
                   running and h("p", t("setup.running"), " ",
                                 h("button", t("home.back_to_table"), id="back-to-running",
                                   on_click=lambda e: self.go("#/table")), cls="warn", id="running-note"),
                   h("button", t("setup.open_replace") if running else t("setup.open"), type="submit",
                     cls="primary big", id="open-table"),
                   # our own checks, in the player's language, not the browser's
                   on_submit=self.open_table, id="setup-form", novalidate=True),
                 cls="screen setup", id="setup")

    def seat_row(self, game, i, seat):
        """One seat of the set-up: its kind, name, a computer's level and what it is like,
        and the button that removes it."""
        t = self.t
        s = self.setup
        kinds = [k for k in SEAT_KINDS if (k != "bot" or game.bot_levels)
                 and (k != "pass" or game.pass_and_play)]
        kind_sel = h("select", [h("option", t(f"setup.kind.{k}"), value=k, selected=seat["kind"] == k) for k in kinds],
                     id=f"seat-kind-{i}", aria_label=t("setup.seat_kind", n=i + 1),
                     on_change=lambda e, i=i: self.set_seat(i, "kind", dom.value_of(e)))
        name_in = h("input", value=seat["name"], id=f"seat-name-{i}", maxlength="24", size="24",
                    aria_label=t("setup.seat_name", n=i + 1),
                    on_input=lambda e, i=i: self.set_seat(i, "name", dom.value_of(e), render=False))
        level = None
        if seat["kind"] == "bot":
            level = h("select", [h("option", self.level_name(game, lv), value=lv,
                                   selected=seat.get("level") == lv) for lv in game.bot_levels],
                      id=f"seat-level-{i}", aria_label=t("setup.seat_level", n=i + 1),
                      aria_describedby=f"seat-about-{i}",
                      on_change=lambda e, i=i: self.set_seat(i, "level", dom.value_of(e)))
        remove = None
        if len(s["seats"]) > game.min_players and i > 0:
            remove = h("button", "✕", aria_label=t("setup.remove_seat", n=i + 1), data_key=f"rm-{i}",
                       on_click=lambda e, i=i: self.remove_seat(i))
        about = None
        if seat["kind"] == "bot":
            about = self.text_of(f"{game.id}.bot.{seat.get('level')}.about")
        return h("li", h("span", f"{i + 1}.", cls="seat-no"), kind_sel, name_in, level, remove,
                 h("p", about, cls="muted bot-about", id=f"seat-about-{i}") if about else None,
                 cls="seat-row")

    def pace_field(self):
        """How fast the computer players move."""
        t = self.t
        s = self.setup
        return h("div", h("label", t("setup.pace"), html_for="bot-pace"), " ",
                 h("select", [h("option", t(f"setup.pace.{key}"), value=str(f), selected=s.get("pace", 1.0) == f)
                              for key, f in PACES], id="bot-pace",
                   on_change=lambda e: s.__setitem__("pace", float(dom.value_of(e)))), cls="field")

    def connection_fields(self):
        """The set-up's options for the connection (STUN, own ICE servers, relay only) and
        the game number."""
        t = self.t
        s = self.setup
        return [h("div", h("label", h("input", type="checkbox", id="use-stun", checked=bool(s.get("stun")),
                                      on_change=lambda e: s.__setitem__("stun", dom.checked_of(e))),
                            t("setup.stun")),
                  h("p", t("setup.stun_help", server=PUBLIC_STUN), cls="muted hint", id="stun-help"),
                  cls="field stun"),
                h("div", h("label", t("setup.ice"), html_for="opt-ice"),
                  h("input", id="opt-ice", value=s.get("ice", ""), placeholder="stun:stun.example.org:3478",
                    aria_describedby="ice-help", autocomplete="off", spellcheck="false",
                    on_input=lambda e: s.__setitem__("ice", dom.value_of(e))),
                  h("p", t("setup.ice_help"), cls="muted hint", id="ice-help"), cls="field"),
                h("div", h("label", h("input", type="checkbox", id="relay-only", checked=bool(s.get("relay")),
                                      aria_describedby="relay-help",
                                      on_change=lambda e: s.__setitem__("relay", dom.checked_of(e))),
                            t("setup.relay")),
                  h("p", t("setup.relay_help"), cls="muted hint", id="relay-help"), cls="field stun"),
                h("div", h("label", t("setup.game_number"), html_for="game-number"), " ",
                  h("input", id="game-number", value=s.get("game_number", ""), inputmode="numeric",
                    autocomplete="off", aria_describedby="game-number-help",
                    on_input=lambda e: s.__setitem__("game_number", dom.value_of(e))),
                  h("small", t("setup.game_number.help"), cls="muted hint opt-help", id="game-number-help"),
                  cls="field")]

    def render_rules(self, game_id):
        """``#/rules/<game>``: How to play, from the game's screen module; the way back leads
        to where the player came from (a running table goes on meanwhile)."""
        from .context import ScreenContext
        from . import howto
        t = self.t
        game = GAMES[game_id]
        mod = self.screen_module(game_id)
        ctx = ScreenContext(game_id=game_id, seat=None, update={"view": {"options": self.rules_options(game)}}, t=t, act=lambda *a, **k: None,
                            toast=lambda *a: None, constants=dict(getattr(game, "constants", None) or {}),
                            lang=t.lang, seat_colours=getattr(mod, "seat_colours", None))
        back = self.rules_from
        at_table = back == "#/table" and self.ctl is not None
        if at_table:
            way = h("button", "← " + t("howto.back_table"), cls="primary", id="rules-back",
                    on_click=lambda e: self.go("#/table"))
            note = h("p", t("howto.table_runs"), cls="muted", id="rules-table-note")
        else:
            target = back if back and not back.startswith("#/table") else f"#/{game_id}"
            label = t("howto.back_setup", game=game.title) if target == f"#/{game_id}" else t("howto.back")
            way = h("a", "← " + label, href=target, id="rules-back")
            note = None
        top = h("nav", h("p", way, " ", h("a", t("nav.home"), href="#/", cls="muted") if not at_table else None),
                note, aria_label=t("howto.nav"))
        return howto.page(ctx, game.title, mod.how_to_play, top=top)

    def rules_options(self, game) -> dict:
        """The options the rules page explains: this tab's table's, else the set-up's, else
        the game's defaults."""
        ctl = self.ctl
        if ctl is not None and ctl.game is not None and ctl.game.id == game.id:
            held = getattr(getattr(ctl, "table", None), "options", None) \
                or getattr(getattr(ctl, "guest", None), "options", None)
            if isinstance(held, dict):
                return {**game.options, **held}
        if self.setup is not None and self.setup.get("game") == game.id:
            return {**game.options, **self.setup["options"]}
        return dict(game.options)

    def level_name(self, game, level):
        """A computer player's level by the game's own name for it ("Table reader")."""
        return self.text_of(f"{game.id}.bot.{level}", f"level.{level}") or level

    def toggle_options(self, event):
        # Re-renders rebuild <details>, so its open state lives in the model.
        event.preventDefault()
        self.setup["options_open"] = not self.setup.get("options_open")
        self.render()

    # ------------------------------------------------------------------ options in words
    def text_of(self, *keys, **kw):
        """The first of ``keys`` the catalogues have, else None."""
        for key in keys:
            out = self.t(key, **kw)
            if out != key:
                return out
        return None

    def option_label(self, game, name):
        return self.text_of(f"opt.{game.id}.{name}", f"opt.{name}") or name.replace("_", " ")

    def choice_label(self, game, name, c):
        """A choice in words: the game's text, the shell's (yes/no, none, random), a seat by
        name for a seat number, else the value itself."""
        key = json.dumps(c)
        found = self.text_of(f"opt.{game.id}.{name}.{key}", f"opt.choice.{key}")
        if found:
            return found
        if name in SEAT_OPTIONS and isinstance(c, int) and not isinstance(c, bool):
            return self.seat_label(c)
        return str(c)

    def seat_label(self, i):
        seats = self.setup["seats"]
        name = seats[i]["name"].strip() if i < len(seats) else ""
        return name or self.t("setup.seat_n", n=i + 1)

    def option_field(self, game, name):
        """One option as a translated label and a control in words (see ``choice_label``);
        numbers show their bounds, lists are chips; a game's screen module may draw its own
        (``OPTION_FIELDS``: Dobbelduel's column swatches, Waldi's deck, Cave's track)."""
        own = getattr(self.screen_module(game.id), "OPTION_FIELDS", {}).get(name)
        if own is not None:                 # a game's own control
            return own(self, game, name)
        t = self.t
        opts = self.setup["options"]
        value = opts.get(name)
        fid = f"opt-{name}"
        label = h("label", self.option_label(game, name), html_for=fid)
        if name == "first_player" and "first_player_rule" in game.options \
                and opts.get("first_player_rule") != "host_choice":
            return None                     # drawn at random: no seat to name
        choices = self.option_choices(game, name)
        spec = game.option_specs.get(name)
        hint = None
        if choices is not None:
            ctl = self.choice_select(game, name, fid, choices, value)
        elif isinstance(value, bool):
            ctl = h("select", [h("option", t("opt.choice.true"), value="true", selected=value),
                               h("option", t("opt.choice.false"), value="false", selected=not value)],
                    id=fid, on_change=lambda e: opts.__setitem__(name, dom.value_of(e) == "true"))
        elif isinstance(value, list) and all(isinstance(x, str) for x in value):
            return self.chips_field(game, name, label)
        elif isinstance(value, list) and value and all(type(x) is int for x in value):
            ctl = h("input", id=fid, value=", ".join(str(x) for x in value), inputmode="numeric",
                    aria_describedby=f"{fid}-hint", on_input=lambda e: self.set_numbers(name, dom.value_of(e)))
            hint = h("span", t("opt.numbers_hint"), cls="muted hint", id=f"{fid}-hint")
        elif isinstance(value, (int, float)) or spec is not None and getattr(spec, "kind", "") in ("int", "number") \
                or spec is not None and getattr(getattr(spec, "inner", None), "lo", None) is not None:
            ctl, hint = self.number_input(name, fid, value, spec)
        else:                               # a word; anything else has a control of its own above
            ctl = h("input", id=fid, value=str(value or ""),
                    on_input=lambda e: opts.__setitem__(name, dom.value_of(e)))
        help_line = self.option_help(game, name, ctl)
        return h("div", label, " ", ctl, " ", hint, help_line, cls="field")

    def option_choices(self, game, name):
        """The values an option offers in a list (None: it is typed), as far as this set-up
        allows them: a first player among the seats, the rules the table honours."""
        s = self.setup
        choices = game.option_choices.get(name)
        if name == "first_player" and "first_player_rule" in game.options:
            return list(range(len(s["seats"])))
        if name == "first_player_rule":
            return [c for c in choices if c in HONOURED_RULES]
        if name in SEAT_OPTIONS and choices:
            return [c for c in choices if not isinstance(c, int) or c < len(s["seats"])]
        return choices

    def choice_select(self, game, name, fid, choices, value):
        """A select of an option's ``choices`` (each crosses as its JSON text)."""
        opts = self.setup["options"]
        enc = {json.dumps(c): c for c in choices}

        def pick(e):
            opts[name] = enc.get(dom.value_of(e))
            if name == "first_player_rule":
                opts["first_player"] = 0 if opts[name] == "host_choice" else None
            if name == "first_player_rule" or name in game.bot_options:   # the form changes
                self.render()
        return h("select", [h("option", self.choice_label(game, name, c), value=json.dumps(c),
                              selected=c == value and type(c) is type(value)) for c in choices],
                 id=fid, on_change=pick)

    def number_input(self, name, fid, value, spec):
        """A number field within the option's bounds, and the hint that names them: ``(control,
        hint or None)``."""
        t = self.t
        inner = getattr(spec, "inner", spec)
        lo, hi = getattr(inner, "lo", None), getattr(inner, "hi", None)
        # durations in seconds: a milliseconds option is shown (and typed) in seconds
        scale = 1000 if name.endswith("_ms") else 1
        whole = scale == 1 and (getattr(inner, "kind", "") == "int"
                                or isinstance(value, int) and not isinstance(value, float))
        ctl = h("input", type="number", id=fid, value="" if value is None else _num(value / scale),
                min=_num(lo / scale) if isinstance(lo, (int, float)) else None,
                max=_num(hi / scale) if isinstance(hi, (int, float)) else None,
                step="1" if whole else "0.05" if scale > 1 else "any",
                placeholder=t("opt.no_limit") if inner is not spec else None,
                aria_describedby=f"{fid}-hint", inputmode="numeric" if whole else "decimal",
                on_input=lambda e: self.set_number(name, dom.value_of(e), whole, nullable=inner is not spec,
                                                   scale=scale))
        unit = "opt.range_s" if name.endswith(("_s", "_ms")) else "opt.range"
        hint = None
        if isinstance(lo, (int, float)) and isinstance(hi, (int, float)):
            hint = h("span", t(unit, lo=_num(lo / scale), hi=_num(hi / scale)), cls="muted hint",
                     id=f"{fid}-hint")
        return ctl, hint

    def option_help(self, game, name, control=None):
        """The option's one-line explanation (``opt.<game>.<name>.help``, else the shell's
        ``opt.<name>.help``), tied to its control by ``aria-describedby``."""
        text = self.text_of(f"opt.{game.id}.{name}.help", f"opt.{name}.help")
        if not text:
            return None
        hid = f"opt-{name}-help"
        if control is not None:
            ids = [x for x in (control.attrs.get("aria-describedby") or "").split() if x]
            control.attrs["aria-describedby"] = " ".join(ids + [hid])
        return h("small", text, cls="muted hint opt-help", id=hid)

    def set_number(self, name, raw, whole, nullable, scale=1):
        bad = self.setup.setdefault("bad", set())
        raw = str(raw).strip().replace(",", ".")
        try:
            if nullable and raw == "":
                value = None
            elif scale != 1:
                value = round(float(raw) * scale)          # seconds typed, milliseconds kept
            else:
                value = int(raw) if whole else float(raw)
            self.setup["options"][name] = value
            bad.discard(name)
        except (ValueError, OverflowError):
            bad.add(name)

    def set_numbers(self, name, raw):
        """A list of whole numbers typed as ``3, 3, 2``."""
        bad = self.setup.setdefault("bad", set())
        text = str(raw).replace("[", "").replace("]", "").replace(";", ",").replace(" ", ",")
        parts = [p for p in text.split(",") if p]
        try:
            self.setup["options"][name] = [int(p) for p in parts]
            bad.discard(name)
        except ValueError:
            bad.add(name)

    def chips_field(self, game, name, label):
        """A list of words (DODGY's faces, Waldi's blanket colours) as removable chips and a
        field to add one."""
        t = self.t
        items = self.setup["options"][name]
        fid = f"opt-{name}"

        def word(x):
            return self.text_of(f"{game.id}.face.{x}", f"{game.id}.colour.{x}") or x

        def remove(i):
            del items[i]
            self.render()

        def add(e=None):
            text = str(tab.input_value(f"{fid}-add") or "").strip()
            if text and text not in items:
                items.append(text)
            self.render()
        chips = [h("li", h("span", word(x)), h("button", "✕", cls="chip-x", data_key=f"{name}-rm-{i}",
                                               aria_label=t("opt.remove_item", item=word(x)),
                                               on_click=lambda e, i=i: remove(i)), cls="chip", key=f"{name}-{x}")
                 for i, x in enumerate(items)]
        return h("div", h("span", self.option_label(game, name), id=f"{fid}-label"),
                 self.option_help(game, name),
                 h("ul", chips, cls="chips", id=fid, aria_labelledby=f"{fid}-label",
                   aria_describedby=f"{fid}-help" if self.text_of(f"opt.{game.id}.{name}.help") else None),
                 h("input", id=f"{fid}-add", maxlength="24", aria_label=t("opt.add_item"),
                   on_keydown=lambda e: (e.preventDefault(), add()) if getattr(e, "key", "") == "Enter" else None),
                 h("button", t("opt.add"), data_key=f"{name}-add", on_click=add),
                 cls="field chips-field")

    def setup_ice(self):
        """The set-up's STUN/TURN servers as checked entries (:mod:`..net.ice`), with the
        public STUN server and ``relay`` when asked; None, with the set-up's error set, when
        an entry is no such server."""
        s = self.setup
        try:
            items = ice.entries(s.get("ice", ""))
        except ice.IceError as e:
            s["error"] = self.t("setup.ice_turn_user" if e.code == "turn_user" else "setup.ice_bad", entry=e.entry)
            return None
        if s.get("stun") and PUBLIC_STUN not in items:   # "different networks": opted in at set-up
            items.insert(0, PUBLIC_STUN)
        if s.get("relay") and ice.RELAY not in items:
            items.append(ice.RELAY)
        if ice.RELAY in items and not ice.has_relay_server(items):
            s["error"] = self.t("setup.relay_needs_turn")
            return None
        return items

    def check_setup(self, game):
        """The set-up's own checks, in the player's language: numbers within their bounds."""
        s = self.setup
        for name in sorted(s.get("bad") or ()):
            listed = isinstance(game.options.get(name), list) and all(type(x) is int for x in game.options[name])
            return self.t("opt.not_numbers" if listed else "opt.not_a_number", label=self.option_label(game, name))
        for name, spec in game.option_specs.items():
            inner = getattr(spec, "inner", spec)
            lo, hi = getattr(inner, "lo", None), getattr(inner, "hi", None)
            v = s["options"].get(name)
            if isinstance(v, (int, float)) and not isinstance(v, bool) and isinstance(lo, (int, float)) \
                    and isinstance(hi, (int, float)) and not lo <= v <= hi:
                scale = 1000 if name.endswith("_ms") else 1      # shown in seconds
                return self.t("opt.out_of_range", label=self.option_label(game, name), lo=_num(lo / scale),
                              hi=_num(hi / scale))
        try:
            game_number(s.get("game_number"))
        except ValueError:
            return self.t("setup.game_number.bad")
        return None

    def set_seat(self, i, key, value, render=True):
        seat = self.setup["seats"][i]
        seat[key] = value
        if key == "name" and i == 0 and seat["kind"] == "local":
            self.remember_name(value)
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
        self.setup["seats"].append(self.new_seat(game, len(self.setup["seats"])))
        self.render()

    def remove_seat(self, i):
        del self.setup["seats"][i]
        self.render()

    # ------------------------------------------------------------------ join (other device)
    def render_join(self):
        t = self.t
        j = self.join
        body = []
        game = GAMES.get(j.get("game") or "")
        if game is not None and j.get("host") and j.get("seat"):
            # what the guest is joining, from the link (public facts of the table, as text)
            body.append(h("p", t("join.about", host=j["host"], game=game.title, seat=j["seat"]), id="join-about"))
        if j.get("error"):
            body.append(h("p", j["error"], cls="error", role="alert"))
        from ..net import links
        if not j.get("reply") and not links.has_webrtc():
            # said instead of an answer that cannot be made (it would need a peer connection)
            body.append(h("p", t("join.no_webrtc"), cls="warn", id="no-webrtc", role="note"))
        elif not j.get("reply"):
            if j.get("ice"):      # whose servers this page will contact, before it does
                body.append(h("p", t("join.ice_relay" if ice.RELAY in j["ice"] else "join.ice",
                                     servers=ice.described([e for e in j["ice"] if e != ice.RELAY])),
                              cls="muted", id="join-ice"))
            body += [h("div", h("label", t("join.your_name"), html_for="invite-name"), " ",
                       h("input", id="invite-name", maxlength="24", size="24", value=j.get("name", ""),
                         on_input=lambda e: j.__setitem__("name", dom.value_of(e))), cls="field"),
                     h("button", t("join.answer"), cls="primary", id="answer-invite",
                       on_click=lambda e: asyncio.ensure_future(self.answer_invite()))]
        else:
            # the QR code first: the host scans it from this screen ("Scan the reply"); the
            # code as text, to copy or share, for a host who is somewhere else
            body += [h("p", t("join.show_reply"), id="show-reply"),
                     qr(j["reply"], t("join.reply_qr")),
                     h("p", t("join.send_reply" if sharing.can_share() else "join.send_reply_copy")),
                     h("textarea", j["reply"], id="reply-code", readonly=True, rows="3", aria_label=t("join.reply_code")),
                     copy_share(self, j["reply"], "reply", "reply-code"),
                     h("p", t("join.waiting"), cls="muted", role="status")]
        title = t("join.title_game", game=game.title) if game is not None else t("join.title")
        return h("section", h("h1", title), body, cls="screen join", id="join")


def game_number(text) -> "int | None":
    """The set-up's game number (the table's seed, which deals the same game again): None
    when empty (a new deal); spaces between digits are allowed, as the end shows it."""
    digits = "".join(str(text or "").split())
    if not digits:
        return None
    if not digits.isdigit() or int(digits) > MAX_SEQ:
        raise ValueError(digits)
    return int(digits)


def show_game_number(seed: int) -> str:
    """A seed as the end shows it: digits in groups of four, easier to copy by eye."""
    digits = str(seed)
    head = len(digits) % 4
    groups = ([digits[:head]] if head else []) + [digits[i:i + 4] for i in range(head, len(digits), 4)]
    return " ".join(groups)


def copy_share(app, text: str, what: str, select_id: str, link: bool = False):
    """Copy and (where the browser has the Web Share API) share buttons for a long code or
    link.  A refused share falls back to copying; a refused copy selects the text of
    ``select_id`` and says how to copy it by hand."""
    t = app.t

    def copied(outcome):
        app.toast(t("share.copied") if outcome == "copied" else t("share.copy_by_hand"))

    def shared(outcome):
        if outcome == "failed":               # not allowed here: copying still is, maybe
            sharing.copy_text(text, copied, select_id)
    data = {"title": t("share.invite_title") if link else t("share.reply_title")}
    data["url" if link else "text"] = text
    return h("div", h("button", t("share.copy"), data_key=f"copy-{what}", cls="primary",
                      on_click=lambda e: sharing.copy_text(text, copied, select_id)),
             " ",
             h("button", t("share.share"), data_key=f"share-{what}",
               on_click=lambda e: sharing.share(data, shared)) if sharing.can_share() else None,
             cls="row share")


def qr(text: str, label: str):
    """A QR code as an <img> with an SVG data URI (segno, pure Python, vendored)."""
    import segno
    uri = segno.make(text, error="l").svg_data_uri(scale=4, border=2)
    return h("img", src=uri, alt=label, cls="qr", width="240", height="240")
