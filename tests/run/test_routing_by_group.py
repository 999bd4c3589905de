"""Routing by group first, as the API server's REST mapper routes: a kind that another group's CRD
defines is no schema for an object of a group no CRD serves (k8s.io/apimachinery
pkg/api/meta/restmapper.go, DefaultRESTMapper.RESTMapping: a GroupKind with no mapping is a
NoKindMatchError of that group); only a known group in a version its CRD does not serve is the
server's `no matches for kind "X" in version "g/v"`."""

from __future__ import annotations

import json

import yaml

from evaluator.run.cli import main
from tests.cli import invoke


def _crd(group: str, kind: str, versions: tuple[str, ...]) -> dict:
    plural = kind.lower() + "s"
    schema = {
        "type": "object",
        "properties": {"spec": {"type": "object", "x-kubernetes-preserve-unknown-fields": True}},
    }
    return {
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": f"{plural}.{group}"},
        "spec": {
            "group": group,
            "names": {"kind": kind, "plural": plural, "singular": kind.lower(), "listKind": kind + "List"},
            "scope": "Namespaced",
            "versions": [
                {"name": v, "served": True, "storage": i == 0, "schema": {"openAPIV3Schema": schema}}
                for i, v in enumerate(versions)
            ],
        },
    }


def _run(tmp_path, crd: dict, obj: dict, *flags: str):
    (tmp_path / "crd.yaml").write_text(yaml.safe_dump(crd))
    (tmp_path / "obj.yaml").write_text(yaml.safe_dump(obj))
    return invoke(main, ["--schema", str(tmp_path / "crd.yaml"), *flags, "-o", "json", str(tmp_path / "obj.yaml")])


ISTIO_GATEWAY = _crd("networking.istio.io", "Gateway", ("v1", "v1beta1", "v1alpha3"))
GATEWAY_API = {"apiVersion": "gateway.networking.k8s.io/v1", "kind": "Gateway", "metadata": {"name": "gw"}}
PROMETHEUS_PODMONITOR = _crd("monitoring.coreos.com", "PodMonitor", ("v1",))
GKE_PODMONITOR = {"apiVersion": "monitoring.gke.io/v1alpha1", "kind": "PodMonitor", "metadata": {"name": "pm"}}


def test_a_kind_of_another_groups_crd_is_skipped_as_missing(tmp_path):
    for crd, obj in ((ISTIO_GATEWAY, GATEWAY_API), (PROMETHEUS_PODMONITOR, GKE_PODMONITOR)):
        r = _run(tmp_path, crd, obj, "--missing-schemas", "skip")
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["reason"] == "Skipped"


def test_a_kind_of_another_groups_crd_is_the_usual_missing_schema_error_by_default(tmp_path):
    r = _run(tmp_path, ISTIO_GATEWAY, GATEWAY_API)
    assert r.exit_code == 1
    message = json.loads(r.stdout)["message"]
    assert 'no matches for kind "Gateway" in version "gateway.networking.k8s.io/v1"' in message
    assert "could not find a schema for it" in message and "its CRD serves" not in message


def test_a_known_group_in_a_version_its_crd_does_not_serve_is_no_match_even_with_skip(tmp_path):
    obj = {**GATEWAY_API, "apiVersion": "networking.istio.io/v2"}
    r = _run(tmp_path, ISTIO_GATEWAY, obj, "--missing-schemas", "skip")
    assert r.exit_code == 1
    message = json.loads(r.stdout)["message"]
    assert message.endswith(
        'no matches for kind "Gateway" in version "networking.istio.io/v2" (its CRD serves '
        "networking.istio.io/v1, networking.istio.io/v1alpha3, networking.istio.io/v1beta1)"
    ), message


def test_the_served_version_of_the_known_group_is_validated(tmp_path):
    obj = {**GATEWAY_API, "apiVersion": "networking.istio.io/v1beta1", "spec": []}
    r = _run(tmp_path, ISTIO_GATEWAY, obj, "--missing-schemas", "skip")
    assert r.exit_code == 1 and "must be of type object" in r.stdout, r.output
