"""Types of cmd/validation-gen/output_tests/tags/validate_true (package validatetrue)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Struct:
    # +k8s:validateTrue="field Struct.StringField"
    stringField: str
