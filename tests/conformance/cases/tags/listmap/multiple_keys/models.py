from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:listType=map
    # +k8s:listMapKey=key1Field
    # +k8s:listMapKey=key2Field
    # +k8s:eachVal=+k8s:immutable
    listField: list[OtherStruct]

    # +k8s:listType=map
    # +k8s:listMapKey=key1Field
    # +k8s:listMapKey=key2Field
    # +k8s:eachVal=+k8s:immutable
    listTypedefField: list[OtherTypedefStruct]

    # +k8s:eachVal=+k8s:immutable
    typedefField: ListType

    # +k8s:listType=map
    # +k8s:listMapKey=key1Field
    # +k8s:listMapKey=key2Field
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListComparableField[*]"
    listComparableField: list[OtherStruct]

    # +k8s:listType=map
    # +k8s:listMapKey=key1Field
    # +k8s:listMapKey=key2Field
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListNonComparableField[*]"
    listNonComparableField: list[NonComparableStruct]

    # +k8s:listType=map
    # +k8s:listMapKey=key1Field
    # +k8s:listMapKey=key2Field
    # +k8s:item(key1Field: "target-ptr", key2Field: 42)=+k8s:validateFalse="item ListPtrKeyField[key1Field=target-ptr,key2Field=42]"
    listPtrKeyField: list[PtrKeyStruct]

    # +k8s:listType=map
    # +k8s:listMapKey=stringPtrKey
    # +k8s:listMapKey=stringKey
    # +k8s:item(stringPtrKey: "target-ptr", stringKey: "target")=+k8s:validateFalse="item ListMixedPtrKeyField"
    listMixedPtrKeyField: list[MixedPtrKeyStruct]


@dataclass
class OtherStruct:
    key1Field: str
    key2Field: int
    dataField: str


OtherTypedefStruct = NewType("OtherTypedefStruct", OtherStruct)


@dataclass
class NonComparableStruct:
    key1Field: str
    key2Field: int
    dataField: list[str]


# +k8s:listType=map
# +k8s:listMapKey=key1Field
# +k8s:listMapKey=key2Field
ListType = NewType("ListType", list[OtherStruct])


@dataclass
class PtrKeyStruct:
    key1Field: Optional[str]
    key2Field: int
    dataField: str


@dataclass
class MixedPtrKeyStruct:
    stringPtrKey: Optional[str]
    stringKey: str
    dataField: str
