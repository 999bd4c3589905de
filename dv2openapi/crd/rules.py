"""CEL building blocks for CRD rules with Go value semantics.

A field of a struct is a Go pointer (absent or null = unset) or a Go value
(`x-dv-value`: absent = its zero value, and the zero value counts as unset).
The helpers here spell "is set", "the value" and "unchanged" for one field of
an object expression (`self`, `oldSelf`, `oldSelf.value()`), and turn the
leaf keywords of a schema fragment into CEL predicates on a value.
"""

from __future__ import annotations

import json
import re

from .formats import FORMAT_RULES

RESERVED = {
    "true", "false", "null", "in", "as", "break", "const", "continue", "else", "for", "function", "if",
    "import", "let", "loop", "package", "namespace", "return", "var", "void", "while",
}  # fmt: skip
IDENT = re.compile(r"^[a-zA-Z_.\-/][a-zA-Z0-9_.\-/]*$")


class Unsupported(Exception):
    """A schema fragment CEL rules here cannot state."""


def lit(v) -> str:
    """A CEL literal."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'"
    if v is None:
        return "null"
    return str(v)


def ident(name: str) -> str:
    """A property name as CEL sees it (Kubernetes' escaping of reserved words and `_ . - /`)."""
    if not IDENT.match(name):
        raise Unsupported(f"property name {name!r} is not accessible from CEL")
    if name in RESERVED:
        return f"__{name}__"
    out = name.replace("__", "__underscores__")
    for ch, word in ((".", "dot"), ("-", "dash"), ("/", "slash")):
        out = out.replace(ch, f"__{word}__")
    return out


def kind_of(s: dict) -> str:
    """string, integer, number, boolean, list, map, struct or other."""
    t = s.get("type")
    if s.get("x-kubernetes-int-or-string") or s.get("x-kubernetes-preserve-unknown-fields") and not t:
        return "other"
    if t == "array":
        return "list"
    if t == "object":
        return "struct" if "properties" in s or "additionalProperties" not in s else "map"
    return t or "other"


ZEROS = {"string": "''", "integer": "0", "number": "0.0", "boolean": "false", "list": "[]", "map": "{}"}


class Field:
    """One property of a struct: its CEL name and Go semantics."""

    def __init__(self, name: str, flat: dict, children=None):
        self.name = name
        self.cel = ident(name)
        self.kind = kind_of(flat)
        self.value = bool(flat.get("x-dv-value"))
        self.zero = ZEROS.get(self.kind) if self.value or self.kind in ("list", "map") else None
        # a value struct is unset when all its fields are: `children` lists them (name -> Field)
        self.children = children(flat) if children and self.value and self.kind == "struct" else None

    def is_zero(self, x: str, depth: int = 0) -> str:
        """`x` (this field's value) is Go's zero value."""
        if self.kind in ("list", "map", "string") and self.zero is not None:  # a pointer to "" is set
            return f"size({x}) == 0"  # constant cost, where `== ''` costs the string's length
        if self.zero is not None:
            return f"{x} == {self.zero}"
        if self.children is None or depth > 2:
            return "false"
        parts = [f"(!{c.has(x)} || {c.is_zero(f'{x}.{c.cel}', depth + 1)})" for c in self.children.values()]
        return " && ".join(parts) or "true"

    def has(self, obj: str) -> str:
        return f"has({obj}.{self.cel})"

    def is_set(self, obj: str) -> str:
        """Set in Go terms: non-nil, and for a value field also non-zero."""
        if not self.value:
            return self.has(obj)
        zero = self.is_zero(f"{obj}.{self.cel}")
        return self.has(obj) if zero == "false" else f"({self.has(obj)} && !({zero}))"

    def val(self, obj: str) -> str:
        """The value, with the zero value standing in for an absent value field."""
        if self.zero is None:
            raise Unsupported("no zero value")
        return f"({self.has(obj)} ? {obj}.{self.cel} : {self.zero})"

    def equals(self, obj: str, literal: str) -> str:
        """The field of `obj` equals a literal (an absent value field is its zero value)."""
        if self.zero is not None:
            return f"{self.val(obj)} == {literal}"
        return f"({self.has(obj)} && {obj}.{self.cel} == {literal})"

    def unchanged(self, a: str, b: str) -> str:
        """Semantically equal in `a` and `b` (absent value field = zero, nil list/map = empty)."""
        if self.zero is not None:
            return f"{self.val(a)} == {self.val(b)}"
        x, y = f"{a}.{self.cel}", f"{b}.{self.cel}"
        sa, sb = self.is_set(a), self.is_set(b)
        return f"({sa} == {sb} && (!{sa} || {x} == {y}))"


def _format(fmt: str, x: str) -> str:
    return FORMAT_RULES[fmt][0].replace("self", x)


def predicates(frag: dict, x: str) -> list[tuple[str, str]]:
    """(CEL predicate on the value `x`, message) for the leaf keywords of a fragment."""
    out: list[tuple[str, str]] = []
    for key, v in frag.items():
        if key == "minimum":
            out.append((f"{x} >= {v}", f"must be greater than or equal to {v}"))
        elif key == "maximum":
            out.append((f"{x} <= {v}", f"must be less than or equal to {v}"))
        elif key == "minLength":
            out.append((f"size({x}) >= {v}", f"must be at least {v} characters long"))
        elif key == "maxLength":
            out.append((f"size({x}) <= {v}", f"may not be more than {v} characters"))
        elif key in ("minItems", "minProperties"):
            out.append((f"size({x}) >= {v}", f"must have at least {v} items"))
        elif key in ("maxItems", "maxProperties"):
            out.append((f"size({x}) <= {v}", f"must have at most {v} items"))
        elif key == "x-dv-max-bytes":
            out.append((f"size(bytes({x})) <= {v}", f"may not be more than {v} bytes"))
        elif key == "pattern":
            out.append((f"{x}.matches({lit(v)})", f"must match {v}"))
        elif key == "enum":
            out.append((f"{x} in [{', '.join(lit(e) for e in v)}]", "supported values: " + json.dumps(v)))
        elif key == "x-dv-neq":
            out.append((f"{x} != {lit(v)}", f"must not be equal to {json.dumps(v)}"))
        elif key == "format" and v in FORMAT_RULES:
            out.append((_format(v, x), FORMAT_RULES[v][1]))
        elif key == "x-dv-fixed":
            out += [("false", f"forced failure: {e.get('message', '')}") for e in v if e.get("result") is not True]
        elif key in ("type", "description", "x-dv-value", "nullable", "format", "x-dv-optional", "default"):
            continue
        else:
            raise Unsupported(key)
    return out
