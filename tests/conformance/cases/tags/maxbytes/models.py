from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:maxBytes=0
    max0Field: str

    # +k8s:maxBytes=0
    max0PtrField: Optional[str]

    # +k8s:maxBytes=10
    max10Field: str

    # +k8s:maxBytes=10
    max10PtrField: Optional[str]

    # +k8s:maxBytes=0
    max0UnvalidatedTypedefField: UnvalidatedStringType

    # +k8s:maxBytes=0
    max0UnvalidatedTypedefPtrField: Optional[UnvalidatedStringType]

    # +k8s:maxBytes=10
    max10UnvalidatedTypedefField: UnvalidatedStringType

    # +k8s:maxBytes=10
    max10UnvalidatedTypedefPtrField: Optional[UnvalidatedStringType]

    # Note: no validation here
    max0ValidatedTypedefField: Max0Type

    # Note: no validation here
    max0ValidatedTypedefPtrField: Optional[Max0Type]

    # Note: no validation here
    max10ValidatedTypedefField: Max10Type

    # Note: no validation here
    max10ValidatedTypedefPtrField: Optional[Max10Type]


# Note: no validation here
UnvalidatedStringType = NewType("UnvalidatedStringType", str)

# +k8s:maxBytes=0
Max0Type = NewType("Max0Type", str)

# +k8s:maxBytes=10
Max10Type = NewType("Max10Type", str)
