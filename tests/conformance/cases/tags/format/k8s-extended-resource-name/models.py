# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


# +k8s:format=k8s-extended-resource-name
NameStringType = NewType("NameStringType", str)


# +k8s:validation:Required
@dataclass
class MyType:
    # +k8s:optional
    # +k8s:format=k8s-extended-resource-name
    nameField: str
    # +k8s:optional
    # +k8s:format=k8s-extended-resource-name
    namePtrField: Optional[str]
    nameTypedefField: NameStringType
