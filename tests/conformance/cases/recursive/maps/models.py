# +k8s:validation-gen=*
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass

# This test case is carefully constructed to test recursion. We don't want to
# add more `validateFalse` tags because the bug that motivated this test
# wasn't looking deep enough into the recursion tree.
#
# Expectations:
# * We should emit validation for T1 because T3 has validation.
# * We should emit validation for T2 because it uses T1, which has validation.
# * We should emit validation for T3 because it has validation.
# * We should emit validation for T4 because it uses T3, which has validation.
# * T1 should call T2 and T3.
# * T2 should call eachVal(T1).
# * T3 should call T4.
# * T4 should call eachVal(T3).
# * T5 and T6 hold a map of themselves, reached via T1 so the map type is
#   still being discovered when its own field is processed.


@dataclass
class T1:
    t2: T2
    t3: T3
    t5: dict[str, T5]
    t6: dict[str, T6]


@dataclass
class T2:
    mt1: dict[str, T1]


# +k8s:validateFalse="type T3"
@dataclass
class T3:
    t4: T4


@dataclass
class T4:
    mt3: dict[str, T3]


@dataclass
class T5:
    # +k8s:validateFalse="type T5.T5"
    t5: dict[str, T5]


@dataclass
class T6:
    # +k8s:validateFalse="type T6.S"
    s: str
    t6: dict[str, T6]
