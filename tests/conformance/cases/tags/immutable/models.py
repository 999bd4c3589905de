# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:immutable
    stringField: str

    # +k8s:immutable
    stringPtrField: Optional[str]

    # +k8s:immutable
    structField: ComparableStruct

    # +k8s:immutable
    structPtrField: Optional[ComparableStruct]

    # +k8s:immutable
    noncomparableStructField: NonComparableStruct

    # +k8s:immutable
    noncomparableStructPtrField: Optional[NonComparableStruct]

    # +k8s:immutable
    sliceField: list[str]

    # +k8s:immutable
    mapField: dict[str, str]

    immutableField: ImmutableType

    immutablePtrField: Optional[ImmutableType]


@dataclass
class ComparableStruct:
    stringField: str
    stringPtrField: Optional[str]


@dataclass
class NonComparableStruct:
    sliceField: list[str]


# +k8s:immutable
ImmutableType = NewType("ImmutableType", str)
