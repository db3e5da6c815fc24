"""For clubs: the page inside a club's website, its branding, and the screen that builds the
embed line.

* Branding: ``build.py dist`` writes the club's settings (``club.toml``) into
  ``clubtable/club.json``; the embed line may override language, colours and name for one
  frame with query parameters (``?lang=fr&accent=%23aa3300&bg=%23ffffff&club=Name``).
* Height: inside a frame the page posts its height to the parent, and nothing else
  (``{"clubtableHeight": px}``); the club page's optional script follows it.
* ``#/clubs``: game, language, colours and club name → a copyable ``<iframe>`` line, the
  optional script, and a live preview.
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path
from urllib.parse import parse_qs, urlencode

from .. import i18n
from ..catalogue import CATALOGUE
from ..games import GAMES
from ..i18n import LANGUAGES
from . import dom, offline, storage
from .browser import js_object, lasting, sharing, tab, window
from .dom import h

COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
DEFAULTS = {"name": "clubtable", "logo": "", "accent": "#0060a8", "background": "#f7f5f0",
            "language": "", "games": [], "public_url": ""}
# Only features every browser knows: Chromium on desktop Linux warns "Unrecognized feature:
# 'web-share'" for the share sheet's, so a framed page copies instead of sharing.  The camera
# lets a host in the frame scan a guest's reply.
FRAME_ALLOW = "clipboard-write; camera"

# Texts: clubs.*, storage.*, offline.* in the shell catalogue (locale/<lang>/LC_MESSAGES/clubtable.po).


# ---------------------------------------------------------------------- branding
def _read_branding() -> dict:
    """The build's club settings (``club.json`` beside this package; defaults without one)."""
    try:
        data = json.loads((Path(__file__).resolve().parents[1] / "club.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    return {k: data.get(k, v) for k, v in DEFAULTS.items()}


# Read at start (``load_branding``), not on import: this module is imported into the snapshot,
# made before the build wrote a club's club.json into dist's app.zip (a branded page showed
# "clubtable" in its title).
BRANDING: dict = dict(DEFAULTS)


def load_branding() -> None:
    """The build's settings into ``BRANDING`` (and the site's name); before anything draws."""
    BRANDING.update(_read_branding())
    SITE[0] = BRANDING["name"]


def query() -> dict:
    """This frame's query parameters (one value each)."""
    return {k: v[-1] for k, v in parse_qs(str(window.location.search or "").lstrip("?")).items()}


def games(catalogue=CATALOGUE) -> list:
    """The catalogue entries this build shows (a club may keep only some games)."""
    keep = BRANDING.get("games") or []
    return [g for g in catalogue if not keep or g["id"] in keep]


def public_base() -> str:
    """Where invite links point: the club's public URL when the build has one, else this page."""
    url = str(BRANDING.get("public_url") or "")
    return url if url.endswith(("/", ".html")) or not url else url + "/"


def _luminance(colour: str) -> float:
    def lin(c):
        c = int(c, 16) / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = colour[1:3], colour[3:5], colour[5:7]
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def theme(accent: str, background: str) -> dict:
    """CSS variables for a club's colours, with readable text on each (black or white,
    whichever contrasts more)."""
    out = {}
    if COLOUR.match(accent or ""):
        out["--accent"] = accent
        out["--accent-fg"] = "#000000" if contrast(accent, "#000000") > contrast(accent, "#ffffff") else "#ffffff"
    if COLOUR.match(background or ""):
        out["--bg"] = background
        if contrast(background, "#1d1d1f") < 4.5:     # a dark page: light text
            out.update({"--fg": "#f5f5f5", "--muted": "#c8c8d0"})
    return out


def apply_theme(app) -> None:
    """Language, colours and name for this frame: the URL's, else the build's."""
    q = query()
    lang = q.get("lang") or ""
    if lang in LANGUAGES:
        app.t = i18n.Translator(lang)
    elif BRANDING["language"] in LANGUAGES and storage.get("clubtable.lang") is None:
        app.t = i18n.Translator(BRANDING["language"])
    window.document.documentElement.setAttribute("lang", app.t.lang)
    style = window.document.documentElement.style
    for name, value in theme(q.get("accent") or "", q.get("bg") or "").items():
        style.setProperty(name, value)
    name = (q.get("club") or "")[:40]
    brand = window.document.querySelector(".topbar .brand")
    if name and brand:
        brand.textContent = name        # text, never markup
    if name:
        SITE[0] = name


SITE = [DEFAULTS["name"]]              # the site's name in the tab title: the club's, once known


def site_name() -> str:
    """The club's name (the embed line's, else the build's), or "clubtable"."""
    return SITE[0]


# ---------------------------------------------------------------------- height
_last_height = [0]


def in_frame() -> bool:
    try:
        return not bool(window.self == window.top)
    except Exception:
        return True


def post_height(*_) -> None:
    """Tell the parent page how tall the app is (the only message that leaves the frame)."""
    height = int(math.ceil(window.document.documentElement.getBoundingClientRect().height))
    if height != _last_height[0]:
        _last_height[0] = height
        window.parent.postMessage(js_object({"clubtableHeight": height}), "*")


def follow_height() -> None:
    if not in_frame():
        return
    window.ResizeObserver.new(lasting(post_height)).observe(window.document.documentElement)


# ---------------------------------------------------------------------- notices
_notices: dict = {}      # key -> (text key, with reload button)
_app = [None]


def notify(key: str, reload: bool = False) -> None:
    _notices[key] = reload
    render_notices()


def dismiss(key: str) -> None:
    _notices.pop(key, None)
    render_notices()


def render_notices() -> None:
    app = _app[0]
    if app is None:
        return
    t = app.t
    items = []
    for key, reload in _notices.items():
        items += [h("span", t(key), data_notice=key),
                  h("button", t("offline.reload"), cls="primary", id="notice-reload",
                    on_click=lambda e: window.location.reload()) if reload else None,
                  h("button", t("offline.dismiss"), data_key=f"dismiss-{key}",
                    on_click=lambda e, k=key: dismiss(k))]
    dom.mount("notice-slot", items)


def start(app) -> None:
    """Everything this module adds to a starting app (called once from ``app.start``)."""
    _app[0] = app
    apply_theme(app)
    storage.on_memory_only(lambda key: notify(key))
    follow_height()
    offline.start(lambda key, reload: notify(key, reload) if reload else app.note(app.t(key)))


# ---------------------------------------------------------------------- the screen
def embed_url(base: str, s: dict) -> str:
    params = {}
    if s["lang"]:
        params["lang"] = s["lang"]
    if s["accent"].lower() != DEFAULTS["accent"]:
        params["accent"] = s["accent"]
    if s["background"].lower() != DEFAULTS["background"]:
        params["bg"] = s["background"]
    if s["name"].strip():
        params["club"] = s["name"].strip()[:40]
    query_part = ("?" + urlencode(params)) if params else ""
    if not s["game"]:
        return base + query_part
    # one game: its set-up, or its How to play (which leads on to the set-up)
    return base + query_part + (f"#/rules/{s['game']}" if s.get("page") == "rules" else f"#/{s['game']}")


def _attr(text: str) -> str:
    return (text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;"))


def snippet(url: str, title: str) -> str:
    """The one line a club pastes: an iframe with the permissions the games can use."""
    return (f'<iframe id="clubtable" src="{_attr(url)}" title="{_attr(title)}" allow="{FRAME_ALLOW}" '
            f'loading="lazy" style="width:100%;height:900px;border:0"></iframe>')


def height_script(origin: str) -> str:
    """The optional lines for the club page: follow the height the app posts, from its origin only."""
    return ('<script>addEventListener("message", function (e) {\n'
            f'  if (e.origin === {json.dumps(origin)} && e.data && typeof e.data.clubtableHeight === "number")\n'
            '    document.getElementById("clubtable").style.height = e.data.clubtableHeight + "px";\n'
            '});</script>')


class ClubsScreen:
    """State of the ``#/clubs`` form.  Inputs update the text boxes and the preview in place
    (no re-render), so the preview frame is not rebuilt on every key press."""

    def __init__(self) -> None:
        self.s = {"game": "", "lang": "", "accent": BRANDING["accent"] or DEFAULTS["accent"],
                  "background": BRANDING["background"] or DEFAULTS["background"],
                  "name": "" if BRANDING["name"] == DEFAULTS["name"] else BRANDING["name"],
                  "page": "setup", "preview": False}

    def base(self) -> str:
        return public_base() or str(window.location.href).split("#")[0].split("?")[0]

    def origin(self) -> str:
        base = self.base()
        m = re.match(r"^(https?://[^/]+)", base)
        return m.group(1) if m else str(window.location.origin)

    def texts(self, t):
        s = self.s
        url = embed_url(self.base(), s)
        title = t("clubs.frame_title", club=s["name"].strip() or BRANDING["name"])
        return url, snippet(url, title), height_script(self.origin())

    def set(self, app, key, value) -> None:
        self.s[key] = value
        url, code, script = self.texts(app.t)
        for el_id, text in (("embed-code", code), ("embed-script", script)):
            el = tab.by_id(el_id)
            if el:
                el.value = text
        frame = tab.by_id("embed-preview")
        own = self.preview_url()
        if frame and str(frame.getAttribute("src")) != own:
            frame.setAttribute("src", own)

    def preview_url(self) -> str:
        """The preview runs this very build (not the public copy), its tables kept in memory."""
        return _preview_url(embed_url(str(window.location.href).split("#")[0].split("?")[0], self.s))

    async def copy(self, app, el_id: str) -> None:
        def done(outcome):     # not allowed in this frame, or no clipboard: selected for Ctrl+C
            app.toast(app.t("clubs.copied") if outcome == "copied" else app.t("clubs.copy_by_hand"))
        sharing.copy_text(str(tab.by_id(el_id).value), done, el_id)

    def render(self, app):
        import asyncio
        t = app.t
        s = self.s
        url, code, script = self.texts(t)
        game_opts = [h("option", t("clubs.all_games"), value="", selected=not s["game"])]
        game_opts += [h("option", g["title"], value=g["id"], selected=s["game"] == g["id"])
                      for g in games() if g["id"] in GAMES]
        lang_opts = [h("option", t("clubs.browser_language"), value="", selected=not s["lang"])]
        lang_opts += [h("option", label, value=code, selected=s["lang"] == code) for code, label in LANGUAGES.items()]

        def field(label, control_id, control):
            return h("div", h("label", t(label), html_for=control_id), " ", control, cls="field")

        def on(key):
            return lambda e: self.set(app, key, dom.value_of(e))

        preview = None
        if s["preview"]:
            preview = h("iframe", src=self.preview_url(), id="embed-preview", title=t("clubs.preview_frame"),
                        allow=FRAME_ALLOW, cls="embed-preview")
        return h("section",
                 h("p", h("a", "← " + t("nav.home"), href="#/")),
                 h("h1", t("clubs.title")),
                 h("p", t("clubs.intro")),
                 h("form",
                   field("clubs.game", "embed-game", h("select", game_opts, id="embed-game", on_change=on("game"))),
                   field("clubs.page", "embed-page",
                         h("select", [h("option", t(f"clubs.page.{x}"), value=x, selected=s["page"] == x)
                                      for x in ("setup", "rules")], id="embed-page", on_change=on("page"))),
                   field("clubs.language", "embed-lang", h("select", lang_opts, id="embed-lang", on_change=on("lang"))),
                   field("clubs.accent", "embed-accent",
                         h("input", type="color", id="embed-accent", value=s["accent"], on_input=on("accent"))),
                   field("clubs.background", "embed-bg",
                         h("input", type="color", id="embed-bg", value=s["background"], on_input=on("background"))),
                   field("clubs.name", "embed-name",
                         h("input", id="embed-name", value=s["name"], maxlength="40", on_input=on("name"))),
                   cls="embed-form"),
                 h("h2", h("label", t("clubs.code"), html_for="embed-code")),
                 h("textarea", code, id="embed-code", readonly=True, rows="4"),
                 h("p", h("button", t("clubs.copy"), id="copy-code",
                          on_click=lambda e: asyncio.ensure_future(self.copy(app, "embed-code")))),
                 h("p", h("label", t("clubs.follow"), html_for="embed-script")),
                 h("textarea", script, id="embed-script", readonly=True, rows="4", aria_label=t("clubs.script")),
                 h("p", h("button", t("clubs.copy"), id="copy-script",
                          on_click=lambda e: asyncio.ensure_future(self.copy(app, "embed-script")))),
                 h("h2", t("clubs.preview")),
                 preview if preview else h("button", t("clubs.preview"), id="show-preview",
                                           on_click=lambda e: (s.__setitem__("preview", True), app.render())),
                 h("p", t("clubs.deploy"), cls="muted"),
                 cls="screen clubs", id="clubs")


def _preview_url(url: str) -> str:
    """The preview frame keeps its tables in memory (``preview``), apart from this tab's."""
    base, _, frag = url.partition("#")
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}preview=1" + (f"#{frag}" if frag else "")


_screen = [None]


def render(app):
    """The ``#/clubs`` route."""
    if _screen[0] is None:
        _screen[0] = ClubsScreen()
    return _screen[0].render(app)


def home_link(app):
    """The home screen's way to this page."""
    return h("p", h("a", app.t("clubs.link"), href="#/clubs", id="clubs-link"), cls="clubs-link")
