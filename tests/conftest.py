import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))
sys.path.insert(0, os.path.join(ROOT, "tools"))

# The page reads compiled catalogues (.mo); compile those whose .po changed, so that the
# tests run on a fresh checkout without a build first.
import po  # noqa: E402

po.compile_all(os.path.join(ROOT, "py", "clubtable", "locale"))
