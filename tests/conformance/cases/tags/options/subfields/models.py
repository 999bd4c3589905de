"""Types of cmd/validation-gen/output_tests/tags/options/subfields (package subfields)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Struct:
    # Go: embedded `ObjectMeta` with an explicit json name, so it is a plain named field in JSON.
    # +k8s:ifEnabled(FeatureX)=+k8s:subfield(xEnabledField)=+k8s:validateFalse="field Struct.ObjectMeta.XEnabledField"
    ObjectMeta: ObjectMeta = field(metadata={"json": "metadata"})

    # +k8s:ifDisabled(FeatureX)=+k8s:subfield(xDisabledField)=+k8s:validateFalse="field Struct.ObjectMetaDisabled.XDisabledField"
    metadataDisabled: ObjectMeta


@dataclass
class ObjectMeta:
    xEnabledField: str
    xDisabledField: str
