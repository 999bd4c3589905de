"""Run the translation of a user's types file in a forked child process.

Importing the types file runs its code. In the child, whatever that code does cannot reach the
CLI's output or exit status: `print()` (and any write to file descriptor 1) goes to stderr, never
into the YAML on stdout; `sys.exit()` at import is an `InputError` (caught in `load_module`);
`os._exit()`, a crash or a kill ends only the child, and the parent reports it as one line. The
child inherits the already-imported translator (fork: no start-up cost) and sends back the
result (text and warnings) or the one-line error through a pipe.

The child leads a process group of its own. The parent takes the result as soon as it is sent and
then kills the whole group, so threads the types file started, processes it forked (and their hold
on the caller's stderr and on the pipe) never keep dv2openapi running: the translation ends when the
child ends, with or without a result, whatever it left behind; a types file that takes longer than
`DV2OPENAPI_TIMEOUT` seconds (default 60) is one line, exit 2. Deep type graphs get room: the
child's recursion limit is raised for them.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable

from evaluator.runtime.process import child_of, forking

from .errors import InputError

TIMEOUT_ENV = "DV2OPENAPI_TIMEOUT"
DEFAULT_TIMEOUT = 60.0
RECURSION_LIMIT = 20_000  # a chain of several hundred types linked by fields


def _child(parent: int, send, fn: Callable, args: tuple) -> None:
    child_of(parent)
    os.setpgid(0, 0)  # a group of its own: whatever the types file starts is killed with it
    os.dup2(2, 1)  # user code printing at import writes to stderr
    sys.stdout = sys.stderr
    sys.setrecursionlimit(RECURSION_LIMIT)
    try:
        result = ("ok", fn(*args))
    except InputError as e:
        result = ("error", str(e))
    except BaseException as e:  # a bug of ours, or user code failing in a way nobody foresaw
        result = ("error", f"internal error (please report): {type(e).__name__}: {e}")
    send.send((os.getpid(), *result))  # a process the types file forked may get here too: named
    send.close()
    os._exit(0)  # now: no waiting for threads the types file started


def _timeout() -> float:
    raw = os.environ.get(TIMEOUT_ENV, "")
    try:
        value = float(raw) if raw else DEFAULT_TIMEOUT
    except ValueError:
        raise InputError(f"{TIMEOUT_ENV}={raw!r}: not a number of seconds") from None
    if not value > 0:
        raise InputError(f"{TIMEOUT_ENV}={raw!r}: must be more than 0 seconds")
    return value


def _no_result(proc, what: str) -> InputError:
    code = proc.exitcode
    how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit status {code}"
    return InputError(f"translation ended without a result ({how}): does the file call os._exit()?", what)


def _kill_group(pid: int) -> None:
    with contextlib.suppress(OSError):
        os.killpg(pid, signal.SIGKILL)


def run_isolated(fn: Callable, *args, what: str) -> object:
    """`fn(*args)` computed in a forked child; its `InputError` re-raised here, its death one line."""
    limit = _timeout()
    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(os.getpid(), send, fn, args), daemon=True)
    with forking():
        proc.start()
    send.close()
    deadline = time.monotonic() + limit
    try:
        while not recv.poll(0.05):
            # ended without a result: a process it forked may hold the pipe open, never to write
            if not proc.is_alive() and not recv.poll(0):
                raise _no_result(proc, what)
            if time.monotonic() > deadline:
                raise InputError(
                    f"{what}: translation took longer than {limit:g} s (the types file's code runs at import; "
                    f"raise the limit with {TIMEOUT_ENV}=SECONDS)"
                )
        try:
            sender, kind, value = recv.recv()
        except EOFError:
            proc.join(1)
            raise _no_result(proc, what) from None
        if sender != proc.pid:  # the translation's process ended; a process it forked finished the import
            proc.join(1)
            raise _no_result(proc, what)
    finally:
        recv.close()
        _kill_group(proc.pid)
        proc.join()
    if kind == "error":
        raise InputError(value)
    return value
