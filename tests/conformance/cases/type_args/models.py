# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional

from primitives import T1 as primitives_T1


# Explicitly set the type-arg to prove it renders properly.
# NOTE: because of how validation code is generated, these must always be
# pointers, because that is what gets passed around.
@dataclass
class T1:
    # +k8s:validateFalse(typeArg: "k8s.io/code-generator/cmd/validation-gen/output_tests/primitives.T1")="T1.S1"
    s1: Optional[primitives_T1]
    # +k8s:validateFalse(typeArg: "k8s.io/code-generator/cmd/validation-gen/output_tests/primitives.T1")="PT1.PS1"
    ps1: Optional[primitives_T1]

    # +k8s:validateFalse(typeArg: "k8s.io/code-generator/cmd/validation-gen/output_tests/type_args.E1")="T1.E1"
    e1: E1
    # +k8s:validateTrue(typeArg: "k8s.io/code-generator/cmd/validation-gen/output_tests/type_args.E1")="T1.PE1"
    pe1: Optional[E1]

    # +k8s:validateFalse(typeArg: "int")="T1.I1"
    i1: int
    # +k8s:validateTrue(typeArg: "int")="T1.PI1"
    pi1: Optional[int]


# +k8s:validateFalse="type E1"
E1 = NewType("E1", str)
