# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


@dataclass
class StructWithMaps:
    # +k8s:eachVal=+k8s:validateFalse="field MapTest.MapPrimitiveField[*]"
    mapPrimitiveField: dict[str, str]

    # +k8s:eachVal=+k8s:validateFalse="field MapTest.MapTypedefField[*]"
    mapTypedefField: dict[str, StringType]

    # +k8s:eachVal=+k8s:validateFalse="field MapTest.MapComparableStructField[*]"
    mapComparableStructField: dict[str, ComparableStruct]

    # +k8s:eachVal=+k8s:validateFalse="field MapTest.MapNonComparableStructField[*]"
    mapNonComparableStructField: dict[str, NonComparableStruct]


StringType = NewType("StringType", str)


@dataclass
class ComparableStruct:
    intField: int


@dataclass
class NonComparableStruct:
    intPtrField: Optional[int]
