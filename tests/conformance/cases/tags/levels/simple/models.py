# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Struct:
    # +k8s:alpha=+k8s:minimum=10
    intField: int

    # +k8s:beta=+k8s:minimum=10
    intFieldBeta: int

    # +k8s:alpha=+k8s:maxLength=5
    stringField: str

    # +k8s:beta=+k8s:maxLength=5
    stringFieldBeta: str

    # +k8s:alpha=+k8s:maxItems=2
    sliceField: list[str]

    # +k8s:beta=+k8s:maxItems=2
    sliceFieldBeta: list[str]

    # +k8s:alpha=+k8s:format=k8s-uuid
    uuidField: str

    # +k8s:beta=+k8s:format=k8s-uuid
    uuidFieldBeta: str

    # +k8s:alpha=+k8s:immutable
    immutableField: str

    # +k8s:beta=+k8s:immutable
    immutableFieldBeta: str


@dataclass
class SpecialValidationStruct:
    # +k8s:alpha=+k8s:neq=5
    neqField: int

    # +k8s:beta=+k8s:neq=5
    neqFieldBeta: int

    # +k8s:alpha=+k8s:forbidden
    forbiddenField: Optional[str]

    # +k8s:beta=+k8s:forbidden
    forbiddenFieldBeta: Optional[str]

    # +k8s:alpha=+k8s:update=NoModify
    updateField: str

    # +k8s:beta=+k8s:update=NoModify
    updateFieldBeta: str


@dataclass
class StructWithValidateFalse:
    # +k8s:alpha=+k8s:validateFalse="always fails"
    validateFalse: Optional[str]

    # +k8s:beta=+k8s:validateFalse="always fails"
    validateFalseBeta: Optional[str]
