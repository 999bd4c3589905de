"""Room for deep data: retry a recursive walk with a higher recursion limit, on a big stack.

The recursion limit is process-wide: a lock makes one thread at a time run a deep retry, so no
thread lowers the limit while another one relies on it. The retry runs in a helper thread with a
DEEP_STACK-byte stack, so that the raised limit can never overflow the C stack of the calling
thread (a thread's default stack is often 8 MiB or less). The fast path takes no lock.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
DEEP_RECURSION = 12_000  # Python frames for ~2000 levels of data (validation takes ~6 per level)
DEEP_STACK = 512 << 20  # bytes of the retry thread's stack (virtual memory: only what is used is touched)
_DEEP = threading.Lock()  # held while the limit is raised


def deeply(fn: Callable[..., T], *args) -> T:
    """`fn(*args)`; on RecursionError, once more with DEEP_RECURSION frames (RecursionError if still too deep).

    The fast path costs nothing; the limit is raised only for the retry and restored after it.
    """
    try:
        return fn(*args)
    except RecursionError:
        pass
    if getattr(_inside, "deep", False):  # already the retry thread (a deep walk nested in another)
        raise RecursionError("nesting too deep")
    outcome: list = []

    def retry() -> None:
        _inside.deep = True
        try:
            outcome.append((True, fn(*args)))
        except BaseException as e:  # handed to the caller's thread
            outcome.append((False, e))

    with _DEEP:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, DEEP_RECURSION))
        try:
            size = threading.stack_size(DEEP_STACK)
            try:
                worker = threading.Thread(target=retry, name="dv-eval deep", daemon=True)
                worker.start()
            finally:
                threading.stack_size(size)
            worker.join()
        finally:
            sys.setrecursionlimit(limit)
    ok, value = outcome[0]
    if ok:
        return value
    raise value


_inside = threading.local()
