from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:neq=0
    intField: int

    # +k8s:neq=-1
    intPtrField: Optional[int]

    # +k8s:neq=42
    intTypedefField: IntType

    validatedTypedefField: ValidatedIntType


IntType = NewType("IntType", int)

# +k8s:neq=100
ValidatedIntType = NewType("ValidatedIntType", int)
