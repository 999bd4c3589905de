"""The Kubernetes CEL library functions that CRD rules use, declared for cel-expr-python.

Written from the Kubernetes CEL documentation (k8s.io/apiserver `pkg/cel/library`): `isIP`,
`isCIDR` (the IP and CIDR library's checks; the strict parse: no leading zeros, no zone) and the
format library's named validators (`format.dns1123Label().validate(s)`: null when `s` is valid,
else the list of error messages). Both the rule runtime (`celrules`) and the admission checker's
compiler (`celast`) declare exactly these, so a CRD that compiles on one compiles on the other.
"""

from __future__ import annotations

import ipaddress

from cel_expr_python import cel

from .names import is_dns1123_label, is_dns1123_subdomain, is_label_value

FORMATS = {
    "dns1123Label": is_dns1123_label,
    "dns1123Subdomain": is_dns1123_subdomain,
    "labelValue": is_label_value,
}


def _strict_ip(s: str) -> bool:
    if "%" in s:
        return False
    try:
        ipaddress.ip_address(s)
    except ValueError:
        return False
    return True


def _strict_cidr(s: str) -> bool:
    addr, sep, _ = s.partition("/")
    if not sep or not _strict_ip(addr):
        return False
    try:
        ipaddress.ip_network(s, strict=False)
    except ValueError:
        return False
    return True


def _validate(fmt: str, value: str) -> list[str] | None:
    errs = FORMATS[fmt](value)
    return errs or None


def declarations() -> list[cel.FunctionDecl]:
    """The function declarations (with their implementations) to pass to `cel.NewEnv`."""
    decls = [
        cel.FunctionDecl("isIP", [cel.Overload("is_ip_string", cel.Type.BOOL, [cel.Type.STRING], impl=_strict_ip)]),
        cel.FunctionDecl(
            "isCIDR", [cel.Overload("is_cidr_string", cel.Type.BOOL, [cel.Type.STRING], impl=_strict_cidr)]
        ),
        cel.FunctionDecl(
            "validate",
            [cel.Overload("format_validate_string", cel.Type.DYN, [cel.Type.STRING, cel.Type.STRING], True, _validate)],
        ),
    ]
    for name in FORMATS:
        decls.append(
            cel.FunctionDecl(
                f"format.{name}", [cel.Overload(f"format_{name}", cel.Type.STRING, [], impl=lambda n=name: n)]
            )
        )
    return decls
