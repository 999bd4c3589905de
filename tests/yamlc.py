"""PyYAML's safe loading through libyaml, its C reader: the values `yaml.safe_load` gives, read ~10x
faster (the shared CRDs are megabytes; the pure-Python reader took most of the replays' minutes)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # PyYAML built without libyaml: the same values, slower


def safe_load(stream: str | bytes) -> Any:
    return yaml.load(stream, Loader=LOADER)


def safe_load_all(stream: str | bytes) -> Iterator[Any]:
    return yaml.load_all(stream, Loader=LOADER)
