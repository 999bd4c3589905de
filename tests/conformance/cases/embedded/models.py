# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


# Go: T1 embeds `T2 json:""` and `*T3 json:""` (an empty json name keeps a field embedded):
# their fields are promoted in JSON, and at the root their paths name the Go type ("T3.stringField").
@dataclass
class T1:
    # NOTE: It's weird to have IntField in both, but Go allows it.
    T2: T2 = field(metadata={"inline": True})
    T3: Optional[T3] = field(metadata={"inline": True})


@dataclass
class T2:
    # +k8s:validateFalse="T2.IntField"
    intField: int


@dataclass
class T3:
    # +k8s:validateFalse="T3.StringField"
    stringField: str

    # +k8s:validateFalse="T3.IntField"
    intField: int
