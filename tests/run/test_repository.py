"""The repository-shaped example (examples/repository) through every output mode, and the CI flags."""

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from evaluator.run.cli import main
from tests import yamlc
from tests.cli import invoke

ROOT = Path(__file__).resolve().parents[2]
REPO = "examples/repository"
MANIFESTS = f"{REPO}/manifests"
EXPECT = yamlc.safe_load((ROOT / REPO / "verdicts.yaml").read_text())
SCHEMAS = ["--schema", "schemas/widget.crd.yaml", "--schema", f"{REPO}/crds", "--kubernetes-version", "1.37"]
ARGS = [*SCHEMAS, "--strict", "--missing-schemas", "skip"]  # as verdicts.yaml says: the ServiceMonitor is skipped

pytest.importorskip("kubernetes_validate", reason="built-in kinds need the kubernetes-validate package ([test] extra)")


@pytest.fixture(autouse=True)
def _at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def run(*args):
    return invoke(main, list(args))


def _objects(status=None):
    return [o for o in EXPECT["objects"] if status is None or o["status"] == status]


def _findings():
    """(path, reason, field, line) of every expected finding."""
    return [(f"{MANIFESTS}/{o['file']}", *f) for o in _objects() for f in o.get("findings", [])]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_json_every_object_and_finding(jobs):
    r = run(*ARGS, MANIFESTS, "-o", "json", "--jobs", jobs)
    assert r.exit_code == 1, r.output
    doc = json.loads(r.stdout)
    assert doc["summary"] == {**EXPECT["summary"], "unusable": 0}
    got = {(i["details"]["kind"], i["details"]["name"]): i for i in doc["items"]}
    for o in _objects():
        item = got[(o["kind"], o["name"])]
        want = {"valid": "Success", "skipped": "Success", "invalid": "Failure"}[o["status"]]
        assert item["status"] == want
        assert (item.get("reason") == "Skipped") == (o["status"] == "skipped")
        causes = item["details"].get("causes", [])
        assert sorted((c["file"], c["reason"], c["field"], c["line"]) for c in causes) == sorted(
            (f"{MANIFESTS}/{o['file']}", *f) for f in o.get("findings", [])
        )


def test_text_findings_with_file_and_line_and_summary():
    r = run(*ARGS, MANIFESTS)
    assert r.exit_code == 1
    for o in _objects("invalid"):
        assert f'The {o["kind"]} "{o["name"]}" is invalid:' in r.stdout
    for path, _reason, _field, line in _findings():
        assert f"({path}:{line})" in r.stdout
    s = EXPECT["summary"]
    assert r.stdout.splitlines()[-1] == (
        f"{s['objects']} objects: {s['valid']} valid, {s['invalid']} invalid, {s['skipped']} skipped (no schema)"
    )
    assert 'unknown field "spec.colour"' in r.stdout  # the API server's strict field validation wording


def test_a_third_party_crds_cel_rules_are_enforced():
    r = run(*ARGS, MANIFESTS)
    assert "x-kubernetes-validations" not in r.stderr  # nothing left unevaluated
    assert 'The Database "analytics" is invalid:\n* spec: Invalid value: only postgres runs more than 3 replicas' in (
        r.stdout
    )


def test_github_annotations_on_every_finding():
    r = run(*ARGS, MANIFESTS, "-o", "github")
    assert r.exit_code == 1
    errors = [line for line in r.stdout.splitlines() if line.startswith("::error ")]
    assert len(errors) == len(_findings())
    for path, _reason, _field, line in _findings():
        assert any(e.startswith(f"::error file={path},line={line},") for e in errors), (path, line)
    assert 'unknown field "spec.colour"' in r.stdout
    assert r.stdout.splitlines()[-1].startswith(f"{EXPECT['summary']['objects']} objects:")


def test_junit_testcase_per_object():
    r = run(*ARGS, MANIFESTS, "-o", "junit", "--jobs", "2")
    assert r.exit_code == 1
    root = ET.fromstring(r.stdout)
    s = EXPECT["summary"]
    assert (root.get("tests"), root.get("failures")) == tuple(str(s[k]) for k in ("objects", "invalid"))
    assert sum(int(suite.get("skipped")) for suite in root.iter("testsuite")) == s["skipped"]
    cases = {c.get("name").rsplit(" (", 1)[0]: c for c in root.iter("testcase")}
    for o in _objects():
        case = cases[f'{o["kind"]} "{o["name"]}"']
        assert f"({MANIFESTS}/{o['file']}:" in case.get("name")
        assert (case.find("failure") is not None) == (o["status"] == "invalid")
        assert (case.find("skipped") is not None) == (o["status"] == "skipped")
        if o["status"] == "invalid":
            text = case.find("failure").text
            for reason, field, line in o["findings"]:
                assert f"{MANIFESTS}/{o['file']}:{line}: " in text, (reason, field)


def test_without_strict_unknown_fields_pass():
    args = [a for a in ARGS if a != "--strict"]
    r = run(*args, f"{MANIFESTS}/widgets/broken.yaml", "-o", "json")
    assert "UnknownField" not in r.stdout and r.exit_code == 1  # still invalid: replicas and size


MISSING = (
    'no matches for kind "ServiceMonitor" in version "monitoring.coreos.com/v1": could not find a schema for it; '
    "pass --missing-schemas skip to skip such objects"
)


@pytest.mark.parametrize("flag", [[], ["--missing-schemas", "error"]])
def test_an_object_without_a_schema_is_an_error_by_default(flag):
    path = f"{MANIFESTS}/monitoring/servicemonitor.yaml"
    r = run(*SCHEMAS, *flag, path)
    assert r.exit_code == 1
    assert r.stdout == f'The ServiceMonitor "web" is invalid:\n* {MISSING} ({path}:2)\n'
    r = run(*SCHEMAS, *flag, MANIFESTS, "-o", "json")
    doc = json.loads(r.stdout)
    assert r.exit_code == 1 and doc["summary"]["skipped"] == 0
    (item,) = [i for i in doc["items"] if i["details"]["kind"] == "ServiceMonitor"]
    assert (item["status"], item["code"], item["reason"], item["message"]) == ("Failure", 404, "NotFound", MISSING)
    causes = [(c["reason"], c["field"], c["line"]) for c in item["details"]["causes"]]
    assert causes == [("NoKindMatch", "apiVersion", 2)]


@pytest.mark.parametrize("fmt", ["junit", "github"])
def test_an_object_without_a_schema_is_an_error_in_every_output(fmt):
    path = f"{MANIFESTS}/monitoring/servicemonitor.yaml"
    r = run(*SCHEMAS, path, "-o", fmt)
    assert r.exit_code == 1
    if fmt == "junit":
        (case,) = ET.fromstring(r.stdout).iter("testcase")
        failure = case.find("failure")
        assert (failure.get("type"), failure.get("message")) == ("NoKindMatch", MISSING)
    else:
        title = 'ServiceMonitor "web" is invalid'
        assert r.stdout.splitlines()[0] == f"::error file={path},line=2,title={title}::{MISSING}"


def test_missing_schemas_skip_skips_and_counts_them():
    path = f"{MANIFESTS}/monitoring/servicemonitor.yaml"
    r = run(*SCHEMAS, "--missing-schemas", "skip", path)
    assert r.exit_code == 0 and "skipped" in r.stdout


def test_skip_kind():
    r = run(*ARGS, "--skip", "ConfigMap,Database", MANIFESTS, "-o", "json")
    skipped = {i["details"]["kind"] for i in json.loads(r.stdout)["items"] if i.get("reason") == "Skipped"}
    assert skipped == {"ConfigMap", "Database", "ServiceMonitor"}


def test_kubernetes_openapi_v3_documents_route_by_group_version_kind(tmp_path):
    """A document as `kubectl get --raw /openapi/v3/api/v1` serves it: names are Go paths, kinds are GVKs."""
    doc = {
        "openapi": "3.0.0",
        "components": {
            "schemas": {
                "io.k8s.api.core.v1.ConfigMap": {
                    "type": "object",
                    "properties": {
                        "apiVersion": {"type": "string"},
                        "kind": {"type": "string"},
                        "metadata": {"type": "object"},
                        "data": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 3}},
                    },
                    "x-kubernetes-group-version-kind": [{"group": "", "version": "v1", "kind": "ConfigMap"}],
                }
            }
        },
    }
    (tmp_path / "core.json").write_text(json.dumps(doc))
    cm = f"{MANIFESTS}/web/configmap.yaml"
    r = run("--schema", str(tmp_path), cm, "-o", "json")
    causes = {(c["field"], c["line"]) for c in json.loads(r.stdout)["details"]["causes"]}
    assert causes == {("data[listen]", 6), ("data[workers]", 7)}  # its maxLength: 3, not the built-in schema
    r = run("--schema", str(tmp_path), "--kubernetes-version", "1.37", cm, "-o", "json")
    assert len(json.loads(r.stdout)["details"]["causes"]) == 2  # the given schema wins over the built-in one


def test_schema_directory_may_mix_crds_with_manifests_and_other_yaml():
    whole = [REPO if a == f"{REPO}/crds" else a for a in ARGS]  # the CRDs beside manifests and verdicts.yaml
    assert run(*whole, MANIFESTS, "-o", "json").stdout == run(*ARGS, MANIFESTS, "-o", "json").stdout
    r = run("--schema", f"{MANIFESTS}/web/configmap.yaml", f"{MANIFESTS}/web/configmap.yaml")
    assert r.exit_code == 2 and "not an OpenAPI document, CRD manifest or schema" in r.output  # named on its own


def test_cel_rules_behind_refs_of_an_openapi_document_are_announced(tmp_path):
    rule = [{"rule": "self.a <= self.b", "message": "a must not exceed b"}]
    doc = {
        "openapi": "3.0.0",
        "components": {
            "schemas": {
                "io.example.v1.Range": {
                    "type": "object",
                    "properties": {"spec": {"$ref": "#/components/schemas/io.example.v1.RangeSpec"}},
                    "x-kubernetes-group-version-kind": [{"group": "example.io", "version": "v1", "kind": "Range"}],
                },
                "io.example.v1.RangeSpec": {
                    "type": "object",
                    "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
                    "x-kubernetes-validations": rule,
                },
            }
        },
    }
    (tmp_path / "range.json").write_text(json.dumps(doc))
    (tmp_path / "r.yaml").write_text("apiVersion: example.io/v1\nkind: Range\nspec: {a: 2, b: 1}\n")
    r = run("--schema", str(tmp_path / "range.json"), str(tmp_path / "r.yaml"), "--batch")
    assert r.exit_code == 0 and "1 object: 1 valid, 0 invalid; 1 validated without their CEL rules" in r.stdout
    assert "io.example.v1.Range: 1 x-kubernetes-validations rule(s) (CEL) are not evaluated" in r.stderr


def test_found_files_are_spelled_as_pathlib_spells_them():
    from pathlib import Path

    from evaluator.input.tree import _spelled

    for p in ("./a//b/", "a/./b", "/x//y", "//x/y", "///x", "a", ".", "./", "../a/b", "a/../b", "a/b/"):
        assert _spelled(p) == str(Path(p)), p
