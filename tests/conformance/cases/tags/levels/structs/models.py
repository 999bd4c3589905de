# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class MixedStruct:
    # +k8s:minimum=5
    # +k8s:alpha=+k8s:minimum=10
    intField: int

    # +k8s:minimum=5
    # +k8s:beta=+k8s:minimum=10
    intFieldBeta: int

    # +k8s:maxItems=5
    # +k8s:alpha=+k8s:maxItems=3
    listField: list[str]

    # +k8s:maxItems=5
    # +k8s:beta=+k8s:maxItems=3
    listFieldBeta: list[str]


@dataclass
class ConditionalStruct:
    # +k8s:alpha=+k8s:ifEnabled(MyFeature)=+k8s:minimum=10
    conditionalField: int

    # +k8s:beta=+k8s:ifEnabled(MyFeature)=+k8s:minimum=10
    conditionalFieldBeta: int

    # +k8s:alpha=+k8s:alpha=+k8s:minimum=20
    recursiveAlpha: int

    # +k8s:beta=+k8s:beta=+k8s:minimum=20
    recursiveBeta: int
