"""Make a converted CRD schema one kube-apiserver admits, and explain what still cannot be.

Runs after the structural conversion (`crd.py`): list-map keys get the zero value as a
default (Go value semantics: an absent key is its zero value) or become required when that
default would be invalid, and are never nullable; map keys leave lists that are not
`listType=map`; object items of sets are `x-kubernetes-map-type: atomic`; transition rules
(`oldSelf`) leave positions the server cannot correlate (items of non-map lists, fields of
atomic maps), with a warning. Then `admission_error` runs the admission checker
(`crdcheck.py`) on the manifest and turns what is left into one actionable line.
"""

from __future__ import annotations

import re

import re2

from evaluator.apiserver.crd.crdcheck import check_crd

from ..errors import InputError

_OLD_SELF = re.compile(r"\boldSelf\b")
_ZERO = {"string": "", "integer": 0, "number": 0, "boolean": False}
_NUMERIC_FORMATS = ("int32", "int64", "float", "double")  # formats every zero number satisfies


def make_admissible(root: dict, kind: str, warn) -> None:
    """Fix `root` (an openAPIV3Schema) in place for the server's CRD validation."""
    _walk(root, kind, False, warn)


def _walk(s: dict, where: str, uncorrelatable: bool, warn) -> None:
    if uncorrelatable and s.get("x-kubernetes-validations"):
        kept = []
        for r in s["x-kubernetes-validations"]:
            if _OLD_SELF.search(r["rule"]):
                warn(
                    f"{where}: transition rule ({r.get('message', r['rule'])}) cannot be stated here: the API "
                    "server cannot correlate old and new values under a list that is not listType=map or an "
                    "atomic map; enforced by dv-eval only"
                )
            else:
                kept.append(r)
        if kept:
            s["x-kubernetes-validations"] = kept
        else:
            del s["x-kubernetes-validations"]
    lt = s.get("x-kubernetes-list-type")
    items = s.get("items")
    if s.get("x-kubernetes-list-map-keys") and lt != "map":
        del s["x-kubernetes-list-map-keys"]
        warn(
            f"{where}: list-map keys need x-kubernetes-list-type: map in a CRD (this list is "
            f"{lt or 'untyped'}); the keys are enforced by dv-eval only"
        )
    if isinstance(items, dict):
        if lt in ("set", "map"):
            items.pop("nullable", None)
        if lt == "set" and items.get("type") == "object":
            items["x-kubernetes-map-type"] = "atomic"
        if lt == "set" and items.get("type") == "array" and items.get("x-kubernetes-list-type", "atomic") != "atomic":
            items["x-kubernetes-list-type"] = "atomic"
            items.pop("x-kubernetes-list-map-keys", None)
        if lt == "map":
            _map_keys(items, s.get("x-kubernetes-list-map-keys", []))
        _walk(items, f"{where}[*]", uncorrelatable or lt != "map", warn)
    atomic = s.get("x-kubernetes-map-type") == "atomic"
    for name, prop in (s.get("properties") or {}).items():
        _walk(prop, f"{where}.{name}", uncorrelatable or atomic, warn)
    if isinstance(s.get("additionalProperties"), dict):
        _walk(s["additionalProperties"], f"{where}[*]", uncorrelatable or atomic, warn)


def _map_keys(items: dict, keys: list[str]) -> None:
    props = items.get("properties") or {}
    required = items.setdefault("required", [])
    for k in keys:
        prop = props.get(k)
        if prop is None:
            continue
        prop.pop("nullable", None)
        if k in required or "default" in prop:
            continue
        if not zero_default(prop):
            required.append(k)
    if not required:
        del items["required"]


def zero_default(prop: dict) -> bool:
    """Give a scalar node its Go zero value as `default` when the server would accept it; whether it did."""
    zero = _ZERO.get(prop.get("type"))
    if zero is None or not _zero_is_valid(prop, zero):
        return False
    prop["default"] = zero
    return True


def _zero_is_valid(s: dict, zero) -> bool:
    """Whether the server would accept `zero` as this node's default (no rule may reject it)."""
    if s.get("x-kubernetes-validations") or s.get("format") not in (None, *_NUMERIC_FORMATS):
        return False
    if "enum" in s and zero not in s["enum"]:
        return False
    if isinstance(zero, str):
        return s.get("minLength", 0) <= 0 and ("pattern" not in s or re2.search(s["pattern"], "") is not None)
    if isinstance(zero, bool):
        return True
    lo, hi = s.get("minimum"), s.get("maximum")
    if lo is not None and (lo > 0 or (lo == 0 and s.get("exclusiveMinimum"))):
        return False
    return not (hi is not None and (hi < 0 or (hi == 0 and s.get("exclusiveMaximum"))))


_OPTION = {  # in the order they are reported: a plural derived from a bad kind blames the kind
    "spec.names.kind": "--type",
    "spec.names.singular": "--type",
    "spec.names.plural": "--plural",
    "spec.group": "--group",
    "spec.versions[0].name": "--version",
}


def admission_error(crd: dict, kind: str, problems: list | None = None) -> None:
    """Raise InputError with one actionable line if the server would reject `crd` (`problems`: its
    `check_crd` verdict when already known)."""
    problems = check_crd(crd) if problems is None else problems
    if not problems:
        return
    for field, option in _OPTION.items():
        for p in problems:
            if p.field == field:
                raise InputError(f"{option} {_get(crd, field)!r}: {p.detail}")
    for p in problems:
        if p.field.endswith(".rule") and "budget" in p.detail:
            factor = re.search(r"factor of (more than \S+|\S+)", p.detail).group(1)
            raise InputError(_cost_advice(crd, kind, p.field, f"costs {factor} the API server's per-rule limit"))
    for p in problems:
        if p.detail.startswith("contributed to estimated rule cost total"):
            raise InputError(_cost_advice(crd, kind, p.field, "makes the CRD's CEL cost exceed the API server's limit"))
    p = problems[0]
    raise InputError(f"the API server would reject this CRD: {p.field}: {p.detail}")


def _get(crd: dict, dotted: str):
    node = crd
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", dotted):
        node = node[int(part[1:-1])] if part.startswith("[") else node[part]
    return node


def _cost_advice(crd: dict, kind: str, field: str, how: str) -> str:
    """Name the rule's field and the tag that bounds its cost."""
    schema = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
    steps = re.findall(
        r"properties\[([^\]]+)\]|(items)|(additionalProperties)", field.split(".x-kubernetes-validations")[0]
    )
    index = int(re.search(r"x-kubernetes-validations\[(\d+)\]", field).group(1))
    node, where, chain = schema, kind, []
    for prop, items, _addl in steps:
        chain.append((node, where))
        if prop:
            node, where = node["properties"][prop], f"{where}.{prop}"
        else:
            node, where = node["items" if items else "additionalProperties"], f"{where}[*]"
    rule = node["x-kubernetes-validations"][index]
    fixes = []
    if node.get("type") == "string" and "maxLength" not in node and "enum" not in node:
        fixes.append(f"+k8s:maxLength on {where}")
    for parent, pwhere in chain:
        if parent.get("type") == "array" and "maxItems" not in parent:
            fixes.append(f"+k8s:maxItems on {pwhere}")
        elif isinstance(parent.get("additionalProperties"), dict) and "maxProperties" not in parent:
            fixes.append(f"+k8s:maxProperties on {pwhere}")
    what = rule.get("message") or rule["rule"]
    return f"{where}: the CEL rule ({what}) {how}; bound it with " + (" or ".join(fixes) or "a tighter bound")
