"""Types of cmd/validation-gen/output_tests/tags/options/unions (package unions).

Union member names default to the Go field name, so members are named after the Go
field with the JSON name in metadata.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Struct:
    unionField: Union
    unionFieldDisabled: UnionDisabled

    zeroOrOneOfField: ZeroOrOneOf
    zeroOrOneOfFieldDisabled: ZeroOrOneOfDisabled

    # +k8s:listType=map
    # +k8s:listMapKey=name
    # +k8s:ifEnabled(FeatureX)=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
    # +k8s:ifEnabled(FeatureX)=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
    zeroOrOneOfItem: list[Task]

    # +k8s:listType=map
    # +k8s:listMapKey=name
    # +k8s:ifDisabled(FeatureX)=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
    # +k8s:ifDisabled(FeatureX)=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
    zeroOrOneOfItemDisabled: list[Task]


@dataclass
class Task:
    name: str
    state: str


@dataclass
class Union:
    # +k8s:ifEnabled(FeatureX)=+k8s:unionDiscriminator
    discriminator: str

    # +k8s:ifEnabled(FeatureX)=+k8s:unionMember
    XEnabledField: str = field(metadata={"json": "xEnabledField"})

    # +k8s:ifEnabled(FeatureX)=+k8s:unionMember
    XDisabledField: str = field(metadata={"json": "xDisabledField"})


@dataclass
class UnionDisabled:
    # +k8s:ifDisabled(FeatureX)=+k8s:unionDiscriminator
    discriminator: str

    # +k8s:ifDisabled(FeatureX)=+k8s:unionMember
    XEnabledField: str = field(metadata={"json": "xEnabledField"})

    # +k8s:ifDisabled(FeatureX)=+k8s:unionMember
    XDisabledField: str = field(metadata={"json": "xDisabledField"})


@dataclass
class ZeroOrOneOf:
    # +k8s:ifEnabled(FeatureX)=+k8s:zeroOrOneOfMember
    XEnabledField: str = field(metadata={"json": "xEnabledField"})

    # +k8s:ifEnabled(FeatureX)=+k8s:zeroOrOneOfMember
    XDisabledField: str = field(metadata={"json": "xDisabledField"})


@dataclass
class ZeroOrOneOfDisabled:
    # +k8s:ifDisabled(FeatureX)=+k8s:zeroOrOneOfMember
    XEnabledField: str = field(metadata={"json": "xEnabledField"})

    # +k8s:ifDisabled(FeatureX)=+k8s:zeroOrOneOfMember
    XDisabledField: str = field(metadata={"json": "xDisabledField"})
