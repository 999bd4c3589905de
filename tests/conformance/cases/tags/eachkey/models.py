# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


UnvalidatedStringType = NewType("UnvalidatedStringType", str)

# +k8s:validateFalse="ValidatedStringType"
ValidatedStringType = NewType("ValidatedStringType", str)

UnvalidatedMapType = NewType("UnvalidatedMapType", dict[str, str])

# +k8s:eachKey=+k8s:validateFalse="ValidatedMapType(keys)"
ValidatedMapType = NewType("ValidatedMapType", dict[str, str])


@dataclass
class Struct:
    # +k8s:eachKey=+k8s:validateFalse="Struct.MapField(keys)"
    mapField: dict[str, str]
    # +k8s:eachKey=+k8s:validateFalse="Struct.MapTypedefField(keys)"
    mapTypedefField: dict[UnvalidatedStringType, str]
    # +k8s:eachKey=+k8s:validateFalse="Struct.MapValidatedTypedefField(keys)"
    mapValidatedTypedefField: dict[ValidatedStringType, str]
    # +k8s:eachKey=+k8s:validateFalse="Struct.MapTypeField(keys)"
    mapTypeField: UnvalidatedMapType
    # +k8s:eachKey=+k8s:validateFalse="Struct.ValidatedMapTypeField(keys)"
    validatedMapTypeField: ValidatedMapType
