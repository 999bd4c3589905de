# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


@dataclass
class Struct:
    # +k8s:eachKey=+k8s:validateFalse="field Struct.MapField(keys)"
    mapField: dict[str, str]

    # +k8s:eachKey=+k8s:validateFalse="field Struct.MapTypedefField(keys)"
    mapTypedefField: dict[UnvalidatedStringType, str]

    # +k8s:eachKey=+k8s:validateFalse="field Struct.MapValidatedTypedefField(keys)"
    mapValidatedTypedefField: dict[ValidatedStringType, str]

    # +k8s:eachKey=+k8s:validateFalse="field Struct.ValidatedMapTypeField(keys)"
    validatedMapTypeField: ValidatedMapType


# Note: no validations.
UnvalidatedStringType = NewType("UnvalidatedStringType", str)

# +k8s:validateFalse="ValidatedStringType"
ValidatedStringType = NewType("ValidatedStringType", str)

# +k8s:eachKey=+k8s:validateFalse="type ValidatedMapType(keys)"
ValidatedMapType = NewType("ValidatedMapType", dict[str, str])
