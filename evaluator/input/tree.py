"""The YAML/JSON files below a directory, every one of them: an unreadable directory or an entry
that is not a regular file is an `InputError`, never passed over."""

from __future__ import annotations

import os
import stat

from .document import InputError

EXTS = (".yaml", ".yml", ".json")


def yaml_files(top: str) -> list[str]:
    """Every *.yaml, *.yml and *.json file below `top`, sorted (symlinked directories are not entered,
    as `os.walk` leaves them). A regular file is told by its directory entry, without a `stat`."""
    out = []
    todo = [top]
    while todo:
        where = todo.pop()
        try:
            with os.scandir(where) as it:
                entries = list(it)
        except OSError as e:
            raise InputError(f"{e.filename}: cannot read directory: {e.strerror}") from None
        for entry in entries:
            if _is(entry.is_dir):
                if not entry.is_symlink():
                    todo.append(entry.path)
                continue
            if not entry.name.endswith(EXTS):
                continue
            path = _spelled(entry.path)
            if not _is(entry.is_file):  # not a regular file (or a symlink to one): say what it is
                try:
                    mode = os.stat(path).st_mode
                except OSError as e:
                    raise InputError(f"{path}: cannot read: {e.strerror}") from None
                if not stat.S_ISREG(mode):
                    raise InputError(f"{path}: not a regular file")
            out.append(path)
    return sorted(out)


def _is(test) -> bool:
    """A directory entry's `is_dir` / `is_file`, False where the filesystem cannot say (as `os.walk`)."""
    try:
        return test()
    except OSError:
        return False


def _spelled(path: str) -> str:
    """`path` as pathlib spells it: no `.` parts, no repeated or trailing slashes (`./a//b/` is `a/b`)."""
    parts = [p for p in path.split("/") if p not in ("", ".")]
    root = "//" if path.startswith("//") and not path.startswith("///") else "/" if path.startswith("/") else ""
    return root + "/".join(parts) or "."
