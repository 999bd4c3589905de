# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional

# +k8s:validateFalse="type E1"
E1 = NewType("E1", str)

# +k8s:validateFalse="type E2"
E2 = NewType("E2", int)

# +k8s:validateFalse="type E3"
E3 = NewType("E3", E1)


# +k8s:validateFalse="type T1"
@dataclass
class T1:
    # +k8s:validateFalse="field T1.E1"
    e1: E1
    # +k8s:validateFalse="field T1.PE1"
    pe1: Optional[E1]

    # +k8s:validateFalse="field T1.E2"
    e2: E2
    # +k8s:validateFalse="field T1.PE2"
    pe2: Optional[E2]

    # +k8s:validateFalse="field T1.E3"
    e3: E3
    # +k8s:validateFalse="field T1.PE3"
    pe3: Optional[E3]

    # +k8s:validateFalse="field T1.E4"
    e4: E4
    # +k8s:validateFalse="field T1.PE4"
    pe4: Optional[E4]

    # +k8s:validateFalse="field T1.T2"
    t2: T2
    # +k8s:validateFalse="field T1.PT2"
    pt2: Optional[T2]


# +k8s:validateFalse="type T2"
@dataclass
class T2:
    # +k8s:validateFalse="field T2.S"
    s: str


# +k8s:validateFalse="type E4"
E4 = NewType("E4", T2)
