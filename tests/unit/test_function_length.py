"""No function over 60 lines in the engine and the games (issue #21): a long function is
split where it does several things (a view: one helper per part)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "py" / "clubtable"
PARTS = ("engine", "games")
LIMIT = 60


def long_functions() -> list:
    out = []
    for path in sorted(p for part in PARTS for p in (ROOT / part).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > LIMIT:
                    out.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines} lines)")
    return out


def test_no_function_is_over_60_lines():
    assert long_functions() == []
