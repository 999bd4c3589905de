from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


# Two non-discriminated unions in the same struct
@dataclass
class Struct:
    nonUnionField: str

    # +k8s:unionMember(union: "union1")
    # +k8s:optional
    U1M1: Optional[M1] = field(metadata={"json": "u1m1"})

    # +k8s:unionMember(union: "union1")
    # +k8s:optional
    U1M2: Optional[M2] = field(metadata={"json": "u1m2"})

    # +k8s:unionMember(union: "union2")
    # +k8s:optional
    U2M1: Optional[M1] = field(metadata={"json": "u2m1"})

    # +k8s:unionMember(union: "union2")
    # +k8s:optional
    U2M2: Optional[M2] = field(metadata={"json": "u2m2"})


@dataclass
class M1:
    pass


@dataclass
class M2:
    pass
