"""Types of cmd/validation-gen/output_tests/tags/required (package required)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:required
    # +k8s:validateFalse="field Struct.StringField"
    stringField: str

    # +k8s:required
    # +k8s:validateFalse="field Struct.StringPtrField"
    stringPtrField: Optional[str]

    # +k8s:required
    # +k8s:validateFalse="field Struct.StringTypedefField"
    stringTypedefField: StringType

    # +k8s:required
    # +k8s:validateFalse="field Struct.StringTypedefPtrField"
    stringTypedefPtrField: Optional[StringType]

    # +k8s:required
    # +k8s:validateFalse="field Struct.IntField"
    intField: int

    # +k8s:required
    # +k8s:validateFalse="field Struct.IntPtrField"
    intPtrField: Optional[int]

    # +k8s:required
    # +k8s:validateFalse="field Struct.IntTypedefField"
    intTypedefField: IntType

    # +k8s:required
    # +k8s:validateFalse="field Struct.IntTypedefPtrField"
    intTypedefPtrField: Optional[IntType]

    # +k8s:required
    # +k8s:validateFalse="field Struct.BoolField"
    boolField: bool

    # +k8s:required
    # +k8s:validateFalse="field Struct.FloatField"
    floatField: float

    # Go `byte` (uint8) -> int
    # +k8s:required
    # +k8s:validateFalse="field Struct.ByteField"
    byteField: int

    # non-pointer struct fields cannot be required or optional

    # +k8s:required
    # +k8s:validateFalse="field Struct.OtherStructPtrField"
    otherStructPtrField: Optional[OtherStruct]

    # +k8s:required
    # +k8s:validateFalse="field Struct.SliceField"
    sliceField: list[str]

    # +k8s:required
    # +k8s:validateFalse="field Struct.SliceTypedefField"
    sliceTypedefField: SliceType

    # Go `[]byte` -> bytes (JSON: base64 string)
    # +k8s:required
    # +k8s:validateFalse="field Struct.ByteArrayField"
    byteArrayField: bytes

    # +k8s:required
    # +k8s:validateFalse="field Struct.MapField"
    mapField: dict[str, str]

    # +k8s:required
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
