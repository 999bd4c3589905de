"""A Service as ValidateService checks it on create and update (k8s.io/kubernetes
pkg/apis/core/validation/validation.go: ValidateService, validateServicePort,
validateClientIPAffinityConfig, validateLoadBalancerClassField, validateServiceExternalTrafficPolicy,
validateServiceInternalTrafficFieldsValue), after SetDefaults_Service: an empty `type` is ClusterIP,
an empty `sessionAffinity` None (which drops `sessionAffinityConfig`), a port's empty `protocol` TCP
and its `targetPort` 0 or "" its `port`.

Left out, as they need what dv-eval does not have or what was not read closely enough to word:
what the server's allocator does before validation (cluster IPs and node ports from the cluster's
ranges: a node port out of range, two ports asking for one node port, `healthCheckNodePort`,
ValidateServiceClusterIPsRelatedFields and the IP families an ExternalName Service may not set);
the IP and CIDR checks of `externalIPs` and `loadBalancerSourceRanges` (their wording differs by
release); the duplicate (protocol, port) pair (the schema's list-map keys already report it); the
topology annotations, `trafficDistribution` and an `externalTrafficPolicy` on a Service that is
not externally accessible (their rules changed by release)."""

from __future__ import annotations

from evaluator.apiserver.values.names import is_label_key, is_label_value, name_dns1123_label, name_dns1123_subdomain
from evaluator.schema.errors import DUPLICATE, FORBIDDEN, INVALID, REQUIRED, FieldError

from .containers import PROTOCOLS, port_name_problems, port_number
from .values import integer, items, not_supported, text

TYPES = ("ClusterIP", "ExternalName", "LoadBalancer", "NodePort")  # supportedServiceType, sorted
AFFINITIES = ("ClientIP", "None")  # supportedSessionAffinityType, sorted
TRAFFIC_POLICIES = ("Cluster", "Local")  # external and internal, sorted
MAX_AFFINITY_SECONDS = 86400  # core.MaxClientIPServiceAffinitySeconds
SOURCE_RANGES_ANNOTATION = "service.beta.kubernetes.io/load-balancer-source-ranges"
ONLY_LOAD_BALANCER = "may only be used when `type` is 'LoadBalancer'"
INT32 = (-(2**31), 2**31 - 1)


def int32(value: object) -> int | None:
    """An int32 field: its value, 0 when absent or null, None when of another type or out of range
    (the server does not decode the object; the schema walk reports it)."""
    number = integer(value)
    return number if number is not None and INT32[0] <= number <= INT32[1] else None


def service(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateService, in its order, as far as modelled."""
    spec = obj.get("spec")
    if spec is None:
        spec = {}
    if not isinstance(spec, dict):
        return []
    kind = text(spec.get("type"), "") or "ClusterIP"
    ports = [port for _, port in items(spec.get("ports"))]
    headless = _cluster_ips(spec) == ["None"]
    errs: list[FieldError] = []
    if not ports and not headless and kind != "ExternalName":
        errs.append(FieldError(REQUIRED, "spec.ports", "", ""))
    if kind in ("LoadBalancer", "NodePort") and headless:
        detail = f"may not be set to 'None' for {kind} services"
        errs.append(FieldError(INVALID, "spec.clusterIPs[0]", "None", detail))
    elif kind == "ExternalName":
        errs += _external_name(spec)
    names: set[str] = set()
    for i, port in items(spec.get("ports")):
        errs += _port(port, f"spec.ports[{i}]", len(ports) > 1, names)
    errs += _selector(spec.get("selector"))
    errs += _session_affinity(spec)
    if kind not in TYPES:
        errs.append(not_supported("spec.type", kind, TYPES))
    if kind == "ClusterIP":
        for i, port in items(spec.get("ports")):
            if int32(port.get("nodePort")):
                detail = "may not be used when `type` is 'ClusterIP'"
                errs.append(FieldError(FORBIDDEN, f"spec.ports[{i}].nodePort", "", detail))
    errs += _load_balancer_fields(obj, spec, kind)
    errs += _traffic_policies(spec, kind)
    return errs


def _cluster_ips(spec: dict) -> list:
    """`clusterIPs` as the server holds it when it validates a create: the one `clusterIP` when only
    that is given (normalizeClusterIPs)."""
    ips = spec.get("clusterIPs")
    if isinstance(ips, list) and ips:
        return ips
    ip = text(spec.get("clusterIP"), "")
    return [ip] if ip else []


def _external_name(spec: dict) -> list[FieldError]:
    """An ExternalName Service's `externalName`: required, a DNS subdomain (a trailing dot allowed)."""
    name = text(spec.get("externalName"))
    if name is None:
        return []
    cname = name[:-1] if name.endswith(".") else name
    if not cname:
        return [FieldError(REQUIRED, "spec.externalName", "", "")]
    return [FieldError(INVALID, "spec.externalName", cname, m) for m in name_dns1123_subdomain(cname)]


def _port(port: dict, path: str, require_name: bool, names: set[str]) -> list[FieldError]:
    """validateServicePort: a name (required when there are several ports, a DNS label, unique), a
    port number, a supported protocol, a target port (a number or an IANA_SVC_NAME), an
    appProtocol that is a qualified name."""
    errs: list[FieldError] = []
    name = text(port.get("name"))
    if name == "" and require_name:
        errs.append(FieldError(REQUIRED, f"{path}.name", "", ""))
    elif name:
        errs += [FieldError(INVALID, f"{path}.name", name, m) for m in name_dns1123_label(name)]
        if name in names:
            errs.append(FieldError(DUPLICATE, f"{path}.name", name, ""))
        names.add(name)
    number = int32(port.get("port"))
    if number is not None:
        errs += port_number(number, f"{path}.port")
    protocol = text(port.get("protocol"))
    if protocol and protocol not in PROTOCOLS:
        errs.append(not_supported(f"{path}.protocol", protocol, PROTOCOLS))
    target = port.get("targetPort")
    if target in (None, 0, ""):  # SetDefaults_Service: the port itself
        target = number
    if type(target) is int and int32(target) is not None:
        errs += port_number(target, f"{path}.targetPort")
    elif isinstance(target, str):
        errs += [FieldError(INVALID, f"{path}.targetPort", target, m) for m in port_name_problems(target)]
    app = port.get("appProtocol")
    if isinstance(app, str):
        errs += [FieldError(INVALID, f"{path}.appProtocol", app, m) for m in qualified_name(app)]
    return errs


def qualified_name(value: str) -> list[str]:
    """apimachinery's validation.IsQualifiedName (ValidateQualifiedName, ValidateLabelName)."""
    return [_characters(m.replace("a valid label key ", "a qualified name ", 1)) for m in is_label_key(value)]


def _characters(message: str) -> str:
    """util/validation's MaxLenError counts characters where `content`'s says bytes."""
    return message.replace(" bytes", " characters") if "must be no more than" in message else message


def _selector(selector: object) -> list[FieldError]:
    """unversionedvalidation.ValidateLabels of `selector`: qualified-name keys, label values."""
    errs: list[FieldError] = []
    for key, value in selector.items() if isinstance(selector, dict) else ():
        errs += [FieldError(INVALID, "spec.selector", key, m) for m in qualified_name(str(key))]
        if isinstance(value, str):
            errs += [FieldError(INVALID, "spec.selector", value, _characters(m)) for m in is_label_value(value)]
    return errs


def _session_affinity(spec: dict) -> list[FieldError]:
    """`sessionAffinity` ClientIP or None (the default); with ClientIP a timeout in range (an absent
    one is defaulted)."""
    affinity = text(spec.get("sessionAffinity"))
    if not affinity:
        return []
    if affinity not in AFFINITIES:
        return [not_supported("spec.sessionAffinity", affinity, AFFINITIES)]
    if affinity != "ClientIP":
        return []
    config = spec.get("sessionAffinityConfig")
    client = config.get("clientIP") if isinstance(config, dict) else None
    timeout = client.get("timeoutSeconds") if isinstance(client, dict) else None
    if timeout is not None and int32(timeout) is not None and not 0 < timeout <= MAX_AFFINITY_SECONDS:
        where = "spec.sessionAffinityConfig.clientIP.timeoutSeconds"
        detail = f"must be greater than 0 and less than {MAX_AFFINITY_SECONDS}"
        return [FieldError(INVALID, where, timeout, detail)]
    return []


def _load_balancer_fields(obj: dict, spec: dict, kind: str) -> list[FieldError]:
    """The fields only a LoadBalancer Service may set: source ranges (the field, else the
    annotation), allocateLoadBalancerNodePorts, loadBalancerClass (a qualified name)."""
    errs: list[FieldError] = []
    ranges = spec.get("loadBalancerSourceRanges")
    meta = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    annotations = meta.get("annotations") if isinstance(meta.get("annotations"), dict) else {}
    if kind != "LoadBalancer":
        if isinstance(ranges, list) and ranges:
            errs.append(FieldError(FORBIDDEN, "spec.LoadBalancerSourceRanges", "", ONLY_LOAD_BALANCER))
        elif SOURCE_RANGES_ANNOTATION in annotations:
            where = f"metadata.annotations[{SOURCE_RANGES_ANNOTATION}]"
            errs.append(FieldError(FORBIDDEN, where, "", ONLY_LOAD_BALANCER))
        if spec.get("allocateLoadBalancerNodePorts") is not None:
            errs.append(FieldError(FORBIDDEN, "spec.allocateLoadBalancerNodePorts", "", ONLY_LOAD_BALANCER))
    lb_class = spec.get("loadBalancerClass")
    if kind == "LoadBalancer" and isinstance(lb_class, str):
        errs += [FieldError(INVALID, "spec.loadBalancerClass", lb_class, m) for m in qualified_name(lb_class)]
    elif kind != "LoadBalancer" and lb_class is not None:
        errs.append(FieldError(FORBIDDEN, "spec.loadBalancerClass", "", ONLY_LOAD_BALANCER))
    return errs


def _traffic_policies(spec: dict, kind: str) -> list[FieldError]:
    """validateServiceExternalTrafficPolicy's supported values where a NodePort or LoadBalancer
    Service sets it (an empty one is defaulted to Cluster), validateServiceInternalTrafficFieldsValue's."""
    errs: list[FieldError] = []
    external = text(spec.get("externalTrafficPolicy"))
    if kind in ("LoadBalancer", "NodePort") and external and external not in TRAFFIC_POLICIES:
        errs.append(not_supported("spec.externalTrafficPolicy", external, TRAFFIC_POLICIES))
    internal = spec.get("internalTrafficPolicy")
    if isinstance(internal, str) and internal not in TRAFFIC_POLICIES:
        errs.append(not_supported("spec.internalTrafficPolicy", internal, TRAFFIC_POLICIES))
    return errs
