from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:maximum=1
    intField: int
    # +k8s:maximum=1
    intPtrField: Optional[int]

    # +k8s:maximum=1
    int16Field: int
    # +k8s:maximum=1
    int32Field: int
    # +k8s:maximum=1
    int64Field: int

    # +k8s:maximum=1
    uintField: int
    # +k8s:maximum=1
    uintPtrField: Optional[int]

    # +k8s:maximum=1
    uint16Field: int
    # +k8s:maximum=1
    uint32Field: int
    # +k8s:maximum=1
    uint64Field: int

    typedefField: IntType
    typedefPtrField: Optional[IntType]


# +k8s:maximum=1
IntType = NewType("IntType", int)
