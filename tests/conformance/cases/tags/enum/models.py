# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NewType, Optional


# +k8s:enum
class Enum0(str, Enum):
    pass


# +k8s:enum
class Enum1(str, Enum):
    E1V1 = "e1v1"


# +k8s:enum
class Enum2(str, Enum):
    E2V1 = "e2v1"
    E2V2 = "e2v2"


# Go `type NotEnum Enum2`: NOT an enum (Go elides the intermediate typedef; modelled as NotEnum -> string).
NotEnum = NewType("NotEnum", Enum2)


@dataclass
class Struct:
    enum0Field: Enum0
    enum0PtrField: Optional[Enum0]
    enum1Field: Enum1
    enum1PtrField: Optional[Enum1]
    enum2Field: Enum2
    enum2PtrField: Optional[Enum2]
    notEnumField: NotEnum
    notEnumPtrField: Optional[NotEnum]
