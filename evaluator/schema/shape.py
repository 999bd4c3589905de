"""Static facts about a schema node: its kind, zero value, children; and semantic equality."""

from __future__ import annotations

from .schemaerror import SchemaError

REF = "#/components/schemas/"
FLAT = {str, bool, int, float}  # the value types of a flat schema: one with no child schemas


class Shape:
    """What a node holds: kind (struct, map, list, string, integer, number, boolean, intstr, any)."""

    __slots__ = (
        "kind",
        "props",
        "items",
        "values",
        "list_type",
        "map_keys",
        "nullable",
        "required",
        "opaque",
        "corr_type",
        "custom_unique",
    )

    def __init__(self):
        self.kind = "any"
        self.props: dict = {}
        self.items = None
        self.values = None
        self.list_type = None
        self.map_keys: list = []
        self.nullable = False
        self.required: set = set()
        self.opaque = False  # a part is x-dv-opaque: the referenced types' own rules do not apply
        self.corr_type = None  # the items' semantics (list type or unique), also when written under a wrapper
        self.custom_unique = False  # +k8s:customUnique, at any level: no uniqueness check is generated


JSON_TYPES = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
    "object": (dict,),
    "null": (type(None),),
}
"""JSON Schema type names -> the Python types of parsed JSON that they admit."""


def resolve_ref(doc: dict, ref: object, where: str = "") -> dict:
    """The schema a local `$ref` (`#/components/schemas/T`) points at; `where` prefixes errors."""
    at = f"{where}: " if where else ""
    if not isinstance(ref, str) or not ref.startswith("#/"):
        shown = repr(ref) if len(repr(ref)) <= 60 else repr(ref)[:57] + "..."
        raise SchemaError(f"{at}unsupported $ref {shown} (only local '#/...' references)")
    node: object = doc
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, dict) or part not in node:
            raise SchemaError(f"{at}dangling $ref {ref!r}")
        node = node[part]
    if not isinstance(node, dict):
        raise SchemaError(f"{at}$ref {ref!r} does not point at a schema")
    return node


def refs_in(schema: object) -> list:
    """Every `$ref` value inside `schema` (without recursion: a schema may nest deeply; each container
    once: YAML aliases may share one, or a Python document hold itself)."""
    out, stack, seen = [], [schema], set()
    while stack:
        x = stack.pop()
        if type(x) is dict or type(x) is list:
            if id(x) in seen:
                continue
            seen.add(id(x))
            if type(x) is list:
                stack.extend(x)
                continue
            if "$ref" in x:
                out.append(x["$ref"])
            stack.extend(x.values())
    return out


def reached(schemas: dict, name: str) -> dict:
    """Component `name` and every one it reaches through `#/components/schemas/` references, by name
    (those that `schemas` has)."""
    out: dict = {}
    todo = [name]
    while todo:
        n = todo.pop()
        if n in out or n not in schemas:
            continue
        out[n] = schemas[n]
        todo += [r[len(REF) :] for r in refs_in(schemas[n]) if isinstance(r, str) and r.startswith(REF)]
    return out


class Resolver:
    """Resolves `$ref`s against the document's components."""

    def __init__(self, doc: dict):
        self.doc = doc
        self.shapes: dict[int, tuple] = {}
        self.flat: dict[tuple, Shape] = {}  # shapes of flat schemas (scalar values only), by content

    def deref(self, ref: str) -> dict:
        return resolve_ref(self.doc, ref)

    def parts(self, schema: dict, seen: tuple = ()) -> list[dict]:
        """The schema and everything it includes through $ref / allOf, flattened."""
        out = [schema]
        if "$ref" in schema:
            if schema["$ref"] in seen:
                return out
            out += self.parts(self.deref(schema["$ref"]), seen + (schema["$ref"],))
        for sub in schema.get("allOf", ()):
            if not isinstance(sub, dict):
                raise SchemaError("allOf entries must be schemas")
            out += self.parts(sub, seen)
        return out

    def shape(self, schema: dict) -> Shape:
        key = id(schema)
        hit = self.shapes.get(key)
        if hit is not None and hit[0] is schema:
            return hit[1]
        flat = [(k, type(v), v) for k, v in schema.items() if k != "description"]
        if all(t in FLAT for _, t, _ in flat):  # its content is its shape (a $ref names the same target)
            flat_key = tuple(flat)
            s = self.flat.get(flat_key)
            if s is None:
                s = self.flat[flat_key] = self._build(schema)
        else:
            s = self._build(schema)
        self.shapes[key] = (schema, s)  # keeps the schema alive, so its id is not reused
        return s

    def _build(self, schema: dict) -> Shape:
        s = Shape()
        types = set()
        unique = None
        for part in self.parts(schema):
            t = part.get("type")
            if t:
                types.add(t)
            if part.get("x-kubernetes-int-or-string"):
                types.add("intstr")
            if "properties" in part:
                s.props.update(part["properties"])
            if "items" in part:
                s.items = part["items"]
            if isinstance(part.get("additionalProperties"), dict):
                s.values = part["additionalProperties"]
            s.list_type = part.get("x-kubernetes-list-type", s.list_type)
            for lt in _wrapped(part, "x-kubernetes-list-type"):
                s.corr_type = s.corr_type or lt
            for u in _wrapped(part, "x-dv-unique"):
                unique = unique or u
            for keys in _wrapped(part, "x-kubernetes-list-map-keys"):
                s.map_keys = list(s.map_keys) + [k for k in keys if k not in s.map_keys]
            s.custom_unique = s.custom_unique or any(_wrapped(part, "x-dv-custom-unique"))
            s.nullable = s.nullable or bool(part.get("nullable"))
            s.required.update(part.get("required", ()))
            s.opaque = s.opaque or bool(part.get("x-dv-opaque"))
        # +k8s:unique (at any level) gives an atomic list its items' semantics, as it does in validation-gen
        s.corr_type = unique or s.list_type or s.corr_type
        if "intstr" in types:
            s.kind = "intstr"
        elif "object" in types:
            s.kind = "struct" if s.props or s.values is None else "map"
        elif len(types) == 1:
            s.kind = {"array": "list"}.get(next(iter(types)), next(iter(types)))
        elif types:
            raise SchemaError(f"conflicting types {sorted(types)}")
        return s


_WRAPPERS = ("x-dv-if-enabled", "x-dv-if-disabled", "x-dv-alpha", "x-dv-beta")
_WRAPPERS_SET = frozenset(_WRAPPERS)


def _wrapped(part: dict, key: str):
    """`part[key]`, and the same key in its option / level wrappers (list-map keys are structural:
    a wrapped +k8s:listMapKey still names a key)."""
    if key in part:
        yield part[key]
    if not _WRAPPERS_SET.intersection(part):
        return
    for w in _WRAPPERS:
        for entry in part.get(w, ()):
            if isinstance(entry, dict) and isinstance(entry.get("schema"), dict):
                yield from _wrapped(entry["schema"], key)


NIL_LIST: list = []
"""The value an absent or null list decodes to: Go's nil slice. Kept apart (by identity) from an
explicit `[]` where the reference tells them apart (reflect's IsZero); never mutated."""
ZERO = {"string": "", "integer": 0, "number": 0, "boolean": False, "list": NIL_LIST, "map": {}, "struct": {}}


def is_empty(v: object) -> bool:
    """Unset for a value field: nil, zero scalar, empty list or map, or a struct of zeros."""
    if v is None or v == "" or v is False or v == [] or v == {}:
        return True
    if type(v) in (int, float):
        return v == 0
    if type(v) is dict:
        return all(is_empty(x) for x in v.values())
    return False
