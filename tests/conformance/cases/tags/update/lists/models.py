from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class UpdateItem:
    name: str
    value: str


@dataclass
class CompositeKeyItem:
    name: str
    priority: int
    value: str


# NonComparableItem holds a slice, so Go's == is unavailable.
@dataclass
class NonComparableItem:
    name: str
    tags: list[str]


# +k8s:listType=map
# +k8s:listMapKey=name
FrozenUserList = NewType("FrozenUserList", list[UpdateItem])


@dataclass
class UpdateListStruct:
    # +k8s:listType=atomic
    # +k8s:update=NoSet
    stringSliceNoSet: list[str]

    # +k8s:listType=atomic
    # +k8s:update=NoUnset
    stringSliceNoUnset: list[str]

    # +k8s:listType=set
    # +k8s:update=NoAddItem
    stringSetNoAdd: list[str]

    # +k8s:listType=set
    # +k8s:update=NoRemoveItem
    stringSetNoRemove: list[str]

    # +k8s:listType=set
    # +k8s:update=NoAddItem
    # +k8s:update=NoRemoveItem
    stringSetFrozenShape: list[str]

    # +k8s:listType=map
    # +k8s:listMapKey=name
    # +k8s:update=NoAddItem
    mapListNoAdd: list[UpdateItem]

    # +k8s:listType=map
    # +k8s:listMapKey=name
    # +k8s:update=NoAddItem
    # +k8s:update=NoRemoveItem
    mapListFrozenShape: list[UpdateItem]

    # +k8s:listType=map
    # +k8s:listMapKey=name
    # +k8s:listMapKey=priority
    # +k8s:update=NoRemoveItem
    compositeKeyList: list[CompositeKeyItem]

    # +k8s:listType=atomic
    # +k8s:unique=set
    # +k8s:update=NoAddItem
    atomicUniqueSetNoAdd: list[str]

    # +k8s:listType=atomic
    # +k8s:unique=map
    # +k8s:listMapKey=name
    # +k8s:update=NoAddItem
    # +k8s:update=NoRemoveItem
    atomicUniqueMapFrozenShape: list[UpdateItem]

    # +k8s:listType=set
    # +k8s:update=NoAddItem
    # +k8s:update=NoRemoveItem
    nonComparableSetFrozenShape: list[NonComparableItem]

    # +k8s:update=NoAddItem
    # +k8s:update=NoRemoveItem
    typedefFrozenList: FrozenUserList

    # +k8s:listType=map
    # +k8s:listMapKey=name
    # +k8s:eachVal=+k8s:update=NoModify
    eachValNoModifyList: list[UpdateItem]

    # Pointer Slice NoSet
    # +k8s:listType=atomic
    # +k8s:update=NoSet
    pointerSliceNoSet: list[Optional[str]]

    # Pointer listType=set + NoAddItem
    # +k8s:listType=set
    # +k8s:update=NoAddItem
    pointerSetNoAdd: list[Optional[str]]

    # Pointer listType=map + NoRemoveItem
    # +k8s:listType=map
    # +k8s:listMapKey=name
    # +k8s:update=NoRemoveItem
    pointerMapListNoRemove: list[Optional[UpdateItem]]
