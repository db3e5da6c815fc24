"""build.py's start-up parts: the snapshot is remade exactly when its inputs change, and every
compressible file gets a .gz (and .br) twin that decompresses to it."""
import ast
import base64
import gzip
import hashlib
import os
import re
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402


@pytest.fixture
def runtime(tmp_path, monkeypatch):
    """A stand-in runtime folder and app.zip, so the key can be computed without vendoring."""
    vendor = tmp_path / "vendor"
    (vendor / "pyodide").mkdir(parents=True)
    for name in build.PYODIDE_FILES:
        (vendor / "pyodide" / name).write_bytes(name.encode())
    (vendor / "pyscript").mkdir()
    (vendor / "pyscript" / "core.js").write_text('export{a as b}from"./core-x1.js";')
    (vendor / "pyscript" / "core-x1.js").write_text('const x=1;wo(".",{pyscript:{"__init__.py":"A = 1\\n"}});')
    app = tmp_path / "app.zip"
    with zipfile.ZipFile(app, "w") as z:
        z.writestr("clubtable/__init__.py", "")
        z.writestr("clubtable/engine/__init__.py", "RULE = 1\n")
    monkeypatch.setattr(build, "VENDOR", vendor)
    monkeypatch.setattr(build, "APP_ZIP", app)
    return vendor, app


def test_the_snapshot_key_changes_with_the_python(runtime):
    _vendor, app = runtime
    before = build.snapshot_key()
    assert build.snapshot_key() == before                    # stable: the cache is reused
    with zipfile.ZipFile(app, "w") as z:
        z.writestr("clubtable/__init__.py", "")
        z.writestr("clubtable/engine/__init__.py", "RULE = 2\n")
    assert build.snapshot_key() != before


def test_the_snapshot_key_changes_with_the_runtime(runtime):
    vendor, _app = runtime
    before = build.snapshot_key()
    (vendor / "pyodide" / "pyodide.asm.wasm").write_bytes(b"another build")
    assert build.snapshot_key() != before


def test_without_node_the_build_ships_no_snapshot(runtime, tmp_path, monkeypatch):
    monkeypatch.setattr(build, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    dist = tmp_path / "dist"
    (dist / "static" / "vendor" / "pyodide").mkdir(parents=True)
    build.write_snapshot(dist)
    assert not (dist / build.SNAPSHOT).exists()


def test_compressible_files_get_twins_that_decompress_to_them(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "CACHE", tmp_path / "cache")
    dist = tmp_path / "dist"
    dist.mkdir()
    text = ("<p>clubtable</p>\n" * 2000).encode()
    (dist / "index.html").write_bytes(text)
    (dist / "noise.bin").write_bytes(os.urandom(4096))
    (dist / "photo.png").write_bytes(text)                     # not in the list: left alone
    build.compress(dist)
    assert gzip.decompress((dist / "index.html.gz").read_bytes()) == text
    if build._brotli() is not None:
        import brotli
        assert brotli.decompress((dist / "index.html.br").read_bytes()) == text
    assert not (dist / "noise.bin.gz").exists()                # does not shrink: no twin
    assert not (dist / "photo.png.gz").exists()


def test_the_server_sends_a_twin_only_while_it_is_as_new_as_its_file(tmp_path):
    import functools
    import http.server
    import threading
    import time
    import urllib.request
    (tmp_path / "a.js").write_text("x" * 1000)
    (tmp_path / "a.js.gz").write_bytes(gzip.compress(b"x" * 1000))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(
        type("Quiet", (build.Handler,), {"log_message": lambda *a: None}), directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/a.js"
    try:
        get = lambda: urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": "gzip"}))  # noqa: E731
        assert get().headers["Content-Encoding"] == "gzip"
        later = time.time() + 10
        os.utime(tmp_path / "a.js", (later, later))              # the file changed after its twin
        with get() as r:
            assert r.headers.get("Content-Encoding") is None and r.read() == b"x" * 1000
    finally:
        server.shutdown()


# --------------------------------------------------------------------------- the smaller stdlib
def test_imports_are_read_inside_functions_relative_and_as_submodules():
    source = ("import os.path, json as j\n"
              "from . import sibling\n"
              "from ..up import name\n"
              "def later():\n"
              "    import difflib\n"
              "    from html import entities\n")
    assert build.imported_names(source, "pkg.sub.mod") == {
        "os.path", "json", "pkg.sub", "pkg.sub.sibling", "pkg.up", "pkg.up.name", "difflib", "html",
        "html.entities"}


def test_source_this_python_cannot_parse_and_python_inside_javascript_are_read_line_by_line():
    newer = "try:\n    import zlib\nexcept ImportError, OSError:\n    pass\nfrom .x import y as z\n"
    assert {"zlib", "pkg.x", "pkg.x.y"} <= build.imported_names(newer, "pkg", is_package=True)
    chunk = 'run("import base64,html,io\\nfrom collections import OrderedDict")'
    assert {"base64", "html", "io", "collections", "collections.OrderedDict"} <= build.imported_names("\0" + chunk)


def fake_stdlib(path):
    files = {
        "a.py": "def f():\n    import b\n",
        "b.py": "from c import d\n",
        "c/__init__.py": "",
        "c/d.py": "import e\n",
        "e.py": "",
        "unused.py": "import e\n",
        "encodings/__init__.py": "",
        "encodings/latin_1.py": "",           # imported by codecs.lookup(), by name
    }
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        for name, text in files.items():
            z.writestr(name, text)
    return path


def test_the_closure_follows_every_import_and_keeps_what_is_imported_by_name(tmp_path):
    with zipfile.ZipFile(fake_stdlib(tmp_path / "stdlib.zip")) as z:
        assert build.stdlib_closure(z, {"a"}) == {"a.py", "b.py", "c/__init__.py", "c/d.py", "e.py",
                                                  "encodings/__init__.py", "encodings/latin_1.py"}


def test_on_import_follows_only_what_a_module_runs_when_it_is_imported(tmp_path):
    source = ('import a\nclass K:\n    import b\ndef f():\n    import c\nif x:\n    from . import d\n'
              'g = lambda: __import__("e")\nif __name__ == "__main__":\n    import doctest\n')
    assert build.imported_names(source, "pkg.m", on_import=True) == {"a", "b", "pkg", "pkg.d"}
    assert {"c", "doctest"} <= build.imported_names(source, "pkg.m")
    with zipfile.ZipFile(fake_stdlib(tmp_path / "stdlib.zip")) as z:
        assert build.stdlib_closure(z, {"a"}, on_import=True) == {"a.py"}       # b only when f() runs
        assert build.stdlib_closure(z, {"b"}, on_import=True) == {"b.py", "c/__init__.py", "c/d.py", "e.py"}


def test_the_rest_zip_leaves_out_what_the_snapshot_holds(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "CACHE", tmp_path / "cache")
    (tmp_path / "cache" / "stdlib").mkdir(parents=True)
    stored = fake_stdlib(tmp_path / "stored-0.zip")
    monkeypatch.setattr(build, "stored_stdlib", lambda: stored)
    monkeypatch.setattr(build, "page_imports", lambda: {"a", "c.d", "json"})
    monkeypatch.setattr(build, "ROOT", ROOT)
    dist = tmp_path / "dist"
    (dist / "static" / "vendor" / "pyodide").mkdir(parents=True)
    shutil.copy(stored, dist / build.STDLIB)
    app = tmp_path / "app.zip"
    with zipfile.ZipFile(app, "w") as z:
        z.writestr("clubtable/__init__.py", "")
    monkeypatch.setattr(build, "APP_ZIP", app)
    (dist / "static" / "boot.mjs").write_text("const A = 1;\nconst MORE_NAMES = [];\n")
    build.write_stdlib_rest(dist, ["a.py", "c/__init__.py"])
    # at once: what importing the page's modules reads (c.d, and e, which it imports); later:
    # what only a function imports (b, in a's f) and what is imported by name (the codecs)
    with zipfile.ZipFile(dist / build.STDLIB_REST) as z:
        assert sorted(z.namelist()) == ["c/d.py", "e.py"]
        assert all(i.compress_type == zipfile.ZIP_STORED for i in z.infolist())
    with zipfile.ZipFile(dist / build.STDLIB_MORE) as z:
        assert sorted(z.namelist()) == ["b.py", "encodings/__init__.py", "encodings/latin_1.py"]
        assert all(i.compress_type == zipfile.ZIP_STORED for i in z.infolist())
    assert (dist / "static" / "boot.mjs").read_text() == 'const A = 1;\nconst MORE_NAMES = ["b", "encodings"];\n'


def _without_docstrings(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body \
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            body[0].value.value = ""
    return ast.dump(tree)


def test_the_page_gets_the_code_without_docstrings_and_comments_on_the_same_lines():
    source = ('"""Module doc,\n  on two lines."""\nimport os  # why\n\n\nclass Die:\n'
              '    """A die — façade."""\n    faces = "# not a comment"\n\n'
              '    def roll(self):  # é\n        """Roll.\n\n        Really."""; return 4\n')
    stripped = build.strip_source(source)
    assert stripped == ('""\n\nimport os\n\n\nclass Die:\n    ""\n    faces = "# not a comment"\n\n'
                        '    def roll(self):\n        """Roll.\n\n        Really."""; return 4\n')
    assert _without_docstrings(ast.parse(stripped)) == _without_docstrings(ast.parse(source))


def test_every_module_of_the_project_keeps_its_code_and_its_line_numbers():
    for path in sorted((ROOT / "py" / "clubtable").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        stripped = build.strip_source(source)
        assert stripped.count("\n") == source.count("\n"), path
        assert _without_docstrings(ast.parse(stripped)) == _without_docstrings(ast.parse(source)), path


def test_the_build_tells_the_interpreter_module_the_snapshots_size(tmp_path):
    source = (ROOT / "static" / "boot.mjs").read_text(encoding="utf-8")
    assert "\nconst SNAPSHOT_BYTES = 0;\n" in source        # the source tree knows no snapshot
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "boot.mjs").write_text(source, encoding="utf-8")
    build.tell_snapshot_size(tmp_path, 31457424)
    assert "\nconst SNAPSHOT_BYTES = 31457424;\n" in (tmp_path / "static" / "boot.mjs").read_text(encoding="utf-8")
    assert "\nconst SNAPSHOT_THAW = [0, 0];\n" in (tmp_path / "static" / "boot.mjs").read_text(encoding="utf-8")
    build.tell_snapshot_size(tmp_path, 31457424, (3820748, 2220537692))
    assert "\nconst SNAPSHOT_THAW = [3820748, 2220537692];\n" in (tmp_path / "static" / "boot.mjs").read_text(encoding="utf-8")
    (tmp_path / "static" / "boot.mjs").write_text("export {};", encoding="utf-8")
    with pytest.raises(SystemExit):
        build.tell_snapshot_size(tmp_path, 1)


THAW_CHECK = """
import { thaw } from %s;
const header = 32, size = 4096;
const snapshot = new Uint8Array(header + size);
new Uint32Array(snapshot.buffer, 0, 2).set([0x706f7379, header]);
for (let i = header; i < snapshot.length; i++) snapshot[i] = (i * 7) & 255;
const original = snapshot.slice();
const fresh = new Uint8Array(1024).map((_, i) => (i * 13 + 5) & 255);
const h1 = thaw(snapshot, fresh);
const changed = snapshot.some((b, i) => b !== original[i]);
const untouched = snapshot.subarray(header + 1024).every((b, i) => b === original[header + 1024 + i]);
const h2 = thaw(snapshot, fresh);
const back = snapshot.every((b, i) => b === original[i]);
const other = fresh.slice(); other[100] ^= 1;
console.log(JSON.stringify({h1, h2, changed, untouched, back, differs: thaw(snapshot.slice(), other) !== h1}));
"""


@pytest.mark.skipif(not shutil.which("node"), reason="no node")
def test_thawing_undoes_what_the_snapshot_maker_did_and_tells_the_fresh_memory_apart(tmp_path):
    """build.py's maker and the page run the same ``thaw`` (static/boot.mjs): applied twice it
    gives the snapshot back, it touches only the bytes the fresh copy covers, and its hash
    tells another fresh memory apart (the page then starts Python normally)."""
    import json
    import subprocess
    script = THAW_CHECK % json.dumps((ROOT / "static" / "boot.mjs").as_uri())
    run = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got == {"h1": got["h2"], "h2": got["h1"], "changed": True, "untouched": True, "back": True,
                   "differs": True}


UNPACK_CHECK = """
import { unpackSnapshot } from %s;
import { readFileSync } from "node:fs";
const packed = new Uint8Array(readFileSync(%s));
const raw = new Uint8Array(readFileSync(%s));
const same = (a) => a.length === raw.length && a.every((b, i) => b === raw[i]);
const fails = (f) => { try { f(); return false; } catch { return true; } };
console.log(JSON.stringify({
  made: same(unpackSnapshot(packed, null)),
  into: same(unpackSnapshot(packed, new Uint8Array(raw.length))),
  other_size: fails(() => unpackSnapshot(packed, new Uint8Array(raw.length + 4096))),
  cut: fails(() => unpackSnapshot(packed.subarray(0, packed.length - 1), null)),
  longer: fails(() => unpackSnapshot(new Uint8Array([...packed, 0]), null)),
  header_only: fails(() => unpackSnapshot(packed.subarray(0, 6), null)),
  past_the_end: fails(() => { const bad = packed.slice(); new DataView(bad.buffer).setUint32(8, raw.length, true);
                              return unpackSnapshot(bad, null); }),
  overlapping: fails(() => { const bad = packed.slice(); new DataView(bad.buffer).setUint32(16, 0, true);
                             return unpackSnapshot(bad, null); }),
}));
"""


def test_the_snapshot_travels_without_its_pages_of_zeros_and_the_page_unpacks_it_exactly(tmp_path):
    """build.pack_snapshot leaves out every page of zeros; static/boot.mjs's ``unpackSnapshot``
    (run in Node) gives back the very bytes, and refuses a snapshot of another size, cut short,
    longer than packed, or whose ranges leave the memory or overlap (the page then starts Python
    normally: test_boot_e2e.py)."""
    page = build.SNAPSHOT_PAGE
    raw = bytearray(10 * page + 100)                      # not a whole number of pages
    raw[0:40] = bytes(range(1, 41))
    raw[2 * page + 5] = 7                                 # one byte in a page of zeros otherwise
    raw[4 * page:6 * page] = b"\x01" * (2 * page)        # two pages in a row: one range
    raw[-3] = 9                                           # in the last, short page
    packed = build.pack_snapshot(bytes(raw))
    assert build.unpack_snapshot(packed) == bytes(raw)
    assert len(packed) == 8 + 8 * 4 + 4 * page + 100      # four ranges, the zero pages left out
    if not shutil.which("node"):
        pytest.skip("no node")
    import json
    import subprocess
    (tmp_path / "packed").write_bytes(packed)
    (tmp_path / "raw").write_bytes(bytes(raw))
    script = UNPACK_CHECK % (json.dumps((ROOT / "static" / "boot.mjs").as_uri()),
                             json.dumps(str(tmp_path / "packed")), json.dumps(str(tmp_path / "raw")))
    run = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got == {"made": True, "into": True, "other_size": True, "cut": True, "longer": True,
                   "header_only": True, "past_the_end": True, "overlapping": True}


def test_pyodides_emscripten_module_becomes_a_classic_script_the_page_loads(tmp_path):
    """Chromium code-caches a classic script the offline worker stores, not a module: the build
    writes Pyodide's module as one (its export and import.meta gone), names it in dist's
    boot.mjs, and stops when the module no longer looks as expected."""
    folder = tmp_path / "static" / "vendor" / "pyodide"
    folder.mkdir(parents=True)
    module = ('async function _createPyodideModule(m={}){if(N){r(import.meta.url)}var s=import.meta.url;'
              'function f(){return new URL("pyodide.asm.wasm",import.meta.url).href}return m}'
              'export default _createPyodideModule;\n')
    (folder / "pyodide.asm.mjs").write_text(module)
    (tmp_path / "static" / "boot.mjs").write_text((ROOT / "static" / "boot.mjs").read_text(encoding="utf-8"))
    assert '\nconst ASM_SCRIPT = "";\n' in (tmp_path / "static" / "boot.mjs").read_text()   # the source tree: the module
    build.classic_pyodide_module(tmp_path)
    script = (folder / build.ASM_SCRIPT).read_text()
    assert "import.meta" not in script and "export" not in script
    assert script.startswith("var _pyodideAsmURL=document.currentScript.src;")
    assert script.rstrip().endswith("globalThis._createPyodideModule=_createPyodideModule;")
    assert not (folder / "pyodide.asm.mjs").exists()      # not stored twice by the offline worker
    assert f'\nconst ASM_SCRIPT = "{build.ASM_SCRIPT}";\n' in (tmp_path / "static" / "boot.mjs").read_text()
    (folder / "pyodide.asm.mjs").write_text(module.replace("export default", "export {") + "}")
    with pytest.raises(SystemExit):
        build.classic_pyodide_module(tmp_path)


LINKING_CHECK = """
import { loadPyodide } from %(pyodide)s;
const leb = (n) => { const o = []; do { let b = n & 127; n >>>= 7; if (n) b |= 128; o.push(b); } while (n); return o; };
const str = (s) => [...leb(s.length), ...new TextEncoder().encode(s)];
const sec = (id, body) => [id, ...leb(body.length), ...body];
// A side module exporting the values of the main module's GOT entries it imports.
const side = (names) => Uint8Array.from([0, 97, 115, 109, 1, 0, 0, 0,
  ...sec(0, [...str("dylink.0"), 1, 4, 0, 0, 0, 0]),
  ...sec(1, [1, 0x60, 0, 1, 0x7f]),
  ...sec(2, [...leb(names.length), ...names.flatMap(([mod, name]) => [...str(mod), ...str(name), 3, 0x7f, 1])]),
  ...sec(3, [...leb(names.length), ...names.map(() => 0)]),
  ...sec(7, [...leb(names.length), ...names.flatMap((_, i) => [...str(`got${i}`), 0, i])]),
  ...sec(10, [...leb(names.length), ...names.flatMap((_, i) => [4, 0, 0x23, i, 0x0b])])]);
const SIDE = [["GOT.func", "PyLong_FromLong"], ["GOT.mem", "PyExc_ImportError"], ["GOT.func", "emscripten_get_now"]];
async function linked(url, names) {
  const pyodide = await loadPyodide({ indexURL: %(index)s, createPyodideModule: (await import(url)).default });
  const M = pyodide._module;
  // Each entry by the name of its function (a wasm function's index); an entry addFunction set
  // by the function it was given (a JavaScript function's wrapper is named after its module).
  const calls = globalThis.ADDED.splice(0);
  const added = new Map(calls.map(([func, sig, at]) => [at, `${func.name} ${sig}`]));
  globalThis.ADDED_SIGS = new Map(calls.map(([, sig, at]) => [at, sig]));
  const table = [];
  for (let i = 0; i < M.wasmTable.length; i++) table.push(added.get(i) ?? M.wasmTable.get(i)?.name ?? null);
  const made = Object.keys(M.GOT);
  const weak = { has: () => true };     // reading an entry must not mark it required
  const got = Object.fromEntries((names ?? made).map((name) => [name, M.GOTHandler.get(weak, name).value]));
  const lib = M.loadWebAssemblyModule(side(SIDE), { loadAsync: false, nodelete: true }, "side.so", {});
  const wrappers = new Set([...added.keys()].filter((at) => typeof globalThis.ADDED_SIGS?.get(at) === "string")
                                            .map((at) => M.wasmTable.get(at).name));
  return { table, made, got, wrappers: wrappers.size, side: SIDE.map((_, i) => lib[`got${i}`]()), tableAfter: M.wasmTable.length,
           python: pyodide.runPython("6 * 7") };
}
globalThis.ADDED = [];
const original = await linked(%(original)s, null);
const patched = await linked(%(patched)s, original.made);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
console.log(JSON.stringify({
  table: same(original.table, patched.table), tableSize: patched.table.length, got: same(original.got, patched.got),
  gotSize: original.made.length, globalsMade: patched.made.length, lazy: !patched.made.includes("PyLong_FromLong"),
  side: same(original.side, patched.side) && original.side.every((v) => v > 0), tableAfter: same(original.tableAfter, patched.tableAfter),
  python: [original.python, patched.python], wrappers: [original.wrappers, patched.wrappers], added: original.table.filter((n) => / /.test(n)).length,
}));
"""


@pytest.mark.skipif(not shutil.which("node") or not (build.VENDOR / "pyodide" / "pyodide.asm.mjs").exists(),
                    reason="no node or no vendored Pyodide")
def test_the_patched_linking_gives_the_runtime_the_same_table_and_got(tmp_path):
    """build.py's linking patches (the page's copy of Pyodide's module) links the runtime in Node to
    the very table Emscripten's own code makes, entry by entry, and the same GOT value for each
    of its symbols, while making only the GOT's Globals a module imported; a side module loaded
    afterwards (built here: it imports a function, a data symbol and a JavaScript function from
    the GOT) reads the same values from both."""
    import json
    import subprocess
    original = build.VENDOR / "pyodide" / "pyodide.asm.mjs"
    patched = tmp_path / "pyodide.asm.mjs"
    text = original.read_text(encoding="utf-8")
    # Both record what addFunction is given and where it puts it.
    spy = ("var addFunction=(func,sig)=>{",
           "var addFunction=(func,sig)=>{var at=addFunctionHere(func,sig);globalThis.ADDED.push([func,sig,at]);return at};"
           "var addFunctionHere=(func,sig)=>{")
    original = tmp_path / "original.mjs"
    original.write_text(text.replace(*spy), encoding="utf-8")
    patched.write_text(build.linking_patched(text).replace(*spy), encoding="utf-8")
    js = lambda value: json.dumps(str(value))  # noqa: E731
    script = LINKING_CHECK % {"pyodide": js((build.VENDOR / "pyodide" / "pyodide.mjs").as_uri()),
                              "index": js(str(build.VENDOR / "pyodide") + "/"),
                              "original": js(original.as_uri()), "patched": js(patched.as_uri())}
    run = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip(), run.stderr[-2000:] or "a runtime never finished loading"
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got["table"] and got["got"] and got["side"] and got["tableAfter"] and got["lazy"], got
    assert got["tableSize"] > 10_000 and got["gotSize"] > 5_000 and got["globalsMade"] < got["gotSize"] / 10, got
    assert got["python"] == [42, 42]
    # 259 JavaScript functions wrapped: by one module each in Pyodide's code, by one for all here
    assert got["added"] > 200 and got["wrappers"][0] == 1 and got["wrappers"][1] > 200, got


def test_the_linking_patches_stop_the_build_when_pyodides_code_changed():
    text = (build.VENDOR / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8") \
        if (build.VENDOR / "pyodide" / "pyodide.asm.mjs").exists() else None
    if text is None:
        pytest.skip("no vendored Pyodide")
    patched = build.linking_patched(text)
    assert "GOTPending" in patched and "trampolineModules" in patched and "internalSyms.has" in patched
    for _what, old, _new in build.LINKING_PATCHES:
        with pytest.raises(SystemExit, match="LINKING_PATCHES"):
            build.linking_patched(text.replace(old, old.replace("var ", "let ", 1)))
    with pytest.raises(SystemExit, match="isInternalSym"):
        build.linking_patched(text.replace("].includes(symName)", "].indexOf(symName)>=0"))


def test_the_catalogues_leave_app_zip_with_the_i18n_package_that_read_them_at_import(tmp_path):
    """After a restore the catalogues are in memory (i18n reads every one as it is imported):
    they go with its source; a build whose snapshot did not hold i18n keeps them in app.zip."""
    files = ("clubtable/__init__.py", "clubtable/i18n/__init__.py", "clubtable/locale/de/LC_MESSAGES/clubtable.mo",
             "clubtable/locale/de/LC_MESSAGES/clubtable.po", "clubtable/club.json")
    for held_modules, moved in ((["clubtable", "clubtable.i18n"], ["clubtable/__init__.py", "clubtable/i18n/__init__.py",
                                                                    "clubtable/locale/de/LC_MESSAGES/clubtable.mo"]),
                                (["clubtable"], ["clubtable/__init__.py"])):
        app, held = tmp_path / "app.zip", tmp_path / "held.zip"
        with zipfile.ZipFile(app, "w") as z:
            for name in files:
                z.writestr(name, name)
        build.split_held_sources(app, held, held_modules)
        with zipfile.ZipFile(app) as z, zipfile.ZipFile(held) as h:
            assert h.namelist() == moved
            assert sorted(z.namelist()) == sorted(set(files) - set(moved))


def test_the_sources_the_snapshot_holds_leave_app_zip_for_a_zip_of_their_own(tmp_path):
    app = tmp_path / "app.zip"
    with zipfile.ZipFile(app, "w") as z:
        for name in ("pkg/__init__.py", "pkg/engine.py", "pkg/rules.json", "pkg/ui/__init__.py",
                     "pkg/ui/__pycache__/dom.cpython-314.pyc", "pkg/ui/dom.py"):
            z.writestr(name, name)
    build.split_held_sources(app, tmp_path / "held.zip", ["pkg", "pkg.engine"])
    with zipfile.ZipFile(app) as z, zipfile.ZipFile(tmp_path / "held.zip") as held:
        assert held.namelist() == ["pkg/__init__.py", "pkg/engine.py"]
        assert z.namelist() == ["pkg/rules.json", "pkg/ui/__init__.py", "pkg/ui/__pycache__/dom.cpython-314.pyc",
                                "pkg/ui/dom.py"]          # data, and what the snapshot lacks, stay
        assert held.read("pkg/engine.py") == b"pkg/engine.py"


def test_the_style_sheets_are_written_into_the_page_with_their_urls_made_the_pages(tmp_path):
    (tmp_path / "static" / "css").mkdir(parents=True)
    (tmp_path / "static" / "css" / "a.css").write_text(
        ".x { background: url(../art/x.svg); } .y { background: url(data:image/png;base64,AA); }\n")
    (tmp_path / "static" / "css" / "b.css").write_text(":root { --accent: #123456; }\n")
    (tmp_path / "index.html").write_text(
        '<head>\n  <link rel="stylesheet" href="static/css/a.css">\n'
        '  <link rel="stylesheet" href="static/css/b.css">\n  <script src="static/lang.js"></script>\n</head>\n')
    build.inline_styles(tmp_path)
    page = (tmp_path / "index.html").read_text()
    assert 'rel="stylesheet"' not in page
    assert "url(static/art/x.svg)" in page and "url(data:image/png;base64,AA)" in page
    assert page.index("url(static/art/x.svg)") < page.index("--accent: #123456") < page.index("lang.js")
    (tmp_path / "static" / "css" / "b.css").write_text("/* </style><script>alert(1)</script> */\n")
    (tmp_path / "index.html").write_text('  <link rel="stylesheet" href="static/css/b.css">\n')
    with pytest.raises(SystemExit, match="</style"):
        build.inline_styles(tmp_path)


def test_lang_js_is_written_into_the_page_and_the_csp_allows_it_by_its_hash(tmp_path):
    """The first paint needs only the page: static/lang.js inline, allowed by its hash, and the
    policy docs/DEPLOYING.md gives a static host is the one the build serves."""
    (tmp_path / "index.html").write_text('<head>\n  <script src="static/lang.js"></script>\n</head>\n')
    build.inline_lang(tmp_path)
    page = (tmp_path / "index.html").read_text()
    script = re.search(r"<script>(.*?)</script>", page, re.S).group(1)
    assert "src=" not in page and script == (ROOT / "static" / "lang.js").read_text(encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
    assert f"'sha256-{digest}'" in build.CSP.split("script-src", 1)[1].split(";", 1)[0]
    deploying = (ROOT / "docs" / "DEPLOYING.md").read_text(encoding="utf-8")
    assert f"Content-Security-Policy: {build.CSP}\n" in deploying
    (tmp_path / "index.html").write_text("<head></head>\n")
    with pytest.raises(SystemExit, match="lang.js"):
        build.inline_lang(tmp_path)
