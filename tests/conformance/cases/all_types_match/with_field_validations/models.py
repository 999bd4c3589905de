# Note: this selects all types in the package.
# +k8s:validation-gen=*
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class T1:
    # +k8s:validateFalse="field T1.S"
    s: str
    # +k8s:validateFalse="field T1.T2"
    t2: T2
    # +k8s:validateFalse="field T1.T3"
    t3: T3


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
