"""Types of cmd/validation-gen/output_tests/tags/zerooroneof/zerooroneof/multiple (package multiple).

Union members are named after the Go field, with the JSON name in metadata.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


# Two non-discriminated zero-or-one-of unions in the same struct
@dataclass
class Struct:
    nonUnionField: str

    # +k8s:zeroOrOneOfMember(union: "union1")
    # +k8s:optional
    U1M1: Optional[M1] = field(metadata={"json": "u1m1"})

    # +k8s:zeroOrOneOfMember(union: "union1")
    # +k8s:optional
    U1M2: Optional[M2] = field(metadata={"json": "u1m2"})

    # +k8s:zeroOrOneOfMember(union: "union2")
    # +k8s:optional
    U2M1: Optional[M1] = field(metadata={"json": "u2m1"})

    # +k8s:zeroOrOneOfMember(union: "union2")
    # +k8s:optional
    U2M2: Optional[M2] = field(metadata={"json": "u2m2"})


@dataclass
class M1:
    pass


@dataclass
class M2:
    pass
