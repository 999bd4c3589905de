"""Types of cmd/validation-gen/output_tests/tags/options/update (package update)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Struct:
    # +k8s:ifEnabled(FeatureX)=+k8s:immutable
    immutableEnabled: str

    # +k8s:ifDisabled(FeatureX)=+k8s:immutable
    immutableDisabled: str

    # +k8s:ifEnabled(FeatureX)=+k8s:update=NoModify
    updateNoModifyEnabled: str

    # +k8s:ifDisabled(FeatureX)=+k8s:update=NoModify
    updateNoModifyDisabled: str
