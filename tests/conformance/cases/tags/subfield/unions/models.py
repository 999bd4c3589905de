"""Types of cmd/validation-gen/output_tests/tags/subfield/unions (package unions).

Union member names default to the Go field name ("M1", "M2"), so members are named after
the Go field with the JSON name in metadata.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


@dataclass
class Struct:
    # +k8s:subfield(d)=+k8s:unionDiscriminator
    # +k8s:subfield(m1)=+k8s:unionMember
    # +k8s:subfield(m2)=+k8s:unionMember
    subfield: SubStruct


@dataclass
class SubStruct:
    d: str
    M1: Optional[int] = field(metadata={"json": "m1"})
    M2: Optional[int] = field(metadata={"json": "m2"})
