# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Struct:
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
    listField: list[Optional[OtherStruct]]
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListPrimitiveField[*]"
    listPrimitiveField: list[Optional[str]]


# +k8s:validateFalse="type OtherStruct"
@dataclass
class OtherStruct:
    value: str
