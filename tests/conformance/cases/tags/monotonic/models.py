from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:minimum=0
    # +k8s:monotonic
    intField: int

    # +k8s:minimum=0
    # +k8s:monotonic
    int64Field: int

    # +k8s:minimum=0
    # +k8s:monotonic
    uint64Field: int

    # +k8s:optional
    # +k8s:minimum=0
    # +k8s:update=NoUnset
    # +k8s:monotonic
    intPtrField: Optional[int]

    monotonicField: MonotonicType

    monotonicPtrField: Optional[MonotonicType]

    # +k8s:optional
    # +k8s:minimum=0
    # +k8s:update=NoUnset
    # +k8s:monotonic
    optionalInt: int

    # +k8s:required
    # +k8s:minimum=0
    # +k8s:monotonic
    requiredInt: int

    # +k8s:optional
    # +k8s:minimum=0
    # +k8s:update=NoUnset
    # +k8s:monotonic
    optionalIntPtr: Optional[int]

    # +k8s:required
    # +k8s:minimum=0
    # +k8s:monotonic
    requiredIntPtr: Optional[int]

    # +k8s:minimum=-10
    # +k8s:monotonic
    negativeInt: int


# +k8s:minimum=0
# +k8s:monotonic
MonotonicType = NewType("MonotonicType", int)
