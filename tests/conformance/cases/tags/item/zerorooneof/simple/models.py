# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Struct:
    # +k8s:listType=map
    # +k8s:listMapKey=name
    # +k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
    # +k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
    tasks: list[Task]


@dataclass
class Task:
    name: str
    state: str
