# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Struct:
    # +k8s:optional
    # +k8s:dependentRequired("dependent")
    trigger: Optional[str]
    # +k8s:optional
    dependent: Optional[str]
    # +k8s:optional
    otherField: Optional[str]


@dataclass
class MultiDependent:
    # +k8s:optional
    # +k8s:dependentRequired("dependentA")
    # +k8s:dependentRequired("dependentB")
    trigger: Optional[str]
    # +k8s:optional
    dependentA: Optional[str]
    # +k8s:optional
    dependentB: Optional[str]


@dataclass
class MultiTrigger:
    # +k8s:optional
    # +k8s:dependentRequired("dependent")
    triggerA: Optional[str]
    # +k8s:optional
    # +k8s:dependentRequired("dependent")
    triggerB: Optional[str]
    # +k8s:optional
    dependent: Optional[str]


@dataclass
class AllKinds:
    # +k8s:optional
    # +k8s:dependentRequired("ptrDep")
    ptrTrigger: Optional[str]
    # +k8s:optional
    ptrDep: Optional[str]
    # +k8s:optional
    # +k8s:dependentRequired("sliceDep")
    sliceTrigger: list[str]
    # +k8s:optional
    sliceDep: list[str]
    # +k8s:optional
    # +k8s:dependentRequired("mapDep")
    mapTrigger: dict[str, str]
    # +k8s:optional
    mapDep: dict[str, str]
    # +k8s:optional
    # +k8s:dependentRequired("intDep")
    intTrigger: int
    # +k8s:optional
    intDep: int
