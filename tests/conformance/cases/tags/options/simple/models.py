"""Types of cmd/validation-gen/output_tests/tags/options/simple (package simple)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType

MySlice = NewType("MySlice", list[str])


@dataclass
class Struct:
    # +k8s:ifEnabled(FeatureX)=+k8s:validateFalse="field Struct.XEnabledField"
    xEnabledField: str

    # +k8s:ifDisabled(FeatureX)=+k8s:validateFalse="field Struct.XDisabledField"
    xDisabledField: str

    # +k8s:ifEnabled(FeatureY)=+k8s:validateFalse="field Struct.YEnabledField"
    yEnabledField: str

    # +k8s:ifDisabled(FeatureY)=+k8s:validateFalse="field Struct.YDisabledField"
    yDisabledField: str

    # +k8s:ifEnabled(FeatureX)=+k8s:validateFalse="field Struct.XYMixedField/X"
    # +k8s:ifDisabled(FeatureY)=+k8s:validateFalse="field Struct.XYMixedField/Y"
    xyMixedField: str
    # +k8s:ifEnabled(FeatureX)=+k8s:validateFalse="field Struct.NilableAliasField"
    nilableAliasField: MySlice
