"""The OpenAPI document as published for client-side validators (ajv, openapi-schema-validator, …).

Kubernetes' decoder takes `null` in every field, list item and map value (a Go value field gets its
zero value, a pointer nil), and dv-eval never faults a null for its type: so every typed schema is
`nullable: true` — with its `type` beside an `allOf: [$ref]`, as OpenAPI 3.0.3's `nullable` only
works in the Schema Object that states the type — except a property its struct lists as `required`
(dv-eval rejects a null there). An `enum` that admits null lists it, as OpenAPI 3.0.3 asks. An
optional value field holding its zero value is unset, and its rules do not apply: where they would
fault the zero value, they move into the second branch of an `anyOf` whose first (`x-dv-unset`)
admits null and the zero value. `x-kubernetes-*` and `x-dv-*` keywords are kept: dv-eval reads the
published document (`evaluator.published.unpublished`) with the same verdicts as `to_openapi`'s, and
`to_crd` takes `to_openapi`'s (there `nullable` means a Go pointer: the API server keeps its null
instead of pruning it).
"""

from __future__ import annotations

import copy
import re

from .evaluator.published import UNSET

REF = "#/components/schemas/"
ZERO = {"string": "", "integer": 0, "number": 0, "boolean": False, "array": [], "object": {}}
_ASSERTIONS = {  # keywords that may fault a value (what an unset optional value field skips)
    *("enum", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "pattern"),
    *("minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "allOf"),
}


def for_clients(doc: dict) -> dict:
    """A copy of `doc` (an OpenAPI document of `to_openapi`) as published; idempotent."""
    out = copy.deepcopy(doc)
    schemas = out.get("components", {}).get("schemas", {})
    for schema in schemas.values():
        _position(schema, True, schemas)
    return out


def ref_type(schema: dict, schemas: dict, seen: tuple = ()) -> str | None:
    """The JSON type a schema states, itself or through `$ref` / `allOf` (None if it states none)."""
    if isinstance(schema.get("type"), str):
        return schema["type"]
    parts = [schema["$ref"]] if "$ref" in schema else []
    parts += [s["$ref"] for s in schema.get("allOf", ()) if "$ref" in s]
    for ref in parts:
        name = ref[len(REF) :]
        if name in schemas and name not in seen:
            found = ref_type(schemas[name], schemas, seen + (name,))
            if found:
                return found
    return None


def _position(schema: dict, nullable: bool, schemas: dict) -> None:
    """Publish a schema that sits where a value sits (a component, a property, an item, a map value)."""
    if "$ref" in schema and not nullable:  # a bare $ref has no siblings in 3.0: wrap it to state non-null
        schema["allOf"] = [{"$ref": schema.pop("$ref")}]
    typ = ref_type(schema, schemas)
    if typ is not None:
        rest = {k: v for k, v in schema.items() if k not in ("type", "nullable")}
        schema.clear()
        schema.update({"type": typ, **({"nullable": True} if nullable else {}), **rest})
        if nullable and "enum" in schema and None not in schema["enum"]:
            schema["enum"] = [*schema["enum"], None]
    else:
        schema.pop("nullable", None)  # `nullable` needs a `type` beside it (int-or-string: its branches)
    required = set(schema.get("required", ()))
    for name, prop in (schema.get("properties") or {}).items():
        _position(prop, name not in required, schemas)
        if prop.get("x-dv-optional") and prop.get("x-dv-value"):
            _unset_branch(prop, schemas)
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            _position(schema[key], True, schemas)
    for key in ("anyOf", "oneOf"):  # int-or-string's branches: null passes one of them when it may
        branches = schema.get(key, ())
        if not (branches and branches[0].get(UNSET)):
            for branch in branches:
                _position(branch, nullable, schemas)
    for part in schema.get("allOf", ()):
        if "$ref" not in part:
            _position(part, nullable, schemas)


def _unset_branch(prop: dict, schemas: dict) -> None:
    """An optional value field whose rules fault its zero value: the keys from its first rule to its
    last move into `anyOf: [{x-dv-unset: null or the zero value}, {those keys}]`, at the place of
    the first (dv-eval puts them back in order)."""
    typ = prop.get("type")
    if typ not in ZERO or "anyOf" in prop or not rejects_zero(prop, typ, schemas):
        return
    keys = list(prop)
    moved = [i for i, k in enumerate(keys) if k in _ASSERTIONS]
    first, last = moved[0], moved[-1]
    unset: dict = {"type": typ, "nullable": True}
    if typ == "array":
        unset["maxItems"] = 0
    elif typ == "object":
        unset["maxProperties"] = 0
    else:
        unset["enum"] = [ZERO[typ], None]
    branch = {k: prop[k] for k in keys[first : last + 1]}
    rebuilt = {k: prop[k] for k in keys[:first]}
    rebuilt["anyOf"] = [{**unset, UNSET: True}, branch]
    rebuilt.update((k, prop[k]) for k in keys[last + 1 :])
    prop.clear()
    prop.update(rebuilt)


def rejects_zero(schema: dict, typ: str, schemas: dict, seen: tuple = ()) -> bool:
    """Whether the rules of `schema` (and of what it references) fault the zero value of `typ`."""
    zero = ZERO[typ]
    enum = schema.get("enum")
    if enum is not None and not any(type(x) is type(zero) and x == zero for x in enum):
        return True
    low, high = schema.get("minimum"), schema.get("maximum")
    if typ in ("integer", "number") and (
        (low is not None and (zero < low or (zero == low and schema.get("exclusiveMinimum"))))
        or (high is not None and (zero > high or (zero == high and schema.get("exclusiveMaximum"))))
    ):
        return True
    if schema.get("minLength", 0) > 0 or schema.get("minItems", 0) > 0 or schema.get("minProperties", 0) > 0:
        return True
    if typ == "string" and "pattern" in schema and not re.search(schema["pattern"], ""):
        return True
    for part in schema.get("allOf", ()):
        name = part.get("$ref", "")[len(REF) :]
        target = schemas.get(name) if name else part
        if target is not None and name not in seen and rejects_zero(target, typ, schemas, seen + (name,)):
            return True
    return False

