"""Types of cmd/validation-gen/output_tests/tags/subfield/shortcircuit (package shortcircuit)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class TargetWithRequired:
    # +k8s:required
    value: Optional[str]


@dataclass
class TargetWithImmutable:
    # +k8s:immutable
    value: str
    other: str


@dataclass
class ParentWithRequired:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithRequired.Field.Value"
    field: TargetWithRequired


@dataclass
class ParentWithImmutable:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithImmutable.Field.Value"
    field: TargetWithImmutable


@dataclass
class ParentWithOpaqueField:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithOpaqueField.Field.Value"
    # +k8s:opaqueType
    field: TargetWithRequired


@dataclass
class ParentWithOpaqueImmutableField:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithOpaqueImmutableField.Field.Value"
    # +k8s:opaqueType
    field: TargetWithImmutable


@dataclass
class ParentWithAlphaOpaqueField:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithAlphaOpaqueField.Field.Value"
    # +k8s:alpha=+k8s:opaqueType
    field: TargetWithRequired


@dataclass
class ParentWithAlphaOpaqueImmutableField:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithAlphaOpaqueImmutableField.Field.Value"
    # +k8s:alpha=+k8s:opaqueType
    field: TargetWithImmutable


# +k8s:opaqueType
AliasOpaqueTargetWithRequired = NewType("AliasOpaqueTargetWithRequired", TargetWithRequired)


@dataclass
class ParentWithOpaqueAlias:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithOpaqueAlias.Field.Value"
    field: AliasOpaqueTargetWithRequired


@dataclass
class ParentWithPointerOpaqueAlias:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithPointerOpaqueAlias.Field.Value"
    field: Optional[AliasOpaqueTargetWithRequired]


# +k8s:opaqueType
AliasOpaqueTargetWithImmutable = NewType("AliasOpaqueTargetWithImmutable", TargetWithImmutable)


@dataclass
class ParentWithOpaqueImmutableAlias:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithOpaqueImmutableAlias.Field.Value"
    field: AliasOpaqueTargetWithImmutable


@dataclass
class ParentWithMultipleShortCircuit:
    # +k8s:required
    # +k8s:subfield(value)=+k8s:immutable
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithMultipleShortCircuit.Field.Value"
    field: Optional[TargetWithRequired]


@dataclass
class TargetWithOptional:
    # +k8s:optional
    value: Optional[str]


@dataclass
class ParentWithOptional:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithOptional.Field.Value"
    field: TargetWithOptional


@dataclass
class ParentWithSubfieldRequiredAndChildOptional:
    # +k8s:subfield(value)=+k8s:required
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithSubfieldRequiredAndChildOptional.Field.Value"
    field: TargetWithOptional


@dataclass
class TargetWithForbidden:
    # +k8s:forbidden
    value: Optional[str]


@dataclass
class ParentWithForbidden:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithForbidden.Field.Value"
    field: TargetWithForbidden


@dataclass
class TargetWithUpdate:
    # +k8s:update=NoModify
    value: str


@dataclass
class ParentWithUpdate:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithUpdate.Field.Value"
    field: TargetWithUpdate


@dataclass
class TargetWithMaxItems:
    # +k8s:maxItems=2
    value: list[str]


@dataclass
class ParentWithMaxItems:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithMaxItems.Field.Value"
    field: TargetWithMaxItems


@dataclass
class TargetWithMaxProperties:
    # +k8s:maxProperties=2
    value: dict[str, str]


@dataclass
class ParentWithMaxProperties:
    # +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithMaxProperties.Field.Value"
    field: TargetWithMaxProperties
