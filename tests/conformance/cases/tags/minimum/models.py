from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class BasicStruct:
    # +k8s:minimum=1
    intField: int
    # +k8s:minimum=1
    intPtrField: Optional[int]

    # +k8s:minimum=1
    int16Field: int
    # +k8s:minimum=1
    int32Field: int
    # +k8s:minimum=1
    int64Field: int

    # +k8s:minimum=1
    uintField: int
    # +k8s:minimum=1
    uintPtrField: Optional[int]

    # +k8s:minimum=1
    uint16Field: int
    # +k8s:minimum=1
    uint32Field: int
    # +k8s:minimum=1
    uint64Field: int

    typedefField: IntType
    typedefPtrField: Optional[IntType]


@dataclass
class OptionalStruct:
    # +k8s:optional
    # +k8s:minimum=1
    optionalIntField: int

    # +k8s:optional
    # +k8s:minimum=1
    optionalIntPtrField: Optional[int]

    # +k8s:optional
    optionalTypedefField: IntType

    # +k8s:optional
    optionalTypedefPtrField: Optional[IntType]


@dataclass
class RequiredStruct:
    # +k8s:required
    # +k8s:minimum=1
    requiredIntField: int

    # +k8s:required
    # +k8s:minimum=1
    requiredIntPtrField: Optional[int]

    # +k8s:required
    requiredTypedefField: IntType

    # +k8s:required
    requiredTypedefPtrField: Optional[IntType]


@dataclass
class NegativeMinimumStruct:
    # +k8s:minimum=-10
    negativeMinimumField: int

    # +k8s:minimum=-10
    negativeMinimumPtrField: Optional[int]

    # +k8s:optional
    # +k8s:minimum=-10
    optionalNegativeMinimumField: int

    # +k8s:optional
    # +k8s:minimum=-10
    optionalNegativeMinimumPtrField: Optional[int]

    # +k8s:required
    # +k8s:minimum=-10
    requiredNegativeMinimumField: int

    # +k8s:required
    # +k8s:minimum=-10
    requiredNegativeMinimumPtrField: Optional[int]


# +k8s:minimum=1
IntType = NewType("IntType", int)
