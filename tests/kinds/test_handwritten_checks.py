"""Built-in kinds judged by the API server's hand-written validation and warnings, each case from the
server function named beside it (k8s.io/kubernetes pkg/apis/core/validation/validation.go,
pkg/apis/apps/validation/validation.go, pkg/apis/batch/validation/validation.go,
pkg/api/pod/warnings.go)."""

from __future__ import annotations

import copy
import json

import pytest
import yaml

from evaluator.kinds import handwritten
from evaluator.run.cli import main
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


def test_a_replication_controller_as_validate_replication_controller_spec_checks_it(tmp_path):
    rc = {
        "apiVersion": "v1",
        "kind": "ReplicationController",
        "metadata": {"name": "web"},
        "spec": {
            "replicas": 2,
            "selector": {"app": "web"},
            "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [{"name": "a", "image": "x"}]}},
        },
    }
    assert _errors(rc) == []
    # SetDefaults_ReplicationController: an empty selector is the template's labels
    defaulted = copy.deepcopy(rc)
    del defaulted["spec"]["selector"]
    assert _errors(defaulted) == []
    # ValidateNonEmptySelector with no labels to default from; ValidateNonnegativeField(spec.Replicas)
    bare = copy.deepcopy(defaulted)
    bare["spec"]["replicas"] = -1
    del bare["spec"]["template"]["metadata"]
    assert _errors(bare) == [
        "spec.replicas: Invalid value: -1: must be greater than or equal to 0",
        "spec.selector: Required value",
    ]
    # ValidatePodTemplateSpecForRC: labels match the selector, ValidatePodTemplateSpec, restartPolicy
    # Always, no activeDeadlineSeconds
    bad = copy.deepcopy(rc)
    bad["spec"]["selector"] = {"app": "api"}
    pod = bad["spec"]["template"]["spec"]
    pod.update(restartPolicy="OnFailure", activeDeadlineSeconds=5)
    pod["containers"][0]["image"] = ""
    assert _errors(bad) == [
        'spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`',
        "spec.template.spec.containers[0].image: Required value",
        'spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
        "spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicationController is not "
        "Supported",
    ]
    missing = {**rc, "spec": {"selector": {"app": "web"}}}
    assert _errors(missing) == ["spec.template: Required value"]
    assert _run(tmp_path, rc).exit_code == 0


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
    obj["spec"]["containers"].append({"name": "a", "image": "nginx"})
    r = _run(tmp_path, obj)
    assert r.exit_code == 1
    assert '* spec.containers[1].name: Duplicate value: "a"' in r.stdout and "containers[1]: Duplicate" not in r.stdout


SERVICE = {
    "apiVersion": "v1",
    "kind": "Service",
    "metadata": {"name": "web"},
    "spec": {"selector": {"app": "web"}, "ports": [{"port": 80}]},
}
CONFIG_MAP = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "cfg"}, "data": {"app.conf": "x"}}
SECRET = {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}, "data": {"token": "aGVsbG8="}}
_KEY_ERR = (
    "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or "
    "'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"
)


def _verdict(tmp_path, obj: dict, version: str = "1.31") -> tuple[int, list[str]]:
    """dv-eval's exit status and the errors it lists for `obj` (without their `(file:line)`)."""
    r = _run(tmp_path, obj, version=version)
    return r.exit_code, [line[2:].rpartition(" (")[0] for line in r.stdout.splitlines() if line.startswith("* ")]


def _service(**spec) -> dict:
    obj = copy.deepcopy(SERVICE)
    obj["spec"].update(spec)
    return obj


def test_valid_services_configmaps_and_secrets_stay_valid(tmp_path):
    lb = _service(
        type="LoadBalancer",
        loadBalancerClass="example.com/lb",
        loadBalancerSourceRanges=["10.0.0.0/8"],
        externalTrafficPolicy="Local",
        ports=[
            {"name": "http", "port": 80, "targetPort": "http"},
            {"name": "dns", "port": 53, "protocol": "UDP", "appProtocol": "kubernetes.io/h2c"},
        ],
    )
    objs = [
        SERVICE,
        lb,
        _service(clusterIP="None", ports=None),  # headless: no ports needed
        _service(type="ExternalName", externalName="db.example.com.", ports=None),
        _service(sessionAffinity="ClientIP", sessionAffinityConfig={"clientIP": {"timeoutSeconds": 86400}}),
        _service(type="NodePort", ports=[{"port": 80, "nodePort": 30080}], internalTrafficPolicy="Local"),
        CONFIG_MAP,
        {**CONFIG_MAP, "binaryData": {"logo.png": "iVBORw=="}},
        SECRET,
        {**SECRET, "type": "kubernetes.io/tls", "data": {"tls.crt": "", "tls.key": ""}},
        {**SECRET, "type": "kubernetes.io/basic-auth", "stringData": {"password": "p"}},
        {**SECRET, "type": "kubernetes.io/dockerconfigjson", "data": {".dockerconfigjson": "e30="}},
    ]
    for obj in objs:
        assert _verdict(tmp_path, obj) == (0, []), obj


def test_service_ports_as_validate_service_port_checks_them(tmp_path):
    # ValidateService: field.Required(specPath.Child("ports"), "") unless headless or ExternalName
    assert _verdict(tmp_path, _service(ports=None)) == (1, ["spec.ports: Required value"])
    assert _verdict(tmp_path, _service(type="NodePort", ports=[])) == (1, ["spec.ports: Required value"])
    # validateServicePort: a name when there are several ports (ValidateDNS1123Label, field.Duplicate),
    # IsValidPortNum of the port and of the targetPort (defaulted to the port), supportedPortProtocols
    ports = [
        {"name": "http", "port": 0},
        {"name": "http", "port": 70000, "targetPort": "8080"},
        {"port": 81, "protocol": "tcp", "targetPort": 65536},
        {"name": "Web", "port": 82, "appProtocol": "a/b/c"},
    ]
    assert _verdict(tmp_path, _service(ports=ports)) == (
        1,
        [
            "spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive",
            "spec.ports[0].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive",
            'spec.ports[1].name: Duplicate value: "http"',
            "spec.ports[1].port: Invalid value: 70000: must be between 1 and 65535, inclusive",
            'spec.ports[1].targetPort: Invalid value: "8080": must contain at least one letter (a-z)',
            "spec.ports[2].name: Required value",
            'spec.ports[2].protocol: Unsupported value: "tcp": supported values: "SCTP", "TCP", "UDP"',
            "spec.ports[2].targetPort: Invalid value: 65536: must be between 1 and 65535, inclusive",
            'spec.ports[3].name: Invalid value: "Web": a lowercase RFC 1123 label must consist of lower case '
            "alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. "
            "'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            'spec.ports[3].appProtocol: Invalid value: "a/b/c": a qualified name must consist of alphanumeric '
            "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  "
            "or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
            " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
        ],
    )


def test_service_type_dependent_fields(tmp_path):
    # ValidateService: supportedServiceType (sorted); a nodePort only outside ClusterIP
    assert _verdict(tmp_path, _service(type="Ingress")) == (
        1,
        [
            'spec.type: Unsupported value: "Ingress": supported values: "ClusterIP", "ExternalName", "LoadBalancer", '
            '"NodePort"'
        ],
    )
    assert _verdict(tmp_path, _service(ports=[{"port": 80, "nodePort": 30080}])) == (
        1,
        ["spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'"],
    )
    # headless: `None` in clusterIPs[0] is refused for NodePort and LoadBalancer
    assert _verdict(tmp_path, _service(type="NodePort", clusterIP="None")) == (
        1,
        ["spec.clusterIPs[0]: Invalid value: \"None\": may not be set to 'None' for NodePort services"],
    )
    # ExternalName: externalName required (a trailing dot is trimmed), a DNS subdomain
    assert _verdict(tmp_path, _service(type="ExternalName", ports=None)) == (1, ["spec.externalName: Required value"])
    code, errs = _verdict(tmp_path, _service(type="ExternalName", externalName="Db_1.example.com.", ports=None))
    assert code == 1 and errs[0].startswith(
        'spec.externalName: Invalid value: "Db_1.example.com": a lowercase RFC 1123 subdomain must consist of'
    )
    # LoadBalancer-only fields
    only_lb = "Forbidden: may only be used when `type` is 'LoadBalancer'"
    obj = _service(loadBalancerSourceRanges=["10.0.0.0/8"], allocateLoadBalancerNodePorts=True, loadBalancerClass="x")
    assert _verdict(tmp_path, obj) == (
        1,
        [
            f"spec.LoadBalancerSourceRanges: {only_lb}",
            f"spec.allocateLoadBalancerNodePorts: {only_lb}",
            f"spec.loadBalancerClass: {only_lb}",
        ],
    )
    # session affinity and traffic policies: NotSupported with their sorted values; the timeout's range
    obj = _service(sessionAffinity="Sticky", internalTrafficPolicy="Node")
    assert _verdict(tmp_path, obj) == (
        1,
        [
            'spec.sessionAffinity: Unsupported value: "Sticky": supported values: "ClientIP", "None"',
            'spec.internalTrafficPolicy: Unsupported value: "Node": supported values: "Cluster", "Local"',
        ],
    )
    obj = _service(sessionAffinity="ClientIP", sessionAffinityConfig={"clientIP": {"timeoutSeconds": 0}})
    assert _verdict(tmp_path, obj) == (
        1,
        [
            "spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 0: "
            "must be greater than 0 and less than 86400"
        ],
    )
    obj = _service(type="NodePort", externalTrafficPolicy="Global")
    assert _verdict(tmp_path, obj) == (
        1,
        ['spec.externalTrafficPolicy: Unsupported value: "Global": supported values: "Cluster", "Local"'],
    )
    # selector: ValidateLabels
    code, errs = _verdict(tmp_path, _service(selector={"app": "a b"}))
    assert code == 1 and errs[0].startswith('spec.selector: Invalid value: "a b": a valid label must be')


def test_config_map_keys_as_validate_config_map_checks_them(tmp_path):
    # ValidateConfigMap: IsConfigMapKey of data and binaryData keys; a data key also in binaryData
    obj = {**CONFIG_MAP, "data": {"a b": "x", "k": "v", "..x": "z"}, "binaryData": {"k": "eA==", ".": "eA=="}}
    assert _verdict(tmp_path, obj) == (
        1,
        [
            "data[..x]: Invalid value: \"..x\": must not start with '..'",
            f'data[a b]: Invalid value: "a b": {_KEY_ERR}',
            'data[k]: Invalid value: "k": duplicate of key present in binaryData',
            "binaryData[.]: Invalid value: \".\": must not be '.'",
        ],
    )


def test_secret_keys_and_the_keys_each_type_requires(tmp_path):
    # ValidateSecret: IsConfigMapKey of data keys, stringData's merged in as data
    obj = {**SECRET, "stringData": {"a b": "x"}}
    assert _verdict(tmp_path, obj) == (1, [f'data[a b]: Invalid value: "a b": {_KEY_ERR}'])
    required = {
        "kubernetes.io/tls": ["data[tls.crt]: Required value", "data[tls.key]: Required value"],
        "kubernetes.io/dockerconfigjson": ["data[.dockerconfigjson]: Required value"],
        "kubernetes.io/dockercfg": ["data[.dockercfg]: Required value"],
        "kubernetes.io/basic-auth": ["data[username]: Required value", "data[password]: Required value"],
        "kubernetes.io/ssh-auth": ["data[ssh-privatekey]: Required value"],
        "kubernetes.io/service-account-token": [
            "metadata.annotations[kubernetes.io/service-account.name]: Required value"
        ],
    }
    for kind, errs in required.items():
        assert _verdict(tmp_path, {**SECRET, "type": kind}) == (1, errs), kind
    # an empty ssh-privatekey is missing (len == 0); an empty tls.crt is present
    obj = {**SECRET, "type": "kubernetes.io/ssh-auth", "data": {"ssh-privatekey": ""}}
    assert _verdict(tmp_path, obj) == (1, ["data[ssh-privatekey]: Required value"])
    obj = {**SECRET, "type": "kubernetes.io/tls", "stringData": {"tls.crt": "", "tls.key": "k"}}
    assert _verdict(tmp_path, obj) == (0, [])
    assert _verdict(tmp_path, {**SECRET, "type": "example.com/custom"}) == (0, [])


def test_a_body_the_decoder_refuses_is_not_validated(tmp_path):
    # A built-in kind's body is decoded into its Go type before validation: a value of another JSON
    # type is the decoder's error alone (`image: y` is YAML 1.1's true), no hand-written check runs
    obj = copy.deepcopy(POD)
    obj["spec"]["containers"].append({"name": "a", "image": True})
    r = _run(tmp_path, obj)
    assert r.exit_code == 1 and "spec.containers[1].image" in r.stdout, r.output
    assert "Duplicate" not in r.stdout


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("1.5", "1500m"),  # Quantity's doc comment: "1.5 will be serialized as "1500m""
        ("1.5Gi", "1536Mi"),  # and "1.5Gi will be serialized as "1536Mi""
        ("1000", "1k"),  # the largest suffix that loses nothing
        ("1000m", "1"),
        ("0.5Gi", "512Mi"),
        ("0.1Ki", "102400m"),  # a binary quantity below 1024 is shown decimal
        ("129e6", "129e6"),  # an exponent stays an exponent
        ("0.1n", "1n"),  # rounded up to a nano
        ("-1.5Gi", "-1536Mi"),
        ("0", "0"),
    ],
)
def test_quantities_are_shown_in_their_canonical_form(text, shown):
    from evaluator.apiserver.values.quantity import canonical

    assert canonical(text) == shown


def test_container_resources_as_validate_container_resource_requirements_checks_them():
    # ValidateContainerResourceRequirements: a request above its limit is
    #   field.Invalid(reqPath, quantity.String(), "must be less than or equal to %s limit of %s");
    # a resource that cannot be overcommitted needs a limit, equal to its request
    obj = _pod(
        resources={
            "requests": {"cpu": 2, "memory": "1.5Gi", "nvidia.com/gpu": 1, "example.com/foo": "2"},
            "limits": {"cpu": "1500m", "memory": "2Gi", "nvidia.com/gpu": 2, "ephemeral-storage": "-1"},
        }
    )
    path = "spec.containers[0].resources"
    assert _errors(obj) == [
        f'{path}.limits[ephemeral-storage]: Invalid value: "-1": must be greater than or equal to 0',
        f'{path}.requests: Invalid value: "2": must be less than or equal to cpu limit of 1500m',
        f"{path}.limits: Required value: Limit must be set for non overcommitable resources",
        f'{path}.requests: Invalid value: "1": must be equal to nvidia.com/gpu limit of 2',
    ]
    fine = _pod(resources={"requests": {"cpu": 0.5, "memory": "100Mi"}, "limits": {"cpu": 1, "memory": "1Gi"}})
    assert _errors(fine) == []


def test_an_env_var_takes_its_value_from_one_place():
    # validateEnvVarValueFrom: `len(ev.Value) != 0` with a source ->
    #   field.Invalid(fldPath, "", "may not be specified when `value` is not empty");
    # `numSources > 1` -> field.Invalid(fldPath, "", "may not have more than one field specified at a time")
    secret = {"secretKeyRef": {"name": "s", "key": "k"}}
    both = {"secretKeyRef": {"name": "s", "key": "k"}, "configMapKeyRef": {"name": "c", "key": "k"}}
    obj = _pod(env=[{"name": "A", "value": "x", "valueFrom": secret}, {"name": "B", "valueFrom": both}])
    assert _errors(obj) == [
        'spec.containers[0].env[0].valueFrom: Invalid value: "": may not be specified when `value` is not empty',
        'spec.containers[0].env[1].valueFrom: Invalid value: "": may not have more than one field specified at a time',
    ]
    assert _errors(_pod(env=[{"name": "A", "value": "", "valueFrom": secret}])) == []


def test_a_deployments_own_fields_as_validate_deployment_spec_checks_them():
    def deployment(**spec) -> dict:
        obj = copy.deepcopy(DEPLOYMENT)
        obj["spec"].update(spec)
        return obj

    # ValidateNonnegativeField(spec.Replicas); `*spec.ProgressDeadlineSeconds <= spec.MinReadySeconds` ->
    #   field.Invalid(..., "must be greater than minReadySeconds")
    assert _errors(deployment(replicas=-1, minReadySeconds=10, progressDeadlineSeconds=5)) == [
        "spec.replicas: Invalid value: -1: must be greater than or equal to 0",
        "spec.progressDeadlineSeconds: Invalid value: 5: must be greater than minReadySeconds",
    ]
    # ValidateDeploymentStrategy: Recreate with rollingUpdate -> field.Forbidden(...)
    recreate = deployment(strategy={"type": "Recreate", "rollingUpdate": {"maxSurge": 1}})
    assert _errors(recreate) == [
        "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"
    ]
    # ValidateRollingUpdateDeployment: both 0, printed as field.Error prints an IntOrString (Go's %#v,
    # JSON from 1.34); IsNotMoreThan100Percent
    zero = deployment(strategy={"rollingUpdate": {"maxSurge": 0, "maxUnavailable": 0}})
    where = "spec.strategy.rollingUpdate.maxUnavailable"
    assert _errors(zero, "1.31") == [
        f'{where}: Invalid value: intstr.IntOrString{{Type:0, IntVal:0, StrVal:""}}: may not be 0 when `maxSurge` is 0'
    ]
    assert _errors(zero, "1.35") == [f"{where}: Invalid value: 0: may not be 0 when `maxSurge` is 0"]
    over = deployment(strategy={"rollingUpdate": {"maxUnavailable": "150%"}})
    assert _errors(over, "1.35") == [f'{where}: Invalid value: "150%": must not be greater than 100%']
    fine = deployment(strategy={"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 0, "maxUnavailable": "10%"}})
    assert _errors(fine) == [] and _errors(deployment(strategy={"type": "Recreate"})) == []


def test_a_jobs_and_a_cron_jobs_counts_are_not_negative():
    # validateJobSpec / ValidateCronJobSpec: ValidateNonnegativeField of each count given
    job = {
        "apiVersion": "batch/v1",
        "kind": "CronJob",
        "spec": {
            "schedule": "0 * * * *",
            "failedJobsHistoryLimit": -1,
            "jobTemplate": {
                "spec": {
                    "backoffLimit": -2,
                    "template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "a", "image": "x"}]}},
                }
            },
        },
    }
    assert _errors(job) == [
        "spec.failedJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0",
        "spec.jobTemplate.spec.backoffLimit: Invalid value: -2: must be greater than or equal to 0",
    ]


@pytest.mark.parametrize(
    ("schedule", "details"),
    [
        ("*/5 * * * *", []),
        ("0 3 * * SUN", []),
        ("@daily", []),
        # validateScheduleFormat: cron.ParseStandard's error (robfig/cron v3 parser.go), then the TZ rule
        ("61 * * * *", ["end of range (61) above maximum (59): 61"]),
        ("0 0 * * * *", ["expected exactly 5 fields, found 6: [0 0 * * * *]"]),
        ("5-1 * * * *", ["beginning of range (5) beyond end of range (1): 5-1"]),
        ("x * * * *", ['failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax']),
        ("@fortnightly", ["unrecognized descriptor: @fortnightly"]),
        ("CRON_TZ=UTC 0 3 * * *", ["cannot use TZ or CRON_TZ in schedule, use timeZone field instead"]),
    ],
)
def test_a_cron_jobs_schedule_as_the_server_parses_it(schedule, details):
    obj = {
        "apiVersion": "batch/v1",
        "kind": "CronJob",
        "spec": {
            "schedule": schedule,
            "jobTemplate": {
                "spec": {"template": {"spec": {"restartPolicy": "Never", "containers": [{"name": "a", "image": "x"}]}}}
            },
        },
    }
    assert _errors(obj) == [f"spec.schedule: Invalid value: {json.dumps(schedule)}: {d}" for d in details]


def test_an_autoscalers_replica_bounds():
    # validateHorizontalPodAutoscalerSpec: minReplicas >= 1, maxReplicas > 0 and >= minReplicas
    hpa = {
        "apiVersion": "autoscaling/v2",
        "kind": "HorizontalPodAutoscaler",
        "spec": {"scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"}, "maxReplicas": 3},
    }
    assert _errors(hpa) == []
    hpa["spec"].update(minReplicas=5)
    assert _errors(hpa) == ["spec.maxReplicas: Invalid value: 3: must be greater than or equal to `minReplicas`"]
    hpa["spec"].update(minReplicas=0, maxReplicas=0)
    assert _errors(hpa) == [
        "spec.minReplicas: Invalid value: 0: must be greater than or equal to 1",
        "spec.maxReplicas: Invalid value: 0: must be greater than 0",
    ]
