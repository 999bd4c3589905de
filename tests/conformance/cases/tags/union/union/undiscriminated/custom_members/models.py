from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


# Non-discriminated union with custom member names
@dataclass
class Struct:
    nonUnionField: str

    # +k8s:unionMember(memberName: "CustomM1")
    # +k8s:optional
    M1: Optional[M1] = field(metadata={"json": "m1"})

    # +k8s:unionMember(memberName: "CustomM2")
    # +k8s:optional
    M2: Optional[M2] = field(metadata={"json": "m2"})


@dataclass
class M1:
    pass


@dataclass
class M2:
    pass
