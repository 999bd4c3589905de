# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


@dataclass
class T1:
    # +k8s:validateFalse="field T1.S"
    s: str
    # +k8s:validateFalse="field T1.T2"
    t2: T2
    # +k8s:validateFalse="field T1.T3"
    t3: T3

    # +k8s:validateFalse="field T1.E1"
    e1: E1
    # +k8s:validateFalse="field T1.E2"
    e2: E2


# Note: this has validations and is linked into T1.
@dataclass
class T2:
    # +k8s:validateFalse="field T2.S"
    s: str


# Note: this has no validations and is linked into T1.
@dataclass
class T3:
    s: str


# Note: this has validations and is not linked into T1.
@dataclass
class T4:
    # +k8s:validateFalse="field T4.S"
    s: str


# Note: this has no validations and is not linked into T1.
@dataclass
class T5:
    s: str


# Note: this has validations and is linked into T1.
# +k8s:validateFalse="type E1"
E1 = NewType("E1", str)

# Note: this has no validations and is linked into T1.
E2 = NewType("E2", str)

# Note: this has validations and is not linked into T1.
# +k8s:validateFalse="field type E3"
E3 = NewType("E3", str)

# Note: this has no validations and is not linked into T1.
E4 = NewType("E4", str)
