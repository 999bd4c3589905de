# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class T1:
    # +k8s:validateFalse="field T1.PS"
    ps: Optional[str]
    # +k8s:validateFalse="field T1.PI"
    pi: Optional[int]
    # +k8s:validateFalse="field T1.PB"
    pb: Optional[bool]
    # +k8s:validateFalse="field T1.PF"
    pf: Optional[float]

    # +k8s:validateFalse="field T1.PT2"
    pt2: Optional[T2]

    # Duplicate types with no validation.
    anotherps: Optional[str]
    anotherpi: Optional[int]
    anotherpb: Optional[bool]
    anotherpf: Optional[float]


# Note: This has validations and is linked into the type-graph of T1.
@dataclass
class T2:
    # +k8s:validateFalse="field T2.PS"
    ps: Optional[str]
    # +k8s:validateFalse="field T2.PI"
    pi: Optional[int]
    # +k8s:validateFalse="field T2.PB"
    pb: Optional[bool]
    # +k8s:validateFalse="field T2.PF"
    pf: Optional[float]
