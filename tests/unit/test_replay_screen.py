"""The replay screen (ui/replay.py) over a finished game of each game: every step drawn by the
game's own screen, inert (its context sends nothing), the coach's steps run to the end with
verdicts by Dobbelduel's and DODGY's events and a summary for every game."""
from __future__ import annotations

import types

import fake_dom
import pytest

from clubtable.games import GAMES
from clubtable.games.dodgy import coach as dodgy_coach
from clubtable.i18n import Translator
from clubtable.session import record as R
from record_games import finished

MODULES = ("clubtable.ui.replay", "clubtable.ui.screens", *(f"clubtable.ui.games.{g}" for g in GAMES))
RP = None


@pytest.fixture(scope="module", autouse=True)
def page():
    global RP
    fake_dom.install()
    fake_dom.forget(*MODULES)
    from clubtable.ui import dom, replay
    dom.window.setTimeout = lambda fn, ms, *args: None      # the screens' after-draw steps: none here
    RP = replay
    yield
    fake_dom.forget(*MODULES)
    fake_dom.uninstall()


def screen_module(gid):
    from clubtable.ui.screens import screen_module as find
    return find(gid)


def nodes(tree):
    stack = [tree]
    while stack:
        n = stack.pop()
        if hasattr(n, "tag"):
            yield n
            stack.extend(n.children)


def text(node) -> str:
    return "".join(c if isinstance(c, str) else text(c) for c in node.children if c is not None)


def app_for(lang="en"):
    return types.SimpleNamespace(t=Translator(lang), screen_module=screen_module, route="#/replay",
                                 render=lambda: None, go=lambda r: None, toast=lambda s: None)


def viewer(gid):
    game, state, seats, pictures = finished(gid)
    reading = R.read_record(R.write_record(R.make_record(game, state, seats, pictures)))
    assert reading.ok
    v = RP._viewer[0] = RP.Viewer(reading.replay)
    return v


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_step_draws_inert_and_the_coach_sums_up(gid, monkeypatch):
    v = viewer(gid)
    app = app_for("de")
    sent = []
    monkeypatch.setattr(RP, "_no_move", lambda *a, **k: sent.append(a))
    from clubtable.net import browser
    monkeypatch.setattr(browser, "object_url", lambda ref, mime, data: f"blob:{ref}")
    srcs = set()
    while not v.coach_some(0):
        pass
    steps = sorted({0, 1, v.last // 2, v.last - 1, v.last})
    for seat in list(range(len(v.record["players"]))) + [None]:
        v.seat = seat
        for step in steps:
            v.go(step)
            tree = RP.render(app)
            board = next(n for n in nodes(tree) if n.attrs.get("id") == "board")
            assert "inert" in board.attrs
            assert tree.attrs["data-step"] == str(step)
            timeline = next(n for n in nodes(tree) if n.attrs.get("id") == "replay-timeline")
            current = [n for n in nodes(timeline) if n.attrs.get("aria-current") == "step"]
            assert len(current) == 1 and current[0] in timeline.children[step].children
            srcs |= {n.attrs["src"] for n in nodes(board) if n.tag == "img"}
    assert sent == []
    # the riddle game's pictures come from the record
    assert {src[5:] for src in srcs if src.startswith("blob:")} == set(v.pictures)
    summary = next(n for n in nodes(tree) if n.attrs.get("id") in ("coach-summary", "coach-nothing"))
    assert summary.attrs["id"] == "coach-summary"
    if gid in ("dodgy", "dobbelduel"):
        verdicts = [n for n in nodes(tree) if "data-verdict" in n.attrs]
        assert verdicts and len(verdicts) == len(v.verdicts())
    if gid == "dobbelduel":     # the current effort says its codes left and expected efforts left, in German
        for i in sorted(v.verdicts())[:3]:
            v.go(i + 1)
            tree = RP.render(app)
            notes = [n for n in nodes(tree) if "coach-note" in str(n.attrs.get("class", ""))]
            figures = [text(n) for n in nodes(tree) if n.attrs.get("class") == "coach-figure"]
            assert len(notes) == len(v.verdicts()) and len(figures) == 2, figures
        assert all(f.startswith(("Codes übrig: ", "Erwartete verbleibende Versuche danach: ")) for f in figures)
        assert any("," in f and "." not in f for f in figures if f.startswith("Erwartete"))
    if gid == "dodgy":          # the current decision: the chance the statement was true, the computer's choice
        names = [p["name"] for p in v.record["players"]]
        for i in sorted(v.verdicts())[:4]:
            v.go(i + 1)
            tree = RP.render(app)
            note = next(n for n in nodes(tree) if n.attrs.get("class") == "coach-note" and any(
                getattr(c, "attrs", {}).get("class") == "coach-figure" for c in n.children))
            figures = [text(c) for c in note.children if getattr(c, "attrs", {}).get("class") == "coach-figure"]
            rated = v.verdicts()[i]
            assert figures[0].startswith(("Wahrscheinlichkeit, dass diese Ansage stimmte, nach dem, was "
                                          f"{names[rated['seat']]} sehen konnte: ",
                                          "Wahrscheinlichkeit, dass die Ansage von ")), figures
            assert figures[1].startswith("Der stärkste Computerspieler hätte "), figures
            assert figures == [R.sentence("de", k, p) for k, p in dodgy_coach.note(rated, names)]


def test_the_coach_steps_give_the_same_report_as_at_once():
    for gid in ("dodgy", "dobbelduel"):
        v = viewer(gid)
        slices = 0
        while not v.coach_some(0):
            slices += 1
        assert slices >= 2 and v.coached == v.replay.coach()


def test_the_all_seeing_view_only_at_the_end_of_a_finished_game():
    v = viewer("dodgy")
    v.seat = None
    v.go(1)
    assert v.view() == v.replay.view(1, None)
    v.go(v.last)
    assert v.view() == v.replay.end_view()


def test_waldi_plays_on_its_logged_times_scaled_by_the_speed():
    v = viewer("waldi")
    log = v.record["log"]
    i = next(k for k in range(1, len(log)) if 200 < log[k][2] - log[k - 1][2] < 3000)
    v.go(i)
    v.speed = 1
    slow = v.pause_ms()
    v.speed = 4
    assert slow == log[i][2] - log[i - 1][2] and v.pause_ms() == slow // 4


def test_the_coach_waits_for_the_start_up_warm_up(monkeypatch):
    """Until the page's warm-up is done the interpreter runs unoptimised code (a verdict up to
    10x slower): the coach's idle slices take no step before then."""
    import inspect
    from clubtable.ui import warmup
    from clubtable.ui.browser import timers
    idle = []
    monkeypatch.setattr(timers, "when_idle", lambda fn, timeout_ms=2000: idle.append(fn))
    monkeypatch.setattr(warmup, "_started", [True])
    monkeypatch.setattr(warmup, "_finished", [])
    v = viewer("dobbelduel")
    RP._coach_later(app_for(), v)
    for _ in range(3):
        idle.pop()(50.0)
        assert inspect.getgeneratorstate(v.coach_steps) == inspect.GEN_CREATED, "a coach step ran warming up"
    assert inspect.getgeneratorstate(v.coach_steps) == inspect.GEN_CREATED and len(idle) == 1
    warmup._finished.append(True)
    idle.pop()(50.0)
    assert v.coach_at > 0 or inspect.getgeneratorstate(v.coach_steps) != inspect.GEN_CREATED


@pytest.mark.parametrize("gid", ["waldi", "dodgy"])
def test_a_countdown_shows_the_time_left_at_the_step_shown(gid, monkeypatch):
    """Not the time left now (long run out: "0 s"), and the live ticker leaves it alone."""
    from clubtable.ui.clock import clock_text
    v = viewer(gid)
    app = app_for("en")
    log = v.record["log"]
    shown = []
    for step in range(v.last + 1):
        for seat in range(len(v.record["players"])):
            timers = [t for t in (v.replay.view(step, seat).get("shared") or {}).get("timers") or ()
                      if t.get("deadline_ms")]
            if timers:
                v.seat = seat
                v.go(step)
                counts = [n for n in nodes(RP.render(app)) if n.attrs.get("class") in ("countdown", "waldi-count")]
                if counts:
                    shown.append((step, counts, timers))
                break
        if len(shown) >= 5:
            break
    assert shown
    for step, counts, timers in shown:
        now = log[step - 1][2] if step else v.record["t0"]
        left = {(t["deadline_ms"] - now + 999) // 1000 for t in timers}
        for n in counts:
            shows = {clock_text(s, unit=n.attrs["class"] == "countdown") for s in left}
            assert "data-deadline" not in n.attrs and text(n) in shows
    assert any(text(n) not in ("0", "0 s") for _s, counts, _t in shown for n in counts)
    if gid == "waldi":          # the seconds to "Wuff!" at the start too
        assert shown[0][0] == 0 and shown[0][1][0].attrs["class"] == "waldi-count"


def test_dobbelduel_replay_moves_on_from_a_match_by_itself():
    """Live, a match's reveal stays until the player presses "next match"; in the replay
    nobody can press it: the reveal stands until the next match's first move, without the button."""
    v = viewer("dobbelduel")
    app = app_for("en")
    for seat in (0, None):
        v.seat = seat
        view = lambda s: v.replay.view(s, seat)      # noqa: E731
        start = next(s for s in range(v.last + 1) if view(s).get("match") == 1)
        v.go(start)
        ids = {n.attrs.get("id"): n for n in nodes(RP.render(app))}
        assert str(ids["dd-reveal"].attrs["data-match"]) == "0" and "dd-next" not in ids
        v.go(start + 1)
        assert view(start + 1)["board"]["phase"] != "ready" or view(start + 1)["board"]["rows"]
        ids = {n.attrs.get("id") for n in nodes(RP.render(app))}
        assert "dd-reveal" not in ids and "dd-next" not in ids and "dd-board-1" in ids


def test_a_dobbelduel_replay_tells_each_step_as_to_a_watcher_not_as_instructions():
    """From the breaker's seat a live screen says "Choose a rolled die…"; the replay of that
    step says who rolled what and that the breaker places, since nobody can act in it."""
    v = viewer("dobbelduel")
    app = app_for("en")
    help_start = app.t("dd.place_help", row=2).split("(")[0].strip()
    seen = 0
    for step in range(v.last + 1):
        for seat in (0, 1):
            board = (v.replay.view(step, seat).get("board") or {})
            if board.get("phase") == "rolled" and board.get("breaker") == seat:
                v.seat = seat
                v.go(step)
                status = next(n for n in nodes(RP.render(app)) if n.attrs.get("id") == "dd-status")
                assert help_start[:20] not in text(status), text(status)
                assert app.t("dd.waiting_place", name="X").replace("X", "").strip() in text(status)
                seen += 1
        if seen >= 3:
            break
    assert seen
