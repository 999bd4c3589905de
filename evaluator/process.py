"""Process-level behaviour shared by the CLIs: signals and a closed stdout end the run quietly.

SIGINT and SIGTERM end the process at once with 128 + the signal number (130, 143), after
killing any worker processes it started; no traceback, no cleanup that could hang. A closed
stdout (`dv-eval ... | head -1`) ends the run quietly with 141, as SIGPIPE would.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator

_SIGNALS = (signal.SIGINT, signal.SIGTERM)
TEMPORARY: set[str] = set()  # files being written: removed when a signal ends the run


def _end(signum: int, frame: object) -> None:
    for path in list(TEMPORARY):
        with contextlib.suppress(OSError):
            os.unlink(path)
    mp = sys.modules.get("multiprocessing")
    if mp is not None:
        for child in mp.active_children():
            with contextlib.suppress(OSError):
                os.kill(child.pid, signal.SIGKILL)
    os._exit(128 + signum)


_PR_SET_PDEATHSIG = 1


@contextlib.contextmanager
def forking() -> Iterator[None]:
    """Block SIGINT/SIGTERM while helper processes are forked: a signal that reached a child before
    CPython's after-fork reset would be lost (a pool's SIGTERM to a starting worker, then a join that
    never ends). The child unblocks them in `child_of`; the parent when the block ends."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def child_of(parent: int) -> None:
    """Set up a forked helper process: silent on Ctrl-C (the terminal signals the whole group and
    the parent ends the run) and never outliving its parent, even one killed with SIGKILL (Linux)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)  # blocked by `forking()`: a pending one lands now
    import ctypes  # only helper processes need it

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def closed_stdout() -> None:
    """After a BrokenPipeError: silence stdout (nothing flushes into the closed pipe) and exit 141."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    sys.exit(128 + signal.SIGPIPE)


@contextlib.contextmanager
def cli_signals() -> Iterator[None]:
    """Install the CLI signal handlers for the duration of a run (restored afterwards)."""
    if threading.current_thread() is not threading.main_thread():  # called as a library: leave signals be
        yield
        return
    saved = {s: signal.getsignal(s) for s in _SIGNALS}
    for s in _SIGNALS:
        signal.signal(s, _end)
    try:
        yield
    finally:
        for s, h in saved.items():
            signal.signal(s, h)
