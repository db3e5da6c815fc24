"""Secrets on a shared device: pass-and-play games of Dohdles!, Play-Doh's Cave and DODGY
played through the shell's own screens (hand-over, play frame, the game's screen), and the
text and attributes of every screen drawn checked against every secret of the game.

- A hand-over screen shows no secret.
- A screen that offers a move to another player at the device (a shout, a claim, an
  interrupt: ``ScreenContext.shared``) shows no secret of any player; its seat's own secrets
  appear only while its player holds "show", and go again on release.
- Any other screen shows its own seat's secrets and nobody else's.

A secret is what some seat's view shows and another seat's view does not: a Dohdle's word,
a riddle's word, a secret guess, a letter answer (Cave's notebook), a player's dice."""
import random
import types

import pytest

from shell_stub import fake_page, host, shell
from test_default_tables import png

SECRET_WORDS = ["lanternox", "pizzicado", "quibblewick", "marzipoof", "snorkelith", "glimmerbat",
                "bramblecog", "fizzlehorn", "tundraplum", "wobblefin", "crumpetrix", "zanzibloom"]
MODULES = ("clubtable.ui.storage", "clubtable.ui.controllers", "clubtable.ui.app", "clubtable.ui.shell_home",
           "clubtable.ui.shell_table", "clubtable.ui.clubs", "clubtable.ui.context",
           "clubtable.ui.games.dohdles", "clubtable.ui.games.cave", "clubtable.ui.games.dodgy", "clubtable.ui.riddles")


@pytest.fixture
def page(monkeypatch):
    yield from fake_page(monkeypatch, MODULES)


def shell_for(page, table):
    """The app's table screens over a hosted pass-and-play table (``App`` without a page)."""
    return shell(host(page, table))


def texts(node, out=None):
    """Every text and attribute value of a drawn tree (what the page's DOM would hold)."""
    out = [] if out is None else out
    if isinstance(node, str):
        out.append(node)
    elif node is not None and hasattr(node, "children"):
        out.extend(str(v) for v in node.attrs.values())
        for c in node.children:
            texts(c, out)
    return out


def nodes(node):
    if node is not None and hasattr(node, "children"):
        yield node
        for c in node.children:
            yield from nodes(c)


# ----------------------------------------------------------------------------- each game's secrets
def view_secrets(game_id, view):
    """The secret strings a seat's view holds (words), and whether it holds dice or letters."""
    words = set()
    if game_id == "dohdles":
        for d in view.get("dohdles") or []:
            if d.get("word"):
                words.add(d["word"])
    elif game_id == "cave":
        for r in view.get("riddles") or []:
            if r.get("word"):
                words.add(r["word"])
        for g in view.get("guesses") or []:
            if g.get("word"):
                words.add(g["word"])
    return words


def secrets_by_seat(table, seats):
    """seat -> the words its view shows that another local seat's view does not."""
    views = {s: view_secrets(table.game.id, table.game.view(table.state, s)) for s in seats}
    common = set.intersection(*views.values()) if views else set()
    return {s: w - common for s, w in views.items()}


def private_marks(game_id, tree):
    """Structural secrets: a DODGY hand face up, Cave's letter answers."""
    found = []
    for n in nodes(tree):
        if game_id == "dodgy" and n.attrs.get("id") == "my-dice":
            found.append("my dice")
        if game_id == "cave" and "cave-answer-letter" in n.attrs.get("class", ""):
            found.append("a letter answer")
    return found


def leaked(shown, words):
    text = " ".join(shown).casefold()
    return sorted(w for w in words if w.casefold() in text)


def where(tree, word):
    """The ids around a leaked word, for the failure message."""
    out = []

    def walk(n, path):
        if isinstance(n, str):
            if word.casefold() in n.casefold():
                out.append("/".join(path) + ": " + n)
        elif n is not None and hasattr(n, "children"):
            here = path + [n.attrs.get("id") or n.attrs.get("class") or n.tag]
            if any(word.casefold() in str(v).casefold() for v in n.attrs.values()):
                out.append("/".join(here) + " (attribute)")
            for c in n.children:
                walk(c, here)
    walk(tree, [])
    return out


# ----------------------------------------------------------------------------- the players at the device
def scripted(table, seat, rng, k):
    """A made-up move for ``seat``: secret words for the words a seat makes, other words for
    guesses, so that a guess never names another seat's secret by chance."""
    legal = [a for a in table.game.legal(table.state, seat) if not a.get("interrupt")]
    rng.shuffle(legal)
    legal.sort(key=lambda a: a.get("type") in ("end_questions", "end_turn", "pass", "stop"))   # play, then stop
    for pick in legal:
        if "args" not in pick:
            return pick
        args = {}
        for name, spec in pick["args"].items():
            kind = spec.get("kind")
            if spec.get("choices") is not None:
                if not spec["choices"]:
                    break
                args[name] = rng.choice(spec["choices"])
            elif kind == "picture":
                args[name] = table.add_asset(png(), table.now, seat)
            elif kind == "list":
                item = spec.get("item") or {}
                one = rng.choice(item["choices"]) if item.get("choices") else table.add_asset(png(), table.now, seat)
                args[name] = [one] * max(1, spec.get("min_len") or 1)
            elif kind == "int":
                args[name] = rng.randint(spec["lo"], min(spec["hi"], spec["lo"] + 2))
            elif kind == "bool":
                args[name] = rng.random() < 0.5
            elif pick["type"].startswith(("make", "mold", "add_variant")):
                args[name] = SECRET_WORDS[(seat * 3 + k) % len(SECRET_WORDS)]
            elif name in ("question", "text"):
                args[name] = "Is it alive?"
            else:
                args[name] = rng.choice(["teapot", "rocket", "banana"])
        else:
            return dict(type=pick["type"], **args)
    return None


def play_next(app, table, seat, others, rng, step) -> None:
    """One move through the shell: another player's shout when one is open (that is what a
    shared screen offers), else the seat on screen's scripted move when it is awaited."""
    other = shout(table, others, rng)
    if other is not None:
        app.ctl.act(*other)
        return
    if seat in table.awaited():
        action = scripted(table, seat, rng, step)
        if action is not None:
            app.ctl.act(seat, action)


def shout(table, seats, rng):
    """Now and then another player at the device takes a shout or an interrupt."""
    for s in seats:
        opts = [a for a in table.game.legal(table.state, s) if a.get("interrupt") and "args" not in a
                and a.get("type") != "report"]
        if opts and rng.random() < 0.15:
            return s, rng.choice(opts)
    return None


GAMES = {
    "dohdles": {"riddle_medium": "table", "sculpt_time_s": 0},
    "cave": {"riddle_medium": "table"},
    "dodgy": {},
}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_screen_at_a_shared_device_shows_a_secret_to_the_wrong_player(page, game_id):
    from clubtable.session import Table
    n = 3
    table = Table(game_id, [{"kind": "local" if i == 0 else "pass", "name": nm} for i, nm in
                            enumerate(["Ann", "Bob", "Cleo"][:n])], options=GAMES[game_id], seed=3, table_id="t1")
    app = shell_for(page, table)
    app.ctl.start()
    rng = random.Random(4)
    seats = list(range(n))
    seen = {"handover": 0, "shared": 0, "own": 0, "held": 0, "own_secret": 0}
    for step in range(450):
        if table.result is not None:
            break
        page.clock.now += 400
        app.ctl._after(table.tick(page.clock.now))
        secrets = secrets_by_seat(table, seats)
        everyone = set().union(*secrets.values())
        tree = app.render_table()
        shown = texts(tree)
        if app.ctl.handover_to is not None:
            seen["handover"] += 1
            assert not leaked(shown, everyone) and not private_marks(game_id, tree), f"step {step}: hand-over"
            app.take_over()
            continue
        seat = app.ctl.focus_seat
        others = [(s, table.update_for(s)) for s in seats if s != seat]
        shared = app.shared_screen(table.game, others)
        foreign = everyone - secrets[seat]
        assert not leaked(shown, foreign), f"step {step}: seat {seat}'s screen shows another's secret"
        if shared:
            seen["shared"] += 1
            assert not leaked(shown, everyone), \
                f"step {step}: a shared screen shows {[where(tree, w) for w in leaked(shown, everyone)]}"
            assert not private_marks(game_id, tree), f"step {step}: a shared screen shows {private_marks(game_id, tree)}"
            holds = [nd for nd in nodes(tree) if "hold-show" in nd.attrs.get("class", "")]
            if secrets[seat] or game_id == "dodgy" and table.game.view(table.state, seat).get("hand"):
                assert holds, f"step {step}: a shared screen hides {seat}'s secret with no way to see it"
            for hold in holds:                          # the player holds "show": it shows, then goes
                hold.events["pointerdown"](types.SimpleNamespace(type="pointerdown"))
                held = app.render_table()
                seen["held"] += 1
                assert not leaked(texts(held), foreign), f"step {step}: holding shows another's secret"
                if secrets[seat]:
                    assert leaked(texts(held), secrets[seat]), f"step {step}: holding shows nothing"
                if game_id == "dodgy":
                    assert private_marks(game_id, held)
                again = [nd for nd in nodes(held) if "hold-show" in nd.attrs.get("class", "")][0]
                again.events["pointerup"](types.SimpleNamespace(type="pointerup"))
                assert not leaked(texts(app.render_table()), everyone), f"step {step}: the secret stays after release"
        else:
            seen["own"] += 1
            if leaked(shown, secrets[seat]):
                seen["own_secret"] += 1
        play_next(app, table, seat, [s for s in seats if s != seat], rng, step)
    print(game_id, seen, "result" if table.result else "unfinished", len(table.state["log"]))
    assert seen["handover"] >= 3 and seen["shared"] >= 3 and seen["own"] >= 3
    assert seen["held"] >= 1
