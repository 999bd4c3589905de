# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional

# +k8s:validateFalse="type StringType"
StringType = NewType("StringType", str)

# Note: no validation here
UnvalidatedType = NewType("UnvalidatedType", list[str])

# Note: no validation here
UnvalidatedPtrType = NewType("UnvalidatedPtrType", list[Optional[str]])

# +k8s:validateFalse="type ListType"
# +k8s:eachVal=+k8s:validateFalse="type ListType[*]"
ListType = NewType("ListType", list[str])

# +k8s:validateFalse="type ListPtrType"
# +k8s:eachVal=+k8s:validateFalse="type ListPtrType[*]"
ListPtrType = NewType("ListPtrType", list[Optional[str]])

# +k8s:validateFalse="type ListTypedefType"
# +k8s:eachVal=+k8s:validateFalse="type ListTypedefType[*]"
ListTypedefType = NewType("ListTypedefType", list[StringType])

# +k8s:validateFalse="type ListPtrTypedefType"
# +k8s:eachVal=+k8s:validateFalse="type ListPtrTypedefType[*]"
ListPtrTypedefType = NewType("ListPtrTypedefType", list[Optional[StringType]])


# +k8s:validateFalse="type Struct"
@dataclass
class Struct:
    # +k8s:validateFalse="field Struct.ListField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
    listField: ListType

    # +k8s:validateFalse="field Struct.ListTypedefField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
    listTypedefField: ListTypedefType

    UnvalidatedListField: UnvalidatedType

    # +k8s:validateFalse="field Struct.ListPtrField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrField[*]"
    listPtrField: ListPtrType

    # +k8s:validateFalse="field Struct.ListPtrTypedefField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrTypedefField[*]"
    listPtrTypedefField: ListPtrTypedefType

    UnvalidatedListPtrField: UnvalidatedPtrType
