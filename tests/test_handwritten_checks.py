"""Built-in kinds judged by the API server's hand-written validation and warnings, each case from the
server function named beside it (k8s.io/kubernetes pkg/apis/core/validation/validation.go,
pkg/apis/apps/validation/validation.go, pkg/apis/batch/validation/validation.go,
pkg/api/pod/warnings.go)."""

from __future__ import annotations

import copy

import pytest
import yaml

from dv2openapi.evaluator import handwritten
from dv2openapi.evaluator.cli import main
from tests.cli import invoke

pytest.importorskip("kubernetes_validate", reason="built-in kinds need the kubernetes-validate package ([test] extra)")

POD = {
    "apiVersion": "v1",
    "kind": "Pod",
    "metadata": {"name": "p"},
    "spec": {"containers": [{"name": "a", "image": "x"}]},
}
DEPLOYMENT = {
    "apiVersion": "apps/v1",
    "kind": "Deployment",
    "metadata": {"name": "web"},
    "spec": {
        "selector": {"matchLabels": {"app": "web"}},
        "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [{"name": "a", "image": "x"}]}},
    },
}


def _errors(obj: dict, version: str = "1.37") -> list[str]:
    return [str(e) for e in handwritten.errors(obj, version)]


def _pod(**container) -> dict:
    obj = copy.deepcopy(POD)
    obj["spec"]["containers"][0].update(container)
    return obj


def _run(tmp_path, *objs: dict, version: str = "1.37"):
    (tmp_path / "m.yaml").write_text(yaml.safe_dump_all(objs))
    return invoke(main, ["--kubernetes-version", version, str(tmp_path / "m.yaml")])


def test_a_valid_pod_and_deployment_have_no_error():
    assert _errors(POD) == [] and _errors(DEPLOYMENT) == []


def test_a_container_without_image_is_required_in_every_workload_but_a_statefulset():
    # validateContainerCommon: `len(ctr.Image) == 0` -> field.Required(path.Child("image"), "")
    assert _errors(_pod(image=None)) == ["spec.containers[0].image: Required value"]
    templates = {
        ("apps/v1", "Deployment"): "spec.template.spec",
        ("apps/v1", "ReplicaSet"): "spec.template.spec",
        ("apps/v1", "DaemonSet"): "spec.template.spec",
        ("batch/v1", "Job"): "spec.template.spec",
    }
    for (api, kind), path in templates.items():
        obj = copy.deepcopy(DEPLOYMENT)
        obj.update(apiVersion=api, kind=kind)
        obj["spec"]["template"]["spec"]["restartPolicy"] = "Never" if kind == "Job" else "Always"
        del obj["spec"]["template"]["spec"]["containers"][0]["image"]
        assert _errors(obj) == [f"{path}.containers[0].image: Required value"], kind
    cron = {
        "apiVersion": "batch/v1",
        "kind": "CronJob",
        "spec": {"jobTemplate": {"spec": {"template": {"spec": {"restartPolicy": "Never", "containers": [{}]}}}}},
    }
    path = "spec.jobTemplate.spec.template.spec.containers[0]"
    assert _errors(cron) == [f"{path}.name: Required value", f"{path}.image: Required value"]
    # ValidatePodTemplateSpecForStatefulSet: "TODO: Add validation for PodSpec" -- its PodSpec is not checked
    sts = {**copy.deepcopy(DEPLOYMENT), "kind": "StatefulSet"}
    del sts["spec"]["template"]["spec"]["containers"][0]["image"]
    assert _errors(sts) == []


def test_ports_as_validate_container_ports_checks_them():
    # validateContainerPorts: supportedPortProtocols (NotSupported, sorted), IsValidPortNum, IsValidPortName
    ports = [
        {"containerPort": 88, "protocol": "udp"},
        {"containerPort": 70000},
        {"containerPort": 0},
        {"containerPort": 80, "hostPort": 65536},
        {"containerPort": 81, "name": "http"},
        {"containerPort": 82, "name": "http"},
        {"containerPort": 83, "name": "Web_1"},
    ]
    assert _errors(_pod(ports=ports)) == [
        'spec.containers[0].ports[0].protocol: Unsupported value: "udp": supported values: "SCTP", "TCP", "UDP"',
        "spec.containers[0].ports[1].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive",
        "spec.containers[0].ports[2].containerPort: Required value",
        "spec.containers[0].ports[3].hostPort: Invalid value: 65536: must be between 1 and 65535, inclusive",
        'spec.containers[0].ports[5].name: Duplicate value: "http"',
        'spec.containers[0].ports[6].name: Invalid value: "Web_1": must contain only alpha-numeric characters '
        "(a-z, 0-9), and hyphens (-)",
    ]
    assert _errors(_pod(ports=[{"containerPort": 80}, {"containerPort": 53, "protocol": "UDP"}])) == []


def test_names_of_containers_volumes_and_env_vars():
    # validateContainerCommon: ValidateDNS1123Label; validateContainers: field.Duplicate(path.Child("name"))
    obj = copy.deepcopy(POD)
    obj["spec"]["containers"] = [{"name": "a", "image": "x"}, {"name": "a", "image": "x"}, {"name": "B", "image": "x"}]
    errs = _errors(obj)
    assert errs[0] == 'spec.containers[1].name: Duplicate value: "a"'
    assert errs[1].startswith('spec.containers[2].name: Invalid value: "B": a lowercase RFC 1123 label must consist')
    # ValidateVolumes: required, a DNS label, unique; ValidateVolumeMounts: field.NotFound of an unknown volume
    obj = _pod(volumeMounts=[{"name": "data", "mountPath": "/d"}, {"name": "cache", "mountPath": "/c"}])
    obj["spec"]["volumes"] = [{"name": "cache", "emptyDir": {}}, {"name": "cache", "emptyDir": {}}]
    assert _errors(obj) == [
        'spec.volumes[1].name: Duplicate value: "cache"',
        'spec.containers[0].volumeMounts[0].name: Not found: "data"',
    ]
    # ValidateEnv: IsRelaxedEnvVarName where RelaxedEnvironmentVariableValidation is on, else IsEnvVarName
    obj = _pod(env=[{"name": "1A"}, {"name": "A=B"}, {"name": ""}])
    assert _errors(obj) == [
        'spec.containers[0].env[1].name: Invalid value: "A=B": a valid environment variable name must consist '
        "only of printable ASCII characters other than '='",
        "spec.containers[0].env[2].name: Required value",
    ]
    assert _errors(obj, "1.29")[0].startswith(
        'spec.containers[0].env[0].name: Invalid value: "1A": a valid environment variable name must consist of'
    )


def test_restart_policies_and_selectors_of_the_workloads():
    # validateJobSpec: the defaulted Always is `Required value: valid values: "OnFailure", "Never"`
    job = {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "spec": {"template": {"spec": {"containers": [{"name": "a", "image": "x"}]}}},
    }
    assert _errors(job) == ['spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"']
    # ValidatePodTemplateSpecForReplicaSet: restartPolicy Always; the selector matches the template's labels
    obj = copy.deepcopy(DEPLOYMENT)
    obj["spec"]["template"]["spec"]["restartPolicy"] = "Never"
    obj["spec"]["template"]["metadata"]["labels"] = {"app": "other"}
    assert _errors(obj) == [
        'spec.template.metadata.labels: Invalid value: {"app":"other"}: `selector` does not match template `labels`',
        'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
    ]
    expressions = {"matchExpressions": [{"key": "app", "operator": "In", "values": ["web", "api"]}]}
    obj = copy.deepcopy(DEPLOYMENT)
    obj["spec"]["selector"] = expressions
    assert _errors(obj) == []


def test_duplicate_list_map_keys_the_server_only_warns_about_are_warnings(tmp_path):
    # ingress-nginx's AWS NLB TLS termination controller: 80/TCP named http and https
    obj = copy.deepcopy(DEPLOYMENT)
    obj["spec"]["template"]["spec"]["containers"][0].update(
        ports=[{"containerPort": 80, "name": "http"}, {"containerPort": 80, "name": "https", "protocol": "TCP"}],
        env=[{"name": "A", "value": "1"}, {"name": "A", "value": "2"}, {"name": "B"}, {"name": "B", "value": "$(B):x"}],
    )
    r = _run(tmp_path, obj)
    assert r.exit_code == 0, r.output
    prefix = "spec.template.spec.containers[0]"
    # warningsForPodSpecAndMeta: duplicate containers[*].ports and containers[*].env
    assert f"{prefix}.ports[1]: duplicate port definition with {prefix}.ports[0] (the API server's warning)" in r.stderr
    assert f'{prefix}.env[1]: hides previous definition of "A", which may be dropped when using apply' in r.stderr
    assert "env[3]" not in r.stderr  # B="$(B):x" extends B


def test_the_hand_written_error_replaces_the_schemas_list_map_duplicate(tmp_path):
    obj = copy.deepcopy(POD)
    obj["spec"]["containers"].append({"name": "a", "image": "y"})
    r = _run(tmp_path, obj)
    assert r.exit_code == 1
    assert '* spec.containers[1].name: Duplicate value: "a"' in r.stdout and "containers[1]: Duplicate" not in r.stdout
