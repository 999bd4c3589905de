# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


# Note: the following are out of order on purpose.
# They should be emitted as:
#   - T {ShortCircuit,Regular}
#   - T c2 {ShortCircuit,Regular}
#   - T c1 {ShortCircuit,Regular}
#
# +k8s:validateFalse(cohort: "c2")="type T c2 Regular"
# +k8s:validateFalse(cohort: "c1")="type T c1 Regular"
# +k8s:validateFalse(cohort: "c1", flags: "ShortCircuit")="type T c1 ShortCircuit"
# +k8s:validateFalse(cohort: "c2", flags: "ShortCircuit")="type T c2 ShortCircuit"
# +k8s:validateFalse="type T Regular"
# +k8s:validateFalse(flags: "ShortCircuit")="type T ShortCircuit"
@dataclass
class T:
    # Note: the following are out of order on purpose.
    # They should be emitted as:
    #   - T.S {ShortCircuit,Regular}
    #   - T.S c2 {ShortCircuit,Regular}
    #   - T.S c1 {ShortCircuit,Regular}
    # +k8s:validateFalse(cohort: "c2")="field T.S c2 Regular"
    # +k8s:validateFalse(cohort: "c1")="field T.S c1 Regular"
    # +k8s:validateFalse(cohort: "c1", flags: "ShortCircuit")="field T.S c1 ShortCircuit"
    # +k8s:validateFalse(cohort: "c2", flags: "ShortCircuit")="field T.S c2 ShortCircuit"
    # +k8s:validateFalse="field T.S Regular"
    # +k8s:validateFalse(flags: "ShortCircuit")="field T.S ShortCircuit"
    s: str
