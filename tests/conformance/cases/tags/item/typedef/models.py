# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


@dataclass
class Struct:
    typedefItems: ItemList
    nestedTypedefItems: ItemListAlias

    # +k8s:item(id: "field-target")=+k8s:validateFalse="item DualItems[id=field-target] from field"
    dualItems: DualItemList

    # +k8s:item(id: "target")=+k8s:validateFalse="item ConflictingItems[id=target] from field"
    conflictingItems: ConflictingItemList


@dataclass
class Item:
    key: str
    data: str


# +k8s:listType=map
# +k8s:listMapKey=key
# +k8s:item(key: "immutable")=+k8s:immutable
# +k8s:item(key: "validated")=+k8s:validateFalse="item ItemList[key=validated]"
ItemList = NewType("ItemList", list[Item])

# +k8s:listType=map
# +k8s:listMapKey=key
# +k8s:item(key: "aliased")=+k8s:validateFalse="item ItemListAlias[key=aliased]"
ItemListAlias = NewType("ItemListAlias", ItemList)


@dataclass
class DualItem:
    id: str
    name: str


# +k8s:listType=map
# +k8s:listMapKey=id
# +k8s:item(id: "typedef-target")=+k8s:validateFalse="item DualItems[id=typedef-target] from typedef"
DualItemList = NewType("DualItemList", list[DualItem])

# +k8s:listType=map
# +k8s:listMapKey=id
# +k8s:item(id: "target")=+k8s:validateFalse="item ConflictingItems[id=target] from typedef"
ConflictingItemList = NewType("ConflictingItemList", list[DualItem])
