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


# +k8s:enum
class EnumWithExclude(str, Enum):
    EnumWithExclude1 = "enumWithExclude1"
    # +k8s:enumExclude
    EnumWithExclude2 = "enumWithExclude2"


# +k8s:enum
class ConditionalEnum(str, Enum):
    # +k8s:ifEnabled(FeatureA)=+k8s:enumExclude
    ConditionalA = "A"
    # +k8s:ifDisabled(FeatureB)=+k8s:enumExclude
    ConditionalB = "B"
    ConditionalC = "C"
    # +k8s:ifEnabled(FeatureA)=+k8s:enumExclude
    # +k8s:ifEnabled(FeatureB)=+k8s:enumExclude
    ConditionalD = "D"
    # +k8s:ifDisabled(FeatureC)=+k8s:enumExclude
    # +k8s:ifDisabled(FeatureD)=+k8s:enumExclude
    ConditionalE = "E"
    # +k8s:ifDisabled(FeatureC)=+k8s:enumExclude
    # +k8s:ifEnabled(FeatureD)=+k8s:enumExclude
    ConditionalF = "F"


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
    enumWithExcludeField: EnumWithExclude
    enumWithExcludePtrField: Optional[EnumWithExclude]


@dataclass
class ConditionalStruct:
    conditionalEnumField: ConditionalEnum
    conditionalEnumPtrField: Optional[ConditionalEnum]
