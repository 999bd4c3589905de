from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


# Note: no validation here
UnvalidatedType = NewType("UnvalidatedType", list[int])

# +k8s:maxItems=0
Max0Type = NewType("Max0Type", list[int])

# +k8s:maxItems=10
Max10Type = NewType("Max10Type", list[int])

# Note: no validation here
UnvalidatedPtrType = NewType("UnvalidatedPtrType", list[Optional[int]])

SliceType = NewType("SliceType", list[int])

# +k8s:maxItems=0
Max0TypedefType = NewType("Max0TypedefType", SliceType)

# +k8s:maxItems=10
Max10TypedefType = NewType("Max10TypedefType", SliceType)


@dataclass
class Struct:
    unvalidatedField: UnvalidatedType

    max0Field: Max0Type

    max10Field: Max10Type

    max0TypedefField: Max0TypedefType

    max10TypedefField: Max10TypedefType
