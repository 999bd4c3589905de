"""Types of cmd/validation-gen/output_tests/tags/supported_resources/root (package root).

This tests that without any +k8s:supportsSubresource or +k8s:isSubresource tags,
that the validation of both the root resource is allowed and validation of all
subresources fails with an error.
"""
from __future__ import annotations

from dataclasses import dataclass


# T1 is a test type
@dataclass
class T1:
    # +k8s:validateTrue="field T1.S"
    s: str
