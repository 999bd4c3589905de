"""One minimal reproducer per cause that once made us disagree with validation-gen
(`../shared/reference-verdicts/differences/`): each must now give the reference's errors."""

from __future__ import annotations

import json

import pytest

from . import corpus

DIFFERENCES = corpus.CORPUS.parent / "differences"


def _files() -> list:
    return sorted(DIFFERENCES.glob("*.json")) if DIFFERENCES.is_dir() else []


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_reproducer(path):
    d = json.loads(path.read_text())
    inp = d["input"]
    rec = {
        "package": d["pkg"],
        "type": inp["type"],
        "new": inp["new"],
        "old": inp.get("old"),
        "update": "old" in inp,
        "options": inp.get("options"),
        "subresource": inp.get("subresource"),
        "errors": d["go_errors"],
    }
    missing, unexpected = corpus.compare(rec)
    assert not missing and not unexpected, f"{d['cause']}: missing {dict(missing)}, unexpected {dict(unexpected)}"


def test_reproducers_present():
    if not _files():
        pytest.skip(f"reference differences not found at {DIFFERENCES} (they sit beside the checkout in shared/)")
    assert len(_files()) >= 20
