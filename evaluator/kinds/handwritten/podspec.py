"""A PodSpec as ValidatePodSpec checks it (k8s.io/kubernetes pkg/apis/core/validation/validation.go):
its volumes' names (ValidateVolumes), its containers (validateContainers, validateInitContainers), its
restart and DNS policies and its service account's name, after the server's defaults."""

from __future__ import annotations

from evaluator.apiserver.values.names import is_dns1123_label, is_dns1123_subdomain
from evaluator.schema.errors import DUPLICATE, FORBIDDEN, INVALID, REQUIRED, FieldError

from . import containers
from .values import items, not_supported, text

RESTART_POLICIES = ("Always", "OnFailure", "Never")
DNS_POLICIES = ("ClusterFirstWithHostNet", "ClusterFirst", "Default", "None")


def pod(obj: dict, release: tuple) -> list[FieldError]:
    """ValidatePod: the Pod's spec."""
    spec = obj.get("spec")
    return pod_spec(spec, "spec", release) if isinstance(spec, dict) else []


def pod_template(obj: dict, release: tuple) -> list[FieldError]:
    """ValidatePodTemplate: ValidatePodTemplateSpec of `template`."""
    return template_spec(obj.get("template"), "template", release)


def template_spec(template: object, path: str, release: tuple) -> list[FieldError]:
    """ValidatePodTemplateSpec: the template's spec (its metadata is checked with the object's)."""
    spec = template.get("spec") if isinstance(template, dict) else None
    return pod_spec(spec, f"{path}.spec", release) if isinstance(spec, dict) else []


def pod_spec(spec: dict, path: str, release: tuple) -> list[FieldError]:
    """ValidatePodSpec, in its order, as far as modelled."""
    errs, volumes = _volumes(spec, f"{path}.volumes")
    errs += _containers(spec, path, volumes, release)
    errs += _init_containers(spec, path, volumes, release)
    errs += _policy(spec, "restartPolicy", RESTART_POLICIES, path)
    errs += _policy(spec, "dnsPolicy", DNS_POLICIES, path)
    account = text(spec.get("serviceAccountName"))
    if account:  # ValidateServiceAccountName: a DNS subdomain
        errs += [FieldError(INVALID, f"{path}.serviceAccountName", account, m) for m in is_dns1123_subdomain(account)]
    return errs


def _volumes(spec: dict, path: str) -> tuple[list[FieldError], set[str]]:
    """ValidateVolumes' names: required, a DNS label, unique; the names of the volumes that passed
    (a volume mount must name one of them)."""
    errs: list[FieldError] = []
    seen: set[str] = set()
    for i, vol in items(spec.get("volumes")):
        name = text(vol.get("name"))
        if name is None:
            continue
        here = [FieldError(REQUIRED, f"{path}[{i}].name", "", "")] if not name else []
        here += [FieldError(INVALID, f"{path}[{i}].name", name, m) for m in (is_dns1123_label(name) if name else ())]
        if name in seen:
            here.append(FieldError(DUPLICATE, f"{path}[{i}].name", name, ""))
        if not here:
            seen.add(name)
        errs += here
    return errs, seen


def _containers(spec: dict, path: str, volumes: set[str], release: tuple) -> list[FieldError]:
    """validateContainers: at least one; each container's common checks; names unique."""
    listed = spec.get("containers")
    if isinstance(listed, list) and not listed:
        return [FieldError(REQUIRED, f"{path}.containers", "", "")]
    errs: list[FieldError] = []
    names: set[str] = set()
    for i, ctr in items(listed):
        here = f"{path}.containers[{i}]"
        errs += containers.common(ctr, here, volumes, release)
        name = text(ctr.get("name"), "")
        if name in names:
            errs.append(FieldError(DUPLICATE, f"{here}.name", name, ""))
        else:
            names.add(name)
        errs += containers.probes(ctr, here)
        if ctr.get("restartPolicy") is not None:
            errs.append(FieldError(FORBIDDEN, f"{here}.restartPolicy", "", "may not be set for non-init containers"))
    return errs


def _init_containers(spec: dict, path: str, volumes: set[str], release: tuple) -> list[FieldError]:
    """validateInitContainers: common checks; names unique among all containers; a restartPolicy is
    Always; probes and lifecycle only with it."""
    names = {text(c.get("name"), "") for _, c in items(spec.get("containers"))}
    errs: list[FieldError] = []
    for i, ctr in items(spec.get("initContainers")):
        here = f"{path}.initContainers[{i}]"
        errs += containers.common(ctr, here, volumes, release)
        policy = ctr.get("restartPolicy")
        if isinstance(policy, str) and policy != "Always":
            errs.append(not_supported(f"{here}.restartPolicy", policy, ("Always",)))
        name = text(ctr.get("name"), "")
        if name in names:
            errs.append(FieldError(DUPLICATE, f"{here}.name", name, ""))
        elif name:
            names.add(name)
        if policy == "Always":
            errs += containers.probes(ctr, here)
            continue
        for key in ("lifecycle", "livenessProbe", "readinessProbe", "startupProbe"):
            if ctr.get(key) is not None:
                detail = "may not be set for init containers without restartPolicy=Always"
                errs.append(FieldError(FORBIDDEN, f"{here}.{key}", "", detail))
    return errs


def _policy(spec: dict, key: str, allowed: tuple[str, ...], path: str) -> list[FieldError]:
    """validateRestartPolicy / validateDNSPolicy: one of `allowed` (an empty one is defaulted)."""
    value = spec.get(key)
    if not isinstance(value, str) or not value or value in allowed:
        return []
    return [not_supported(f"{path}.{key}", value, allowed)]
