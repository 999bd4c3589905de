"""Batch runs: every document of every file judged on its own, in order, optionally in worker processes.

One bad document never sinks the batch: an unreadable file, a malformed document or an unexpected
exception becomes an `Unusable` result in place, and every other document is still judged.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from .loader import InputError, iter_docs
from .verdict import Options, Unusable, Verdict, internal_error, judge_safely

EXTS = (".yaml", ".yml", ".json")
Result = Verdict | Unusable


def files(paths: Iterable[str]) -> list[str]:
    """The files to read: plain paths as given, directories expanded to their YAML/JSON files."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            out += sorted(str(f) for f in Path(p).rglob("*") if f.suffix in EXTS and f.is_file())
        else:
            out.append(p)
    return out


def file_results(opts: Options, path: str, docs: Iterable | None = None) -> Iterator[Result]:
    """A result per document of one file, one at a time (flat memory).

    A document that cannot be read ends its file (a YAML stream cannot be resumed after a syntax
    error): the failure is the file's last result."""
    try:
        for doc in iter_docs(path, duplicates="keep") if docs is None else docs:
            yield judge_safely(opts, doc)
    except InputError as e:
        yield Unusable(path, str(e), ends_file=True)
    except Exception as e:  # a bug of ours must not sink the other files
        yield Unusable(path, f"{path}: {internal_error(e)}", internal=True, ends_file=True)


def results(opts: Options, paths: list[str], jobs: int) -> Iterator[Result]:
    """Results of every document of `paths`, in order; `jobs` > 1 spreads files (or the pieces of
    one large stream) over processes."""
    if jobs > 1:
        from . import parallel

        if len(paths) > 1:
            yield from parallel.over_files(lambda f: list(file_results(opts, f)), paths, jobs)
            return
        if paths and paths[0] != "-" and os.path.isfile(paths[0]) and os.path.getsize(paths[0]) >= parallel.MIN_STREAM:

            def piece(path: str, text: str) -> tuple[list, int]:
                found = list(file_results(opts, path, iter_docs(path, text, duplicates="keep")))
                return found, sum(1 for r in found if not (type(r) is Unusable and r.ends_file))

            yield from parallel.over_stream(piece, paths[0], jobs)
            return
    for path in paths:
        yield from file_results(opts, path)
