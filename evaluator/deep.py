"""Room for deep data: retry a recursive walk with a higher recursion limit.

The recursion limit is process-wide: a lock makes one thread at a time run a deep retry, so no
thread lowers the limit while another one relies on it. The fast path takes no lock.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
DEEP_RECURSION = 12_000  # Python frames for ~2000 levels of data (validation takes ~6 per level)
_DEEP = threading.RLock()  # held while the limit is raised (re-entrant: a deep walk may nest another)


def deeply(fn: Callable[..., T], *args) -> T:
    """`fn(*args)`; on RecursionError, once more with DEEP_RECURSION frames (RecursionError if still too deep).

    The fast path costs nothing; the limit is raised only for the retry and restored after it.
    """
    try:
        return fn(*args)
    except RecursionError:
        pass
    with _DEEP:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, DEEP_RECURSION))
        try:
            return fn(*args)
        finally:
            sys.setrecursionlimit(limit)
