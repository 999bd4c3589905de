# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


@dataclass
class Struct:
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
    listField: list[OtherStruct]
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
    listTypedefField: list[OtherTypedefStruct]
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListNonComparableField[*]"
    listNonComparableField: list[NonComparableStruct]


@dataclass
class OtherStruct:
    pass


OtherTypedefStruct = NewType("OtherTypedefStruct", OtherStruct)


@dataclass
class NonComparableStruct:
    sliceField: list[str]
