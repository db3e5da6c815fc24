"""build.py's club branding, icons and service worker, on a small stand-in for dist/."""
import base64
import hashlib
import json
import re
import struct
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402


@pytest.fixture
def dist(tmp_path):
    d = tmp_path / "dist"
    (d / "static" / "css").mkdir(parents=True)
    (d / "static" / "art").mkdir(parents=True)
    (d / "index.html").write_text((ROOT / "index.html").read_text(encoding="utf-8"), encoding="utf-8")
    with zipfile.ZipFile(d / "static" / "app.zip", "w") as z:
        z.writestr("clubtable/__init__.py", "")
    return d


def club_file(tmp_path, text):
    p = tmp_path / "club.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_without_a_club_file_the_build_is_clubtable_with_every_game(tmp_path):
    assert build.load_club(tmp_path / "missing.toml") == build.CLUB_DEFAULTS


@pytest.mark.parametrize("text, why", [
    ('colour = "#ffffff"', "unknown key 'colour'"),
    ('accent = "red"', "accent must be a colour"),
    ('language = "it"', "language must be one of"),
    ('games = ["chess"]', "games must be a list of"),
    ('logo = "nowhere.svg"', "logo file 'nowhere.svg' not found"),
    ('public_url = "games.example.org"', "public_url must start with https://"),
])
def test_a_typo_in_the_club_file_stops_the_build_with_a_message(tmp_path, text, why):
    with pytest.raises(SystemExit) as e:
        build.load_club(club_file(tmp_path, text))
    assert why in str(e.value)


def test_a_branded_build_has_the_clubs_name_colours_language_games_and_logo(tmp_path, dist):
    (tmp_path / "logo.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>", encoding="utf-8")
    club = build.load_club(club_file(tmp_path, '''
name = "Spielkreis <Nord>"
logo = "logo.svg"
accent = "#8a1c2b"
background = "#fbf8f2"
language = "de"
games = ["dodgy", "waldi"]
public_url = "https://games.example.org/"
'''))
    build.brand(dist, club)
    html = (dist / "index.html").read_text(encoding="utf-8")
    assert "<title>Spielkreis &lt;Nord&gt;</title>" in html
    assert '<html lang="de" data-club-lang="de">' in html
    assert 'data-game="dodgy"' in html and 'data-game="waldi"' in html
    assert 'data-game="dobbelduel"' not in html and 'data-game="cave"' not in html
    assert 'href="static/art/club-logo.svg"' in html and (dist / "static/art/club-logo.svg").exists()
    assert "--accent: #8a1c2b; --bg: #fbf8f2;" in (dist / "static/css/club.css").read_text()
    with zipfile.ZipFile(dist / "static" / "app.zip") as z:
        inside = json.loads(z.read("clubtable/club.json"))
    assert inside["games"] == ["dodgy", "waldi"] and inside["public_url"] == "https://games.example.org/"
    assert inside["language"] == "de" and inside["logo"] == "static/art/club-logo.svg"
    manifest = json.loads((dist / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Spielkreis <Nord>" and manifest["lang"] == "de"
    assert manifest["background_color"] == "#fbf8f2"


def test_the_icons_are_pngs_of_the_right_size():
    data = build.icon_png(48)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (48, 48)


def test_the_service_worker_lists_every_file_of_the_build_with_its_hash(dist):
    build.brand(dist, dict(build.CLUB_DEFAULTS))
    (dist / "static" / "app.zip.gz").write_bytes(b"precompressed twin")
    build.write_service_worker(dist)
    sw = (dist / "sw.js").read_text(encoding="utf-8")
    files = json.loads(sw.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    on_disk = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    assert set(files) == on_disk - {"sw.js", "static/app.zip.gz"}
    digest = base64.b64encode(hashlib.sha256((dist / "index.html").read_bytes()).digest()).decode()
    assert files["index.html"] == "sha256-" + digest
    before = sw
    (dist / "index.html").write_text("changed", encoding="utf-8")
    build.write_service_worker(dist)
    assert (dist / "sw.js").read_text(encoding="utf-8") != before     # a new build, a new worker


def patched_chunk(tmp_path, text, patch) -> str:
    """``text`` as a vendored PyScript chunk after ``patch``; applying it twice (PyScript's
    code moved, or was patched already) stops the build."""
    chunk = tmp_path / "static" / "vendor" / "pyscript" / "core-x.js"
    chunk.parent.mkdir(parents=True, exist_ok=True)
    chunk.write_text(text)
    patch(tmp_path)
    out = chunk.read_text()
    with pytest.raises(SystemExit):
        patch(tmp_path)
    return out


def test_pyscript_goes_on_without_its_package_cache_and_opens_no_store_it_does_not_use(tmp_path):
    """No packages: the package cache is neither waited for nor opened, and pyscript.fs's store
    is made only if used (a refused IndexedDB open threw in a blocked cross-site frame)."""
    chunk = ('let{packages:a,index_urls:i}=n;if(a){}const c=s.slice(0,1),l=new h(`${c}@${t}`),p={};'
             'await l.sync(),nn("Loaded Storage");await l.close(),p.lockFileURL;'
             'eo="@pyscript.fs",no=new y(eo),ro=async e=>{if(!("showDirectoryPicker"in globalThis))return}')
    assert patched_chunk(tmp_path, chunk, build.patch_pyscript_storage) == (
        'let{packages:a,index_urls:i}=n;if(a){}const c=s.slice(0,1),l=a?new h(`${c}@${t}`):'
        + build.NO_PACKAGE_CACHE + ',p={};'
        'a&&await l.sync().catch(()=>{}),nn("Loaded Storage");await l.close().catch(()=>{}),p.lockFileURL;'
        'eo="@pyscript.fs",no=' + build.LAZY_STORE % ("y", "eo") + ','
        'ro=async e=>{if(!("showDirectoryPicker"in globalThis))return}')


def test_pyscripts_document_watcher_skips_changes_under_the_pages_mount_roots(tmp_path):
    assert patched_chunk(tmp_path, 'if(!Ms){const e=new MutationObserver(e=>{const n=pn.join(",");for(const{type:r,'
                                   'target:s,attributeName:o,addedNodes:a}of e){if("attributes"===r){}}})}',
                         build.patch_pyscript_observer) == (
        'if(!Ms){const e=new MutationObserver(e=>{const n=pn.join(",");for(const{type:r,target:s,attributeName:o,'
        'addedNodes:a}of e){if(s.closest?.("[data-pyscript-ignore]"))continue;if("attributes"===r){}}})}')


def test_pyscript_no_longer_writes_and_imports_its_package_before_the_page_runs(tmp_path):
    assert patched_chunk(tmp_path, 'wo(".",{pyscript:{}}),ho.push("import pyscript as _pyscript"),'
                                   'ho.push("\\n");const Ao=ho.join("\\n"),bo=go.join("\\n"),vo=1;',
                         build.patch_pyscript_bootstrap).endswith('const Ao="",bo=go.join("\\n"),vo=1;')


def test_every_mount_root_of_the_page_is_one_pyscript_ignores():
    """The DOM layer mounts into these (``dom.mount``); PyScript's watcher must skip them."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    mounts = set()
    for path in (ROOT / "py" / "clubtable").rglob("*.py"):
        mounts |= set(re.findall(r'mount\("([\w-]+)"', path.read_text(encoding="utf-8")))
    assert mounts >= {"app", "lang-slot", "notice-slot"}
    for root in mounts:
        assert re.search(rf'<\w+ id="{root}"[^>]* {build.PYSCRIPT_IGNORE}[ >]', page), root
