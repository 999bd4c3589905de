"""Defaults in a CRD schema must be valid values of their own schema (the server's ValidateDefaults).

A verdict-level model: a default must have the node's type, be one of its `enum`, respect its
length, numeric and item bounds and `pattern`, carry its `required` fields and no field the
node would prune. Details follow the API server's wording where it is simple; CEL rules are
not evaluated on defaults here (the emitter never defaults a node that has rules).
"""

from __future__ import annotations

import re2

from evaluator.apiserver.request.openapi import supported_values

_TYPES = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}


def default_problems(s: dict, path: str, in_meta: bool = False) -> list[tuple[str, str, str]]:
    """(type, field, detail) for every invalid default at or under `s`."""
    out: list[tuple[str, str, str]] = []
    if "default" in s and not in_meta:
        out += _value(s, s["default"], f"{path}.default", prune=True)
    if isinstance(s.get("items"), dict):
        out += default_problems(s["items"], f"{path}.items", in_meta)
    for name, prop in (s.get("properties") or {}).items():
        out += default_problems(prop, f"{path}.properties[{name}]", in_meta)
    if isinstance(s.get("additionalProperties"), dict):
        out += default_problems(s["additionalProperties"], f"{path}.additionalProperties", in_meta)
    return out


def _value(s: dict, v, where: str, prune: bool) -> list[tuple[str, str, str]]:
    if v is None:
        return [] if s.get("nullable") else [("FieldValueRequired", where, "Required value")]
    t = s.get("type")
    if s.get("x-kubernetes-int-or-string"):
        if not (_TYPES["integer"](v) or _TYPES["string"](v)):
            return [("FieldValueInvalid", where, "must be an integer or a string")]
    elif t in _TYPES and not _TYPES[t](v):
        return [("FieldValueTypeInvalid", where, f"must be of type {t}")]
    out: list[tuple[str, str, str]] = []
    if "enum" in s and v not in s["enum"]:
        out.append(("FieldValueNotSupported", where, supported_values(s["enum"])))
    if isinstance(v, str):
        if "maxLength" in s and len(v) > s["maxLength"]:
            out.append(("FieldValueTooLong", where, f"may not be more than {s['maxLength']} bytes"))
        if "minLength" in s and len(v) < s["minLength"]:
            out.append(("FieldValueInvalid", where, f"should be at least {s['minLength']} chars long"))
        if "pattern" in s and re2.search(s["pattern"], v) is None:
            out.append(("FieldValueInvalid", where, f"should match '{s['pattern']}'"))
    elif isinstance(v, (int, float)) and not isinstance(v, bool):
        lo, hi = s.get("minimum"), s.get("maximum")
        if lo is not None and (v < lo or (v == lo and s.get("exclusiveMinimum"))):
            out.append(("FieldValueInvalid", where, f"should be greater than or equal to {lo}"))
        if hi is not None and (v > hi or (v == hi and s.get("exclusiveMaximum"))):
            out.append(("FieldValueInvalid", where, f"should be less than or equal to {hi}"))
    elif isinstance(v, list):
        if "maxItems" in s and len(v) > s["maxItems"]:
            out.append(("FieldValueTooMany", where, f"must have at most {s['maxItems']} items"))
        if "minItems" in s and len(v) < s["minItems"]:
            out.append(("FieldValueInvalid", where, f"should have at least {s['minItems']} items"))
        if isinstance(s.get("items"), dict):
            for i, item in enumerate(v):
                out += _value(s["items"], item, f"{where}[{i}]", prune)
    elif isinstance(v, dict):
        props = s.get("properties") or {}
        for r in s.get("required") or ():
            if r not in v:
                out.append(("FieldValueRequired", f"{where}.{r}", "Required value"))
        extra = isinstance(s.get("additionalProperties"), dict)
        for k, sub in v.items():
            if k in props:
                out += _value(props[k], sub, f"{where}.{k}", prune)
            elif extra:
                out += _value(s["additionalProperties"], sub, f"{where}.{k}", prune)
            elif prune and not s.get("x-kubernetes-preserve-unknown-fields"):
                return [("FieldValueInvalid", where.split(".default")[0] + ".default", "must not have unknown fields")]
    return out
