"""`--jobs N`: files, or one large stream cut at document boundaries, spread over forked workers.

Results come back in input order, so the output is the same as with one process. (Whether input is
large enough to pay for workers is `batch.results`' decision, made before this module is imported.) The parent does
the first piece of work itself before forking, which compiles the schema once: the workers inherit
the compiled validators. A stream is cut at `---` lines (a line starting with `---` at column 0
always begins a document in YAML) without parsing YAML in the parent; each piece's line numbers
and document numbers are shifted back to the whole stream's. A piece that parses without a YAML
syntax error ended at a real document boundary (a cut inside a quoted scalar or a flow collection
is an error in that piece); after a piece with one, the rest of the stream is judged as one text,
as a single process judges it, so the output is the same byte for byte.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import sys
from collections import deque
from collections.abc import Callable, Iterator
from multiprocessing.connection import wait

from evaluator.runtime.process import child_of, forking, helpers_ended

from .verdict import Unusable, Verdict

PIECE = 1 << 20  # bytes of a stream piece: small enough to keep memory flat, big enough to amortise
_FILES_PER_TASK = 16
_IN_FLIGHT = 2  # items handed to each worker ahead


def _serve(task: Callable, parent: int, inbox, outbox) -> None:
    """A worker: run `task` on each item it is handed, send back (ok, index, result or reason)."""
    child_of(parent)
    while True:
        try:
            index, item = inbox.recv()
        except EOFError:  # the parent is done (it normally ends workers with SIGTERM first)
            os._exit(0)  # without flushing stdout buffers inherited from the parent
        try:
            outbox.send((True, index, task(*item)))
        except Exception as e:  # a bug of ours: reported by the parent as one line
            outbox.send((False, index, f"{type(e).__name__}: {e}"))


def _ordered(task: Callable, items: Iterator[tuple], jobs: int) -> Iterator:
    """`task(*item)` for every item on `jobs` forked workers, results in item order.

    Each worker has its own pipes and two items in hand (no pool threads: they cost the parent CPU
    time on every result); the next item goes to whichever worker finishes one."""
    ctx = multiprocessing.get_context("fork")
    sys.stdout.flush()  # nothing buffered is inherited
    sys.stderr.flush()
    workers = []  # (process, the parent's end of its inbox, the parent's end of its outbox)
    try:
        with forking():  # a SIGTERM reaching a starting worker must not be lost (see forking)
            for _ in range(jobs):
                inbox_r, inbox_w = ctx.Pipe(duplex=False)
                outbox_r, outbox_w = ctx.Pipe(duplex=False)
                proc = ctx.Process(target=_serve, args=(task, os.getpid(), inbox_r, outbox_w), daemon=True)
                proc.start()
                inbox_r.close()
                outbox_w.close()
                workers.append((proc, inbox_w, outbox_r))
        numbered = enumerate(items)
        busy: dict = {}  # outbox -> [inbox, items in flight] of a worker with work
        ready: dict[int, object] = {}  # results that arrived before their turn
        turn = 0

        def hand(inbox, outbox) -> None:
            nxt = next(numbered, None)
            if nxt is not None:  # items are small: a send never blocks on a full pipe
                inbox.send(nxt)
                busy.setdefault(outbox, [inbox, 0])[1] += 1

        for _ in range(_IN_FLIGHT):  # a worker never waits for the parent to hand it its next item
            for _, inbox, outbox in workers:
                hand(inbox, outbox)
        while busy or ready:
            while turn in ready:
                yield ready.pop(turn)
                turn += 1
            if not busy:
                break
            for outbox in wait(list(busy)):
                try:
                    ok, index, result = outbox.recv()
                except EOFError:
                    raise RuntimeError("a --jobs worker ended unexpectedly") from None
                if not ok:
                    raise RuntimeError(result)
                ready[index] = result
                entry = busy[outbox]
                entry[1] -= 1
                if not entry[1]:
                    del busy[outbox]
                hand(entry[0], outbox)
    finally:
        for proc, inbox, outbox in workers:
            proc.terminate()
            inbox.close()
            outbox.close()
        for proc, _, _ in workers:
            proc.join()
        helpers_ended([proc.pid for proc, _, _ in workers])  # one ended mid-write (the run failed)


def over_files(check_file: Callable, files: list[str], jobs: int) -> Iterator:
    """`check_file(path)` -> list of results, for every file, in order, on `jobs` processes."""
    if not files:
        return
    yield from check_file(files[0])  # compiles the schema before the fork
    rest = files[1:]
    size = max(1, min(_FILES_PER_TASK, len(rest) // (jobs * 4)))
    chunks = ((rest[i : i + size],) for i in range(0, len(rest), size))
    for results in _ordered(lambda chunk: [r for f in chunk for r in check_file(f)], chunks, jobs):
        yield from results


def pieces(path: str) -> Iterator[tuple[int, int, int]]:
    """(byte offset, byte length, index of the first line) of the pieces of a stream, each but the
    first starting at a `---` line (or at the directives just before it). Decoding here checks
    that the text is UTF-8 before any worker reads its piece."""
    with open(path, encoding="utf-8", newline="") as f:  # newline="": lengths in the file's own bytes
        carry, offset, line = "", 0, 0
        while True:
            block = f.read(PIECE if offset else PIECE // 16)  # the parent judges the first piece alone: small
            text = carry + block
            if not block:
                if text:
                    yield offset, len(text.encode("utf-8")), line
                return
            cut = _last_start(text)
            if cut <= 0:  # no boundary yet: keep reading
                carry = text
                continue
            head, carry = text[:cut], text[cut:]
            size = len(head.encode("utf-8"))
            yield offset, size, line
            offset += size
            line += head.count("\n") + head.count("\r") - head.count("\r\n") + sum(map(head.count, _BREAKS))


def read_piece(path: str, offset: int, size: int) -> str:
    """A piece's text as a single process reads it (UTF-8, universal newlines)."""
    with open(path, "rb") as f:
        f.seek(offset)
        data = f.read(size)
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


_BREAKS = ("\x85", "\u2028", "\u2029")  # what YAML also counts as line breaks
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
            return _with_directives(text, pos + 1)
    return -1


def _with_directives(text: str, cut: int) -> int:
    """`cut` moved back to the first of the %YAML / %TAG lines before it (blank and comment lines
    between them go along), so that directives stay with their document."""
    best, line = cut, cut
    while line > 1:
        start = text.rfind("\n", 0, line - 1) + 1
        first = text[start : start + 1]
        if first == "%":
            best = start
        elif text[start : line - 1].strip(" \t\r") and first != "#":
            break
        line = start
    return best


def over_stream(check_text: Callable, path: str, jobs: int) -> Iterator:
    """`check_text(path, text)` -> (results, documents seen) for each piece of a stream, in order.

    A result is a `Verdict` or an `Unusable`; after one that ends its file (a YAML syntax error) the
    stream stops, as a single process stops there.
    """
    it = pieces(path)
    try:
        first = next(it, None)
    except UnicodeDecodeError:
        first = (0, os.path.getsize(path), 0)  # one piece: the reader reports it as one process does
    if first is None:
        return
    results, docs = check_text(path, read_piece(path, first[0], first[1]))  # compiles the schema first
    if _syntax_error(results):
        yield from check_text(path, read_piece(path, 0, os.path.getsize(path)))[0]
        return
    yield from results
    if _ends(results):
        return
    starts: deque[tuple[int, int]] = deque()  # (byte offset, first line) of each piece handed out, in order
    broken: list = []

    def tasks():
        try:
            for offset, size, line0 in it:
                starts.append((offset, line0))
                yield path, offset, size
        except UnicodeDecodeError:  # stop handing out pieces; reported after the last one
            broken.append(Unusable(path, f"{path}: not UTF-8 text", ends_file=True))

    def check_piece(path: str, offset: int, size: int) -> tuple[list, int]:
        return check_text(path, read_piece(path, offset, size))

    checked = (check_piece(*t) for t in tasks()) if jobs == 1 else _ordered(check_piece, tasks(), jobs)
    for results, n in checked:
        offset, line0 = starts.popleft()
        if _syntax_error(results):  # perhaps a cut that was no boundary: the rest as one process reads it
            rest, _ = check_text(path, read_piece(path, offset, os.path.getsize(path) - offset))
            yield from (_shift(r, line0, docs) for r in rest)
            return
        yield from (_shift(r, line0, docs) for r in results)
        docs += n
        if _ends(results):
            return
    yield from broken


def _syntax_error(results: list) -> bool:
    """Whether a piece met an error that is not one document's own (YAML syntax, encoding, a bug)."""
    return any(
        type(r) is Unusable and not re.match(re.escape(r.file) + r"(?::\d+)?: document \d+: ", r.reason)
        for r in results
    )


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
