"""A CRD given to dv-eval is admitted first, as the API server admits CRDs: one it refuses is exit 2,
one line per problem naming the file, and no object is ever judged by it (issue 27)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from evaluator.run.cli import main
from tests import yamlc
from tests.cli import invoke
from tests.shared_data import SHARED

ROOT = Path(__file__).resolve().parents[2]
CRD = yamlc.safe_load((ROOT / "schemas/widget.crd.yaml").read_text())
VALID = str(ROOT / "examples/widget/objects/valid.yaml")


def _root(crd: dict) -> dict:
    return crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]


def _spec_rule(rule: dict):
    return lambda c: _root(c)["properties"]["spec"].setdefault("x-kubernetes-validations", []).append(rule)


def _set(path: tuple, value):
    def change(c):
        node = c
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


SCHEMA = ("spec", "versions", 0, "schema", "openAPIV3Schema")
REFUSED = {
    # (change, words the server's line holds)
    "undefined field": (_spec_rule({"rule": "!has(self.nope) || self.nope > 0"}), "undefined field 'nope'"),
    "rule returns an int": (_spec_rule({"rule": "self.replicas"}), "cel expression must evaluate to a bool"),
    "messageExpression not a string": (
        _spec_rule({"rule": "true", "messageExpression": "1"}),
        "messageExpression must evaluate to a string",
    ),
    "messageExpression does not compile": (
        _spec_rule({"rule": "true", "messageExpression": "self.nope"}),
        "messageExpression compilation failed",
    ),
    "regex literal": (_spec_rule({"rule": "self.description.matches('a{1001}')"}), "invalid matches argument"),
    "message with a line break": (_spec_rule({"rule": "true", "message": "a\nb"}), "must not contain line breaks"),
    "bad fieldPath": (_spec_rule({"rule": "true", "fieldPath": ".nope"}), "fieldPath: Invalid value: must be a valid"),
    "bad reason": (_spec_rule({"rule": "true", "reason": "Bogus"}), "reason: Unsupported value"),
    "two storage versions": (
        lambda c: c["spec"]["versions"].append({**copy.deepcopy(c["spec"]["versions"][0]), "name": "v2"}),
        "must have exactly one version marked as storage version",
    ),
    "a version name twice": (
        lambda c: c["spec"]["versions"].append({**copy.deepcopy(c["spec"]["versions"][0]), "storage": False}),
        "spec.versions: Invalid value: must contain unique version names",
    ),
    "$ref": (_set((*SCHEMA, "properties", "spec", "$ref"), "#/x"), "$ref: Forbidden: $ref is not supported"),
    "scope": (_set(("spec", "scope"), "Bogus"), 'spec.scope: Unsupported value: "Bogus": supported values'),
    "metadata.name": (
        _set(("metadata", "name"), "widgets"),
        'metadata.name: Invalid value: "widgets": must be spec.names.plural+"."+spec.group',
    ),
    "no group": (lambda c: c["spec"].pop("group"), "spec.group: Required value"),
    "property without type": (
        _set((*SCHEMA, "properties", "spec", "properties", "zz"), {"description": "x"}),
        "properties[zz].type: Required value",
    ),
    # what Go's decoder refuses before any validation
    "required: num": (_set((*SCHEMA, "required"), "num"), "cannot unmarshal string into Go struct field"),
    "properties: [1]": (_set((*SCHEMA, "properties"), [1]), "of type map[string]v1.JSONSchemaProps"),
    "enum: abc": (_set((*SCHEMA, "properties", "spec", "enum"), "abc"), "of type []v1.JSON"),
    "served: yes": (_set(("spec", "versions", 0, "served"), "yes"), "spec.versions.served of type bool"),
    "subresources: [1]": (
        _set(("spec", "versions", 0, "subresources"), [1]),
        "of type v1.CustomResourceSubresources",
    ),
    "maxLength: 1.5": (_set((*SCHEMA, "properties", "spec", "maxLength"), 1.5), "cannot unmarshal number 1.5"),
    "additionalProperties: x": (_set((*SCHEMA, "additionalProperties"), "x"), "boolean or JSON schema expected"),
    "spec: 5": (_set(("spec",), 5), "CustomResourceDefinition.spec of type v1.CustomResourceDefinitionSpec"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_crd_the_server_refuses_is_a_usage_error(case, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    change, words = REFUSED[case]
    crd = copy.deepcopy(CRD)
    change(crd)
    path = tmp_path / "crd.yaml"
    path.write_text(yaml.safe_dump(crd))
    for _ in range(2):  # the second run reads the schema cache: a refused CRD is never cached as usable
        r = invoke(main, ["--schema", str(path), VALID])
        assert r.exit_code == 2, r.output
        assert r.stdout == ""
        lines = r.stderr.splitlines()
        assert lines and all(line.startswith(f"dv-eval: schema: {path}: CustomResourceDefinition") for line in lines)
        assert any(words in line for line in lines), lines
        assert "internal error" not in r.stderr


def test_every_problem_is_a_line_of_its_own(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    crd = copy.deepcopy(CRD)
    for case in ("scope", "metadata.name", "undefined field"):
        REFUSED[case][0](crd)
    path = tmp_path / "crd.yaml"
    path.write_text(yaml.safe_dump(crd))
    r = invoke(main, ["--schema", str(path), VALID])
    assert r.exit_code == 2
    assert len(r.stderr.splitlines()) == 3, r.stderr


def test_the_shipped_crd_is_admitted_and_used(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    for _ in range(2):
        r = invoke(main, ["--schema", str(ROOT / "schemas/widget.crd.yaml"), VALID])
        assert r.exit_code == 0, r.output


def _public_crds() -> list[Path]:
    found = []
    for folder in ("crd-verdicts/crds", "realworld"):
        for path in sorted((SHARED / folder).rglob("*.y*ml")):
            try:
                docs = list(yamlc.safe_load_all(path.read_text()))
            except yaml.YAMLError:
                continue
            if any(
                isinstance(d, dict)
                and d.get("kind") == "CustomResourceDefinition"
                and d.get("apiVersion") == "apiextensions.k8s.io/v1"
                for d in docs
            ):
                found.append(path)
    return found


def test_public_crds_the_server_admits_are_admitted(tmp_path, monkeypatch):
    """The real API server admits every CRD of crd-verdicts (its README) and of the realworld suites'
    CRD folders; refusing one would make every object of it unusable."""
    if not SHARED.exists():
        pytest.skip(f"shared data {SHARED} not present (it sits beside the checkout in CI)")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    from evaluator.run.routing import CRDRefused, admit_crds

    crds = [p for p in _public_crds() if "error_" not in p.name and "testcases/manifests" not in str(p)]
    assert len(crds) > 60
    refused = {}
    for path in crds:
        try:
            admit_crds(list(yamlc.safe_load_all(path.read_text())), str(path))
        except CRDRefused as e:
            refused[str(path)] = e.lines
    assert not refused


def test_a_dv2openapi_crd_edited_since_it_was_rendered_is_judged_by_its_schema(tmp_path, monkeypatch):
    """The OpenAPI document a dv2openapi CRD embeds stands for it only while the CRD's spec is the
    one rendered (its digest annotation): a rule added by hand afterwards is enforced, as the
    cluster enforces it, not ignored for the embedded document."""
    from evaluator.schema.select import rendered_by_us

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert rendered_by_us(CRD)
    crd = copy.deepcopy(CRD)
    _spec_rule({"rule": "self.replicas < 3", "message": "at most two"})(crd)
    assert not rendered_by_us(crd)
    path = tmp_path / "crd.yaml"
    path.write_text(yaml.safe_dump(crd))
    r = invoke(main, ["--schema", str(path), VALID])
    assert r.exit_code == 1 and "spec: Invalid value: at most two" in r.stdout, r.output
    path.write_text(yaml.safe_dump(CRD))
    assert invoke(main, ["--schema", str(path), VALID]).exit_code == 0
