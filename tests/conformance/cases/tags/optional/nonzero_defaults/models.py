"""Types of cmd/validation-gen/output_tests/tags/optional/nonzero_defaults (package nonzerodefaults)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Struct:
    # +k8s:optional
    # +default="foobar"
    stringField: str

    # +k8s:optional
    # +default="foobar"
    stringPtrField: Optional[str]

    # +k8s:optional
    # +default=123
    intField: int

    # +k8s:optional
    # +default=123
    intPtrField: Optional[int]

    # +k8s:optional
    # +default=true
    boolField: bool

    # +k8s:optional
    # +default=true
    boolPtrField: Optional[bool]

    # +k8s:optional
    # +default={"name": "x"}
    structPtrField: Optional[Submarker]

    # +k8s:optional
    # +default=["foo"]
    sliceField: list[str]

    # +k8s:optional
    # +default={"k": "v"}
    mapField: dict[str, str]


@dataclass
class Submarker:
    name: str
