"""The shape of the code, read from its syntax trees: no function longer than 60 lines anywhere
in ``py/clubtable``, and no import circle anywhere in
``py/clubtable`` (a circle makes a module's names depend on which side was imported first)."""
import ast
import pathlib

PY = pathlib.Path(__file__).resolve().parents[2] / "py"
PACKAGE = PY / "clubtable"
MAX_LINES = 60
CHECKED = (".",)                  # the whole package
# Longer still, in files other work is rewriting; each entry must go when its function is
# split (the test fails on an entry that is no longer too long).
KNOWN_LONG: set = set()


def _functions(path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node.end_lineno - node.lineno + 1


def _too_long():
    out = {}
    for sub in CHECKED:
        for path in sorted((PACKAGE / sub).rglob("*.py")):
            rel = path.relative_to(PACKAGE).as_posix()
            for name, lines in _functions(path):
                if lines > MAX_LINES:
                    out[f"{rel}:{name}"] = lines
    return out


def test_no_function_is_longer_than_60_lines():
    long = _too_long()
    assert {k: v for k, v in long.items() if k not in KNOWN_LONG} == {}
    assert sorted(KNOWN_LONG - set(long)) == [], "split already: drop it from KNOWN_LONG"


def _modules():
    """Module name -> (its file, whether it is a package's ``__init__``)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PY).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        out[".".join(parts)] = (path, is_package)
    return out


def _imports_of(name, path, is_package, modules):
    """The project's modules ``name`` imports, anywhere in it (a lazy import inside a
    function counts: it is a circle all the same, only later).  ``from pkg import x`` is
    an import of the module ``pkg.x`` when there is one, else of ``pkg`` itself."""
    package = name if is_package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module
            for alias in node.names:
                sub = f"{origin}.{alias.name}"
                found.add(sub if sub in modules else origin)
    return {m for m in found if m in modules and m != name}


def import_graph():
    modules = _modules()
    return {name: _imports_of(name, path, is_package, modules) for name, (path, is_package) in modules.items()}


def circles(graph):
    """The strongly connected groups of more than one module (Tarjan's, iterative)."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, deps = work[-1]
            step = next(deps, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    group.append(m)
                    if m == node:
                        break
                if len(group) > 1:
                    out.append(sorted(group))
    return out


def test_no_import_circle():
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
