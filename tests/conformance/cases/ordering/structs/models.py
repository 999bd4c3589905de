# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Tother:
    # +k8s:validateFalse="Tother, no flags"
    os: str


# Treat these as 4 bits, and ensure all combinations
#   bit 0: no flags
#   bit 1: ShortCircuit


# Note: No validations.
@dataclass
class T00:
    s: str
    ps: Optional[str]
    t: Tother
    pt: Optional[Tother]


# +k8s:validateFalse="T01, no flags"
@dataclass
class T01:
    # +k8s:validateFalse="T01.S, no flags"
    s: str
    # +k8s:validateFalse="T01.PS, no flags"
    ps: Optional[str]
    # +k8s:validateFalse="T01.T, no flags"
    t: Tother
    # +k8s:validateFalse="T01.PT, no flags"
    pt: Optional[Tother]


# +k8s:validateFalse(flags: "ShortCircuit")="T02, ShortCircuit"
@dataclass
class T02:
    # +k8s:validateFalse(flags: "ShortCircuit")="T02.S, ShortCircuit"
    s: str
    # +k8s:validateFalse(flags: "ShortCircuit")="T02.PS, ShortCircuit"
    ps: Optional[str]
    # +k8s:validateFalse(flags: "ShortCircuit")="T02.T, ShortCircuit"
    t: Tother
    # +k8s:validateFalse(flags: "ShortCircuit")="T02.PT, ShortCircuit"
    pt: Optional[Tother]


# +k8s:validateFalse="T03, no flags"
# +k8s:validateFalse(flags: "ShortCircuit")="T03, ShortCircuit"
@dataclass
class T03:
    # +k8s:validateFalse="T03.S, no flags"
    # +k8s:validateFalse(flags: "ShortCircuit")="T03.S, ShortCircuit"
    s: str
    # +k8s:validateFalse="T03.PS, no flags"
    # +k8s:validateFalse(flags: "ShortCircuit")="T03.PS, ShortCircuit"
    ps: Optional[str]
    # +k8s:validateFalse="T03.T, no flags"
    # +k8s:validateFalse(flags: "ShortCircuit")="T03.T, ShortCircuit"
    t: Tother
    # +k8s:validateFalse="T03.PT, no flags"
    # +k8s:validateFalse(flags: "ShortCircuit")="T03.PT, ShortCircuit"
    pt: Optional[Tother]


# Note: these are intentionally in the wrong final order.
# +k8s:validateFalse="TMultiple, no flags 1"
# +k8s:validateFalse(flags: "ShortCircuit")="TMultiple, ShortCircuit 1"
# +k8s:validateFalse="T0, string payload"
# +k8s:validateFalse="TMultiple, no flags 2"
# +k8s:validateFalse(flags: "ShortCircuit")="TMultiple, ShortCircuit 2"
@dataclass
class TMultiple:
    # +k8s:validateFalse="TMultiple.S, no flags 1"
    # +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.S, ShortCircuit 1"
    # +k8s:validateFalse="T0, string payload"
    # +k8s:validateFalse="TMultiple.S, no flags 2"
    # +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.S, ShortCircuit 2"
    s: str
    # +k8s:validateFalse="TMultiple.PS, no flags 1"
    # +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.PS, ShortCircuit 1"
    # +k8s:validateFalse="T0, string payload"
    # +k8s:validateFalse="TMultiple.PS, no flags 2"
    # +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.PS, ShortCircuit 2"
    ps: Optional[str]
    # +k8s:validateFalse="TMultiple.T, no flags 1"
    # +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.T, ShortCircuit 1"
    # +k8s:validateFalse="T0, string payload"
    # +k8s:validateFalse="TMultiple.T, no flags 2"
    # +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.T, ShortCircuit 2"
    t: Tother
    # +k8s:validateFalse="TMultiple.PT, no flags 1"
    # +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.PT, ShortCircuit 1"
    # +k8s:validateFalse="T0, string payload"
    # +k8s:validateFalse="TMultiple.PT, no flags 2"
    # +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.PT, ShortCircuit 2"
    pt: Optional[Tother]
