# +k8s:validation-gen=*
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

# This test case is carefully constructed to test recursion. We don't want to
# add more `validateFalse` tags because we want to test the recursion.
#
# Expectations:
# * We should emit validation for T1 because it uses T2 which uses T3, which has validation.
# * We should emit validation for T2 because it uses T3, which has validation.
# * We should emit validation for T3 because it has validation.
# * We should NOT emit validation for T4.
# * T1 should call optional(T1), T2 and optional(T2).
# * T2 should call optional(T1), optional(T2), and optional(T3).


@dataclass
class T1:
    # +k8s:optional
    pt1: Optional[T1]

    t2: T2

    # +k8s:optional
    pt2: Optional[T2]


@dataclass
class T2:
    # +k8s:optional
    pt1: Optional[T1]

    # +k8s:optional
    pt2: Optional[T2]

    # +k8s:optional
    pt3: Optional[T3]


# +k8s:validateFalse="type T3"
@dataclass
class T3:
    i: int


# NOTE: no validations.
@dataclass
class T4:
    # NOTE: no validations.
    pt4: Optional[T4]
