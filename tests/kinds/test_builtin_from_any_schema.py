"""A built-in kind is judged as the API server judges it whichever schema the user points dv-eval at:
`--kubernetes-version` or Kubernetes' own OpenAPI document given with `--schema`: the lists the
server only warns about (pkg/api/pod/warnings.go) are warnings, and the hand-written checks
(pkg/apis/core/validation/validation.go) run. A kubernetes-json-schema file found by
`-schema-location` (kubeconform's way: that schema is the judge) holds those lists unique no more
than the server does."""

from __future__ import annotations

import copy
import json

import pytest
import yaml

from evaluator.run.cli import main
from tests.cli import invoke

pytest.importorskip("kubernetes_validate", reason="Kubernetes' own schemas come from the kubernetes-validate package")

DEPLOYMENT = {
    "apiVersion": "apps/v1",
    "kind": "Deployment",
    "metadata": {"name": "web"},
    "spec": {
        "selector": {"matchLabels": {"app": "web"}},
        "template": {
            "metadata": {"labels": {"app": "web"}},
            "spec": {
                "containers": [
                    {
                        "name": "a",
                        "image": "nginx",
                        # ingress-nginx's AWS NLB TLS deploy.yaml: two ports 80/TCP, http and https
                        "ports": [{"containerPort": 80, "name": "http"}, {"containerPort": 80, "name": "https"}],
                        "env": [{"name": "A", "value": "1"}, {"name": "A", "value": "2"}],
                    }
                ]
            },
        },
    },
}
WARNINGS = [
    'spec.template.spec.containers[0].env[1]: hides previous definition of "A", which may be dropped when using apply',
    "spec.template.spec.containers[0].ports[1]: duplicate port definition with "
    "spec.template.spec.containers[0].ports[0]",
]


def _published(tmp_path) -> str:
    """Kubernetes 1.31's definitions as its API server publishes them (no dv-eval marks), one document."""
    from evaluator.run import builtin

    def plain(x):
        if isinstance(x, dict):
            return {k: plain(v) for k, v in x.items() if not k.startswith("x-dv-")}
        return [plain(v) for v in x] if isinstance(x, list) else x

    doc = plain(builtin.load("1.31"))
    doc["info"] = {"title": "Kubernetes", "version": "v1.31.0"}
    assert (
        "x-kubernetes-list-map-keys"
        in doc["components"]["schemas"]["io.k8s.api.core.v1.Container"]["properties"]["ports"]
    )
    path = tmp_path / "kubernetes.json"
    path.write_text(json.dumps(doc))
    return str(path)


def _inline(tmp_path) -> str:
    """A kubernetes-json-schema standalone file: the Deployment's schema with every type inline."""
    item = {"type": "object", "properties": {"name": {"type": "string"}, "value": {"type": "string"}}}
    port = {"type": "object", "properties": {"containerPort": {"type": "integer"}, "name": {"type": "string"}}}
    container = {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "image": {"type": "string"},
            "env": {
                "type": "array",
                "items": item,
                "x-kubernetes-list-type": "map",
                "x-kubernetes-list-map-keys": ["name"],
            },
            "ports": {
                "type": "array",
                "items": port,
                "x-kubernetes-list-type": "map",
                "x-kubernetes-list-map-keys": ["containerPort", "protocol"],
            },
        },
    }
    pod = {"type": "object", "properties": {"containers": {"type": "array", "items": container}}}
    template = {"type": "object", "properties": {"spec": pod}}
    schema = {"type": "object", "properties": {"spec": {"type": "object", "properties": {"template": template}}}}
    (tmp_path / "deployment.json").write_text(json.dumps(schema))
    return str(tmp_path / "{{ .ResourceKind }}.json")


def _check(tmp_path, args: list[str]) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(yaml.safe_dump(DEPLOYMENT))
    r = invoke(main, [*args, str(good)])
    assert r.exit_code == 0, r.output
    said = [line.split(": ", 3)[3].removesuffix(" (the API server's warning)") for line in r.stderr.splitlines()]
    assert sorted(said) == WARNINGS
    bad = copy.deepcopy(DEPLOYMENT)
    bad["spec"]["template"]["spec"]["containers"][0]["image"] = ""
    (tmp_path / "bad.yaml").write_text(yaml.safe_dump(bad))
    r = invoke(main, [*args, str(tmp_path / "bad.yaml")])
    # validateContainerCommon: len(ctr.Image) == 0 -> field.Required(path.Child("image"), "")
    assert r.exit_code == 1 and "spec.template.spec.containers[0].image: Required value" in r.stdout, r.output


def test_kubernetes_own_openapi_document_given_with_schema(tmp_path):
    _check(tmp_path, ["--schema", _published(tmp_path)])


def test_a_kubernetes_json_schema_file_with_its_types_inline(tmp_path):
    (tmp_path / "good.yaml").write_text(yaml.safe_dump(DEPLOYMENT))
    r = invoke(main, ["-schema-location", _inline(tmp_path), str(tmp_path / "good.yaml")])
    assert r.exit_code == 0 and "Duplicate" not in r.output, r.output


def test_a_custom_resource_keeps_its_list_map_keys_unique(tmp_path):
    # the lists are Kubernetes' own only in Kubernetes' own kinds: a kind of another group with the same
    # fields is held to its schema (a CRD's list-map keys are unique on the server)
    _inline(tmp_path)
    obj = {**DEPLOYMENT, "apiVersion": "example.com/v1"}
    (tmp_path / "cr.yaml").write_text(yaml.safe_dump(obj))
    r = invoke(main, ["-schema-location", str(tmp_path / "{{ .ResourceKind }}.json"), str(tmp_path / "cr.yaml")])
    assert r.exit_code == 1 and "ports[1]: Duplicate value" in r.stdout, r.output


def test_fields_the_published_schema_requires_and_the_server_does_not(tmp_path):
    # The server decodes a built-in kind into its Go type and never checks the schema's `required`:
    # ValidateStatefulSetSpec reads no serviceName, an absent podSelector selects every pod,
    # SetDefaults_RoleBinding fills roleRef.apiGroup, validateHTTPHeaders checks a header's name only
    stateful = {
        "apiVersion": "apps/v1",
        "kind": "StatefulSet",
        "metadata": {"name": "db"},
        "spec": {
            "selector": {"matchLabels": {"app": "db"}},
            "template": {
                "metadata": {"labels": {"app": "db"}},
                "spec": {
                    "containers": [
                        {
                            "name": "a",
                            "image": "postgres",
                            "readinessProbe": {"httpGet": {"port": 80, "httpHeaders": [{"name": "X-Probe"}]}},
                        }
                    ]
                },
            },
        },
    }
    policy = {
        "apiVersion": "networking.k8s.io/v1",
        "kind": "NetworkPolicy",
        "metadata": {"name": "deny"},
        "spec": {"policyTypes": ["Ingress"]},
    }
    binding = {
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "kind": "ClusterRoleBinding",
        "metadata": {"name": "system:view"},
        "roleRef": {"kind": "ClusterRole", "name": "view"},
        "subjects": [{"kind": "ServiceAccount", "name": "default", "namespace": "default"}],
    }
    # ValidatePriorityClass: 0 is a priority; validateSysctls checks a sysctl's name only
    priority = {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": "zero"}}
    pod = {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": "p"},
        "spec": {
            "securityContext": {"sysctls": [{"name": "net.core.somaxconn"}]},
            "containers": [{"name": "a", "image": "x"}],
        },
    }
    # SetDefaults_Job: a pod condition pattern's empty status is True (the docs' pod failure policies)
    job = {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {"name": "j"},
        "spec": {
            "podFailurePolicy": {"rules": [{"action": "Ignore", "onPodConditions": [{"type": "DisruptionTarget"}]}]},
            "template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "a", "image": "x"}]}},
        },
    }
    path = tmp_path / "m.yaml"
    path.write_text(yaml.safe_dump_all([stateful, policy, binding, priority, pod, job]))
    for args in (
        ["--kubernetes-version", "1.31"],
        ["--kubernetes-version", "1.37"],
        ["--schema", _published(tmp_path)],
    ):
        r = invoke(main, [*args, str(path)])
        assert r.exit_code == 0 and "6 valid" in r.output, (args, r.output)
    # what the server does require stays required: a binding's roleRef.name (ValidateRoleBinding)
    binding["roleRef"] = {"kind": "ClusterRole"}
    path.write_text(yaml.safe_dump(binding))
    r = invoke(main, ["--kubernetes-version", "1.31", str(path)])
    assert r.exit_code == 1 and "roleRef.name: Required value" in r.stdout, r.output
