# +k8s:validation-gen=*
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass, field

# Go unexported (lower-case) struct fields are written as underscore-prefixed
# attributes: they are not part of the serialized object, and validation-gen
# does not validate them. The unexported Go type `private` keeps its name.


@dataclass
class T1:
    # +k8s:validateFalse="field T1.Public"
    public: str

    # +k8s:validateFalse="field T1.private"
    _private: str = field(metadata={"json": "private"})


@dataclass
class private:
    # +k8s:validateFalse="field private.Public"
    public: str

    # +k8s:validateFalse="field private.private"
    _private: str = field(metadata={"json": "private"})
