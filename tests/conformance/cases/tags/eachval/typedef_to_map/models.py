# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional


UnvalidatedType = NewType("UnvalidatedType", dict[str, str])

# +k8s:eachVal=+k8s:validateFalse="type MapType[*]"
MapType = NewType("MapType", dict[str, str])

UnvalidatedPtrType = NewType("UnvalidatedPtrType", dict[str, Optional[str]])

# +k8s:validateFalse="type StringType"
StringType = NewType("StringType", str)

# +k8s:eachVal=+k8s:validateFalse="type MapTypedefType[*]"
MapTypedefType = NewType("MapTypedefType", dict[str, StringType])


# +k8s:validateFalse="type Struct"
@dataclass
class Struct:
    # +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*]"
    mapField: MapType
    # +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
    mapTypedefField: MapTypedefType
