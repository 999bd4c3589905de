# +k8s:validation-gen=TypesWithSuffix=Request
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


@dataclass
class StructRequest:
    # +k8s:validateFalse="field StructRequest.S"
    s: str

    # +k8s:validateFalse="field StructRequest.T2"
    t2: T2

    # No internal validations.
    t3: T3


# Note: This has validations and is linked into the type-graph of StructRequest.
@dataclass
class T2:
    # +k8s:validateFalse="field T2.I"
    i: int


# Note: This has no validations and is linked into the type-graph of StructRequest.
@dataclass
class T3:
    b: bool
    f: float


# Note: This has validations and is not linked into the type-graph of
# StructRequest.
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


# +k8s:validateFalse="type EnumRequest"
EnumRequest = NewType("EnumRequest", str)
