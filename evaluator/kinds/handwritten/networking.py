"""An Ingress and a NetworkPolicy as the API server checks them on create and update (k8s.io/kubernetes
pkg/apis/networking/validation/validation.go: ValidateIngressCreate / validateIngress,
ValidateIngressSpec, validateIngressRules, validateHTTPIngressPath, validateIngressBackend,
validateIngressTLS; ValidateNetworkPolicySpec, ValidateNetworkPolicyPort, ValidateNetworkPolicyPeer,
ValidateIPBlock), and metav1's label selectors as unversionedvalidation.ValidateLabelSelector checks
them (k8s.io/apimachinery pkg/apis/meta/v1/validation), for the releases dv-eval knows (1.25 on).

Left out, as their wording or their rule differs by release or feature gate and was not pinned down:
- an Ingress that sets both the `kubernetes.io/ingress.class` annotation and `ingressClassName`
  (older releases forbid it, newer ones only a mismatch, with other words);
- a resource backend's empty `kind` or `name` (`Required value` with a detail that changed);
- a service backend's name from Kubernetes 1.35 on (RelaxedServiceNameValidation, alpha in 1.34, may
  make it a DNS label rather than a DNS-1035 label); before, it is a DNS-1035 label;
- an IPBlock `cidr` or `except` entry that does not parse as a CIDR (worded "not a valid CIDR" in
  older releases, by IsValidCIDRForLegacyField in newer ones): such a block is left alone, and only
  an `except` entry that parses and is not a strict subset of `cidr` is reported (up to the first
  entry that does not parse, where older releases stop);
- an Ingress rule's host that only ParseIPSloppy reads as an IP (IPv4 with leading zeros: older
  releases used net.ParseIP).

Label selectors' values are checked from 1.26 (kubernetes#113699); before, only keys and operators.
"""

from __future__ import annotations

import re

from evaluator.apiserver.values.formats import parse_ip
from evaluator.apiserver.values.gofmt import go_quote
from evaluator.apiserver.values.names import (
    DNS1123_SUBDOMAIN_FMT,
    DNS1123_SUBDOMAIN_MAX_LENGTH,
    blen,
    is_ip_sloppy,
    is_path_segment_name,
    name_dns1035_label,
    name_dns1123_subdomain,
    regex_error,
)
from evaluator.schema.errors import FORBIDDEN, INVALID, REQUIRED, FieldError

from .containers import port_name_problems, port_number
from .selectors import label_selector
from .services import int32
from .values import GoValueError, items, not_supported, text

PATH_TYPES = ("Exact", "ImplementationSpecific", "Prefix")  # supportedPathTypes.List(), sorted
INVALID_PATH_SEQUENCES = ("//", "/./", "/../", "%2f", "%2F")
INVALID_PATH_SUFFIXES = ("/..", "/.")
NETWORK_POLICY_PROTOCOLS = ("TCP", "UDP", "SCTP")  # as ValidateNetworkPolicyPort lists them (not sorted)
POLICY_TYPES = ("Ingress", "Egress")
RELAXED_SERVICE_NAMES = (1, 35)  # from here on the RelaxedServiceNameValidation default is not known
_LABEL = "[a-z0-9]+(?:-+[a-z0-9]+)*"  # DNS1123_LABEL_FMT's linear-time equivalent
_WILDCARD_RE = re.compile(f"\\*\\.{_LABEL}(?:\\.{_LABEL})*")
_WILDCARD_ERR = (
    "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must "
    "consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character"
)


# --- Ingress -----------------------------------------------------------------------------------------


def ingress(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateIngressCreate's ValidateIngressSpec: a default backend or rules, the default backend,
    the rules, the TLS entries, the class name."""
    spec = obj.get("spec")
    if spec is None:
        spec = {}
    if not isinstance(spec, dict):
        return []
    errs: list[FieldError] = []
    rules, backend = spec.get("rules"), spec.get("defaultBackend")
    if backend is None and (rules is None or rules == []):
        go_text = "[]networking.IngressRule(nil)" if rules is None else "[]networking.IngressRule{}"
        errs.append(GoValueError(INVALID, "spec", go_text, "either `defaultBackend` or `rules` must be specified"))
    if isinstance(backend, dict):
        errs += _backend(backend, "spec.defaultBackend", release)
    for i, rule in items(rules):
        errs += _rule(rule, f"spec.rules[{i}]", release)
    for i, tls in items(spec.get("tls")):
        errs += _tls(tls, f"spec.tls[{i}]")
    name = spec.get("ingressClassName")
    if isinstance(name, str):  # ValidateIngressClassName: NameIsDNSSubdomain ("" is not one)
        errs += [FieldError(INVALID, "spec.ingressClassName", name, m) for m in name_dns1123_subdomain(name)]
    return errs


def is_wildcard_dns1123_subdomain(value: str) -> list[str]:
    """util/validation's IsWildcardDNS1123Subdomain: `*.` and a DNS subdomain, at most 253 characters."""
    errs = []
    if blen(value) > DNS1123_SUBDOMAIN_MAX_LENGTH:
        errs.append(f"must be no more than {DNS1123_SUBDOMAIN_MAX_LENGTH} characters")
    if not _WILDCARD_RE.fullmatch(value):
        errs.append(regex_error(_WILDCARD_ERR, "\\*\\." + DNS1123_SUBDOMAIN_FMT, "*.example.com"))
    return errs


def _host(host: str, path: str) -> list[FieldError]:
    """A host of a rule or of a TLS entry: a wildcard subdomain when it holds `*`, else a subdomain."""
    check = is_wildcard_dns1123_subdomain if "*" in host else name_dns1123_subdomain
    return [FieldError(INVALID, path, host, m) for m in check(host)]


def _rule(rule: dict, path: str, release: tuple) -> list[FieldError]:
    """validateIngressRules' rule: its host (not an IP, a (wildcard) DNS subdomain), then its HTTP
    paths (on create a wildcard host's rule is validated too)."""
    errs: list[FieldError] = []
    host = text(rule.get("host"))
    if host:
        if is_ip_sloppy(host) and parse_ip(host) is not None:
            errs.append(FieldError(INVALID, f"{path}.host", host, "must be a DNS name, not an IP address"))
        errs += _host(host, f"{path}.host")
    http = rule.get("http")
    if isinstance(http, dict):
        paths = http.get("paths")
        if paths is None or paths == []:
            errs.append(FieldError(REQUIRED, f"{path}.http.paths", "", ""))
        for i, item in items(paths):
            errs += _http_path(item, f"{path}.http.paths[{i}]", release)
    return errs


def _http_path(item: dict, path: str, release: tuple) -> list[FieldError]:
    """validateHTTPIngressPath: a pathType (v1 has no default), the path it allows, the backend."""
    kind = item.get("pathType")
    if kind is None:
        return [FieldError(REQUIRED, f"{path}.pathType", "", "pathType must be specified")]
    if not isinstance(kind, str):
        return []
    errs: list[FieldError] = []
    value = text(item.get("path"))
    where = f"{path}.path"
    if value is None:  # a path of another type: the schema walk's
        pass
    elif kind in ("Exact", "Prefix"):
        if not value.startswith("/"):
            errs.append(FieldError(INVALID, where, value, "must be an absolute path"))
        for seq in INVALID_PATH_SEQUENCES if value else ():
            if seq in value:
                errs.append(FieldError(INVALID, where, value, f"must not contain '{seq}'"))
        for suffix in INVALID_PATH_SUFFIXES if value else ():
            if value.endswith(suffix):
                errs.append(FieldError(INVALID, where, value, f"cannot end with '{suffix}'"))
    elif kind == "ImplementationSpecific" and value and not value.startswith("/"):  # an empty one is allowed
        errs.append(FieldError(INVALID, where, value, "must be an absolute path"))
    if kind not in PATH_TYPES:
        errs.append(not_supported(f"{path}.pathType", kind, PATH_TYPES))
    backend = item.get("backend")
    if backend is None:
        backend = {}
    if isinstance(backend, dict):
        errs += _backend(backend, f"{path}.backend", release)
    return errs


def _backend(backend: dict, path: str, release: tuple) -> list[FieldError]:
    """validateIngressBackend: a resource or a service, not both; a service's name and its port's
    name or number (one of them, not both)."""
    resource, service = backend.get("resource"), backend.get("service")
    if resource is not None and service is not None:
        return [FieldError(INVALID, path, "", "cannot set both resource and service backends")]
    if isinstance(resource, dict):
        return _resource(resource, f"{path}.resource")
    if resource is not None:
        return []
    if not isinstance(service, dict):
        if service is None:
            return [FieldError(INVALID, path, "", "resource or service backend is required")]
        return []
    errs: list[FieldError] = []
    name = text(service.get("name"))
    if name == "":
        errs.append(FieldError(REQUIRED, f"{path}.service.name", "", ""))
    elif name is not None and release < RELAXED_SERVICE_NAMES:  # ValidateServiceName: NameIsDNS1035Label
        errs += [FieldError(INVALID, f"{path}.service.name", name, m) for m in name_dns1035_label(name)]
    port = service.get("port")
    if port is None:
        port = {}
    if not isinstance(port, dict):
        return errs
    port_name, number = text(port.get("name")), int32(port.get("number"))
    if port_name is None or number is None:
        return errs
    if port_name and number:
        errs.append(FieldError(INVALID, path, "", "cannot set both port name & port number"))
    elif port_name:
        errs += [FieldError(INVALID, f"{path}.service.port.name", port_name, m) for m in port_name_problems(port_name)]
    elif number:
        errs += port_number(number, f"{path}.service.port.number")
    else:
        errs.append(FieldError(REQUIRED, path, "", "port name or number is required"))
    return errs


def _resource(resource: dict, path: str) -> list[FieldError]:
    """validateIngressTypedLocalObjectReference, as far as its words are the same in every release: an
    `apiGroup` that is a DNS subdomain, a `kind` and a `name` that are path segment names."""
    errs: list[FieldError] = []
    group = resource.get("apiGroup")
    if isinstance(group, str):
        errs += [FieldError(INVALID, f"{path}.apiGroup", group, m) for m in name_dns1123_subdomain(group)]
    for key in ("kind", "name"):
        value = text(resource.get(key))
        if value:
            errs += [FieldError(INVALID, f"{path}.{key}", value, m) for m in is_path_segment_name(value)]
    return errs


def _tls(tls: dict, path: str) -> list[FieldError]:
    """validateIngressTLS: each host a (wildcard) DNS subdomain; a secret name, when set, a DNS
    subdomain (ValidateSecretName)."""
    errs: list[FieldError] = []
    hosts = tls.get("hosts")
    for i, host in enumerate(hosts if isinstance(hosts, list) else ()):
        if isinstance(host, str):
            errs += _host(host, f"{path}.hosts[{i}]")
    secret = text(tls.get("secretName"))
    if secret:
        errs += [FieldError(INVALID, f"{path}.secretName", secret, m) for m in name_dns1123_subdomain(secret)]
    return errs


# --- NetworkPolicy -----------------------------------------------------------------------------------


def network_policy(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateNetworkPolicySpec: the pod selector, each ingress rule's ports and peers, each egress
    rule's, the policy types."""
    spec = obj.get("spec")
    if spec is None:
        spec = {}
    if not isinstance(spec, dict):
        return []
    errs = label_selector(spec.get("podSelector"), "spec.podSelector", release)[0]
    for direction, peers in (("ingress", "from"), ("egress", "to")):
        for i, rule in items(spec.get(direction)):
            here = f"spec.{direction}[{i}]"
            for j, port in items(rule.get("ports")):
                errs += _policy_port(port, f"{here}.ports[{j}]")
            for j, peer in items(rule.get(peers)):
                errs += _peer(peer, f"{here}.{peers}[{j}]", release)
    types = spec.get("policyTypes")
    if not isinstance(types, list):
        return errs
    if len(types) > len(POLICY_TYPES):
        if all(isinstance(t, str) for t in types):
            go_text = "[]networking.PolicyType{" + ", ".join(go_quote(t) for t in types) + "}"
            errs.append(GoValueError(INVALID, "spec.policyTypes", go_text, "may not specify more than two policyTypes"))
        return errs
    for i, kind in enumerate(types):
        if isinstance(kind, str) and kind not in POLICY_TYPES:
            errs.append(not_supported(f"spec.policyTypes[{i}]", kind, POLICY_TYPES))
    return errs


def _policy_port(port: dict, path: str) -> list[FieldError]:
    """ValidateNetworkPolicyPort: a supported protocol (an absent one is TCP), a port number in range
    or a port name, an `endPort` only after a numeric port, not below it, in range."""
    errs: list[FieldError] = []
    protocol = port.get("protocol")
    if isinstance(protocol, str) and protocol not in NETWORK_POLICY_PROTOCOLS:
        errs.append(not_supported(f"{path}.protocol", protocol, NETWORK_POLICY_PROTOCOLS))
    number, end = port.get("port"), port.get("endPort")
    if end is not None and (type(end) is not int or int32(end) is None):
        return errs  # the schema walk's
    if number is None:
        if end is not None:
            detail = "may not be specified when `port` is not specified"
            errs.append(FieldError(INVALID, f"{path}.endPort", end, detail))
    elif type(number) is int and int32(number) is not None:
        errs += port_number(number, f"{path}.port")
        if end is not None:
            if end < number:
                errs.append(FieldError(INVALID, f"{path}.endPort", end, "must be greater than or equal to `port`"))
            errs += port_number(end, f"{path}.endPort")
    elif isinstance(number, str):
        if end is not None:
            detail = "may not be specified when `port` is non-numeric"
            errs.append(FieldError(INVALID, f"{path}.endPort", end, detail))
        errs += [FieldError(INVALID, f"{path}.port", number, m) for m in port_name_problems(number)]
    return errs


def _peer(peer: dict, path: str, release: tuple) -> list[FieldError]:
    """ValidateNetworkPolicyPeer: its selectors and IP block; at least one; an IP block alone."""
    errs: list[FieldError] = []
    count = 0
    for key in ("podSelector", "namespaceSelector"):
        if isinstance(peer.get(key), dict):
            count += 1
            errs += label_selector(peer[key], f"{path}.{key}", release)[0]
    block = peer.get("ipBlock")
    if isinstance(block, dict):
        count += 1
        errs += _ip_block(block, f"{path}.ipBlock")
    if count == 0:
        if all(peer.get(k) is None for k in ("podSelector", "namespaceSelector", "ipBlock")):
            errs.append(FieldError(REQUIRED, path, "", "must specify a peer"))
    elif count > 1 and isinstance(block, dict):
        errs.append(FieldError(FORBIDDEN, path, "", "may not specify both ipBlock and another peer"))
    return errs


def _ip_block(block: dict, path: str) -> list[FieldError]:
    """ValidateIPBlock: a `cidr` (required); each `except` entry a strict subset of it."""
    cidr = text(block.get("cidr"))
    if cidr is None:
        return []
    if cidr == "":
        return [FieldError(REQUIRED, f"{path}.cidr", "", "")]
    network = parse_cidr_sloppy(cidr)
    excepts = block.get("except")
    if network is None or _v4_mapped(network[0]) or not isinstance(excepts, list):
        return []  # an IPv4-mapped network is matched as IPv4 with part of its mask: left out
    errs: list[FieldError] = []
    for i, entry in enumerate(excepts):
        if not isinstance(entry, str):
            break
        inner = parse_cidr_sloppy(entry)
        if inner is None:
            break  # older releases stop at an entry that does not parse (with words left out here)
        if not _contains(network, inner[0]) or network[1] >= inner[1]:
            errs.append(FieldError(INVALID, f"{path}.except[{i}]", entry, "must be a strict subset of `cidr`"))
    return errs


def parse_cidr_sloppy(value: str) -> tuple[bytes, int] | None:
    """netutils.ParseCIDRSloppy (Go 1.16's net.ParseCIDR, IPv4 leading zeros allowed): the network
    (the address masked: 4 bytes for IPv4, 16 for IPv6) and the prefix length, or None."""
    from evaluator.apiserver.values.formats import _ipv4, _ipv6, is_cidr

    if not is_cidr(value):
        return None
    addr, _, bits_text = value.partition("/")
    ip = _ipv4(addr) or _ipv6(addr)
    if ip is None or not bits_text:
        return None
    bits = int(bits_text)
    size = len(ip) * 8
    mask = ((1 << size) - 1) ^ ((1 << (size - bits)) - 1)
    return (int.from_bytes(ip, "big") & mask).to_bytes(len(ip), "big"), bits


def _contains(network: tuple[bytes, int], ip: bytes) -> bool:
    """net.IPNet.Contains: an IPv4-mapped address is read as IPv4; the families must agree."""
    if _v4_mapped(ip):
        ip = ip[12:]
    net, bits = network
    if len(ip) != len(net):
        return False
    size = len(ip) * 8
    mask = ((1 << size) - 1) ^ ((1 << (size - bits)) - 1)
    return int.from_bytes(ip, "big") & mask == int.from_bytes(net, "big")


def _v4_mapped(ip: bytes) -> bool:
    return len(ip) == 16 and ip[:12] == bytes(10) + b"\xff\xff"
