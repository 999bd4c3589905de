"""Kubernetes' hand-written validation of built-in kinds, as far as it is modelled: what the API server
checks by Go code (k8s.io/kubernetes pkg/apis/core/validation/validation.go,
pkg/apis/apps/validation/validation.go, pkg/apis/batch/validation/validation.go) that no published
schema states, and the warnings it sends (pkg/api/pod/warnings.go). The objects are read as the server
reads them after its defaults (an absent `protocol` is TCP, an absent `restartPolicy` is Always); a
value of the wrong JSON type is left to the schema walk, which reports it.

`KINDS` says which check runs on which kind, at which path: one function per server function.
"""

from __future__ import annotations

from collections.abc import Callable

from evaluator.schema.errors import FieldError

from . import autoscaling, claims, configdata, networking, podspec, podwarnings, rbac, services, workloads

# (group, kind) -> the checks of its create and update validation, each given (obj, version)
KINDS: dict[tuple[str, str], tuple[Callable[[dict, tuple], list[FieldError]], ...]] = {
    ("", "Pod"): (podspec.pod,),
    ("", "PodTemplate"): (podspec.pod_template,),
    ("", "ReplicationController"): (workloads.replication_controller,),
    ("", "Service"): (services.service,),
    ("", "ConfigMap"): (configdata.config_map,),
    ("", "Secret"): (configdata.secret,),
    ("", "PersistentVolumeClaim"): (claims.persistent_volume_claim,),
    ("networking.k8s.io", "Ingress"): (networking.ingress,),
    ("networking.k8s.io", "NetworkPolicy"): (networking.network_policy,),
    ("apps", "Deployment"): (workloads.replica_set_like, workloads.deployment),
    ("apps", "ReplicaSet"): (workloads.replica_set_like,),
    ("apps", "DaemonSet"): (workloads.daemon_set,),
    ("apps", "StatefulSet"): (workloads.stateful_set,),  # its template's PodSpec is not validated
    ("batch", "Job"): (workloads.job,),
    ("batch", "CronJob"): (workloads.cron_job,),
    ("autoscaling", "HorizontalPodAutoscaler"): (autoscaling.horizontal_pod_autoscaler,),
    ("rbac.authorization.k8s.io", "Role"): (rbac.role,),
    ("rbac.authorization.k8s.io", "ClusterRole"): (rbac.cluster_role,),
    ("rbac.authorization.k8s.io", "RoleBinding"): (rbac.role_binding,),
    ("rbac.authorization.k8s.io", "ClusterRoleBinding"): (rbac.cluster_role_binding,),
}

# (group, kind) -> the path of its pod template (GetWarningsForPodTemplate's fieldPath) or of its pod
WARNED: dict[tuple[str, str], tuple[str, ...]] = {
    ("", "Pod"): (),
    ("", "PodTemplate"): ("template",),
    ("", "ReplicationController"): ("spec", "template"),
    ("apps", "Deployment"): ("spec", "template"),
    ("apps", "ReplicaSet"): ("spec", "template"),
    ("apps", "DaemonSet"): ("spec", "template"),
    ("apps", "StatefulSet"): ("spec", "template"),
    ("batch", "Job"): ("spec", "template"),
    ("batch", "CronJob"): ("spec", "jobTemplate", "spec", "template"),
}


def _group_kind(obj: dict) -> tuple[str, str]:
    api, kind = obj.get("apiVersion"), obj.get("kind")
    return (api.rpartition("/")[0] if isinstance(api, str) else "", kind if isinstance(kind, str) else "")


def errors(obj: dict, version: str) -> list[FieldError]:
    """The hand-written checks' errors for a built-in kind's object, for Kubernetes `version` ("1.37")."""
    checks = KINDS.get(_group_kind(obj), ())
    release = tuple(int(p) for p in version.split(".")[:2]) if version[:1].isdigit() else (99, 0)
    return [e for check in checks for e in check(obj, release)]


def warnings(obj: dict) -> list[str]:
    """The API server's warnings for a built-in kind's object (`Warning: …` in kubectl)."""
    where = WARNED.get(_group_kind(obj))
    if where is None:
        return []
    node: object = obj
    for key in where:
        node = node.get(key) if isinstance(node, dict) else None
    if not isinstance(node, dict):
        return []
    prefix = ".".join(where)
    return podwarnings.pod_spec_warnings(node.get("spec"), prefix + ".spec" if prefix else "spec")
