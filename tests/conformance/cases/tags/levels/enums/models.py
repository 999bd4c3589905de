# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

import enum
from dataclasses import dataclass


@dataclass
class Struct:
    enumField: Enum

    enumFieldBeta: BetaEnum


# Note: the Go type is named `Enum`, so the stdlib base is referenced as `enum.Enum`.

# +k8s:alpha=+k8s:enum
class Enum(str, enum.Enum):
    EnumA = "A"


# +k8s:beta=+k8s:enum
class BetaEnum(str, enum.Enum):
    BetaEnumA = "A"
