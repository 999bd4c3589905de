from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


@dataclass
class Struct:
    # +k8s:maxItems=0
    max0Field: list[int]

    # +k8s:maxItems=10
    max10Field: list[int]

    # +k8s:maxItems=0
    max0TypedefField: list[IntType]

    # +k8s:maxItems=10
    max10TypedefField: list[IntType]


IntType = NewType("IntType", int)
