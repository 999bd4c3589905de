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

from .errors import InputError
from .evaluator.published import UNSET
from .evaluator.shape import refs_in
from .evaluator.strict import OBJECT_META

REF = "#/components/schemas/"
_ZERO = {"string": "", "integer": 0, "number": 0, "boolean": False, "array": [], "object": {}}
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


def _ref_type(schema: dict, schemas: dict, seen: tuple = ()) -> str | None:
    """The JSON type a schema states, itself or through `$ref` / `allOf` (None if it states none)."""
    if isinstance(schema.get("type"), str):
        return schema["type"]
    parts = [schema["$ref"]] if "$ref" in schema else []
    parts += [s["$ref"] for s in schema.get("allOf", ()) if "$ref" in s]
    for ref in parts:
        name = ref[len(REF) :]
        if name in schemas and name not in seen:
            found = _ref_type(schemas[name], schemas, seen + (name,))
            if found:
                return found
    return None


def _position(schema: dict, nullable: bool, schemas: dict) -> None:
    """Publish a schema that sits where a value sits (a component, a property, an item, a map value)."""
    if "$ref" in schema and not nullable:  # a bare $ref has no siblings in 3.0: wrap it to state non-null
        schema["allOf"] = [{"$ref": schema.pop("$ref")}]
    typ = _ref_type(schema, schemas)
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
    if typ not in _ZERO or "anyOf" in prop or not _rejects_zero(prop, typ, schemas):
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
        unset["enum"] = [_ZERO[typ], None]
    branch = {k: prop[k] for k in keys[first : last + 1]}
    rebuilt = {k: prop[k] for k in keys[:first]}
    rebuilt["anyOf"] = [{**unset, UNSET: True}, branch]
    rebuilt.update((k, prop[k]) for k in keys[last + 1 :])
    prop.clear()
    prop.update(rebuilt)


def _rejects_zero(schema: dict, typ: str, schemas: dict, seen: tuple = ()) -> bool:
    """Whether the rules of `schema` (and of what it references) fault the zero value of `typ`."""
    zero = _ZERO[typ]
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
        if target is not None and name not in seen and _rejects_zero(target, typ, schemas, seen + (name,)):
            return True
    return False


# --- JSON Schema (draft-07) export ---------------------------------------------------------

DRAFT = "http://json-schema.org/draft-07/schema#"
DEFS = "#/definitions/"
_ANNOTATE = ("description", "default")
_COPIED = (  # draft-07 assertions the emitter writes as they are (`format`, `nullable`, `x-*` are rewritten or dropped)
    *("enum", "multipleOf", "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems"),
    *("minProperties", "maxProperties"),
)
_INT_BOUNDS = {"int32": 1 << 31, "int64": 1 << 63}  # what decoding into a Go int32 / int64 accepts


def file_name(kind: str, version: str, strict: bool = False) -> str:
    """`widget_v1.json` / `widget_v1-strict.json`: openapi2jsonschema's and the CRDs catalog's names."""
    return f"{kind.lower()}_{version}{'-strict' if strict else ''}.json"


def api_version(group: str, version: str) -> str:
    """`example.com/v1`, or `v1` for the core group ("")."""
    return f"{group}/{version}" if group else version


def to_jsonschema(
    doc: dict, kind: str, group: str, version: str = "v1", strict: bool = False, id_base: str = ""
) -> dict:
    """A standalone draft-07 JSON Schema for objects of `kind` (a struct of `doc`): `apiVersion` and
    `kind` pinned, every type it uses under `definitions`. `strict`: unknown fields are rejected, as
    `dv-eval --strict` does (kubeconform's `-strict` schema). `$id` is `id_base` + the file name."""
    pub = for_clients(doc)
    schemas = pub["components"]["schemas"]
    if kind not in schemas:
        raise InputError(f"no type named {kind!r} (types: {', '.join(sorted(schemas))})")
    if not isinstance(schemas[kind].get("properties"), dict):
        raise InputError(f"--type {kind} must name a struct (an object with fields)")
    conv = _Converter(schemas, strict)
    root = conv.schema(schemas[kind])
    root["type"] = "object"
    props = root.setdefault("properties", {})
    props["apiVersion"] = {"type": "string", "enum": [api_version(group, version)]}
    props["kind"] = {"type": "string", "enum": [kind]}
    root["required"] = ["apiVersion", "kind", *(r for r in root.get("required", ()) if r not in ("apiVersion", "kind"))]
    if strict:
        source = schemas[kind]["properties"].get("metadata", {"type": "object", "nullable": True})
        target = conv.resolved(source)
        meta = conv.schema(target, keep_open=True)
        meta["propertyNames"] = {"enum": sorted(OBJECT_META | set(target.get("properties", ())))}
        props["metadata"] = meta
        root["additionalProperties"] = False
    out = {"$schema": DRAFT, "$id": id_base + file_name(kind, version, strict), **root}
    used = _referenced(root, conv.definitions)
    if used:
        out["definitions"] = {name: conv.definitions[name] for name in sorted(used)}
    return out


def _referenced(root: dict, definitions: dict) -> set[str]:
    """The definitions `root` reaches through `$ref`s."""
    out: set[str] = set()
    todo = [root]
    while todo:
        for ref in refs_in(todo.pop()):
            name = ref[len(DEFS) :]
            if name not in out:
                out.add(name)
                todo.append(definitions[name])
    return out


class _Converter:
    """Published OpenAPI schemas -> draft-07, definitions converted once as they are referenced."""

    def __init__(self, schemas: dict, strict: bool):
        self.schemas, self.strict = schemas, strict
        self.definitions: dict[str, dict] = {}

    def ref(self, ref: str) -> dict:
        name = ref[len(REF) :]
        if name not in self.definitions:
            self.definitions[name] = {}  # a recursive type refers to itself while it is converted
            self.definitions[name] = self.schema(self.schemas[name])
        return {"$ref": DEFS + name}

    def resolved(self, schema: dict) -> dict:
        """`schema` merged with what it references (for a struct: the component's fields); its
        nullability stays its own."""
        out = dict(schema)
        for part in ([schema] if "$ref" in schema else []) + list(schema.get("allOf", ())):
            if "$ref" in part:
                for k, v in self.resolved(self.schemas[part["$ref"][len(REF) :]]).items():
                    if k != "nullable":
                        out.setdefault(k, v)
        out.pop("allOf", None)
        out.pop("$ref", None)
        return out

    def schema(self, s: dict, keep_open: bool = False) -> dict:
        """`s` in draft-07: `nullable` a null type, int32 / int64 as bounds, a set's items unique;
        `keep_open`: no `additionalProperties: false` here even when strict."""
        if "$ref" in s:
            return self.ref(s["$ref"])
        out: dict = {}
        if "type" in s:
            out["type"] = [s["type"], "null"] if s.get("nullable") else s["type"]
        out.update((k, s[k]) for k in (*_ANNOTATE, *_COPIED) if k in s)
        for bound, exclusive in (("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")):
            if bound in s:
                out[exclusive if s.get(exclusive) else bound] = s[bound]
        if s.get("type") == "integer" and s.get("format") in _INT_BOUNDS:
            limit = _INT_BOUNDS[s["format"]]
            out["minimum"] = max(out.get("minimum", -limit), -limit)
            out["maximum"] = min(out.get("maximum", limit - 1), limit - 1)
        if s.get("x-kubernetes-list-type") == "set":
            out["uniqueItems"] = True  # JSON-equal items are equal Go values: never stricter than dv-eval
        if isinstance(s.get("properties"), dict):
            required = set(s.get("required", ()))
            out["properties"] = {k: self.field(v, k in required) for k, v in s["properties"].items()}
            if required:
                out["required"] = s["required"]
        for key in ("additionalProperties", "items"):
            if isinstance(s.get(key), dict):
                out[key] = self.schema(s[key])
        for key in ("allOf", "anyOf", "oneOf"):
            if key in s:
                out[key] = [self.schema(x) for x in s[key]]
        if isinstance(s.get("not"), dict):
            out["not"] = self.schema(s["not"])
        open_ = s.get("x-kubernetes-preserve-unknown-fields") or s.get("x-kubernetes-embedded-resource")
        if self.strict and out.get("properties") and not open_ and not keep_open:
            out.setdefault("additionalProperties", False)
        return out

    def field(self, s: dict, required: bool) -> dict:
        """A property; a required value field may not hold its zero value (dv-eval: `Required value`)."""
        out = self.schema(s)
        if required and s.get("x-dv-value"):
            out.update(_non_zero(self.resolved(s)))
        return out


def _non_zero(s: dict) -> dict:
    """Keywords rejecting the zero value of a (resolved) schema's type; none for a struct's."""
    typ = s.get("type")
    if typ == "string":
        return {"minLength": max(1, s.get("minLength", 0))}
    if typ == "array":
        return {"minItems": max(1, s.get("minItems", 0))}
    if typ == "object" and not isinstance(s.get("properties"), dict):
        return {"minProperties": max(1, s.get("minProperties", 0))}
    if typ in ("integer", "number"):
        return {"not": {"enum": [0]}}
    if typ == "boolean":
        return {"enum": [True]}
    return {}
