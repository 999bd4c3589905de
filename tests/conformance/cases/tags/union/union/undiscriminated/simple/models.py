from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


# Non-discriminated union
@dataclass
class Struct:
    nonUnionField: str

    # +k8s:unionMember
    # +k8s:optional
    M1: Optional[M1] = field(metadata={"json": "m1"})

    # +k8s:unionMember
    # +k8s:optional
    M2: Optional[M2] = field(metadata={"json": "m2"})

    # +k8s:unionMember
    # +k8s:optional
    M3: str = field(metadata={"json": "m3"})

    # +k8s:unionMember
    # +k8s:optional
    M4: Optional[str] = field(metadata={"json": "m4"})

    # +k8s:unionMember
    # +k8s:optional
    M5: list[str] = field(metadata={"json": "m5"})

    # +k8s:unionMember
    # +k8s:optional
    M6: dict[str, str] = field(metadata={"json": "m6"})


@dataclass
class M1:
    pass


@dataclass
class M2:
    pass
