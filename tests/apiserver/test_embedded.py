"""Embedded structs (`field(metadata={"inline": True})`) as Go has them: promoted on the wire,
validated as one field, named by the Go type in paths only at the root."""

import textwrap

import pytest

import evaluator
from dv2openapi.errors import InputError
from dv2openapi.frontend import build_model
from dv2openapi.openapi import to_openapi

TYPES = """
from __future__ import annotations
from dataclasses import dataclass, field
from typing import Optional
from other import Foreign


@dataclass
class Root:
    own: str
    # +k8s:validateFalse="field Base"
    Base: Base = field(metadata={"inline": True})
    Ptr: Optional[Ptr] = field(metadata={"inline": True})
    # +k8s:opaqueType
    Foreign: Foreign = field(metadata={"inline": True})
    spec: Spec


@dataclass
class Spec:
    Base: Base = field(metadata={"inline": True})


@dataclass
class Base:
    # +k8s:minimum=1
    size: int
    # +k8s:maxLength=2
    own: str
    # +k8s:maxLength=1
    both: str


@dataclass
class Ptr:
    # +k8s:minimum=1
    count: int
    both: str
"""

OTHER = """
from dataclasses import dataclass, field


@dataclass
class Foreign:
    # +k8s:maxLength=1
    tag: str
"""


def _doc(tmp_path):
    (tmp_path / "other.py").write_text(textwrap.dedent(OTHER))
    (tmp_path / "embedded_types.py").write_text(textwrap.dedent(TYPES))
    return to_openapi(build_model(str(tmp_path / "embedded_types.py")))


def _errors(doc, obj, old=None):
    return sorted((e.type, e.field, e.origin) for e in evaluator.compile(doc, "Root").validate(obj, old))


def test_promoted_fields_follow_go_json_rules(tmp_path):
    root = _doc(tmp_path)["components"]["schemas"]["Root"]
    # an own field hides a promoted one; a name promoted twice (`both`) is dropped, as encoding/json does
    assert set(root["properties"]) == {"own", "size", "count", "tag", "spec"}
    names = {e["name"]: e["fields"] for e in root["x-dv-embedded"]}
    assert names == {"Base": ["size"], "Ptr": ["count"], "other.Foreign": ["tag"]}


def test_paths_name_the_type_at_the_root_only(tmp_path):
    doc = _doc(tmp_path)
    got = _errors(doc, {"own": "long", "size": 0, "spec": {"size": 0}})
    assert got == [
        ("FieldValueInvalid", "Base", "validateFalse"),
        ("FieldValueInvalid", "Base.size", "minimum"),
        ("FieldValueInvalid", "spec.size", "minimum"),
    ]


def test_pointer_embedded_is_nil_until_a_promoted_field_is_present(tmp_path):
    doc = _doc(tmp_path)
    base = {"size": 1, "spec": {"size": 1}}
    assert _errors(doc, base) == [("FieldValueInvalid", "Base", "validateFalse")]
    assert ("FieldValueInvalid", "Ptr.count", "minimum") in _errors(doc, {**base, "count": 0})


def test_opaque_foreign_embedded_is_not_validated(tmp_path):
    doc = _doc(tmp_path)
    got = _errors(doc, {"tag": "long", "size": 1, "spec": {"size": 1}})
    assert got == [("FieldValueInvalid", "Base", "validateFalse")]


def test_embedded_struct_ratchets_as_a_whole(tmp_path):
    doc = _doc(tmp_path)
    obj = {"size": 0, "spec": {"size": 1}}
    assert _errors(doc, obj, obj) == []


def test_inline_on_a_non_struct_is_bad_input(tmp_path):
    f = tmp_path / "bad_inline.py"
    f.write_text(
        "from dataclasses import dataclass, field\n\n"
        "@dataclass\nclass T:\n    x: int = field(metadata={'inline': True})\n"
    )
    with pytest.raises(InputError, match="embeds a struct"):
        to_openapi(build_model(str(f)))
