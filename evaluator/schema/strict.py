"""Strict field validation: the fields an object has that its schema does not know.

Worded as kube-apiserver's strict field validation (`fieldValidation=Strict`, kubectl's
`--validate=strict`) words them: `unknown field "spec.foo"`, the path built as the CRD pruning
step builds it (keys joined by `.`, list indexes as `[i]`). As in the server, `apiVersion`,
`kind` and `metadata` are always known at the root, and `metadata` is checked against
ObjectMeta's fields. Compiled once per schema; objects under `x-kubernetes-preserve-unknown-fields`,
`x-kubernetes-embedded-resource` or a schema that lists no properties are not walked.
"""

from __future__ import annotations

from collections.abc import Callable

from .shape import REF, Resolver

OBJECT_META = frozenset(
    {
        "name",
        "generateName",
        "namespace",
        "selfLink",
        "uid",
        "resourceVersion",
        "generation",
        "creationTimestamp",
        "deletionTimestamp",
        "deletionGracePeriodSeconds",
        "labels",
        "annotations",
        "ownerReferences",
        "finalizers",
        "managedFields",
    }
)
ROOT = frozenset({"apiVersion", "kind", "metadata"})

Walk = Callable[[object, tuple | None, list], None]  # (value, path, found paths): paths are (parent, segment)


def _nothing(value: object, path: tuple | None, out: list) -> None:
    return None


def _render(path: tuple | None) -> str:
    """`((None, "spec"), 0)` -> `spec[0]`: keys joined by `.`, list indexes `[i]`, as the server's pruning."""
    segs = []
    while path is not None:
        path, seg = path
        segs.append(seg)
    out = ""
    for seg in reversed(segs):
        out += f"[{seg}]" if type(seg) is int else (f".{seg}" if out else str(seg))
    return out


class _Builder:
    def __init__(self, doc: dict):
        self.res = Resolver(doc)
        self.memo: dict[int, Walk] = {}

    def walk(self, schema: dict, root: bool = False) -> Walk:
        key = id(schema)
        if key in self.memo and not root:
            return self.memo[key]
        cell: list[Walk] = [_nothing]
        if not root:
            self.memo[key] = lambda v, p, out: cell[0](v, p, out)  # recursion-safe placeholder
        parts = self.res.parts(schema)
        if any(p.get("x-kubernetes-preserve-unknown-fields") or p.get("x-kubernetes-embedded-resource") for p in parts):
            fn = _nothing
        else:
            fn = self._build(self.res.shape(schema), root)
        cell[0] = fn
        if not root:
            self.memo[key] = fn
        return fn

    def _build(self, shape, root: bool) -> Walk:
        if shape.kind == "list" and isinstance(shape.items, dict):
            item = self.walk(shape.items)
            if item is _nothing:
                return _nothing

            def each(v, p, out):
                if type(v) is list:
                    for i, x in enumerate(v):
                        item(x, (p, i), out)

            return each
        if shape.kind == "map" and isinstance(shape.values, dict):
            val = self.walk(shape.values)
            if val is _nothing:
                return _nothing

            def values(v, p, out):
                if type(v) is dict:
                    for k, x in v.items():
                        val(x, (p, str(k)), out)

            return values
        if shape.kind != "struct" or not shape.props:
            return _nothing
        children = {name: self.walk(sub) for name, sub in shape.props.items() if isinstance(sub, dict)}
        if root:
            meta = self.res.shape(shape.props["metadata"]) if isinstance(shape.props.get("metadata"), dict) else None
            inner = {n: self.walk(s) for n, s in meta.props.items()} if meta is not None else {}
            children["metadata"] = _struct(inner, OBJECT_META)
            children = {**dict.fromkeys(ROOT, _nothing), **children}
        return _struct(children)


def _struct(children: dict[str, Walk], known: frozenset = frozenset()) -> Walk:
    """Report keys that are neither a child nor in `known`; walk into the children."""

    def struct(v, p, out):
        if type(v) is not dict:
            return
        for k, x in v.items():
            child = children.get(k)
            if child is None:
                if k not in known:
                    out.append((p, str(k)))
            elif child is not _nothing:
                child(x, (p, k), out)

    return struct


def compile_unknown(doc: dict, name: str) -> Callable[[object], list[str]]:
    """A function listing the unknown field paths of an object of schema `name` in `doc`."""
    builder = _Builder(doc)
    walk = builder.walk(builder.res.deref(REF + name), root=True)

    def unknown(obj: object) -> list[str]:
        out: list = []
        walk(obj, None, out)
        return [_render(p) for p in out]

    return unknown


def message(path: str) -> str:
    """The API server's wording for one unknown field."""
    return f'unknown field "{path}"'
