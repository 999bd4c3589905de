# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NewType, Optional


@dataclass
class StructPrimitive:
    # +k8s:validateFalse="field intField"
    intField: int

    # +k8s:optional
    # +k8s:validateFalse="field intPtrField"
    intPtrField: Optional[int]


@dataclass
class StructSlice:
    # +k8s:validateFalse="field sliceField"
    sliceField: list[S]

    # +k8s:validateFalse="field typedefSliceField"
    typedefSliceField: MySlice


@dataclass
class StructMap:
    # +k8s:validateFalse="field mapKeyField"
    mapKeyField: dict[S, str]

    # +k8s:validateFalse="field mapValueField"
    mapValueField: dict[str, S]

    # +k8s:validateFalse="field aliasMapKeyTypeField"
    aliasMapKeyTypeField: AliasMapKeyType

    # +k8s:validateFalse="field aliasMapValueTypeField"
    aliasMapValueTypeField: AliasMapValueType


@dataclass
class StructStruct:
    # +k8s:validateFalse="field directComparableStructField"
    directComparableStructField: DirectComparableStruct

    # +k8s:validateFalse="field nonDirectComparableStructField"
    nonDirectComparableStructField: NonDirectComparableStruct

    # +k8s:validateFalse="field directComparableStructPtrField"
    directComparableStructPtrField: Optional[DirectComparableStruct]

    # +k8s:validateFalse="field nonDirectComparableStructPtrField"
    nonDirectComparableStructPtrField: Optional[NonDirectComparableStruct]

    # Go: embedded fields without a json tag (promoted in JSON; at the root, paths name the Go type).
    # +k8s:validateFalse="field DirectComparableStruct"
    DirectComparableStruct: DirectComparableStruct = field(metadata={"inline": True})

    # +k8s:validateFalse="field NonDirectComparableStruct"
    NonDirectComparableStruct: NonDirectComparableStruct = field(metadata={"inline": True})


@dataclass
class StructEmbedded:
    # Go: embedded field with json name "directComparableStruct".
    # +k8s:validateFalse="field DirectComparableStruct"
    directComparableStruct: DirectComparableStruct

    # Go: embedded field with json name "nonDirectComparableStruct".
    # +k8s:validateFalse="field NonDirectComparableStruct"
    nonDirectComparableStruct: NonDirectComparableStruct

    # +k8s:validateFalse="field NestedDirectComparableStructField"
    nestedDirectComparableStructField: NestedDirectComparableStruct

    # +k8s:validateFalse="field NestedNonDirectComparableStructField"
    nestedNonDirectComparableStructField: NestedNonDirectComparableStruct


# +k8s:validateFalse="type TypeDefStruct"
@dataclass
class TypeDefStruct:
    pass


# +k8s:validateFalse="type MySlice"
MySlice = NewType("MySlice", list[int])

# +k8s:validateFalse="type S"
S = NewType("S", str)

# no validation
MapKeyType = NewType("MapKeyType", dict[S, str])

# no validation
MapValueType = NewType("MapValueType", dict[str, S])

# +k8s:validateFalse="type MapKeyType"
AliasMapKeyType = NewType("AliasMapKeyType", MapKeyType)

# +k8s:validateFalse="type MapValueType"
AliasMapValueType = NewType("AliasMapValueType", MapValueType)


# +k8s:validateFalse="type DirectComparableStruct"
@dataclass
class DirectComparableStruct:
    # +k8s:validateFalse="field intField"
    intField: int


# +k8s:validateFalse="type NonDirectComparableStruct"
@dataclass
class NonDirectComparableStruct:
    # +k8s:validateFalse="field intPtrField"
    intPtrField: Optional[int]


# +k8s:validateFalse="type NestedDirectComparableStruct"
@dataclass
class NestedDirectComparableStruct:
    # +k8s:validateFalse="field directComparableStructField"
    directComparableStructField: DirectComparableStruct


# +k8s:validateFalse="type NestedNonDirectComparableStruct"
@dataclass
class NestedNonDirectComparableStruct:
    # +k8s:validateFalse="field nonDirectComparableStructField"
    nonDirectComparableStructField: NonDirectComparableStruct


@dataclass
class MixComparableStruct:
    Primitive: str

    # +k8s:validateFalse="field NonComparable"
    NonComparable: list[str]
