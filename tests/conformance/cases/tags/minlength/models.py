from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:alpha=+k8s:minLength=0
    # +k8s:optional
    min0PtrField: Optional[str]

    # +k8s:alpha=+k8s:minLength=2
    # +k8s:optional
    min2Field: str

    # +k8s:alpha=+k8s:minLength=2
    # +k8s:optional
    min2PtrField: Optional[str]

    # +k8s:alpha=+k8s:minLength=10
    # +k8s:optional
    min10Field: str

    # +k8s:alpha=+k8s:minLength=10
    # +k8s:optional
    min10PtrField: Optional[str]

    # +k8s:alpha=+k8s:minLength=2
    # +k8s:optional
    min2UnvalidatedTypedefField: UnvalidatedStringType

    # +k8s:alpha=+k8s:minLength=2
    # +k8s:optional
    min2UnvalidatedTypedefPtrField: Optional[UnvalidatedStringType]

    # +k8s:alpha=+k8s:minLength=10
    # +k8s:optional
    min10UnvalidatedTypedefField: UnvalidatedStringType

    # +k8s:alpha=+k8s:minLength=10
    # +k8s:optional
    min10UnvalidatedTypedefPtrField: Optional[UnvalidatedStringType]

    # Note: no minlength validation here
    # +k8s:optional
    min2ValidatedTypedefField: Min2Type

    # Note: no minlength validation here
    # +k8s:optional
    min2ValidatedTypedefPtrField: Optional[Min2Type]

    # Note: no minlength validation here
    # +k8s:optional
    min10ValidatedTypedefField: Min10Type

    # Note: no minlength validation here
    # +k8s:optional
    min10ValidatedTypedefPtrField: Optional[Min10Type]

    # +k8s:alpha=+k8s:minLength=2
    # +k8s:optional
    min2UnvalidatedStringAliasField: UnvalidatedStringAlias

    # +k8s:alpha=+k8s:minLength=2
    # +k8s:optional
    min2UnvalidatedStringAliasPtrField: Optional[UnvalidatedStringAlias]


# Note: no validation here
UnvalidatedStringType = NewType("UnvalidatedStringType", str)

# Note: no validation here.
# Go type alias (`type UnvalidatedStringAlias = string`): identical to str, not a new type.
UnvalidatedStringAlias = str

# +k8s:alpha=+k8s:minLength=2
Min2Type = NewType("Min2Type", str)

# +k8s:alpha=+k8s:minLength=10
Min10Type = NewType("Min10Type", str)
