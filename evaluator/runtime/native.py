"""Whether the validation walk runs compiled: the hot modules built by Cython, or their Python sources.

`pip install` compiles HOT with Cython when a C compiler is at hand (`setup.py`) and installs the
Python sources beside them either way. The compiled modules are used only when all of them are
there and none is older than its source (an editable checkout edited since its last build);
otherwise, or with DV_EVAL_PURE_PYTHON=1 in the environment, every one of them is imported from its
`.py` file, so a build never mixes with the sources it was not made from.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES

HOT = (  # below the `evaluator` package; structural first: the longest to compile (benchmarks/hotmodules.py)
    "schema.structural",
    "schema.context",
    "schema.compiler",
    "schema.keywords",
    "schema.errors",
)
_PACKAGE = __package__.rpartition(".")[0]  # evaluator
_ROOT = os.path.dirname(os.path.dirname(__file__))
_STALE_AFTER_NS = 2_000_000_000  # a source this much newer than its build was edited after it


def _built(modules: tuple, source: str) -> bool:
    """Whether every one of `modules` has a build that is not older than its source (`mod + source`)."""
    if os.environ.get("DV_EVAL_PURE_PYTHON", "") not in ("", "0"):
        return False
    listed: dict[str, set[str]] = {}  # a folder's names: one listing, not a stat per name
    try:
        for mod in modules:
            folder, _, leaf = mod.rpartition(".")
            where = os.path.join(_ROOT, folder)
            names = listed.get(where)
            if names is None:
                names = listed[where] = set(os.listdir(where))
            ext = next((leaf + s for s in EXTENSION_SUFFIXES if leaf + s in names), None)
            if ext is None:
                return False
            if leaf + source in names:
                src = os.stat(os.path.join(where, leaf + source)).st_mtime_ns
                if src - os.stat(os.path.join(where, ext)).st_mtime_ns > _STALE_AFTER_NS:
                    return False
    except OSError:  # not a directory of files (a zip, say): the sources, which import from anywhere
        return False
    return True


class _Sources:
    """A finder that imports the hot modules from their `.py` files (ahead of any build of them)."""

    @staticmethod
    def find_spec(name: str, path=None, target=None):
        pkg, _, mod = name.partition(".")
        if pkg != _PACKAGE or mod not in HOT:
            return None
        from importlib.util import spec_from_file_location

        return spec_from_file_location(name, os.path.join(_ROOT, *mod.split(".")) + ".py")


NATIVE = _built(HOT, ".py")
# a schema file's fast reader (plainyaml.pyx, built where libyaml's header is): with the compiled walk only
PLAINYAML = NATIVE and _built(("input.plainyaml",), ".pyx")
if not NATIVE:
    sys.meta_path.insert(0, _Sources)
