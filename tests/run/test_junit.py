"""`-o junit` is well-formed XML for any input bytes and valid against kubeconform's junit.xsd."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator.run.cli import main
from tests.cli import invoke
from tests.shared_data import SHARED

XSD = SHARED / "realworld" / "kubeconform" / "fixtures" / "junit.xsd"
xmlschema = pytest.importorskip("xmlschema", reason="xmlschema (a test dependency) validates the JUnit output")
pytestmark = pytest.mark.skipif(not XSD.exists(), reason=f"shared data {XSD} not present")


def _junit(*args: str) -> str:
    r = invoke(main, ["-o", "junit", "--batch", *args])
    assert r.exit_code in (0, 1, 2), r.output
    return r.stdout


def test_the_repository_example_validates_against_kubeconforms_xsd():
    out = _junit(
        "--schema",
        "schemas/widget.crd.yaml",
        "--schema",
        "examples/repository/crds",
        "--kubernetes-version",
        "1.37",
        "--missing-schemas",
        "skip",  # a skipped testcase too
        "examples/repository/manifests",
    )
    xmlschema.XMLSchema(str(XSD)).validate(out)


@settings(max_examples=25, deadline=None)
@given(name=st.text(min_size=1, max_size=12), key=st.text(min_size=1, max_size=12))
def test_any_name_or_key_gives_well_formed_valid_xml(tmp_path_factory, name, key):
    d = tmp_path_factory.mktemp("j")
    doc = {"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": name}, "spec": {key: 1}}
    (d / "w.json").write_text(json.dumps(doc))
    out = _junit("--strict", "--schema", "schemas/widget.crd.yaml", str(d / "w.json"))
    ET.fromstring(out)  # well-formed
    xmlschema.XMLSchema(str(XSD)).validate(out)


def test_a_file_name_that_is_not_utf8_gives_well_formed_xml(tmp_path):
    bad = os.fsencode(str(tmp_path)) + b"/w\xff.yaml"
    with open(bad, "wb") as f:
        f.write(b"apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\nspec: {}\n")
    out = _junit("--schema", "schemas/widget.crd.yaml", str(tmp_path))
    ET.fromstring(out)
    xmlschema.XMLSchema(str(XSD)).validate(out)
