"""What the workload kinds add to their pod template's checks (k8s.io/kubernetes
pkg/apis/apps/validation/validation.go, pkg/apis/batch/validation/validation.go): the restart policy
each allows, and that the selector matches the template's labels. A selector that
metav1.LabelSelectorAsSelector cannot read is left alone (the server then reports the selector and
does not validate the template)."""

from __future__ import annotations

import re

from evaluator.apiserver.values.gofmt import go_json, go_quote
from evaluator.apiserver.values.names import is_label_key, is_label_value
from evaluator.schema.errors import FORBIDDEN, INVALID, REQUIRED, FieldError

from .podspec import template_spec
from .schedules import schedule_errors
from .values import GoValueError, not_supported

MISMATCH = "`selector` does not match template `labels`"
_NO_SELECTOR = object()  # a selector that cannot be read


def replica_set_like(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateDeploymentSpec / ValidateReplicaSetSpec: ValidatePodTemplateSpecForReplicaSet."""
    spec = obj.get("spec")
    if not isinstance(spec, dict):
        return []
    template = spec.get("template") if isinstance(spec.get("template"), dict) else {}
    matches = selector_matches(spec.get("selector"), template)
    if matches is _NO_SELECTOR:
        return []
    errs = [] if matches else [_mismatch(template)]
    errs += template_spec(template, "spec.template", release)
    errs += _always(template, "ReplicaSet")  # the message ValidatePodTemplateSpecForReplicaSet words
    return errs


def deployment(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateDeploymentSpec's own fields, after SetDefaults_Deployment (strategy RollingUpdate, its
    maxUnavailable and maxSurge 25%): replicas, minReadySeconds, revisionHistoryLimit and
    progressDeadlineSeconds not negative, the deadline past minReadySeconds; ValidateDeploymentStrategy
    (no rollingUpdate with Recreate) and ValidateRollingUpdateDeployment (not both 0, at most 100%
    unavailable). An unknown strategy type is left out (the server prints the whole strategy)."""
    spec = obj.get("spec")
    if not isinstance(spec, dict):
        return []
    errs = _nonnegative(
        spec, "spec", ("replicas", "minReadySeconds", "revisionHistoryLimit", "progressDeadlineSeconds")
    )
    deadline, ready = spec.get("progressDeadlineSeconds"), spec.get("minReadySeconds")
    if type(deadline) is int and deadline <= (ready if type(ready) is int else 0):
        errs.append(
            FieldError(INVALID, "spec.progressDeadlineSeconds", deadline, "must be greater than minReadySeconds")
        )
    strategy = spec.get("strategy") if isinstance(spec.get("strategy"), dict) else {}
    kind, rolling = strategy.get("type") or "RollingUpdate", strategy.get("rollingUpdate")
    if kind == "Recreate" and rolling is not None:
        detail = "may not be specified when strategy `type` is 'Recreate'"
        errs.append(FieldError(FORBIDDEN, "spec.strategy.rollingUpdate", "", detail))
    elif kind == "RollingUpdate":
        errs += _rolling_update(rolling if isinstance(rolling, dict) else {}, release)
    return errs


def _nonnegative(spec: dict, path: str, fields: tuple[str, ...]) -> list[FieldError]:
    """ValidateNonnegativeField of each integer field given."""
    errs = []
    for field in fields:
        value = spec.get(field)
        if type(value) is int and value < 0:
            errs.append(FieldError(INVALID, f"{path}.{field}", value, "must be greater than or equal to 0"))
    return errs


def _rolling_update(rolling: dict, release: tuple) -> list[FieldError]:
    """ValidateRollingUpdateDeployment on the defaulted values (an absent one is 25%)."""
    path = "spec.strategy.rollingUpdate"
    unavailable, surge = rolling.get("maxUnavailable", "25%"), rolling.get("maxSurge", "25%")
    if not all(type(v) is int or isinstance(v, str) for v in (unavailable, surge)):
        return []
    errs = []
    for name, value in (("maxUnavailable", unavailable), ("maxSurge", surge)):
        if type(value) is int and value < 0:  # ValidatePositiveIntOrPercent: ValidateNonnegativeField
            errs.append(FieldError(INVALID, f"{path}.{name}", value, "must be greater than or equal to 0"))
    if _int_or_percent(unavailable) == 0 and _int_or_percent(surge) == 0:
        detail = "may not be 0 when `maxSurge` is 0"
        errs.append(GoValueError(INVALID, f"{path}.maxUnavailable", _int_or_string(unavailable, release), detail))
    if isinstance(unavailable, str) and _PERCENT.fullmatch(unavailable) and int(unavailable[:-1]) > 100:
        detail = "must not be greater than 100%"  # IsNotMoreThan100Percent
        errs.append(GoValueError(INVALID, f"{path}.maxUnavailable", _int_or_string(unavailable, release), detail))
    return errs


_PERCENT = re.compile("[0-9]+%")  # validation.IsValidPercent


def _int_or_percent(value: int | str) -> int:
    """getIntOrPercentValue: a percentage's number, else IntValue() (a string that is not a number: 0)."""
    if isinstance(value, str):
        digits = value[:-1] if _PERCENT.fullmatch(value) else value
        return int(digits) if digits.isdigit() else 0
    return value


def _int_or_string(value: int | str, release: tuple) -> str:
    """An intstr.IntOrString as field.Error prints it: Go's `%#v` of the struct, JSON from 1.34."""
    if release >= (1, 34):
        return go_json(value)
    if isinstance(value, str):
        return f"intstr.IntOrString{{Type:1, IntVal:0, StrVal:{go_quote(value)}}}"
    return f'intstr.IntOrString{{Type:0, IntVal:{value}, StrVal:""}}'


def daemon_set(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateDaemonSetSpec: the selector matches, ValidatePodTemplateSpec, restartPolicy Always."""
    spec = obj.get("spec")
    if not isinstance(spec, dict):
        return []
    template = spec.get("template") if isinstance(spec.get("template"), dict) else {}
    matches = selector_matches(spec.get("selector"), template)
    errs = [_mismatch(template)] if matches is False else []
    return errs + template_spec(template, "spec.template", release) + _always(template, "DaemonSet")


def stateful_set(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateStatefulSetSpec: the selector matches and restartPolicy is Always; its template's
    PodSpec is not validated (ValidatePodTemplateSpecForStatefulSet leaves it out)."""
    spec = obj.get("spec")
    if not isinstance(spec, dict):
        return []
    template = spec.get("template") if isinstance(spec.get("template"), dict) else {}
    matches = selector_matches(spec.get("selector"), template)
    errs = [_mismatch(template)] if matches is False else []
    return errs + _always(template, "StatefulSet")


def replication_controller(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateReplicationControllerSpec (pkg/apis/core/validation/validation.go), after
    SetDefaults_ReplicationController (an empty selector is the template's labels): minReadySeconds
    and replicas not negative, a selector (ValidateNonEmptySelector), then
    ValidatePodTemplateSpecForRC: a template, its labels matching the selector (a map of labels),
    ValidatePodTemplateSpec, restartPolicy Always, no activeDeadlineSeconds."""
    spec = obj.get("spec")
    if spec is None:
        spec = {}
    if not isinstance(spec, dict):
        return []
    template = spec.get("template")
    meta = template.get("metadata") if isinstance(template, dict) else None
    labels = meta.get("labels") if isinstance(meta, dict) else None
    selector = spec.get("selector")
    if not selector and isinstance(labels, dict):
        selector = labels  # SetDefaults_ReplicationController
    errs = []
    for field in ("minReadySeconds", "replicas"):  # ValidateNonnegativeField
        value = spec.get(field)
        if type(value) is int and value < 0:
            errs.append(FieldError(INVALID, f"spec.{field}", value, "must be greater than or equal to 0"))
    if not selector:
        errs.append(FieldError(REQUIRED, "spec.selector", "", ""))
    if template is None:
        return [*errs, FieldError(REQUIRED, "spec.template", "", "")]
    if not isinstance(template, dict) or not isinstance(selector or {}, dict):
        return errs
    have = labels if isinstance(labels, dict) else {}
    if selector and any(have.get(k) != v for k, v in selector.items()):  # labels.Set(selector).AsSelector()
        errs.append(_mismatch(template))
    errs += template_spec(template, "spec.template", release)
    return errs + _always(template, "ReplicationController")


def job(obj: dict, release: tuple) -> list[FieldError]:
    """validateJobSpec of a Job."""
    spec = obj.get("spec")
    return job_spec(spec, "spec", release) if isinstance(spec, dict) else []


def cron_job(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateCronJobSpec: its schedule (`schedules`), its counts not negative, validateJobSpec of its
    jobTemplate."""
    spec = obj.get("spec")
    if not isinstance(spec, dict):
        return []
    errs = schedule_errors(spec.get("schedule"), "spec.schedule")
    counts = ("startingDeadlineSeconds", "successfulJobsHistoryLimit", "failedJobsHistoryLimit")
    errs += _nonnegative(spec, "spec", counts)
    template = spec.get("jobTemplate")
    job = template.get("spec") if isinstance(template, dict) else None
    return errs + (job_spec(job, "spec.jobTemplate.spec", release) if isinstance(job, dict) else [])


def job_spec(spec: dict, path: str, release: tuple) -> list[FieldError]:
    """validateJobSpec: its counts not negative; its template: ValidatePodTemplateSpec, then a
    restartPolicy of OnFailure or Never (the default, Always, is Required), Never with a
    podFailurePolicy."""
    counts = ("activeDeadlineSeconds", "parallelism", "completions", "backoffLimit", "ttlSecondsAfterFinished")
    errs = _nonnegative(spec, path, counts)
    template = spec.get("template") if isinstance(spec.get("template"), dict) else {}
    errs += template_spec(template, f"{path}.template", release)
    pod = template.get("spec") if isinstance(template.get("spec"), dict) else {}
    policy = pod.get("restartPolicy")
    where = f"{path}.template.spec.restartPolicy"
    if policy in (None, "", "Always"):
        errs.append(FieldError(REQUIRED, where, "", 'valid values: "OnFailure", "Never"'))
    elif isinstance(policy, str) and policy not in ("OnFailure", "Never"):
        errs.append(not_supported(where, policy, ("OnFailure", "Never")))
    elif spec.get("podFailurePolicy") is not None and policy == "OnFailure":
        errs.append(FieldError(INVALID, where, policy, 'only "Never" is supported when podFailurePolicy is specified'))
    return errs


def _always(template: dict, kind: str) -> list[FieldError]:
    """The workloads that keep their pods running: restartPolicy Always (the default), no
    activeDeadlineSeconds."""
    pod = template.get("spec") if isinstance(template.get("spec"), dict) else {}
    policy = pod.get("restartPolicy")
    errs = []
    if isinstance(policy, str) and policy not in ("", "Always"):
        errs.append(not_supported("spec.template.spec.restartPolicy", policy, ("Always",)))
    if pod.get("activeDeadlineSeconds") is not None:
        detail = f"activeDeadlineSeconds in {kind} is not Supported"
        errs.append(FieldError(FORBIDDEN, "spec.template.spec.activeDeadlineSeconds", "", detail))
    return errs


def _mismatch(template: dict) -> FieldError:
    labels = (template.get("metadata") or {}).get("labels") if isinstance(template.get("metadata"), dict) else None
    return FieldError(INVALID, "spec.template.metadata.labels", labels, MISMATCH)


def selector_matches(selector: object, template: dict) -> object:
    """Whether metav1.LabelSelectorAsSelector(selector) matches the template's labels: True or False
    (a nil selector is labels.Nothing(), which matches nothing; an empty one labels.Everything());
    `_NO_SELECTOR` when it cannot be read."""
    meta = template.get("metadata") if isinstance(template.get("metadata"), dict) else {}
    labels = meta.get("labels") if isinstance(meta.get("labels"), dict) else {}
    if selector is None:
        return False
    if not isinstance(selector, dict):
        return _NO_SELECTOR
    match_labels = selector.get("matchLabels") or {}
    expressions = selector.get("matchExpressions") or []
    if not isinstance(match_labels, dict) or not isinstance(expressions, list):
        return _NO_SELECTOR
    if not match_labels and not expressions:
        return True
    ok = True
    for key, value in match_labels.items():
        if not isinstance(value, str) or is_label_key(key) or is_label_value(value):
            return _NO_SELECTOR
        ok = ok and labels.get(key) == value
    for expr in expressions:
        found = _requirement(expr, labels)
        if found is _NO_SELECTOR:
            return _NO_SELECTOR
        ok = ok and found
    return ok


def _requirement(expr: object, labels: dict) -> object:
    """One matchExpressions item as labels.NewRequirement reads it, matched against `labels`."""
    if not isinstance(expr, dict):
        return _NO_SELECTOR
    key, op, values = expr.get("key"), expr.get("operator"), expr.get("values") or []
    if not isinstance(key, str) or is_label_key(key) or not isinstance(values, list):
        return _NO_SELECTOR
    if not all(isinstance(v, str) and not is_label_value(v) for v in values):
        return _NO_SELECTOR
    if op in ("In", "NotIn"):
        if not values:
            return _NO_SELECTOR
        inside = key in labels and labels[key] in values
        return inside if op == "In" else not inside
    if op in ("Exists", "DoesNotExist"):
        if values:
            return _NO_SELECTOR
        return (key in labels) == (op == "Exists")
    return _NO_SELECTOR
