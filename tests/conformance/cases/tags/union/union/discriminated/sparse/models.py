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

    # Note: no M2 field to match the M2 discriminator.


D = NewType("D", str)

DM1 = D("M1")
DM2 = D("M2")


@dataclass
class M1:
    pass
