# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Struct:
    # +k8s:listType=map
    # +k8s:listMapKey=stringKey
    # +k8s:listMapKey=intKey
    # +k8s:listMapKey=boolKey
    # +k8s:item(stringKey: "target", intKey: 42, boolKey: true)=+k8s:validateFalse="item Items[stringKey=target,intKey=42,boolKey=true] 1"
    # +k8s:item(stringKey: "target", intKey: 42, boolKey: true)=+k8s:validateFalse="item Items[stringKey=target,intKey=42,boolKey=true] 2"
    items: list[Item]

    # +k8s:listType=map
    # +k8s:listMapKey=stringKey
    # +k8s:listMapKey=intKey
    # +k8s:listMapKey=boolKey
    # +k8s:item(boolKey: true, stringKey: "target", intKey: 42)=+k8s:validateFalse="item OutOfOrder[boolKey=42,stringKey=target,intKey=42]"
    outOfOrder: list[Item]

    # +k8s:listType=map
    # +k8s:listMapKey=stringKey
    # +k8s:listMapKey=intKey
    # +k8s:listMapKey=boolKey
    # +k8s:item(stringKey: "target-ptr", intKey: 42, boolKey: true)=+k8s:validateFalse="item PtrItems[stringKey=target-ptr,intKey=42,boolKey=true]"
    ptrItems: list[PtrItem]

    # +k8s:listType=map
    # +k8s:listMapKey=stringPtrKey
    # +k8s:listMapKey=stringKey
    # +k8s:item(stringPtrKey: "target-ptr", stringKey: "target")=+k8s:validateFalse="item MixedPtrItems"
    mixedPtrItems: list[MixedPtrItem]


@dataclass
class Item:
    stringKey: str
    intKey: int
    boolKey: bool
    data: str


@dataclass
class PtrItem:
    stringKey: Optional[str]
    intKey: int
    boolKey: bool
    data: str


@dataclass
class MixedPtrItem:
    stringPtrKey: Optional[str]
    stringKey: str
    data: str
