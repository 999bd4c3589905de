"""`--jobs N`: files, or one large stream cut at document boundaries, spread over forked workers.

Results come back in input order, so the output is the same as with one process. The parent does
the first piece of work itself before forking, which compiles the schema once: the workers inherit
the compiled validators. A stream is cut at `---` lines (a line starting with `---` at column 0
always begins a document in YAML) without parsing YAML in the parent; each piece's line numbers
and document numbers are shifted back to the whole stream's.
"""

from __future__ import annotations

import multiprocessing
import os
import re
from collections import deque
from collections.abc import Callable, Iterator

from dv2openapi.process import child_of, forking

from .verdict import Unusable, Verdict

PIECE = 1 << 20  # bytes of a stream piece: small enough to keep memory flat, big enough to amortise
MIN_STREAM = 4 * PIECE  # smaller streams are not worth forking for
_FILES_PER_TASK = 16

_TASK: Callable | None = None  # set before the fork: workers inherit it, nothing is pickled


def _call(arg):
    return _TASK(*arg)


def _pool(jobs: int, task: Callable):
    global _TASK
    _TASK = task
    with forking():
        return multiprocessing.get_context("fork").Pool(jobs, child_of, (os.getpid(),))


def over_files(check_file: Callable, files: list[str], jobs: int) -> Iterator:
    """`check_file(path)` -> list of results, for every file, in order, on `jobs` processes."""
    if not files:
        return
    yield from check_file(files[0])  # compiles the schema before the fork
    rest = [(f,) for f in files[1:]]
    if not rest:
        return
    size = max(1, min(_FILES_PER_TASK, len(rest) // (jobs * 4)))
    with _pool(jobs, check_file) as pool:
        for results in pool.imap(_call, rest, chunksize=size):
            yield from results


def pieces(path: str) -> Iterator[tuple[str, int]]:
    """(text, index of its first line) pieces of a stream, each but the first starting at a `---` line
    (or at the directives just before it)."""
    with open(path, encoding="utf-8") as f:
        carry, line = "", 0
        while True:
            block = f.read(PIECE)
            text = carry + block
            if not block:
                if text:
                    yield text, line
                return
            cut = _last_start(text)
            if cut <= 0:  # no boundary yet: keep reading
                carry = text
                continue
            head, carry = text[:cut], text[cut:]
            yield head, line
            line += sum(map(head.count, _BREAKS))


_BREAKS = ("\n", "\x85", "\u2028", "\u2029")  # what YAML counts as line breaks (\r\n was read as \n)
_START = re.compile(r"^---(?=[ \t\r\n]|$)", re.M)


def _last_start(text: str) -> int:
    """Offset of the last document-start line of `text` whose line is complete, or -1."""
    end = text.rfind("\n")
    pos = end
    while pos > 0:
        pos = text.rfind("\n---", 0, pos)
        if pos < 0:
            return -1
        if _START.match(text, pos + 1):
            cut = pos + 1
            while cut > 1 and text[text.rfind("\n", 0, cut - 1) + 1] == "%":  # %YAML / %TAG lines go along
                cut = text.rfind("\n", 0, cut - 1) + 1
            return cut
    return -1


def over_stream(check_text: Callable, path: str, jobs: int) -> Iterator:
    """`check_text(path, text)` -> (results, documents seen) for each piece of a stream, in order.

    A result is a `Verdict` or an `Unusable`; after one that ends its file (a YAML syntax error) the
    stream stops, as a single process stops there.
    """
    it = pieces(path)
    first = next(it, None)
    if first is None:
        return
    results, docs = check_text(path, first[0])  # compiles the schema before the fork
    yield from results
    if _ends(results):
        return
    starts: deque[int] = deque()  # first line of each piece handed out (appended by the pool's feeder thread)

    def tasks():
        for text, line0 in it:
            starts.append(line0)
            yield path, text

    with _pool(jobs, check_text) as pool:
        for results, n in pool.imap(_call, tasks(), chunksize=1):
            line0 = starts.popleft()
            yield from (_shift(r, line0, docs) for r in results)
            docs += n
            if _ends(results):
                return


def _ends(results: list) -> bool:
    return any(type(r) is Unusable and r.ends_file for r in results)


def _shift(result: Verdict | Unusable, line0: int, doc0: int) -> Verdict | Unusable:
    """A piece's result with its line and document numbers made the whole stream's."""
    if type(result) is Verdict:
        result.shift(line0)
        return result
    m = re.match(re.escape(result.file) + r"(?::(\d+))?: (?:document (\d+))?", result.reason)
    if m and (m.group(1) or m.group(2)):  # "path:LINE: document N: ...", either part optional
        line, doc = m.group(1), m.group(2)
        err = result.file + (f":{int(line) + line0}" if line else "") + ": "
        err += (f"document {int(doc) + doc0}" if doc else "") + result.reason[m.end() :]
        result.reason = err
    return result
