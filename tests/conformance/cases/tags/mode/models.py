from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class StrictUnion:
    # +k8s:modeDiscriminator
    d1: str

    # +k8s:ifMode("A")=+k8s:required
    fieldA: Optional[str]

    # +k8s:ifMode("B")=+k8s:required
    fieldB: Optional[str]


@dataclass
class SharedField:
    # +k8s:modeDiscriminator
    d1: str

    # Valid in A and B, implicitly forbidden in C.
    # +k8s:ifMode("A")=+k8s:optional
    # +k8s:ifMode("B")=+k8s:optional
    fieldA: Optional[str]


@dataclass
class ChainedValidation:
    # +k8s:modeDiscriminator
    d1: str

    # In mode A, it is required AND must have maxLength 5.
    # +k8s:ifMode("A")=+k8s:required
    # +k8s:ifMode("A")=+k8s:maxLength=5
    fieldA: Optional[str]


@dataclass
class ImplicitForbidden:
    # +k8s:modeDiscriminator
    d1: str

    # Field is only mentioned for mode A. Mode B should implicitly forbid it.
    # +k8s:ifMode("A")=+k8s:optional
    fieldA: Optional[str]


@dataclass
class NonStringDiscriminator:
    # +k8s:modeDiscriminator(modality:"Bool")
    d1: bool

    # +k8s:ifMode(modality:"Bool", mode:"true")=+k8s:required
    fieldA: Optional[str]


@dataclass
class MultipleDiscriminators:
    # +k8s:modeDiscriminator(modality:"D1")
    d1: str

    # +k8s:modeDiscriminator(modality:"D2")
    d2: str

    # +k8s:ifMode(modality:"D1", mode:"A")=+k8s:required
    fieldA: Optional[str]

    # +k8s:ifMode(modality:"D2", mode:"B")=+k8s:required
    fieldB: Optional[str]


@dataclass
class Collections:
    # +k8s:modeDiscriminator
    d1: str

    # +k8s:ifMode("A")=+k8s:optional
    listField: list[str]

    # +k8s:ifMode("A")=+k8s:optional
    mapField: dict[str, str]
