"""What a restored page runs first (ui/browser/restored.py): the finder of the rest of the
standard library, and the reseeding of ``random``."""
import importlib.util
import random
import sys
import types
import zipfile
from pathlib import Path

import pytest

# Read as a file of its own: its package (ui.browser) needs Pyodide's ffi; it needs nothing of it.
_spec = importlib.util.spec_from_file_location(
    "restored_under_test", Path(__file__).resolve().parents[2] / "py/clubtable/ui/browser/restored.py")
restored = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(restored)
MoreStdlib = restored.MoreStdlib


@pytest.fixture
def finder(monkeypatch):
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(MoreStdlib, "names", frozenset())
    monkeypatch.setattr(MoreStdlib, "path", "")
    return MoreStdlib


def more_zip(tmp_path):
    path = tmp_path / "python_stdlib_more.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("clubmore_mod.py", "X = 1\n")
        z.writestr("clubmore_pkg/__init__.py", "")
        z.writestr("clubmore_pkg/part.py", "Y = 2\n")
    return str(path)


def test_restored_installs_the_finder_once_and_reseeds_random(finder, monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "path", [*sys.path, more_zip(tmp_path)])
    random.seed(1)
    first = random.random()
    random.seed(1)
    assert restored.restored('["clubmore_mod"]', "/nowhere.zip") is True
    assert random.random() != first                   # reseeded from the system's source
    restored.restored('["clubmore_mod"]', "/nowhere.zip")
    assert sys.meta_path.count(MoreStdlib) == 1 and finder.names == {"clubmore_mod"}


def test_without_the_standard_library_mounted_restored_says_so(finder, monkeypatch):
    monkeypatch.setattr(sys, "path", [p for p in sys.path if not p.endswith(".zip")] + ["/no/such/lib.zip"])
    assert restored.restored("[]", "/x.zip") is False
    assert restored.stdlib_zip() == "/no/such/lib.zip"


def test_the_finder_serves_only_the_names_of_the_later_zip_its_modules_and_packages_parts(finder, tmp_path):
    finder.names, finder.path = frozenset({"clubmore_mod", "clubmore_pkg"}), more_zip(tmp_path)
    assert MoreStdlib.find_spec("tomllib") is None                  # not in it: another finder's
    spec = MoreStdlib.find_spec("clubmore_mod")
    assert spec is not None and spec.origin.endswith("clubmore_mod.py")
    part = MoreStdlib.find_spec("clubmore_pkg.part")                 # in its package's folder of the zip
    assert part is not None and part.name == "clubmore_pkg.part"


def test_before_the_zip_came_an_import_reads_it_at_once_and_offline_is_not_found(finder, monkeypatch, tmp_path):
    target = tmp_path / "later.zip"
    source = more_zip(tmp_path)
    asked = []

    def read_at_once():
        asked.append(1)
        target.write_bytes(open(source, "rb").read())
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(clubtableMoreStdlib=read_at_once))
    finder.names, finder.path = frozenset({"clubmore_mod"}), str(target)
    assert MoreStdlib.find_spec("clubmore_mod") is not None and asked == [1]
    assert MoreStdlib.find_spec("clubmore_mod") is not None and asked == [1]   # there now: not again

    def offline():
        raise OSError("HTTP 0")
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(clubtableMoreStdlib=offline))
    finder.path = str(tmp_path / "never.zip")
    assert MoreStdlib.find_spec("clubmore_mod") is None
