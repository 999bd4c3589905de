# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


# +k8s:customValidation
StringType = NewType("StringType", str)


# +k8s:customValidation
@dataclass
class Struct:
    # +k8s:customValidation
    stringField: str
    # +k8s:maxLength=3
    # +k8s:customValidation
    maxLengthField: str
    typedefField: StringType
    typedefPtrField: Optional[StringType]
    typedefSliceField: list[StringType]
    typedefMapField: dict[str, StringType]
    structField: OtherStruct


@dataclass
class OtherStruct:
    # +k8s:customValidation
    stringField: str


@dataclass
class OptionStruct:
    # +k8s:ifEnabled(FeatureX)=+k8s:customValidation
    stringField: str


@dataclass
class EachStruct:
    # +k8s:eachVal=+k8s:maxLength=3
    sliceField: list[StringType]
