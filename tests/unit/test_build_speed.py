"""build.py's start-up parts: the snapshot is remade exactly when its inputs change, and every
compressible file gets a .gz (and .br) twin that decompresses to it."""
import gzip
import os
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
