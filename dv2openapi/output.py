"""Deterministic YAML and safe file writes (nothing half-written, nothing clobbered).

`write_file(path, text)`:
- a symlink is followed: its target is written (a dangling link creates its target);
- a regular file is replaced atomically (temporary file + rename) keeping its mode and owner
  (a file we may not write is refused, as the shell's `>` refuses it; another user's file that we
  may write is rewritten in place, since only root could give the replacement away);
- a FIFO or a character device (`/dev/stdout`, `/dev/null`, a pipe to a consumer) is written
  directly, never replaced; any other special file (a directory, a socket, a block device) is refused;
- a new file gets the permissions the umask gives (0666 & ~umask), as `>` would;
- a path that is one of the run's inputs (the same device and inode, through symlinks and hard
  links) is refused before anything runs (`refuse_inputs`): `-o types.py` never replaces the source;
- every failure is an `OutputError` with a one-line reason.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable

import yaml

from evaluator.runtime.process import TEMPORARY


class OutputError(Exception):
    """The output file cannot be written; the message is the one-line reason."""


class _Dumper(yaml.SafeDumper):
    """Block style, no aliases, long strings kept on one line."""

    def ignore_aliases(self, data):
        return True


def dump_yaml(doc: object) -> str:
    return yaml.dump(doc, Dumper=_Dumper, sort_keys=False, default_flow_style=False, width=120, allow_unicode=True)


def _umask() -> int:
    mask = os.umask(0o22)
    os.umask(mask)
    return mask


def refuse_inputs(path: str, inputs: Iterable[str]) -> None:
    """An `OutputError` when `path` is the same file as one of `inputs` (device and inode, after
    following symlinks; hard links included). A missing output or input is no conflict."""
    try:
        st = os.stat(path)
    except OSError:
        return
    for name in inputs:
        try:
            other = os.stat(name)
        except OSError:
            continue
        if (st.st_dev, st.st_ino) == (other.st_dev, other.st_ino):
            raise OutputError(f"{path}: refusing to write: {name} is an input of this run")


def write_file(path: str, text: str) -> None:
    """Write `text` to `path` safely (see the module docstring)."""
    target = os.path.realpath(path)  # through symlinks, to what they point at
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise OutputError(f"{path}: cannot write: {e.strerror}") from None
    try:
        if st is not None and (stat.S_ISFIFO(st.st_mode) or stat.S_ISCHR(st.st_mode)):
            with open(target, "w", encoding="utf-8") as f:  # a stream: written in place, never replaced
                f.write(text)
            return
        if st is not None and not stat.S_ISREG(st.st_mode):
            raise OutputError(f"{path}: cannot write: not a regular file")
        if st is not None and not os.access(target, os.W_OK):
            raise OutputError(f"{path}: cannot write: Permission denied")
        if st is not None and st.st_uid != os.geteuid() and os.geteuid() != 0:
            with open(target, "w", encoding="utf-8") as f:  # someone else's file: only rewriting keeps its owner
                f.write(text)
            return
        _replace(target, text, st)
    except OSError as e:
        raise OutputError(f"{path}: cannot write: {e.strerror or e}") from None


def _replace(target: str, text: str, st: os.stat_result | None) -> None:
    folder = os.path.dirname(target)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".dv2openapi-", suffix=".tmp")
    TEMPORARY.add(tmp)  # a signal now ends the run without leaving it behind
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            if st is None:
                os.fchmod(f.fileno(), 0o666 & ~_umask())
            else:
                os.fchmod(f.fileno(), stat.S_IMODE(st.st_mode))
                if (st.st_uid, st.st_gid) != (os.geteuid(), os.getegid()):
                    with contextlib.suppress(PermissionError):  # a group we are not in: the group is ours
                        os.fchown(f.fileno(), st.st_uid, st.st_gid)
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        TEMPORARY.discard(tmp)
