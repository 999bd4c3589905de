# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class AtomicSliceStruct:
    # Case: Standard eachVal
    # +k8s:listType=atomic
    # +k8s:eachVal=+k8s:minimum=10
    standard: list[int]

    # Case: Alpha eachVal
    # +k8s:listType=atomic
    # +k8s:alpha=+k8s:eachVal=+k8s:minimum=10
    Alpha: list[int]

    # Case: Beta eachVal
    # +k8s:listType=atomic
    # +k8s:beta=+k8s:eachVal=+k8s:minimum=10
    Beta: list[int]

    # Case: Standard eachVal, Alpha validation
    # +k8s:listType=atomic
    # +k8s:eachVal=+k8s:alpha=+k8s:minimum=10
    AlphaValidation: list[int]

    # Case: Standard eachVal, Beta validation
    # +k8s:listType=atomic
    # +k8s:eachVal=+k8s:beta=+k8s:minimum=10
    BetaValidation: list[int]
