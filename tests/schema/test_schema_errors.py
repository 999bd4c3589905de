"""Every malformed schema is a one-line SchemaError naming the JSON pointer of the keyword at fault."""

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import evaluator
from evaluator.run.cli import main
from evaluator.schema.select import as_openapi
from evaluator.schema.vocabulary import VENDOR
from tests import yamlc
from tests.cli import invoke

ROOT = Path(__file__).resolve().parents[2]
T = "#/components/schemas/T"
BASE = {
    "openapi": "3.0.3",
    "components": {
        "schemas": {
            "T": {
                "type": "object",
                "properties": {"a": {"type": "string"}, "l": {"type": "array", "items": {"type": "string"}}},
            }
        }
    },
}


def _doc(patch):
    doc = copy.deepcopy(BASE)
    patch(doc["components"]["schemas"])
    return doc


CASES = {
    "unions not a list": (lambda s: s["T"].update({"x-dv-unions": "yes please"}), f"{T}/x-dv-unions: must be an array"),
    "type typo": (lambda s: s["T"]["properties"]["a"].update(type="strnig"), f"{T}/properties/a/type: must be one of"),
    "properties a list": (lambda s: s["T"].update(properties=[{"a": {}}]), f"{T}/properties: must be an object"),
    "immutable word": (
        lambda s: s["T"]["properties"]["a"].update({"x-dv-immutable": "sometimes"}),
        f"{T}/properties/a/x-dv-immutable: must be a boolean",
    ),
    "unknown format": (
        lambda s: s["T"]["properties"]["a"].update(format="k8s-nonexistent"),
        f"{T}/properties/a/format: unknown format 'k8s-nonexistent'",
    ),
    "unknown update word": (
        lambda s: s["T"]["properties"]["a"].update({"x-dv-update": ["NoSet", "Frob"]}),
        f'{T}/properties/a/x-dv-update/1: must be one of "NoSet"',
    ),
    "unknown list type": (
        lambda s: s["T"]["properties"]["l"].update({"x-kubernetes-list-type": "bag"}),
        f"{T}/properties/l/x-kubernetes-list-type: must be one of",
    ),
    "union member without field": (
        lambda s: s["T"].update({"x-dv-unions": [{"members": [{"memberName": "A"}]}]}),
        f"{T}/x-dv-unions/0/members/0: needs a 'field' or an 'item'",
    ),
    "wrapper without schema": (
        lambda s: s["T"].update({"x-dv-if-enabled": [{"option": "F"}]}),
        f"{T}/x-dv-if-enabled/0: missing 'schema'",
    ),
    "bad nested payload": (
        lambda s: s["T"].update({"x-dv-alpha": [{"schema": {"maxLength": -1}}]}),
        f"{T}/x-dv-alpha/0/schema/maxLength: minimum 0",
    ),
    "unknown vendor keyword": (lambda s: s["T"].update({"x-dv-bogus": 1}), f"{T}/x-dv-bogus: unknown vendor keyword"),
    "bad pattern": (
        lambda s: s["T"]["properties"]["a"].update(pattern="a("),
        f'{T}/properties/a/pattern: invalid RE2 pattern "a(": missing ): a(',
    ),
    "ref loop": (
        lambda s: s.update(
            U={"allOf": [{"$ref": "#/components/schemas/V"}]},
            V={"$ref": "#/components/schemas/U"},
            T={"type": "object", "properties": {"u": {"$ref": "#/components/schemas/U"}}},
        ),
        "$ref loop: #/components/schemas/U -> #/components/schemas/U/allOf/0 -> #/components/schemas/V -> "
        "#/components/schemas/U",
    ),
    "dangling ref in a nested schema": (
        lambda s: s["T"]["properties"]["a"].update({"$ref": "#/components/schemas/Nope"}),
        f"{T}/properties/a/$ref: dangling $ref '#/components/schemas/Nope'",
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_malformed_schema_is_a_schema_error_with_a_pointer(name):
    patch, message = CASES[name]
    with pytest.raises(evaluator.SchemaError) as e:
        evaluator.compile(_doc(patch), "T")
    assert message in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("name", ["unions not a list", "ref loop"])
def test_cli_blames_the_schema_not_the_object(tmp_path, name):
    patch, message = CASES[name]
    (tmp_path / "s.json").write_text(json.dumps(_doc(patch)))
    (tmp_path / "o.yaml").write_text("u: {}\na: x\n")
    r = invoke(main, ["--schema", str(tmp_path / "s.json"), "--type", "T", str(tmp_path / "o.yaml")])
    assert r.exit_code == 2 and message in r.output and r.output.startswith("dv-eval: schema: ")
    assert len(r.output.strip().splitlines()) == 1


def test_recursion_through_data_is_not_a_loop():
    doc = _doc(lambda s: s.update(T={"type": "object", "properties": {"child": {"$ref": T}}}))
    v = evaluator.compile(doc, "T")
    assert v.validate({"child": {"child": {}}}) == []


def test_bad_pattern_prints_one_line_without_re2_log_noise(tmp_path):
    (tmp_path / "s.json").write_text(json.dumps(_doc(CASES["bad pattern"][0])))
    (tmp_path / "o.yaml").write_text("a: x\n")
    args = [
        sys.executable,
        "-m",
        "evaluator.run.cli",
        "--schema",
        str(tmp_path / "s.json"),
        str(tmp_path / "o.yaml"),
    ]
    r = subprocess.run(args, capture_output=True, text=True)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.splitlines() == [f"dv-eval: schema: {CASES['bad pattern'][1]}"]


@pytest.mark.parametrize("annotation", ["[]", "not json", '"a string"'])
def test_crd_annotation_that_is_not_an_openapi_document(annotation):
    crd = yamlc.safe_load((ROOT / "schemas/widget.crd.yaml").read_text())
    crd["metadata"]["annotations"]["dv2openapi.dev/openapi"] = annotation
    with pytest.raises(evaluator.SchemaError, match=r"metadata.annotations\[dv2openapi.dev/openapi\]"):
        evaluator.compile(crd)


@pytest.mark.parametrize(
    "crd",
    [
        {"kind": "CustomResourceDefinition", "metadata": []},
        {"kind": "CustomResourceDefinition", "spec": {"versions": "v1"}},
        {"kind": "CustomResourceDefinition", "spec": {"versions": ["v1"]}},
        {"openapi": "3.0.3", "components": ["T"]},
    ],
)
def test_malformed_documents_around_the_schemas(crd):
    with pytest.raises(evaluator.SchemaError):
        evaluator.compile(crd)


def test_false_switches_a_transition_rule_off():
    doc = _doc(lambda s: s["T"]["properties"]["a"].update({"x-dv-immutable": False, "x-dv-monotonic": False}))
    assert evaluator.compile(doc, "T").validate({"a": "x"}, {"a": "y"}) == []


def test_every_vendor_keyword_the_evaluator_reads_is_declared():
    used = set()
    for f in (ROOT / "evaluator").rglob("*.py"):
        used |= set(re.findall(r'"(x-dv-[a-z-]+)"', f.read_text()))
    assert used <= set(VENDOR), used - set(VENDOR)


def test_shipped_schemas_fit_the_vocabulary():
    for path in sorted((ROOT / "schemas").glob("*.yaml")):
        doc = yamlc.safe_load(path.read_text())
        for name in as_openapi(doc)["components"]["schemas"]:
            evaluator.compile(doc, name)


@pytest.mark.parametrize("key", ["minimum", "maximum", "multipleOf"])
@pytest.mark.parametrize("bad", [float("nan"), float("inf")])
def test_a_non_finite_bound_is_a_schema_error_naming_its_pointer(key, bad):
    with pytest.raises(evaluator.SchemaError, match=f"/properties/a/{key}: must be a finite number"):
        evaluator.compile({"type": "object", "properties": {"a": {"type": "number", key: bad}}})


@pytest.mark.parametrize(
    ("pattern", "why"),
    [
        ('"("', "missing closing ): `(`"),
        ('"+"', "missing argument to repetition operator: `+`"),  # the wording of apiextensions' own test
        ('"a**"', "invalid nested repetition operator: `**`"),
    ],
)
def test_a_crd_whose_pattern_go_cannot_compile_is_refused_as_the_server_refuses_it(tmp_path, pattern, why):
    doc = yamlc.safe_load((ROOT / "schemas/widget.crd.yaml").read_text())
    doc["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["note"] = {
        "type": "string",
        "pattern": json.loads(pattern),
    }
    crd = tmp_path / "crd.yaml"
    crd.write_text(yaml.safe_dump(doc))
    widget = str(ROOT / "examples/widget/objects/valid.yaml")
    args = [sys.executable, "-m", "evaluator.run.cli", "--schema", str(crd), widget]
    r = subprocess.run(args, capture_output=True, text=True, timeout=120)
    expected = (
        f'CustomResourceDefinition.apiextensions.k8s.io "widgets.example.com" is invalid: '
        f"spec.validation.openAPIV3Schema.properties[note].pattern: Invalid value: {pattern}: "
        f"must be a valid regular expression, but isn't: error parsing regexp: {why}"
    )
    assert r.returncode == 2 and r.stdout == "" and r.stderr.splitlines() == [f"dv-eval: schema: {crd}: {expected}"]
    # the CRD itself, judged as a manifest: the same field error, a verdict
    r = invoke(main, ["--kubernetes-version", "1.33", str(crd)])
    assert r.exit_code == 1 and f"must be a valid regular expression, but isn't: error parsing regexp: {why}" in (
        r.stdout
    )
