"""Process-level behaviour shared by the CLIs: signals and a closed stdout end the run quietly.

SIGINT and SIGTERM end the process at once with 128 + the signal number (130, 143), after
killing (and reaping) any worker processes it started and removing the files it and they were
writing; no traceback, no cleanup that could hang. A closed stdout (`dv-eval ... | head -1`) ends the run
quietly with 141, as SIGPIPE would.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable

_SIGNALS = (signal.SIGINT, signal.SIGTERM)
_WAKEUP: list[int] = []  # the read end of the run's signal wake-up pipe, while `cli_signals` holds it
TEMPORARY: set[str] = set()  # files being written: removed when a signal ends the run
# each removes the files that helper processes (given by pid), ended while writing, left behind
HELPER_TEMPORARY: list[Callable[[list[int]], None]] = []


def _end(signum: int, frame: object) -> None:
    for path in list(TEMPORARY):
        try:  # noqa: SIM105 - contextlib is not imported by a run
            os.unlink(path)
        except OSError:
            pass
    mp = sys.modules.get("multiprocessing")
    if mp is not None:
        killed = []
        for child in mp.active_children():
            try:
                os.kill(child.pid, signal.SIGKILL)
                killed.append(child.pid)
            except OSError:
                pass
        helpers_ended(killed)
    os._exit(128 + signum)


def helpers_ended(pids: list[int]) -> None:
    """Reap helper processes that were ended (or killed) and remove the files they were writing."""
    for pid in pids:
        try:  # noqa: SIM105
            os.waitpid(pid, 0)  # dead, so nothing it began can appear after the removal
        except OSError:  # reaped already
            pass
    for remove in HELPER_TEMPORARY:
        remove(pids)


_PR_SET_PDEATHSIG = 1


class forking:  # noqa: N801 - used as a function: `with forking():`
    """Block SIGINT/SIGTERM while helper processes are forked: a signal that reached a child before
    CPython's after-fork reset would be lost (a pool's SIGTERM to a starting worker, then a join that
    never ends). The child unblocks them in `child_of`; the parent when the block ends."""

    def __enter__(self) -> None:
        self.old = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)

    def __exit__(self, *exc: object) -> None:
        signal.pthread_sigmask(signal.SIG_SETMASK, self.old)


def wakeup_fd() -> int | None:
    """A descriptor that becomes readable when a signal with a handler arrives (the run's wake-up
    pipe, `signal.set_wakeup_fd`), or None outside a CLI run."""
    return _WAKEUP[0] if _WAKEUP else None


def child_of(parent: int) -> None:
    """Set up a forked helper process: silent on Ctrl-C (the terminal signals the whole group and
    the parent ends the run) and never outliving its parent, even one killed with SIGKILL (Linux)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if _WAKEUP:  # the parent's: its signals are not the helper's to see
        signal.set_wakeup_fd(-1)
        _WAKEUP.clear()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)  # blocked by `forking()`: a pending one lands now
    import ctypes  # only helper processes need it

    try:  # noqa: SIM105
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def closed_stdout() -> None:
    """After a BrokenPipeError: silence stdout (nothing flushes into the closed pipe) and exit 141."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.exit(128 + signal.SIGPIPE)


class cli_signals:  # noqa: N801 - used as a function: `with cli_signals():`
    """Install the CLI signal handlers for the duration of a run (restored afterwards)."""

    def __enter__(self) -> None:
        self.saved: dict = {}
        self.wakeup: tuple[int, int, int] | None = None
        try:
            for s in _SIGNALS:
                old = signal.getsignal(s)
                signal.signal(s, _end)
                self.saved[s] = old
        except ValueError:  # not the main thread (called as a library): signals are left be
            return
        r, w = os.pipe()  # not inherited by programs run (os.pipe2 is Linux's: macOS has none)
        os.set_blocking(r, False)
        os.set_blocking(w, False)
        self.wakeup = (r, w, signal.set_wakeup_fd(w, warn_on_full_buffer=False))
        _WAKEUP[:] = [r]

    def __exit__(self, *exc: object) -> None:
        for s, h in self.saved.items():
            signal.signal(s, h)
        if self.wakeup is not None:
            r, w, old = self.wakeup
            signal.set_wakeup_fd(old)
            _WAKEUP.clear()
            os.close(r)
            os.close(w)
