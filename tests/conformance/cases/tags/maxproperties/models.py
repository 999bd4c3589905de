from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


@dataclass
class Struct:
    # +k8s:maxProperties=0
    max0Field: dict[str, str]

    # +k8s:maxProperties=10
    max10Field: dict[str, str]

    # +k8s:maxProperties=0
    max0TypedefKeyField: dict[StringKey, str]

    # +k8s:maxProperties=10
    max10TypedefKeyField: dict[StringKey, str]


StringKey = NewType("StringKey", str)
