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
class MultiKeyItem:
    key1: str
    key2: int
    value: int


@dataclass
class ListKeyStruct:
    # Case: Alpha listType, Standard Key
    # +k8s:alpha=+k8s:listType=map
    # +k8s:listMapKey=key
    alphaListTypeStandardKey: list[MapItem]

    # Case: Standard listType, Alpha Key
    # +k8s:listType=map
    # +k8s:alpha=+k8s:listMapKey=key
    standardListTypeAlphaKey: list[MapItem]

    # Case: Alpha listType, Alpha Key
    # +k8s:alpha=+k8s:listType=map
    # +k8s:alpha=+k8s:listMapKey=key
    alphaListTypeAlphaKey: list[MapItem]

    # Case: Standard listType, Alpha Key1, Standard Key2
    # +k8s:listType=map
    # +k8s:alpha=+k8s:listMapKey=key1
    # +k8s:listMapKey=key2
    standardListTypeMixedKeys1: list[MultiKeyItem]

    # Case: Standard listType, Standard Key1, Alpha Key2
    # +k8s:listType=map
    # +k8s:listMapKey=key1
    # +k8s:alpha=+k8s:listMapKey=key2
    standardListTypeMixedKeys2: list[MultiKeyItem]

    # Case: Alpha listType, Alpha Key1, Standard Key2
    # +k8s:alpha=+k8s:listType=map
    # +k8s:alpha=+k8s:listMapKey=key1
    # +k8s:listMapKey=key2
    alphaListTypeMixedKeys1: list[MultiKeyItem]

    # Case: Alpha listType, Standard Key1, Alpha Key2
    # +k8s:alpha=+k8s:listType=map
    # +k8s:listMapKey=key1
    # +k8s:alpha=+k8s:listMapKey=key2
    alphaListTypeMixedKeys2: list[MultiKeyItem]

    # Case: Standard listType, Beta Key1, Standard Key2
    # +k8s:listType=map
    # +k8s:beta=+k8s:listMapKey=key1
    # +k8s:listMapKey=key2
    standardListTypeMixedKeysBeta1: list[MultiKeyItem]

    # Case: Standard listType, Standard Key1, Beta Key2
    # +k8s:listType=map
    # +k8s:listMapKey=key1
    # +k8s:beta=+k8s:listMapKey=key2
    standardListTypeMixedKeysBeta2: list[MultiKeyItem]

    # Case: Beta listType, Beta Key1, Standard Key2
    # +k8s:beta=+k8s:listType=map
    # +k8s:beta=+k8s:listMapKey=key1
    # +k8s:listMapKey=key2
    betaListTypeMixedKeys1: list[MultiKeyItem]

    # Case: Beta listType, Standard Key1, Beta Key2
    # +k8s:beta=+k8s:listType=map
    # +k8s:listMapKey=key1
    # +k8s:beta=+k8s:listMapKey=key2
    betaListTypeMixedKeys2: list[MultiKeyItem]

    # Case: Beta listType, Standard Key
    # +k8s:beta=+k8s:listType=map
    # +k8s:listMapKey=key
    betaListTypeStandardKey: list[MapItem]

    # Case: Standard listType, Beta Key
    # +k8s:listType=map
    # +k8s:beta=+k8s:listMapKey=key
    standardListTypeBetaKey: list[MapItem]

    # Case: Beta listType, Beta Key
    # +k8s:beta=+k8s:listType=map
    # +k8s:beta=+k8s:listMapKey=key
    betaListTypeBetaKey: list[MapItem]
