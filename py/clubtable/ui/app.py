"""The app shell: router, language switch, screens."""
from pyscript import document, window

from ..i18n import LANGUAGES, Translator, pick_language
from ..catalogue import CATALOGUE
from .dom import h, listen, mount


class App:
    def __init__(self):
        self.t = Translator(pick_language(list(window.navigator.languages)))

    def render(self):
        t = self.t
        cards = [h("li", h("h2", g["title"]), h("p", t("home.players", n=g["players"]), cls="players"),
                   h("p", t(g["summary"]), cls="summary"), cls="game-card", data_game=g["id"])
                 for g in CATALOGUE]
        mount("app", h("section", h("h1", t("home.title")), h("ul", cards, cls="game-list"),
                       cls="screen home", id="home"))


def start():
    app = App()
    listen("app")
    app.render()
    document.body.setAttribute("data-ready", "1")
