"""A cache of parsed YAML schema files, so that a large YAML schema costs a `marshal` load, not a YAML parse.

A schema file is read once (at most MAX_SCHEMA_BYTES; a pipe such as `<(cat crd.yaml)` too) and
what was read is what is judged. Entries live in `$XDG_CACHE_HOME/dv-eval/` (an absolute
XDG_CACHE_HOME; else `~/.cache/dv-eval/`), one file per schema content, named by its length and two
checksums of the bytes read. A name is not a proof: an entry holds the very bytes it was made from and
serves only those (a comparison of bytes, where a cryptographic hash would cost OpenSSL's import,
~3 ms of a start). An entry holds its own name, those bytes, a CRC-32 of its payload, and the
documents in Python's `marshal` format (the format of `.pyc` files: a third of JSON's time to read,
a tenth to write): a damaged entry, one copied under another name or one another Python wrote in
another marshal version, is ignored and rewritten. Only what this user wrote is trusted: the folder is created
0700, a folder that is not this user's or that others may write to is not used at all (nothing
read, nothing written), and an entry that is not a regular file of this user's (a FIFO, a symlink,
a device, another user's file) is ignored without being opened for reading. Entries are written to
a temporary file and renamed into place, so concurrent runs never see half an entry; a signal that
ends the run removes the temporary file (the run's own, and its killed helper processes'). A cache
that cannot be read or written (read-only home, full disk) only costs speed.
"""

from __future__ import annotations

import marshal
import os
import stat
import zlib
from collections.abc import Callable

from evaluator.runtime import native
from evaluator.runtime.process import HELPER_TEMPORARY, TEMPORARY

from .document import InputError
from .inputfile import binary_reader, open_input, stdin_reader

_MAGIC = b"dv-eval schema cache 7, marshal %d\n" % marshal.version  # bump when either reader reads YAML differently
MAX_SCHEMA_BYTES = 64 << 20  # one schema file (Kubernetes' whole OpenAPI v2 document is ~4 MiB)
_TMP = ".tmp-"  # an entry being written: .tmp-PID-NAME


def cache_dir() -> str | None:
    """The cache folder, `$XDG_CACHE_HOME/dv-eval` or `~/.cache/dv-eval` (a relative XDG_CACHE_HOME is
    ignored, as the XDG spec says), or None without an absolute home to put it in."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "dv-eval") if os.path.isabs(base) else None


def _trusted(folder: str) -> bool:
    """Whether `folder` is a directory of this user's that no one else may write to."""
    try:
        st = os.stat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.geteuid() and not st.st_mode & 0o022


def read_bounded(path: str, limit: int | None = None, named: bool = True) -> bytes:
    """The bytes of `path` (a file, or a pipe read to its end), at most `limit` (MAX_SCHEMA_BYTES) of
    them; unless the user `named` it, a regular file only (`inputfile.open_input`)."""
    limit = MAX_SCHEMA_BYTES if limit is None else limit
    try:
        if path == "-":  # standard input
            stdin = stdin_reader(text=False)
            if stdin is None:
                raise InputError("-: cannot read: standard input is closed")
            raw = stdin.read(limit + 1)
        else:
            with binary_reader(open_input(path, named)) as f:
                raw = f.read(limit + 1)
    except (OSError, ValueError) as e:  # ValueError: a closed standard input
        raise InputError(f"{path}: cannot read: {getattr(e, 'strerror', None) or e}") from None
    if len(raw) > limit:
        raise InputError(f"{path}: larger than {limit >> 20} MiB, the limit for a schema file")
    return raw


def cache_key(source: bytes) -> str:
    """The name of the entry of `source` (what an entry is made from): its length and two checksums."""
    return f"{len(source):x}-{zlib.crc32(source):08x}{zlib.adler32(source):08x}"


def load_docs(path: str, prepare: Callable[[list], list] | None = None, version: str = "", named: bool = True) -> list:
    """The documents of a schema file (read once), from the cache when this content was read before.
    `prepare` turns freshly parsed documents into what is kept, or raises to refuse them: only what
    passed is cached, as prepared, for these bytes and `version` (a new version of `prepare` reads
    every file anew). `named`: the user named the file, which may then be a pipe."""
    raw = read_bounded(path, named=named)
    if path.endswith(".json"):
        import json  # here: a YAML schema file (and its cache entry) needs none

        try:  # JSON is as fast to parse as a cache entry would be
            docs = _schemas(path, [json.loads(raw)])
        except (ValueError, RecursionError) as e:
            raise InputError(f"{path}: invalid JSON: {e}") from None
        return docs if prepare is None else prepare(docs)
    source = version.encode() + b"\0" + raw
    key = cache_key(source)
    docs = read_entry(key, source)
    if docs is None:
        docs = _schemas(path, _parse(path, raw))
        if prepare is not None:
            docs = prepare(docs)
        write_entry(key, docs, source)
    return docs


def _schemas(path: str, docs: list) -> list:
    if not any(d is not None for d in docs):
        raise InputError(f"{path}: no schema in this file (it is empty, or only comments and `---`)")
    return docs


def _parse(path: str, raw: bytes) -> list:
    if native.PLAINYAML:  # the fast reader, where it was built; it checks the UTF-8 itself
        from .plainyaml import read  # only here: a cached schema never needs it

        docs = read(raw)
        if docs is not None:
            return [value for value, _line in docs]
    from .loader import iter_docs  # the direct reader stepped aside (or is not built)

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text") from None
    docs = list(iter_docs(path, text.replace("\r\n", "\n").replace("\r", "\n"), nodes=False))
    for d in docs:
        if d.error:  # a document the API server would refuse to decode (a duplicate key, ...)
            raise InputError(d.error)
    return [d.value for d in docs]


def _header(key: str, source: bytes, payload: bytes) -> bytes:
    """What an entry holds after the magic line, before its source and payload: its name, the source's
    length and the payload's CRC-32."""
    return f"{key} {len(source)} {zlib.crc32(payload):08x}\n".encode()


def read_entry(key: str, source: bytes = b"") -> list | None:
    """The documents cached under `key` for `source` (the bytes they were made from), or None (no
    entry, one made from other bytes, or none to trust)."""
    folder = cache_dir()
    if folder is None or not _trusted(folder):
        return None
    try:  # never follow a link nor wait on a FIFO: only a regular file we wrote is an entry
        fd = os.open(os.path.join(folder, key + ".marshal"), os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid() or st.st_size > 4 * MAX_SCHEMA_BYTES:
                return None
            data = f.read(st.st_size + 1)
    except OSError:
        return None
    if not data.startswith(_MAGIC):
        return None
    header, _, body = data[len(_MAGIC) :].partition(b"\n")
    if not body.startswith(source):
        return None
    payload = body[len(source) :]
    if header + b"\n" != _header(key, source, payload):
        return None
    try:
        doc = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return None
    return doc if isinstance(doc, list) else None


def write_entry(key: str, doc: list, source: bytes = b"") -> None:
    """Cache `doc` under `key`, made from `source`, if there is a folder to trust (created 0700);
    failures only cost speed."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        payload = marshal.dumps(doc)
    except ValueError:
        return  # not plain data (or nested past marshal's limit): not cached
    tmp = os.path.join(folder, f"{_TMP}{os.getpid()}-{key}.marshal")  # this process's alone
    try:
        _make(folder)
        if not _trusted(folder):
            return
        TEMPORARY.add(tmp)  # from before it exists: a signal that ends the run removes it
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(_MAGIC + _header(key, source, payload) + source + payload)
                os.replace(tmp, os.path.join(folder, key + ".marshal"))
            except BaseException:
                os.unlink(tmp)
                raise
        finally:
            TEMPORARY.discard(tmp)
    except OSError:
        return


def _make(folder: str) -> None:
    """Create the cache folder 0700, whatever the umask (its parents as `mkdir -p` would)."""
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        return
    except FileNotFoundError:
        os.makedirs(os.path.dirname(folder), exist_ok=True)
        os.mkdir(folder, 0o700)
    os.chmod(folder, 0o700)


def _remove_temporaries(pids: list[int]) -> None:
    """Remove the temporary files of helper processes `pids`, ended (killed) while writing an entry."""
    folder = cache_dir()
    mine = tuple(f"{_TMP}{pid}-" for pid in pids)
    try:
        names = os.listdir(folder) if folder and mine else []
    except OSError:
        return
    for name in names:
        if name.startswith(mine):
            try:  # noqa: SIM105 - contextlib is not imported by a run
                os.unlink(os.path.join(folder, name))
            except OSError:
                pass


HELPER_TEMPORARY.append(_remove_temporaries)
