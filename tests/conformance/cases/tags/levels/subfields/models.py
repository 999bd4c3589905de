# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Struct:
    # +k8s:alpha=+k8s:subfield(inner)=+k8s:minimum=5
    subfield: SubStruct

    # +k8s:beta=+k8s:subfield(inner)=+k8s:minimum=5
    subfieldBeta: SubStruct

    # +k8s:alpha=+k8s:subfield(z1)=+k8s:zeroOrOneOfMember
    # +k8s:alpha=+k8s:subfield(z2)=+k8s:zeroOrOneOfMember
    unionField: SubUnion


@dataclass
class SubStruct:
    inner: int


@dataclass
class SubUnion:
    z1: Optional[int]
    z2: Optional[int]
