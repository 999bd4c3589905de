"""Kubernetes ``+k8s:format=k8s-*`` string formats.

Each entry of :data:`FORMATS` maps a format name, as written in the tag, to a
pure function that takes the string value and returns the errors the
Kubernetes reference (``k8s.io/apimachinery/pkg/api/validate``) would report,
as ``(error_type, detail)`` pairs in emission order.  The origin
(``"format=<name>"``) is attached by the caller.

Behaviour notes that matter for exact conformance:

* Lengths are measured in UTF-8 bytes, as Go's ``len`` does.
* Regular expressions are matched against the whole value (RE2 ``^...$``
  without multi-line mode), never allowing a trailing newline.  They are
  written in a backtracking-safe but equivalent form; the Go spelling of each
  pattern is kept for the error messages.
* ``k8s-ip`` is documented by validation-gen but its generator case is still
  commented out upstream; dv2openapi accepts it (the tag reference lists it) and it follows the
  reference ``IPSloppy`` validator (IPv4 octets may carry leading zeros).
"""

from __future__ import annotations

from collections.abc import Callable

from evaluator.apiserver.values.names import (
    DNS1123_LABEL_MAX_LENGTH,
    DNS1123_SUBDOMAIN_MAX_LENGTH,
    blen,
    is_c_identifier,
    is_dns1123_label,
    is_dns1123_subdomain,
    is_dns1123_subdomain_caseless,
    is_ip_sloppy,
    is_label_key,
    is_label_value,
    is_path_segment_name,
    is_prefixed_label_key,
    too_long_detail,
)

ErrorList = list[tuple[str, str]]

INVALID = "FieldValueInvalid"
TOO_LONG = "FieldValueTooLong"

# ---------------------------------------------------------------------------
# Format validators (pkg/api/validate/strfmt.go)
# ---------------------------------------------------------------------------

_UUID_ERR = "must be a lowercase UUID in 8-4-4-4-12 format"
_UUID_HEX = frozenset(b"0123456789abcdef")
_REQUESTS_PREFIX = "requests."
_KUBERNETES_IO_PREFIX = "kubernetes.io/"
_RESOURCE_DEVICE_MAX_LENGTH = 32


def _invalid(msgs: list[str], prefix: str = "") -> ErrorList:
    return [(INVALID, prefix + m) for m in msgs]


def short_name(value: str) -> ErrorList:
    """k8s-short-name: a DNS label."""
    return _invalid(is_dns1123_label(value))


def long_name(value: str) -> ErrorList:
    """k8s-long-name: a lowercase DNS subdomain."""
    return _invalid(is_dns1123_subdomain(value))


def long_name_caseless(value: str) -> ErrorList:
    """k8s-long-name-caseless: a DNS subdomain that may contain upper case."""
    return _invalid(is_dns1123_subdomain_caseless(value))


def label_key(value: str) -> ErrorList:
    """k8s-label-key: a label key with an optional prefix."""
    return _invalid(is_label_key(value))


def prefixed_label_key(value: str) -> ErrorList:
    """k8s-prefixed-label-key: a label key with a required prefix."""
    return _invalid(is_prefixed_label_key(value))


def label_value(value: str) -> ErrorList:
    """k8s-label-value: a label value (may be empty)."""
    return _invalid(is_label_value(value))


def path_segment_name(value: str) -> ErrorList:
    """k8s-path-segment-name: not '.', '..', and without '/' or '%'."""
    return _invalid(is_path_segment_name(value))


def uuid(value: str) -> ErrorList:
    """k8s-uuid: a lowercase 8-4-4-4-12 UUID."""
    raw = value.encode("utf-8", "surrogatepass")
    if len(raw) != 36:
        return [(INVALID, _UUID_ERR)]
    for idx, byte in enumerate(raw):
        if idx in (8, 13, 18, 23):
            if byte != ord("-"):
                return [(INVALID, _UUID_ERR)]
        elif byte not in _UUID_HEX:
            return [(INVALID, _UUID_ERR)]
    return []


def resource_pool_name(value: str) -> ErrorList:
    """k8s-resource-pool-name: '/'-separated long names, at most 253 bytes."""
    errs: ErrorList = []
    if blen(value) > DNS1123_SUBDOMAIN_MAX_LENGTH:
        errs.append((TOO_LONG, too_long_detail(DNS1123_SUBDOMAIN_MAX_LENGTH)))
    for i, part in enumerate(value.split("/")):
        if not part:
            errs.append((INVALID, f"segment {i}: must not be empty"))
            continue
        errs.extend(_invalid(is_dns1123_subdomain(part), f"segment {i}: "))
    return errs


def extended_resource_name(value: str) -> ErrorList:
    """k8s-extended-resource-name: a domain-prefixed extended resource name."""
    errs: ErrorList = []
    if "/" not in value:
        errs.append(
            (
                INVALID,
                "a name must be a domain-prefixed path, such as 'example.com/my-prop'",
            )
        )
    elif _KUBERNETES_IO_PREFIX in value:
        errs.append((INVALID, f'must not have "{_KUBERNETES_IO_PREFIX}" domain'))
    if value.startswith(_REQUESTS_PREFIX):
        errs.append((INVALID, f'must not have "{_REQUESTS_PREFIX}" prefix'))
    # It must also be a valid label key once turned into a quota resource name.
    errs.extend(_invalid(is_label_key(_REQUESTS_PREFIX + value)))
    return errs


def _c_identifier_errors(ident: str, max_length: int) -> ErrorList:
    errs: ErrorList = []
    if blen(ident) > max_length:
        errs.append((TOO_LONG, too_long_detail(max_length)))
    errs.extend(_invalid(is_c_identifier(ident)))
    return errs


def resource_fully_qualified_name(value: str) -> ErrorList:
    """k8s-resource-fully-qualified-name: DNS-subdomain prefix '/' C identifier."""
    errs: ErrorList = []
    parts = value.split("/")
    # As in the reference, more than one '/' is not diagnosed.
    if len(parts) == 1:
        errs.extend(_c_identifier_errors(parts[0], _RESOURCE_DEVICE_MAX_LENGTH))
    elif len(parts) == 2:
        prefix, name = parts
        if not prefix:
            errs.append((INVALID, "prefix must not be empty"))
        else:
            if blen(prefix) > DNS1123_LABEL_MAX_LENGTH:
                errs.append((TOO_LONG, too_long_detail(DNS1123_LABEL_MAX_LENGTH)))
            errs.extend(_invalid(is_dns1123_subdomain(prefix), "prefix: "))
        if not name:
            errs.append((INVALID, "name must not be empty"))
        else:
            errs.extend(_c_identifier_errors(name, _RESOURCE_DEVICE_MAX_LENGTH))
    if "/" not in value:
        errs.append(
            (
                INVALID,
                "a fully qualified name must be a domain and a name separated by a slash",
            )
        )
    return errs


def ip(value: str) -> ErrorList:
    """k8s-ip: an IPv4 or IPv6 address; IPv4 octets may have leading zeros."""
    if is_ip_sloppy(value):
        return []
    return [(INVALID, "must be a valid IP address (e.g. 10.9.8.7 or 2001:db8::ffff)")]


FORMATS: dict[str, Callable[[str], list[tuple[str, str]]]] = {
    "k8s-extended-resource-name": extended_resource_name,
    "k8s-ip": ip,
    "k8s-label-key": label_key,
    "k8s-label-value": label_value,
    "k8s-long-name": long_name,
    "k8s-long-name-caseless": long_name_caseless,
    "k8s-path-segment-name": path_segment_name,
    "k8s-prefixed-label-key": prefixed_label_key,
    "k8s-resource-fully-qualified-name": resource_fully_qualified_name,
    "k8s-resource-pool-name": resource_pool_name,
    "k8s-short-name": short_name,
    "k8s-uuid": uuid,
}
