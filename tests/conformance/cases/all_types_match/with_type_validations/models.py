# Note: this selects all types in the package.
# +k8s:validation-gen=*
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


# +k8s:validateFalse="type T1"
@dataclass
class T1:
    # +k8s:validateFalse="field T1.S"
    s: str


# Note: this has no validations.
@dataclass
class T2:
    pass


# +k8s:validateFalse="type E1"
E1 = NewType("E1", str)

# Note: this has no validations.
E2 = NewType("E2", str)
