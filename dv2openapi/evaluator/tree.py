"""The YAML/JSON files below a directory, every one of them: an unreadable directory or an entry
that is not a regular file is an `InputError`, never passed over."""

from __future__ import annotations

import os
import stat

from .document import InputError

EXTS = (".yaml", ".yml", ".json")


def yaml_files(top: str) -> list[str]:
    """Every *.yaml, *.yml and *.json file below `top`, sorted (symlinked directories are not entered)."""
    out = []

    def fail(e: OSError) -> None:
        raise InputError(f"{e.filename}: cannot read directory: {e.strerror}")

    for where, _, names in os.walk(top, onerror=fail):
        for name in names:
            if not name.endswith(EXTS):
                continue
            path = _spelled(os.path.join(where, name))
            try:
                mode = os.stat(path).st_mode
            except OSError as e:
                raise InputError(f"{path}: cannot read: {e.strerror}") from None
            if not stat.S_ISREG(mode):
                raise InputError(f"{path}: not a regular file")
            out.append(path)
    return sorted(out)


def _spelled(path: str) -> str:
    """`path` as pathlib spells it: no `.` parts, no repeated or trailing slashes (`./a//b/` is `a/b`)."""
    parts = [p for p in path.split("/") if p not in ("", ".")]
    root = "//" if path.startswith("//") and not path.startswith("///") else "/" if path.startswith("/") else ""
    return root + "/".join(parts) or "."
