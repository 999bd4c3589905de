"""OpenAPI v3 value validation of a structural schema (kube-openapi semantics).

Each check returns Kubernetes field errors the way apiextensions-apiserver
converts kube-openapi results (`kubeOpenAPIResultToFieldErrors`): `required`
→ Required, `enum` → NotSupported, `maxLength` → TooLong, `maxItems` /
`maxProperties` → TooMany, a wrong type or format → TypeInvalid, anything
else → Invalid with go-openapi's wording.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import re2

from evaluator.apiserver.values.formats import effective_format, valid
from evaluator.apiserver.values.gofmt import go_json, go_quote
from evaluator.apiserver.values.paths import Path, at, fmt

TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and v.is_integer()),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
}


def _json(v: Any) -> str:
    return json.dumps(v, separators=(",", ":"))


def supported_values(enum: list) -> str:
    """An enum's error detail as the server words it: each allowed value quoted, a string as it is
    and any other value as JSON."""
    return "supported values: " + ", ".join(go_quote(v if isinstance(v, str) else go_json(v)) for v in enum)


@functools.lru_cache(maxsize=4096)
def _pattern(pattern: str):
    """A schema's pattern, compiled once."""
    return re2.compile(pattern)


def _type_of(v: Any) -> str:
    """The JSON type name go-openapi prints for a value of the wrong type."""
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "integer" if v.is_integer() else "number"
    return {str: "string", dict: "object", list: "array"}.get(type(v), "null")


def _num(n: float) -> str:
    return str(int(n)) if float(n).is_integer() else str(n)


def check_node(schema: dict, value: Any, path: Path) -> list:
    """Errors of one node's own keywords (children are visited by the caller)."""
    p = fmt(path, dotted_keys=True)
    if value is None:
        if schema.get("nullable") or "type" not in schema:
            return []
        # kube-openapi's SchemaValidator.Validate of nil: its type validator, then its common
        # validator, whose enum check no nil passes (validate/schema.go, validate/validator.go)
        errs = [("FieldValueTypeInvalid", p, f'{p} in body must be of type {schema["type"]}: "null"', "null")]
        if schema.get("enum"):
            errs.append(("FieldValueNotSupported", p, supported_values(schema["enum"]), None))
        return errs
    errs: list = []
    if schema.get("x-kubernetes-int-or-string"):
        if not (TYPES["integer"](value) or isinstance(value, str)):
            errs.append(
                ("FieldValueTypeInvalid", p, f'{p} in body must be of type integer,string: "{_type_of(value)}"')
            )
    elif "type" in schema:
        errs += _type(schema, value, p)
    if schema.get("enum") and value not in schema["enum"]:
        errs.append(("FieldValueNotSupported", p, supported_values(schema["enum"]), value))
    if errs and errs[0][0] == "FieldValueTypeInvalid":
        # go-openapi checks the enum of a value of the wrong type, and a fraction's numeric bounds
        return errs + (_number(schema, value, p) if isinstance(value, float) else [])
    if isinstance(value, str):
        errs += _string(schema, value, p)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        errs += _number(schema, value, p)
    elif isinstance(value, list):
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errs.append(("FieldValueTooMany", p, f"must have at most {schema['maxItems']} items", len(value)))
        if "minItems" in schema and len(value) < schema["minItems"]:
            # the server shows the count (go-openapi's TooFewItems carries it)
            detail = f"{p} in body should have at least {schema['minItems']} items"
            errs.append(("FieldValueInvalid", p, detail, len(value)))
    elif isinstance(value, dict):
        for name in schema.get("required", ()):
            if name not in value:
                errs.append(("FieldValueRequired", fmt(at(path, name), dotted_keys=True), ""))
        if "maxProperties" in schema and len(value) > schema["maxProperties"]:
            errs.append(("FieldValueTooMany", p, f"must have at most {schema['maxProperties']} items", len(value)))
        if "minProperties" in schema and len(value) < schema["minProperties"]:
            detail = f"{p} in body should have at least {schema['minProperties']} properties"
            errs.append(("FieldValueInvalid", p, detail, len(value)))
    return errs


def junctions(schema: dict, value: Any, path: Path) -> list:
    """`allOf` / `anyOf` / `oneOf` / `not` of a node, as go-openapi reports them: the junction's
    error at the root (`"spec.a" must validate at least one schema (anyOf)`) and, when no branch
    holds, the errors of the first branch."""
    if value is None or not any(k in schema for k in ("allOf", "anyOf", "oneOf", "not")):
        return []
    p = fmt(path, dotted_keys=True)
    errs: list = []
    branches = [_subtree(sub, value, path) for sub in schema.get("allOf") or ()]
    for found in branches:  # go-openapi's Result.Merge: an error already reported is not repeated
        errs += [e for e in found if e not in errs]
    failed = sum(bool(found) for found in branches)
    if failed:  # kube-openapi validate/schema_props.go, validateAllOf: mustValidateAllSchemasMsg
        none = ". None validated" if failed == len(branches) else ""
        errs.append(("FieldValueInvalid", "", f'"{p}" must validate all the schemas (allOf){none}'))
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key) or ()
        if not branches:
            continue
        results = [_subtree(sub, value, path) for sub in branches]
        valid = sum(not r for r in results)
        if key == "anyOf" and not valid:
            errs += [("FieldValueInvalid", "", f'"{p}" must validate at least one schema (anyOf)')] + results[0]
        elif key == "oneOf" and valid == 0:
            errs += [
                ("FieldValueInvalid", "", f'"{p}" must validate one and only one schema (oneOf). Found none valid')
            ]
            errs += results[0]
        elif key == "oneOf" and valid > 1:
            detail = f'"{p}" must validate one and only one schema (oneOf). Found {valid} valid alternatives'
            errs.append(("FieldValueInvalid", "", detail))
    if isinstance(schema.get("not"), dict) and not _subtree(schema["not"], value, path):
        errs.append(("FieldValueInvalid", "", f'"{p}" must not validate the schema (not)'))
    return errs


def _subtree(schema: dict, value: Any, path: Path) -> list:
    """The errors of a junction's branch (value validations, no types) on a value and its children."""
    errs = check_node(schema, value, path) + junctions(schema, value, path)
    if isinstance(value, dict):
        for k, sub in (schema.get("properties") or {}).items():
            if k in value:
                errs += _subtree(sub, value[k], at(path, k))
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        for i, item in enumerate(value):
            errs += _subtree(schema["items"], item, at(path, i))
    return errs


def _type(schema: dict, value: Any, p: str) -> list:
    """go-openapi's type validator (a fraction for an `int32` is named by its format) and its
    number validator's range check (`Checked value must be of type integer ...`, at no field)."""
    kind, wanted = schema["type"], effective_format(schema)
    if TYPES[kind](value):
        errs = []
    elif wanted and not isinstance(value, (str, list)) and not _format_fits(kind, wanted, value):
        got = _data_format(value)
        errs = [("FieldValueTypeInvalid", p, f'{p} in body must be of type {wanted}: "{got}"', got)]
    elif wanted and kind not in ("integer", "number") and isinstance(value, (str, list)):
        return []
    else:
        got = _type_of(value)
        errs = [("FieldValueTypeInvalid", p, f'{p} in body must be of type {kind}: "{got}"', got)]
    if kind == "integer" and isinstance(value, (int, float)) and not isinstance(value, bool):
        bits = 31 if wanted == "int32" else 63
        whole = value if isinstance(value, int) else (int(value) if value.is_integer() else None)
        if whole is None or not -(2**bits) <= whole < 2**bits:
            shown = f"with format {wanted}" if wanted in ("int32", "int64") else "(default format)"
            errs.append(("FieldValueInvalid", "", f"Checked value must be of type integer {shown} in {p}"))
    return errs


def _data_format(v: Any) -> str:
    """The format go-openapi infers from a decoded value (`float64`, `int64`, or none)."""
    if isinstance(v, float):
        return "float64"
    return "int64" if isinstance(v, int) and not isinstance(v, bool) else ""


def _format_fits(kind: str, wanted: str, value: Any) -> bool:
    """Whether go-openapi's type validator lets a non-string value through a schema with a format."""
    data = _type_of(value) if not isinstance(value, float) else "number"
    return (
        data == kind
        or _data_format(value) == wanted
        or (data == "number" and value.is_integer() and kind == "integer")
        or (data == "integer" and kind == "number")
    )


def _string(schema: dict, value: str, p: str) -> list:
    errs = []
    n = len(value)
    if "maxLength" in schema and n > schema["maxLength"]:
        errs.append(("FieldValueTooLong", p, f"may not be more than {schema['maxLength']} bytes"))
    if "minLength" in schema and n < schema["minLength"]:
        errs.append(("FieldValueInvalid", p, f"{p} in body should be at least {schema['minLength']} chars long", value))
    if errs:  # go-openapi's string validator stops at a length error: no pattern
        pass
    elif "pattern" in schema and not _pattern(schema["pattern"]).search(value):
        errs.append(("FieldValueInvalid", p, f"{p} in body should match '{schema['pattern']}'", value))
    name = effective_format(schema)
    if name and not valid(name, value):
        errs.append(("FieldValueTypeInvalid", p, f"{p} in body must be of type {name}: {go_quote(value)}", value))
    return errs


def _number(schema: dict, value: float, p: str) -> list:
    errs = []
    if "minimum" in schema:
        lo = schema["minimum"]
        if value < lo or (schema.get("exclusiveMinimum") and value == lo):
            rel = "greater than" if schema.get("exclusiveMinimum") else "greater than or equal to"
            errs.append(("FieldValueInvalid", p, f"{p} in body should be {rel} {_num(lo)}", value))
    if "maximum" in schema:
        hi = schema["maximum"]
        if value > hi or (schema.get("exclusiveMaximum") and value == hi):
            rel = "less than" if schema.get("exclusiveMaximum") else "less than or equal to"
            errs.append(("FieldValueInvalid", p, f"{p} in body should be {rel} {_num(hi)}", value))
    return errs
