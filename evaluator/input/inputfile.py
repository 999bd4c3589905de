"""Opening a file dv-eval reads without ever waiting on it: a file it found (in a directory, through
a `$ref`, a schema location or a cache) must be a regular file, checked on the open descriptor; only
a path the user named may be a pipe, a FIFO or a device, and is then read as `cat` reads it.

Such a read waits for its data and for a signal at once (`Interruptible`): a signal that arrived
while compiled code ran, just before the read began, still ends the run."""

from __future__ import annotations

import io
import os
import stat
import sys

from evaluator.runtime import process

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


class Interruptible(io.RawIOBase):
    """A pipe, FIFO or device read so that a signal always ends the wait. CPython runs a signal's
    handler between bytecodes; one that lands while compiled code runs (the Cython reader) waits for
    the next, and a blocking read begun meanwhile never returns. Each read here first waits on the
    descriptor and on the run's signal wake-up pipe (`process.wakeup_fd`), then reads."""

    def __init__(self, fd: int, closefd: bool = True) -> None:
        super().__init__()
        self._fd, self._closefd = fd, closefd

    def readable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def readinto(self, buffer) -> int:  # noqa: ANN001 - a writable buffer
        while True:
            self._wait()
            try:
                return os.readv(self._fd, [buffer])
            except BlockingIOError:  # a non-blocking descriptor (a shell's standard input can be one)
                continue

    def _wait(self) -> None:
        """Until the descriptor has data (or its end); a signal meanwhile runs its handler."""
        import select  # only a pipe, FIFO or device needs it

        wake = process.wakeup_fd()
        watched = [self._fd] if wake is None else [self._fd, wake]
        poller = None  # select() where it can: it also waits on a terminal on macOS, where poll() cannot
        if max(watched) >= 1024 and hasattr(select, "poll"):  # past select()'s FD_SETSIZE
            poller = select.poll()
            for fd in watched:
                poller.register(fd, select.POLLIN)
        while True:
            ready = [fd for fd, _ in poller.poll()] if poller else select.select(watched, [], [])[0]
            if self._fd in ready:
                return
            try:  # noqa: SIM105 - a signal came: its handler runs as this loop goes on (ends the run)
                os.read(wake, 64)
            except BlockingIOError:
                pass

    def close(self) -> None:
        if not self.closed and self._closefd:
            os.close(self._fd)
        super().close()


_BUFFER = 1 << 16  # bytes a pipe is read in: fewer waits and calls than io's 8 KiB


def _raw(fd: int, closefd: bool) -> io.RawIOBase:
    regular = stat.S_ISREG(os.fstat(fd).st_mode)
    return io.FileIO(fd, closefd=closefd) if regular else Interruptible(fd, closefd)


def binary_reader(fd: int) -> io.BufferedReader:
    """A buffered binary reader of `fd` (from `open_input`), closed with it."""
    return io.BufferedReader(_raw(fd, True), _BUFFER)


def text_reader(fd: int) -> io.TextIOWrapper:
    """A UTF-8 text reader of `fd` (from `open_input`), closed with it."""
    return io.TextIOWrapper(io.BufferedReader(_raw(fd, True), _BUFFER), encoding="utf-8")


def stdin_reader(text: bool) -> io.TextIOBase | io.BufferedIOBase | None:
    """Standard input as read for documents or a schema (UTF-8 text, or bytes); None when closed. A
    stand-in without a descriptor (a test's) is read as it is."""
    stdin = sys.stdin
    if stdin is None or stdin.closed:
        return None
    try:
        fd = stdin.fileno()
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
    except (OSError, ValueError, io.UnsupportedOperation):
        return stdin if text else getattr(stdin, "buffer", None)
    if regular:
        return stdin if text else stdin.buffer
    raw = io.BufferedReader(Interruptible(fd, closefd=False), _BUFFER)
    return io.TextIOWrapper(raw, encoding="utf-8") if text else raw
