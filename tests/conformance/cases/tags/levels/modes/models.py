# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class AlphaStruct:
    # +k8s:alpha=+k8s:modeDiscriminator
    d1: str

    # +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    fieldA: Optional[str]

    # +k8s:alpha=+k8s:ifMode("B")=+k8s:required
    fieldB: Optional[str]


@dataclass
class BetaStruct:
    # +k8s:beta=+k8s:modeDiscriminator
    d1: str

    # +k8s:beta=+k8s:ifMode("A")=+k8s:required
    fieldA: Optional[str]

    # +k8s:beta=+k8s:ifMode("B")=+k8s:required
    fieldB: Optional[str]


@dataclass
class MixedLevels:
    # +k8s:modeDiscriminator
    mode: str

    # +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    a: Optional[str]

    # +k8s:beta=+k8s:ifMode("B")=+k8s:required
    b: Optional[str]


@dataclass
class CrossLevels:
    # +k8s:beta=+k8s:modeDiscriminator
    kind: str

    # +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    a: Optional[str]

    # +k8s:alpha=+k8s:ifMode("B")=+k8s:required
    b: Optional[str]


@dataclass
class SameFieldMixed:
    # +k8s:modeDiscriminator
    mode: str

    # +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    # +k8s:beta=+k8s:ifMode("B")=+k8s:required
    value: Optional[str]


# SameValueMixedPayloads tests that multiple payload validations on the same
# discriminator value can have different stability levels.
@dataclass
class SameValueMixedPayloads:
    # +k8s:modeDiscriminator
    mode: str

    # +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    # +k8s:beta=+k8s:ifMode("A")=+k8s:minLength=3
    value: Optional[str]


TypeMeta = NewType("TypeMeta", int)
