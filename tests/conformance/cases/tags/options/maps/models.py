"""Types of cmd/validation-gen/output_tests/tags/options/maps (package maps)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Struct:
    # +k8s:ifEnabled(FeatureX)=+k8s:validateFalse="field Struct.MapField"
    mapField: dict[str, str]

    # +k8s:ifDisabled(FeatureX)=+k8s:validateFalse="field Struct.MapFieldDisabled"
    mapFieldDisabled: dict[str, str]

    # +k8s:ifEnabled(FeatureX)=+k8s:eachKey=+k8s:validateFalse="field Struct.MapFieldEachKey/key"
    mapFieldEachKey: dict[str, str]

    # +k8s:ifDisabled(FeatureX)=+k8s:eachKey=+k8s:validateFalse="field Struct.MapFieldEachKeyDisabled/key"
    mapFieldEachKeyDisabled: dict[str, str]

    # +k8s:ifEnabled(FeatureX)=+k8s:eachVal=+k8s:validateFalse="field Struct.MapFieldEachVal/val"
    mapFieldEachVal: dict[str, str]

    # +k8s:ifDisabled(FeatureX)=+k8s:eachVal=+k8s:validateFalse="field Struct.MapFieldEachValDisabled/val"
    mapFieldEachValDisabled: dict[str, str]
