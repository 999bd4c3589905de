from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:neq=true
    neqTrueField: bool

    # +k8s:neq=false
    neqFalsePtrField: Optional[bool]

    validatedTypedefField: ValidatedBoolType


# +k8s:neq=true
ValidatedBoolType = NewType("ValidatedBoolType", bool)
