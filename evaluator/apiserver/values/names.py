"""apimachinery's validation helpers (`k8s.io/apimachinery/pkg/util/validation`, `content`).

Names (DNS labels and subdomains, label keys and values, C identifiers, path segments), sloppy IP
parsing, and the error texts they return, shared by the API server model (metadata, CRD admission)
and the evaluator's `k8s-*` formats.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

# ---------------------------------------------------------------------------
# Message helpers (content/errors.go, field.TooLong)
# ---------------------------------------------------------------------------


def blen(value: str) -> int:
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

_REMEMBERED = 4096  # valid names kept per check; then forgotten, all at once


def _valid_remembered(check: Callable[[str], list[str]]) -> Callable[[str], list[str]]:
    """`check` (a pure check of a name) with the names it passed remembered: a repository repeats its
    label keys, values and namespaces in every object."""
    valid: set[str] = set()

    @functools.wraps(check)
    def remembered(value: str) -> list[str]:
        if value in valid:
            return []
        errs = check(value)
        if not errs and type(value) is str:
            if len(valid) >= _REMEMBERED:
                valid.clear()
            valid.add(value)
        return errs

    return remembered


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
_DNS1123_SUBDOMAIN_CASELESS = f"{_LABEL_CASELESS}(?:\\.{_LABEL_CASELESS})*"  # compiled when first used (re's cache):
# the case folding makes it the slowest pattern here to compile (~1 ms of every start-up)
_LABEL_KEY_RE = re.compile("[A-Za-z0-9]+(?:[-_.]+[A-Za-z0-9]+)*")
_LABEL_VALUE_RE = re.compile("(?:[A-Za-z0-9]+(?:[-_.]+[A-Za-z0-9]+)*)?")


@_valid_remembered
def is_dns1123_label(value: str) -> list[str]:
    """Check an RFC 1123 DNS label (content.IsDNS1123Label)."""
    errs: list[str] = []
    if blen(value) > DNS1123_LABEL_MAX_LENGTH:
        errs.append(max_len_error(DNS1123_LABEL_MAX_LENGTH))
    if not _DNS1123_LABEL_RE.fullmatch(value):
        if _DNS1123_SUBDOMAIN_RE.fullmatch(value):
            errs.append("must not contain dots")
        else:
            errs.append(regex_error(_DNS1123_LABEL_ERR, DNS1123_LABEL_FMT, "my-name", "123-abc"))
    return errs


def _dns1123_subdomain(value: str, caseless: bool) -> list[str]:
    errs: list[str] = []
    if blen(value) > DNS1123_SUBDOMAIN_MAX_LENGTH:
        errs.append(max_len_error(DNS1123_SUBDOMAIN_MAX_LENGTH))
    if caseless:
        pattern, msg, example = (
            re.compile(_DNS1123_SUBDOMAIN_CASELESS),
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


@_valid_remembered
def is_dns1123_subdomain(value: str) -> list[str]:
    """Check a lowercase RFC 1123 subdomain (content.IsDNS1123Subdomain)."""
    return _dns1123_subdomain(value, caseless=False)


def is_dns1123_subdomain_caseless(value: str) -> list[str]:
    """Check an RFC 1123 subdomain allowing upper case (IsDNS1123SubdomainCaseless)."""
    return _dns1123_subdomain(value, caseless=True)


@_valid_remembered
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
    elif blen(name) > LABEL_KEY_MAX_LENGTH:
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


@_valid_remembered
def is_label_value(value: str) -> list[str]:
    """Check a label value, which may be empty (content.IsLabelValue)."""
    errs: list[str] = []
    if blen(value) > LABEL_VALUE_MAX_LENGTH:
        errs.append(max_len_error(LABEL_VALUE_MAX_LENGTH))
    if not _LABEL_VALUE_RE.fullmatch(value):
        errs.append(regex_error(_LABEL_VALUE_ERR, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"))
    return errs


def is_c_identifier(value: str) -> list[str]:
    """Check a C identifier; length is not checked (content.IsCIdentifier)."""
    if not re.fullmatch(C_IDENTIFIER_FMT, value):  # compiled when first used (re's cache)
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


_DNS1035_FMT = "[a-z]([-a-z0-9]*[a-z0-9])?"
_DNS1035_ERR = (
    "a DNS-1035 label must consist of lower case alphanumeric characters or '-', "
    "start with an alphabetic character, and end with an alphanumeric character"
)


def is_dns1035_label(value: str) -> list[str]:
    """apimachinery's IsDNS1035Label."""
    errs = []
    if blen(value) > 63:
        errs.append(max_len_error(63))
    if not re.fullmatch(_DNS1035_FMT, value):  # compiled when first used (re's cache)
        errs.append(regex_error(_DNS1035_ERR, _DNS1035_FMT, "my-name", "abc-123"))
    return errs


def _in_characters(check: Callable[[str], list[str]]) -> Callable[[str], list[str]]:
    """`check` as `k8s.io/apimachinery/pkg/util/validation` words it: its DNS name checks (object,
    namespace and CRD names, the CEL format library) say a name is too long in characters, where
    `content`'s (the declarative formats) say bytes; the rest is the same."""

    @functools.wraps(check)
    def worded(value: str) -> list[str]:
        return [e.replace(" bytes", " characters") if e.startswith("must be no more than") else e for e in check(value)]

    return worded


name_dns1123_label = _in_characters(is_dns1123_label)
name_dns1123_subdomain = _in_characters(is_dns1123_subdomain)
name_dns1035_label = _in_characters(is_dns1035_label)
