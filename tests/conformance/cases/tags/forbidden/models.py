# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


StringType = NewType("StringType", str)

IntType = NewType("IntType", int)

SliceType = NewType("SliceType", list[str])

MapType = NewType("MapType", dict[str, str])


@dataclass
class OtherStruct:
    pass


@dataclass
class Struct:
    # +k8s:forbidden
    stringField: str
    # +k8s:forbidden
    stringPtrField: Optional[str]
    # +k8s:forbidden
    stringTypedefField: StringType
    # +k8s:forbidden
    stringTypedefPtrField: Optional[StringType]
    # +k8s:forbidden
    intField: int
    # +k8s:forbidden
    intPtrField: Optional[int]
    # +k8s:forbidden
    intTypedefField: IntType
    # +k8s:forbidden
    intTypedefPtrField: Optional[IntType]
    # +k8s:forbidden
    boolField: bool
    # +k8s:forbidden
    floatField: float
    # +k8s:forbidden
    byteField: int
    # +k8s:forbidden
    otherStructPtrField: Optional[OtherStruct]
    # +k8s:forbidden
    sliceField: list[str]
    # +k8s:forbidden
    sliceTypedefField: SliceType
    # +k8s:forbidden
    byteArrayField: bytes
    # +k8s:forbidden
    mapField: dict[str, str]
    # +k8s:forbidden
    mapTypedefField: MapType
