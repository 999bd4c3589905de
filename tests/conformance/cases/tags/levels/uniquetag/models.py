# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class UniqueStruct:
    # +k8s:listType=atomic
    # +k8s:alpha=+k8s:unique=set
    alphaUniqueSet: list[str]

    # +k8s:listType=atomic
    # +k8s:beta=+k8s:unique=set
    betaUniqueSet: list[str]
