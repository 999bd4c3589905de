# certificates/v1 CertificateSigningRequest status conditions: a list-map keyed
# by type, where Approved and Denied are mutually exclusive, and each of them,
# once added, may not be modified (adding one on update is fine: `update=NoModify`;
# `immutable` would also forbid adding it, as the reference defines immutable).
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Condition:
    # +k8s:required
    type: str
    # +k8s:required
    status: str
    # +k8s:optional
    reason: str
    # +k8s:optional
    message: str


@dataclass
class CertificateSigningRequestStatus:
    # +k8s:optional
    # +k8s:listType=map
    # +k8s:listMapKey=type
    # +k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember
    # +k8s:item(type: "Denied")=+k8s:zeroOrOneOfMember
    # +k8s:item(type: "Approved")=+k8s:update=NoModify
    # +k8s:item(type: "Denied")=+k8s:update=NoModify
    conditions: list[Condition]


@dataclass
class CertificateSigningRequestSpec:
    # +k8s:required
    signerName: str
    # +k8s:required
    request: str


@dataclass
class CertificateSigningRequest:
    apiVersion: str
    kind: str
    metadata: dict[str, str]
    spec: CertificateSigningRequestSpec
    # +k8s:optional
    status: Optional[CertificateSigningRequestStatus]
