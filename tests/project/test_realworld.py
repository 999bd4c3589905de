"""dv-eval on the public suites other validators test with (../shared/realworld, README there),
run as a user runs it: CRD directories and built-in kinds, every file of a suite in one batch."""

from __future__ import annotations

import json

import pytest

from evaluator.run.cli import main
from tests.cli import invoke
from tests.realworld import KUBECTL_VALIDATE, REALWORLD, expected_statuses

GATEWAY = REALWORLD / "gateway-api"
KUBECONFORM = REALWORLD / "kubeconform" / "fixtures"
BUILTIN = ("--kubernetes-version", "1.37")

# kubectl-validate cases whose expectation is its own client-side check of the published schema, not
# the API server's verdict: the server creates them and warns (k8s.io/kubernetes
# pkg/api/pod/warnings.go, warningsForPodSpecAndMeta: "duplicate port definition with"); a container
# port's list-map key is not held unique by validateContainerPorts (pkg/apis/core/validation).
SERVER_WARNS = {
    "error_x_list_map_duplicate_key.yaml": "spec.containers[0].ports[2]: duplicate port definition with "
    "spec.containers[0].ports[1]",
}

pytestmark = pytest.mark.skipif(not REALWORLD.exists(), reason=f"shared data {REALWORLD} not present")


def _items(*args: str) -> list[dict]:
    r = invoke(main, ["-o", "json", "--batch", *args])
    assert r.exit_code in (0, 1), r.output
    return json.loads(r.stdout)["items"]


def _name(item: dict) -> str:
    return f"{item['details'].get('kind')} {item['details'].get('name')}"


@pytest.mark.parametrize("channel", ["standard", "experimental"])
def test_gateway_api_examples_are_accepted_and_invalid_examples_rejected(channel):
    crds = ("--schema", str(GATEWAY / "config" / "crd" / channel), *BUILTIN)
    examples = GATEWAY / "examples" / ("standard" if channel == "standard" else "")
    accepted = _items(*crds, str(examples))
    assert len(accepted) > 100
    assert [_name(i) for i in accepted if i["status"] != "Success"] == []
    assert [_name(i) for i in accepted if i.get("reason") == "Skipped"] == []
    rejected = _items(*crds, str(GATEWAY / "hack" / "invalid-examples" / channel))
    assert rejected
    assert [_name(i) for i in rejected if i["status"] != "Failure"] == []


@pytest.mark.parametrize(
    "manifest", sorted(p.name for p in (KUBECTL_VALIDATE / "manifests").glob("*.yaml")) if REALWORLD.exists() else []
)
def test_kubectl_validate_testcases(manifest):
    path = KUBECTL_VALIDATE / "manifests" / manifest
    args = ("--schema", str(KUBECTL_VALIDATE / "crds"), *BUILTIN, "--strict", "--missing-schemas", "error")
    if manifest in SERVER_WARNS:
        r = invoke(main, [*args, str(path)])
        assert r.exit_code == 0 and SERVER_WARNS[manifest] in r.stderr, r.output
        return
    items = _items(*args, str(path))
    want = expected_statuses(path)
    # Verdicts, document by document. The causes are not compared: kubectl-validate words paths as
    # kube-openapi does on the client (`requests.cpu`), the API server as `requests[cpu]`.
    assert [i["status"] for i in items] == [s["status"] if s else "Success" for s in want]


@pytest.mark.parametrize(
    "fixture,status",
    [
        ("valid.yaml", 0),
        ("invalid.yaml", 1),
        ("blank.yaml", 0),
        ("comment.yaml", 0),
        ("list_valid.yaml", 0),
        ("list_empty_valid.yaml", 0),
        ("list_invalid.yaml", 1),
        ("multi_valid.yaml", 0),
        ("multi_invalid.yaml", 1),
        ("multi_with_list.yaml", 0),
        ("missing_kind.yaml", 1),
        ("missing_kind_value.yaml", 1),
        ("missing_apiversion.yaml", 1),
    ],
)
def test_kubeconform_fixtures_as_its_acceptance_tests_expect(fixture, status):
    r = invoke(main, [*BUILTIN, str(KUBECONFORM / fixture)])
    assert r.exit_code == status, r.output


def test_a_list_is_judged_item_by_item():
    items = _items(*BUILTIN, str(KUBECONFORM / "list_invalid.yaml"))
    assert [(i["details"]["kind"], i["status"]) for i in items] == [
        ("Service", "Success"),
        ("ReplicationController", "Failure"),
    ]
    (cause,) = items[1]["details"]["causes"]
    assert cause["field"] == "spec.replicas" and cause["line"] == 26


def test_as_cluster_judges_our_own_crd_as_the_api_server_would():
    args = ["--schema", "schemas/widget.crd.yaml", "examples/widget/objects/invalid.yaml"]
    declarative, cluster = invoke(main, args), invoke(main, ["--as-cluster", *args])
    assert declarative.exit_code == cluster.exit_code == 1
    assert "Shadowed (not enforced)" in declarative.output and "rules were not checked" not in declarative.output
    assert "<nil>: Invalid value: null: some validation rules were not checked" in cluster.output  # the server's walk
    assert 'spec.size: Unsupported value: "Huge"' in cluster.output


def test_a_deep_object_of_a_third_party_crd_is_judged_not_refused(tmp_path):
    obj: dict = {"apiVersion": "stable.example.com/v1", "kind": "CELBasic", "metadata": {"name": "a"}, "value": -3}
    node = obj
    for _ in range(900):  # unknown fields, pruned by the server (the loader allows 1000 levels)
        node["n"] = {}
        node = node["n"]
    (tmp_path / "deep.json").write_text(json.dumps(obj))
    r = invoke(main, ["--schema", str(KUBECTL_VALIDATE / "crds" / "cel_basic.yaml"), str(tmp_path / "deep.json")])
    assert r.exit_code == 1 and "Must be positive non-zero" in r.output, r.output  # its CEL rule still runs
