"""Two tag-handling facts of validation-gen on real Kubernetes files: subresource tags are read per
type (certificates/v1 mixes them), and a trailing `# comment` after a tag is ignored, as gengo's
tag parser ignores it."""

from __future__ import annotations

import textwrap

import evaluator
from dv2openapi.frontend import build_model
from dv2openapi.grammar import parse_tag
from dv2openapi.openapi import to_openapi

TYPES = """
from dataclasses import dataclass


# +k8s:supportsSubresource="/status"
# +k8s:supportsSubresource="/approval"
@dataclass
class CertificateSigningRequest:
    # +k8s:minimum=1 # at least one
    a: int


# +k8s:supportsSubresource="/status" # status only
@dataclass
class PodCertificateRequest:
    # +k8s:maximum=1000000000 # HighestUserDefinablePriority
    b: int


# +k8s:isSubresource="/status"
@dataclass
class StatusOnly:
    c: int
"""


def _doc(tmp_path) -> dict:
    path = tmp_path / "certificates.py"
    path.write_text(textwrap.dedent(TYPES))
    return to_openapi(build_model(str(path)))


def test_subresource_tags_are_read_per_type(tmp_path):
    doc = _doc(tmp_path)
    csr = evaluator.compile(doc, "CertificateSigningRequest")
    pcr = evaluator.compile(doc, "PodCertificateRequest")
    assert csr.supports("/status") and csr.supports("/approval")
    assert pcr.supports("/status") and not pcr.supports("/approval")
    errs = pcr.validate({"b": 1}, {"b": 1}, subresource="/approval")
    assert [e.detail for e in errs] == ["no validation found for PodCertificateRequest, subresource: /approval"]
    assert doc["components"]["schemas"]["StatusOnly"]["x-dv-subresource"] == "/status"
    assert "x-dv-subresource" not in doc["components"]["schemas"]["PodCertificateRequest"]


def test_a_trailing_comment_after_a_tag_is_ignored(tmp_path):
    schemas = _doc(tmp_path)["components"]["schemas"]
    assert schemas["PodCertificateRequest"]["properties"]["b"]["maximum"] == 1000000000
    assert schemas["CertificateSigningRequest"]["properties"]["a"]["minimum"] == 1
    assert parse_tag("+k8s:optional # why").value is None
    assert parse_tag('+k8s:isSubresource="/status" # c').value == "/status"
    assert parse_tag("+k8s:eachVal=+k8s:minimum=1 # c").value.value == 1
    assert parse_tag("+k8s:format=a#b").value == "a#b"  # no space before '#': part of the value
