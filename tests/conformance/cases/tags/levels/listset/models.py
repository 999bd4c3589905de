# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class ListSetStruct:
    # Case: Alpha listType=set
    # +k8s:alpha=+k8s:listType=set
    set: list[ComplexSetItem]

    # Case: Beta listType=set
    # +k8s:beta=+k8s:listType=set
    betaSet: list[ComplexSetItem]

    # Case: Chained subfield validation
    # +k8s:listType=set
    # +k8s:eachVal=+k8s:subfield(value)=+k8s:alpha=+k8s:minimum=10
    chainedSubfieldSet: list[SimpleSetItem]

    # Case: Alpha listType=set, Beta item validation
    # +k8s:alpha=+k8s:listType=set
    setBetaItem: list[ComplexSetItemBeta]

    # Case: Beta listType=set, Beta item validation
    # +k8s:beta=+k8s:listType=set
    betaSetBetaItem: list[ComplexSetItemBeta]

    # Case: Chained subfield validation (Beta)
    # +k8s:listType=set
    # +k8s:eachVal=+k8s:subfield(value)=+k8s:beta=+k8s:minimum=10
    chainedSubfieldSetBeta: list[SimpleSetItem]


@dataclass
class ComplexSetItem:
    # +k8s:alpha=+k8s:minimum=10
    value: int
    stringVal: str


@dataclass
class ComplexSetItemBeta:
    # +k8s:beta=+k8s:minimum=10
    value: int
    stringVal: str


@dataclass
class SimpleSetItem:
    value: int
    stringVal: str
