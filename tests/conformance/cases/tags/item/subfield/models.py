# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Struct:
    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:item(key: "target")=+k8s:subfield(stringField)=+k8s:validateFalse="item Items[key=target].stringField"
    items: list[Item]

    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:item(key: "ratchet")=+k8s:subfield(status)=+k8s:neq="forbidden"
    ratchetItems: list[RatchetItem]


@dataclass
class Item:
    key: str
    stringField: str


@dataclass
class RatchetItem:
    key: str
    status: str
    version: int
