"""Types of cmd/validation-gen/output_tests/tags/validate_false (package validatefalse)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Struct:
    # +k8s:validateFalse="field Struct.StringField"
    stringField: str
