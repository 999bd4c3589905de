"""Types of cmd/validation-gen/output_tests/tags/optional/zero_defaults (package zerodefaults)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Struct:
    # +k8s:optional
    # +default=""
    stringField: str

    # +k8s:optional
    # +default=""
    stringPtrField: Optional[str]

    # +k8s:optional
    # +default=0
    intField: int

    # +k8s:optional
    # +default=0
    intPtrField: Optional[int]

    # +k8s:optional
    # +default=false
    boolField: bool

    # +k8s:optional
    # +default=false
    boolPtrField: Optional[bool]
