# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


UnvalidatedType = NewType("UnvalidatedType", list[str])

# +k8s:eachVal=+k8s:validateFalse="type ListType[*]"
ListType = NewType("ListType", list[str])

UnvalidatedPtrType = NewType("UnvalidatedPtrType", list[Optional[str]])

StringType = NewType("StringType", str)

# +k8s:eachVal=+k8s:validateFalse="type ListTypedefType[*]"
ListTypedefType = NewType("ListTypedefType", list[StringType])


@dataclass
class Struct:
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
    listField: ListType
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
    listTypedefField: ListTypedefType
