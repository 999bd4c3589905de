"""Types of cmd/validation-gen/output_tests/tags/options/lists (package lists)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Struct:
    # +k8s:ifEnabled(FeatureX)=+k8s:listType=map
    # +k8s:ifEnabled(FeatureX)=+k8s:listMapKey=name
    listMap: list[ListItem]

    # +k8s:ifDisabled(FeatureX)=+k8s:listType=map
    # +k8s:ifDisabled(FeatureX)=+k8s:listMapKey=name
    listMapDisabled: list[ListItem]

    # +k8s:ifEnabled(FeatureX)=+k8s:eachVal=+k8s:validateFalse="field Struct.ListEachVal/val"
    listEachVal: list[ListItem]

    # +k8s:ifDisabled(FeatureX)=+k8s:eachVal=+k8s:validateFalse="field Struct.ListEachValDisabled/val"
    listEachValDisabled: list[ListItem]


@dataclass
class ListItem:
    name: str
    value: str
