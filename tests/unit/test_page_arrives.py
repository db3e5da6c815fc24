"""The screens are imported into the snapshot, which build.py makes where there is no page:
``ui.browser`` hands them stand-ins for the page's ``window`` and ``document``, and
``browser.arrive()`` (py/main.py, before anything draws) puts the page's own in their place.
Each case runs in a fresh interpreter, as the snapshot's maker does."""
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

NO_PAGE = """
import sys, types
sys.path[:0] = [{py!r}, {unit!r}]
sys.modules["js"] = None                  # as the snapshot's maker hides it
import fake_dom
ffi = types.ModuleType("pyodide.ffi"); ffi.create_proxy = lambda fn: fn; ffi.to_js = lambda x, **_: x
pyodide = types.ModuleType("pyodide"); pyodide.ffi = ffi
sys.modules.update({{"pyodide": pyodide, "pyodide.ffi": ffi}})
"""


def run(code: str, py: Path = ROOT / "py") -> str:
    script = NO_PAGE.format(py=str(py), unit=str(ROOT / "tests" / "unit")) + textwrap.dedent(code)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip()


def test_without_a_page_the_screens_import_and_hold_stand_ins_that_refuse_to_be_used():
    out = run("""
        from clubtable.ui import app, dom, storage
        from clubtable.ui.browser import NoPageYet, tab, timers
        print(type(dom.document).__name__, type(timers.window).__name__, type(storage.window).__name__)
        try:
            dom.document.getElementById("home")
        except NoPageYet as e:
            print("refused:", e)
    """)
    assert out.splitlines() == ["_StandIn _StandIn _StandIn",
                                "refused: the page's document.getElementById was read before the page was there"]


def test_a_module_that_reads_the_page_as_it_is_imported_stays_out_as_an_import_error():
    """build.py's maker leaves out a module whose import raises ImportError: a page object read
    at import time raises the stand-in's refusal, which is one, so that module is imported at
    start instead, with the page there (no stand-in is used where it cannot work)."""
    out = run("""
        from clubtable.ui.browser import window
        try:
            exec("TITLE = window.document.title", {"window": window})   # a module's top level
        except ImportError as e:
            print("left out:", type(e).__name__)
    """)
    assert out == "left out: NoPageYet"


def test_when_the_page_arrives_every_module_that_took_a_stand_in_holds_the_pages_own():
    out = run("""
        from clubtable.ui import app, dom, storage, warmup
        from clubtable.ui import browser
        from clubtable.ui.browser import focus, tab, timers
        page = fake_dom.FakeDocument()
        js = types.ModuleType("js"); js.document = page; js.window = js
        sys.modules["js"] = js
        bound = browser.arrive()
        held = [dom.document, focus.document, tab.document, timers.document, browser.document]
        wins = [dom.window, storage.window, warmup.window, tab.window, timers.window, browser.window]
        print(bound >= len(held) + len(wins), all(d is page for d in held), all(w is js for w in wins))
        left = [f"{name}.{key}" for name, m in list(sys.modules.items()) if m and name.startswith("clubtable")
                for key, v in vars(m).items() if type(v).__name__ == "_StandIn"]
        print(left)
        print(browser.arrive())           # again: nothing left to bind
        from clubtable.ui.games import waldi   # imported after: the page's own from the start
        print(waldi.__name__, browser.document is page)
    """)
    assert out.splitlines() == ["True True True", "[]", "0", "clubtable.ui.games.waldi True"]


def test_with_the_page_there_from_the_start_nothing_is_bound():
    """A start without the snapshot (?nosnapshot, or a snapshot refused) imports the screens
    with the page there: ``arrive`` finds no stand-in."""
    out = run("""
        js = types.ModuleType("js"); js.document = fake_dom.FakeDocument(); js.window = js
        sys.modules["js"] = js
        from clubtable.ui import app, browser, dom
        print(dom.document is js.document, browser.arrive())
    """)
    assert out == "True 0"


def test_a_clubs_settings_written_after_the_snapshot_are_read_at_start(tmp_path):
    """The snapshot is made before the build writes a club's club.json into dist's app.zip: the
    club's name, language and games are read when the page starts, not when ``clubs`` is
    imported (a branded page was titled "clubtable")."""
    import shutil
    shutil.copytree(ROOT / "py" / "clubtable", tmp_path / "clubtable",
                    ignore=shutil.ignore_patterns("__pycache__", "club.json"))
    out = run(f"""
        from clubtable.ui import clubs
        print(clubs.BRANDING["name"], clubs.site_name())       # imported as into the snapshot
        open({str(tmp_path / "clubtable" / "club.json")!r}, "w").write(
            '{{"name": "Spielkreis Nord", "language": "de", "games": ["dodgy"]}}')
        clubs.load_branding()                                   # app.start, on the page
        print(clubs.BRANDING["name"], clubs.site_name(), clubs.BRANDING["language"],
              [g["id"] for g in clubs.games()])
    """, py=tmp_path)
    assert out.splitlines() == ["clubtable clubtable", "Spielkreis Nord Spielkreis Nord de ['dodgy']"]
