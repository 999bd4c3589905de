"""Types of cmd/validation-gen/output_tests/tags/opaque (package opaque)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NewType, Optional


# +k8s:validateFalse="type OtherString"
OtherString = NewType("OtherString", str)


@dataclass
class Struct:
    # +k8s:validateFalse="field Struct.StructField"
    structField: OtherStruct

    # +k8s:validateFalse="field Struct.StructPtrField"
    # +k8s:required
    structPtrField: Optional[OtherStruct]

    # +k8s:validateFalse="field Struct.OpaqueStructField"
    # +k8s:opaqueType
    opaqueStructField: OtherStruct

    # +k8s:validateFalse="field Struct.OpaqueStructPtrField"
    # +k8s:required
    # +k8s:opaqueType
    opaqueStructPtrField: Optional[OtherStruct]

    # +k8s:validateFalse="field Struct.SliceOfStructField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.SliceOfStructField vals"
    sliceOfStructField: list[OtherStruct]

    # +k8s:validateFalse="field Struct.SliceOfOpaqueStructField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.SliceOfOpaqueStructField vals"
    # +k8s:eachVal=+k8s:opaqueType
    sliceOfOpaqueStructField: list[OtherStruct]

    # +k8s:validateFalse="field Struct.ListMapOfStructField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListMapOfStructField vals"
    # +k8s:listType=map
    # +k8s:listMapKey=stringField
    listMapOfStructField: list[OtherStruct]

    # +k8s:validateFalse="field Struct.ListMapOfOpaqueStructField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListMapOfOpaqueStructField vals"
    # +k8s:listType=map
    # +k8s:listMapKey=stringField
    # +k8s:eachVal=+k8s:opaqueType
    listMapOfOpaqueStructField: list[OtherStruct]

    # +k8s:validateFalse="field Struct.MapOfStringToStructField"
    # +k8s:eachKey=+k8s:validateFalse="field Struct.MapOfStringToStructField keys"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.MapOfStringToStructField vals"
    mapOfStringToStructField: dict[OtherString, OtherStruct]

    # +k8s:validateFalse="field Struct.MapOfStringToOpaqueStructField"
    # +k8s:eachKey=+k8s:validateFalse="field Struct.MapOfStringToOpaqueStructField keys"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.MapOfStringToOpaqueStructField vals"
    # +k8s:eachKey=+k8s:opaqueType
    # +k8s:eachVal=+k8s:opaqueType
    mapOfStringToOpaqueStructField: dict[OtherString, OtherStruct]


# +k8s:validateFalse="type OtherStruct"
@dataclass
class OtherStruct:
    # +k8s:validateFalse="field OtherStruct.StringField"
    stringField: str


# OpaqueFieldsStruct contains fields with the opaque markers, contains no field validations.
# Validations should not be generated for these fields.
# +k8s:validateTrue="type OpaqueFieldsStruct"
@dataclass
class OpaqueFieldsStruct:
    # +k8s:opaqueType
    OtherStruct: OtherStruct = field(metadata={"inline": True})

    # +k8s:eachVal=+k8s:opaqueType
    opaqueSliceField: list[OtherStruct]

    # +k8s:eachKey=+k8s:opaqueType
    # +k8s:eachVal=+k8s:opaqueType
    opaqueMapField: dict[OtherString, OtherStruct]

    typedefOpaqueStructField: TypedefOpaqueStruct

    typedefOpaqueSliceField: TypedefOpaqueSlice

    typedefOpaqueMapField: TypedefOpaqueMap

    # +k8s:opaqueType
    isolatedOpaqueStructField: OtherStruct


# +k8s:opaqueType
@dataclass
class TypedefOpaqueStruct:
    # +k8s:required
    stringField: str


# +k8s:eachVal=+k8s:opaqueType
TypedefOpaqueSlice = NewType("TypedefOpaqueSlice", list[OtherStruct])

# +k8s:eachKey=+k8s:opaqueType
# +k8s:eachVal=+k8s:opaqueType
TypedefOpaqueMap = NewType("TypedefOpaqueMap", dict[OtherString, OtherStruct])

# +k8s:validateTrue="type TypedefSliceOther"
# +k8s:eachVal=+k8s:opaqueType
TypedefSliceOther = NewType("TypedefSliceOther", list[OtherStruct])

# +k8s:validateTrue="type TypedefMapOther"
# +k8s:eachKey=+k8s:opaqueType
# +k8s:eachVal=+k8s:opaqueType
TypedefMapOther = NewType("TypedefMapOther", dict[OtherString, OtherStruct])


@dataclass
class NoValidationStruct:
    stringField: str


NoValidationString = NewType("NoValidationString", str)


# OpaqueNoValidationFieldsStruct tests that when a type/key/val is opaque but the opaque type
# does not have any validation, we correctly do not emit any validation calls.
# +k8s:validateTrue="type OpaqueNoValidationFieldsStruct"
@dataclass
class OpaqueNoValidationFieldsStruct:
    # +k8s:opaqueType
    NoValidationStruct: NoValidationStruct = field(metadata={"inline": True})

    # +k8s:eachVal=+k8s:opaqueType
    opaqueSliceField: list[NoValidationStruct]

    # +k8s:eachKey=+k8s:opaqueType
    # +k8s:eachVal=+k8s:opaqueType
    opaqueMapField: dict[NoValidationString, NoValidationStruct]

    # +k8s:opaqueType
    isolatedOpaqueStructField: NoValidationStruct


# +k8s:opaqueType
# +k8s:validateFalse="type OpaqueStructWithValidation"
@dataclass
class OpaqueStructWithValidation:
    # +k8s:validateFalse="field OpaqueStructWithValidation.StringField"
    stringField: str


@dataclass
class BaseStruct:
    # +k8s:validateFalse="field BaseStruct.Field"
    field: str


# +k8s:opaqueType
# +k8s:validateFalse="type OpaqueAliasWithValidation"
OpaqueAliasWithValidation = NewType("OpaqueAliasWithValidation", BaseStruct)


@dataclass
class ParentWithOpaqueAliasWithValidation:
    field: OpaqueAliasWithValidation
