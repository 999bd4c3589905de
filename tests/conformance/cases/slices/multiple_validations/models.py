# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


# +k8s:validateFalse="type Struct #1"
# +k8s:validateFalse="type Struct #2"
@dataclass
class Struct:
    # +k8s:validateFalse="field Struct.ListField #1"
    # +k8s:validateFalse="field Struct.ListField #2"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*] #1"
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*] #2"
    listField: list[str]

    UnvalidatedListField: list[str]
