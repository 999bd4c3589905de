"""Room for deep data: retry a recursive walk with a higher recursion limit."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
DEEP_RECURSION = 12_000  # Python frames for ~2000 levels of data (validation takes ~6 per level)


def deeply(fn: Callable[..., T], *args) -> T:
    """`fn(*args)`; on RecursionError, once more with DEEP_RECURSION frames (RecursionError if still too deep).

    The fast path costs nothing; the limit is raised only for the retry and restored after it.
    """
    try:
        return fn(*args)
    except RecursionError:
        pass
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, DEEP_RECURSION))
    try:
        return fn(*args)
    finally:
        sys.setrecursionlimit(limit)
