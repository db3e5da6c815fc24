"""Start-up: the interpreter restored from the build's memory snapshot, the normal start when
the snapshot is missing or rejected, fresh randomness after every restore, the smaller standard
library mounted after a restore (the whole one on a normal start), and the precompressed files
served with their Content-Encoding."""
import gzip
import json
import urllib.request
import zipfile

import pytest

from .conftest import DIST, build, open_page

SNAPSHOT = "static/vendor/pyodide/snapshot.bin"
REST = "static/vendor/pyodide/python_stdlib_rest.zip"
MORE = "static/vendor/pyodide/python_stdlib_more.zip"

# Run inside the page's interpreter (PyScript runs script tags added later in the same one).
ENTROPY = """
import json, random
import difflib, fractions   # not in the snapshot: read from the standard library's zip
from js import document
from clubtable.session import Table
table = Table("dodgy", [{"kind": "local", "name": "Ann"}, {"kind": "local", "name": "Bo"}], now_ms=0)
document.body.setAttribute("data-entropy", json.dumps({"random": random.random(), "table_seed": table.seed}))
"""


def boot_mode(page):
    return page.evaluate("document.documentElement.dataset.pythonBoot")


def entropy(page):
    page.evaluate("""(code) => { const s = document.createElement('script');
        s.type = 'py'; s.textContent = code; document.body.append(s); }""", ENTROPY)
    page.wait_for_selector("body[data-entropy]", state="attached")
    return json.loads(page.evaluate("document.body.dataset.entropy"))


needs_snapshot = pytest.mark.skipif(not (DIST / SNAPSHOT).exists(),
                                    reason="built without a snapshot (no node at build time)")


@needs_snapshot
def test_the_page_restores_the_snapshot_and_reads_a_games_rules_when_it_opens(context, base_url):
    """The snapshot holds what the first screen needs, the screens' modules too (they took
    stand-ins for the page's objects: ui/browser), not the games' rules (0.9 MB of its
    brotli) nor a game's own screen: their bytecode is in app.zip, and the set-up of a game
    reads it."""
    with zipfile.ZipFile(DIST / "static" / "app-held.zip") as held, zipfile.ZipFile(DIST / "static" / "app.zip") as app:
        for module in ("games/__init__", "ui/app", "ui/dom", "ui/shell_home", "ui/browser/__init__", "net/links"):
            assert f"clubtable/{module}.py" in held.namelist(), module     # in the snapshot
            assert not [n for n in app.namelist() if n.startswith(f"clubtable/{module}")], module
        for module in ("games/dodgy/", "ui/games/dodgy", "ui/riddles"):
            assert not [n for n in held.namelist() if n.startswith(f"clubtable/{module}")], module
        # the catalogues i18n read at its import are in the snapshot: held with its source
        assert not [n for n in app.namelist() if n.endswith(".mo")]
        assert "clubtable/locale/de/LC_MESSAGES/clubtable.mo" in held.namelist()
        assert [n for n in app.namelist() if n.startswith("clubtable/games/dodgy/__pycache__/rules.")]
        assert [n for n in app.namelist() if n.startswith("clubtable/ui/games/__pycache__/dodgy.")]
    packed = (DIST / SNAPSHOT).read_bytes()      # without its pages of zeros (build.pack_snapshot)
    size = len(build.unpack_snapshot(packed))    # told to the page, which starts Pyodide meanwhile
    assert len(packed) < 0.6 * size
    assert f"\nconst SNAPSHOT_BYTES = {size};\n" in (DIST / "static" / "boot.mjs").read_text(encoding="utf-8")
    errors = []
    page = open_page(context, base_url + "#/dodgy", errors)
    assert boot_mode(page) == "snapshot"
    page.wait_for_selector("#setup-form")
    assert run_python(page, "import sys\n'clubtable.games.dodgy.rules' in sys.modules") is True
    assert run_python(page, "from clubtable.i18n import Translator\nTranslator('fr')('home.title')") == "Choisissez un jeu"
    # the screens came from the snapshot with stand-ins: the page's own are bound now
    assert run_python(page, "import sys\n[f'{n}.{k}' for n, m in list(sys.modules.items()) if m and "
                            "n.startswith('clubtable') for k, v in vars(m).items() "
                            "if type(v).__name__ == '_StandIn']") == []
    assert not errors


@needs_snapshot
def test_two_restores_draw_different_seeds_for_new_tables(browser, base_url):
    draws = []
    for _ in range(2):
        ctx = browser.new_context()
        try:
            page = open_page(ctx, base_url)
            assert boot_mode(page) == "snapshot"
            draws.append(entropy(page))
        finally:
            ctx.close()
    assert draws[0]["random"] != draws[1]["random"]
    assert draws[0]["table_seed"] != draws[1]["table_seed"]


def another_build():
    """The build's snapshot as another build of Pyodide would have made it: its build id differs."""
    data = bytearray(build.unpack_snapshot((DIST / SNAPSHOT).read_bytes()))
    data[16:48] = bytes(b ^ 0xFF for b in data[16:48])
    return build.pack_snapshot(bytes(data))



@pytest.mark.parametrize("answer, mode", [
    (lambda: {"status": 404, "body": "missing"}, "fresh:missing"),
    (lambda: {"status": 200, "body": b"\0" * 4096}, "fresh:rejected"),   # shorter than the build's
    (lambda: {"status": 200, "body": (DIST / SNAPSHOT).read_bytes() + b"\0" * 4096}, "fresh:rejected"),  # longer
    (lambda: {"status": 200, "body": another_build()}, "fresh:rejected"),  # the size the page expects
], ids=["missing", "shorter", "longer", "another-build"])   # more malformed snapshots: test_build_speed.py
@pytest.mark.allow_console_errors(r"status of 404 .*\[\S*/snapshot\.bin\]$",
                                  reason="the test answers the snapshot's request with a 404 (the 'missing' case)")
def test_without_a_usable_snapshot_python_starts_normally(context, base_url, answer, mode):
    if mode != "fresh:missing" and not (DIST / SNAPSHOT).exists():
        pytest.skip("built without a snapshot (no node at build time)")
    body = answer()
    context.route("**/" + SNAPSHOT, lambda route: route.fulfill(**body))
    errors = []
    page = open_page(context, base_url + "#/dodgy", errors)
    assert boot_mode(page) == mode
    page.wait_for_selector("#setup-form")
    assert page.locator("h1").inner_text() == "DODGY"
    assert entropy(page)["table_seed"] >= 0
    assert not [e for e in errors if "snapshot" not in e]
    assert run_python(page, "import tomllib\nimport sys\n'tomllib' in sys.modules") is True  # the whole library
    # the catalogues, held with i18n's source for a normal start (a restore has them in memory)
    assert run_python(page, "from clubtable.i18n import Translator\nTranslator('de')('home.title')") == "Wähle ein Spiel"


def run_python(page, code, timeout=30_000):
    """The value of the last line of ``code``, run in the page's interpreter."""
    page.evaluate("""(code) => { const s = document.createElement('script'); s.type = 'py';
        s.textContent = `from js import document\\nimport json\\n` + code.split('\\n').slice(0, -1).join('\\n')
          + `\\ndocument.body.setAttribute('data-out', json.dumps(${code.split('\\n').at(-1)}))`;
        document.body.removeAttribute('data-out'); document.body.append(s); }""", code)
    page.wait_for_selector("body[data-out]", state="attached", timeout=timeout)
    return json.loads(page.evaluate("document.body.dataset.out"))


def stdlib_modules(path):
    with zipfile.ZipFile(DIST / path) as z:
        return sorted(n[:-3].replace("/", ".").removesuffix(".__init__") for n in z.namelist() if n.endswith(".py")
                      and not n.endswith("__main__.py"))      # those run a program when imported


@needs_snapshot
def test_after_a_restore_the_smaller_standard_library_lacks_nothing_the_whole_one_has(context, base_url):
    """After a restore the page mounts the rest of the standard library (what it may import that
    the snapshot does not hold).  Importing every module of it finds no module missing that the
    whole library has (some fail for other reasons here, Windows' modules say)."""
    page = open_page(context, base_url)
    assert boot_mode(page) == "snapshot"
    missing = run_python(page, f"""import importlib
missing = []
for name in {stdlib_modules(REST) + stdlib_modules(MORE)!r}:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as e:
        missing.append([name, e.name])
    except BaseException:
        pass
missing""", timeout=120_000)
    whole = set(stdlib_modules("static/vendor/pyodide/python_stdlib.zip"))
    assert [m for m in missing if m[1] in whole] == [], missing
    assert run_python(page, "import importlib.util\nimportlib.util.find_spec('tomllib') is None") is True


ASKED = """() => [performance.getEntriesByType('resource').filter(r => r.name.endsWith('python_stdlib_more.zip'))
    .map(r => [r.initiatorType, r.startTime]), ...['restored', 'stdlib-more', 'stdlib-more-asked']
    .map(m => (performance.getEntriesByName('boot:' + m)[0] || {}).startTime ?? null)]"""


@needs_snapshot
def test_the_library_the_pages_imports_never_read_comes_after_the_start(context, base_url):
    """python_stdlib_more.zip (0.5 MB of brotli: what only Pyodide's packages, the codecs and
    the library's functions import) is not on a cold start's line: it is asked for 3 s after
    the restore, and a module of it then imports, a package split between the two zips too."""
    page = open_page(context, base_url)
    assert boot_mode(page) == "snapshot"
    page.wait_for_function("performance.getEntriesByName('boot:stdlib-more').length > 0")
    [fetches, restored, idle, asked] = page.evaluate(ASKED)
    assert [kind for kind, _ in fetches] == ["fetch"] and fetches[0][1] >= restored + 2900, (fetches, restored)
    assert idle is not None and asked is None
    names = {"fractions", "email.generator", "unittest"}
    assert names <= set(stdlib_modules(MORE)) and {"email", "fractions"} & set(stdlib_modules(REST)) == {"email"}
    assert run_python(page, "import fractions, unittest, email.generator, sys\n"
                            "[m.__file__.split('.zip')[0] for m in (fractions, unittest, email.generator)]") \
        == ["/lib/python_stdlib_more"] * 3
    assert run_python(page, "'caf\\u00e9'.encode('big5hkscs').decode('big5hkscs')") == "caf\u00e9"   # a codec, by name


@needs_snapshot
@pytest.mark.allow_console_errors(r"python_stdlib_more\.zip", r"net::ERR_FAILED \[\S*/static/boot\.mjs\]",
                                  reason="the test refuses the idle fetch, then the synchronous read (said at boot.mjs)")
def test_a_module_of_the_later_library_asked_for_before_it_came_is_read_at_once(context, base_url):
    """Before the idle fetch (here: refused) an import of a module of python_stdlib_more.zip
    reads it at once, and a module no zip has (tomllib) does not read it.  Offline then (the
    request refused too), the module is not found, as any missing module."""
    line = {"up": False}
    context.route("**/python_stdlib_more.zip",
                  lambda route: route.continue_() if line["up"] and route.request.resource_type != "fetch"
                  else route.abort())
    page = open_page(context, base_url)
    assert boot_mode(page) == "snapshot"
    page.wait_for_timeout(3500)                           # the idle fetch was tried, and refused
    assert run_python(page, "import importlib.util\nimportlib.util.find_spec('tomllib') is None") is True
    assert page.evaluate(ASKED)[3] is None                # not read for a module it does not have
    assert run_python(page, "try:\n    import fractions\n    got = 'imported'\nexcept ModuleNotFoundError:\n"
                            "    got = 'not found'\ngot") == "not found"
    line["up"] = True
    assert run_python(page, "import fractions\nstr(fractions.Fraction(3, 6))") == "1/2"
    [fetches, _, idle, asked] = page.evaluate(ASKED)
    assert idle is None and asked is not None and sorted(k for k, _ in fetches)[0] == "fetch"


def fetch(url, encoding=None):
    req = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(req) as r:
        return r.headers, r.read()


@pytest.mark.parametrize("path", ["static/vendor/pyodide/pyodide.asm.wasm", "static/app.zip", "index.html",
                                  "static/vendor/pyodide/pyodide.asm.js"])
def test_precompressed_files_are_served_with_their_content_encoding(base_url, path):
    plain = (DIST / path).read_bytes()
    headers, body = fetch(base_url + path)
    assert headers.get("Content-Encoding") is None and body == plain
    if (DIST / (path + ".gz")).exists():
        headers, body = fetch(base_url + path, "gzip")
        assert headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(body) == plain
    if (DIST / (path + ".br")).exists():
        headers, body = fetch(base_url + path, "gzip, deflate, br")
        assert headers["Content-Encoding"] == "br"
        assert headers["Vary"] == "Accept-Encoding"
        assert len(body) < len(plain)
    assert (DIST / "static/vendor/pyodide/pyodide.asm.wasm.br").exists()


def test_the_browser_receives_the_runtime_compressed(context, base_url):
    page = open_page(context, base_url)
    wasm = page.evaluate("""() => performance.getEntriesByType('resource')
        .filter(r => r.name.endsWith('pyodide.asm.wasm'))
        .map(r => [r.encodedBodySize, r.decodedBodySize])[0]""")
    assert wasm and wasm[0] < 0.5 * wasm[1]


def test_a_game_card_clicked_before_python_is_ready_opens_its_set_up_once_ready(context, base_url):
    page = context.new_page()
    # A warm start can beat the click: hold the entry script until the card has been clicked.
    page.add_init_script("""{ const fetch0 = window.fetch; let go; const held = new Promise((r) => { go = r; });
        window.__release = go;
        window.fetch = (input, init) => String(input?.url || input).includes('py/main.py')
            ? held.then(() => fetch0(input, init)) : fetch0(input, init); }""")
    page.goto(base_url, wait_until="domcontentloaded")
    page.click("#splash [data-key='play-dodgy']", timeout=5_000)
    assert page.evaluate("document.body.dataset.ready") is None     # clicked while Python was loading
    page.evaluate("window.__release()")
    page.wait_for_selector("#setup-form", timeout=60_000)
    assert page.locator("h1").inner_text() == "DODGY"


@pytest.mark.parametrize("locale, saved, lang, loading", [
    ("de-DE", None, "de", "Die Spiel-Engine wird geladen…"),
    ("de-DE", "fr", "fr", "Chargement du moteur de jeu…"),      # the player's choice beats the browser's
    ("it-IT", None, "en", "Loading the game engine…")])
def test_the_splash_speaks_the_pages_language_before_python_starts(browser, base_url, locale, saved, lang, loading):
    """While Python is still loading (its entry script held), the splash shows only the texts
    of the language the app will choose; nothing of another language is visible."""
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        if saved:
            page.add_init_script(f"localStorage.setItem('clubtable.lang', '{saved}')")
        page.route("**/py/main.py", lambda route: None)          # Python never starts here
        page.goto(base_url, wait_until="domcontentloaded")
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.locator("#splash .loading").inner_text().strip() == loading
        shown = page.locator("#splash [lang]").evaluate_all(
            "els => [...new Set(els.filter(e => e.checkVisibility()).map(e => e.lang))]")
        assert shown == [lang]
        assert page.locator("#splash [data-key='play-dodgy']").is_visible()
    finally:
        context.close()
