"""The OpenAPI document as published for client-side validators (ajv, openapi-schema-validator, …).

Kubernetes' decoder takes `null` in every field, list item and map value (a Go value field gets its
zero value, a pointer nil), and dv-eval never faults a null for its type: so every typed schema is
`nullable: true` — with its `type` beside an `allOf: [$ref]`, as OpenAPI 3.0.3's `nullable` only
works in the Schema Object that states the type — except a property its struct lists as `required`
(dv-eval rejects a null there). An `enum` that admits null lists it, as OpenAPI 3.0.3 asks.
`x-kubernetes-*` and `x-dv-*` keywords are kept untouched: dv-eval reads the published document
with the same verdicts as `to_openapi`'s, and `to_crd` takes `to_openapi`'s (there `nullable`
means a Go pointer: the API server keeps its null instead of pruning it).
"""

from __future__ import annotations

import copy

REF = "#/components/schemas/"


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
    required = set(schema.get("required", ()))
    for name, prop in (schema.get("properties") or {}).items():
        _position(prop, name not in required, schemas)
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            _position(schema[key], True, schemas)
    for key in ("anyOf", "oneOf"):  # int-or-string's branches: null passes one of them when it may
        for branch in schema.get(key, ()):
            _position(branch, nullable, schemas)
    for part in schema.get("allOf", ()):
        if "$ref" not in part:
            _position(part, nullable, schemas)

