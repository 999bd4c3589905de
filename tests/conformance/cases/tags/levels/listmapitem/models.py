# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class MapItem:
    key: str
    value: int


@dataclass
class InnerItem:
    value: int


@dataclass
class ListMapItemStruct:
    # Case: Standard Item
    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:minimum=10
    standardItem: list[MapItem]

    # Case: Alpha Item tag
    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:alpha=+k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:minimum=10
    alphaItemTag: list[MapItem]

    # Case: Alpha validation
    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:alpha=+k8s:minimum=10
    alphaValidation: list[MapItem]

    # Case: Double Alpha
    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:alpha=+k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:alpha=+k8s:minimum=10
    doubleAlpha: list[MapItem]

    # Case: Beta Item tag
    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:beta=+k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:minimum=10
    betaItemTag: list[MapItem]

    # Case: Beta validation
    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:beta=+k8s:minimum=10
    betaValidation: list[MapItem]

    # Case: Double Beta
    # +k8s:listType=map
    # +k8s:listMapKey=key
    # +k8s:beta=+k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:beta=+k8s:minimum=10
    doubleBeta: list[MapItem]
