"""A container as validateContainerCommon checks it (k8s.io/kubernetes
pkg/apis/core/validation/validation.go): name, image, termination message policy, ports
(validateContainerPorts), env (ValidateEnv), volume mounts (ValidateVolumeMounts), resources
(ValidateContainerResourceRequirements, `resources.py`) and image pull policy; and its probes'
handlers (validateProbe, validateHandler)."""

from __future__ import annotations

import re

from evaluator.apiserver.values.names import empty_error, is_dns1123_label, max_len_error, regex_error
from evaluator.schema.errors import DUPLICATE, FORBIDDEN, INVALID, NOT_FOUND, REQUIRED, FieldError

from . import resources
from .values import chdir_prefix_problems, integer, items, not_supported, text

PROTOCOLS = ("SCTP", "TCP", "UDP")  # supportedPortProtocols, sorted as sets.List sorts them
TERMINATION_MESSAGE_POLICIES = ("File", "FallbackToLogsOnError")
PULL_POLICIES = ("Always", "IfNotPresent", "Never")
ENV_SOURCES = ("fieldRef", "resourceFieldRef", "configMapKeyRef", "secretKeyRef", "fileKeyRef")
RELAXED_ENV_NAMES = (1, 32)  # RelaxedEnvironmentVariableValidation: on by default from 1.32 (beta)
_ENV_NAME = "[-._a-zA-Z][-._a-zA-Z0-9]*"
_ENV_NAME_ERR = (
    "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', "
    "and must not start with a digit"
)
_RELAXED_ENV_NAME_ERR = (
    "a valid environment variable name must consist only of printable ASCII characters other than '='"
)


def common(ctr: dict, path: str, volumes: set[str], release: tuple) -> list[FieldError]:
    """validateContainerCommon, in its order."""
    errs: list[FieldError] = []
    name = text(ctr.get("name"))
    if name == "":
        errs.append(FieldError(REQUIRED, f"{path}.name", "", ""))
    elif name is not None:
        errs += [FieldError(INVALID, f"{path}.name", name, m) for m in is_dns1123_label(name)]
    if text(ctr.get("image")) == "":
        errs.append(FieldError(REQUIRED, f"{path}.image", "", ""))
    policy = ctr.get("terminationMessagePolicy")
    if isinstance(policy, str) and policy and policy not in TERMINATION_MESSAGE_POLICIES:
        errs.append(not_supported(f"{path}.terminationMessagePolicy", policy, TERMINATION_MESSAGE_POLICIES))
    errs += ports(ctr.get("ports"), f"{path}.ports")
    errs += env(ctr.get("env"), f"{path}.env", release >= RELAXED_ENV_NAMES)
    errs += volume_mounts(ctr.get("volumeMounts"), f"{path}.volumeMounts", volumes)
    errs += resources.requirements(ctr.get("resources"), f"{path}.resources")
    pull = ctr.get("imagePullPolicy")
    if isinstance(pull, str) and pull and pull not in PULL_POLICIES:
        errs.append(not_supported(f"{path}.imagePullPolicy", pull, PULL_POLICIES))
    return errs


def ports(value: object, path: str) -> list[FieldError]:
    """validateContainerPorts: a name (IsValidPortName) unique in the container, a containerPort and a
    hostPort in range, a supported protocol (an empty one is defaulted to TCP)."""
    errs: list[FieldError] = []
    names: set[str] = set()
    for i, port in items(value):
        here = f"{path}[{i}]"
        name = text(port.get("name"))
        if name:
            problems = port_name_problems(name)
            errs += [FieldError(INVALID, f"{here}.name", name, m) for m in problems]
            if not problems and name in names:
                errs.append(FieldError(DUPLICATE, f"{here}.name", name, ""))
            elif not problems:
                names.add(name)
        number = integer(port.get("containerPort"))
        if number == 0:
            errs.append(FieldError(REQUIRED, f"{here}.containerPort", "", ""))
        elif number is not None:
            errs += port_number(number, f"{here}.containerPort")
        host = integer(port.get("hostPort"))
        if host:
            errs += port_number(host, f"{here}.hostPort")
        protocol = port.get("protocol")
        if isinstance(protocol, str) and protocol and protocol not in PROTOCOLS:
            errs.append(not_supported(f"{here}.protocol", protocol, PROTOCOLS))
    return errs


def port_number(number: int, path: str) -> list[FieldError]:
    """IsValidPortNum: 1 to 65535."""
    return [] if 1 <= number <= 65535 else [FieldError(INVALID, path, number, "must be between 1 and 65535, inclusive")]


def port_name_problems(name: str) -> list[str]:
    """IsValidPortName (apimachinery util/validation): an IANA_SVC_NAME."""
    errs = [max_len_error(15)] if len(name) > 15 else []
    if not re.fullmatch("[-a-z0-9]+", name):
        errs.append("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)")
    if not re.search("[a-z]", name):
        errs.append("must contain at least one letter (a-z)")
    if "--" in name:
        errs.append("must not contain consecutive hyphens")
    if name.startswith("-") or name.endswith("-"):
        errs.append("must not begin or end with a hyphen")
    return errs


def env(value: object, path: str, relaxed: bool) -> list[FieldError]:
    """ValidateEnv: names required, then IsRelaxedEnvVarName or IsEnvVarName; validateEnvVarValueFrom's
    count of sources."""
    errs: list[FieldError] = []
    for i, var in items(value):
        name = text(var.get("name"))
        if name == "":
            errs.append(FieldError(REQUIRED, f"{path}[{i}].name", "", ""))
        elif name is not None:
            check = relaxed_env_name_problems if relaxed else env_name_problems
            errs += [FieldError(INVALID, f"{path}[{i}].name", name, m) for m in check(name)]
        errs += _value_from(var, f"{path}[{i}].valueFrom")
    return errs


def _value_from(var: dict, path: str) -> list[FieldError]:
    """validateEnvVarValueFrom's rules on its sources (a source's own fields are not modelled, nor a
    `valueFrom` with none, whose words changed as sources were added): not beside a `value`, one at
    a time."""
    source = var.get("valueFrom")
    if not isinstance(source, dict):
        return []
    count = sum(source.get(k) is not None for k in ENV_SOURCES)
    if not count:
        return []
    if text(var.get("value"), ""):
        return [FieldError(INVALID, path, "", "may not be specified when `value` is not empty")]
    if count > 1:
        return [FieldError(INVALID, path, "", "may not have more than one field specified at a time")]
    return []


def env_name_problems(name: str) -> list[str]:
    """IsEnvVarName: a C-like name with dots and dashes, not '.', '..' or '..'-prefixed."""
    errs = (
        []
        if re.fullmatch(_ENV_NAME, name)
        else [regex_error(_ENV_NAME_ERR, _ENV_NAME, "my.env-name", "MY_ENV.NAME", "MyEnvName1")]
    )
    return errs + chdir_prefix_problems(name)


def relaxed_env_name_problems(name: str) -> list[str]:
    """IsRelaxedEnvVarName: printable ASCII but '='."""
    if not name:
        return ["environment variable name " + empty_error()]
    return [] if all(" " <= c <= "~" and c != "=" for c in name) else [_RELAXED_ENV_NAME_ERR]


def volume_mounts(value: object, path: str, volumes: set[str]) -> list[FieldError]:
    """ValidateVolumeMounts: a name that names one of the pod's volumes, a mount path."""
    errs: list[FieldError] = []
    for i, mount in items(value):
        name = text(mount.get("name"))
        if name is None:
            continue
        if not name:
            errs.append(FieldError(REQUIRED, f"{path}[{i}].name", "", ""))
        if name not in volumes:
            errs.append(FieldError(NOT_FOUND, f"{path}[{i}].name", name, ""))
        if text(mount.get("mountPath")) == "":
            errs.append(FieldError(REQUIRED, f"{path}[{i}].mountPath", "", ""))
    return errs


def probes(ctr: dict, path: str) -> list[FieldError]:
    """The probes of a regular (or restartable init) container: validateProbe's handler (one of exec,
    httpGet, tcpSocket, grpc), whose port is a number or a name; liveness and startup probes need
    successThreshold 1 (0 is defaulted to 1)."""
    errs: list[FieldError] = []
    for key in ("livenessProbe", "readinessProbe", "startupProbe"):
        probe = ctr.get(key)
        if not isinstance(probe, dict):
            continue
        here = f"{path}.{key}"
        errs += handler(probe, here, ("exec", "httpGet", "tcpSocket", "grpc"))
        threshold = integer(probe.get("successThreshold"))
        if key != "readinessProbe" and threshold not in (0, 1, None):
            errs.append(FieldError(INVALID, f"{here}.successThreshold", threshold, "must be 1"))
    return errs


def handler(value: dict, path: str, kinds: tuple[str, ...]) -> list[FieldError]:
    """validateHandler: exactly one handler type; a port as ValidatePortNumOrName checks it."""
    errs: list[FieldError] = []
    found = 0
    for kind in kinds:
        action = value.get(kind)
        if action is None:
            continue
        if found:
            errs.append(FieldError(FORBIDDEN, f"{path}.{kind}", "", "may not specify more than 1 handler type"))
            continue
        found += 1
        if kind != "exec" and isinstance(action, dict):
            errs += port_num_or_name(action.get("port"), f"{path}.{kind}.port", kind == "grpc")
    if not found:
        errs.append(FieldError(REQUIRED, path, "", "must specify a handler type"))
    return errs


def port_num_or_name(port: object, path: str, number_only: bool) -> list[FieldError]:
    """ValidatePortNumOrName: a number in range or a valid port name (grpc's port is a number)."""
    if type(port) is int or (number_only and port is None):
        return port_number(port or 0, path)
    if isinstance(port, str) and not number_only:
        return [FieldError(INVALID, path, port, m) for m in port_name_problems(port)]
    return []
