"""Go packages: the non-test `.go` files of a directory, and import paths resolved to directories
through the nearest `go.mod` (module path -> its directory) and `--go-module PATH=DIR`."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from .syntax import ConstSpec, GoFile, TypeSpec, parse_file

_MODULE = re.compile(r"^\s*module\s+(\S+)", re.M)
_REQUIRE = re.compile(r"^(?:require)?[ \t]*([a-z0-9][^\s(]*\.[^\s(]*)[ \t]+(v\S+)", re.M)
_GENERATED = re.compile(rb"^// Code generated .* DO NOT EDIT\.$", re.M)


@dataclass
class Package:
    name: str
    dir: str
    import_path: str
    files: list[GoFile]
    types: dict[str, tuple[GoFile, TypeSpec]] = field(default_factory=dict)
    consts: dict[str, tuple[GoFile, ConstSpec]] = field(default_factory=dict)  # by name, in declaration order


def go_files(path: str) -> list[str]:
    """The files of a package argument: a directory's non-test `.go` files (regular files: go build
    passes over a directory or a FIFO of that name), or one `.go` file."""
    p = Path(path)
    if p.is_dir():
        files = sorted(str(f) for f in p.glob("*.go") if not f.name.endswith("_test.go") and f.is_file())
        if not files:
            raise InputError("no .go files (a Go package directory or a .go file is expected)", path)
        return files
    if p.suffix == ".go" and p.is_file():
        return [str(p)]
    raise InputError("no such Go package or file", path)


def load_package(files: list[str], import_path: str = "") -> Package:
    """Parse a package's files, but for generated ones (Go's `// Code generated … DO NOT EDIT.`
    line: deep-copy, protobuf and swagger code, which declares no API types); the package clause
    names it (files of two packages: an error)."""
    parsed = [parse_file(f) for f in files if not _generated(f)] or [parse_file(files[0])]
    names = {f.package for f in parsed}
    if len(names) != 1:
        raise InputError(f"files of more than one package ({', '.join(sorted(names))})", str(Path(files[0]).parent))
    return package_of(parsed, names.pop(), str(Path(files[0]).parent), import_path)


def package_of(files: list[GoFile], name: str, directory: str, import_path: str) -> Package:
    """A package of parsed files, its types and constants indexed by name."""
    pkg = Package(name, directory, import_path, files)
    for f in files:
        for spec in f.types:
            pkg.types[spec.name] = (f, spec)
        for const in f.consts:
            pkg.consts.setdefault(const.name, (f, const))
    return pkg


def _generated(path: str) -> bool:
    """Whether a file says it is generated (Go's convention, before its package clause)."""
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    head = head.split(b"\npackage ", 1)[0]
    return bool(_GENERATED.search(head))


class Resolver:
    """Import path -> directory, and each package loaded once."""

    def __init__(self, modules: dict[str, str]):
        self.modules = dict(modules)  # module (or package) path -> directory, from --go-module
        self.loaded: dict[str, Package] = {}

    def add_go_mod(self, start: str) -> None:
        """Learn the module of the nearest go.mod at or above `start`, and where the modules it
        requires are at hand, as the go command finds them: its vendor directory, else the module
        cache (GOMODCACHE, or GOPATH's pkg/mod) at the required version."""
        for d in [Path(start).resolve(), *Path(start).resolve().parents]:
            mod = d / "go.mod"
            if mod.is_file():
                text = mod.read_text(encoding="utf-8", errors="replace")
                m = _MODULE.search(text)
                if m:
                    self.modules.setdefault(m.group(1), str(d))
                for path, version in _REQUIRE.findall(text):
                    for where in (d / "vendor" / path, _module_cache() / f"{_escape(path)}@{_escape(version)}"):
                        if where.is_dir():
                            self.modules.setdefault(path, str(where))
                            break
                return

    def import_path_of(self, directory: str) -> str:
        """The import path of a directory under a known module ("" when none is known)."""
        d = Path(directory).resolve()
        for mod, root in sorted(self.modules.items(), key=lambda kv: -len(kv[1])):
            try:
                rel = d.relative_to(Path(root).resolve())
            except ValueError:
                continue
            return mod if str(rel) == "." else f"{mod}/{rel.as_posix()}"
        return ""

    def directory(self, import_path: str) -> str | None:
        best = max(
            (m for m in self.modules if import_path == m or import_path.startswith(m + "/")), key=len, default=None
        )
        if best is None:
            return None
        return str(Path(self.modules[best]) / import_path[len(best) :].lstrip("/"))

    def package(self, import_path: str) -> Package | None:
        """The package at an import path, or None when no module covers it."""
        if import_path in self.loaded:
            return self.loaded[import_path]
        directory = self.directory(import_path)
        if directory is None or not Path(directory).is_dir():
            return None
        self.add_go_mod(directory)
        pkg = load_package(go_files(directory), import_path)
        self.loaded[import_path] = pkg
        return pkg


def _module_cache() -> Path:
    """The go command's module cache: GOMODCACHE, else the first GOPATH entry's pkg/mod (~/go)."""
    if os.environ.get("GOMODCACHE"):
        return Path(os.environ["GOMODCACHE"])
    gopath = os.environ.get("GOPATH", "").split(os.pathsep)[0]
    return Path(gopath or Path.home() / "go") / "pkg" / "mod"


def _escape(path: str) -> str:
    """A module path or version as the module cache spells it (an upper-case letter is "!" and
    the letter in lower case)."""
    return re.sub(r"[A-Z]", lambda m: "!" + m.group(0).lower(), path)
