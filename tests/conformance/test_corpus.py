"""The reference verdicts (57,277 random inputs judged by the real validation-gen), one test per package."""

from __future__ import annotations

import functools
from collections import defaultdict

import pytest

from . import corpus


@functools.cache
def by_package() -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = defaultdict(list)
    for rec in corpus.records():
        out[rec["package"]].append(rec)
    return dict(out)


def _packages() -> list[str]:
    if not corpus.CORPUS.exists():
        return []
    return sorted(by_package())


def test_corpus_present():
    if not corpus.CORPUS.exists():  # a clone with nothing beside it: CI has the shared data and runs it
        pytest.skip(f"reference verdicts not found at {corpus.CORPUS} (they sit beside the checkout in shared/)")
    assert sum(len(v) for v in by_package().values()) == 57277


@pytest.mark.parametrize("package", _packages())
def test_package(package):
    if package in corpus.SKIPPED:
        pytest.skip(corpus.SKIPPED[package])
    problems = []
    for rec in by_package()[package]:
        missing, unexpected = corpus.compare(rec)
        if missing or unexpected:
            miss, extra = sorted(missing.elements()), sorted(unexpected.elements())
            problems.append(f"{rec['id']}: missing {miss}, unexpected {extra}")
    assert not problems, f"{len(problems)} disagreements, first: {problems[:3]}"
