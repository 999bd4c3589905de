"""Semantic versions as the Kubernetes CEL semver library reads them: blang/semver v4's `Parse`, and
the library's own normalizing reader, with their error messages."""

from __future__ import annotations

from .gofmt import go_quote

_NUMBERS = frozenset("0123456789")
_ALPHANUM = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789")
_UINT64_MAX = 2**64 - 1


def parse(text: str, normalize: bool = False) -> tuple[int, int, int, tuple]:
    """(major, minor, patch, pre-release identifiers); build metadata is not part of a version's
    identity. `normalize` first drops a `v` prefix, fills a missing minor and patch with 0 and drops
    leading zeros. ValueError with the library's message otherwise."""
    if normalize:
        text = _normalized(text)
    if not text:
        raise ValueError("Version string empty")
    parts = text.split(".", 2)
    if len(parts) != 3:
        raise ValueError("No Major.Minor.Patch elements found")
    major, minor = _number(parts[0], "major"), _number(parts[1], "minor")
    patch, pre, build = parts[2], None, None
    if "+" in patch:
        patch, build = patch.split("+", 1)
    if "-" in patch:
        patch, pre = patch.split("-", 1)
    version = (major, minor, _number(patch, "patch"))
    identifiers = tuple(_prerelease(p) for p in pre.split(".")) if pre is not None else ()
    for b in build.split(".") if build is not None else ():
        if not b:
            raise ValueError("Build meta data is empty")
        if not set(b) <= _ALPHANUM:
            raise ValueError(f"Invalid character(s) found in build meta data {go_quote(b)}")
    return (*version, identifiers)


def _number(part: str, name: str) -> int:
    if not set(part) <= _NUMBERS:
        raise ValueError(f"Invalid character(s) found in {name} number {go_quote(part)}")
    if len(part) > 1 and part[0] == "0":
        raise ValueError(f"{name.capitalize()} number must not contain leading zeroes {go_quote(part)}")
    return _uint64(part)


def _uint64(digits: str) -> int:
    """Go's strconv.ParseUint(digits, 10, 64) of a string of ASCII digits."""
    if not digits:
        raise ValueError(f"strconv.ParseUint: parsing {go_quote(digits)}: invalid syntax")
    if int(digits) > _UINT64_MAX:
        raise ValueError(f"strconv.ParseUint: parsing {go_quote(digits)}: value out of range")
    return int(digits)


def _prerelease(p: str) -> int | str:
    if not p:
        raise ValueError("Prerelease is empty")
    if set(p) <= _NUMBERS:
        if len(p) > 1 and p[0] == "0":
            raise ValueError(f"Numeric PreRelease version must not contain leading zeroes {go_quote(p)}")
        return _uint64(p)
    if not set(p) <= _ALPHANUM:
        raise ValueError(f"Invalid character(s) found in prerelease {go_quote(p)}")
    return p


def _normalized(text: str) -> str:
    """The library's `normalizeAndParse` before its `Parse`: one `v` dropped, leading zeros of each
    of the first three dot-separated parts dropped, a short version filled up with zeros."""
    parts = text.removeprefix("v").split(".", 2)
    for i, p in enumerate(parts):
        if len(p.encode()) > 1:  # Go counts bytes
            p = p.lstrip("0")
            if not p or p[0] not in _NUMBERS:
                p = "0" + p
            parts[i] = p
    if len(parts) < 3:
        if "+" in parts[-1] or "-" in parts[-1]:
            raise ValueError("short version cannot contain PreRelease/Build meta data")
        parts += ["0"] * (3 - len(parts))
    return ".".join(parts)


def compare(a: tuple, b: tuple) -> int:
    """-1, 0 or 1 by semver precedence (a release outranks its pre-releases)."""
    if a[:3] != b[:3]:
        return -1 if a[:3] < b[:3] else 1
    pa, pb = a[3], b[3]
    if pa == pb:
        return 0
    if not pa or not pb:
        return 1 if not pa else -1
    for x, y in zip(pa, pb, strict=False):
        if x == y:
            continue
        if isinstance(x, int) != isinstance(y, int):
            return -1 if isinstance(x, int) else 1
        return -1 if x < y else 1
    return -1 if len(pa) < len(pb) else 1
