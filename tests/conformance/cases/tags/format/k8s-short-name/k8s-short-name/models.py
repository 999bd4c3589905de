# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


# +k8s:format=k8s-short-name
ShortNameStringType = NewType("ShortNameStringType", str)


@dataclass
class Struct:
    # +k8s:format=k8s-short-name
    shortNameField: str
    # +k8s:format=k8s-short-name
    shortNamePtrField: Optional[str]
    shortNameTypedefField: ShortNameStringType
