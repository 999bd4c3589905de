"""Static CEL cost estimate of an x-kubernetes-validations rule, as kube-apiserver computes it.

Facts from cel-go's `checker/cost.go` and Kubernetes' `evaluator/apiserver/pkg/cel` (library cost
estimator, `common/schemas.go` size estimates, `limits.go`): selects and identifiers cost
1 (a select only on an object or map), `has()` 0 (Kubernetes' PresenceTestHasCost(false)),
constants 0, list/map literals 10/30, most calls 1; string traversal costs 0.1 per
character, a regex 0.25 per pattern character times the string traversal; a comprehension
costs its range size times (loop condition + step). Sizes come from the schema: `maxLength`
(× 4 bytes), `maxItems`, `maxProperties`, enum lengths, or what fits in a 3 MiB request.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from cel_expr_python import cel

from .celproto import Node, Uint, nodes

MAX_REQUEST = 3 * 1024 * 1024
MAX_U64 = (1 << 64) - 1
STRING_FACTOR = 0.1
REGEX_FACTOR = 0.25
LIST_CREATE = 10  # common.ListCreateBaseCost
MAX_NAME_FORMAT_REGEX = 128
NAME_MAX_LENGTH = 253
MAX_FORMAT_SIZE = 64  # the longest format name (Kubernetes' cel.MaxFormatSize)


@dataclass
class Decl:
    """The CEL declaration of a schema node (Kubernetes' DeclType): kind and size bounds."""

    kind: str  # string bytes duration timestamp int double bool dyn list map object
    max_elements: int = 0
    min_size: int = 1
    fields: dict[str, Decl] = field(default_factory=dict)
    elem: Decl | None = None
    key: Decl | None = None
    open: bool = False  # x-kubernetes-preserve-unknown-fields: undeclared fields may exist


# fmt: off
_RESERVED = {
    "true", "false", "null", "in", "as", "break", "const", "continue", "else", "for", "function", "if",
    "import", "let", "loop", "package", "namespace", "return", "var", "void", "while",
}  # CEL's reserved words: Kubernetes spells such a property __name__
# fmt: on
_NAME = re.compile(r"[a-zA-Z_.\-/][a-zA-Z0-9_.\-/]*")


def escape(name: str) -> str | None:
    """A property name as CEL rules spell it (Kubernetes' escaping), None if CEL cannot reach it."""
    if name in _RESERVED:
        return f"__{name}__"
    if not _NAME.fullmatch(name):
        return None
    out = name.replace("__", "__underscores__")
    return out.replace(".", "__dot__").replace("-", "__dash__").replace("/", "__slash__")


def _nonneg(v: int) -> int:
    return max(int(v), 0)


def decl_of(s: dict, root: bool = False) -> Decl | None:
    """The Decl of a structural schema node (None where CEL sees no type)."""
    if s.get("x-kubernetes-int-or-string"):
        ml = s.get("maxLength")
        return Decl("dyn", _nonneg(ml) * 4 if ml is not None else MAX_REQUEST - 2, 1)
    if root:
        s = _with_type_and_meta(s)
    t = s.get("type")
    if t == "array":
        if not isinstance(s.get("items"), dict):
            return None
        it = decl_of(s["items"], bool(s["items"].get("x-kubernetes-embedded-resource")))
        if it is None:
            return None
        mx = s.get("maxItems")
        n = _nonneg(mx) if mx is not None else (MAX_REQUEST - 2) // (it.min_size + 1)
        return Decl("list", n, 2, elem=it)
    if t == "object":
        ap = s.get("additionalProperties")
        if isinstance(ap, dict):
            vt = decl_of(ap, bool(ap.get("x-kubernetes-embedded-resource")))
            if vt is None:
                return None
            mx = s.get("maxProperties")
            n = _nonneg(mx) if mx is not None else (MAX_REQUEST - 2) // (vt.min_size + 6)
            return Decl("map", n, 2, elem=vt, key=Decl("string", 0, 2))
        required = set(s.get("required", ()))
        fields, min_size = {}, 2
        for name, prop in s.get("properties", {}).items():
            ft = decl_of(prop, bool(prop.get("x-kubernetes-embedded-resource")))
            if ft is None:
                continue
            if (cel_name := escape(name)) is not None:
                fields[cel_name] = ft
            if name in required and "default" not in prop:
                min_size += len(name) + ft.min_size + 4
        return Decl("object", 0, min_size, fields=fields, open=bool(s.get("x-kubernetes-preserve-unknown-fields")))
    if t == "string":
        fmt = s.get("format")
        if fmt == "byte":
            ml = s.get("maxLength")
            return Decl("bytes", _nonneg(ml) if ml is not None else MAX_REQUEST - 2, 2)
        if fmt == "duration":
            return Decl("duration", 32, 3)
        if fmt == "date":
            return Decl("timestamp", 12, 12)
        if fmt == "date-time":
            return Decl("timestamp", 32, 21)
        if s.get("maxLength") is not None:
            return Decl("string", _nonneg(s["maxLength"]) * 4, 2)
        if s.get("enum"):
            return Decl("string", max((len(v) for v in s["enum"] if isinstance(v, str)), default=0), 2)
        return Decl("string", MAX_REQUEST - 2, 2)
    return {"boolean": Decl("bool", 0, 4), "number": Decl("double", 0, 1), "integer": Decl("int", 0, 1)}.get(t)


def _with_type_and_meta(s: dict) -> dict:
    """A resource root as CEL sees it: apiVersion, kind and metadata.name/generateName declared."""
    props = s.get("properties", {})
    meta = props.get("metadata", {}).get("properties", {})

    def capped(existing: dict, limit: int) -> dict:
        ml = existing.get("maxLength")
        return {"type": "string", "maxLength": min(ml, limit) if ml is not None else limit}

    out = dict(s)
    out["properties"] = {
        **props,
        "kind": {"type": "string"},
        "apiVersion": {"type": "string"},
        "metadata": {
            "type": "object",
            "properties": {
                "name": capped(meta.get("name", {}), NAME_MAX_LENGTH),
                "generateName": capped(meta.get("generateName", {}), NAME_MAX_LENGTH - 1),
            },
        },
    }
    return out


def max_cardinality(min_size: int) -> int:
    """How many values of `min_size` bytes fit in one request (the unbounded cardinality)."""
    return MAX_REQUEST // (min_size + 1)


# --- arithmetic of (min, max) estimates, saturating at 2^64-1 ----------------------------


def _add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return min(a[0] + b[0], MAX_U64), min(a[1] + b[1], MAX_U64)


def _mul(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return min(a[0] * b[0], MAX_U64), min(a[1] * b[1], MAX_U64)


def _factor(a: tuple[int, int], f: float) -> tuple[int, int]:
    def one(x: int) -> int:
        if x > 0 and x > MAX_U64 / f:
            return MAX_U64
        v = math.ceil(float(x) * f)
        return MAX_U64 if v >= 2**64 else v

    return one(a[0]), one(a[1])


def _union(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return min(a[0], b[0]), max(a[1], b[1])


UNKNOWN = (0, MAX_U64)
SCALARS = {"bool", "double", "duration", "int", "timestamp", "uint"}
BOOL_RESULTS = (
    "logical_",
    "equals",
    "not_equals",
    "less",
    "greater",
    "in_",
    "matches",
    "contains",
    "starts_with",
    "ends_with",
    "not_strictly_false",
    "has",
)
COMPARE_STRING = {
    "less_string",
    "greater_string",
    "less_equals_string",
    "greater_equals_string",
    "less_bytes",
    "greater_bytes",
    "less_equals_bytes",
    "greater_equals_bytes",
    "equals",
    "not_equals",
}


@dataclass
class _Var:
    path: list[str] | None
    size: tuple[int, int] | None
    entry: tuple | None
    kind: str | None


class Coster:
    """One rule's estimate over a checked AST, with sizes from the Decl of `self`."""

    def __init__(self, root: Decl):
        self.root = root
        self.paths: dict[int, list[str]] = {}
        self.sizes: dict[int, tuple[int, int]] = {}
        self.entries: dict[int, tuple] = {}
        self.kinds: dict[int, str] = {}
        self.vars: dict[str, list[_Var]] = {}
        self.undefined: list[str] = []  # fields selected on objects that do not declare them

    # --- sizes and types ---------------------------------------------------------------

    def _decl_at(self, path: list[str] | None) -> Decl | None:
        if not path:
            return None
        node = self.root
        for name in path[1:]:
            if name in ("@items", "@values"):
                node = node.elem
            elif name == "@keys":
                node = node.key
            else:
                node = node.fields.get(name) if node.kind == "object" else None
            if node is None:
                return None
        return node

    def _path(self, e: Node) -> list[str] | None:
        if e.kind == "ident" and self.vars.get(e.value):
            return self.vars[e.value][-1].path
        return self.paths.get(e.id)

    def kind(self, e: Node) -> str:
        """The CEL type kind of `e` (schema-derived where its path is known)."""
        path = self._path(e)
        if path and path[0] in ("self", "oldSelf"):
            d = self._decl_at(path)
            if d is not None:
                return d.kind
        if e.kind == "ident" and self.vars.get(e.value):
            return self.vars[e.value][-1].kind or "dyn"
        return self.kinds.get(e.id, "dyn")

    def size(self, e: Node) -> tuple[int, int] | None:
        if e.id in self.sizes:
            return self.sizes[e.id]
        if e.kind == "const":
            v = e.value
            if isinstance(v, str):
                return (len(v), len(v))
            return (len(v), len(v)) if isinstance(v, bytes) else (1, 1)
        if e.kind in ("list", "map"):
            n = len(e.args) if e.kind == "list" else len(e.args) // 2
            return (n, n)
        path = self._path(e)
        if path:  # like Kubernetes' estimator: any non-empty path is walked from self, its head dropped
            d = self._decl_at(path)
            if d is not None:
                self.sizes[e.id] = (0, d.max_elements)
                return self.sizes[e.id]
        if self.kind(e) in SCALARS:
            return (1, 1)
        if e.kind == "ident" and self.vars.get(e.value):
            return self.vars[e.value][-1].size
        return None

    def size_or_unknown(self, e: Node) -> tuple[int, int]:
        return self.size(e) or UNKNOWN

    def _entry(self, e: Node) -> tuple | None:
        if e.id in self.entries:
            return self.entries[e.id]
        if e.kind == "ident" and self.vars.get(e.value):
            return self.vars[e.value][-1].entry
        return None

    # --- the walk --------------------------------------------------------------------

    def cost(self, e: Node | None) -> tuple[int, int]:
        if e is None:
            return (0, 0)
        if e.kind == "const":
            self.kinds[e.id] = _const_kind(e.value)
            return (0, 0)
        if e.kind == "ident":
            if not self.vars.get(e.value):
                self.paths[e.id] = [e.value]
            else:
                self.kinds[e.id] = self.kind(e)  # while the variable is in scope
            return (1, 1)
        if e.kind == "select":
            return self._select(e)
        if e.kind == "call":
            return self._call(e)
        if e.kind == "list":
            total = (0, 0)
            item = (0, 0) if not e.args else (MAX_U64, 0)
            for a in e.args:
                total = _add(total, self.cost(a))
                item = _union(item, self.size_or_unknown(a))
            self.entries[e.id] = ("list", (1, 1), item)
            self.kinds[e.id] = "list"
            return _add(total, (10, 10))
        if e.kind == "map":
            total = (0, 0)
            for a in e.args:
                total = _add(total, self.cost(a))
            self.kinds[e.id] = "map"
            return _add(total, (30, 30))
        return self._comprehension(e)

    def _select(self, e: Node) -> tuple[int, int]:
        total = self.cost(e.target)
        base = self._path(e.target)
        d = self._decl_at(base) if base and base[0] in ("self", "oldSelf") else None
        if d is not None and d.kind == "object" and not d.open and e.value not in d.fields:
            self.undefined.append(e.value)
        if e.test_only:
            self.kinds[e.id] = "bool"
            return total
        if self.kind(e.target) in ("map", "object"):
            total = _add(total, (1, 1))
        self.paths[e.id] = [*(base or []), e.value]  # Go appends to a nil path: [field]
        return total

    def _comprehension(self, e: Node) -> tuple[int, int]:
        c = e.comp
        rng, init = c["range"], c["init"]
        bind = rng.kind == "list" and not rng.args and c["cond"].kind == "const" and c["cond"].value is False
        if bind and c["accu_var"] not in ("@result", "__result__"):
            total = _add(self.cost(rng), self.cost(init))  # cel.bind
            self._push(c["accu_var"], init)
            total = _add(total, self.cost(c["result"]))
            self.vars[c["accu_var"]].pop()
            if (sz := self.size(c["result"])) is not None:
                self.sizes[e.id] = sz
            self.kinds[e.id] = self.kind(c["result"])
            return total
        total = _add(self.cost(rng), self.cost(init))
        self._push(c["accu_var"], init)
        entry = self._entry(rng)
        container = entry[0] if entry else self.kind(rng)
        base = self._path(rng)
        rng_decl = self._decl_at(base) if base and base[0] in ("self", "oldSelf") else None
        elem_kind = rng_decl.elem.kind if rng_decl is not None and rng_decl.elem is not None else None
        if "iter_var2" in c:
            key_sub = "@indices" if container == "list" else "@keys"
            val_sub = "@items" if container == "list" else "@values"
            self._push_iter(
                c["iter_var"], base, key_sub, entry[1] if entry else None, "int" if container == "list" else "string"
            )
            self._push_iter(c["iter_var2"], base, val_sub, entry[2] if entry else None, elem_kind)
        elif container == "list":
            self._push_iter(c["iter_var"], base, "@items", entry[2] if entry else None, elem_kind)
        else:
            self._push_iter(c["iter_var"], base, "@keys", entry[1] if entry else None, "string")
        loop = self.cost(c["cond"])
        step = self.cost(c["step"])
        self.vars[c["iter_var"]].pop()
        if "iter_var2" in c:
            self.vars[c["iter_var2"]].pop()
        total = _add(total, self.cost(c["result"]))
        self.vars[c["accu_var"]].pop()
        rng_size = self.size_or_unknown(rng)
        total = _add(total, _mul(rng_size, _add(step, loop)))
        result = c["result"]
        if result.kind != "ident" or result.value != c["accu_var"]:  # `exists_one`: a count compared
            self.kinds[e.id] = self.kind(result)
        elif init.kind == "const":
            if (sz := self.size(init)) is not None:
                self.sizes[e.id] = sz
            self.kinds[e.id] = _const_kind(init.value)
        elif init.kind in ("list", "map"):
            self.sizes[e.id] = rng_size
            self.kinds[e.id] = init.kind
            if (step_entry := self._entry(c["step"])) is not None:
                self.entries[e.id] = step_entry
        return total

    def _push(self, name: str, e: Node) -> None:
        self.vars.setdefault(name, []).append(_Var(self._path(e), self.size(e), self._entry(e), self.kind(e)))

    def _push_iter(self, name: str, base, sub: str, size, kind) -> None:
        path = [*(base or []), sub]
        self.vars.setdefault(name, []).append(_Var(path, size, None, kind))

    def _call(self, e: Node) -> tuple[int, int]:
        fn = e.value
        if fn == "dyn" and e.args:
            c = _add((1, 1), self.cost(e.args[0]))
            if (sz := self.size(e.args[0])) is not None:
                self.sizes[e.id] = sz
            self.kinds[e.id] = self.kind(e.args[0])
            return c
        arg_costs = [self.cost(a) for a in e.args]
        if not e.overloads:
            return (0, 0)
        total = (0, 0)
        if e.target is not None:
            total = self.cost(e.target)
        fn_cost = (MAX_U64, 0)
        result_size = None
        for ov in self._narrow(e):
            est, rsize = self._function_cost(e, fn, ov, arg_costs)
            fn_cost = _union(fn_cost, est)
            if rsize is not None:
                result_size = rsize if result_size is None else _union(result_size, rsize)
            if ov in ("index_list", "index_map") and e.args:
                entry = self._entry(e.args[0])
                result_size = entry[2] if entry else None
                base = self._path(e.args[0]) or []
                self.paths[e.id] = [*base, "@items" if ov == "index_list" else "@values"]
        self.kinds[e.id] = _result_kind(fn, e.overloads, self, e)
        if result_size is None:
            result_size = self.size(e)
        if result_size is not None:
            self.sizes[e.id] = result_size
        return _add(total, fn_cost)

    def _narrow(self, e: Node) -> tuple[str, ...]:
        """The overloads the server's typed schema would pick, where our `dyn` object fields leave several."""
        if len(e.overloads) < 2:
            return e.overloads
        decider = e.args[1] if e.overloads[0].startswith("in_") and len(e.args) > 1 else e.target or e.args[0]
        token = _TOKENS.get(self.kind(decider))
        kept = tuple(ov for ov in e.overloads if token in ov.split("_"))
        return kept or e.overloads

    def _function_cost(self, e: Node, fn: str, ov: str, arg_costs) -> tuple[tuple[int, int], tuple | None]:
        args_sum = (0, 0)
        for a in arg_costs:
            args_sum = _add(args_sum, a)
        lists = self._lists_call(e, ov)
        if lists is not None:
            return _add(lists[0], args_sum), lists[1]
        k8s = self._k8s_call(e, fn)
        if k8s is not None:
            return _add(k8s[0], args_sum), k8s[1]
        args, target = e.args, e.target
        if ov == "string_to_bytes" and len(args) == 1:
            sz = self.size_or_unknown(args[0])
            return _add(_factor(sz, STRING_FACTOR), args_sum), (sz[0], min(sz[1] * 4, MAX_U64))
        if ov == "bytes_to_string" and len(args) == 1:
            sz = self.size_or_unknown(args[0])
            return _add(_factor(sz, STRING_FACTOR), args_sum), (sz[0] // 4, sz[1])
        if ov in ("starts_with_string", "ends_with_string") and len(args) == 1:
            return _add(_factor(self.size_or_unknown(args[0]), STRING_FACTOR), args_sum), None
        if ov == "in_list" and len(args) == 2:
            return _add(self.size_or_unknown(args[1]), args_sum), None
        if ov == "matches_string" and target is not None and len(args) == 1:
            s = _factor(_add(self.size_or_unknown(target), (1, 1)), STRING_FACTOR)
            r = _factor(self.size_or_unknown(args[0]), REGEX_FACTOR)
            return _add(_mul(s, r), args_sum), None
        if ov == "contains_string" and target is not None and len(args) == 1:
            s = _factor(self.size_or_unknown(target), STRING_FACTOR)
            sub = _factor(self.size_or_unknown(args[0]), STRING_FACTOR)
            return _add(_mul(s, sub), args_sum), None
        if ov in ("logical_or", "logical_and"):
            lhs, rhs = arg_costs
            return (lhs[0], _add(lhs, rhs)[1]), None
        if ov == "conditional":
            size = _union(self.size_or_unknown(args[1]), self.size_or_unknown(args[2]))
            e1, e2 = self._entry(args[1]), self._entry(args[2])
            if e1 and e2:
                self.entries[e.id] = (e1[0], _union(e1[1], e2[1]), _union(e1[2], e2[2]))
            return _add(arg_costs[0], _union(arg_costs[1], arg_costs[2])), size
        if ov in ("add_string", "add_bytes", "add_list") and len(args) == 2:
            size = _add(self.size_or_unknown(args[0]), self.size_or_unknown(args[1]))
            e1, e2 = self._entry(args[0]), self._entry(args[1])
            if e1 and e2:
                self.entries[e.id] = (e1[0], _union(e1[1], e2[1]), _union(e1[2], e2[2]))
            if ov == "add_list":
                return _add((1, 1), args_sum), size
            return _add(_factor(size, STRING_FACTOR), args_sum), size
        if ov in COMPARE_STRING:
            lhs, rhs = self.size_or_unknown(args[0]), self.size_or_unknown(args[1])
            smallest = min(lhs[1], rhs[1])
            return _add(_factor((1 if smallest > 0 else 0, smallest), STRING_FACTOR), args_sum), None
        return _add((1, 1), args_sum), None

    def _lists_call(self, e: Node, ov: str):
        """cel-go's lists extension (version 3, `ext/lists.go` estimators, ahead of the Kubernetes
        library's): each allocates a list, so costs its size times a factor, plus the call and the
        list's creation; `distinct` and `sort` compare their input with itself, `sortBy` its keys
        (the size squared, the result's size too)."""
        target, args = e.target, e.args
        if ov == "list_slice" and target is not None and len(args) == 2:
            start, end = _literal_uint(args[0], 0), _literal_uint(args[1], self.size_or_unknown(target)[1])
            n = (end - start) % 2**64
            return _allocating(1.0, (n, n))
        if ov in ("list_flatten", "list_flatten_int") and target is not None:
            depth = _literal_uint(args[0], MAX_U64) if args else 1
            return _allocating(float(depth), self.size_or_unknown(target))
        if ov in ("lists_range", "list_range") and target is None and len(args) == 1:
            n = _literal_uint(args[0], MAX_U64)
            return _allocating(1.0, (n, n))
        if ov == "list_reverse" and target is not None:
            return _allocating(1.0, self.size_or_unknown(target))
        if ov == "list_distinct" and target is not None:
            size = self.size_or_unknown(target)
            return _allocating(2.0, _mul(size, size))
        sorted_by = ov.endswith("_sortByAssociatedKeys") and len(args) == 1
        if ov.startswith("list_") and (ov.endswith("_sort") and target is not None or sorted_by):
            keys = args[0] if sorted_by else target
            size = self.size_or_unknown(keys)
            # the element type: the schema's where it says (the engine leaves a field's list `dyn`
            # and keeps every overload), else the overload's
            known = self._list_element(keys)
            element = known[0] if known else self._mapped_kind(keys) or ov[len("list_") :].rsplit("_", 1)[0]
            return _allocating(2.0 + (STRING_FACTOR if element in ("string", "bytes") else 0), _mul(size, size))
        return None

    def _mapped_kind(self, e: Node) -> str | None:
        """The kind of the elements a `map()` comprehension appends (`accu + [x]`), where known:
        `sortBy`'s keys."""
        step = e.comp.get("step") if e.kind == "comp" else None
        if step is not None and step.kind == "call" and step.value == "_?_:_" and len(step.args) == 3:
            step = step.args[1]  # map() with a filter: the step appends under its condition
        if step is None or step.kind != "call" or step.value != "_+_" or len(step.args) != 2:
            return None
        appended = step.args[1]
        if appended.kind != "list" or len(appended.args) != 1:
            return None
        kind = self.kind(appended.args[0])
        return kind if kind in SCALARS or kind in ("string", "bytes") else None

    def _k8s_call(self, e: Node, fn: str):
        """Kubernetes' library cost estimator (functions the renderings can use), and cel-go's sets
        extension: each element of one list against each of the other (twice for `equivalent`), plus
        the call."""
        target, args = e.target, e.args
        if fn in _SETS and len(args) == 2:
            pairs = _mul(self.size_or_unknown(args[0]), self.size_or_unknown(args[1]))
            return _add(_factor(pairs, _SETS[fn]), (1, 1)), None
        if fn in ("lowerAscii", "upperAscii", "substring", "trim") and target is not None:
            sz = self.size_or_unknown(target)
            return _factor(sz, STRING_FACTOR), sz
        if fn in ("url", "jsonpatch.escapeKey") and len(args) == 1:
            sz = self.size_or_unknown(args[0])
            return _factor(sz, STRING_FACTOR), sz
        if fn in ("split", "replace") and target is not None:
            sz = self.size_or_unknown(target)
            return _factor(sz, 2 * STRING_FACTOR), (0, sz[1])
        if fn in ("cidr", "isIP", "isCIDR", "ip", "quantity", "isQuantity", "semver", "isSemver") and args:
            return _factor(self.size_or_unknown(args[0]), STRING_FACTOR), None
        if fn == "ip.isCanonical" and args:  # parsed, then compared with the text
            return _factor(self.size_or_unknown(args[0]), 2 * STRING_FACTOR), None
        if fn in ("containsIP", "containsCIDR") and args:
            return self._contains_cost(e, fn), None
        if fn == "_==_" and len(args) == 2:
            return self._library_equality(args[0], args[1])
        if fn == "validate" and args:
            return _factor(
                _factor(self.size_or_unknown(args[0]), STRING_FACTOR), MAX_NAME_FORMAT_REGEX * REGEX_FACTOR
            ), None
        if fn in (
            "format.named",
            "sign",
            "asInteger",
            "isInteger",
            "asApproximateFloat",
            "isGreaterThan",
            "isLessThan",
            "compareTo",
            "add",
            "sub",
            "major",
            "minor",
            "patch",
        ):
            return (1, 1), None
        if fn in _LIST_FUNCTIONS and target is not None:
            return self._list_function_cost(fn, target), None
        return None

    def _contains_cost(self, e: Node, fn: str) -> tuple[int, int]:
        """`containsIP`/`containsCIDR`: two 4- or 16-byte addresses compared (a CIDR's bits once
        more, plus 1), and a string argument parsed."""
        cost = _factor((8, 32), STRING_FACTOR)
        if fn == "containsCIDR":
            cost = _add(_add(cost, _factor((4, 16), STRING_FACTOR)), (1, 1))
        if self.library_kind(e.args[0]) is None:  # the string overload
            cost = _add(cost, _factor(self.size_or_unknown(e.args[0]), STRING_FACTOR))
        return cost

    def _library_equality(self, lhs: Node, rhs: Node):
        """`==` of two values of one of the library's types, which the library prices itself (other
        operands: None, cel-go's own estimate)."""
        kind = self.library_kind(lhs)
        if kind is None or kind != self.library_kind(rhs):
            return None
        if kind == "format":
            return _factor((1, MAX_FORMAT_SIZE), STRING_FACTOR), None
        if kind == "url":  # the right operand's size, twice (as the estimator has it)
            size = self.sizes.get(rhs.id, (1, 1))
            return _factor((1, size[1]), STRING_FACTOR), None
        return (1, 1), None

    def library_kind(self, e: Node) -> str | None:
        """The Kubernetes library type of `e`'s value (ip, cidr, url, quantity, semver, format), if any."""
        kind = self.kind(e)
        return kind.removeprefix("k8s.") if kind.startswith("k8s.") else None

    def _list_function_cost(self, fn: str, target: Node) -> tuple[int, int]:
        """The lists library (`isSorted`, `sum`, `min`, `max`, `indexOf`, ...): each element compared
        once, a string or bytes element also traversed; a target whose type has no element type (a
        string's `indexOf`) is traversed as a string."""
        element = self._list_element(target)
        size = self.size_or_unknown(target)
        if element is None:
            return _mul(size, (1, 1)) if fn == "includes" else _factor(size, STRING_FACTOR)
        kind, elem_size = element
        cost = (1, 1)
        if kind in ("string", "bytes"):
            cost = _add(cost, _factor(elem_size, STRING_FACTOR))
        return _mul(size, cost)

    def _list_element(self, e: Node) -> tuple[str, tuple[int, int]] | None:
        """(kind, size) of the elements of a list-typed `e` (Kubernetes' `listElementNode`): the
        size looked up by the list's path and `@items`, unknown without one; None if `e` is not
        typed as a list."""
        path = self._path(e)
        if e.kind == "list":
            kinds = {self.kind(a) for a in e.args}
            return (kinds.pop() if len(kinds) == 1 else "dyn"), UNKNOWN
        d = self._decl_at(path) if path and path[0] in ("self", "oldSelf") else None
        if d is None or d.kind != "list" or d.elem is None:
            return None
        item = self._decl_at([*path, "@items"])
        return d.elem.kind, (0, item.max_elements) if item is not None else UNKNOWN


_SETS = {"sets.contains": 1, "sets.intersects": 1, "sets.equivalent": 2}
_LIST_FUNCTIONS = ("isSorted", "sum", "max", "min", "indexOf", "lastIndexOf", "includes")
# the overloads whose result is one of the Kubernetes library's types (cellib), by their ids
_LIBRARY_RESULTS = {
    "string_to_ip": "ip",
    "cidr_ip": "ip",
    "string_to_cidr": "cidr",
    "cidr_masked": "cidr",
    "string_to_url": "url",
    "string_to_quantity": "quantity",
    "quantity_add": "quantity",
    "quantity_add_int": "quantity",
    "quantity_sub": "quantity",
    "quantity_sub_int": "quantity",
    "string_to_semver": "semver",
    "string_to_semver_normalize": "semver",
}
_TOKENS = {
    "string": "string",
    "bytes": "bytes",
    "int": "int64",
    "double": "double",
    "bool": "bool",
    "timestamp": "timestamp",
    "duration": "duration",
    "list": "list",
    "map": "map",
    "object": "map",
}


def _allocating(factor: float, size: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """(cost, result size) of a call that builds a list of `size` (ext/lists.go's
    estimateAllocatingListCall): the size times the factor, the call and the list's creation."""
    return _add(_factor(size, factor), (1 + LIST_CREATE, 1 + LIST_CREATE)), size


def _literal_uint(n: Node, default: int) -> int:
    """ext/costs.go's nodeAsUintValue: an int literal's value (a negative one 0), else `default`."""
    if n.kind != "const" or type(n.value) is not int:
        return default
    return max(n.value, 0)


def _const_kind(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "double"
    return "bytes" if isinstance(v, bytes) else "string"


_CONVERSIONS = {"duration": "duration", "timestamp": "timestamp", "double": "double", "bytes": "bytes", "bool": "bool"}


def _result_kind(fn: str, overloads: tuple[str, ...], c: Coster, e: Node) -> str:
    """The kind of a call's result: its overload's, once narrowed by its operands' kinds (where
    the overloads left still differ, "dyn")."""
    kinds = {_overload_kind(fn, ov, c, e) for ov in c._narrow(e)}
    return kinds.pop() if len(kinds) == 1 else "dyn"


def _overload_kind(fn: str, ov: str, c: Coster, e: Node) -> str:
    if ov in _LIBRARY_RESULTS:
        return "k8s." + _LIBRARY_RESULTS[ov]
    if fn.startswith("format.") and fn != "format.named":
        return "k8s.format"
    if fn == "value" and e.target is not None and e.target.kind == "call" and e.target.value == "format.named":
        return "k8s.format"
    if fn in ("value", "orValue") and e.target is not None and e.target.kind == "ident" and e.target.value == "oldSelf":
        return c.root.kind  # optionalOldSelf: the optional's value has self's type
    if ov.startswith(BOOL_RESULTS) or fn in ("!_", "@not_strictly_false", "hasValue"):
        return "bool"
    if ov.startswith("size") or ov.endswith("_size") or ov.startswith("int64") or fn == "int":
        return "int"
    if ov in ("add_string", "add_bytes", "add_list", "conditional"):
        return c.kind(e.args[-1])
    if ov.startswith(("add_int64", "subtract_int64", "multiply_int64", "divide_int64", "modulo_int64", "negate_int64")):
        return "int"
    if ov == "index_list" or ov == "index_map":
        return "dyn"
    if fn in ("lowerAscii", "upperAscii", "substring", "trim", "replace", "string", "join"):
        return "string"
    if fn in _CONVERSIONS and not e.target:  # a type conversion: its result has the type it names
        return _CONVERSIONS[fn]
    return "dyn"


def estimate(ast: Node, root: Decl) -> tuple[int, list[str], str]:
    """The maximum estimated cost of one evaluation of a rule, the undeclared fields it selects and
    the kind of its result ("dyn" where the schema does not say)."""
    c = Coster(root)
    return c.cost(ast)[1], c.undefined, c.kind(ast)


def typed_reads(ast: Node, root: Decl) -> list[tuple[Node, str]]:
    """The field selections and variables of a checked rule whose schema says a timestamp or a
    duration (a `date`, `date-time` or `duration` string), with that kind."""
    c = Coster(root)
    c.cost(ast)
    out = []
    for n in nodes(ast):
        read = (n.kind == "select" and not n.test_only) or (n.kind == "ident" and not str(n.value).startswith("@"))
        if read and (kind := c.kind(n)) in ("timestamp", "duration"):
            out.append((n, kind))
    return out


# the kinds whose cel-go type is the kind alone (no parameters, no schema-given name), as it prints them
_SCALAR_TYPES = {"int": "int", "uint": "uint", "double": "double", "string": "string", "bytes": "bytes"}
_SCALAR_TYPES |= {"bool": "bool", "null": "null_type", "duration": "google.protobuf.Duration"}
_SCALAR_TYPES |= {"timestamp": "google.protobuf.Timestamp"}


def mixed_literals(ast: Node, root: Decl) -> list[tuple[Node, str, str]]:
    """cel-go's homogeneous aggregate literal validator (on in the server's environment since 1.29):
    each list literal's elements, and each map literal's keys and values, of the first one's type;
    (node, expected type, found type) of each that is not. Only types known for certain are
    compared: a literal's, or a field's the schema gives (the engine types an object's fields as
    `dyn`, cel-go by the schema, so a computed value's type is not known here)."""
    c = Coster(root)
    c.cost(ast)

    def known(e: Node) -> str | None:
        if e.kind == "const":
            kind = "uint" if isinstance(e.value, Uint) else _const_kind(e.value)
        elif e.kind in ("ident", "select") and not e.test_only and (c._path(e) or [""])[0] in ("self", "oldSelf"):
            decl = c._decl_at(c._path(e))
            kind = decl.kind if decl is not None else None
        else:
            return None
        return _SCALAR_TYPES.get(kind)

    found = []
    for n in nodes(ast):
        if n.kind == "list":
            types = [known(e) for e in n.args]
            first = types[0] if types else None
            mismatch = next((i for i, t in enumerate(types) if first and t and t != first), None)
            if mismatch is not None:
                found.append((n.args[mismatch], first, types[mismatch]))
        elif n.kind == "map" and n.args:
            for column in (n.args[0::2], n.args[1::2]):
                types = [known(e) for e in column]
                first = types[0]
                found += [(e, first, t) for e, t in zip(column, types, strict=True) if first and t and t != first]
    return found


def cel_type(d: Decl) -> cel.Type:
    """A cel-expr-python type for a Decl (objects as string-keyed maps of dyn)."""
    simple = {
        "string": cel.Type.STRING,
        "bytes": cel.Type.BYTES,
        "int": cel.Type.INT,
        "double": cel.Type.DOUBLE,
        "bool": cel.Type.BOOL,
        "duration": cel.Type.DURATION,
        "timestamp": cel.Type.TIMESTAMP,
    }
    if d.kind in simple:
        return simple[d.kind]
    if d.kind == "list":
        return cel.Type.List(cel_type(d.elem))
    if d.kind == "map":
        return cel.Type.Map(cel.Type.STRING, cel_type(d.elem))
    if d.kind == "object":
        return cel.Type.Map(cel.Type.STRING, cel.Type.DYN)
    return cel.Type.DYN
