from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


# Empty discriminated union
@dataclass
class Struct:
    # +k8s:unionDiscriminator
    d: D


D = NewType("D", str)
