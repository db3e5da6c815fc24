"""The app is one class made of two mixins (home and set-up, table): a method one of them
defines must not shadow the other's, or one screen calls the other's method by its name
(a set-up's ``seat_kind(game)`` once hid the lobby's ``seat_kind(i, seat)``)."""
import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "py" / "clubtable" / "ui"


def methods(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for c in tree.body if isinstance(c, ast.ClassDef)
            for n in c.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def test_the_two_shell_mixins_define_no_method_of_the_same_name():
    assert "class App(HomeScreens, TableScreens)" in (UI / "app.py").read_text(encoding="utf-8")
    both = methods(UI / "shell_home.py") & methods(UI / "shell_table.py")
    assert both == set(), f"defined by both shell mixins: {sorted(both)}"
