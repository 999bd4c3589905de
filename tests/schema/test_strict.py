"""--strict: unknown and duplicate fields, worded and placed as the API server's strict field validation."""

import json

from evaluator.run.cli import main
from evaluator.schema.strict import compile_unknown
from tests.cli import invoke

CRD = "schemas/widget.crd.yaml"
WIDGET = """apiVersion: example.com/v1
kind: Widget
metadata:
  name: w
  annotations: {owner: me}
  colour: red
spec:
  size: Small
  clusterRef: a
  ports:
  - name: a
    port: 80
    proto: TCP
"""


def run(*args):
    return invoke(main, list(args))


def test_unknown_fields_paths_and_lines(tmp_path):
    f = tmp_path / "w.yaml"
    f.write_text(WIDGET)
    assert run("--schema", CRD, str(f)).exit_code == 0  # unknown fields are dropped silently without --strict
    r = run("--schema", CRD, str(f), "--strict", "-o", "json")
    assert r.exit_code == 1
    status = json.loads(r.stdout)
    assert (status["code"], status["reason"]) == (400, "BadRequest")
    assert status["message"] == (
        'Widget in version "v1" cannot be handled as a Widget: strict decoding error: '
        'unknown field "metadata.colour", unknown field "spec.ports[0].proto"'
    )  # ObjectMeta's own fields (annotations) are known even where the schema's metadata omits them
    assert [(c["field"], c["line"]) for c in status["details"]["causes"]] == [
        ("metadata.colour", 6),
        ("spec.ports[0].proto", 13),
    ]


def test_preserve_unknown_fields_and_recursive_schemas_are_not_walked_blindly():
    doc = {
        "openapi": "3.0.3",
        "components": {
            "schemas": {
                "T": {
                    "type": "object",
                    "properties": {
                        "free": {"type": "object", "x-kubernetes-preserve-unknown-fields": True},
                        "tree": {"$ref": "#/components/schemas/Node"},
                        "labels": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Node"}},
                    },
                },
                "Node": {
                    "type": "object",
                    "properties": {"kids": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}},
                },
            }
        },
    }
    unknown = compile_unknown(doc, "T")
    obj = {"free": {"x": 1}, "tree": {"kids": [{"kids": [{"bad": 1}]}]}, "labels": {"a": {"oops": 2}}, "kind": "T"}
    assert unknown(obj) == ["tree.kids[0].kids[0].bad", "labels.a.oops"]


def test_duplicate_keys_warn_or_fail_with_strict(tmp_path):
    f = tmp_path / "w.yaml"
    f.write_text(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: Small\n"
        "  clusterRef: a\n  size: Huge\n"
    )
    r = run("--schema", CRD, str(f))
    assert r.exit_code == 1  # the last value wins, as the API server's default (Warn) keeps it: Huge is not allowed
    assert f'dv-eval: warning: {f}:8: key "size" already set in map' in r.stderr
    r = run("--schema", CRD, str(f), "--strict", "-o", "github")
    assert f'::error file={f},line=8,title=Widget "w" is invalid::key "size" already set in map' in r.stdout
    r = run("--schema", CRD, str(f), "--strict", "-o", "json")
    causes = json.loads(r.stdout)["details"]["causes"]
    assert ("DuplicateField", "spec.size", 8) in [(c["reason"], c["field"], c["line"]) for c in causes]
