"""Where the project's shared data lives (`../shared` beside the checkout)."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def records(relative: str) -> Iterator[dict]:
    """The records of a shared `.jsonl.gz` file; skips the test when the data is not there."""
    path = SHARED / relative
    if not path.exists():
        pytest.skip(f"shared data {path} not present (it sits beside the checkout in CI and worktrees)")
    with gzip.open(path, "rt") as f:
        for line in f:
            yield json.loads(line)


def named(obj: dict | None) -> dict | None:
    """A recorded body of ../shared/apiserver-verdicts as it was sent: the recording replaced the
    object's `metadata` (absent, or a field of the type's own) with `name: obj`."""
    if obj is None:
        return obj
    return {**obj, "metadata": {"name": "obj"}}


def crd(relative: str) -> dict:
    """A CRD file of ../shared, read as dv-eval reads a schema file (`load_schema`: its own YAML
    reader, which gives PyYAML's safe values and reads the corpora's megabytes several times faster)."""
    from evaluator.input.loader import load_schema

    return load_schema(str(SHARED / relative))
