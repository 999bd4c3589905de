from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class UpdateTestStruct:
    # +k8s:update=NoSet
    stringNoSet: str

    # +k8s:update=NoUnset
    stringNoUnset: str

    # +k8s:update=NoModify
    stringNoModify: str

    # +k8s:update=NoSet
    # +k8s:update=NoModify
    # +k8s:update=NoUnset
    stringFullyRestricted: str

    # +k8s:update=NoModify
    # +k8s:update=NoUnset
    stringSetOnce: str

    # +k8s:update=NoModify
    intNoModify: int

    # +k8s:update=NoModify
    int32NoModify: int

    # +k8s:update=NoModify
    int64NoModify: int

    # +k8s:update=NoModify
    uintNoModify: int

    # +k8s:update=NoModify
    boolNoModify: bool

    # +k8s:update=NoModify
    float32NoModify: float

    # +k8s:update=NoModify
    float64NoModify: float

    # +k8s:update=NoModify
    byteNoModify: int

    # +k8s:update=NoModify
    structNoModify: TestStruct

    # +k8s:update=NoModify
    nonComparableStructNoModify: NonComparableStruct

    # +k8s:update=NoSet
    pointerNoSet: Optional[str]

    # +k8s:update=NoUnset
    pointerNoUnset: Optional[str]

    # +k8s:update=NoModify
    pointerNoModify: Optional[str]

    # +k8s:update=NoSet
    # +k8s:update=NoModify
    # +k8s:update=NoUnset
    pointerFullyRestricted: Optional[str]

    # +k8s:update=NoModify
    intPointerNoModify: Optional[int]

    # +k8s:update=NoModify
    boolPointerNoModify: Optional[bool]

    # +k8s:update=NoModify
    structPointerNoModify: Optional[TestStruct]

    # +k8s:update=NoModify
    customTypeNoModify: CustomString

    # +k8s:update=NoSet
    customTypeNoSet: CustomInt


@dataclass
class TestStruct:
    stringField: str
    intField: int


# NonComparableStruct contains a slice which makes it non-comparable
@dataclass
class NonComparableStruct:
    sliceField: list[str]
    intField: int


# Custom types to test type aliases
CustomString = NewType("CustomString", str)
CustomInt = NewType("CustomInt", int)
