# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation:internal
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


# +k8s:format=k8s-prefixed-label-key
PrefixedLabelKeyStringType = NewType("PrefixedLabelKeyStringType", str)


@dataclass
class Struct:
    # +k8s:format=k8s-prefixed-label-key
    prefixedLabelKeyField: str
    # +k8s:format=k8s-prefixed-label-key
    prefixedLabelKeyPtrField: Optional[str]
    prefixedLabelKeyTypedefField: PrefixedLabelKeyStringType
