# A non-registering copy of ../types' validators, selecting all types via *.
# +k8s:validation-gen=*
# +k8s:validation-gen-input=k8s.io/code-generator/cmd/validation-gen/output_tests/multiple_packages/types
# +k8s:validation-gen-scheme-registry=nil
# +k8s:validation-gen-nolint
#
# The Go package generates validators for the types of the input package
# multiple_packages/types (validation-gen-input); those types are written here.
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class T1:
    # +k8s:validateFalse="field T1.T2"
    t2: T2

    # +k8s:eachVal=+k8s:validateFalse="field T1.List[*]"
    list: list[T2]


@dataclass
class T2:
    # +k8s:validateFalse="field T2.S"
    s: str


# T3 has no TypeMeta, so only external's validation-gen=* selects it.
@dataclass
class T3:
    # +k8s:validateFalse="field T3.S"
    s: str
