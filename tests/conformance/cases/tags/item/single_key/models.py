# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:item(key: "target")=+k8s:validateFalse="item Items[key=target] 1"
    # +k8s:item(key: "target")=+k8s:validateFalse="item Items[key=target] 2"
    items: list[Item]

    # +k8s:listType=map
    # +k8s:listMapKey=intField
    # +k8s:item(intField: 42)=+k8s:validateFalse="item IntKeyItems[intField=42] 1"
    # +k8s:item(intField: 42)=+k8s:validateFalse="item IntKeyItems[intField=42] 2"
    intKeyItems: list[IntKeyItem]

    # +k8s:listType=map
    # +k8s:listMapKey=boolField
    # +k8s:item(boolField: true)=+k8s:validateFalse="item BoolKeyItems[boolField=true] 1"
    # +k8s:item(boolField: true)=+k8s:validateFalse="item BoolKeyItems[boolField=true] 2"
    boolKeyItems: list[BoolKeyItem]

    # +k8s:listType=map
    # +k8s:listMapKey=id
    # +k8s:item(id: "typedef-target")=+k8s:validateFalse="item TypedefItems[id=typedef-target] 1"
    # +k8s:item(id: "typedef-target")=+k8s:validateFalse="item TypedefItems[id=typedef-target] 2"
    typedefItems: TypedefItemList

    # Test atomic + unique=map + item combination
    # +k8s:listType=atomic
    # +k8s:unique=map
    # +k8s:listMapKey=key
    # +k8s:item(key: "target")=+k8s:validateFalse="item AtomicUniqueMapItems[key=target]"
    atomicUniqueMapItems: list[Item]

    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:item(key: "target-ptr")=+k8s:validateFalse="item PtrKeyItems[key=target-ptr]"
    ptrKeyItems: list[PtrKeyItem]

    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:item(key: "target")=+k8s:validateFalse="item PointerItems[key=target]"
    pointerItems: list[Optional[Item]]


@dataclass
class StructWithNestedTypedef:
    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:item(key: "nested-target")=+k8s:validateFalse="item NestedItems[key=nested-target]"
    nestedItems: list[NestedTypedefItem]


@dataclass
class Item:
    key: str
    data: str


@dataclass
class IntKeyItem:
    intField: int
    data: str


@dataclass
class BoolKeyItem:
    boolField: bool
    data: str


@dataclass
class TypedefItem:
    id: str
    description: str


TypedefItemList = NewType("TypedefItemList", list[TypedefItem])

StringAlias = NewType("StringAlias", str)


@dataclass
class NestedTypedefItem:
    key: StringAlias
    name: str


@dataclass
class PtrKeyItem:
    key: Optional[str]
    data: str
