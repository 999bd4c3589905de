"""Types of cmd/validation-gen/output_tests/tags/validatetruealpha (package validatetruealpha)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Struct:
    # +k8s:validateTrueAlpha="field Struct.StringField"
    stringField: str
