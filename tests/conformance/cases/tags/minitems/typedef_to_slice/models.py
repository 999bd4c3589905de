from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


# Note: no validation here
UnvalidatedType = NewType("UnvalidatedType", list[int])

# +k8s:minItems=0
Min0Type = NewType("Min0Type", list[int])

# +k8s:minItems=10
Min10Type = NewType("Min10Type", list[int])

# Note: no validation here
UnvalidatedPtrType = NewType("UnvalidatedPtrType", list[Optional[int]])

SliceType = NewType("SliceType", list[int])

# +k8s:minItems=0
Min0TypedefType = NewType("Min0TypedefType", SliceType)

# +k8s:minItems=10
Min10TypedefType = NewType("Min10TypedefType", SliceType)


@dataclass
class Struct:
    unvalidatedField: UnvalidatedType

    min0Field: Min0Type

    min10Field: Min10Type

    min0TypedefField: Min0TypedefType

    min10TypedefField: Min10TypedefType
