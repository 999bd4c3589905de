# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


# +k8s:validateFalse="type Struct"
@dataclass
class Struct:
    # +k8s:validateFalse="field Struct.MapField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*]"
    mapField: dict[str, OtherStruct]

    # +k8s:validateFalse="field Struct.MapTypedefField"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
    mapTypedefField: dict[str, OtherTypedefStruct]

    UnvalidatedMapField: dict[str, str]


# +k8s:validateFalse="type OtherStruct"
@dataclass
class OtherStruct:
    pass


# +k8s:validateFalse="type OtherTypedefStruct"
OtherTypedefStruct = NewType("OtherTypedefStruct", OtherStruct)
