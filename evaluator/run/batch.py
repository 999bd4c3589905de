"""Batch runs: every document of every file judged on its own, in order, optionally in worker processes.

One bad document never sinks the batch: an unreadable file, a malformed document or an unexpected
exception becomes an `Unusable` result in place, and every other document is still judged.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator

from evaluator.input.document import Doc, InputError
from evaluator.input.inputfile import open_input
from evaluator.input.tree import yaml_files
from evaluator.runtime import native

from .verdict import Options, Unusable, Verdict, internal_error, items_of, judge_each, judge_safely

Result = Verdict | Unusable


def files(paths: Iterable[str], ignored: Callable[[str], bool] | None = None) -> list[str]:
    """The files to read: plain paths as given, directories expanded to their YAML/JSON files; those
    `ignored` says yes to left out (a path named on its own too, as kubeconform's walk does)."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            out += yaml_files(p)
        else:
            out.append(p)
    return out if ignored is None else [p for p in out if p == "-" or not ignored(p)]


FAST_MAX = 1 << 20  # bytes: a larger file (a stream) is read by the loader, document by document


SUB_PIECE = 32 << 10  # characters: a stream piece is read directly in parts of about this size


def piece_results(opts: Options, path: str, text: str) -> list[Result] | None:
    """The results of a stream's piece, read by the direct reader in parts cut at `---` lines; a
    part the direct reader steps aside from is read by the loader (so such a document costs only
    its part the loader's time); None where the loader meets a YAML syntax error in a part (a cut
    that was no boundary): the piece is then read whole by the loader."""
    if not native.PLAINYAML:
        return None
    from .parallel import _BREAKS, _shift, _syntax_error

    out: list[Result] = []
    start = line0 = doc0 = 0
    while start < len(text):
        hit = re.compile(_START).search(text, start + SUB_PIECE) if start + SUB_PIECE < len(text) else None
        end = hit.start() if hit else len(text)
        part = text[start:end]
        found = plain_results(opts, path, part)
        if found is None:
            found = list(file_results(opts, path, text=part, fast=False))
            if _syntax_error(found):
                return None
        out += [_shift(r, line0, doc0) for r in found]
        doc0 += sum(1 for r in found if not (type(r) is Unusable and r.ends_file))
        line0 += part.count("\n") + sum(map(part.count, _BREAKS))
        start = end
    return out


def _small_file(path: str) -> bytes | None:
    """The bytes of a regular file of at most FAST_MAX bytes, read with bare system calls (a buffered
    file object cost more than the read of a small file); else None."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # never wait on a FIFO, nor drain a pipe
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > FAST_MAX:
            return None
        # its size and a byte more (a file that grew), not the limit: a 1 MiB buffer for 3 KB cost ~100 µs
        want = st.st_size + 1
        chunks = []
        while want > 0:
            chunk = os.read(fd, want)
            if not chunk:
                break
            chunks.append(chunk)
            want -= len(chunk)
    except OSError:
        return None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    return data if len(data) <= FAST_MAX else None


def plain_results(opts: Options, path: str, text: str | None = None) -> list[Result] | None:
    """The results of a small regular file (or a stream's piece, `text`) that the direct reader
    (`plainyaml`) reads, when every one is a verdict with no rejection or warning (an error's line
    comes from libyaml's events, as the loader's nodes give it); else None, and the loader reads it
    again for duplicate keys, Lists and every wording of a problem. Most files then never need
    PyYAML."""
    if not native.PLAINYAML:
        return None
    if text is not None:
        if len(text) > 2 * FAST_MAX:  # a document over its piece, or a stream's rest: the loader's
            return None
        data = text.encode("utf-8")
    elif path == "-":
        return None
    else:
        data = _small_file(path)
        if data is None:
            return None
    from evaluator.input.plainyaml import read

    found = read(data)
    if found is None:
        return None
    out: list[Result] = []
    for index, (value, line) in enumerate(found):
        doc = Doc(value, path, index, start=line, data=data)
        if items_of(doc) is not None:  # a List: each item's own line comes from the loader
            return None
        r = judge_safely(opts, doc)
        if type(r) is not Verdict or r.rejected or r.warnings:  # errors take their lines from `data`
            return None
        out.append(r)
    return out


def file_results(
    opts: Options, path: str, docs: Iterable | None = None, text: str | None = None, fast: bool = True
) -> Iterator[Result]:
    """A result per document of one file (or of `text`), one at a time (flat memory).

    After a YAML syntax error the stream is read on from the next document-start line (`---` at
    column 0 always begins a document), as kubeconform splits a stream, so the documents after a
    broken one are still judged; where that is impossible (standard input, an error without a line)
    the failure is the file's last result."""
    if docs is None and fast:
        found = plain_results(opts, path) if text is None else piece_results(opts, path, text)
        if found is not None:
            yield from found
            return
    from evaluator.input.loader import iter_docs

    docs = iter_docs(path, text, duplicates="keep") if docs is None else docs
    seen = skip = 0  # documents read so far (a broken one included); padding documents to drop
    floor = 0  # a resumption starts at a `---` on this 0-based line or later (past every document read)
    failed_at = None  # the line of the last syntax error, while no document was read after it
    while True:
        try:
            for doc in docs:
                if skip:
                    skip -= 1
                    continue
                seen += 1
                failed_at = None
                floor = max(floor, doc.line_of("") or 0)
                yield from judge_each(opts, doc)
            return
        except InputError as e:
            line = _syntax_error_line(path, str(e))
            again = line is not None and line == failed_at  # the same broken document, read once more
            if not again:
                seen += 1
            rest = None
            # the error is often marked on the next document's `---` line: from there, else after it
            for inclusive in () if line is None else (False,) if again else (True, False):
                rest = _resume(path, text, line, inclusive)
                if rest is None or rest[0] >= max(seen, floor):
                    break
            if rest is not None and rest[0] < max(seen, floor):
                rest = None
            if not again:  # `ends_file`: nothing after it can be read (no line to resume from, or stdin)
                yield Unusable(path, str(e), ends_file=line is None or (text is None and path == "-"))
            if rest is None:
                return
            failed_at, (lines, tail) = line, rest
            floor = lines + 1
            # the same line and document numbers: `seen` padding documents, blank lines, then the rest
            docs = iter_docs(path, "--- 0\n" * seen + "\n" * (lines - seen) + tail, duplicates="keep")
            skip = seen
        except Exception as e:  # a bug of ours must not sink the other files
            yield Unusable(path, f"{path}: {internal_error(e)}", internal=True, ends_file=True)
            return


# compiled where used (re keeps them): a run with no stream to cut or resume never compiles them
_START = r"(?m)^---(?=[ \t\r\n]|$)"
_BREAK = "[\n\x85\u2028\u2029]"


def _syntax_error_line(path: str, message: str) -> int | None:
    m = re.match(re.escape(path) + r":(\d+): invalid YAML: ", message)
    return int(m.group(1)) if m else None


def _resume(path: str, text: str | None, line: int, inclusive: bool) -> tuple[int, str] | None:
    """(lines before it, the text from it) for the first document start at (or after) 1-based `line`."""
    if text is None:
        if path == "-":
            return None
        try:  # a pipe cannot be read again: never waited on
            with open(open_input(path, named=False), encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError, InputError):
            return None
    breaks = re.finditer(_BREAK, text)  # the lines as the loader counts them: YAML's other breaks too
    pos = 0
    for _ in range(line - 1 if inclusive else line):
        nxt = next(breaks, None)
        if nxt is None:
            return None
        pos = nxt.end()
    hit = re.compile(_START).search(text, pos)
    if hit is None:
        return None
    return len(re.compile(_BREAK).findall(text, 0, hit.start())), text[hit.start() :]


# Work of the files, as bytes plus PER_FILE for each file's own costs (open, read, route): less than
# MIN_FILES is not worth forking workers for. Measured in paired rounds on 2 cores (issue 29):
# benchmarks/kubeconform.py's mixed repository (500 files of four kinds, 1.0 MB of work) takes 11%
# more wall time with 2 workers than with one; 1,000 Deployment files (4.1 MB) take 27% less.
MIN_FILES = 2 << 20
PER_FILE = 1 << 10
MIN_STREAM = 4 << 20  # bytes of one stream, likewise


def results(opts: Options, paths: list[str], jobs: int) -> Iterator[Result]:
    """Results of every document of `paths`, in order; `jobs` > 1 spreads files (or the pieces of
    one large stream) over processes when there is enough input to pay for them (the workers and
    `multiprocessing` are not even imported for small input)."""
    if jobs > 1 and len(paths) > 1 and _work(paths, MIN_FILES) >= MIN_FILES:
        from . import parallel

        yield from parallel.over_files(lambda f: list(file_results(opts, f)), paths, jobs)
        return
    if len(paths) == 1 and paths[0] != "-" and os.path.isfile(paths[0]):
        size = os.path.getsize(paths[0])
        # one large stream: in pieces cut at `---` lines, over workers when it pays for them, and
        # in this process too where the direct reader reads a piece (~3x the loader's speed)
        if jobs > 1 and size >= MIN_STREAM or native.PLAINYAML and size > FAST_MAX:
            from . import parallel

            def piece(path: str, text: str) -> tuple[list, int]:
                found = list(file_results(opts, path, text=text))
                return found, sum(1 for r in found if not (type(r) is Unusable and r.ends_file))

            yield from parallel.over_stream(piece, paths[0], jobs if size >= MIN_STREAM else 1)
            return
    for path in paths:
        yield from file_results(opts, path)


def _work(files: list[str], enough: int) -> int:
    """The bytes of the files plus PER_FILE each, counted until `enough` (a file that cannot be read
    counts nothing)."""
    total = 0
    for f in files:
        try:
            total += os.path.getsize(f) + PER_FILE
        except OSError:
            continue
        if total >= enough:
            break
    return total
