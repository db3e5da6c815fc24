"""What a page restored from the snapshot does first: static/boot.mjs calls these, as
functions the snapshot already holds, where it ran three snippets of Python source (each
parsed and compiled at every cold start: about 0.1 s at CPU 4x).

A restored page mounts a smaller standard library (build.py's python_stdlib_rest.zip: what
importing the page's own modules reads).  The rest (python_stdlib_more.zip) comes in idle
time; :class:`MoreStdlib`, the last finder on ``sys.meta_path``, serves it, reading it at
once when an import asks for it first."""
from __future__ import annotations

import importlib.machinery
import json
import os
import random
import sys


def stdlib_zip() -> str:
    """Where Pyodide mounts the standard library (the zip on ``sys.path``): boot.mjs writes
    the restored page's part of it there."""
    return next(p for p in sys.path if p.endswith(".zip"))


def restored(more_names: str, more_path: str) -> bool:
    """After the standard library is written: reseed ``random`` (every restored tab would
    otherwise draw the same numbers; ``secrets`` and ``os.urandom`` already read the browser's
    crypto source, and so does ``random.seed()``), install the finder of the rest of the
    library (``more_names``: its top-level names, as JSON; ``more_path``: where it is mounted
    when it comes), and say whether the library is there (Pyodide only logs one it could not
    fetch)."""
    random.seed()
    MoreStdlib.names = frozenset(json.loads(more_names))
    MoreStdlib.path = more_path
    if MoreStdlib not in sys.meta_path:
        sys.meta_path.append(MoreStdlib)
    return any(p.endswith(".zip") and os.path.exists(p) for p in sys.path)


class MoreStdlib:
    """The rest of the standard library (static/boot.mjs: python_stdlib_more.zip).  A standard
    module no other finder found is looked for there, the zip mounted first if it is not yet.
    A package may have files in both zips (email's parser is imported by the page, its mime
    writers are not): a module of a package is looked for in its folder of that zip."""

    names: frozenset = frozenset()
    path = ""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name.partition(".")[0] not in cls.names:
            return None
        if not os.path.exists(cls.path):
            from js import clubtableMoreStdlib
            try:
                clubtableMoreStdlib()
            except Exception:          # offline before the idle fetch: not found, as without it
                return None
        folder = "/".join([cls.path, *name.split(".")[:-1]])
        return importlib.machinery.PathFinder.find_spec(name, [folder])
