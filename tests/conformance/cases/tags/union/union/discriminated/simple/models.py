from __future__ import annotations

from dataclasses import dataclass, field
from typing import NewType, Optional


# Discriminated union
@dataclass
class Struct:
    # +k8s:unionDiscriminator
    d: D

    # +k8s:unionMember
    # +k8s:optional
    M1: Optional[M1] = field(metadata={"json": "m1"})

    # +k8s:unionMember
    # +k8s:optional
    M2: Optional[M2] = field(metadata={"json": "m2"})

    # +k8s:unionMember
    # +k8s:optional
    M3: list[str] = field(metadata={"json": "m3"})

    # +k8s:unionMember
    # +k8s:optional
    M4: dict[str, str] = field(metadata={"json": "m4"})


D = NewType("D", str)

DM1 = D("M1")
DM2 = D("M2")
DM3 = D("M3")
DM4 = D("M4")


@dataclass
class M1:
    pass


@dataclass
class M2:
    pass
