from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


@dataclass
class Struct:
    # +k8s:minProperties=0
    min0Field: dict[str, str]

    # +k8s:minProperties=10
    min10Field: dict[str, str]

    # +k8s:minProperties=0
    min0TypedefField: dict[str, StringType]

    # +k8s:minProperties=10
    min10TypedefField: dict[str, StringType]


StringType = NewType("StringType", str)
