# +k8s:validation-gen=*
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Struct:
    # +k8s:immutable
    s: str
    # +k8s:immutable
    i: int
    # +k8s:immutable
    b: bool
    # +k8s:immutable
    f: float
