"""Worker processes for `--jobs`: forked, silent on Ctrl-C (the parent ends them), never orphaned."""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
from collections.abc import Iterator

from .verdict import Options

_OPTS: Options | None = None
_PR_SET_PDEATHSIG = 1


def _init(opts: Options, parent: int) -> None:
    global _OPTS
    _OPTS = opts
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent decides
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    with contextlib.suppress(OSError, AttributeError):  # Linux: die with the parent, even on SIGKILL
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def _work(path: str) -> list:
    from .batch import file_results

    return list(file_results(_OPTS, path))


def imap(opts: Options, paths: list[str], jobs: int) -> Iterator[list]:
    """Each file's results (a list per file), in order, computed by `jobs` forked processes."""
    chunk = max(1, min(64, len(paths) // (jobs * 8) or 1))
    with multiprocessing.get_context("fork").Pool(jobs, _init, (opts, os.getpid())) as pool:
        yield from pool.imap(_work, paths, chunksize=chunk)
