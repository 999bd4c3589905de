"""Types of cmd/validation-gen/output_tests/tags/optional (package optional)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:optional
    # +k8s:validateFalse="field Struct.StringField"
    stringField: str

    # +k8s:optional
    # +k8s:validateFalse="field Struct.StringPtrField"
    stringPtrField: Optional[str]

    # +k8s:optional
    # +k8s:validateFalse="field Struct.StringTypedefField"
    stringTypedefField: StringType

    # +k8s:optional
    # +k8s:validateFalse="field Struct.StringTypedefPtrField"
    stringTypedefPtrField: Optional[StringType]

    # +k8s:optional
    # +k8s:validateFalse="field Struct.IntField"
    intField: int

    # +k8s:optional
    # +k8s:validateFalse="field Struct.IntPtrField"
    intPtrField: Optional[int]

    # +k8s:optional
    # +k8s:validateFalse="field Struct.IntTypedefField"
    intTypedefField: IntType

    # +k8s:optional
    # +k8s:validateFalse="field Struct.IntTypedefPtrField"
    intTypedefPtrField: Optional[IntType]

    # non-pointer struct fields cannot be optional

    # +k8s:optional
    # +k8s:validateFalse="field Struct.OtherStructPtrField"
    otherStructPtrField: Optional[OtherStruct]

    # +k8s:optional
    # +k8s:validateFalse="field Struct.SliceField"
    sliceField: list[str]

    # +k8s:optional
    # +k8s:validateFalse="field Struct.SliceTypedefField"
    sliceTypedefField: SliceType

    # +k8s:optional
    # +k8s:validateFalse="field Struct.MapField"
    mapField: dict[str, str]

    # +k8s:optional
    # +k8s:validateFalse="field Struct.MapTypedefField"
    mapTypedefField: MapType


# +k8s:validateFalse="type StringType"
StringType = NewType("StringType", str)

# +k8s:validateFalse="type IntType"
IntType = NewType("IntType", int)


# +k8s:validateFalse="type OtherStruct"
@dataclass
class OtherStruct:
    pass


# +k8s:validateFalse="type SliceType"
SliceType = NewType("SliceType", list[str])

# +k8s:validateFalse="type MapType"
MapType = NewType("MapType", dict[str, str])
