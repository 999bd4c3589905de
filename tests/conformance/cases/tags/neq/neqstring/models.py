from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:neq="disallowed-string"
    stringField: str

    # +k8s:neq="disallowed-pointer"
    stringPtrField: Optional[str]

    # +k8s:neq="disallowed-typedef"
    stringTypedefField: StringType

    # +k8s:neq="disallowed-typedef-pointer"
    stringTypedefPtrField: Optional[StringType]

    validatedTypedefField: ValidatedStringType
    validatedTypedefPtrField: Optional[ValidatedStringType]


StringType = NewType("StringType", str)

# +k8s:neq="disallowed-on-type"
ValidatedStringType = NewType("ValidatedStringType", str)
