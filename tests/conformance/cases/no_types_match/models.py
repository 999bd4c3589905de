# Note: no types match this.
# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


# Go fields without json tags: the attribute is the Go field name.
@dataclass
class T1:
    # +k8s:validateFalse="from field T1.S"
    S: str
    # +k8s:validateFalse="from field T1.T2"
    T2: T2


@dataclass
class T2:
    # +k8s:validateFalse="from field T2.S"
    S: str
