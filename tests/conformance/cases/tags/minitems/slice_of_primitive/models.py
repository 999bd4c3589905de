from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


@dataclass
class Struct:
    # +k8s:minItems=0
    min0Field: list[int]

    # +k8s:minItems=10
    min10Field: list[int]

    # +k8s:minItems=0
    min0TypedefField: list[IntType]

    # +k8s:minItems=10
    min10TypedefField: list[IntType]


IntType = NewType("IntType", int)
