# Note: this selects all types in the package.
# +k8s:validation-gen=*
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType


@dataclass
class T1:
    pass


@dataclass
class T2:
    pass


E1 = NewType("E1", str)

E2 = NewType("E2", str)
