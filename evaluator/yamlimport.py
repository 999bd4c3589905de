"""Import PyYAML without compiling the pure-Python reader's pattern, which dv-eval never uses.

`yaml.reader.Reader.NON_PRINTABLE`, a character class spanning all of Unicode, takes ~9 ms to compile:
a tenth of a one-file run. Only the pure-Python reader uses it; dv-eval reads with libyaml (the C
loaders). It is compiled on first use instead. Imported by the package before anything imports yaml;
if yaml was imported already, nothing changes.
"""

from __future__ import annotations

import re
import sys

_NON_PRINTABLE = "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"


class _OnFirstUse:
    """A pattern compiled when first used."""

    def __init__(self, pattern: str, flags: int):
        self._args = (pattern, flags)
        self._compiled: re.Pattern | None = None

    def __getattr__(self, name: str):
        if self._compiled is None:
            self._compiled = re.compile(*self._args)
        return getattr(self._compiled, name)


def _import_yaml() -> None:
    if "yaml" in sys.modules:
        return
    compile_now = re.compile

    def deferred(pattern, flags=0):
        if pattern == _NON_PRINTABLE and not flags:
            return _OnFirstUse(pattern, flags)
        return compile_now(pattern, flags)

    re.compile = deferred
    try:
        import yaml  # noqa: F401
    finally:
        re.compile = compile_now


_import_yaml()
