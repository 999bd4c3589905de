"""Types of cmd/validation-gen/output_tests/tags/subfield/shallow (package shallow)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


# Struct demonstrates validations for subfield fields of structs.
@dataclass
class Struct:
    # +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.StructField.StringField 1"
    # +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.StructField.StringField 2"
    # +k8s:subfield(pointerField)=+k8s:validateFalse="subfield Struct.StructField.PointerField"
    # +k8s:subfield(structField)=+k8s:validateFalse="subfield Struct.StructField.StructField"
    # +k8s:subfield(sliceField)=+k8s:validateFalse="subfield Struct.StructField.SliceField"
    # +k8s:subfield(mapField)=+k8s:validateFalse="subfield Struct.StructField.MapField"
    structField: OtherStruct

    # +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.StructPtrField.StringField 1"
    # +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.StructPtrField.StringField 2"
    # +k8s:subfield(pointerField)=+k8s:validateFalse="subfield Struct.StructPtrField.PointerField"
    # +k8s:subfield(structField)=+k8s:validateFalse="subfield Struct.StructPtrField.StructField"
    # +k8s:subfield(sliceField)=+k8s:validateFalse="subfield Struct.StructPtrField.SliceField"
    # +k8s:subfield(mapField)=+k8s:validateFalse="subfield Struct.StructPtrField.MapField"
    structPtrField: Optional[OtherStruct]


@dataclass
class OtherStruct:
    stringField: str
    pointerField: Optional[str]
    structField: SmallStruct
    sliceField: list[str]
    mapField: dict[str, str]


@dataclass
class SmallStruct:
    stringField: str
