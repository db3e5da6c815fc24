"""The registry names every game without importing one: a game's rules are read when its
entry is first asked for (the page's snapshot leaves them out; games/__init__.py)."""
import subprocess
import sys
from pathlib import Path

import pytest

from clubtable.catalogue import CATALOGUE
from clubtable.games import GAMES

PY = str(Path(__file__).resolve().parents[2] / "py")


def _fresh(code: str) -> str:
    """``code`` run in an interpreter of its own (this one has imported every game)."""
    run = subprocess.run([sys.executable, "-c", f"import sys\nsys.path.insert(0, {PY!r})\n" + code],
                         capture_output=True, text=True, check=True)
    return run.stdout.strip()


def test_the_registry_knows_every_game_and_imports_none_of_them():
    out = _fresh("from clubtable.games import GAMES\n"
                 "print(list(GAMES), 'dodgy' in GAMES, 'chess' in GAMES, len(GAMES),\n"
                 "      sorted(m for m in sys.modules if m.startswith('clubtable.games.')))")
    assert out == "['dobbelduel', 'dodgy', 'dohdles', 'waldi', 'cave'] True False 5 []"


def test_a_game_is_imported_when_its_entry_is_first_read_and_only_that_game():
    out = _fresh("from clubtable.games import GAMES\n"
                 "game = GAMES['waldi']\n"
                 "print(game.id, game is GAMES.get('waldi'),\n"
                 "      sorted({m.split('.')[2] for m in sys.modules if m.startswith('clubtable.games.')}))")
    assert out == "waldi True ['waldi']"


def test_the_registry_reads_as_a_dict_of_its_games():
    assert [g.id for g in GAMES.values()] == list(GAMES) == [k for k, _ in GAMES.items()]
    assert {g["id"] for g in CATALOGUE} >= set(GAMES)
    assert GAMES.get("chess") is None and GAMES.get("chess", 1) == 1 and [] not in GAMES
    with pytest.raises(KeyError):
        GAMES["chess"]
