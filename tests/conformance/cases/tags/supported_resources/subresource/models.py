# +k8s:supportsSubresource="/status"
# +k8s:supportsSubresource="/scale"
# +k8s:supportsSubresource="/x/y"
"""Types of cmd/validation-gen/output_tests/tags/supported_resources/subresource (package subresource).

In the reference the tags above sit in the comment block before type T1 (the only type);
the root resource is supported by default.
"""
from __future__ import annotations

from dataclasses import dataclass


# T1 is a test type
@dataclass
class T1:
    # +k8s:validateTrue="field T1.S"
    s: str
