"""schemas/ is in sync with examples/, the OpenAPI documents are valid, and CRDs are structural."""

import sys
from pathlib import Path

import pytest
from openapi_spec_validator import validate

from tests import yamlc

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import generate  # noqa: E402

SCHEMAS = sorted((ROOT / "schemas").glob("*.openapi.yaml"))
CRDS = sorted((ROOT / "schemas").glob("*.crd.yaml"))
CRD_KEYS = {
    "type",
    "format",
    "description",
    "default",
    "enum",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "nullable",
    "required",
    "properties",
    "additionalProperties",
    "items",
    "x-kubernetes-int-or-string",
    "x-kubernetes-list-type",
    "x-kubernetes-list-map-keys",
    "x-kubernetes-map-type",
    "x-kubernetes-preserve-unknown-fields",
    "x-kubernetes-embedded-resource",
    "x-kubernetes-validations",
    "uniqueItems",
    "multipleOf",
    "title",
    "example",
    "anyOf",
    "allOf",
    "oneOf",
    "not",
}


def test_no_drift():
    assert generate.main(["--check"]) == 0, "schemas/ or docs/ are stale: run python tools/generate.py"


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_openapi_document_is_valid(path):
    validate(yamlc.safe_load(path.read_text()))


def _structural(node: dict, where: str, problems: list) -> None:
    for key in node:
        if key not in CRD_KEYS:
            problems.append(f"{where}: key {key!r} is not accepted by kube-apiserver")
    if "$ref" in node:
        problems.append(f"{where}: $ref")
    if (
        "type" not in node
        and not node.get("x-kubernetes-int-or-string")
        and not node.get("x-kubernetes-preserve-unknown-fields")
    ):
        problems.append(f"{where}: no type")
    if node.get("x-kubernetes-int-or-string") and "type" in node:
        problems.append(f"{where}: int-or-string with a type")
    for name, sub in (node.get("properties") or {}).items():
        _structural(sub, f"{where}.{name}", problems)
    if isinstance(node.get("items"), dict):
        _structural(node["items"], f"{where}[*]", problems)
    if isinstance(node.get("additionalProperties"), dict):
        _structural(node["additionalProperties"], f"{where}{{*}}", problems)
    if node.get("x-kubernetes-list-type") == "map" and not node.get("x-kubernetes-list-map-keys"):
        problems.append(f"{where}: list-type map without keys")
    for rule in node.get("x-kubernetes-validations", []):
        if set(rule) - {"rule", "message", "messageExpression", "reason", "fieldPath", "optionalOldSelf"}:
            problems.append(f"{where}: bad x-kubernetes-validations entry {rule}")


@pytest.mark.parametrize("path", CRDS, ids=lambda p: p.name)
def test_crd_is_structural(path):
    crd = yamlc.safe_load(path.read_text())
    assert crd["apiVersion"] == "apiextensions.k8s.io/v1" and crd["kind"] == "CustomResourceDefinition"
    spec = crd["spec"]
    assert crd["metadata"]["name"] == f"{spec['names']['plural']}.{spec['group']}"
    assert spec["scope"] in ("Namespaced", "Cluster")
    assert sum(v["storage"] for v in spec["versions"]) == 1
    for version in spec["versions"]:
        root = version["schema"]["openAPIV3Schema"]
        assert root["type"] == "object"
        assert root["properties"]["metadata"] == {"type": "object"}
        problems: list = []
        _structural(root, "", problems)
        assert not problems, "\n".join(problems)


def test_plain_jsonschema_client_uses_the_standard_subset():
    """The README's client-side recipe: the standard keywords work with jsonschema alone."""
    import warnings

    import jsonschema

    doc = yamlc.safe_load((ROOT / "schemas" / "widget.openapi.yaml").read_text())
    schema = {**doc["components"]["schemas"]["Widget"], "components": doc["components"]}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        v = jsonschema.Draft4Validator(schema, resolver=jsonschema.RefResolver("", doc))
        valid = yamlc.safe_load((ROOT / "examples/widget/objects/valid.yaml").read_text())
        invalid = yamlc.safe_load((ROOT / "examples/widget/objects/invalid.yaml").read_text())
        assert not list(v.iter_errors(valid))
        assert [list(e.path) for e in v.iter_errors(invalid)] == [["spec", "replicas"]]
