# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


# Go: T1 embeds `T2 json:""` and `*T3 json:""`. An embedded field whose json
# tag has an empty name is NOT inlined by validation-gen: it is validated as a
# child named after the Go field ("T2", "T3"), so they are written here as
# ordinary fields named after the Go field (no "inline").
@dataclass
class T1:
    # NOTE: It's weird to have IntField in both, but Go allows it.
    T2: T2
    T3: Optional[T3]


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
