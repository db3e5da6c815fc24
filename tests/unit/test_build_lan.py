"""``build.py serve --lan``: every interface, the addresses other devices open, printed with
a QR code, and ``/lan.json`` for the host's invite screen."""
import io
import json
import socket
import sys
import threading
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402


def test_the_banner_prints_each_address_and_a_qr_code_of_the_first():
    out = io.StringIO()
    build.lan_banner(["http://192.168.1.20:8000/", "http://10.0.0.5:8000/"], out)
    text = out.getvalue()
    assert "http://192.168.1.20:8000/" in text and "http://10.0.0.5:8000/" in text
    # the QR code: the same symbol segno makes for the first address, two rows per line
    qr = build._segno().make("http://192.168.1.20:8000/", error="m")
    rows = [line for line in text.splitlines() if line and set(line) <= set("█▀▄ ")]
    width, height = qr.symbol_size(border=4)
    assert len(rows) == (height + 1) // 2 and all(len(r) == width for r in rows)
    assert "secure context" in text           # what a phone on plain http cannot do


def test_without_a_network_address_the_banner_says_so():
    out = io.StringIO()
    build.lan_banner([], out)
    assert "localhost" in out.getvalue() and "█" not in out.getvalue()


def test_loopback_and_link_local_addresses_are_never_offered(monkeypatch):
    class Probe:
        def __init__(self, *a):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *a):
            return False

        def connect(self, addr):
            pass

        def getsockname(self):
            return ("192.168.1.20", 5555)
    monkeypatch.setattr(socket, "socket", Probe)
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [
        (2, 1, 6, "", ("127.0.1.1", 0)), (2, 1, 6, "", ("169.254.3.4", 0)),
        (2, 1, 6, "", ("192.168.1.20", 0)), (2, 1, 6, "", ("10.0.0.5", 0))])
    assert build.lan_addresses() == ["192.168.1.20", "10.0.0.5"]
    assert build.lan_urls(8123) == ["http://192.168.1.20:8123/", "http://10.0.0.5:8123/"]


def test_the_default_stays_loopback_and_lan_binds_every_interface(tmp_path):
    (tmp_path / "index.html").write_text("<p>hi</p>")
    local, urls = build.make_server(0, tmp_path)
    assert local.server_address[0] == "127.0.0.1" and urls == []
    local.server_close()
    lan, urls = build.make_server(0, tmp_path, lan=True)
    try:
        assert lan.server_address[0] == "0.0.0.0"
        port = lan.server_address[1]
        assert all(u.startswith("http://") and u.endswith(f":{port}/") for u in urls)
        threading.Thread(target=lan.serve_forever, daemon=True).start()
        got = urllib.request.urlopen(f"http://127.0.0.1:{port}/lan.json", timeout=5)
        assert json.loads(got.read()) == {"urls": urls}
        assert got.headers["Content-Security-Policy"] == build.CSP       # the same headers as every file
        assert urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read() == b"<p>hi</p>"
    finally:
        lan.shutdown()
        lan.server_close()


def test_dist_always_has_a_lan_file_without_addresses_that_serve_lan_answers_and_the_worker_never_keeps(tmp_path):
    """The invite screen asks for ``lan.json``: any server of dist/ answers it (no 404 in the
    console), with no address; ``serve --lan`` with its own; and the offline worker does not
    list it, so a returning host asks the server, not an old copy."""
    (tmp_path / "index.html").write_text("<p>hi</p>")
    build.write_lan_file(tmp_path)
    build.write_service_worker(tmp_path)
    assert json.loads((tmp_path / "lan.json").read_text()) == {"urls": []}
    files = json.loads(build.SW_TEMPLATE and (tmp_path / "sw.js").read_text().split("const FILES = ", 1)[1]
                       .split(";\nconst CACHE", 1)[0])
    assert "index.html" in files and "lan.json" not in files
    lan, urls = build.make_server(0, tmp_path, lan=True)
    try:
        threading.Thread(target=lan.serve_forever, daemon=True).start()
        got = urllib.request.urlopen(f"http://127.0.0.1:{lan.server_address[1]}/lan.json", timeout=5)
        assert json.loads(got.read()) == {"urls": urls}
    finally:
        lan.shutdown()
        lan.server_close()
