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
    listField: list[str]

    # +k8s:validateFalse="field Struct.ListTypedefField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
    listTypedefField: list[StringType]

    UnvalidatedListField: list[str]

    # +k8s:validateFalse="field Struct.ListPtrField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrField[*]"
    listPtrField: list[Optional[str]]

    # +k8s:validateFalse="field Struct.ListPtrTypedefField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrTypedefField[*]"
    listPtrTypedefField: list[Optional[StringType]]

    UnvalidatedListPtrField: list[Optional[str]]


# +k8s:validateFalse="type StringType"
StringType = NewType("StringType", str)
