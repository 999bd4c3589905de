"""The YAML/JSON files of a git revision, read through git's plumbing (`rev-parse`, `ls-tree`,
`cat-file --batch`), never by parsing `.git`.

A pull request's repository is untrusted: its own config must run nothing. git runs with no system
or global config and no inherited `GIT_*` variable (a hook's `GIT_DIR` or `GIT_INDEX_FILE` would
redirect it), with fsmonitor, hooks, lazy fetches and every transport off, no pager and no replace
refs; only builtin plumbing is called (an alias never replaces a builtin), and `cat-file --batch`
applies no filter and no textconv. The user's own `safe.directory` entries are kept (a CI container
checks out as another user): they are read outside any repository.
"""

from __future__ import annotations

import os
import subprocess

from .document import InputError
from .tree import EXTS

_FLAGS = (
    "--no-pager",
    "--no-replace-objects",
    "-c",
    "core.fsmonitor=false",
    "-c",
    "core.hooksPath=" + os.devnull,
    "-c",
    "protocol.allow=never",
    "-c",
    "core.untrackedCache=false",
)
_BLOB_MODES = ("100644", "100755")  # regular files: not symlinks (120000), not submodules (160000)


def _env() -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(
        GIT_CONFIG_NOSYSTEM="1",
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_NO_LAZY_FETCH="1",  # a partial clone's missing blob is an error, not a fetch
        GIT_TERMINAL_PROMPT="0",
        GIT_NO_REPLACE_OBJECTS="1",
        GIT_OPTIONAL_LOCKS="0",
        LC_ALL="C",
    )
    return env


def _safe_directories() -> list[str]:
    """`-c safe.directory=…` for the user's own entries (system and global config, read from `/`)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") or k == "GIT_CONFIG_GLOBAL"}
    try:
        out = subprocess.run(
            ["git", "--no-pager", "config", "--get-all", "safe.directory"],
            cwd="/",
            env=env,
            capture_output=True,
            stdin=subprocess.DEVNULL,
            check=False,
        ).stdout
    except OSError:
        return []
    flags = []
    for entry in out.decode("utf-8", "replace").splitlines():
        flags += ["-c", f"safe.directory={entry}"]
    return flags


class Revision:
    """A commit of the repository holding `where`, as `rev` names it (`origin/main`, `HEAD~1`, a SHA)."""

    def __init__(self, rev: str, where: str):
        self.rev = rev
        self._flags = list(_FLAGS) + _safe_directories()
        top = self._git(["rev-parse", "--show-toplevel"], cwd=where, what=f"{where}: not in a git repository")
        self.top = os.path.realpath(top.decode("utf-8", "surrogateescape").rstrip("\n"))
        found = self._git(
            ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}"], check=False
        ).strip()
        if not found:
            shallow = self._git(["rev-parse", "--is-shallow-repository"], check=False).strip() == b"true"
            hint = " (a shallow clone: fetch it, e.g. actions/checkout with fetch-depth: 0)" if shallow else ""
            raise InputError(f"--against {rev}: no such revision in the repository at {self.top}{hint}")
        self.commit = found.decode("ascii")

    def _git(self, args: list[str], cwd: str | None = None, what: str = "", check: bool = True, data=None) -> bytes:
        try:
            done = subprocess.run(
                ["git", *self._flags, *args],
                cwd=cwd or self.top,
                env=_env(),
                input=data,
                stdin=None if data is not None else subprocess.DEVNULL,
                capture_output=True,
                check=False,
            )
        except FileNotFoundError:
            raise InputError(f"--against {self.rev}: git is not installed (needed to read a revision)") from None
        except OSError as e:
            raise InputError(f"--against {self.rev}: cannot run git: {e.strerror}") from None
        if check and done.returncode:
            said = done.stderr.decode("utf-8", "replace").strip().splitlines()
            reason = what or (said[-1] if said else f"git {args[0]} failed")
            raise InputError(f"--against {self.rev}: {reason}")
        return done.stdout

    def relative(self, path: str) -> str:
        """`path` (a file or folder of the working tree) relative to the repository's top, "" for the top."""
        full = os.path.realpath(path)
        if full != self.top and not full.startswith(self.top.rstrip("/") + "/"):
            raise InputError(f"{path}: outside the repository at {self.top} (--against {self.rev})")
        return os.path.relpath(full, self.top).replace(os.sep, "/") if full != self.top else ""

    def files(self, paths: list[str]) -> list[tuple[str, bytes]]:
        """(path relative to the repository's top, bytes) of every *.yaml, *.yml and *.json regular file
        at this revision under `paths` (relative to the top, "" for all), sorted by path."""
        listing = self._git(["ls-tree", "-r", "-z", "--full-tree", self.commit])
        wanted: list[tuple[str, str]] = []
        for entry in listing.split(b"\0"):
            if not entry:
                continue
            meta, _, name = entry.partition(b"\t")
            mode, kind, oid = meta.decode("ascii").split(" ")
            path = name.decode("utf-8", "surrogateescape")
            if kind != "blob" or mode not in _BLOB_MODES or not path.endswith(EXTS):
                continue
            if any(not p or path == p or path.startswith(p + "/") for p in paths):
                wanted.append((path, oid))
        if not wanted:
            return []
        out = self._git(["cat-file", "--batch"], data="".join(f"{oid}\n" for _, oid in wanted).encode("ascii"))
        blobs, pos = [], 0
        for path, _ in wanted:
            end = out.index(b"\n", pos)
            header = out[pos:end].split(b" ")
            if len(header) != 3:  # `<oid> missing`
                raise InputError(f"--against {self.rev}: {path}: its content is missing from the repository")
            size = int(header[2])
            blobs.append((path, out[end + 1 : end + 1 + size]))
            pos = end + 1 + size + 1
        return sorted(blobs)
