# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class MapValidationStruct:
    # Case: Standard eachVal
    # +k8s:eachVal=+k8s:maxLength=2
    standardEachVal: dict[str, str]

    # Case: Alpha eachVal
    # +k8s:alpha=+k8s:eachVal=+k8s:maxLength=2
    AlphaEachVal: dict[str, str]

    # Case: Beta eachVal
    # +k8s:beta=+k8s:eachVal=+k8s:maxLength=2
    BetaEachVal: dict[str, str]

    # Case: Standard eachKey
    # +k8s:eachKey=+k8s:maxLength=2
    standardEachKey: dict[str, str]

    # Case: Alpha eachKey
    # +k8s:alpha=+k8s:eachKey=+k8s:maxLength=2
    AlphaEachKey: dict[str, str]

    # Case: Beta eachKey
    # +k8s:beta=+k8s:eachKey=+k8s:maxLength=2
    BetaEachKey: dict[str, str]

    # Case: Alpha Validation
    # +k8s:eachVal=+k8s:alpha=+k8s:maxLength=2
    AlphaValidation: dict[str, str]

    # Case: Beta Validation
    # +k8s:eachVal=+k8s:beta=+k8s:maxLength=2
    BetaValidation: dict[str, str]
