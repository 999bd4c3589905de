"""Objects of a type, generated from a valid one and the type's published OpenAPI document: every
field null (in each spelling YAML has), numbers in the forms Kubernetes reads as integers (`3.0`,
`3.`, `0x3`, `03`), int-or-string and YAML 1.1 booleans in each form, and violations of the standard
keywords a client can check (each `Case.violates` names it). Written as YAML text, as a user's file
would be. Left out: the YAML 1.1 forms YAML parsers read apart (`y`, `3e0`, `0o3`: go-yaml v2 reads
them as Kubernetes does, PyYAML as strings), which no schema can reconcile."""

from __future__ import annotations

import copy
import itertools
import json
import re
from dataclasses import dataclass

REF = "#/components/schemas/"
NULLS = ("null", "~", "Null", "NULL", "")
TRUE, FALSE = ("yes", "on", "True", "TRUE"), ("no", "off", "False", "FALSE")  # YAML 1.1 (go-yaml v2, PyYAML)
DOCUMENT_CLAIMS = {
    "openapi": {
        *("type", "minimum", "maximum", "minLength", "maxLength", "enum", "maxItems", "minItems", "required"),
        *("non-zero", "zero-value", "uniqueItems", "unique-objects", "metadata-name"),
    },
}
DOCUMENT_CLAIMS["jsonschema"] = DOCUMENT_CLAIMS["openapi"] | {"int32"}
DOCUMENT_CLAIMS["jsonschema-strict"] = DOCUMENT_CLAIMS["jsonschema"] | {"unknown-field"}


class Raw(str):
    """A YAML scalar written as it is (`3.0`, `~`, `yes`)."""


@dataclass
class Case:
    name: str
    text: str
    violates: str | None = None  # the keyword a client must reject the object for (None: no claim)


def dump(value: object, indent: int = 0) -> str:
    """Block-style YAML; strings double-quoted, `Raw` scalars as they are."""
    pad = " " * indent
    lines = []
    items = value.items() if isinstance(value, dict) else ((None, x) for x in value)
    for key, x in items:
        head = f"{pad}{json.dumps(key)}:" if isinstance(value, dict) else f"{pad}-"
        if isinstance(x, (dict, list)) and x:
            lines.append(head + "\n" + dump(x, indent + 2).rstrip("\n"))
        else:
            text = _scalar(x)
            lines.append(head + (" " + text if text else ""))
    return "\n".join(lines) + "\n"


def _scalar(x: object) -> str:
    if isinstance(x, Raw):
        return str(x)
    if isinstance(x, (dict, list)):
        return "{}" if isinstance(x, dict) else "[]"
    return json.dumps(x)


class Generator:
    """Cases for objects of one type of a published OpenAPI document."""

    def __init__(self, doc: dict):
        self.schemas = doc["components"]["schemas"]
        self.cases: list[Case] = []
        self.nulls = itertools.cycle(NULLS)

    def resolved(self, schema: dict) -> dict:
        """`schema` with the rules of an unset branch's sibling and of what it references merged in."""
        out = dict(schema)
        branches = out.get("anyOf") or [{}]
        if branches[0].get("x-dv-unset"):
            del out["anyOf"]
            out.update(branches[1])
        for part in ([out] if "$ref" in out else []) + list(out.get("allOf", ())):
            if "$ref" in part:
                for k, v in self.resolved(self.schemas[part["$ref"][len(REF) :]]).items():
                    out.setdefault(k, v)
        return out

    def client_required(self, schema: dict) -> set:
        """The fields a published struct tells clients are required (its `x-dv-client` clauses):
        those whose zero value fails their own rules, and a kind's apiVersion, kind and metadata."""
        out: set = set()
        for part in schema.get("allOf", ()):
            if part.get("x-dv-client"):
                out.update(part.get("required", ()))
            elif "$ref" in part:
                out |= self.client_required(self.schemas[part["$ref"][len(REF) :]])
        return out

    def run(self, kind: str, base: dict) -> list[Case]:
        self.base = base
        self.add("valid", (), None, keep=True)
        self.struct(self.resolved(self.schemas[kind]), base, ())
        for path in ((), ("spec",)):
            if isinstance(_get(base, path), dict):
                self.add("unknown", (*path, "unknownField"), "x", "unknown-field")
        self.add("annotations", ("metadata", "annotations"), {"a": "b"})
        self.add("unknown", ("metadata", "bogus"), "x", "unknown-field")
        if self.schemas[kind].get("x-kubernetes-group-version-kind"):  # a kind: the server needs a name
            named = {**base["metadata"], "generateName": "gen-"}
            del named["name"]
            self.add("generate-name", ("metadata",), named)
            for label, value in (("empty", ""), ("null", Raw("null"))):
                self.add(f"name-{label}", ("metadata",), {**named, "name": value})
            self.add("unnamed", ("metadata",), {k: v for k, v in named.items() if k != "generateName"}, "metadata-name")
            self.add("empty-name", ("metadata", "name"), "", "metadata-name")
        return self.cases

    def add(self, label: str, path: tuple, value: object, violates: str | None = None, keep: bool = False) -> None:
        obj = copy.deepcopy(self.base)
        if not keep:
            parent = _get(obj, path[:-1])
            if value is _DELETE:
                del parent[path[-1]]
            else:
                parent[path[-1]] = value
        where = ".".join(map(str, path)) or "object"
        name = re.sub(r"[^\w.=-]+", "_", f"{len(self.cases):04d}-{where}-{label}")
        self.cases.append(Case(name, dump(obj), violates))

    def struct(self, schema: dict, value: dict, path: tuple) -> None:
        required = set(schema.get("required", ()))
        zero_faults = self.client_required(schema) - required
        for name, sub in (schema.get("properties") or {}).items():
            self.field(sub, value.get(name), (*path, name), name in required, name in zero_faults)

    def field(self, sub: dict, v: object, path: tuple, required: bool, zero_faults: bool = False) -> None:
        """`zero_faults`: dv-eval rejects the field absent or null (Go's zero value fails its rules)."""
        r = self.resolved(sub)
        typ = r.get("type")
        zero_ok = bool(sub.get("x-dv-optional") and sub.get("x-dv-value"))  # dv-eval: its zero value is unset
        self.add("null", path, Raw(next(self.nulls)), "zero-value" if required or zero_faults else None)
        if required:
            self.add("absent", path, _DELETE, "required")
        elif zero_faults:
            self.add("absent", path, _DELETE, "zero-value")
        if typ in ("integer", "number"):
            self.number(r, v, path, typ, zero_ok, required and sub.get("x-dv-value"))
        elif typ == "string":
            self.string(r, path, zero_ok, required and sub.get("x-dv-value"))
        elif typ == "boolean":
            for form in TRUE if v is not False else FALSE:
                self.add(f"bool-{form}", path, Raw(form))
            self.add("type", path, "maybe", "type")
            if required and sub.get("x-dv-value"):
                self.add("zero", path, False, "non-zero")
        elif r.get("x-kubernetes-int-or-string"):
            for label, form in (("int", 3), ("string", "3"), ("float", Raw("3.0")), ("percent", "50%")):
                self.add(f"intstr-{label}", path, form)
            self.add("type", path, [1], "type")
        elif typ == "array":
            self.array(r, v, path, zero_ok)
        elif typ == "object":
            self.add("type", path, "x", "type")
            if isinstance(v, dict) and isinstance(r.get("properties"), dict):
                self.struct(r, v, path)
            elif isinstance(v, dict) and v:
                first = next(iter(v))
                self.add("null-value", (*path, first), Raw(next(self.nulls)))
                values = self.resolved(r.get("additionalProperties") or {})
                if values.get("type") == "integer":
                    self.add("value-float", (*path, first), Raw(f"{v[first]}.0"))

    def number(self, r: dict, v: object, path: tuple, typ: str, zero_ok: bool, non_zero: bool) -> None:
        n = v if type(v) is int else max(1, r.get("minimum", 1) + (1 if r.get("exclusiveMinimum") else 0))
        forms = (("float", f"{n}.0"), ("dot", f"{n}."), ("exp", f"{n}.0e+0"), ("hex", hex(n)), ("octal", f"0{n:o}"))
        for label, form in (*forms, ("plus", f"+{n}")):
            self.add(f"number-{label}", path, Raw(form))
        self.add("type", path, "x7", "type")
        if "minimum" in r:
            low = r["minimum"] if r.get("exclusiveMinimum") else r["minimum"] - 1
            self.add("below-minimum", path, low, None if zero_ok and low == 0 else "minimum")
        if "maximum" in r:
            high = r["maximum"] if r.get("exclusiveMaximum") else r["maximum"] + 1
            self.add("above-maximum", path, high, None if zero_ok and high == 0 else "maximum")
        if r.get("format") == "int32":
            self.add("int32-overflow", path, 1 << 31, "int32")
        if non_zero:
            self.add("zero", path, 0, "non-zero")

    def string(self, r: dict, path: tuple, zero_ok: bool, non_zero: bool) -> None:
        self.add("type", path, 7, "type")
        values = [x for x in r.get("enum", ()) if x is not None]
        if values:
            self.add("not-in-enum", path, "NotAValue", "enum")
        if r.get("minLength", 0) > 1:
            self.add("short", path, "a" * (r["minLength"] - 1), "minLength")
        if "maxLength" in r:
            self.add("long", path, "a" * (r["maxLength"] + 1), "maxLength")
        if zero_ok and (values or r.get("minLength")):
            self.add("zero", path, "")
        if non_zero:
            self.add("zero", path, "", "non-zero")

    def array(self, r: dict, v: object, path: tuple, zero_ok: bool) -> None:
        self.add("type", path, "x", "type")
        items = self.resolved(r.get("items") or {})
        if zero_ok:
            self.add("empty", path, [])
        if "maxItems" in r and items.get("type") == "string":
            self.add("too-many", path, [f"t{i}" for i in range(r["maxItems"] + 1)], "maxItems")
        if r.get("minItems", 0) > 1 and items.get("type") == "string":
            self.add("too-few", path, [f"t{i}" for i in range(r["minItems"] - 1)], "minItems")
        if isinstance(v, list) and v:
            if r.get("x-kubernetes-list-type") in ("set", "map"):  # an exact duplicate: a duplicate key too
                unique = "unique-objects" if isinstance(v[0], dict) else "uniqueItems"
                self.add("duplicate", path, [*v, copy.deepcopy(v[0])], unique)
            self.add("null-item", (*path, 0), Raw(next(self.nulls)))
            if isinstance(v[0], dict) and isinstance(items.get("properties"), dict):
                self.struct(items, v[0], (*path, 0))
            elif items.get("type") == "integer":
                self.add("item-float", (*path, 0), Raw(f"{v[0]}.0"))


_DELETE = object()


def _get(obj: object, path: tuple) -> object:
    for key in path:
        obj = obj[key]
    return obj


def cases(doc: dict, kind: str, base: dict) -> list[Case]:
    """The generated cases for objects of `kind` (a published OpenAPI document's component)."""
    return Generator(doc).run(kind, base)
