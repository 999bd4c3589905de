"""Room for deep data: retry a recursive walk with a higher recursion limit, on a big stack.

The recursion limit is process-wide, and lowering it below the depth some thread has reached is
fatal to CPython ("Cannot recover from stack overflow"). So the limit is raised for the first deep
retry and restored only when no thread is inside `deeply` any more. The retry runs in a helper
thread with a DEEP_STACK-byte stack, so the raised limit cannot overflow the C stack of the calling
thread (a thread's default stack is often 8 MiB or less).

Compiled (see `native`), the walk recurses on the C stack, where the recursion limit never stops it.
A schema without recursive types bounds its depth; for one with them `check_room` measures the
data first and raises the RecursionError that sends it to the retry.
"""

from __future__ import annotations

import _thread
import sys
from collections.abc import Callable
from contextvars import ContextVar

DEEP_RECURSION = 12_000  # Python frames for ~2000 levels of data (validation takes ~6 per level)
DEEP_LEVELS = 4000  # nested dicts and lists the retry takes (~3 frames each); compiled: `check_room`
NATIVE_LEVELS = 300  # ... that a compiled walk takes on the caller's stack (~100 KiB of it)
DEEP_STACK = 512 << 20  # bytes of the retry thread's stack (virtual memory: only what is used is touched)


class NoRoom(RecursionError):
    """Data too deep for this thread's stack, and no room in the address space for the retry's thread."""


def _no_room(e: BaseException) -> str:
    """Why the retry's thread could not start, naming the address-space limit (`ulimit -v`) when one is set."""
    import resource

    soft = resource.getrlimit(resource.RLIMIT_AS)[0]
    where = (
        f"the address-space limit (ulimit -v {soft >> 10} KiB) leaves no room for it"
        if soft != resource.RLIM_INFINITY
        else f"the system refused it ({e})"
    )
    stack = f"a {DEEP_STACK >> 20} MiB stack"
    return f"data nests too deeply for this thread's stack, and the deep walk's thread ({stack}) cannot start: {where}"


class _Limit:
    """Threads inside `deeply`, and the limit to restore when the last one leaves (None: not raised)."""

    lock = _thread.allocate_lock()
    active = 0
    saved: int | None = None


_inside: ContextVar[bool] = ContextVar("dv_eval_deep", default=False)  # True in a retry thread


def deeply(fn: Callable, *args):
    """`fn(*args)`; on RecursionError, once more with DEEP_RECURSION frames (RecursionError if still too deep)."""
    with _Limit.lock:
        _Limit.active += 1
    try:
        try:
            return fn(*args)
        except RecursionError:
            if _inside.get():  # already the retry (a deep walk nested in another)
                raise
        return _retry(fn, args)
    finally:
        _leave()


def _leave() -> None:
    with _Limit.lock:
        _Limit.active -= 1
        if not _Limit.active and _Limit.saved is not None:
            sys.setrecursionlimit(_Limit.saved)
            _Limit.saved = None


def _retry(fn: Callable, args: tuple):
    with _Limit.lock:
        _Limit.active += 1  # the retry thread's own count: the limit stays up while it runs, whoever waits
        if _Limit.saved is None:
            _Limit.saved = sys.getrecursionlimit()
            sys.setrecursionlimit(max(_Limit.saved, DEEP_RECURSION))
    outcome: list = []

    def run() -> None:
        _inside.set(True)
        try:
            outcome.append((True, fn(*args)))
        except BaseException as e:  # handed to the caller's thread
            outcome.append((False, e))
        finally:
            _leave()

    import threading  # here: only a deep retry starts a thread

    with _Limit.lock:  # stack_size is process-wide too: set it only for this thread's start
        size = threading.stack_size(DEEP_STACK)
        try:
            worker = threading.Thread(target=run, name="dv-eval deep", daemon=True)
            worker.start()
        except BaseException as e:
            _Limit.active -= 1  # never started (the limit is restored by the caller's own leave)
            if isinstance(e, RuntimeError):  # "can't start new thread": no room for its stack
                raise NoRoom(_no_room(e)) from None
            raise
        finally:
            threading.stack_size(size)
    worker.join()
    ok, value = outcome[0]
    if ok:
        return value
    raise value


def in_retry() -> bool:
    """Whether this is `deeply`'s retry thread (the one with room for DEEP_LEVELS)."""
    return _inside.get()


def check_room(*values) -> None:
    """RecursionError if `values` nest deeper than this thread's walk has room for (compiled walks)."""
    levels = DEEP_LEVELS if in_retry() else NATIVE_LEVELS
    for v in values:
        if not _within(v, levels):
            raise RecursionError("data nests too deeply")


def _within(v, levels: int) -> bool:
    """Whether the dicts and lists of `v` nest at most `levels` deep."""
    if type(v) is dict:
        return _dict_within(v, levels)
    if type(v) is list:
        return _list_within(v, levels)
    return True


def _dict_within(d: dict, levels: int) -> bool:
    if not levels:
        return False
    for x in d.values():  # noqa: SIM110 - a plain loop: all() of a generator is slower
        if not _within(x, levels - 1):
            return False
    return True


def _list_within(lst: list, levels: int) -> bool:
    if not levels:
        return False
    for x in lst:  # noqa: SIM110
        if not _within(x, levels - 1):
            return False
    return True
