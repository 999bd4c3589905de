"""Run the translation of a user's types file in a forked child process.

Importing the types file runs its code. In the child, whatever that code does cannot reach the
CLI's output or exit status: `print()` (and any write to file descriptor 1) goes to stderr, never
into the YAML on stdout; `sys.exit()` at import is an `InputError` (caught in `load_module`);
`os._exit()`, a crash or a kill ends only the child, and the parent reports it as one line. The
child inherits the already-imported translator (fork: no start-up cost) and sends back the
result (text and warnings) or the one-line error through a pipe.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable

from evaluator.process import child_of, forking

from .errors import InputError


def _child(parent: int, send, fn: Callable, args: tuple) -> None:
    child_of(parent)
    os.dup2(2, 1)  # user code printing at import writes to stderr
    sys.stdout = sys.stderr
    try:
        result = ("ok", fn(*args))
    except InputError as e:
        result = ("error", str(e))
    except BaseException as e:  # a bug of ours, or user code failing in a way nobody foresaw
        result = ("error", f"internal error (please report): {type(e).__name__}: {e}")
    send.send(result)
    send.close()


def run_isolated(fn: Callable, *args, what: str) -> object:
    """`fn(*args)` computed in a forked child; its `InputError` re-raised here, its death one line."""
    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(os.getpid(), send, fn, args), daemon=True)
    with forking():
        proc.start()
    send.close()
    try:
        kind, value = recv.recv()
    except EOFError:
        proc.join()
        code = proc.exitcode
        how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit status {code}"
        raise InputError(f"translation ended without a result ({how}): does the file call os._exit()?", what) from None
    finally:
        recv.close()
    proc.join()
    if kind == "error":
        raise InputError(value)
    return value
