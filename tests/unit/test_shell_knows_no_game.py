"""A new game is rules, a view and a screen: the shell (every module of ``ui/`` but the
games' screens) imports no game and names none.  A game's own set-up control, shouts or
colours are declared by its screen module (``OPTION_FIELDS``, ``SHOUTS``, ``seat_colours``),
and what computer players need of the options by its rules (``Game.bot_options``)."""
import ast
import pathlib

from clubtable.games import GAMES

UI = pathlib.Path(__file__).resolve().parents[2] / "py" / "clubtable" / "ui"


def _names_of_games(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.ImportFrom, ast.Import)):
            modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            for m in modules:
                if set(m.split(".")) & set(GAMES):
                    yield node.lineno, f"imports {m}"
        elif isinstance(node, ast.Constant) and node.value in GAMES:
            yield node.lineno, f"names {node.value!r}"


def test_the_shell_imports_and_names_no_game():
    shell = [p for p in sorted(UI.glob("*.py")) if p.name != "riddles.py"]   # riddles: the two riddle games' kit
    assert len(shell) > 10
    found = [f"{p.name}:{line} {what}" for p in shell for line, what in _names_of_games(p)]
    assert not found, found


def test_the_check_sees_a_game_named_in_the_shell(tmp_path):
    bad = tmp_path / "shell.py"
    bad.write_text("from .games.dobbelduel import PAINTED\nOPTIONS = {'dohdles': 1}\n")
    assert [w for _, w in _names_of_games(bad)] == ["imports games.dobbelduel", "names 'dohdles'"]
