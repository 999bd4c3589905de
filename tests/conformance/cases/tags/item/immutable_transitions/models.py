# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Struct:
    # +k8s:listType=map
    # +k8s:listMapKey=key1
    # +k8s:item(key1: a)=+k8s:immutable
    # +k8s:item(key1: b)=+k8s:subfield(stringField)=+k8s:immutable
    listField: list[Item]


@dataclass
class Item:
    key1: str
    stringField: str
