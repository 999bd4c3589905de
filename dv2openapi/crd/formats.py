"""CEL renderings of the Kubernetes `k8s-*` string formats.

Each format becomes one rule built from bounded regular expressions (RE2, as
the API server runs them) and size checks, equivalent to the reference checks
in `evaluator/schema/formats.py` (a property test compares the two). The regexes only
admit ASCII, so once one matches, `size()` counts bytes as Go's `len` does.
"""

from __future__ import annotations

LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
SUBDOMAIN = f"{LABEL}(\\\\.{LABEL})*"
CASELESS_LABEL = "[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?"
CASELESS_SUBDOMAIN = f"(?i){CASELESS_LABEL}(\\\\.{CASELESS_LABEL})*"
NAME = "[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?"
C_IDENT = "[A-Za-z_][A-Za-z0-9_]{0,31}"


def _m(regex: str) -> str:
    return f"self.matches('^{regex}$')"


def _prefix_len(limit: int) -> str:
    return f"self.indexOf('/') <= {limit}"


FORMAT_RULES: dict[str, tuple[str, str]] = {
    "k8s-short-name": (f"{_m(LABEL)} && size(self) <= 63", "must be a lowercase RFC 1123 label"),
    "k8s-long-name": (f"{_m(SUBDOMAIN)} && size(self) <= 253", "must be a lowercase RFC 1123 subdomain"),
    "k8s-long-name-caseless": (
        f"{_m(CASELESS_SUBDOMAIN)} && size(bytes(self)) <= 253",
        "must be an RFC 1123 subdomain",
    ),
    "k8s-label-key": (
        f"{_m(f'({SUBDOMAIN}/)?{NAME}')} && {_prefix_len(253)}",
        "must be a label key: an optional DNS subdomain prefix and '/', then a name",
    ),
    "k8s-prefixed-label-key": (
        f"{_m(f'{SUBDOMAIN}/{NAME}')} && {_prefix_len(253)}",
        "must be a label key with a DNS subdomain prefix (e.g. 'example.com/key')",
    ),
    "k8s-label-value": (f"{_m(f'({NAME})?')}", "must be a valid label value"),
    "k8s-path-segment-name": (
        "self != '.' && self != '..' && !self.contains('/') && !self.contains('%')",
        "must be a path segment name (not '.' or '..', without '/' or '%')",
    ),
    "k8s-uuid": (
        f"{_m('[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}')}",
        "must be a lowercase UUID in 8-4-4-4-12 format",
    ),
    "k8s-resource-pool-name": (
        f"{_m(f'{SUBDOMAIN}(/{SUBDOMAIN})*')} && size(self) <= 253",
        "must be '/'-separated lowercase RFC 1123 subdomains, at most 253 bytes",
    ),
    "k8s-extended-resource-name": (
        f"{_m(f'{SUBDOMAIN}/{NAME}')} && {_prefix_len(244)} && !self.contains('kubernetes.io/')"
        " && !self.startsWith('requests.')",
        "must be a domain-prefixed path, such as 'example.com/my-prop'",
    ),
    "k8s-resource-fully-qualified-name": (
        f"{_m(f'({SUBDOMAIN}/{C_IDENT}|[^/]*/[^/]*/.*)')} && (size(self.split('/')) > 2 || {_prefix_len(63)})",
        "must be a DNS subdomain prefix and a C identifier separated by a slash",
    ),
}
"""Format name -> (CEL rule on `self`, message)."""

MAX_LENGTH: dict[str, int] = {
    "k8s-short-name": 63,
    "k8s-long-name": 253,
    "k8s-label-value": 63,
    "k8s-uuid": 36,
    "k8s-resource-pool-name": 253,
}
"""Formats whose every valid value is at most this many characters (an implied `maxLength`)."""
