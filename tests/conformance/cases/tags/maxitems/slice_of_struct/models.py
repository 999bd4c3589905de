from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


@dataclass
class Struct:
    # +k8s:maxItems=0
    max0Field: list[OtherStruct]

    # +k8s:maxItems=10
    max10Field: list[OtherStruct]

    # +k8s:maxItems=0
    max0TypedefField: list[OtherTypedefStruct]

    # +k8s:maxItems=10
    max10TypedefField: list[OtherTypedefStruct]


@dataclass
class OtherStruct:
    pass


OtherTypedefStruct = NewType("OtherTypedefStruct", OtherStruct)
