from __future__ import annotations

from dataclasses import dataclass, field
from typing import NewType, Optional


# Discriminated union with custom member names
@dataclass
class Struct:
    # +k8s:unionDiscriminator
    d: D

    # +k8s:unionMember(memberName: "CustomM1")
    # +k8s:optional
    M1: Optional[M1] = field(metadata={"json": "m1"})

    # +k8s:unionMember(memberName: "CustomM2")
    # +k8s:optional
    M2: Optional[M2] = field(metadata={"json": "m2"})


D = NewType("D", str)

DM1 = D("CustomM1")
DM2 = D("CustomM2")


@dataclass
class M1:
    pass


@dataclass
class M2:
    pass
