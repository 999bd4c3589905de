"""The suite's order: the test files marked `minutes` go first. `--dist loadfile` hands whole files to
the workers in collection order, so a long file collected last ran alone at the end (crd-wild's
replay, ~5 minutes, while the other core sat idle)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "minutes: a test file that takes minutes (collected first)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("minutes") is None)  # stable: files stay whole
