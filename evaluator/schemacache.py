"""A cache of parsed YAML schema files, so that a large YAML schema costs a JSON load, not a YAML parse.

Entries live in `$XDG_CACHE_HOME/dv-eval/` (default `~/.cache/dv-eval/`), one file per schema
content (named by the SHA-256 of the file's bytes, so an edited schema is simply a new entry). An
entry holds a checksum of its own JSON payload: a damaged entry is ignored and rewritten. Entries are
written to a temporary file and renamed into place, so concurrent runs never see half an entry. A
cache that cannot be read or written (read-only home, full disk) only costs speed.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from .loader import InputError, iter_docs, load_schema

_MAGIC = b"dv-eval schema cache 2\n"  # bump when the loader reads YAML differently (2: empty documents skipped)


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "dv-eval"


def load_docs(path: str) -> list:
    """The documents of a schema file, from the cache when its content was parsed before."""
    if path.endswith(".json"):
        return [load_schema(path)]  # JSON is as fast to parse as a cache entry would be
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError:
        return _parse(path)  # its one-line error
    entry = cache_dir() / (hashlib.sha256(raw).hexdigest() + ".json")
    docs = _read(entry)
    if docs is None:
        docs = _parse(path)
        _write(entry, docs)
    return docs


def _parse(path: str) -> list:
    docs = list(iter_docs(path))
    for d in docs:
        if d.error:  # a document the API server would refuse to decode (a duplicate key, ...)
            raise InputError(d.error)
    return [d.value for d in docs]


def _read(entry: Path) -> list | None:
    try:
        data = entry.read_bytes()
    except OSError:
        return None
    if not data.startswith(_MAGIC):
        return None
    digest, _, payload = data[len(_MAGIC) :].partition(b"\n")
    if hashlib.sha256(payload).hexdigest().encode() != digest:
        return None
    try:
        doc = json.loads(payload)
    except ValueError:
        return None
    return doc if isinstance(doc, list) else None


def _write(entry: Path, doc: list) -> None:
    try:
        payload = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode()
    except (TypeError, ValueError, RecursionError):
        return  # not plain JSON data: not cached
    import tempfile  # only when writing

    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=entry.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(_MAGIC + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
            os.replace(tmp, entry)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        return
