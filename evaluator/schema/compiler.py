"""Compile an OpenAPI schema (with x-kubernetes-* and x-dv-* keywords) into closures.

`Compiler.node(schema, role)` returns a `Node` whose `validate(v, ov, path, ctx)`
runs a flat list of checks built once; nothing looks at the schema at run time.
Roles: "root" and "type" (a schema reached by $ref/allOf), "field" (a struct
property or subfield) and "elem" (a list item or map value). Fields and
elements ratchet: on update, a value semantically equal to its correlated old
value is not validated again.
"""

from __future__ import annotations

from . import errors as E
from .context import NOOLD
from .equality import Equality
from .keywords import LEAF, SHORT_CIRCUIT, kw_fixed
from .schemaerror import SchemaError
from .shape import FLAT, REF, ZERO, Resolver, Shape, refs_in

MAX_NESTING = 200  # schemas inside schemas (a $ref hop is one more): deeper is "nests too deeply to compile"
OPAQUE_SKIPS = {"properties", "required", "x-dv-embedded"}
PRESENCE = ("x-dv-required", "x-dv-optional", "x-dv-forbidden")
_JSON_TYPE = {
    "integer": (int,),
    "number": (int, float),
    "string": (str,),
    "boolean": (bool,),
    "list": (list,),
    "struct": (dict,),
    "map": (dict,),
    "intstr": (int, str),
}
_TYPE_NAME = {
    "integer": "integer",
    "number": "number",
    "string": "string",
    "boolean": "boolean",
    "list": "array",
    "struct": "object",
    "map": "object",
    "intstr": "integer or string",
}


class Node:
    """A compiled schema position."""

    __slots__ = (
        "validate",
        "eq",
        "unset",
        "zero",
        "shape",
        "pointer",
        "absent_noop",
        "core",
        "leaf",
        "accept",
        "has_pre",
        "nil_active",
        "props_only",
        "__weakref__",
    )


class Compiler:
    def __init__(self, doc: dict, deferring: bool = False):
        self.doc = doc
        # a struct's fields compiled when a walk first meets it (structural.Tables): for schemas known to
        # compile, such as Kubernetes' own, of which an object reaches a few types (a Deployment ~20 of 128)
        self.deferring = deferring
        self.res = Resolver(doc)
        self.eqs = Equality(self.res)
        self.type_nodes: dict[str, Node] = {}
        self.leaves: dict[tuple, Node] = {}  # flat schemas by content: most nodes of a big schema are a few kinds
        self.depth = 0  # schemas being compiled, each inside the last: counted, as a compiled build never
        # meets Python's recursion limit (the same limit holds for the Python sources)

    # -- entry points ----------------------------------------------------------------
    def ref_node(self, ref: str) -> Node:
        """The node of a named component (compiled once; recursion-safe)."""
        if ref in self.type_nodes:
            return self.type_nodes[ref]
        node = Node()
        self.type_nodes[ref] = node
        built = self.node(self.res.deref(ref), "type")
        for slot in Node.__slots__[:-1]:
            setattr(node, slot, getattr(built, slot))
        return node

    def node(
        self,
        schema: dict,
        role: str,
        value_field: bool | None = None,
        like: dict | None = None,
        guard=None,
        phase: str | None = None,
    ) -> Node:
        """Compile `schema`; a payload fragment takes its shape from the schema it applies to (`like`).

        `guard(n)`, if given, returns extra checks appended to the node's short-circuit group.
        `phase` "pre" keeps only the short-circuit checks, "body" only the others."""
        if not isinstance(schema, dict):
            raise SchemaError(f"expected a schema object, got {type(schema).__name__}")
        key = None
        if like is None and guard is None and phase is None:
            flat = [(k, type(v), v) for k, v in schema.items() if k != "description"]
            if all(t in FLAT for _, t, _ in flat):  # scalar values only: its content says all the node does
                key = (role, value_field, *flat)
                hit = self.leaves.get(key)
                if hit is not None:
                    return hit
        n = self._node(schema, role, value_field, like, guard, phase)
        if key is not None:
            self.leaves[key] = n
        return n

    def _node(self, schema: dict, role: str, value_field, like, guard, phase) -> Node:
        shape = self.res.shape(like if like is not None else schema)
        n = Node()
        n.shape = shape
        vf = schema.get("x-dv-value", False) if value_field is None else value_field
        n.pointer = not vf
        n.zero = ZERO.get(shape.kind) if vf else None
        n.unset = self.unset_fn(shape, vf)
        n.eq = self.eqs.eq_fn(shape)
        pre, checks = self.checks(schema, shape, role, n)
        if phase == "pre":
            checks = []
        elif phase == "body":
            pre = []
        n.has_pre = bool(pre)
        n.nil_active = bool(pre) or any(getattr(c, "nil_ok", False) for c in checks)
        if role == "field" and shape.kind == "list" and _nil_items_checked(schema, shape):
            pre.insert(0, _no_nil_items)
        if guard is not None:
            pre += guard(n)
        types = _JSON_TYPE.get(shape.kind) if like is None else None
        if like is not None and checks and _JSON_TYPE.get(shape.kind):
            checks = [_when_typed(_JSON_TYPE[shape.kind], checks)]
        if checks and all(getattr(c, "ref_call", False) for c in checks):
            types = None  # the referenced node checks the type itself
        detail = f"must be of type {_TYPE_NAME[shape.kind]}" if types else ""
        body = checks
        # a struct whose only check walks its properties: on update, every descent is a ratcheted field
        n.props_only = not pre and len(body) == 1 and getattr(body[0], "props_walk", False)
        n.validate, n.core = _runner(pre, body, role in ("field", "elem"), n.eq, types, detail)
        # For parents that inline the common cases: `leaf` = (types, detail, required, check or None)
        # means "nil: Required if required, else nothing; wrong type: TypeInvalid; else run check".
        n.leaf = None
        required = len(pre) == 1 and getattr(pre[0], "required_pointer", False)
        if (
            (not pre or required)
            and types is not None
            and (not body or (len(body) == 1 and not getattr(body[0], "nil_ok", False)))
        ):
            n.leaf = (types, detail, required, body[0] if body else None)
        elif (not pre or required) and len(body) == 1 and getattr(body[0], "ref_call", False):
            target = body[0].node  # a hop to a referenced node
            inner = getattr(target, "leaf", None)  # a recursive ref is not built yet: keep the hop
            if inner is not None and not inner[2]:
                n.leaf = (inner[0], inner[1], required, inner[3])
            if not pre:
                n.core = getattr(target, "core", None) or body[0]
        # Values of a create that the node's core passes, told without calling it (a nil one never is)
        n.accept = None
        if (not pre or required) and body and not any(getattr(c, "nil_ok", False) for c in body):
            if len(body) == 1 and getattr(body[0], "ref_call", False):
                n.accept = getattr(body[0].node, "accept", None)
            else:
                n.accept = accept_of(types, body)
        # An absent value (nil, or a value field's zero) that no check can fault: parents may skip it.
        quiet_pre = all(getattr(c, "absent_ok", False) for c in pre)
        n.absent_noop = quiet_pre and (not any(getattr(c, "nil_ok", False) for c in body) if n.pointer else not checks)
        return n

    def quiet_when_absent(self, schema: dict, seen: tuple = ()) -> bool:
        """Whether a struct field of `schema` certainly has nothing to check when absent (its node's
        `absent_noop`), told from its keys before it is compiled: a deferring compiler compiles such
        a field when an object first has it. False when unsure, or past a few `$ref` and `allOf`
        levels (`seen`: the refs and allOf levels followed)."""
        if not isinstance(schema, dict) or len(seen) > _QUIET_DEPTH:
            return False
        if schema.get("x-dv-value"):  # a value field's zero is checked unless it has no check at all
            return all(k in _INERT for k in schema)
        for k, v in schema.items():
            if k == "$ref":  # its type's checks that run on nil (`_call`) come from its own keys
                if v in seen:
                    return False
                try:
                    target = self.res.deref(v)
                except SchemaError:  # the compile says what is wrong
                    return False
                if not self.quiet_when_absent(target, (*seen, v)):
                    return False
            elif k == "allOf":
                if not isinstance(v, list) or not all(self.quiet_when_absent(sub, (*seen, None)) for sub in v):
                    return False
            elif k not in _INERT and k not in _SET_ONLY:
                return False
        return True

    # -- node parts ------------------------------------------------------------------
    def unset_fn(self, shape: Shape, value_field: bool):
        """Whether a value is unset: nil, or a value field's zero value of its own JSON type (a
        falsy value of another type, `tags: ""`, is a type error, as decoding it is in Go)."""
        kind = shape.kind
        if not value_field or kind in ("any", "intstr"):
            return lambda v: v is None
        if kind in ("list", "map"):
            json_type = list if kind == "list" else dict
            return lambda v: v is None or (type(v) is json_type and not v)
        if kind == "struct":  # its fields' own tests made at the first call: most values are nil
            props = tuple(shape.props.items())
            children = None

            def unset(v):
                nonlocal children
                if v is None:
                    return True
                if type(v) is not dict:
                    return False
                if children is None:
                    children = [(k, self.unset_fn(self.res.shape(s), bool(s.get("x-dv-value")))) for k, s in props]
                return all(u(v.get(k)) for k, u in children)

            return unset
        zero, types = ZERO[kind], _JSON_TYPE[kind]
        return lambda v: v is None or (type(v) in types and v == zero)

    def checks(self, schema: dict, shape: Shape, role: str, n: Node) -> tuple[list, list]:
        """(short-circuit checks, other checks) for one schema dict and what it includes."""
        if self.depth >= MAX_NESTING:
            raise RecursionError("schema nests too deeply")
        self.depth += 1
        try:
            return self._checks(schema, shape, role, n)
        finally:
            self.depth -= 1

    def _checks(self, schema: dict, shape: Shape, role: str, n: Node) -> tuple[list, list]:
        pre: list = []
        body: list = []
        for key in PRESENCE:
            if schema.get(key):
                pre.append(self.presence(key, n))
        for key, value in schema.items():
            if key in LEAF:
                fn = LEAF[key](self, value, schema)
                if fn:
                    (pre if key in SHORT_CIRCUIT else body).append(fn)
            elif key == "x-dv-fixed":
                cohorts: dict = {}  # a cohort is a group with its own short-circuit, run after the rest
                for entry in value:
                    fn = kw_fixed(self, entry)
                    if fn:
                        cpre, cbody = (
                            cohorts.setdefault(entry["cohort"], ([], [])) if entry.get("cohort") else (pre, body)
                        )
                        (cpre if "ShortCircuit" in entry.get("flags", ()) else cbody).append(fn)
                for cpre, cbody in cohorts.values():
                    body.append(_cohort(cpre, cbody))
            elif key in STRUCTURAL:
                if key in OPAQUE_SKIPS and schema.get("x-dv-opaque"):
                    continue  # an opaque struct's own fields are not validated
                fn = STRUCTURAL[key](self, value, schema, shape, n)
                if fn:
                    (pre if key in PRE_STRUCTURAL else body).append(fn)
            elif key in WRAPPERS:
                for entry in value:
                    p, b = WRAPPERS[key](self, entry, shape, n)
                    if p:
                        pre.append(p)
                    if b:
                        body.append(b)
        if schema.get("x-dv-opaque"):
            return pre, body
        refs = ([schema["$ref"]] if "$ref" in schema else []) + [
            s["$ref"] for s in schema.get("allOf", ()) if isinstance(s, dict) and set(s) == {"$ref"}
        ]
        for ref in refs:
            body.append(_call(self.ref_node(ref)))
        for sub in schema.get("allOf", ()):
            if isinstance(sub, dict) and set(sub) != {"$ref"}:
                p, b = self.checks(sub, shape, role, n)
                pre += p
                body += b
        return pre, body

    def presence(self, key: str, n: Node):
        unset = n.unset
        if key == "x-dv-required":

            def check(v, ov, path, ctx):
                if unset(v):
                    ctx.add(E.REQUIRED, path, "", "", "")
                    return True

            check.required_pointer = n.pointer  # a pointer's `required` is `v is None`: parents inline it
        elif key == "x-dv-optional":

            def check(v, ov, path, ctx):
                return unset(v)
        else:

            def check(v, ov, path, ctx):
                if unset(v):
                    return True
                ctx.add(E.FORBIDDEN, path, "", "", "")
                return True

        return check

    def fragment(self, frag: dict, shape: Shape, n: Node) -> tuple[list, list]:
        """Checks of a payload fragment applied at an existing node (same shape and presence)."""
        return self.checks(frag, shape, "frag", n)


def recursive(doc: dict, ref: str) -> bool:
    """Whether a `$ref` reachable from `ref` leads back to a type it came from (or is not a plain
    `#/components/schemas/T`: then assumed to). A schema with no such cycle bounds how deep a walk of
    it goes, however deep the data: a compiled walk needs to measure only the data of recursive ones."""
    components = doc.get("components")
    schemas = components.get("schemas") if isinstance(components, dict) else None
    if not isinstance(schemas, dict) or not ref.startswith(REF):
        return True
    done: set = set()  # types whose every path was followed to its end
    path: list = [ref[len(REF) :]]  # the types being followed, each inside the last
    on_path = set(path)  # the same, to look up: a chain of 100,000 types is no quadratic search
    todo: list = [iter(refs_in(schemas.get(path[0])))]
    while todo:
        nxt = next(todo[-1], None)
        if nxt is None:
            finished = path.pop()
            on_path.discard(finished)
            done.add(finished)
            todo.pop()
            continue
        if not isinstance(nxt, str) or not nxt.startswith(REF) or nxt[len(REF) :] in on_path:
            return True
        name = nxt[len(REF) :]
        if name not in done:
            path.append(name)
            on_path.add(name)
            todo.append(iter(refs_in(schemas.get(name))))
    return False


# Keys that compile to no check (a node's facts, documentation, merge hints), and keys whose checks
# run on set values only: neither short-circuits nor runs on nil (`quiet_when_absent`)
_INERT = frozenset(
    (
        "type",
        "description",
        "nullable",
        "default",
        "title",
        "example",
        "x-dv-value",
        "x-kubernetes-int-or-string",
        "x-kubernetes-list-map-keys",
        "x-kubernetes-map-type",
        "x-kubernetes-patch-strategy",
        "x-kubernetes-patch-merge-key",
        "x-kubernetes-unions",
        "x-kubernetes-group-version-kind",
    )
)
_QUIET_DEPTH = 16  # deeper chains of $ref and allOf are compiled as before (they are rare, and bounded)
_SET_ONLY = frozenset(LEAF).difference(SHORT_CIRCUIT) | {
    "properties",
    "items",
    "additionalProperties",
    "required",
    "x-kubernetes-list-type",
}

_PASSIVE = {"type", "items", "nullable", "description", "title", "default", "example", "x-dv-value", "format"}


def _nil_items_checked(schema: dict, shape: Shape) -> bool:
    """A list-of-pointers field with any rule (its own or its items') rejects nil items first,
    as validation-gen's synthetic PtrSliceNoNils does."""
    items = shape.items
    if not isinstance(items, dict) or items.get("x-dv-value") or not items.get("nullable"):
        return False
    return bool(set(schema) - _PASSIVE) or bool(set(items) - _PASSIVE)


def _no_nil_items(v, ov, path, ctx):
    if type(v) is not list:
        return None
    stop = None
    for i, item in enumerate(v):
        if item is None:
            ctx.add(E.REQUIRED, (path, i), "", "", "")
            stop = True
    return stop


_no_nil_items.absent_ok = True  # nothing to say about an absent list


def _short_circuit_group(pre: tuple, v, ov, path, ctx) -> bool:
    """Run a short-circuit group in full (its errors marked short-circuit); True stops the node."""
    errors = ctx.errors
    before = len(errors)
    stop = False
    for c in pre:
        if c(v, ov, path, ctx):
            stop = True
    for i in range(before, len(errors)):
        errors[i].short_circuit = True
    return stop


def _cohort(pre: list, body: list):
    pre, body = tuple(pre), tuple(body)

    def check(v, ov, path, ctx):
        if _short_circuit_group(pre, v, ov, path, ctx):
            return None
        for c in body:
            if (v is not None or getattr(c, "nil_ok", False)) and c(v, ov, path, ctx):
                return None

    check.nil_ok = True
    return check


def _when_typed(types: tuple, checks: list):
    """A payload fragment's checks, skipped on a value of the wrong JSON type (the field's own node
    reports that once; the fragment's rules cannot apply to it)."""
    checks = tuple(checks)

    def check(v, ov, path, ctx):
        if v is not None and type(v) not in types:
            return None
        for c in checks:
            if (v is not None or getattr(c, "nil_ok", False)) and c(v, ov, path, ctx):
                return True
        return None

    check.nil_ok = any(getattr(c, "nil_ok", False) for c in checks)
    return check


def _call(node: Node):
    def check(v, ov, path, ctx):
        node.validate(v, ov, path, ctx)

    check.ref_call = True
    check.node = node
    # Go calls a typedef's own validation for a nil pointer too; a struct's only when set
    check.nil_ok = getattr(node, "nil_active", False) and node.shape.kind != "struct"
    return check


def _runner(pre: list, body: list, ratchet: bool, eq, types: tuple | None, type_detail: str):
    """The node's validate: ratchet, short-circuit group, nil handling, JSON type, then the checks."""
    pre, body = tuple(pre), tuple(body)
    nil_body = tuple(c for c in body if getattr(c, "nil_ok", False))

    if pre or nil_body or types is None:

        def core(v, ov, path, ctx):
            if pre and _short_circuit_group(pre, v, ov, path, ctx):
                return
            if v is None:
                for c in nil_body:
                    if c(v, ov, path, ctx):
                        return
                return
            if types is not None and type(v) not in types:
                ctx.add(E.TYPE_INVALID, path, v, type_detail, "")
                return
            for c in body:
                if c(v, ov, path, ctx):
                    return

    elif len(body) == 1:  # the common node: a type and one check (a struct's properties, a list's items)
        only = body[0]

        def core(v, ov, path, ctx):
            if v is None:
                return
            if type(v) not in types:
                ctx.add(E.TYPE_INVALID, path, v, type_detail, "")
                return
            only(v, ov, path, ctx)

    else:

        def core(v, ov, path, ctx):
            if v is None:
                return
            if type(v) not in types:
                ctx.add(E.TYPE_INVALID, path, v, type_detail, "")
                return
            for c in body:
                if c(v, ov, path, ctx):
                    return

    if not ratchet:
        return core, core

    def validate(v, ov, path, ctx):
        if ctx.update and ov is not NOOLD and eq(v, ov):
            return
        core(v, ov, path, ctx)

    return validate, core


from .structural import PRE_STRUCTURAL, STRUCTURAL, WRAPPERS, accept_of  # noqa: E402  (cycle: they use Compiler)
