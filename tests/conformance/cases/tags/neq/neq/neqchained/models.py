from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:subfield(stringField)=+k8s:neq="disallowed-subfield"
    structField: InnerStruct

    # +k8s:optional
    # +k8s:subfield(stringField)=+k8s:neq="disallowed-subfield-ptr"
    structPtrField: Optional[InnerStruct]

    # +k8s:eachVal=+k8s:neq="disallowed-slice"
    stringSliceField: list[str]

    # +k8s:eachVal=+k8s:neq="disallowed-map-val"
    stringMapField: dict[str, str]

    # +k8s:eachKey=+k8s:neq="disallowed-key"
    stringMapKeyField: dict[str, str]

    validatedSliceField: ValidatedStringSlice

    validatedStructField: ValidatedInnerStruct


@dataclass
class InnerStruct:
    stringField: str


# +k8s:eachVal=+k8s:neq="disallowed-typedef"
ValidatedStringSlice = NewType("ValidatedStringSlice", list[str])

# +k8s:subfield(stringField)=+k8s:neq="disallowed-typedef-struct"
ValidatedInnerStruct = NewType("ValidatedInnerStruct", InnerStruct)
