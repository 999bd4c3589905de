"""The API server's warnings on a pod spec (k8s.io/kubernetes pkg/api/pod/warnings.go,
warningsForPodSpecAndMeta): what it accepts but tells the client about, duplicate list-map keys
among them. Only these are modelled: duplicate env names, duplicate or overlapping container ports,
duplicate imagePullSecrets and hostAliases, an empty imagePullSecrets name."""

from __future__ import annotations

import json

from .values import integer, items, text


def pod_spec_warnings(spec: object, path: str) -> list[str]:
    """The warnings for `spec` at `path` (`spec`, or a template's `spec.template.spec`), in the
    server's order."""
    if not isinstance(spec, dict):
        return []
    out = _duplicates(spec, "hostAliases", "ip", path) + _duplicates(spec, "imagePullSecrets", "name", path)
    for i, secret in items(spec.get("imagePullSecrets")):
        if text(secret.get("name")) == "":
            out.append(f'{path}.imagePullSecrets[{i}].name: invalid empty name ""')
    containers = _containers(spec, path)
    for here, ctr in containers:
        out += _env(ctr, here)
    return out + _ports(containers)


def _containers(spec: dict, path: str) -> list[tuple[str, dict]]:
    """pods.VisitContainersWithPath: init containers, containers, then ephemeral containers."""
    return [
        (f"{path}.{key}[{i}]", ctr)
        for key in ("initContainers", "containers", "ephemeralContainers")
        for i, ctr in items(spec.get(key))
    ]


def _duplicates(spec: dict, key: str, field: str, path: str) -> list[str]:
    """`duplicate <field> "v"` for every item whose `field` an earlier item has (a list of at least two)."""
    listed = list(items(spec.get(key)))
    seen: set[str] = set()
    out = []
    for i, item in listed if len(listed) > 1 else ():
        value = text(item.get(field))
        if value is None:
            continue
        if value in seen:
            out.append(f"{path}.{key}[{i}].{field}: duplicate {field} {json.dumps(value, ensure_ascii=False)}")
        seen.add(value)
    return out


def _env(ctr: dict, path: str) -> list[str]:
    """An env var that hides an earlier one of its name, unless it only extends it (`X=$(X)…`)."""
    out = []
    seen: set[str] = set()
    for i, var in items(ctr.get("env")):
        name = text(var.get("name"))
        if name is None:
            continue
        if name not in seen:
            seen.add(name)
            continue
        value, ref = text(var.get("value"), ""), f"$({name})"
        if var.get("valueFrom") is not None or value == ref or ref not in value:
            hidden = json.dumps(name, ensure_ascii=False)
            out.append(f"{path}.env[{i}]: hides previous definition of {hidden}, which may be dropped when using apply")
    return out


def _ports(containers: list[tuple[str, dict]]) -> list[str]:
    """Ports of all containers with the same containerPort and protocol (TCP when empty)."""
    out = []
    found: dict[str, list[tuple[str, str, int]]] = {}
    for path, ctr in containers:
        for i, port in items(ctr.get("ports")):
            number, host = integer(port.get("containerPort")), integer(port.get("hostPort"))
            host_ip, protocol = text(port.get("hostIP")), text(port.get("protocol"))
            if number is None or host is None or host_ip is None or protocol is None:
                continue
            here = f"{path}.ports[{i}]"
            for other, other_ip, other_host in found.get(f"{number}/{protocol or 'TCP'}", ()):
                if host_ip == other_ip and host == other_host:
                    out.append(f"{here}: duplicate port definition with {other}")
                elif host == 0 or other_host == 0:
                    out.append(f"{here}: overlapping port definition with {other}")
                elif host == other_host and (host_ip == "") != (other_ip == ""):
                    out.append(f"{here}: dangerously ambiguous port definition with {other}")
            found.setdefault(f"{number}/{protocol or 'TCP'}", []).append((here, host_ip, host))
    return out
