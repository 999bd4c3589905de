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

import re
from collections.abc import Callable

ErrorList = list[tuple[str, str]]

INVALID = "FieldValueInvalid"
TOO_LONG = "FieldValueTooLong"

# ---------------------------------------------------------------------------
# Message helpers (content/errors.go, field.TooLong)
# ---------------------------------------------------------------------------


def _blen(value: str) -> int:
    """Return the length of ``value`` in UTF-8 bytes (Go ``len``)."""
    return len(value.encode("utf-8", "surrogatepass"))


def max_len_error(length: int) -> str:
    """Explain a "string too long" failure (content.MaxLenError)."""
    return f"must be no more than {length} bytes"


def empty_error() -> str:
    """Explain an "empty string" failure (content.EmptyError)."""
    return "must be non-empty"


def regex_error(msg: str, regex: str, *examples: str) -> str:
    """Explain a regex failure, with optional examples (content.RegexError)."""
    if not examples:
        return f"{msg} (regex used for validation is '{regex}')"
    quoted = " or ".join(f"'{ex}', " for ex in examples)
    return f"{msg} (e.g. {quoted}regex used for validation is '{regex}')"


def too_long_detail(max_length: int) -> str:
    """Return the detail of ``field.TooLong`` for ``max_length``."""
    if max_length < 0:
        return "value is too long"
    unit = "byte" if max_length == 1 else "bytes"
    return f"may not be more than {max_length} {unit}"


# ---------------------------------------------------------------------------
# Content checks (pkg/api/validate/content)
# ---------------------------------------------------------------------------

# Go spellings, used verbatim in messages.
DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
DNS1123_SUBDOMAIN_FMT = DNS1123_LABEL_FMT + "(\\." + DNS1123_LABEL_FMT + ")*"
LABEL_KEY_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
LABEL_VALUE_FMT = "(" + LABEL_KEY_FMT + ")?"
C_IDENTIFIER_FMT = "[A-Za-z_][A-Za-z0-9_]*"

DNS1123_LABEL_MAX_LENGTH = 63
DNS1123_SUBDOMAIN_MAX_LENGTH = 253
LABEL_KEY_MAX_LENGTH = 63
LABEL_VALUE_MAX_LENGTH = 63

_DNS1123_LABEL_ERR = (
    "a lowercase RFC 1123 label must consist of lower case alphanumeric "
    "characters or '-', and must start and end with an alphanumeric character"
)
_DNS1123_SUBDOMAIN_ERR = (
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
    "characters, '-' or '.', and must start and end with an alphanumeric character"
)
_DNS1123_SUBDOMAIN_CASELESS_ERR = (
    "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', "
    "and must start and end with an alphanumeric character"
)
_LABEL_KEY_ERR = (
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
)
_LABEL_VALUE_ERR = (
    "a valid label must be an empty string or consist of alphanumeric "
    "characters, '-', '_' or '.', and must start and end with an alphanumeric character"
)
_C_IDENTIFIER_ERR = (
    "a valid C identifier must start with alphabetic character or '_', "
    "followed by a string of alphanumeric characters or '_'"
)

# Equivalent, linear-time forms of the Go patterns (always used with fullmatch).
# A label is alphanumeric runs separated by dash runs.
_LABEL = "[a-z0-9]+(?:-+[a-z0-9]+)*"
_DNS1123_LABEL_RE = re.compile(_LABEL)
_DNS1123_SUBDOMAIN_RE = re.compile(f"{_LABEL}(?:\\.{_LABEL})*")
# RE2's (?i) applies Unicode simple case folding: besides A-Z, [a-z] then also
# matches U+017F (LATIN SMALL LETTER LONG S) and U+212A (KELVIN SIGN).  Python's
# re.IGNORECASE differs (it also admits U+0130/U+0131), so spell it out.
_ALNUM_CASELESS = "[0-9A-Za-z\u017f\u212a]"
_LABEL_CASELESS = f"{_ALNUM_CASELESS}+(?:-+{_ALNUM_CASELESS}+)*"
_DNS1123_SUBDOMAIN_CASELESS_RE = re.compile(f"{_LABEL_CASELESS}(?:\\.{_LABEL_CASELESS})*")
_LABEL_KEY_RE = re.compile("[A-Za-z0-9]+(?:[-_.]+[A-Za-z0-9]+)*")
_LABEL_VALUE_RE = re.compile("(?:[A-Za-z0-9]+(?:[-_.]+[A-Za-z0-9]+)*)?")
_C_IDENTIFIER_RE = re.compile(C_IDENTIFIER_FMT)


def is_dns1123_label(value: str) -> list[str]:
    """Check an RFC 1123 DNS label (content.IsDNS1123Label)."""
    errs: list[str] = []
    if _blen(value) > DNS1123_LABEL_MAX_LENGTH:
        errs.append(max_len_error(DNS1123_LABEL_MAX_LENGTH))
    if not _DNS1123_LABEL_RE.fullmatch(value):
        if _DNS1123_SUBDOMAIN_RE.fullmatch(value):
            errs.append("must not contain dots")
        else:
            errs.append(regex_error(_DNS1123_LABEL_ERR, DNS1123_LABEL_FMT, "my-name", "123-abc"))
    return errs


def _dns1123_subdomain(value: str, caseless: bool) -> list[str]:
    errs: list[str] = []
    if _blen(value) > DNS1123_SUBDOMAIN_MAX_LENGTH:
        errs.append(max_len_error(DNS1123_SUBDOMAIN_MAX_LENGTH))
    if caseless:
        pattern, msg, example = (
            _DNS1123_SUBDOMAIN_CASELESS_RE,
            _DNS1123_SUBDOMAIN_CASELESS_ERR,
            "Example.com",
        )
    else:
        pattern, msg, example = (
            _DNS1123_SUBDOMAIN_RE,
            _DNS1123_SUBDOMAIN_ERR,
            "example.com",
        )
    if not pattern.fullmatch(value):
        # The message always shows the case-sensitive pattern.
        errs.append(regex_error(msg, DNS1123_SUBDOMAIN_FMT, example))
    return errs


def is_dns1123_subdomain(value: str) -> list[str]:
    """Check a lowercase RFC 1123 subdomain (content.IsDNS1123Subdomain)."""
    return _dns1123_subdomain(value, caseless=False)


def is_dns1123_subdomain_caseless(value: str) -> list[str]:
    """Check an RFC 1123 subdomain allowing upper case (IsDNS1123SubdomainCaseless)."""
    return _dns1123_subdomain(value, caseless=True)


def is_label_key(value: str) -> list[str]:
    """Check a label key: optional DNS-subdomain prefix and '/' (content.IsLabelKey)."""
    errs: list[str] = []
    parts = value.split("/")
    if len(parts) == 1:
        name = parts[0]
    elif len(parts) == 2:
        prefix, name = parts
        if not prefix:
            errs.append("prefix part " + empty_error())
        else:
            errs.extend("prefix part " + m for m in is_dns1123_subdomain(prefix))
    else:
        return [
            "a valid label key "
            + regex_error(_LABEL_KEY_ERR, LABEL_KEY_FMT, "MyName", "my.name", "123-abc")
            + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
        ]
    if not name:
        errs.append("name part " + empty_error())
    elif _blen(name) > LABEL_KEY_MAX_LENGTH:
        errs.append("name part " + max_len_error(LABEL_KEY_MAX_LENGTH))
    if not _LABEL_KEY_RE.fullmatch(name):
        errs.append("name part " + regex_error(_LABEL_KEY_ERR, LABEL_KEY_FMT, "MyName", "my.name", "123-abc"))
    return errs


def is_prefixed_label_key(value: str) -> list[str]:
    """Check a label key whose prefix is required (content.IsPrefixedLabelKey)."""
    errs = is_label_key(value)
    if errs:
        return errs
    if len(value.split("/")) != 2:
        return ["must include a prefix (e.g. 'example.com/key')"]
    return []


def is_label_value(value: str) -> list[str]:
    """Check a label value, which may be empty (content.IsLabelValue)."""
    errs: list[str] = []
    if _blen(value) > LABEL_VALUE_MAX_LENGTH:
        errs.append(max_len_error(LABEL_VALUE_MAX_LENGTH))
    if not _LABEL_VALUE_RE.fullmatch(value):
        errs.append(regex_error(_LABEL_VALUE_ERR, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"))
    return errs


def is_c_identifier(value: str) -> list[str]:
    """Check a C identifier; length is not checked (content.IsCIdentifier)."""
    if not _C_IDENTIFIER_RE.fullmatch(value):
        return [regex_error(_C_IDENTIFIER_ERR, C_IDENTIFIER_FMT, "my_name", "MY_NAME", "MyName")]
    return []


def is_path_segment_prefix(name: str) -> list[str]:
    """Check that ``name`` holds no '/' or '%' (content.IsPathSegmentPrefix)."""
    return [f"may not contain '{bad}'" for bad in ("/", "%") if bad in name]


def is_path_segment_name(name: str) -> list[str]:
    """Check a name usable as a URL/file path segment (content.IsPathSegmentName)."""
    for bad in (".", ".."):
        if name == bad:
            return [f"may not be '{bad}'"]
    return is_path_segment_prefix(name)


# ---------------------------------------------------------------------------
# Sloppy IP parsing (k8s.io/utils/net.ParseIPSloppy: Go 1.16 net.ParseIP,
# which accepts leading zeros in IPv4 octets and no IPv6 zone).
# ---------------------------------------------------------------------------

_DIGITS = frozenset("0123456789")
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def _run_end(s: str, pos: int, allowed: frozenset[str]) -> int:
    """Return the index just past the run of ``allowed`` characters at ``pos``."""
    end = pos
    while end < len(s) and s[end] in allowed:
        end += 1
    return end


def _parse_ipv4_sloppy(s: str) -> bool:
    """Whether ``s`` is dotted-quad IPv4, leading zeros allowed."""
    pos = 0
    for octet in range(4):
        if pos >= len(s):
            return False
        if octet > 0:
            if s[pos] != ".":
                return False
            pos += 1
        end = _run_end(s, pos, _DIGITS)
        if end == pos or int(s[pos:end]) > 0xFF:
            return False
        pos = end
    return pos == len(s)


def _parse_ipv6_sloppy(s: str) -> bool:
    """Whether ``s`` is an IPv6 literal (RFC 4291), without a zone."""
    ellipsis = -1
    if s.startswith("::"):
        ellipsis = 0
        s = s[2:]
        if not s:
            return True
    i = 0  # bytes filled so far
    while i < 16:
        end = _run_end(s, 0, _HEX_DIGITS)
        if end == 0 or int(s[:end], 16) > 0xFFFF:
            return False
        if end < len(s) and s[end] == ".":
            # Trailing embedded IPv4.
            if ellipsis < 0 and i != 12:
                return False
            if i + 4 > 16:
                return False
            if not _parse_ipv4_sloppy(s):
                return False
            s = ""
            i += 4
            break
        i += 2
        s = s[end:]
        if not s:
            break
        if s[0] != ":" or len(s) == 1:
            return False
        s = s[1:]
        if s[0] == ":":
            if ellipsis >= 0:
                return False
            ellipsis = i
            s = s[1:]
            if not s:
                break
    if s:
        return False
    if i < 16:
        return ellipsis >= 0
    # An ellipsis must stand for at least one zero group.
    return ellipsis < 0


def is_ip_sloppy(value: str) -> bool:
    """Whether ``value`` parses as an IP address, IPv4 leading zeros allowed."""
    for ch in value:
        if ch == ".":
            return _parse_ipv4_sloppy(value)
        if ch == ":":
            return _parse_ipv6_sloppy(value)
    return False


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
    if _blen(value) > DNS1123_SUBDOMAIN_MAX_LENGTH:
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
    if _blen(ident) > max_length:
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
            if _blen(prefix) > DNS1123_LABEL_MAX_LENGTH:
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
