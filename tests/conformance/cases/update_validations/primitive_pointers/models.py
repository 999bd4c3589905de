# +k8s:validation-gen=*
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Struct:
    # +k8s:immutable
    sp: Optional[str]
    # +k8s:immutable
    ip: Optional[int]
    # +k8s:immutable
    bp: Optional[bool]
    # +k8s:immutable
    fp: Optional[float]
