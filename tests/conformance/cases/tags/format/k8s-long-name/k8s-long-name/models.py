# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


# +k8s:format=k8s-long-name
LongNameStringType = NewType("LongNameStringType", str)


@dataclass
class Struct:
    # +k8s:format=k8s-long-name
    longNameField: str
    # +k8s:format=k8s-long-name
    longNamePtrField: Optional[str]
    longNameTypedefField: LongNameStringType
