from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:listType=map
    # +k8s:listMapKey=keyField
    # +k8s:eachVal=+k8s:immutable
    listField: list[OtherStruct]

    # +k8s:listType=map
    # +k8s:listMapKey=keyField
    # +k8s:eachVal=+k8s:immutable
    listTypedefField: list[OtherTypedefStruct]

    # +k8s:eachVal=+k8s:immutable
    typedefField: ListType

    # +k8s:listType=map
    # +k8s:listMapKey=keyField
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListComparableField[*]"
    listComparableField: list[OtherStruct]

    # +k8s:listType=map
    # +k8s:listMapKey=keyField
    # +k8s:eachVal=+k8s:validateFalse="field Struct.ListNonComparableField[*]"
    listNonComparableField: list[NonComparableStruct]

    # +k8s:listType=map
    # +k8s:listMapKey=keyField
    listPtrKeyField: list[PtrKeyStruct]


@dataclass
class OtherStruct:
    keyField: str
    dataField: str


OtherTypedefStruct = NewType("OtherTypedefStruct", OtherStruct)


@dataclass
class NonComparableStruct:
    keyField: str
    stringPtrField: Optional[str]


@dataclass
class PtrKeyStruct:
    keyField: Optional[str]
    dataField: str


# +k8s:listType=map
# +k8s:listMapKey=keyField
ListType = NewType("ListType", list[OtherStruct])
