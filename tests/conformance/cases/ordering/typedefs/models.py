# +k8s:validation-gen=*
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from typing import NewType

# Treat these as 4 bits, and ensure all combinations
#   bit 0: no flags
#   bit 1: ShortCircuit

# Note: No validations.
E00 = NewType("E00", str)

# +k8s:validateFalse="E01, no flags"
E01 = NewType("E01", str)

# +k8s:validateFalse(flags: "ShortCircuit")="E02, ShortCircuit"
E02 = NewType("E02", str)

# +k8s:validateFalse="E03, no flags"
# +k8s:validateFalse(flags: "ShortCircuit")="E03, ShortCircuit"
E03 = NewType("E03", str)

# Note: these are intentionally in the wrong final order.
# +k8s:validateFalse="EMultiple, no flags 1"
# +k8s:validateFalse(flags: "ShortCircuit")="EMultiple, ShortCircuit 1"
# +k8s:validateFalse="E0, string payload"
# +k8s:validateFalse="EMultiple, no flags 2"
# +k8s:validateFalse(flags: "ShortCircuit")="EMultiple, ShortCircuit 2"
EMultiple = NewType("EMultiple", str)
