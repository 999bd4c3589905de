# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


# +k8s:format=k8s-resource-fully-qualified-name
FullyQualifiedNameStringType = NewType("FullyQualifiedNameStringType", str)


@dataclass
class Struct:
    # +k8s:format=k8s-resource-fully-qualified-name
    fullyQualifiedNameField: str
    # +k8s:format=k8s-resource-fully-qualified-name
    fullyQualifiedNamePtrField: Optional[str]
    fullyQualifiedNameTypedefField: FullyQualifiedNameStringType
