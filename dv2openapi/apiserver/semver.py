"""Semantic versions as the Kubernetes CEL semver library reads them (blang/semver v4)."""

from __future__ import annotations

import re

_NUM = r"(?:0|[1-9][0-9]*)"
_PRE_ID = rf"(?:{_NUM}|[0-9]*[A-Za-z-][0-9A-Za-z-]*)"
_STRICT = re.compile(
    rf"({_NUM})\.({_NUM})\.({_NUM})(?:-({_PRE_ID}(?:\.{_PRE_ID})*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?"
)


def parse(text: str, normalize: bool = False) -> tuple[int, int, int, tuple]:
    """(major, minor, patch, pre-release identifiers); build metadata is not part of a version's
    identity. `normalize` drops a `v` prefix, fills a missing minor and patch with 0 and drops
    leading zeros. ValueError with the library's message otherwise."""
    if normalize:
        text = _normalized(text)
    m = _STRICT.fullmatch(text)
    if not m:
        raise ValueError(f"string is not a valid SemVer: {text}")
    pre = tuple(int(p) if p.isdigit() else p for p in m.group(4).split(".")) if m.group(4) else ()
    return int(m.group(1)), int(m.group(2)), int(m.group(3)), pre


def _normalized(text: str) -> str:
    text = text.removeprefix("v")
    core, sep, rest = re.match(r"([^-+]*)(.?)(.*)", text).groups()
    parts = [p.lstrip("0") or "0" if p.isdigit() else p for p in core.split(".")]
    parts += ["0"] * (3 - len(parts))
    return ".".join(parts) + sep + rest


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
