"""Types of cmd/validation-gen/output_tests/tags/unique (package unique)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Struct:
    # Basic unique=set on primitive slice
    # +k8s:listType=atomic
    # +k8s:unique=set
    primitiveListUniqueSet: list[str]

    # unique=map with multiple keys
    # +k8s:listType=atomic
    # +k8s:unique=map
    # +k8s:listMapKey=key1
    # +k8s:listMapKey=key2
    sliceMapFieldWithMultipleKeys: list[ItemWithMultipleKeys]

    # atomic + unique=set combination
    # +k8s:listType=atomic
    # +k8s:unique=set
    atomicListUniqueSet: list[Item]

    # atomic + unique=map combination
    # +k8s:listType=atomic
    # +k8s:unique=map
    # +k8s:listMapKey=key
    atomicListUniqueMap: list[Item]

    # customUnique with listType=set
    # +k8s:listType=set
    # +k8s:customUnique
    customUniqueListWithTypeSet: list[str]

    # customUnique with listType=map
    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:customUnique
    customUniqueListWithTypeMap: list[Item]

    # unique=map with pointer key
    # +k8s:listType=atomic
    # +k8s:unique=map
    # +k8s:listMapKey=key
    sliceMapFieldWithPtrKey: list[PtrKeyStruct]

    # unique=map with mixed (pointer and primitive) keys
    # +k8s:listType=atomic
    # +k8s:unique=map
    # +k8s:listMapKey=key1
    # +k8s:listMapKey=key2
    sliceMapFieldWithMixedKeys: list[ItemWithMixedKeys]

    # unique=map with multiple pointer keys
    # +k8s:listType=atomic
    # +k8s:unique=map
    # +k8s:listMapKey=key1
    # +k8s:listMapKey=key2
    sliceMapFieldWithMultiplePtrKeys: list[ItemWithMultiplePtrKeys]

    # unique=set on slice of pointers to primitive
    # +k8s:listType=atomic
    # +k8s:unique=set
    primitivePointerListUniqueSet: list[Optional[str]]

    # unique=map on slice of pointers to struct
    # +k8s:listType=atomic
    # +k8s:unique=map
    # +k8s:listMapKey=key
    pointerListUniqueMap: list[Optional[Item]]


@dataclass
class Item:
    key: str
    data: str


@dataclass
class ItemWithMultipleKeys:
    key1: str
    key2: str
    data: str


@dataclass
class PtrKeyStruct:
    key: Optional[str]
    data: str


@dataclass
class ItemWithMixedKeys:
    key1: Optional[str]
    key2: str
    data: str


@dataclass
class ItemWithMultiplePtrKeys:
    key1: Optional[str]
    key2: Optional[str]
    data: str
