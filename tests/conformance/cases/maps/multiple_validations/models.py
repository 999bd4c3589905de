# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


# +k8s:validateFalse="type Struct"
@dataclass
class Struct:
    # +k8s:validateFalse="field Struct.MapField #1"
    # +k8s:validateFalse="field Struct.MapField #2"
    # +k8s:eachKey=+k8s:validateFalse="field Struct.MapField(keys) #1"
    # +k8s:eachKey=+k8s:validateFalse="field Struct.MapField(keys) #2"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*] #1"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*] #2"
    mapField: dict[str, str]

    UnvalidatedMapField: list[str]
