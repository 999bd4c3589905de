"""Types of cmd/validation-gen/output_tests/tags/subfield/nonincluded (package nonincluded)."""
from __future__ import annotations

from dataclasses import dataclass, field

from other import StructType


@dataclass
class Struct:
    # Go: embedded `other.StructType` with no json tag: promoted in JSON; at the root its
    # path names the Go type, package-qualified: "other.StructType".
    # +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.(other.StructType).StringField"
    # +k8s:opaqueType
    StructType: StructType = field(metadata={"inline": True})
