# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Struct:
    # +k8s:subfield(intField)=+k8s:validateFalse="field IntField"
    # +k8s:subfield(intPtrField)=+k8s:validateFalse="field IntPtrField"
    subStructField: SubStruct


@dataclass
class SubStruct:
    intField: int
    intPtrField: Optional[int]


# +k8s:subfield(intField)=+k8s:validateFalse="field IntField"
# +k8s:subfield(intPtrField)=+k8s:validateFalse="field IntPtrField"
@dataclass
class StructWithSubfield:
    intField: int
    intPtrField: Optional[int]
