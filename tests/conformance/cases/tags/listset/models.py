from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Struct:
    # +k8s:listType=set
    sliceStringField: list[str]

    # +k8s:listType=set
    sliceIntField: list[int]

    # +k8s:listType=set
    sliceComparableField: list[ComparableStruct]

    # +k8s:listType=set
    sliceNonComparableField: list[NonComparableStruct]

    # +k8s:listType=set
    sliceFalselyComparableField: list[FalselyComparableStruct]


@dataclass
class ImmutableStruct:
    # +k8s:eachVal=+k8s:immutable
    sliceComparableField: list[ComparableStruct]

    # +k8s:listType=set
    # +k8s:eachVal=+k8s:immutable
    sliceSetComparableField: list[ComparableStruct]

    # +k8s:eachVal=+k8s:immutable
    sliceNonComparableField: list[NonComparableStruct]

    # +k8s:listType=set
    # +k8s:eachVal=+k8s:immutable
    sliceSetNonComparableField: list[NonComparableStruct]

    # +k8s:eachVal=+k8s:immutable
    slicePrimitiveField: list[int]

    # +k8s:listType=set
    # +k8s:eachVal=+k8s:immutable
    sliceSetPrimitiveField: list[int]

    # +k8s:listType=set
    # +k8s:eachVal=+k8s:immutable
    sliceSetFalselyComparableField: list[FalselyComparableStruct]


@dataclass
class ComparableStruct:
    stringField: str


@dataclass
class NonComparableStruct:
    sliceField: list[str]


# FalselyComparableStruct contains a pointer field (in Go, == compares the
# pointers, not the values).
@dataclass
class FalselyComparableStruct:
    stringPtrField: Optional[str]
