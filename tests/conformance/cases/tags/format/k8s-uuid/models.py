# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


# +k8s:format=k8s-uuid
UUIDStringType = NewType("UUIDStringType", str)


# +k8s:validation:Required
@dataclass
class MyType:
    # +k8s:optional
    # +k8s:format=k8s-uuid
    uuidField: str
    # +k8s:optional
    # +k8s:format=k8s-uuid
    uuidPtrField: Optional[str]
    uuidTypedefField: UUIDStringType
