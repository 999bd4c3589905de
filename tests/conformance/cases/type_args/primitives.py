# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class T1:
    # +k8s:validateFalse="field T1.S"
    s: str
    # +k8s:validateFalse="field T1.I"
    i: int
    # +k8s:validateFalse="field T1.B"
    b: bool
    # +k8s:validateFalse="field T1.F"
    f: float

    # +k8s:validateFalse="field T1.T2"
    t2: T2

    # No internal validations.
    t3: T3

    # Duplicate types with no validation.
    anothers: str
    anotheri: int
    anotherb: bool
    anotherf: float
    anothert2: T2


# Note: This has validations and is linked into the type-graph of T1.
@dataclass
class T2:
    # +k8s:validateFalse="field T2.S"
    s: str
    # +k8s:validateFalse="field T2.I"
    i: int
    # +k8s:validateFalse="field T2.B"
    b: bool
    # +k8s:validateFalse="field T2.F"
    f: float


# Note: This has no validations and is linked into the type-graph of T1.
@dataclass
class T3:
    s: str
    i: int
    b: bool
    f: float


# Note: This has validations and is not linked into the type-graph of T1.
@dataclass
class T4:
    # +k8s:validateFalse="field T4.S"
    s: str
    # +k8s:validateFalse="field T4.I"
    i: int
    # +k8s:validateFalse="field T4.B"
    b: bool
    # +k8s:validateFalse="field T4.F"
    f: float


# Note: This has no validations and is not linked into the type-graph of T1.
@dataclass
class T5:
    s: str
    i: int
    b: bool
    f: float
