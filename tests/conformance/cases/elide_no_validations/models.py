# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-test-targets
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NewType


@dataclass
class T1:
    hasTypeVal: HasTypeVal

    hasFieldVal: HasFieldVal

    hasNoVal: HasNoVal

    # +k8s:validateFalse="field T1.HasNoValFieldVal"
    hasNoValFieldVal: HasNoVal

    validatedSlice: TypedefSliceWithValidations
    validatedMap: TypedefMapWithValidations
    validatedMapKey: TypedefMapWithKeyValidations

    deepValidatedSlice: DeepTypedefSlice
    deepValidatedMap: DeepTypedefMap

    # Note: the Go json tag really is "doubleDeepValidatedSlice           " (trailing spaces).
    DoubleDeepValidatedSlice: DoubleDeepTypedefSlice = field(metadata={"json": "doubleDeepValidatedSlice           "})
    doubleDeepValidatedMap: DoubleDeepTypedefMap


# +k8s:validateFalse="type HasTypeVal"
@dataclass
class HasTypeVal:
    # Note: no field validation.
    s: str


# Note: no type validation.
@dataclass
class HasFieldVal:
    # +k8s:validateFalse="field HasFieldVal.S"
    s: str


# Note: no type validation.
@dataclass
class HasNoVal:
    # Note: no field validation.
    s: str


# +k8s:validateFalse="type HasTypeValNotLinked"
@dataclass
class HasTypeValNotLinked:
    # Note: no field validation.
    s: str


# Note: no type validation.
@dataclass
class HasFieldValNotLinked:
    # +k8s:validateFalse="field HasFieldValNotLinked.S"
    s: str


# Note: no type validation.
@dataclass
class HasNoValNotLinked:
    # Note: no field validation.
    s: str


# +k8s:validateFalse="type OtherStruct"
@dataclass
class OtherStruct:
    s: str


# +k8s:validateFalse="type ValidatedKeyType"
ValidatedKeyType = NewType("ValidatedKeyType", str)

TypedefSliceWithValidations = NewType("TypedefSliceWithValidations", list[OtherStruct])

TypedefMapWithValidations = NewType("TypedefMapWithValidations", dict[str, OtherStruct])

TypedefMapWithKeyValidations = NewType("TypedefMapWithKeyValidations", dict[ValidatedKeyType, str])

# FIXME: The following validation is not being generated for DoubleDeepTypedefSlice.
# Validation-gen is ignoring this validation, because Go directly translates
# DoubleDeepTypedefSlice to TypedefSliceWithValidations.
# +k8s:eachVal=+k8s:validateFalse="type DeepTypedefSlice"
DeepTypedefSlice = NewType("DeepTypedefSlice", TypedefSliceWithValidations)

DeepTypedefMap = NewType("DeepTypedefMap", TypedefMapWithValidations)

DoubleDeepTypedefSlice = NewType("DoubleDeepTypedefSlice", DeepTypedefSlice)

DoubleDeepTypedefMap = NewType("DoubleDeepTypedefMap", DeepTypedefMap)
