"""Built-in kinds' hand-written update rules, as kube-apiserver words them (`kubernetes/kubernetes`
`pkg/apis/*/validation` and `pkg/registry/*/*/strategy.go`): what no schema states and users meet
on `kubectl apply` of a changed manifest. Each rule takes the new and the old object as decoded
(defaults the server fills are applied to both sides where a rule compares them) and returns
`(field, message, error type)`s; a bad value is printed as `field.Error` prints it today
(a scalar as is, anything else as Go's encoding/json writes it).

Modelled: apps/v1 Deployment, ReplicaSet and DaemonSet `spec.selector`; StatefulSet's forbidden spec
updates; a non-indexed Job's `spec.completions` and an explicit `spec.selector`; ConfigMap and
Secret `immutable: true`, Secret `type`; a Service's `clusterIP` given on both sides. Where the
stored object holds what a manifest does not (an allocated clusterIP, a Job's generated selector and
labels) or the server prints a diff of Go structs (Pod and PersistentVolumeClaim spec, a Job's
template), nothing is said: a rule that is not exactly the server's is worse than none.
"""

from __future__ import annotations

import base64
from collections.abc import Callable

from evaluator.apiserver.values.gofmt import go_json

INVALID, FORBIDDEN = "FieldValueInvalid", "FieldValueForbidden"
IMMUTABLE = "field is immutable"  # apimachinery/pkg/api/validation.FieldImmutableErrorMsg
IMMUTABLE_WHEN_SET = "field is immutable when `immutable` is set"
STATEFULSET_SPEC = (
    "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', "
    "'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"
)
STATEFULSET_MUTABLE = (
    "replicas",
    "ordinals",
    "template",
    "updateStrategy",
    "revisionHistoryLimit",
    "persistentVolumeClaimRetentionPolicy",
    "minReadySeconds",
)

Error = tuple[str, str, str]  # (field, message, type)


def _invalid(field: str, value: str, detail: str) -> Error:
    return (field, f"{field}: Invalid value: {value}: {detail}", INVALID)


def _forbidden(field: str, detail: str) -> Error:
    return (field, f"{field}: Forbidden: {detail}", FORBIDDEN)


def _map(x: object) -> dict:
    return x if isinstance(x, dict) else {}


def _semantic(x: object) -> object:
    """`x` as apimachinery's `Semantic.DeepEqual` compares it: a nil and an empty map or list are equal."""
    if isinstance(x, dict):
        out = {k: _semantic(v) for k, v in x.items() if v is not None}
        return {k: v for k, v in out.items() if v != {} and v != []}
    if isinstance(x, list):
        return [_semantic(v) for v in x]
    return x


def selector_json(sel: object) -> str:
    """A `*metav1.LabelSelector` as encoding/json writes it: fields in the struct's order, empty ones omitted."""
    if not isinstance(sel, dict):
        return "null"
    parts = []
    if sel.get("matchLabels"):
        parts.append('"matchLabels":' + go_json(sel["matchLabels"]))
    if sel.get("matchExpressions"):
        reqs = []
        for r in sel["matchExpressions"]:
            r = _map(r)
            req = f'"key":{go_json(r.get("key") or "")},"operator":{go_json(r.get("operator") or "")}'
            if r.get("values"):
                req += ',"values":' + go_json(r["values"])
            reqs.append("{" + req + "}")
        parts.append('"matchExpressions":[' + ",".join(reqs) + "]")
    return "{" + ",".join(parts) + "}"


def immutable_selector(new: dict, old: dict) -> list[Error]:
    """apps/v1 Deployment, ReplicaSet, DaemonSet: `ValidateImmutableField(Spec.Selector)` in the registry
    strategies' `ValidateUpdate` (pkg/registry/apps/{deployment,replicaset,daemonset}/strategy.go)."""
    sel, was = _map(new.get("spec")).get("selector"), _map(old.get("spec")).get("selector")
    if _semantic(sel) == _semantic(was):
        return []
    return [_invalid("spec.selector", selector_json(sel), IMMUTABLE)]


def _quantity(v: object, parse: Callable) -> object:
    """A quantity's value (`1Gi` equals `1024Mi` to the server); what does not parse, as written (the
    server refuses it before any update rule)."""
    if not isinstance(v, str):
        return v
    try:
        return parse(v.strip())
    except ValueError:
        return v


def _claim_template(pvc: object) -> object:
    """A volumeClaimTemplates item as the server compares it: its object meta and spec (TypeMeta and
    status are not compared), `volumeMode` defaulted, quantities by value."""
    from evaluator.apiserver.values.quantity import parse

    pvc = _map(pvc)
    meta = {k: v for k, v in _map(pvc.get("metadata")).items() if k != "creationTimestamp"}
    spec = dict(_map(pvc.get("spec")))
    spec.setdefault("volumeMode", "Filesystem")
    if spec.get("volumeName") == "":
        del spec["volumeName"]
    resources = {}
    for part, quantities in _map(spec.get("resources")).items():
        if isinstance(quantities, dict):
            quantities = {k: _quantity(v, parse) for k, v in quantities.items()}
        resources[part] = quantities
    if resources:
        spec["resources"] = resources
    return _semantic({"metadata": meta, "spec": spec})


def statefulset_spec(new: dict, old: dict) -> list[Error]:
    """StatefulSet: `ValidateStatefulSetUpdate` (pkg/apis/apps/validation/validation.go): the spec
    with its mutable fields taken from the old one must be semantically equal to the old spec."""

    def frozen(spec: dict) -> object:
        out = {k: v for k, v in spec.items() if k not in STATEFULSET_MUTABLE}
        out["podManagementPolicy"] = out.get("podManagementPolicy") or "OrderedReady"
        out["serviceName"] = out.get("serviceName") or ""
        if isinstance(out.get("volumeClaimTemplates"), list):
            out["volumeClaimTemplates"] = [_claim_template(t) for t in out["volumeClaimTemplates"]]
        return _semantic(out)

    if frozen(_map(new.get("spec"))) == frozen(_map(old.get("spec"))):
        return []
    return [_forbidden("spec", STATEFULSET_SPEC)]


def job_spec(new: dict, old: dict) -> list[Error]:
    """Job: `ValidateJobSpecUpdate` (pkg/apis/batch/validation/validation.go): `completions` of a
    non-indexed Job (defaulted to 1 when neither it nor `parallelism` is set, `SetDefaults_Job`), and
    `selector` where both manifests give one (else the stored one is the server's generated selector)."""
    spec, was = _map(new.get("spec")), _map(old.get("spec"))
    out = []
    if "Indexed" not in (spec.get("completionMode"), was.get("completionMode")):

        def completions(s: dict) -> object:
            if s.get("completions") is None and s.get("parallelism") is None:
                return 1
            return s.get("completions")

        if completions(spec) != completions(was):
            out.append(_invalid("spec.completions", go_json(completions(spec)), IMMUTABLE))
    both = spec.get("selector") is not None and was.get("selector") is not None
    if both and _semantic(spec["selector"]) != _semantic(was["selector"]):
        out.append(_invalid("spec.selector", selector_json(spec["selector"]), IMMUTABLE))
    return out


def configmap_immutable(new: dict, old: dict) -> list[Error]:
    """ConfigMap: `ValidateConfigMapUpdate` (pkg/apis/core/validation/validation.go)."""
    if old.get("immutable") is not True:
        return []
    out = []
    if new.get("immutable") is not True:
        out.append(_forbidden("immutable", IMMUTABLE_WHEN_SET))
    for name in ("data", "binaryData"):
        if _map(new.get(name)) != _map(old.get(name)):
            out.append(_forbidden(name, IMMUTABLE_WHEN_SET))
    return out


def _secret_data(secret: dict) -> dict:
    """A Secret's `data` with its `stringData` merged in, as the server converts it before validation."""
    data = dict(_map(secret.get("data")))
    for k, v in _map(secret.get("stringData")).items():
        if isinstance(v, str):
            data[k] = base64.b64encode(v.encode("utf-8")).decode("ascii")
    return data


def secret_update(new: dict, old: dict) -> list[Error]:
    """Secret: `ValidateSecretUpdate` (pkg/apis/core/validation/validation.go): `type` (defaulted to
    Opaque, `SetDefaults_Secret`) is immutable; `immutable: true` freezes `data`."""
    out = []
    kind, was = new.get("type") or "Opaque", old.get("type") or "Opaque"
    if kind != was:
        out.append(_invalid("type", go_json(kind), IMMUTABLE))
    if old.get("immutable") is True:
        if new.get("immutable") is not True:
            out.append(_forbidden("immutable", IMMUTABLE_WHEN_SET))
        if _secret_data(new) != _secret_data(old):
            out.append(_forbidden("data", IMMUTABLE_WHEN_SET))
    return out


def service_cluster_ip(new: dict, old: dict) -> list[Error]:
    """Service: `validateUpgradeDowngradeClusterIPs` (pkg/apis/core/validation/validation.go), where both
    manifests give one cluster IP (else the stored one is the server's allocation): it may not change,
    unless either side is an ExternalName or both are headless (`None`)."""
    spec, was = _map(new.get("spec")), _map(old.get("spec"))
    if "ExternalName" in (spec.get("type"), was.get("type")):
        return []
    ips, old_ips = spec.get("clusterIPs") or [spec.get("clusterIP")], was.get("clusterIPs") or [was.get("clusterIP")]
    if len(ips) != 1 or len(old_ips) != 1 or not isinstance(ips[0], str) or not isinstance(old_ips[0], str):
        return []
    if not ips[0] or not old_ips[0] or ips[0] == old_ips[0]:
        return []
    return [_invalid("spec.clusterIPs[0]", go_json(ips), "may not change once set")]


RULES: dict[tuple[str, str], Callable[[dict, dict], list[Error]]] = {
    ("apps/v1", "Deployment"): immutable_selector,
    ("apps/v1", "ReplicaSet"): immutable_selector,
    ("apps/v1", "DaemonSet"): immutable_selector,
    ("apps/v1", "StatefulSet"): statefulset_spec,
    ("batch/v1", "Job"): job_spec,
    ("v1", "ConfigMap"): configmap_immutable,
    ("v1", "Secret"): secret_update,
    ("v1", "Service"): service_cluster_ip,
}


def update_errors(new: dict, old: object) -> list[Error]:
    """The hand-written update rules of `new`'s kind, against the stored `old`."""
    rule = RULES.get((new.get("apiVersion"), new.get("kind")))
    if rule is None or not isinstance(old, dict):
        return []
    return rule(new, old)
