#!/usr/bin/env python3
"""Build, serve and test clubtable.

    python3 build.py vendor   fetch the pinned runtime (npm: pyodide, @pyscript/core, jsqr; PyPI:
                              segno), check the published integrity hashes, copy only what the page
                              loads into static/vendor/ (jsqr: the QR decoder the host's "Scan the
                              reply" loads, only when a player taps it, in a browser without its
                              own BarcodeDetector)
    python3 build.py dist     vendor if needed, compile the translation catalogues (.po -> .mo),
                              regenerate the home screen in index.html, pack py/clubtable
                              (+ vendored pure-Python libraries) into static/app.zip,
                              and write the deployable folder dist/ (branded by an optional
                              club.toml: see club.example.toml), with the offline service worker,
                              web app manifest and PNG icons, the Python memory snapshot (made in
                              Node, remade when the runtime or the Python changes) and a .br and
                              .gz twin of every compressible file
                              (--quick: the snapshot's brotli at quality 9, for development)
    python3 build.py serve    dist, then serve dist/ on http://localhost:8000/ (--port N) with the
                              headers docs/DEPLOYING.md asks of a static host (MIME types, CSP, caching),
                              the precompressed twins with their Content-Encoding; with --lan, on
                              every interface, printing the address other devices of the local
                              network open, with its QR code (also shown on the host's invite screen)
    python3 build.py test     install the test dependencies (and Debian's chromium when missing),
                              fetch the pinned axe-core for the accessibility tests and install the
                              Firefox tests' client (npm ci in tests/e2e/firefox_client; both kept
                              out of dist/), dist, then run every test with pytest: the unit and
                              property tests (tests/unit) beside the build, the end-to-end tests
                              (tests/e2e) after it; with pytest arguments, dist and then just those

Packages are fetched with the ordinary clients (``npm pack``, ``pip download``) so they come from
whatever registry those clients are configured for; the hashes pinned below decide what is accepted.
"""
from __future__ import annotations

import argparse
import ast
import base64
import email.utils
import fnmatch
import functools
import hashlib
import html
import inspect
import io
import http.server
import json
import os
import posixpath
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import tokenize
import tomllib
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
VENDOR = ROOT / "static" / "vendor"
DIST = ROOT / "dist"
APP_ZIP = ROOT / "static" / "app.zip"

# name, version, sha512 "integrity" as published in the package's registry metadata
NPM_PINS = [
    ("pyodide", "314.0.7",
     "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="),
    ("@pyscript/core", "0.7.31",
     "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ=="),
    # the QR decoder of "Scan the reply" where the browser has no BarcodeDetector (Apache-2.0)
    ("jsqr", "1.4.0",
     "sha512-dxLob7q65Xg2DvstYkRpkYtmKm2sPJ9oFhrhmudT1dZvNFFTlroai3AWSpLey/w5vMcLBXRgOJsbXpdN9HzU/A=="),
]
# What of each npm package the page loads: (package, where in static/vendor/, which files)
NPM_FILES = {
    "pyodide": ("pyodide", lambda rel: rel in PYODIDE_FILES),
    "@pyscript/core": ("pyscript", lambda rel: rel.startswith("dist/") and not rel.endswith(".map")),
    "jsqr": ("jsqr", lambda rel: rel in ("dist/jsQR.js", "LICENSE")),
}
# For the tests only, never in dist/: the accessibility checker the e2e suite injects.
TEST_NPM_PINS = [
    ("axe-core", "4.14.1",
     "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="),
]
# Only the files the page loads.  Pyodide ships no wheels; the page needs no packages from it.
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]
# Pure-Python libraries that run in the page: (project, version, wheel sha256, top-level package)
PYPI_PINS = [
    ("segno", "1.6.6", "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7", "segno"),
]
TEST_REQUIREMENTS = ROOT / "requirements-test.txt"


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


# --------------------------------------------------------------------------- vendor
def _sri(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def _npm_tarball(name: str, version: str, integrity: str) -> Path:
    dest = CACHE / "npm"
    dest.mkdir(parents=True, exist_ok=True)
    fname = name.lstrip("@").replace("/", "-") + f"-{version}.tgz"
    tgz = dest / fname
    if not tgz.exists() or _sri(tgz) != integrity:
        log(f"npm pack {name}@{version}")
        subprocess.run(["npm", "pack", f"{name}@{version}", "--pack-destination", str(dest), "--silent"],
                       check=True, stdout=subprocess.DEVNULL)
    got = _sri(tgz)
    if got != integrity:
        tgz.unlink()
        sys.exit(f"integrity mismatch for {name}@{version}: expected {integrity}, got {got}")
    return tgz


def _extract(tgz: Path, wanted, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            rel = member.name.split("/", 1)[1]  # strip "package/"
            if member.isfile() and wanted(rel):
                out = dest / Path(rel).name
                with tar.extractfile(member) as src, open(out, "wb") as dst:
                    shutil.copyfileobj(src, dst)


def _wheel(project: str, version: str, sha256: str) -> Path:
    dest = CACHE / "pypi"
    dest.mkdir(parents=True, exist_ok=True)
    found = list(dest.glob(f"{project}-{version}-*.whl"))
    if not found:
        log(f"pip download {project}=={version}")
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                        "-d", str(dest), f"{project}=={version}"], check=True)
        found = list(dest.glob(f"{project}-{version}-*.whl"))
    whl = found[0]
    got = hashlib.sha256(whl.read_bytes()).hexdigest()
    if got != sha256:
        whl.unlink()
        sys.exit(f"sha256 mismatch for {project} {version}: expected {sha256}, got {got}")
    return whl


def vendor() -> None:
    stamp = VENDOR / "STAMP.json"
    want = {"npm": NPM_PINS, "pypi": PYPI_PINS}
    if stamp.exists() and json.loads(stamp.read_text()) == json.loads(json.dumps(want)):
        return
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    for name, version, integrity in NPM_PINS:
        folder, wanted = NPM_FILES[name]
        _extract(_npm_tarball(name, version, integrity), wanted, VENDOR / folder)
    for project, version, sha256, _pkg in PYPI_PINS:
        _wheel(project, version, sha256)  # checked now; packed into app.zip by dist
    stamp.write_text(json.dumps(want, indent=1))
    log(f"vendored into {VENDOR.relative_to(ROOT)}")


def axe_core() -> Path:
    """``axe.min.js`` of the pinned axe-core (integrity checked), unpacked in the cache: the
    e2e suite injects it into the page it tests; the page itself never loads it."""
    name, version, integrity = TEST_NPM_PINS[0]
    out = CACHE / "npm" / f"{name}-{version}" / "axe.min.js"
    if not out.exists():
        _extract(_npm_tarball(name, version, integrity), lambda rel: rel == "axe.min.js", out.parent)
    return out


FIREFOX_CLIENT = ROOT / "tests" / "e2e" / "firefox_client"


def firefox_client() -> None:
    """puppeteer-core, which drives Debian's firefox-esr in the Firefox e2e tests, installed
    from its lockfile (versions and integrity pinned there) into the tests' own folder, never
    dist/; no browser download (``--ignore-scripts``: the stock Firefox is used)."""
    installed = FIREFOX_CLIENT / "node_modules" / ".package-lock.json"
    lock = FIREFOX_CLIENT / "package-lock.json"
    if installed.exists() and installed.stat().st_mtime >= lock.stat().st_mtime:
        return
    if not shutil.which("npm"):
        log("no npm: the Firefox tests will say so (apt-get install nodejs npm)")
        return
    log("npm ci (the Firefox tests' client, puppeteer-core)")
    subprocess.run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--silent"],
                   cwd=FIREFOX_CLIENT, check=True)


# --------------------------------------------------------------------------- dist
HOME_BEGIN, HOME_END = "<!-- home:begin (generated by build.py) -->", "<!-- home:end -->"


def home_html() -> str:
    """The splash: the home screen as static HTML, shown before Python starts, then replaced
    by it.  Every text is written in every language, each in its own ``lang`` element; the
    style sheet shows those of the page's language, which static/lang.js names before the
    first paint (the saved choice, the club's, or the browser's, as the app chooses)."""
    sys.path.insert(0, str(ROOT / "py"))
    from clubtable.catalogue import CATALOGUE, player_range  # noqa: E402
    from clubtable.games import GAMES
    from clubtable.i18n import LANGUAGES, translate

    def say(key, tag="span", **params):
        return "".join(f'<{tag} lang="{lang}">{html.escape(translate(lang, key, **params))}</{tag}>'
                       for lang in LANGUAGES)

    def own_tab(lang):
        link = (f'<a href="./" target="_blank" rel="noopener">'
                f'{html.escape(translate(lang, "boot.help.own_tab"))}</a>')
        before, _, after = translate(lang, "boot.help.li4", link="\0").partition("\0")
        return f'<li>{html.escape(before)}{link}{html.escape(after)}</li>'

    items = []
    for g in CATALOGUE:
        # A link, not a script: a click before Python is ready sets the hash, and Python
        # opens that game's set-up as soon as it starts.
        play = (f'<a class="button primary" href="#/{g["id"]}" data-key="play-{g["id"]}">'
                f'{say("home.play", title=g["title"])}</a>' if g["id"] in GAMES else "")
        items.append(
            f'      <li class="game-card" data-game="{g["id"]}"><h2>{html.escape(g["title"])}</h2>'
            f'<p class="players">{say("home.players", n=player_range(g))}</p>'
            f'<p class="summary">{say(g["summary"])}</p>{play}</li>'
        )
    help_lists = "".join(
        f'<div lang="{lang}"><p><strong>{html.escape(translate(lang, "boot.help.title"))}</strong> '
        f'{html.escape(translate(lang, "boot.help.p"))}</p><ul>'
        + "".join(f"<li>{html.escape(translate(lang, f'boot.help.li{i}'))}</li>" for i in (1, 2, 3))
        + f'{own_tab(lang)}</ul></div>' for lang in LANGUAGES)
    return "\n".join([
        HOME_BEGIN,
        f'    <h1 id="splash-title">{say("home.title")}</h1>',
        f'    <p class="loading" role="status"><span class="spinner" aria-hidden="true"></span> {say("app.loading")}</p>',
        f'    <noscript><p class="error">{say("boot.noscript")}</p></noscript>',
        "    <!-- Shown by the stylesheet alone: after 30 s of loading, or at once when PyScript reports an error. -->",
        f'    <div class="boot-help" id="boot-help">{help_lists}</div>',
        '    <ul class="game-list" aria-labelledby="splash-title">', *items, "    </ul>",
        "    " + HOME_END])


def write_index() -> None:
    index = ROOT / "index.html"
    text = index.read_text(encoding="utf-8")
    start, end = text.index(HOME_BEGIN), text.index(HOME_END) + len(HOME_END)
    new = text[:start] + home_html() + text[end:]
    if new != text:
        index.write_text(new, encoding="utf-8")
        log("index.html home screen regenerated")


LOCALE = ROOT / "py" / "clubtable" / "locale"


def catalogues() -> None:
    """Compile the gettext catalogues (``locale/<lang>/LC_MESSAGES/<domain>.po``) to the
    ``.mo`` files the page reads, those whose ``.po`` changed (tools/po.py: standard library)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import po  # noqa: E402
    written = po.compile_all(LOCALE)
    if written:
        log(f"compiled {len(written)} translation catalogue(s)")


def strip_source(text: str) -> str:
    """The project's Python as the page gets it: docstrings become ``""`` and comments go, every
    line staying where it was (a traceback's line numbers still match the repository).  The
    page compiles every module it imports from source (a third of it was documentation) and
    the snapshot holds the imported ones' docstrings in memory: app.zip 312 → 233 kB over the
    wire.  Nothing in the page reads a ``__doc__``."""
    lines = text.splitlines(keepends=True)
    edits = []     # (line, column, end line, end column, replacement); lines from 1, columns in characters
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body \
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            doc = body[0].value         # ast's columns count UTF-8 bytes
            start = len(lines[doc.lineno - 1].encode()[:doc.col_offset].decode())
            end = len(lines[doc.end_lineno - 1].encode()[:doc.end_col_offset].decode())
            if doc.lineno == doc.end_lineno or not lines[doc.end_lineno - 1][end:].strip():
                edits.append((doc.lineno, start, doc.end_lineno, end, '""'))   # else code follows: kept
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT and not token.string.startswith(("#!", "# -*-")):
            edits.append((*token.start, *token.end, ""))
    for line, col, end_line, end_col, replacement in sorted(edits, reverse=True):
        head, tail = lines[line - 1][:col], lines[end_line - 1][end_col:]
        if line == end_line:
            lines[line - 1] = head + replacement + tail
        else:                           # the lines a docstring spanned stay, empty
            lines[line - 1:end_line] = [head + replacement + "\n", *["\n"] * (end_line - line - 1), tail]
    return "".join(line.rstrip() + "\n" if line.endswith("\n") else line.rstrip() for line in lines)


def app_zip() -> None:
    """py/clubtable (with its compiled catalogues) and the vendored pure-Python libraries, as
    one archive unpacked by PyScript."""
    APP_ZIP.parent.mkdir(parents=True, exist_ok=True)
    # Stored, not deflated: the server's brotli over the whole archive sends a third less.
    with zipfile.ZipFile(APP_ZIP, "w", zipfile.ZIP_STORED) as z:
        package = ROOT / "py" / "clubtable"
        for path in sorted([*package.rglob("*.py"), *package.glob("locale/*/LC_MESSAGES/*.mo")]):
            name = path.relative_to(ROOT / "py").as_posix()
            if path.suffix == ".py":
                z.writestr(name, strip_source(path.read_text(encoding="utf-8")))
            else:
                z.write(path, name)
        for project, version, sha256, pkg in PYPI_PINS:
            with zipfile.ZipFile(_wheel(project, version, sha256)) as whl:
                for info in whl.infolist():
                    if info.filename.startswith(pkg + "/") and info.filename.endswith(".py"):
                        z.writestr(info.filename, whl.read(info))


def prepare() -> None:
    """What the repository's own files need before a test or a build reads them: the vendored
    runtime, the compiled catalogues, the home screen in index.html, app.zip."""
    vendor()
    catalogues()
    write_index()
    app_zip()


def dist(prepared: bool = False) -> None:
    if not prepared:
        prepare()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    for name in ("index.html", "pyscript.toml"):
        shutil.copy(ROOT / name, DIST / name)
    (DIST / "py").mkdir()
    shutil.copy(ROOT / "py" / "main.py", DIST / "py" / "main.py")
    shutil.copytree(ROOT / "static", DIST / "static")
    patch_pyscript_storage(DIST)
    patch_pyscript_bootstrap(DIST)
    patch_pyscript_observer(DIST)
    patch_pyodide_linking(DIST)
    classic_pyodide_module(DIST)
    preload_modules(DIST)
    brand(DIST, load_club())
    inline_styles(DIST)          # after brand: club.css holds the club's colours
    inline_lang(DIST)
    write_icons(DIST)
    write_lan_file(DIST)
    store_stdlib(DIST)
    in_snapshot = write_snapshot(DIST)
    if in_snapshot is not None:
        write_stdlib_rest(DIST, in_snapshot)
    write_service_worker(DIST)   # it lists every file of the build with its hash (twins aside)
    compress(DIST)               # last: every compressible file gets its .br and .gz twin
    log(f"wrote {DIST.relative_to(ROOT)}/")


# --------------------------------------------------------------------------- offline, branding
def _patch_pyscript_core(dist_dir: Path, edit, what: str, patch: str) -> None:
    """Apply ``edit`` (text -> (text, applied)) to dist's PyScript core chunk(s); the build
    stops when it did not apply (PyScript's code moved: ``what`` in ``patch`` needs updating)."""
    for chunk in (dist_dir / "static" / "vendor" / "pyscript").glob("core-*.js"):
        text, applied = edit(chunk.read_text(encoding="utf-8"))
        if not applied:
            sys.exit(f"PyScript's {what} moved in {chunk.name}: update {patch}")
        chunk.write_text(text, encoding="utf-8")


NO_PACKAGE_CACHE = "{sync:async()=>{},clear(){},has:()=>!1,close:async()=>{}}"
# An IndexedDB store made on first use, not when the module loads (%s: the class, its name)
LAZY_STORE = "((C,n,s)=>new Proxy({},{get:(_,k)=>{s||(s=new C(n));const v=s[k];return typeof v==\"function\"?v.bind(s):v}}))(%s,%s)"


def patch_pyscript_storage(dist_dir: Path) -> None:
    """PyScript opens an IndexedDB package cache before it starts Python, and waits for it
    forever when the browser refuses storage (a cross-site iframe with third-party storage
    blocked).  The page installs no packages, so a refused cache is harmless: let the boot
    go on without it.  Nor does it wait for the cache to open when there are no packages to
    look up in it (a new profile: 30 ms to 0.6 s before Python could start, measured); it still
    opens meanwhile and is closed as before.  With no packages the cache is not even opened
    (``NO_PACKAGE_CACHE`` stands in): in a cross-site frame whose storage is blocked, the
    refused open re-dispatched its own error event from inside its dispatch, an uncaught
    "Failed to execute 'dispatchEvent'... already being dispatched" and an uncaught rejection.
    For the same reason ``pyscript.fs``'s store of folder handles (opened when the chunk loads,
    the page never uses it) is made when first used (``LAZY_STORE``).  Four expressions in the
    vendored chunk; the build stops if they moved."""
    def edit(text):
        text, n_sync = re.subn(r'(let\{packages:(\w+),index_urls:\w+\}=\w+;.{0,1500}?)'
                               r'await (\w+)\.sync\(\),(\w+)\("Loaded Storage"\)',
                               r'\1\2&&await \3.sync().catch(()=>{}),\4("Loaded Storage")', text, flags=re.S)
        text, n_open = re.subn(r'(let\{packages:(\w+),index_urls:\w+\}=\w+;.{0,1500}?,\w+=)'
                               r'(new \w+\(`\$\{\w+\}@\$\{\w+\}`\))',
                               r'\1\2?\3:' + NO_PACKAGE_CACHE, text, flags=re.S)
        text, n_close = re.subn(r'await (\w+)\.close\(\),(\w+)\.lockFileURL',
                                r'await \1.close().catch(()=>{}),\2.lockFileURL', text)
        # pyscript.fs's store of folder handles, opened when the module loads: made when used
        text, n_fs = re.subn(r'(\w+)=new (\w+)\((\w+)\),(?=\w+=async \w+=>\{if\(!\("showDirectoryPicker")',
                             r'\1=' + LAZY_STORE.replace("\\", "\\\\") % (r'\2', r'\3') + ',', text)
        return text, n_sync > 0 and n_sync == n_close == n_open and n_fs == 1
    _patch_pyscript_core(dist_dir, edit, "storage code", "patch_pyscript_storage")


def patch_pyscript_bootstrap(dist_dir: Path) -> None:
    """Before the page's script runs, PyScript writes its Python package into the page's file
    system (its sources as one Python program of string literals) and imports it.  The page
    never uses that package (the DOM layer talks to ``js``): importing it took 150 ms of every
    start, compiling and writing it 30-40 ms more (measured).  PyScript's start-up code for the
    page's thread is emptied; ``import pyscript`` in the page raises ImportError.  One
    expression in the vendored chunk; the build stops if it moved."""
    def edit(text):
        found = re.search(r'(\w+)\.push\("import pyscript as _pyscript"\)', text)
        if not found:
            return text, False
        text, n = re.subn(r'const (\w+)=' + re.escape(found.group(1)) + r'\.join\("\\n"\),', r'const \1="",', text)
        return text, n == 1
    _patch_pyscript_core(dist_dir, edit, "start-up code", "patch_pyscript_bootstrap")


ASM_MODULE = "static/vendor/pyodide/pyodide.asm.mjs"
ASM_SCRIPT = "pyodide.asm.js"      # beside it; named in dist's static/boot.mjs


# Emscripten's linking of the runtime (``receiveInstance``), in the page's copy of Pyodide's
# module: the same table, the same GOT values, in the same order, for less work.  Each entry:
# what it speeds up, the code as Pyodide ships it, the code put in its place.
LINKING_PATCHES = (
    # A one-function WebAssembly module wraps each JavaScript function the table gets (259 at
    # start-up, Chromium having no WebAssembly.Function); its bytes depend only on the signature
    # (52 of them), so each is compiled once and only instantiated per function.
    ("convertJsFunctionToWasm compiles one module per signature",
     "var convertJsFunctionToWasm=(func,sig)=>{var bytes=",
     "var trampolineModules={};var convertJsFunctionToWasm=(func,sig)=>{var module=trampolineModules[sig];"
     "if(!module){var bytes="),
    ("convertJsFunctionToWasm compiles one module per signature",
     "var module=new WebAssembly.Module(bytes);var instance=",
     "module=trampolineModules[sig]=new WebAssembly.Module(bytes)}var instance="),
    # Better still, the JavaScript functions the runtime's undefined symbols resolve to are
    # wrapped all at once before reportUndefinedSymbols adds them: one module of one import and
    # one export each (``prepareTrampolines``), compiled and instantiated once.  The table still
    # gets them one by one, in its order; a function whose signature the batch got wrong (or a
    # batch that fails) is wrapped alone as above.
    ("the undefined symbols' JavaScript functions wrapped in one module",
     "var convertJsFunctionToWasm=(func,sig)=>{",
     "var convertJsFunctionToWasm=(func,sig)=>{var ready=trampolinesReady.get(func);if(ready&&ready.sig===sig){"
     "trampolinesReady.delete(func);return ready.f}"),
    ("the undefined symbols' JavaScript functions wrapped in one module",
     "var reportUndefinedSymbols=()=>{for(var[symName,entry]of Object.entries(GOT)){",
     "var trampolinesReady=new Map;var prepareTrampolines=()=>{var funcs=[];for(var[symName,entry]of Object.entries(GOT)){"
     "if(entry.value==-1){var value=resolveGlobalSymbol(symName,true).sym;"
     "if(typeof value==\"function\"&&typeof value.sig==\"string\"&&!trampolinesReady.has(value))funcs.push(value)}}"
     "if(!funcs.length)return;var leb=n=>[n%128|128,n>>7],name=i=>[String(i).length,...Array.from(String(i),c=>c.charCodeAt(0))],"
     "section=(id,body)=>[id,...leb(body.length),...body],types=[],typeOf={},imports=[],exports=[];"
     "funcs.forEach((func,i)=>{if(!(func.sig in typeOf)){typeOf[func.sig]=Object.keys(typeOf).length;"
     "types.push(96,...generateTypePack(func.sig.slice(1)),...generateTypePack(func.sig[0]===\"v\"?\"\":func.sig[0]))}"
     "imports.push(1,101,...name(i),0,...leb(typeOf[func.sig]));exports.push(...name(i),0,...leb(i))});"
     "try{var bytes=Uint8Array.of(0,97,115,109,1,0,0,0,...section(1,[...leb(Object.keys(typeOf).length),...types]),"
     "...section(2,[...leb(funcs.length),...imports]),...section(7,[...leb(funcs.length),...exports]));"
     "var made=new WebAssembly.Instance(new WebAssembly.Module(bytes),{e:{...funcs}}).exports}catch{return}"
     "funcs.forEach((func,i)=>trampolinesReady.set(func,{sig:func.sig,f:made[i]}))};"
     "var reportUndefinedSymbols=()=>{prepareTrampolines();for(var[symName,entry]of Object.entries(GOT)){"),
    # The GOT: the main module's 8,560 exports each got a WebAssembly.Global (8,834 of them made
    # at start-up).  Only a side module importing a symbol needs its Global: until then its
    # value waits in GOTPending, and GOTHandler makes the Global with it when one is imported.
    # Nothing else reads Module.GOT; reportUndefinedSymbols looks only for entries still -1.
    # mergeLibSymbols listed the main module's 8,560 exports as pairs and made a closure for each.
    ("mergeLibSymbols without a pair and a closure per symbol",
     'var mergeLibSymbols=(exports,libName)=>{for(var[sym,exp]of Object.entries(exports)){const setImport=target=>'
     '{if(!isSymbolDefined(target)){wasmImports[target]=exp}};setImport(sym);const main_alias="__main_argc_argv";'
     'if(sym=="main"){setImport(main_alias)}if(sym==main_alias){setImport("main")}}};',
     'var mergeLibSymbols=(exports,libName)=>{for(var sym of Object.keys(exports)){var exp=exports[sym];'
     'if(!isSymbolDefined(sym)){wasmImports[sym]=exp}if(sym=="main"&&!isSymbolDefined("__main_argc_argv"))'
     '{wasmImports["__main_argc_argv"]=exp}if(sym=="__main_argc_argv"&&!isSymbolDefined("main")){wasmImports["main"]=exp}}};'),
    ("the GOT's Globals made when a module imports them",
     'var GOT={};var GOTHandler={get(weakImports,symName){var rtn=GOT[symName];'
     'if(!rtn){rtn=GOT[symName]=new WebAssembly.Global({value:"i32",mutable:true},-1)}',
     'var GOT={};var GOTPending=new Map;var GOTHandler={get(weakImports,symName){var rtn=GOT[symName];'
     'if(!rtn){rtn=GOT[symName]=new WebAssembly.Global({value:"i32",mutable:true},GOTPending.get(symName)??-1);'
     'GOTPending.delete(symName)}'),
    ("the GOT's Globals made when a module imports them",
     'var existingEntry=GOT[symName]&&GOT[symName].value!=-1;if(replace||!existingEntry){var newValue;'
     'if(typeof value=="function"){newValue=addFunction(value)}else if(typeof value.value=="number"){newValue=value}'
     'else{continue}GOT[symName]??=new WebAssembly.Global({value:"i32",mutable:true});GOT[symName].value=newValue}',
     'var entry=GOT[symName];var existingEntry=entry?entry.value!=-1:GOTPending.has(symName);'
     'if(replace||!existingEntry){var newValue;'
     'if(typeof value=="function"){newValue=addFunction(value)}else if(typeof value.value=="number"){newValue=value.value}'
     'else{continue}if(entry){entry.value=newValue}else{GOTPending.set(symName,newValue)}}'),
)
# isInternalSym made an array of 19 names at each of its 8,560 calls: one Set instead.
INTERNAL_SYMS = re.compile(r'var isInternalSym=symName=>(\[[^\]]*\])\.includes\(symName\)')


def patch_pyodide_linking(dist_dir: Path) -> None:
    """Emscripten's linking of the runtime, the longest step of a returning player's start once
    the runtime is instantiated (0.3-0.5 s at CPU 4x), shortened with the same outcome, in
    dist's copy of Pyodide's module (before classic_pyodide_module makes it a classic script)."""
    module = dist_dir / ASM_MODULE
    module.write_text(linking_patched(module.read_text(encoding="utf-8")), encoding="utf-8")


def linking_patched(text: str) -> str:
    """``text`` (Pyodide's module) with LINKING_PATCHES applied; the build stops if Pyodide's
    code no longer reads as expected."""
    for what, old, new in LINKING_PATCHES:
        if text.count(old) != 1:
            sys.exit(f"Pyodide's linking code changed ({what}): update LINKING_PATCHES")
        text = text.replace(old, new)
    text, n = INTERNAL_SYMS.subn(r'var internalSyms=new Set(\1);var isInternalSym=symName=>internalSyms.has(symName)', text)
    if n != 1:
        sys.exit("Pyodide's linking code changed (isInternalSym): update INTERNAL_SYMS")
    return text


def classic_pyodide_module(dist_dir: Path) -> None:
    """Pyodide's 1 MB Emscripten module as a classic script (``pyodide.asm.js``, in place of the
    ES module), which static/boot.mjs loads with a ``<script>`` element.  Chromium keeps a full
    V8 code cache of a classic script the offline worker stores during its install, and a
    returning player's start then reads the compiled code instead of parsing and compiling the
    module again; it keeps none for a module (the cache is made for a classic script, and V8
    refuses it for a module).  The module's only module syntax: its ``export default`` and three
    ``import.meta.url`` (one for Node, one its location, one the WebAssembly's, which Pyodide's
    ``locateFile`` overrides).  The build stops if that changed."""
    module = dist_dir / ASM_MODULE
    text = module.read_text(encoding="utf-8")
    tail = "export default _createPyodideModule;"
    if not text.rstrip().endswith(tail) or text.count("import.meta.url") != 3 or re.search(r"\bimport\s*[{*\w]", text[:200]):
        sys.exit("Pyodide's pyodide.asm.mjs changed: update classic_pyodide_module")
    # Read when the script runs: document.currentScript is only set then.
    text = ("var _pyodideAsmURL=document.currentScript.src;\n" + text.rstrip()[:-len(tail)]
            + "globalThis._createPyodideModule=_createPyodideModule;\n").replace("import.meta.url", "_pyodideAsmURL")
    (module.parent / ASM_SCRIPT).write_text(text, encoding="utf-8")
    module.unlink()      # not stored by the offline worker twice: boot.mjs reads the script
    boot = dist_dir / "static" / "boot.mjs"
    text, n = re.subn(r'^const ASM_SCRIPT = "";$', f'const ASM_SCRIPT = "{ASM_SCRIPT}";',
                      boot.read_text(encoding="utf-8"), flags=re.M)
    if n != 1:
        sys.exit("static/boot.mjs no longer declares ASM_SCRIPT: update classic_pyodide_module")
    boot.write_text(text, encoding="utf-8")


PYSCRIPT_IGNORE = "data-pyscript-ignore"     # on the page's mount roots (index.html)


def patch_pyscript_observer(dist_dir: Path) -> None:
    """PyScript watches the whole document for new ``<script type="py">`` elements and
    ``py-*`` event attributes: for every element added it runs an XPath search over all the
    attributes of its subtree.  The DOM layer adds whole subtrees at every move (a DODGY move:
    75-220 elements), and that search ran before the browser could show the move: 0.3-2.9 ms
    after each patch, most of the rest of a move's way to the other tab's screen (measured).
    The page never puts such elements or attributes under its mount roots (index.html marks
    them with ``data-pyscript-ignore``), so the watcher skips changes inside them; scripts
    added anywhere else still run.  One expression in the vendored chunk; the build stops if
    it moved."""
    def edit(text):
        text, n = re.subn(r'(new MutationObserver\(\(?(\w+)\)?=>\{const \w+=\w+\.join\(","\);'
                          r'for\(const\{type:\w+,target:(\w+),attributeName:\w+,addedNodes:\w+\}of \2\)\{)'
                          r'(?!if\(\w+\.closest)',
                          lambda m: m.group(1) + f'if({m.group(3)}.closest?.("[{PYSCRIPT_IGNORE}]"))continue;', text)
        return text, n == 1
    _patch_pyscript_core(dist_dir, edit, "document watcher", "patch_pyscript_observer")


# PyScript's module chain: core.js imports its core chunk, which imports the TOML parser and
# its plugins one after the other, then the interpreter module, which imports Pyodide: each
# waits for the one before.  Named in index.html's head, the browser fetches them all at once
# and compiles them while the chain runs (at 40 ms latency: interactive 6.1 s against 7.0 s).
PYSCRIPT_CHUNKS = ("toml", "deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal")
PRELOAD_AFTER = ("static/boot.mjs", "static/vendor/pyodide/pyodide.mjs")
# What is fetched once Python has started: index.html's script (PyScript).  Asked for with the
# page instead.
PRELOAD_FETCH = ("py/main.py",)


def preload_modules(dist_dir: Path) -> None:
    """``<link rel="modulepreload">`` in dist's index.html for every module PyScript loads on each
    start (their names carry a hash: read from the vendored core), and a preload of the files
    fetched after Python has started; all at low priority, behind what the first paint needs."""
    pyscript = dist_dir / "static" / "vendor" / "pyscript"
    core = re.search(r'from"\./(core-[\w-]+\.js)"', (pyscript / "core.js").read_text(encoding="utf-8"))
    if not core:
        sys.exit("PyScript's core.js changed: update preload_modules")
    text = (pyscript / core.group(1)).read_text(encoding="utf-8")
    names = [core.group(1)]
    for chunk in PYSCRIPT_CHUNKS:
        found = sorted(set(re.findall(r'import\("\./(%s-[\w-]{8}\.js)"\)' % re.escape(chunk), text)))
        if len(found) != 1:
            sys.exit(f"PyScript's {chunk} chunk moved: update PYSCRIPT_CHUNKS")
        names.append(found[0])
    hrefs = [f"static/vendor/pyscript/{name}" for name in names] + list(PRELOAD_AFTER)
    # At low priority: at their default (high) they arrived and were compiled before the first
    # paint, which came after them (CPU 4x, 60 ms: median 840 ms, at low 508 ms; bare page 672).
    links = "".join(f'  <link rel="modulepreload" href="{href}" fetchpriority="low">\n' for href in hrefs) + "".join(
        f'  <link rel="preload" href="{href}" as="fetch" crossorigin fetchpriority="low">\n' for href in PRELOAD_FETCH)
    # Pyodide's Emscripten script (1.25 MB), which static/boot.mjs adds as soon as it runs: it
    # arrives, or is read from the offline worker, while the page parses.  (As a modulepreload
    # of the ES module at default priority it once delayed the first paint.)  Not the snapshot,
    # the WebAssembly or the standard library: boot.mjs asks for them as soon as it runs
    # (index.html runs it first), and a preloaded body is read on the page's thread.
    links += f'  <link rel="preload" href="static/vendor/pyodide/{ASM_SCRIPT}" as="script" fetchpriority="low">\n'
    index = dist_dir / "index.html"
    page = index.read_text(encoding="utf-8")
    tag = '  <script type="module" src="static/vendor/pyscript/core.js"></script>\n'
    if tag not in page:
        sys.exit("index.html no longer loads PyScript's core.js: update preload_modules")
    index.write_text(page.replace(tag, tag + links), encoding="utf-8")


STYLESHEET = re.compile(r'  <link rel="stylesheet" href="([^"]+)">\n')
CSS_URL = re.compile(r'url\((?!data:|/|[a-z]+://)([^)\'"]+)\)')


def style_block(dist_dir: Path, href: str) -> str:
    """The style sheet ``href`` of the built folder as a ``<style>`` of index.html (inline_styles)."""
    css = (dist_dir / href).read_text(encoding="utf-8")
    if "</style" in css.lower():
        sys.exit(f"{href} holds '</style': it cannot be written into index.html")
    folder = posixpath.dirname(href)
    css = CSS_URL.sub(lambda u: f"url({posixpath.normpath(posixpath.join(folder, u.group(1)))})", css)
    return f"  <style>/* {href} */\n{css.strip()}\n</style>\n"


def inline_styles(dist_dir: Path) -> None:
    """The page's style sheets (42 kB, 9 kB of brotli) written into dist's index.html: the home
    screen then paints as soon as the page and ``lang.js`` have arrived, not after three more
    requests (the first paint at CPU 4x, 60 ms: see docs/PERFORMANCE.md).  Their ``url()``s are
    made relative to the page; the files stay for any other page that links them."""
    index = dist_dir / "index.html"
    page, n = STYLESHEET.subn(lambda m: style_block(dist_dir, m.group(1)), index.read_text(encoding="utf-8"))
    if not n:
        sys.exit("index.html links no style sheet: update inline_styles")
    index.write_text(page, encoding="utf-8")


LANG_SCRIPT = '  <script src="static/lang.js"></script>\n'


def lang_script() -> str:
    """static/lang.js as written into dist's index.html (inline_lang), and hashed into the CSP."""
    js = (ROOT / "static" / "lang.js").read_text(encoding="utf-8")
    if "</script" in js.lower():
        sys.exit("static/lang.js holds '</script': it cannot be written into index.html")
    return js


def inline_lang(dist_dir: Path) -> None:
    """static/lang.js written into dist's index.html: the home screen then paints once the page
    alone has arrived.  As a file it was one more request, which a phone's line gave its share
    after the runtime's big files had begun: the parser waited ~80 ms for 0.8 kB (CPU 4x,
    20 Mbit/s, docs/PERFORMANCE.md).  The CSP allows this one script by its hash (CSP)."""
    index = dist_dir / "index.html"
    page = index.read_text(encoding="utf-8")
    if LANG_SCRIPT not in page:
        sys.exit("index.html loads no static/lang.js: update inline_lang")
    index.write_text(page.replace(LANG_SCRIPT, f"  <script>{lang_script()}</script>\n"), encoding="utf-8")


CLUB_FILE = ROOT / "club.toml"
CLUB_DEFAULTS = {"name": "clubtable", "logo": "", "accent": "#0060a8", "background": "#f7f5f0",
                 "language": "", "games": [], "public_url": ""}
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def load_club(path: Path = CLUB_FILE) -> dict:
    """The optional club.toml: a club's name, logo, colours, language, games and public URL.
    Unknown keys and bad values stop the build with a message (a typo must not go live)."""
    club = dict(CLUB_DEFAULTS)
    if not path.exists():
        return club
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    sys.path.insert(0, str(ROOT / "py"))
    from clubtable.catalogue import CATALOGUE, player_range  # noqa: E402
    from clubtable.i18n import LANGUAGES  # noqa: E402
    known = {g["id"] for g in CATALOGUE}
    for key, value in data.items():
        if key not in CLUB_DEFAULTS:
            sys.exit(f"{path.name}: unknown key {key!r} (known: {', '.join(CLUB_DEFAULTS)})")
        if key in ("accent", "background") and not COLOUR.match(str(value)):
            sys.exit(f"{path.name}: {key} must be a colour like \"#0060a8\", not {value!r}")
        if key == "language" and value and value not in LANGUAGES:
            sys.exit(f"{path.name}: language must be one of {', '.join(LANGUAGES)}")
        if key == "games" and (not isinstance(value, list) or set(value) - known):
            sys.exit(f"{path.name}: games must be a list of {', '.join(sorted(known))}")
        if key == "logo" and value and not (path.parent / value).is_file():
            sys.exit(f"{path.name}: logo file {value!r} not found")
        if key == "public_url" and value and not str(value).startswith(("https://", "http://")):
            sys.exit(f"{path.name}: public_url must start with https://")
        club[key] = value
    if club["logo"]:
        club["logo_path"] = str((path.parent / club["logo"]).resolve())
    return club


def brand(dist_dir: Path, club: dict) -> None:
    """Apply a club's branding to the built folder: title, name, colours, logo, games, manifest.
    The app reads the same settings from ``clubtable/club.json`` inside app.zip."""
    index = dist_dir / "index.html"
    text = index.read_text(encoding="utf-8")
    name = html.escape(club["name"])
    if club["name"] != CLUB_DEFAULTS["name"]:
        text = text.replace("<title>clubtable</title>", f"<title>{name}</title>")
        text = text.replace('<a class="brand" href="#/">clubtable</a>', f'<a class="brand" href="#/">{name}</a>')
    if club["games"]:
        keep = set(club["games"])
        text = re.sub(r'\n\s*<li class="game-card" data-game="([a-z]+)">.*?</li>',
                      lambda m: m.group(0) if m.group(1) in keep else "", text)
    if club["language"]:
        # static/lang.js prefers the club's language to the browser's, as the app does
        text = text.replace('<html lang="en">', f'<html lang="{club["language"]}" data-club-lang="{club["language"]}">')
    icon = "static/art/icon.svg"
    if club.get("logo_path"):
        logo = Path(club["logo_path"])
        icon = f"static/art/club-logo{logo.suffix.lower()}"
        shutil.copy(logo, dist_dir / icon)
        text = text.replace('href="static/art/icon.svg"', f'href="{icon}"')
    (dist_dir / "static" / "css" / "club.css").write_text(
        "/* Generated by build.py from club.toml. */\n"
        f":root {{ --accent: {club['accent']}; --bg: {club['background']}; }}\n", encoding="utf-8")
    # A folder built already carries club.css inline (inline_styles): rebranded, the page gets the new one
    text = re.sub(r'  <style>/\* static/css/club\.css \*/\n.*?\n</style>\n',
                  lambda m: style_block(dist_dir, "static/css/club.css"), text, flags=re.S)
    index.write_text(text, encoding="utf-8")
    public = {k: club[k] for k in CLUB_DEFAULTS if k != "logo"} | {"logo": icon if club.get("logo_path") else ""}
    _put_in_zip(dist_dir / "static" / "app.zip", "clubtable/club.json", json.dumps(public, indent=1))
    manifest = {
        "name": club["name"], "short_name": club["name"][:12],
        "description": "Tabletop games in the browser: alone, passing one device around, or with friends.",
        "start_url": "./", "scope": "./", "display": "standalone",
        "background_color": club["background"], "theme_color": "#23303d",
        "lang": club["language"] or "en",
        "icons": [{"src": "static/art/icon-192.png", "sizes": "192x192", "type": "image/png"},
                  {"src": "static/art/icon-512.png", "sizes": "512x512", "type": "image/png"},
                  {"src": "static/art/icon-512.png", "sizes": "512x512", "type": "image/png",
                   "purpose": "maskable"},
                  {"src": "static/art/icon.svg", "sizes": "any", "type": "image/svg+xml"}],
    }
    (dist_dir / "manifest.webmanifest").write_text(json.dumps(manifest, indent=1, ensure_ascii=False),
                                                   encoding="utf-8")


def _put_in_zip(archive: Path, name: str, text: str) -> None:
    """Add (or replace) one file in a zip archive."""
    with zipfile.ZipFile(archive) as z:
        present = name in z.namelist()
    if present:   # a zip cannot drop an entry: copy the others
        tmp = archive.with_suffix(".tmp")
        with zipfile.ZipFile(archive) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as dst:
            for info in src.infolist():
                if info.filename != name:
                    dst.writestr(info, src.read(info))
        tmp.replace(archive)
    with zipfile.ZipFile(archive, "a", zipfile.ZIP_STORED) as z:
        z.writestr(name, text)


def _png(width: int, height: int, rows) -> bytes:
    """A truecolour+alpha PNG from rows of RGBA bytes (zlib and struct: no imaging library)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def icon_png(size: int) -> bytes:
    """static/art/icon.svg drawn at ``size`` pixels: a rounded green die with three white pips,
    edges anti-aliased from the signed distance to each shape.  Full-bleed, so that a phone's
    mask (circle, squircle) never cuts a pip."""
    s = size / 16.0
    green, white = (0x22, 0xaa, 0x66), (0xff, 0xff, 0xff)
    pips = [(5 * s, 5 * s), (8 * s, 8 * s), (11 * s, 11 * s)]
    r_pip = 1.5 * s
    rows = []
    for y in range(size):
        cy = y + 0.5
        row = bytearray()
        for x in range(size):
            cx = x + 0.5
            d = min(((cx - px) ** 2 + (cy - py) ** 2) ** 0.5 for px, py in pips) - r_pip
            a = min(1.0, max(0.0, 0.5 - d))          # coverage of the nearest pip
            row += bytes(round(g + (w - g) * a) for g, w in zip(green, white)) + b"\xff"
        rows.append(row)
    return _png(size, size, rows)


def write_icons(dist_dir: Path) -> None:
    """The PNG icons a phone needs to install the page (generated, cached by content)."""
    for size in (192, 512):
        cached = CACHE / "icons" / f"icon-{size}-{hashlib.sha256(icon_png.__doc__.encode()).hexdigest()[:8]}.png"
        if not cached.exists():
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(icon_png(size))
        shutil.copy(cached, dist_dir / "static" / "art" / f"icon-{size}.png")


SW_NAME = "sw.js"
SW_TEMPLATE = """\
// Generated by build.py for one build: the exact files of that build and their hashes.
// Install keeps them all (checked against the hashes); every later visit, online or not, is
// served from that copy.  A new build changes this file, so the browser installs it, keeps
// the new files, takes over and drops the old copy; the page tells the player.
const FILES = __FILES__;
const CACHE = "clubtable-__VERSION__";
const scope = new URL(self.registration.scope);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(Object.entries(FILES).map(
    ([path, integrity]) => fetch(new Request(new URL(path, scope), {integrity, cache: "no-cache"}))
      .then((response) => {
        if (!response.ok) throw new Error(path + ": HTTP " + response.status);
        return cache.put(new URL(path, scope), response);
      })))).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("clubtable-") && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  let path = url.pathname.slice(scope.pathname.length);
  if (path === "" && request.mode === "navigate") path = "index.html";
  if (!(path in FILES)) return;
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(new URL(path, scope)))
    .then((hit) => hit || fetch(request)));
});
"""


def write_service_worker(dist_dir: Path) -> None:
    """sw.js: every file of the built folder (precompressed twins excepted) with its SRI hash.
    Not ``lan.json``: ``serve --lan`` answers it for the machine it runs on, so the page must
    ask the server, never a cached copy."""
    files = {}
    for path in sorted(p for p in dist_dir.rglob("*") if p.is_file()):
        rel = path.relative_to(dist_dir).as_posix()
        if rel in (SW_NAME, LAN_FILE) or path.suffix in (".gz", ".br"):
            continue
        files[rel] = "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    sw = SW_TEMPLATE.replace("__FILES__", json.dumps(files, indent=0)).replace("__VERSION__", version)
    (dist_dir / SW_NAME).write_text(sw, encoding="utf-8")


# --------------------------------------------------------------------------- snapshot
SNAPSHOT = "static/vendor/pyodide/snapshot.bin"   # read by static/boot.mjs
# Made in Node (Pyodide runs there; Chromium accepts the result: same wasm, same build id).
# ``js`` and ``pyscript`` are hidden while the project's modules import, so the snapshot
# holds no reference to one of Node's JavaScript objects: modules that need the page
# (the DOM layer, WebRTC) fail to import here and load from app.zip in the page instead.
SNAPSHOT_MAKER = """
import { loadPyodide } from %(pyodide)s;
import { thaw } from %(boot)s;
import { readFileSync, writeFileSync } from "node:fs";
// The memory as the WebAssembly module's data segments leave it, before any of its code runs
// (as static/boot.mjs sees it in the page).
let fresh = null;
const createPyodideModule = async (settings) => {
  const instantiate = settings.instantiateWasm;
  settings.instantiateWasm = (imports, receive) => instantiate(imports, (instance, module) => {
    fresh = new Uint8Array(instance.exports.memory.buffer).slice();
    receive(instance, module);
  });
  return (await import(%(asm)s)).default(settings);
};
// A first interpreter finds the project's modules that import without the page, and compiles
// the others, for app.zip: the page then reads their bytecode instead of compiling them.  The
// snapshot's interpreter imports only the former: tried there, each module that failed left
// its names behind (interned for good) and the memory laid out around them, and a change to
// a screen module moved the snapshot's brotli by up to 0.19 MB (4.14 -> 4.33 MB at quality 9).
// Its line tables without column ranges (PYTHONNODEBUGRANGES): a third of the bytecode's brotli
// less; a traceback still shows each line, without the carets under the expression.
const compiler = await loadPyodide({ indexURL: %(index)s, stdLibURL: %(stdlib)s, env: { PYTHONNODEBUGRANGES: "1" } });
compiler.unpackArchive(new Uint8Array(readFileSync(%(zip)s)), "zip", { extractDir: "/home/pyodide/app" });
const found = compiler.runPython(%(find)s);
compiler.globals.set("HELD", found);
compiler.runPython(%(compile)s);
writeFileSync(%(pyc)s, compiler.FS.readFile("/tmp/pyc.zip"));
// One hash seed for every build: the same sources make the same snapshot.  With a random one
// (string hashes, the order of sets and dicts, and so where objects land, are in it) its size
// drifted by 0.26 MB of brotli from build to build (4.13-4.39 MB at quality 9, 7 builds of one
// tree); seeds 0-3 gave 4.35, 4.35, 4.39 and 4.18 MB: 3 is kept.  It hides nothing a random
// seed would: every page restores the seed the snapshot holds, whichever it is.
const pyodide = await loadPyodide({ indexURL: %(index)s, stdLibURL: %(stdlib)s, _makeSnapshot: true,
                                    createPyodideModule, env: { PYTHONHASHSEED: "3" } });
pyodide.unpackArchive(new Uint8Array(readFileSync(%(zip)s)), "zip", { extractDir: "/home/pyodide/app" });
pyodide.globals.set("FOUND", found);
const held = JSON.parse(pyodide.runPython(%(script)s));
pyodide.runPython("import gc; gc.collect()");
// Memory the allocator holds free keeps whatever start-up left there (Python here allocates
// with the C allocator: no arenas of its own): zeroed, it packs to nothing (0.55 MB of brotli).
// Every free block is taken and cleared, then given back.  None may move the allocator's end
// (a block beyond it is no free block), and none may ask for more than the room left before
// the memory's end: growing the memory would grow the snapshot.
const M = pyodide._module;
const size = M.HEAP8.length;
const taken = [];
for (let want = 1 << 24; want >= 16;) {
  const end = M._sbrk(0);
  const at = want + (1 << 18) <= size - end ? M._malloc(want) : 0;
  if (!at || M._sbrk(0) !== end) {
    if (at) M._free(at);
    want >>= 1;
    continue;
  }
  M.HEAPU8.fill(0, at, at + want);
  taken.push(at);
}
taken.forEach((at) => M._free(at));
M._malloc_trim(0);
M.HEAPU8.fill(0, M._sbrk(0));              // above the allocator's end: never used, or given back
if (M.HEAP8.length !== size) throw new Error("clearing the free memory grew it");
const snapshot = pyodide.makeMemorySnapshot();
// The static data as the data segments left it is in the runtime's download already: stored
// XORed with the fresh memory, it packs to almost nothing (1.2 MB less); boot.mjs thaws it.
let bytes = fresh.length;
while (bytes > 0 && !fresh[bytes - 1]) bytes--;
bytes = Math.ceil(bytes / 4) * 4;
held.thaw = [bytes, thaw(snapshot, fresh.subarray(0, bytes))];
writeFileSync(%(out)s, snapshot);
console.log(JSON.stringify(held));
"""
# Bytecode that never looks at its source again (unchecked hash): both come from one build.
# The games' screens too: the page compiled each from its source when its game first opened
# or the warm-up imported it, 21-38 ms of CPU at full speed (the warm-up's longest steps, which
# a tap waits behind); its bytecode is unmarshalled instead.  The source stays beside it, for
# tracebacks.
SNAPSHOT_COMPILE = """
import importlib.util, json, os, py_compile, zipfile
held = set(json.loads(HELD))
if any(col is not None for *_, col in compile("x = 1", "", "exec").co_positions()):
    raise SystemExit("PYTHONNODEBUGRANGES was not honoured: the bytecode would be a third larger")
with zipfile.ZipFile("/tmp/pyc.zip", "w", zipfile.ZIP_STORED) as out:
    for folder, _, files in sorted(os.walk("/home/pyodide/app/clubtable")):
        for name in sorted(files):
            path = os.path.join(folder, name)
            module = os.path.relpath(path, "/home/pyodide/app")[:-3].replace("/", ".").removesuffix(".__init__")
            if name.endswith(".py") and module not in held:
                pyc = py_compile.compile(path, doraise=True,
                                         invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
                out.write(pyc, os.path.relpath(pyc, "/home/pyodide/app"))
"""
# The project's modules the snapshot holds (in the order they were found): those that import
# without the page (the screens do: ui/browser's stand-ins), less what only a game needs
# (SNAPSHOT_LEAVES_OUT: its rules, its screen, the riddle games' shared screen), which the
# page reads from app.zip when a game opens or in idle time (clubtable/games/__init__.py,
# ui/screens.py).  The rules' 0.9 MB of the snapshot's brotli was on every cold start's line,
# for a first screen that needs none of them.
SNAPSHOT_LEAVES_OUT = ("clubtable.games.", "clubtable.ui.games.", "clubtable.ui.riddles")
# What a restored page calls before app.zip is unpacked (static/boot.mjs's RESTORED), and what
# the start imports (py/main.py): the snapshot must hold them.
SNAPSHOT_MUST_HOLD = ("clubtable.ui.browser.restored", "clubtable.ui.app")
SNAPSHOT_FIND = """
import importlib, json, pkgutil, sys
sys.path.insert(0, "app")
for name in ("js", "pyscript"):
    sys.modules[name] = None          # importing it raises ImportError
import clubtable
done = []
for info in pkgutil.walk_packages(clubtable.__path__, "clubtable."):
    try:
        importlib.import_module(info.name)
        done.append(info.name)
    except ImportError:
        pass
json.dumps([name for name in done if not name.startswith(%r)])
""" % (SNAPSHOT_LEAVES_OUT,)
SNAPSHOT_IMPORTS = """
import importlib, json, sys
sys.path.insert(0, "app")
hidden = {name: sys.modules.pop(name, None) for name in ("js", "pyscript")}
for name in hidden:
    sys.modules[name] = None          # an import of it fails the build: the snapshot holds no page object
done = json.loads(FOUND)
for name in done:
    importlib.import_module(name)
del FOUND
came = sorted(name for name in sys.modules if name.startswith(%r))
if came:                              # imported by a module the snapshot holds: held after all
    print("the snapshot holds a game's modules after all:", ", ".join(came), file=sys.stderr)
    done += [name for name in came if name not in done]
for name, module in hidden.items():
    if module is None:
        del sys.modules[name]
    else:
        sys.modules[name] = module
import asyncio, json, secrets, random
# The page mounts a smaller standard library after a restore (python_stdlib_rest.zip): forget
# the directory zipimport read from this one, so that the first import reads the one mounted.
import linecache, zipimport
zipimport._zip_directory_cache.clear()
linecache.clearcache()
stdlib = next(p for p in sys.path if p.endswith(".zip"))
json.dumps({"project": done, "stdlib": sorted(
    m.__file__[len(stdlib) + 1:] for m in list(sys.modules.values())
    if getattr(m, "__file__", None) and m.__file__.startswith(stdlib + "/"))})
""" % (SNAPSHOT_LEAVES_OUT,)


def tell_snapshot_size(dist_dir: Path, size: int, thaw: tuple = (0, 0)) -> None:
    """Write the snapshot's size into dist's interpreter module: knowing it, the page starts
    Pyodide while the snapshot downloads (see static/boot.mjs); and how to thaw it (``thaw``:
    how many bytes were XORed with the fresh memory, and that memory's hash)."""
    write_boot_constants(dist_dir, SNAPSHOT_BYTES=str(size), SNAPSHOT_THAW=f"[{int(thaw[0])}, {int(thaw[1])}]")


def write_boot_constants(dist_dir: Path, **values: str) -> None:
    """Set ``const NAME = ...;`` lines of dist's static/boot.mjs (each declared once, on a line
    of its own) to the JavaScript ``values`` the build computed."""
    boot = dist_dir / "static" / "boot.mjs"
    text = boot.read_text(encoding="utf-8")
    for name, value in values.items():
        text, n = re.subn(rf"^const {name} = [^\n]*;$", f"const {name} = {value};", text, flags=re.M)
        if n != 1:
            sys.exit(f"static/boot.mjs no longer declares {name}: update build.py")
    boot.write_text(text, encoding="utf-8")


STDLIB = "static/vendor/pyodide/python_stdlib.zip"


def stored_stdlib() -> Path:
    """Pyodide's standard library as a zip of *stored* entries (cached): the same files, but
    brotli over the whole archive sends 1.6 MB where the deflated original sends 2.5 MB.
    The snapshot is made with this very file (zipimport keeps its offsets)."""
    src = VENDOR / "pyodide" / "python_stdlib.zip"
    out = CACHE / "stdlib" / f"stored-{hashlib.sha256(src.read_bytes()).hexdigest()[:16]}.zip"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_suffix(".tmp")
        with zipfile.ZipFile(src) as z, zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as dst:
            for info in z.infolist():
                copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                copy.external_attr = info.external_attr
                dst.writestr(copy, z.read(info), compress_type=zipfile.ZIP_STORED)
        tmp.replace(out)
    return out


def store_stdlib(dist_dir: Path) -> None:
    shutil.copy(stored_stdlib(), dist_dir / STDLIB)


def snapshot_key() -> str:
    """What the snapshot depends on: the runtime's files, the project's Python, this recipe."""
    h = hashlib.sha256()
    for name in PYODIDE_FILES:
        h.update(hashlib.sha256((VENDOR / "pyodide" / name).read_bytes()).digest())
    with zipfile.ZipFile(APP_ZIP) as z:
        for name in sorted(z.namelist()):
            h.update(name.encode() + b"\0" + z.read(name))
    h.update((SNAPSHOT_MAKER + SNAPSHOT_FIND + SNAPSHOT_IMPORTS + SNAPSHOT_COMPILE
              + inspect.getsource(stored_stdlib)).encode())
    boot = (ROOT / "static" / "boot.mjs").read_text(encoding="utf-8")
    h.update(boot[boot.index("export function thaw("):].split("\n}\n")[0].encode())   # the maker runs it
    return h.hexdigest()[:24]


def make_snapshot(out: Path) -> bool:
    """Start Pyodide in Node, import the project, and write its memory snapshot to ``out``, and
    beside it the standard library's files whose modules it holds (``.json``) and the bytecode
    of the project's modules it does not hold (``.pyc.zip``)."""
    node = shutil.which("node")
    if not node:
        log("no node: the page will start Python without a snapshot")
        return False
    js = lambda value: json.dumps(str(value))  # noqa: E731
    script = SNAPSHOT_MAKER % {
        "pyodide": js((VENDOR / "pyodide" / "pyodide.mjs").as_uri()), "index": js(str(VENDOR / "pyodide") + "/"),
        "boot": js((ROOT / "static" / "boot.mjs").as_uri()), "asm": js((VENDOR / "pyodide" / "pyodide.asm.mjs").as_uri()),
        "zip": js(APP_ZIP), "stdlib": js(stored_stdlib()), "script": json.dumps(SNAPSHOT_IMPORTS), "out": js(out), "find": json.dumps(SNAPSHOT_FIND),
        "compile": json.dumps(SNAPSHOT_COMPILE), "pyc": js(out.with_suffix(".pyc.zip"))}
    log("making the Python snapshot (node)")
    run = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True)
    try:
        held = json.loads(run.stdout)
    except ValueError:
        held = None
    made = [out, out.with_suffix(".pyc.zip")]
    if run.returncode != 0 or not all(p.exists() for p in made) or held is None:
        log("snapshot failed; the page will start Python without one:\n" + run.stderr[-2000:])
        out.unlink(missing_ok=True)
        return False
    missing = [name for name in SNAPSHOT_MUST_HOLD if name not in held["project"]]
    if missing:        # static/boot.mjs calls them on the restored interpreter, before app.zip
        out.unlink(missing_ok=True)
        sys.exit(f"the snapshot lacks {', '.join(missing)}: a module it imports reads the page as it is "
                 "imported (ui/browser's stand-ins refused it)")
    out.with_suffix(".json").write_text(json.dumps(held, indent=0))
    log(f"snapshot: {len(held['project'])} project modules imported, {out.stat().st_size // 1_000_000} MB")
    return True


def write_snapshot(dist_dir: Path) -> list[str] | None:
    """dist's snapshot, remade only when its inputs changed (cached by their hash).  Returns the
    standard library's files whose modules the snapshot holds (None: no snapshot)."""
    cache = CACHE / "snapshot"
    cache.mkdir(parents=True, exist_ok=True)
    cached = cache / f"{snapshot_key()}.bin"
    beside = (".json", ".pyc.zip")
    if not all(cached.with_suffix(ext).exists() for ext in (".bin", *beside)):
        tmp = cached.with_suffix(".tmp")
        if not make_snapshot(tmp):
            return None
        for ext in beside:
            tmp.with_suffix(ext).replace(cached.with_suffix(ext))
        tmp.replace(cached)
        for old in sorted(cache.glob("*.bin"), key=lambda p: p.stat().st_mtime)[:-8]:
            old.unlink()            # 31 MB each: keep the last few (the cache is shared)
            for ext in beside:
                old.with_suffix(ext).unlink(missing_ok=True)
    (dist_dir / SNAPSHOT).write_bytes(pack_snapshot(cached.read_bytes()))
    held = json.loads(cached.with_suffix(".json").read_text())
    tell_snapshot_size(dist_dir, cached.stat().st_size, held["thaw"])
    # The bytecode goes into dist's app.zip (the page unpacks it beside the sources), used by
    # a restored interpreter and a fresh one alike: the same runtime made it.
    with zipfile.ZipFile(cached.with_suffix(".pyc.zip")) as pyc, \
            zipfile.ZipFile(dist_dir / "static" / "app.zip", "a", zipfile.ZIP_STORED) as app:
        for info in pyc.infolist():
            app.writestr(info.filename, pyc.read(info))
    split_held_sources(dist_dir / "static" / "app.zip", dist_dir / HELD_ZIP, held["project"])
    return held["stdlib"]


SNAPSHOT_PAGE = 4096


def pack_snapshot(data: bytes) -> bytes:
    """The snapshot without its pages of zeros (17 of its 31 MB: free memory the maker cleared),
    read back by static/boot.mjs (``snapshotReader``) into a buffer that starts zeroed.  Brotli
    packs zeros to almost nothing, so the download hardly changes; what shrinks is what a
    returning player's start reads from the offline worker's cache, and copies (see
    docs/PERFORMANCE.md).  Little-endian 32-bit words: the size, the number of ranges kept, an
    (offset, length) for each, then the bytes of those ranges one after the other."""
    ranges = []
    for at in range(0, len(data), SNAPSHOT_PAGE):
        if data[at:at + SNAPSHOT_PAGE].count(0) == len(data[at:at + SNAPSHOT_PAGE]):
            continue
        end = min(at + SNAPSHOT_PAGE, len(data))
        if ranges and ranges[-1][1] == at:
            ranges[-1][1] = end
        else:
            ranges.append([at, end])
    head = struct.pack(f"<{2 + 2 * len(ranges)}I", len(data), len(ranges),
                       *(n for start, end in ranges for n in (start, end - start)))
    return head + b"".join(data[start:end] for start, end in ranges)


def unpack_snapshot(packed: bytes) -> bytes:
    """The snapshot ``pack_snapshot`` packed (for the tests and the benchmarks)."""
    size, count = struct.unpack_from("<2I", packed)
    table = struct.unpack_from(f"<{2 * count}I", packed, 8)
    out, at = bytearray(size), 8 + 8 * count
    for start, length in zip(table[::2], table[1::2]):
        out[start:start + length] = packed[at:at + length]
        at += length
    if at != len(packed):
        raise ValueError("snapshot: not as packed")
    return bytes(out)


HELD_ZIP = "static/app-held.zip"    # read by static/boot.mjs on a normal start only


# Data files a module reads only as it is imported, by module: held with it.  The i18n package
# reads every catalogue at import (clubtable/i18n/__init__.py), so after a restore they are in
# memory: 0.09 MB of app.zip's brotli a cold start no longer downloads.
HELD_DATA = {"clubtable.i18n": ("clubtable/locale/", ".mo")}


def split_held_sources(app: Path, out: Path, held: list) -> None:
    """Move the sources of the modules the snapshot holds out of ``app`` into ``out``.  After a
    restore the page never reads them (they are in memory already), and unpacking app.zip was
    a tenth of a returning player's start; a normal start (no snapshot) unpacks ``out`` first.
    Of the data beside them only what a held module read at its import moves (``HELD_DATA``)."""
    names = set(held)
    data_held = tuple(where for module, where in HELD_DATA.items() if module in names)
    with zipfile.ZipFile(app) as z:
        entries = [(info, z.read(info)) for info in z.infolist()]

    def module(name: str):
        return name[:-3].replace("/", ".").removesuffix(".__init__") if name.endswith(".py") else None

    def moves(name: str) -> bool:
        return module(name) in names or any(name.startswith(folder) and name.endswith(suffix)
                                            for folder, suffix in data_held)
    tmp = app.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as keep, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as moved:
        for info, data in entries:
            (moved if moves(info.filename) else keep).writestr(info, data)
    tmp.replace(app)


# --------------------------------------------------------------------------- the rest of the stdlib
STDLIB_REST = "static/vendor/pyodide/python_stdlib_rest.zip"   # read by static/boot.mjs
STDLIB_MORE = "static/vendor/pyodide/python_stdlib_more.zip"   # read by static/boot.mjs, later
# Imported by a name computed at run time, not by an import statement: Pyodide's JavaScript
# side imports its own packages, codecs.lookup() imports encodings.<name>, sysconfig its
# _sysconfigdata_<platform>, the _ctypes C module ctypes._layout (the page's test imports every
# module of the result and fails on one missing).
STDLIB_BY_NAME = ("pyodide", "pyodide.*", "_pyodide", "_pyodide.*", "encodings", "encodings.*", "_sysconfigdata_*",
                  "ctypes._layout")
_IMPORT_TEXT = re.compile(r"(?:^|[\n;:\"'`]|\\n|\\t)\s*(?:from\s+([\w.]+)\s+import\s+\(?([\w., *]+)|import\s+([\w., ]+))")


def imported_names(source: str, module: str = "", is_package: bool = False, on_import: bool = False) -> set[str]:
    """Every module name an import statement of ``source`` may load, those inside functions
    included (imported when called; ``on_import``: only those run when the module itself is
    imported, outside any function).  ``from a import b`` names a and a.b (b may be a module).
    Source this Python cannot parse (a newer grammar), or Python inside JavaScript strings, is
    read line by line."""
    def absolute(name: str, level: int) -> str:
        if not level:
            return name
        package = module.split(".") if is_package else module.split(".")[:-1]
        return ".".join(package[:len(package) - level + 1] + ([name] if name else []))

    names = set()
    try:
        tree = ast.parse(source)
    except SyntaxError:
        for m in _IMPORT_TEXT.finditer(source):
            if m.group(1):
                base = absolute(m.group(1).lstrip("."), len(m.group(1)) - len(m.group(1).lstrip(".")))
                names.add(base)
                names.update(f"{base}.{a.split(' as ')[0].strip()}" for a in m.group(2).split(","))
            else:
                names.update(a.split(" as ")[0].strip() for a in m.group(3).split(","))
        return names
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = absolute(node.module or "", node.level)
            names.add(base)
            names.update(f"{base}.{a.name}" for a in node.names)
        elif not (on_import and (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                                 or _runs_as_main(node))):
            todo.extend(ast.iter_child_nodes(node))
    return names


def _runs_as_main(node) -> bool:
    """``if __name__ == "__main__":`` (heapq's imports doctest there: a module run as a program)."""
    return (isinstance(node, ast.If) and isinstance(node.test, ast.Compare)
            and isinstance(node.test.left, ast.Name) and node.test.left.id == "__name__"
            and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in node.test.comparators))


def _stdlib_index(archive: zipfile.ZipFile) -> dict[str, tuple[str, bool]]:
    """module name -> (file in the archive, is a package)."""
    index = {}
    for name in archive.namelist():
        if name.endswith(".py"):
            parts = name[:-3].split("/")
            if parts[-1] == "__init__":
                index[".".join(parts[:-1])] = (name, True)
            else:
                index[".".join(parts)] = (name, False)
    return index


def stdlib_closure(archive: zipfile.ZipFile, roots: set[str], on_import: bool = False) -> set[str]:
    """The standard library's files that importing ``roots`` may read, following every import
    statement of every module reached (parent packages included).  ``on_import``: what
    importing ``roots`` reads at once, following only the statements a module runs when it is
    imported, and not the modules imported by name at run time (STDLIB_BY_NAME)."""
    index = _stdlib_index(archive)
    if not on_import:
        roots = set(roots) | {m for m in index if any(fnmatch.fnmatchcase(m, p) for p in STDLIB_BY_NAME)}
    seen, todo = set(), list(roots)
    while todo:
        parts = todo.pop().split(".")
        for i in range(1, len(parts) + 1):
            name = ".".join(parts[:i])
            if name in index and name not in seen:
                seen.add(name)
                path, is_package = index[name]
                todo.extend(imported_names(archive.read(path).decode("utf-8"), name, is_package, on_import))
    return {index[m][0] for m in seen}


def page_imports() -> set[str]:
    """What the page's own code imports: the project and its libraries (app.zip), py/main.py, and
    the Python PyScript brings and runs (read out of its JavaScript)."""
    names = imported_names((ROOT / "py" / "main.py").read_text(encoding="utf-8"))
    with zipfile.ZipFile(APP_ZIP) as z:
        for path in z.namelist():
            if path.endswith(".py"):
                module = path[:-3].replace("/", ".").removesuffix(".__init__")
                names |= imported_names(z.read(path).decode("utf-8"), module, path.endswith("__init__.py"))
    for chunk in sorted((VENDOR / "pyscript").glob("*.js")):
        names |= imported_names("\0" + chunk.read_text(encoding="utf-8"))   # not Python: read line by line
    return names


def write_stdlib_rest(dist_dir: Path, in_snapshot: list[str]) -> None:
    """The standard library a restored page may still import, less the modules the snapshot
    already holds, in two zips of stored entries in their original order (like the whole one,
    a normal start's):

    - python_stdlib_rest.zip, mounted with the restore: what importing the page's own modules
      reads (the project's imports, those inside its functions too, and from there the
      modules the library's modules import when they are imported: 0.1 MB of brotli);
    - python_stdlib_more.zip, everything else any import statement can reach, Pyodide's
      packages and the codecs imported by name (0.6 MB): no page has imported from it, so it
      is not on a cold start's line.  static/boot.mjs mounts it in idle time after the start,
      or at once when an import first asks for it; a package may have files in both.

    The lists are cached under a hash of what they are computed from."""
    stdlib = stored_stdlib()
    h = hashlib.sha256(stdlib.name.encode())
    for path in [ROOT / "py" / "main.py", *sorted((VENDOR / "pyscript").glob("*.js"))]:
        h.update(path.read_bytes())
    with zipfile.ZipFile(APP_ZIP) as z:
        for name in sorted(z.namelist()):
            h.update(name.encode() + b"\0" + z.read(name))
    h.update(json.dumps([in_snapshot, STDLIB_BY_NAME, _IMPORT_TEXT.pattern]).encode())
    for fn in (imported_names, _runs_as_main, stdlib_closure, page_imports):
        h.update(inspect.getsource(fn).encode())
    cached = CACHE / "stdlib" / f"rest-{h.hexdigest()[:24]}.json"
    if cached.exists():
        first, more = (set(files) for files in json.loads(cached.read_text()))
    else:
        with zipfile.ZipFile(stdlib) as src:
            roots = page_imports()
            keep = stdlib_closure(src, roots) - set(in_snapshot)
            first = keep & stdlib_closure(src, roots, on_import=True)
        more = keep - first
        cached.write_text(json.dumps([sorted(first), sorted(more)], indent=0))
    for out, files in ((STDLIB_REST, first), (STDLIB_MORE, more)):
        with zipfile.ZipFile(stdlib) as src, zipfile.ZipFile(dist_dir / out, "w", zipfile.ZIP_STORED) as dst:
            for info in src.infolist():
                if info.filename in files:
                    dst.writestr(info, src.read(info))
    write_boot_constants(dist_dir, MORE_NAMES=json.dumps(sorted({f.split("/")[0].removesuffix(".py") for f in more})))
    log(f"standard library after a restore: {len(first)} files, {(dist_dir / STDLIB_REST).stat().st_size // 1000} kB "
        f"at once, {len(more)} files, {(dist_dir / STDLIB_MORE).stat().st_size // 1000} kB later "
        f"(full: {(dist_dir / STDLIB).stat().st_size // 1000} kB)")


# --------------------------------------------------------------------------- compression
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".wasm", ".json", ".toml", ".svg", ".bin", ".zip",
                ".webmanifest", ".py", ".txt"}
BIG = 12_000_000   # bytes: the snapshot (14 MB packed).  Brotli 11 takes a minute or more on it; 9 takes seconds
QUICK = os.environ.get("CLUBTABLE_QUICK_BUILD") == "1"   # or `build.py dist --quick`


def _brotli():
    """The ``brotli`` package (PyPI), installed on first use; None when it cannot be."""
    try:
        import brotli
    except ImportError:
        log("pip install brotli (for precompressed .br files)")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "brotli"], check=False)
        try:
            import brotli
        except ImportError:
            return None
    return brotli


def compress(dist_dir: Path) -> None:
    """A ``.br`` and a ``.gz`` beside every compressible file that shrinks by a tenth, for a
    host that serves precompressed files (``Content-Encoding``; see docs/DEPLOYING.md).  Brotli at
    its best setting takes minutes on the snapshot (remade on every change of the Python), so
    results are cached by content, and a quick build (``--quick``, for development) packs the
    snapshot at quality 9: 0.8 MB more to download, two minutes less to wait."""
    import gzip
    brotli = _brotli()
    cache = CACHE / "compressed"
    cache.mkdir(parents=True, exist_ok=True)
    for path in sorted(p for p in dist_dir.rglob("*") if p.is_file() and p.suffix in COMPRESSIBLE):
        data = path.read_bytes()
        big = len(data) > BIG
        quality = 9 if big and QUICK else 11
        digest = hashlib.sha256(data).hexdigest()[:32]
        for ext, packer in ((".gz", lambda d: gzip.compress(d, 6 if big else 9, mtime=0)),
                            (".br", brotli and (lambda d: brotli.compress(d, quality=quality, lgwin=24)))):
            if packer is None:
                continue
            hit = cache / (digest + (f".q{quality}" if ext == ".br" and big else "") + ext)
            if not hit.exists():
                if ext == ".br" and big:
                    log(f"brotli {quality} on {path.name} ({len(data) // 1_000_000} MB)")
                packed = packer(data)
                hit.write_bytes(packed if len(packed) < 0.9 * len(data) else b"")
            if hit.stat().st_size:
                shutil.copy(hit, path.with_name(path.name + ext))


# --------------------------------------------------------------------------- serve
# The Content-Security-Policy the README documents for a static host.  Pyodide compiles
# WebAssembly ('wasm-unsafe-eval'); PyScript 0.7.31 builds its worker hooks with Function() at
# every script start, even with no worker ('unsafe-eval': without it the boot stops with an
# EvalError); QR codes are data: images; screens set style attributes.  The one inline script,
# static/lang.js (inline_lang), is allowed by its hash: it changes only when that file does.
LANG_HASH = "sha256-" + base64.b64encode(hashlib.sha256(lang_script().encode("utf-8")).digest()).decode("ascii")
CSP = (f"default-src 'self'; script-src 'self' '{LANG_HASH}' 'wasm-unsafe-eval' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data: blob:; connect-src 'self' blob:; worker-src 'self'; manifest-src 'self'; "
       "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors *")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "Cache-Control": "no-cache"}
MIME_TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
              ".toml": "text/plain", ".json": "application/json", ".svg": "image/svg+xml",
              ".zip": "application/zip", ".css": "text/css", ".png": "image/png",
              ".webmanifest": "application/manifest+json"}


class Handler(http.server.SimpleHTTPRequestHandler):
    """dist/ with the headers of docs/DEPLOYING.md: the MIME types, the CSP, and ``no-cache`` (the browser
    revalidates; the service worker, not the HTTP cache, keeps the page for offline use)."""
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self):
        for name, value in HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def send_head(self):
        """The precompressed twin (``.br``, else ``.gz``) when the browser accepts it."""
        path = self.translate_path(self.path)
        accepted = {e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")}
        for encoding, ext in (("br", ".br"), ("gzip", ".gz")):
            if encoding in accepted and os.path.isfile(path + ext) and os.path.isfile(path) \
                    and os.path.getmtime(path + ext) >= os.path.getmtime(path):   # a stale twin is not served
                return self._send_encoded(path, path + ext, encoding)
        return super().send_head()

    def _send_encoded(self, path, packed, encoding):
        stat = os.stat(packed)
        modified = email.utils.formatdate(int(stat.st_mtime), usegmt=True)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                fresh = email.utils.parsedate_to_datetime(since).timestamp() >= int(stat.st_mtime)
            except (TypeError, ValueError):
                fresh = False
            if fresh:                    # revalidated: the browser keeps its copy
                self.send_response(304)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return None
        f = open(packed, "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", modified)
        self.send_header("Content-Length", str(stat.st_size))
        self.end_headers()
        return f

    def log_message(self, fmt, *args):  # quiet; errors still go to stderr
        if args and str(args[1]).startswith(("4", "5")):
            super().log_message(fmt, *args)


LAN_FILE = "lan.json"    # the addresses for the invite screen: answered by ``serve --lan``


def write_lan_file(dist_dir: Path) -> None:
    """``lan.json`` with no addresses: a page on this computer's own name asks for it when the
    host invites, and any server of dist/ then answers (an absent file was a 404 in the
    console on every table); ``serve --lan`` answers it with the machine's addresses."""
    (dist_dir / LAN_FILE).write_text(json.dumps({"urls": []}), encoding="utf-8")


def lan_addresses() -> list:
    """This machine's IPv4 addresses that other devices of a local network can reach: the
    one the default route leaves from (a UDP socket "connected" to a private address sends
    nothing), then the host name's; loopback and link-local ones left out."""
    import ipaddress
    import socket
    found = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    out = []
    for addr in found:
        ip = ipaddress.ip_address(addr)
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified) and addr not in out:
            out.append(addr)
    return out


def lan_urls(port: int, addresses=None) -> list:
    return [f"http://{a}:{port}/" for a in (lan_addresses() if addresses is None else addresses)]


def _segno():
    """The vendored segno (a pure-Python wheel, importable as a zip)."""
    project, version, sha256, _pkg = PYPI_PINS[0]
    wheel = str(_wheel(project, version, sha256))
    if wheel not in sys.path:
        sys.path.insert(0, wheel)
    import segno
    return segno


def lan_banner(urls: list, out=None) -> None:
    """What ``serve --lan`` prints: the address(es) to open on a phone or another computer of
    this network, and the first one as a QR code drawn in the terminal."""
    out = out or sys.stdout
    if not urls:
        print("No local network address found: other devices cannot reach this machine "
              "(only http://localhost works here).", file=out)
        return
    print("On another device of this network, open:", file=out)
    for url in urls:
        print(f"    {url}", file=out)
    print("or scan:", file=out)
    _segno().make(urls[0], error="m").terminal(out=out, compact=True)
    print("Plain http on a network address is not a secure context: a phone opening it can play and "
          "join, but cannot copy to the clipboard, share, or keep the games for offline use "
          "(see docs/DEPLOYING.md).", file=out)


class LanHandler(Handler):
    """``Handler`` with its own ``/lan.json``: the addresses the page shows on the host's invite
    screen (the same origin: the page fetches nothing from elsewhere); dist's file lists none."""
    lan: list = []

    def do_GET(self):
        if self.path.split("?")[0] == "/" + LAN_FILE:
            body = json.dumps({"urls": self.lan}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def make_server(port: int, directory: Path = DIST, lan: bool = False, handler=None):
    """An HTTP server for ``directory``: on loopback only, or with ``lan`` on every interface
    (``0.0.0.0``) with ``/lan.json``.  Returns ``(server, lan urls)``."""
    urls = []
    if lan:
        served = type("LanServed", (LanHandler, handler or Handler), {"lan": []})   # this server's own
        server = http.server.ThreadingHTTPServer(("0.0.0.0", port), functools.partial(served,
                                                                                     directory=str(directory)))
        urls = served.lan = lan_urls(server.server_address[1])
    else:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(
            handler or Handler, directory=str(directory)))
    return server, urls


def serve(port: int, directory: Path = DIST, lan: bool = False) -> None:
    dist()
    server, urls = make_server(port, directory, lan)
    with server as httpd:
        port = httpd.server_address[1]
        log(f"serving {directory.relative_to(ROOT)}/ at http://localhost:{port}/  (Ctrl+C stops)")
        if lan:
            lan_banner(urls)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


# --------------------------------------------------------------------------- test
CHROMIUM = "/usr/bin/chromium"


def ensure_chromium() -> None:
    if shutil.which("chromium") or os.path.exists(CHROMIUM):
        return
    debian = os.path.exists("/etc/debian_version")
    if debian and os.geteuid() == 0:
        log("installing Debian's chromium (apt-get)")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env)
        return
    sys.exit("The end-to-end tests need Chromium at /usr/bin/chromium. On Debian or Ubuntu run, as root:\n"
             "    apt-get update && apt-get install -y chromium\n"
             "(Playwright's own browser download is not used.)")


def test(pytest_args) -> int:
    log("installing test dependencies")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "-r", str(TEST_REQUIREMENTS)], check=True)
    ensure_chromium()
    axe_core()
    firefox_client()
    pytest = [sys.executable, "-m", "pytest"]
    if pytest_args:
        dist()
        log(" ".join(pytest + pytest_args))
        return subprocess.run(pytest + pytest_args, cwd=ROOT).returncode
    # The whole suite.  The unit tests read no dist/, and the build (the snapshot, brotli) keeps
    # one core busy for two minutes on a fresh checkout: they run beside it, on the other core.
    # The end-to-end tests come after, alone, as their timings need the machine.
    prepare()
    unit = pytest + ["tests/unit"]
    log(" ".join(unit) + "  (beside the build; its output follows it)")
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8") as out:
        beside = subprocess.Popen(unit, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        try:
            dist(prepared=True)
        except BaseException:
            beside.kill()
            raise
        unit_code = beside.wait()
        out.seek(0)
        sys.stdout.write(out.read())
        sys.stdout.flush()
    e2e = pytest + ["tests/e2e"]
    log(" ".join(e2e))
    e2e_code = subprocess.run(e2e, cwd=ROOT).returncode
    failed = [what for what, code in (("the unit tests", unit_code), ("the end-to-end tests", e2e_code)) if code]
    if failed:
        log("failed: " + " and ".join(failed))
    return unit_code or e2e_code


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["vendor", "dist", "serve", "test"])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--quick", action="store_true",
                        help="development build: the snapshot's brotli at quality 9 (seconds, not minutes)")
    parser.add_argument("--lan", action="store_true",
                        help="serve: listen on every interface, for phones and computers of the local network")
    args, rest = parser.parse_known_args(argv)
    if args.quick:
        global QUICK
        QUICK = True
    if args.command == "vendor":
        vendor()
    elif args.command == "dist":
        dist()
    elif args.command == "serve":
        serve(args.port, lan=args.lan)
    elif args.command == "test":
        return test(rest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
