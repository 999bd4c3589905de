from __future__ import annotations

from dataclasses import dataclass


@dataclass
class UpdateMapStruct:
    # +k8s:update=NoSet
    mapNoSet: dict[str, str]

    # +k8s:update=NoUnset
    mapNoUnset: dict[str, str]

    # +k8s:update=NoAddItem
    mapNoAdd: dict[str, str]

    # +k8s:update=NoRemoveItem
    mapNoRemove: dict[str, str]

    # +k8s:update=NoAddItem
    # +k8s:update=NoRemoveItem
    mapFrozenShape: dict[str, str]

    # +k8s:update=NoSet
    # +k8s:update=NoAddItem
    mapSetThenFreeze: dict[str, MapItem]

    # +k8s:eachVal=+k8s:update=NoModify
    eachValNoModifyMap: dict[str, MapItem]


@dataclass
class MapItem:
    name: str
    value: str
