"""Import PyYAML with the regular expressions it compiles at import time compiled when first used.

Compiling them is ~12 ms of every start-up (a tenth of a one-file run): the pure-Python reader's
character class spans all of Unicode (~9 ms), and the implicit-tag resolver's patterns take ~3 ms.
dv-eval reads with libyaml and its own resolver (`loader`), so a run that does not write YAML uses
none of them. `loader` imports it just before yaml (nothing else in evaluator/ imports yaml: a run the
direct reader serves never does); if yaml was imported already, nothing changes.
"""

from __future__ import annotations

import re
import sys


class _OnFirstUse:
    """A pattern compiled when first used; then its methods are the compiled pattern's own."""

    def __init__(self, pattern, flags: int = 0):
        self._args = (pattern, flags)

    def __getattr__(self, name: str):  # only for what is not set yet: the first use
        compiled = _compile(*self._args)
        for attr in ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer"):
            setattr(self, attr, getattr(compiled, attr))
        return getattr(compiled, name)


_compile = re.compile


def _deferred(pattern, flags: int = 0):
    """`re.compile` while yaml imports: PyYAML's own patterns wait for their first use; any other
    module's (one that yaml's import imports first) is compiled as usual."""
    caller = sys._getframe(1).f_globals.get("__name__", "")
    if caller == "yaml" or caller.startswith("yaml."):
        return _OnFirstUse(pattern, flags)
    return _compile(pattern, flags)


def _import_yaml() -> None:
    if "yaml" in sys.modules:
        return
    re.compile = _deferred
    try:
        import yaml  # noqa: F401
    finally:
        re.compile = _compile


_import_yaml()
