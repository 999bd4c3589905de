# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class StructSlice:
    # +k8s:eachVal=+k8s:validateFalse="field AtomicSliceStringField[*]"
    atomicSliceStringField: list[StringType]

    # +k8s:eachVal=+k8s:validateFalse="field AtomicSliceTypeField[*]"
    atomicSliceTypeField: IntSliceType

    # +k8s:eachVal=+k8s:validateFalse="field AtomicSliceComparableField[*]"
    atomicSliceComparableField: list[ComparableStruct]

    # +k8s:eachVal=+k8s:validateFalse="field AtomicSliceNonComparableField[*]"
    atomicSliceNonComparableField: list[NonComparableStruct]

    # +k8s:listType=set
    # +k8s:eachVal=+k8s:validateFalse="field SetSliceComparableField[*]"
    setSliceComparableField: list[ComparableStruct]

    # +k8s:listType=set
    # +k8s:eachVal=+k8s:validateFalse="field SetSliceNonComparableField[*]"
    setSliceNonComparableField: list[NonComparableStruct]

    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:eachVal=+k8s:validateFalse="field MapSliceComparableField[*]"
    mapSliceComparableField: list[ComparableStructWithKey]

    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:eachVal=+k8s:validateFalse="field MapSliceNonComparableField[*]"
    mapSliceNonComparableField: list[NonComparableStructWithKey]

    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:eachVal=+k8s:validateFalse="field MapSlicePtrKeyField[*]"
    mapSlicePtrKeyField: list[PtrKeyStruct]

    # +k8s:listType=map
    # +k8s:listMapKey=key1
    # +k8s:listMapKey=key2
    # +k8s:eachVal=+k8s:validateFalse="field MapSliceMixedKeyField[*]"
    mapSliceMixedKeyField: list[MixedKeyStruct]


StringType = NewType("StringType", str)
IntSliceType = NewType("IntSliceType", list[int])


@dataclass
class ComparableStruct:
    intField: int


# +k8s:validateFalse="type NonComparableStruct"
@dataclass
class NonComparableStruct:
    intPtrField: Optional[int]


@dataclass
class ComparableStructWithKey:
    key: str
    intField: int


# +k8s:validateFalse="type NonComparableStructWithKey"
@dataclass
class NonComparableStructWithKey:
    key: str
    intPtrField: Optional[int]


# +k8s:validateFalse="type PtrKeyStruct"
@dataclass
class PtrKeyStruct:
    key: Optional[str]
    data: str


# +k8s:validateFalse="type MixedKeyStruct"
@dataclass
class MixedKeyStruct:
    key1: Optional[str]
    key2: str
    data: str


@dataclass
class Item:
    key: str

    # +k8s:validateFalse="field Data"
    data: dict[str, str]


@dataclass
class ItemList:
    # +k8s:listType=map
    # +k8s:listMapKey=key
    items: list[Item]
