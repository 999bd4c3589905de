# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


# +k8s:validateFalse="type Struct"
@dataclass
class Struct:
    # +k8s:validateFalse="field Struct.ListField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
    listField: list[OtherStruct]

    # +k8s:validateFalse="field Struct.ListTypedefField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
    listTypedefField: list[OtherTypedefStruct]

    UnvalidatedListField: list[UnvalidatedStruct]

    # +k8s:validateFalse="field Struct.ListPtrField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrField[*]"
    listPtrField: list[Optional[OtherStruct]]

    # +k8s:validateFalse="field Struct.ListPtrTypedefField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrTypedefField[*]"
    listPtrTypedefField: list[Optional[OtherTypedefStruct]]

    UnvalidatedListPtrField: list[Optional[UnvalidatedStruct]]


# +k8s:validateFalse="type OtherStruct"
@dataclass
class OtherStruct:
    pass


# +k8s:validateFalse="type OtherTypedefStruct"
OtherTypedefStruct = NewType("OtherTypedefStruct", OtherStruct)


@dataclass
class UnvalidatedStruct:
    pass
