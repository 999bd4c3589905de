"""An `apiextensions.k8s.io/v1beta1` CRD is read as the API server converted it to v1: `version`
and the top-level `validation`, `subresources` and `additionalPrinterColumns` become per-version."""

import pytest
import yaml

from evaluator.run.cli import main
from evaluator.schema.crdv1beta1 import as_v1
from tests.cli import invoke
from tests.shared_data import SHARED

SCHEMA = {"type": "object", "properties": {"spec": {"type": "object", "properties": {"size": {"type": "integer"}}}}}
CRD = {
    "apiVersion": "apiextensions.k8s.io/v1beta1",
    "kind": "CustomResourceDefinition",
    "metadata": {"name": "gears.example.com"},
    "spec": {
        "group": "example.com",
        "names": {"kind": "Gear", "plural": "gears"},
        "scope": "Namespaced",
        "version": "v1",
        "validation": {"openAPIV3Schema": SCHEMA},
        "subresources": {"status": {}},
        "additionalPrinterColumns": [{"JSONPath": ".spec.size", "name": "Size", "type": "integer"}],
    },
}


def test_top_level_fields_move_to_every_version():
    v1 = as_v1(CRD)
    assert v1["apiVersion"] == "apiextensions.k8s.io/v1" and CRD["apiVersion"].endswith("v1beta1")
    (version,) = v1["spec"]["versions"]
    assert version == {
        "name": "v1",
        "served": True,
        "storage": True,
        "schema": {"openAPIV3Schema": SCHEMA},
        "subresources": {"status": {}},
        "additionalPrinterColumns": [{"jsonPath": ".spec.size", "name": "Size", "type": "integer"}],
    }
    assert "validation" not in v1["spec"] and "version" not in v1["spec"]
    assert v1["spec"]["preserveUnknownFields"] is True  # v1beta1's default


def test_listed_versions_each_get_the_top_level_schema():
    spec = {**CRD["spec"], "versions": [{"name": "v1", "served": True, "storage": True}, {"name": "v2"}]}
    v1 = as_v1({**CRD, "spec": spec})
    assert [v["schema"]["openAPIV3Schema"] for v in v1["spec"]["versions"]] == [SCHEMA, SCHEMA]


def test_a_v1_crd_is_left_as_it_is():
    crd = {**CRD, "apiVersion": "apiextensions.k8s.io/v1"}
    assert as_v1(crd) is crd


def _gear(tmp_path, size) -> str:
    f = tmp_path / "gear.yaml"
    gear = {"apiVersion": "example.com/v1", "kind": "Gear", "metadata": {"name": "g"}, "spec": {"size": size}}
    f.write_text(yaml.safe_dump(gear))
    return str(f)


def test_objects_are_judged_by_a_v1beta1_crds_schema(tmp_path):
    crd = tmp_path / "crd.yaml"
    crd.write_text(yaml.safe_dump(CRD))
    assert invoke(main, ["--schema", str(crd), _gear(tmp_path, 3)]).exit_code == 0
    r = invoke(main, ["--schema", str(crd), _gear(tmp_path, "big")])
    assert r.exit_code == 1 and "spec.size: Invalid value" in r.stdout, r.output


def test_kubeconform_s_v1beta1_fixture_judges_its_kind(tmp_path):
    fixture = SHARED / "realworld/kubeconform/fixtures/registry/sagemaker.aws.amazon.com_trainingjobs.yaml"
    if not fixture.exists():
        pytest.skip(f"shared data {fixture} not present (it sits beside the checkout in CI and worktrees)")
    job = tmp_path / "job.yaml"
    job.write_text("apiVersion: sagemaker.aws.amazon.com/v1\nkind: TrainingJob\nmetadata: {name: t}\nspec: {}\n")
    r = invoke(main, ["--schema", str(fixture), str(job)])
    assert r.exit_code == 1 and "spec.roleArn: Required value" in r.stdout, r.output


def test_a_v1beta1_crd_whose_pattern_go_cannot_compile_is_refused_in_one_line(tmp_path):
    schema = {"type": "object", "properties": {"spec": {"type": "object", "properties": {"id": {"pattern": "("}}}}}
    crd = tmp_path / "crd.yaml"
    crd.write_text(yaml.safe_dump({**CRD, "spec": {**CRD["spec"], "validation": {"openAPIV3Schema": schema}}}))
    r = invoke(main, ["--schema", str(crd), _gear(tmp_path, 3)])
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1, r.output
    assert "spec.validation.openAPIV3Schema.properties[spec].properties[id].pattern: Invalid value" in r.stderr
    assert "error parsing regexp: missing closing ): `(`" in r.stderr and "internal error" not in r.stderr
