"""Opening a file dv-eval reads without ever waiting on it: a file it found (in a directory, through
a `$ref`, a schema location or a cache) must be a regular file, checked on the open descriptor; only
a path the user named may be a pipe, a FIFO or a device, and is then read as `cat` reads it."""

from __future__ import annotations

import os
import stat

from .document import InputError


def open_input(path: str, named: bool) -> int:
    """A descriptor of `path` for reading (blocking reads). `named`: the user named `path` on the
    command line, so a pipe or device is waited on; otherwise anything but a regular file is an
    InputError (`not a regular file`), found without blocking: a FIFO is opened with O_NONBLOCK,
    which never waits for a writer, and refused by what the descriptor is."""
    if named:
        try:
            mode = os.stat(path).st_mode
        except OSError:
            mode = 0  # the open below says why
        if mode and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            return os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
        if regular:
            os.set_blocking(fd, True)
    except OSError:
        os.close(fd)
        raise
    if not regular:
        os.close(fd)
        raise InputError(f"{path}: not a regular file")
    return fd
