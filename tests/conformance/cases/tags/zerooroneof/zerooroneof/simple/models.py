"""Types of cmd/validation-gen/output_tests/tags/zerooroneof/zerooroneof/simple (package simple).

Union members are named after the Go field, with the JSON name in metadata.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


# Non-discriminated zero-or-one-of union
@dataclass
class Struct:
    nonUnionField: str

    # +k8s:zeroOrOneOfMember
    # +k8s:optional
    M1: Optional[M1] = field(metadata={"json": "m1"})

    # +k8s:zeroOrOneOfMember
    # +k8s:optional
    M2: Optional[M2] = field(metadata={"json": "m2"})

    # +k8s:zeroOrOneOfMember
    # +k8s:optional
    M3: str = field(metadata={"json": "m3"})

    # +k8s:zeroOrOneOfMember
    # +k8s:optional
    M4: Optional[str] = field(metadata={"json": "m4"})


@dataclass
class M1:
    pass


@dataclass
class M2:
    pass
