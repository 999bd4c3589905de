"""Types of cmd/validation-gen/output_tests/tags/options/discriminators (package discriminators)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Struct:
    discriminatorField: Discriminator
    discriminatorFieldDisabled: DiscriminatorDisabled


@dataclass
class Discriminator:
    # +k8s:ifEnabled(FeatureZ)=+k8s:modeDiscriminator
    discriminator: str

    # +k8s:ifEnabled(FeatureZ)=+k8s:ifMode("A")=+k8s:optional
    fieldA: Optional[str]

    # +k8s:ifEnabled(FeatureZ)=+k8s:ifMode("B")=+k8s:optional
    fieldB: Optional[str]


@dataclass
class DiscriminatorDisabled:
    # +k8s:ifDisabled(FeatureZ)=+k8s:modeDiscriminator
    discriminator: str

    # +k8s:ifDisabled(FeatureZ)=+k8s:ifMode("A")=+k8s:optional
    fieldA: Optional[str]

    # +k8s:ifDisabled(FeatureZ)=+k8s:ifMode("B")=+k8s:optional
    fieldB: Optional[str]
