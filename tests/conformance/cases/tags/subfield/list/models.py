"""Types of cmd/validation-gen/output_tests/tags/subfield/list (package list)."""
from __future__ import annotations

from dataclasses import dataclass, field

from metav1 import ObjectMeta


@dataclass
class Struct:
    # Go: embedded `metav1.ObjectMeta` with json name "objectMeta" (a named field in JSON).
    # +k8s:subfield(ownerReferences)=+k8s:listType=map
    # +k8s:subfield(ownerReferences)=+k8s:listMapKey=uid
    # +k8s:subfield(finalizers)=+k8s:listType=set
    # +k8s:subfield(labels)=+k8s:eachKey=+k8s:validateFalse="labels key error"
    # +k8s:opaqueType
    ObjectMeta: ObjectMeta = field(metadata={"json": "objectMeta"})
