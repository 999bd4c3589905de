"""The OpenAPI document as published for client-side validators (ajv, openapi-schema-validator, …).

Kubernetes' decoder takes `null` in every field, list item and map value (a Go value field gets its
zero value, a pointer nil), and dv-eval never faults a null for its type: so every typed schema is
`nullable: true` — with its `type` beside an `allOf: [$ref]`, as OpenAPI 3.0.3's `nullable` only
works in the Schema Object that states the type — except a property its struct lists as `required`
(dv-eval rejects a null there). An `enum` that admits null lists it, as OpenAPI 3.0.3 asks. An
optional value field holding its zero value is unset, and its rules do not apply: where they would
fault the zero value, they move into the second branch of an `anyOf` whose first (`x-dv-unset`)
admits null and the zero value. What dv-eval rejects by Go value semantics, a client is told in
standard keywords, in `allOf` entries marked `x-dv-client` (dv-eval drops them: it states these
itself): a field whose zero value fails its own rules may be neither absent nor null, a required
value field may not hold its zero value, and the items of a `set` or `map` list are unique.
`x-kubernetes-*` and `x-dv-*` keywords are kept: dv-eval reads the
published document (`evaluator.schema.published.unpublished`) with the same verdicts as `to_openapi`'s, and
`to_crd` takes `to_openapi`'s (there `nullable` means a Go pointer: the API server keeps its null
instead of pruning it).
"""

from __future__ import annotations

import copy
import json
import re

from evaluator.schema.published import CLIENT, UNSET, export_digest
from evaluator.schema.shape import reached, refs_in
from evaluator.schema.strict import OBJECT_META

from .errors import InputError

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
    if isinstance(schema.get("properties"), dict):
        _client_required(schema, schemas)
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
    for clause in schema.get("allOf", ()):
        if clause.get(CLIENT):
            required.update(clause.get("required", ()))
    for name, prop in (schema.get("properties") or {}).items():
        _position(prop, name not in required, schemas)
        if prop.get("x-dv-optional") and prop.get("x-dv-value"):
            _unset_branch(prop, schemas)
        elif name in schema.get("required", ()) and prop.get("x-dv-value"):
            _client_clause(prop, _non_zero(_resolved(prop, schemas)))
        if prop.get("x-kubernetes-list-type") in ("set", "map") and not _has_clause(prop, "uniqueItems"):
            _client_clause(prop, {"uniqueItems": True})
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            _position(schema[key], True, schemas)
    for key in ("anyOf", "oneOf"):  # int-or-string's branches: null passes one of them when it may
        branches = schema.get(key, ())
        if not (branches and branches[0].get(UNSET)):
            for branch in branches:
                _position(branch, nullable, schemas)
    for part in schema.get("allOf", ()):
        if "$ref" not in part and not part.get(CLIENT):
            _position(part, nullable, schemas)


def _client_clause(schema: dict, keywords: dict) -> None:
    """Tell clients `keywords` in an `allOf` entry dv-eval drops (it checks them its own way)."""
    clause = {CLIENT: True, **keywords}
    if keywords and clause not in schema.get("allOf", ()):
        schema.setdefault("allOf", []).append(clause)


def _has_clause(schema: dict, key: str) -> bool:
    return key in schema or any(key in part for part in schema.get("allOf", ()))


def _client_required(struct: dict, schemas: dict) -> None:
    """A struct's value fields whose zero value fails their own rules: dv-eval rejects them absent
    or null (Go decodes both to the zero value), so a client is told they are required."""
    if any(part.get(CLIENT) and "required" in part for part in struct.get("allOf", ())):
        return  # published already
    required = set(struct.get("required", ()))
    names = [
        name for name, prop in struct["properties"].items() if name not in required and _zero_faults(prop, schemas)
    ]
    clause: dict = {"required": names, "properties": {n: {} for n in names}} if names else {}
    gvks = struct.get("x-kubernetes-group-version-kind") or []
    if len(gvks) == 1 and "metadata" in struct["properties"]:
        clause = _kind_clause(struct, gvks[0], names)
    _client_clause(struct, clause)


def _kind_clause(struct: dict, gvk: dict, names: list[str]) -> dict:
    """What dv-eval's routing and the API server's metadata checks reject of an object of a kind:
    another apiVersion or kind, and no name (or generateName) to create it with."""
    meta = "metadata" if "metadata" in struct.get("required", ()) else None
    props: dict = {
        "apiVersion": {"type": "string", "enum": [api_version(gvk["group"], gvk["version"])]},
        "kind": {"type": "string", "enum": [gvk["kind"]]},
    }
    _generate_name_branch(struct["properties"]["metadata"])
    first = ["apiVersion", "kind", *([] if meta else ["metadata"])]
    required = [*first, *(n for n in names if n not in first)]
    return {"required": required, "properties": {**{n: {} for n in required}, **props}}


def _generate_name_branch(meta: dict) -> None:
    """A kind's metadata as a create sees it: the server names an object that has a generateName and
    no name before validating it. A client takes that first (`x-dv-unset`: dv-eval folds the
    metadata's own schema back, and names the object itself), else a name and the metadata's rules."""
    if "anyOf" in meta:
        return  # published already
    rules = {k: v for k, v in meta.items() if k not in _MARKERS}
    if "$ref" in rules:
        rules["allOf"] = [{"$ref": rules.pop("$ref")}, *rules.get("allOf", ())]
    rules.setdefault("allOf", []).append({CLIENT: True, **_named("name")})
    kept = {"type": "object", **{k: v for k, v in meta.items() if k in _MARKERS}}
    meta.clear()
    meta.update({**kept, "anyOf": [{UNSET: True, **_named("generateName")}, rules]})


def _named(key: str) -> dict:
    return {"type": "object", "required": [key], "properties": {key: {"type": "string", "minLength": 1}}}


def _zero_faults(prop: dict, schemas: dict, seen: tuple = ()) -> bool:
    """Whether dv-eval rejects the zero value of a field (absent or null): a value field, not
    optional, whose rules fault its type's zero value, or a struct that has such a field or a
    required one."""
    if not prop.get("x-dv-value") or prop.get("x-dv-optional"):
        return False
    target = _resolved(prop, schemas)
    typ = target.get("type")
    if typ == "object" and isinstance(target.get("properties"), dict):
        names = tuple(p.get("$ref", "") for p in [prop, *prop.get("allOf", ())])
        if names in seen:
            return False
        if target.get("required"):
            return True
        return any(_zero_faults(p, schemas, seen + (names,)) for p in target["properties"].values())
    return typ in _ZERO and "anyOf" not in prop and _rejects_zero(prop, typ, schemas)


def _resolved(schema: dict, schemas: dict) -> dict:
    """`schema` with what it references merged in (its own keywords first); client clauses left out."""
    out = {k: v for k, v in schema.items() if k not in ("allOf", "$ref")}
    for part in ([schema] if "$ref" in schema else []) + list(schema.get("allOf", ())):
        if "$ref" in part:
            name = part["$ref"][len(REF) :]
            if name in schemas:
                for k, v in _resolved(schemas[name], schemas).items():
                    out.setdefault(k, v)
        elif not part.get(CLIENT):
            for k, v in part.items():
                out.setdefault(k, v)
    return out


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
        if part.get(CLIENT):
            continue
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
_MARKERS = ("type", "nullable", "description", "x-dv-value", "x-dv-optional")  # a metadata field's own
_INT_BOUNDS = {"int32": 1 << 31, "int64": 1 << 63}  # what decoding into a Go int32 / int64 accepts


def declare_kinds(doc: dict, group: str, version: str = "v1", kinds: tuple[str, ...] = ()) -> dict:
    """A copy of `doc` whose kinds name their group and version (`x-kubernetes-group-version-kind`):
    `kinds`, or every struct with `apiVersion` and `kind` fields, as Go's types that embed TypeMeta.
    dv-eval then routes only objects of that apiVersion to them, as the API server does."""
    out = copy.deepcopy(doc)
    for name, schema in out.get("components", {}).get("schemas", {}).items():
        props = schema.get("properties")
        if name in kinds or (not kinds and isinstance(props, dict) and {"apiVersion", "kind"} <= set(props)):
            schema["x-kubernetes-group-version-kind"] = [{"group": group, "version": version, "kind": name}]
    return out


def embedding(schema: dict, doc: dict) -> str:
    """The `$comment` of a JSON Schema export: the OpenAPI document it was exported from, and the
    SHA-256 of the rest of the file (`$id` aside), so that an edit shows."""
    return (
        "dv2openapi: exported from this OpenAPI document; dv-eval validates with it while the rest of the "
        f"file is unchanged (SHA-256 {export_digest(schema)}): "
        + json.dumps(doc, sort_keys=True, separators=(",", ":"))
    )


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
    pub = for_clients(declare_kinds(doc, group, version, (kind,)) if kind in doc["components"]["schemas"] else doc)
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
    if strict:  # metadata may hold ObjectMeta's fields and the type's own
        source = schemas[kind]["properties"].get("metadata", {"type": "object", "nullable": True})
        generated, rules = _generate_split(source)
        target = conv.resolved(rules)
        meta = conv.schema(target, keep_open=True)
        names = {"enum": sorted(OBJECT_META | set(target.get("properties", ())))}
        if generated is not None:
            meta = {"type": "object", "anyOf": [conv.schema(generated, keep_open=True), meta]}
        props["metadata"] = {**meta, "propertyNames": names}
        root["additionalProperties"] = False
    out = {"$schema": DRAFT, "$id": id_base + file_name(kind, version, strict), **root}
    used = _referenced(root, conv.definitions)
    if used:
        out["definitions"] = {name: conv.definitions[name] for name in sorted(used)}
    source = declare_kinds(doc, group, version, (kind,))
    source["components"]["schemas"] = reached(source["components"]["schemas"], kind)
    return {**out, "$comment": embedding(out, source)}


def _generate_split(meta: dict) -> tuple[dict | None, dict]:
    """(the generateName branch of a kind's published metadata, or None; the metadata's own schema)."""
    branches = meta.get("anyOf") or [{}]
    if not branches[0].get(UNSET) or "generateName" not in branches[0].get("required", ()):
        return None, meta
    return branches[0], {**{k: v for k, v in meta.items() if k != "anyOf"}, **branches[1]}


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
        clauses = [part for part in schema.get("allOf", ()) if part.get(CLIENT)]
        for part in ([schema] if "$ref" in schema else []) + list(schema.get("allOf", ())):
            if "$ref" in part:
                target = self.resolved(self.schemas[part["$ref"][len(REF) :]])
                clauses += target.pop("allOf", [])
                for k, v in target.items():
                    if k != "nullable":
                        out.setdefault(k, v)
        out.pop("allOf", None)
        out.pop("$ref", None)
        if clauses:
            out["allOf"] = clauses
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
        if isinstance(s.get("properties"), dict):
            out["properties"] = {k: self.schema(v) for k, v in s["properties"].items()}
            if s.get("required"):
                out["required"] = list(s["required"])
        for key in ("additionalProperties", "items"):
            if isinstance(s.get(key), dict):
                out[key] = self.schema(s[key])
        for key in ("allOf", "anyOf", "oneOf"):
            parts = [x for x in s.get(key, ()) if not x.get(CLIENT)]
            if parts:
                out[key] = [self.schema(x) for x in parts]
        for clause in (x for x in s.get("allOf", ()) if x.get(CLIENT)):
            _merge_clause(out, clause)
        if isinstance(s.get("not"), dict):
            out["not"] = self.schema(s["not"])
        open_ = s.get("x-kubernetes-preserve-unknown-fields") or s.get("x-kubernetes-embedded-resource")
        if self.strict and out.get("properties") and not open_ and not keep_open:
            out.setdefault("additionalProperties", False)
        return out


def _merge_clause(out: dict, clause: dict) -> None:
    """A client clause (`x-dv-client`) stated in the draft-07 schema itself."""
    for k, v in clause.items():
        if k == "properties":
            for name, keywords in v.items():
                out.setdefault("properties", {}).setdefault(name, {}).update(copy.deepcopy(keywords))
        elif k == "required":
            out["required"] = [*out.get("required", ()), *(n for n in v if n not in out.get("required", ()))]
        elif k in ("minLength", "minItems", "minProperties"):
            out[k] = max(v, out.get(k, 0))
        elif k != CLIENT:
            out[k] = v


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
