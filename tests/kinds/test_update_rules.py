"""Built-in kinds' hand-written update rules (evaluator/kinds/updaterules.py), each against the
Kubernetes source that states it, judged through dv-eval's update path (`dv-eval NEW OLD`) with
--kubernetes-version, as `--against` judges a pair. Every refused update names the field and words
it as the server does; every allowed one (defaults, semantic equality, the fields the server leaves
mutable) passes."""

from __future__ import annotations

import copy
import json

import pytest
import yaml

from evaluator.run.cli import main
from tests.cli import invoke

pytest.importorskip("kubernetes_validate", reason="built-in kinds come from the kubernetes-validate package")


def judge(tmp_path, new: dict, old: dict) -> list[tuple[str, str, str]]:
    """The (reason, field, message) of every cause of the update of `old` to `new`."""
    (tmp_path / "new.yaml").write_text(yaml.safe_dump(new))
    (tmp_path / "old.yaml").write_text(yaml.safe_dump(old))
    args = ["--kubernetes-version", "1.37", "-o", "json", str(tmp_path / "new.yaml"), str(tmp_path / "old.yaml")]
    r = invoke(main, args)
    assert r.exit_code in (0, 1), r.output
    causes = json.loads(r.stdout)["details"].get("causes", [])
    return [(c["reason"], c["field"], f"{c['field']}: {c['message']}") for c in causes]


def changed(obj: dict, **paths: object) -> dict:
    """A deep copy of `obj` with dotted `paths` (`spec__selector` for spec.selector) set; None deletes."""
    out = copy.deepcopy(obj)
    for path, value in paths.items():
        *parents, last = path.split("__")
        node = out
        for p in parents:
            node = node.setdefault(p, {})
        if value is None:
            node.pop(last, None)
        else:
            node[last] = value
    return out


TEMPLATE = {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [{"name": "c", "image": "nginx"}]}}


def workload(kind: str) -> dict:
    return {
        "apiVersion": "apps/v1",
        "kind": kind,
        "metadata": {"name": "web", "namespace": "default"},
        "spec": {"selector": {"matchLabels": {"app": "web"}}, "template": copy.deepcopy(TEMPLATE)},
    }


@pytest.mark.parametrize("kind", ["Deployment", "ReplicaSet", "DaemonSet"])
def test_workload_selector_is_immutable(tmp_path, kind):
    """kubernetes/kubernetes pkg/registry/apps/{deployment,replicaset,daemonset}/strategy.go, ValidateUpdate:
    `apivalidation.ValidateImmutableField(new.Spec.Selector, old.Spec.Selector, field.NewPath("spec").
    Child("selector"))` for every group/version but extensions/v1beta1; the bad value printed by
    apimachinery's field.Error.ErrorBody as encoding/json writes a *metav1.LabelSelector."""
    old = workload(kind)
    sel = {"matchLabels": {"app": "web", "tier": "b"}, "matchExpressions": [{"key": "x", "operator": "Exists"}]}
    new = changed(
        old,
        spec__selector=sel,
        spec__template=changed(TEMPLATE, metadata__labels={"app": "web", "tier": "b", "x": "1"}),
    )
    assert judge(tmp_path, new, old) == [
        (
            "FieldValueInvalid",
            "spec.selector",
            'spec.selector: Invalid value: {"matchLabels":{"app":"web","tier":"b"},'
            '"matchExpressions":[{"key":"x","operator":"Exists"}]}: field is immutable',
        )
    ]
    # Semantic.DeepEqual: an empty list equals none; the template and replicas are mutable
    same = changed(old, spec__selector={"matchLabels": {"app": "web"}, "matchExpressions": []}, spec__replicas=5)
    assert judge(tmp_path, same, old) == []


def statefulset(**spec: object) -> dict:
    base = {
        "serviceName": "db",
        "selector": {"matchLabels": {"app": "web"}},
        "template": copy.deepcopy(TEMPLATE),
        "volumeClaimTemplates": [
            {
                "metadata": {"name": "data"},
                "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}}},
            }
        ],
    }
    return {"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "db"}, "spec": {**base, **spec}}


def test_statefulset_spec_updates_other_than_the_mutable_fields_are_forbidden(tmp_path):
    """kubernetes/kubernetes pkg/apis/apps/validation/validation.go, ValidateStatefulSetUpdate: the new
    spec with replicas, ordinals, template, updateStrategy, revisionHistoryLimit,
    persistentVolumeClaimRetentionPolicy and minReadySeconds taken from the old one must be
    Semantic.DeepEqual to the old spec, else `field.Forbidden(field.NewPath("spec"), "updates to
    statefulset spec for fields other than … are forbidden")`."""
    old = statefulset()
    bigger = copy.deepcopy(old)
    bigger["spec"]["volumeClaimTemplates"][0]["spec"]["resources"]["requests"]["storage"] = "2Gi"
    forbidden = [
        (
            "FieldValueForbidden",
            "spec",
            "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', "
            "'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' "
            "are forbidden",
        )
    ]
    assert judge(tmp_path, bigger, old) == forbidden
    assert judge(tmp_path, statefulset(serviceName="other"), old) == forbidden
    # the mutable fields, the defaults (podManagementPolicy OrderedReady, a claim's volumeMode Filesystem)
    # and a quantity by value (1Gi is 1024Mi) are no change
    allowed = statefulset(replicas=3, minReadySeconds=5, revisionHistoryLimit=2, podManagementPolicy="OrderedReady")
    allowed["spec"]["updateStrategy"] = {"type": "OnDelete"}
    claim = allowed["spec"]["volumeClaimTemplates"][0]["spec"]
    claim["volumeMode"], claim["resources"]["requests"]["storage"] = "Filesystem", "1024Mi"
    assert judge(tmp_path, allowed, old) == []


def job(**spec: object) -> dict:
    template = changed(TEMPLATE, spec__restartPolicy="Never")
    return {"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "j"}, "spec": {"template": template, **spec}}


def test_job_completions_and_an_explicit_selector_are_immutable(tmp_path):
    """kubernetes/kubernetes pkg/apis/batch/validation/validation.go, ValidateJobSpecUpdate and
    validateCompletions: `ValidateImmutableField(spec.Completions, …)` for a non-indexed Job and
    `ValidateImmutableField(spec.Selector, …)`; pkg/apis/batch/v1/defaults.go SetDefaults_Job
    defaults completions to 1 when neither it nor parallelism is set."""
    assert judge(tmp_path, job(completions=5), job(completions=3)) == [
        ("FieldValueInvalid", "spec.completions", "spec.completions: Invalid value: 5: field is immutable")
    ]
    assert judge(tmp_path, job(completions=1), job()) == []  # 1 is the default
    assert judge(tmp_path, job(parallelism=4), job(parallelism=2)) == []  # parallelism is mutable
    manual = {"matchLabels": {"app": "web"}}
    other = job(manualSelector=True, selector={"matchLabels": {"app": "other"}})
    other["spec"]["template"]["metadata"]["labels"] = {"app": "other"}
    errors = judge(tmp_path, other, job(manualSelector=True, selector=manual))
    assert (
        "FieldValueInvalid",
        "spec.selector",
        'spec.selector: Invalid value: {"matchLabels":{"app":"other"}}: field is immutable',
    ) in errors


def configmap(**fields: object) -> dict:
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}, **fields}


def test_an_immutable_configmap(tmp_path):
    """kubernetes/kubernetes pkg/apis/core/validation/validation.go, ValidateConfigMapUpdate: with the
    old `immutable: true`, `field.Forbidden(field.NewPath("immutable"|"data"|"binaryData"), "field is
    immutable when `immutable` is set")`."""
    old = configmap(immutable=True, data={"a": "1"})
    assert judge(tmp_path, configmap(immutable=False, data={"a": "2"}), old) == [
        ("FieldValueForbidden", "immutable", "immutable: Forbidden: field is immutable when `immutable` is set"),
        ("FieldValueForbidden", "data", "data: Forbidden: field is immutable when `immutable` is set"),
    ]
    assert (
        judge(tmp_path, configmap(immutable=True, data={"a": "1"}, metadata={"name": "c", "labels": {"x": "z"}}), old)
        == []
    )
    assert judge(tmp_path, configmap(data={"a": "2"}), configmap(data={"a": "1"})) == []  # mutable without it


def test_a_new_manifest_without_a_namespace_updates_the_stored_object_in_its_namespace(tmp_path):
    """NEW names no namespace, OLD is in `prod`: the same object (applied in the stored object's
    namespace), so the update rules apply; another namespace is another object (judged as a create)."""
    stored = {**configmap(immutable=True, data={"a": "1"}), "metadata": {"name": "c", "namespace": "prod"}}
    assert judge(tmp_path, configmap(immutable=True, data={"a": "2"}), stored) == [
        ("FieldValueForbidden", "data", "data: Forbidden: field is immutable when `immutable` is set")
    ]
    elsewhere = {**configmap(immutable=True, data={"a": "2"}), "metadata": {"name": "c", "namespace": "dev"}}
    (tmp_path / "new.yaml").write_text(yaml.safe_dump(elsewhere))
    r = invoke(main, ["--kubernetes-version", "1.37", str(tmp_path / "new.yaml"), str(tmp_path / "old.yaml")])
    assert r.exit_code == 0 and "not an update: each is judged as a create" in r.output, r.output


def secret(**fields: object) -> dict:
    return {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}, **fields}


def test_a_secrets_type_and_immutable_data(tmp_path):
    """kubernetes/kubernetes pkg/apis/core/validation/validation.go, ValidateSecretUpdate:
    `ValidateImmutableField(newSecret.Type, oldSecret.Type, field.NewPath("type"))` (the type defaulted to
    Opaque by SetDefaults_Secret), and with the old `immutable: true` the Forbidden immutable and data
    errors; stringData is merged into data before validation."""
    assert judge(tmp_path, secret(type="kubernetes.io/basic-auth", stringData={"username": "u"}), secret()) == [
        ("FieldValueInvalid", "type", 'type: Invalid value: "kubernetes.io/basic-auth": field is immutable')
    ]
    assert judge(tmp_path, secret(type="Opaque"), secret()) == []
    old = secret(immutable=True, data={"k": "YQ=="})
    assert judge(tmp_path, secret(immutable=True, stringData={"k": "a"}), old) == []  # the same bytes
    assert judge(tmp_path, secret(immutable=True, stringData={"k": "b"}), old) == [
        ("FieldValueForbidden", "data", "data: Forbidden: field is immutable when `immutable` is set")
    ]


def service(**spec: object) -> dict:
    base = {"selector": {"app": "web"}, "ports": [{"port": 80}]}
    return {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "svc"}, "spec": {**base, **spec}}


def test_a_services_cluster_ip_may_not_change(tmp_path):
    """kubernetes/kubernetes pkg/apis/core/validation/validation.go, validateUpgradeDowngradeClusterIPs:
    `field.Invalid(field.NewPath("spec", "clusterIPs").Index(i), service.Spec.ClusterIPs, "may not change
    once set")`, skipped for ExternalName and between two headless Services."""
    assert judge(tmp_path, service(clusterIP="None"), service(clusterIP="10.96.0.10")) == [
        (
            "FieldValueInvalid",
            "spec.clusterIPs[0]",
            'spec.clusterIPs[0]: Invalid value: ["None"]: may not change once set',
        )
    ]
    assert judge(tmp_path, service(clusterIP="None"), service(clusterIP="None")) == []
    assert judge(tmp_path, service(), service(clusterIP="10.96.0.10")) == []  # the allocated one is kept


def test_the_rules_apply_to_updates_only_and_with_built_in_kinds(tmp_path):
    """A create of the same object has no old one to compare with; --declarative-only leaves them out."""
    old = workload("Deployment")
    new = changed(
        old,
        spec__selector={"matchLabels": {"app": "x"}},
        spec__template=changed(TEMPLATE, metadata__labels={"app": "x"}),
    )
    (tmp_path / "new.yaml").write_text(yaml.safe_dump(new))
    (tmp_path / "old.yaml").write_text(yaml.safe_dump(old))
    assert invoke(main, ["--kubernetes-version", "1.37", str(tmp_path / "new.yaml")]).exit_code == 0
    args = [
        "--kubernetes-version",
        "1.37",
        "--declarative-only",
        str(tmp_path / "new.yaml"),
        str(tmp_path / "old.yaml"),
    ]
    assert invoke(main, args).exit_code == 0
