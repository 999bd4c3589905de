"""Types of cmd/validation-gen/output_tests/tags/validatetruebeta (package validatetruebeta)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Struct:
    # +k8s:validateTrueBeta="field Struct.StringField"
    stringField: str
