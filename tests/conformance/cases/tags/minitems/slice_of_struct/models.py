from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


@dataclass
class Struct:
    # +k8s:minItems=0
    min0Field: list[OtherStruct]

    # +k8s:minItems=10
    min10Field: list[OtherStruct]

    # +k8s:minItems=0
    min0TypedefField: list[OtherTypedefStruct]

    # +k8s:minItems=10
    min10TypedefField: list[OtherTypedefStruct]


@dataclass
class OtherStruct:
    pass


OtherTypedefStruct = NewType("OtherTypedefStruct", OtherStruct)
