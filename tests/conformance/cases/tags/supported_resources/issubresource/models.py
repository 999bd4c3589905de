# +k8s:isSubresource="/scale"
"""Types of cmd/validation-gen/output_tests/tags/supported_resources/issubresource (package issubresource).

In the reference the tag above sits in the comment block before type T1 (the only type);
the root resource is supported by default.
"""
from __future__ import annotations

from dataclasses import dataclass


# T1 is a test type
@dataclass
class T1:
    # +k8s:validateTrue="field T1.S"
    s: str
