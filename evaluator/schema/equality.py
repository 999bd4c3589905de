"""Go value equality over JSON values, compiled per schema shape.

The reference compares typed Go values, not JSON: an absent value (non-pointer) field is its
zero value, an absent pointer is nil, unknown fields were dropped by the decoder, and
`equality.Semantic.DeepEqual` (ratcheting, non-comparable set items) treats a nil and an empty
list or map as equal. Where it uses Go `==` (list-map keys, sets of comparable items) the types
involved hold no lists or maps, so the same relation serves both.

`eq_fn` answers "equal?" and stops at the first difference; `canon_fn` gives a hashable
canonical form (equal values, equal forms) for matching items by value or by key.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

from .shape import ZERO, Resolver, Shape

_CONTAINERS = ("list", "map")
_JSON_CONTAINERS = (dict, list)
_WALKED = ("struct", "list", "map")  # shapes whose equality walks into children


# the running validation's (id(a), id(b)) -> (a, b, equal), in this thread: the pair is kept alive, its ids unique
_memo: ContextVar[dict | None] = ContextVar("dv_eval_equality_memo", default=None)


def open_scope() -> dict | None:
    """Remember container comparisons until `close_scope` (one validation: its values do not change);
    returns the token to hand to `close_scope`."""
    token = _memo.get()
    _memo.set({})
    return token


def close_scope(token: dict | None) -> None:
    _memo.set(token)


def _plain_eq(a, b) -> bool:
    """Values of no known shape: Python's equality (C, linear in their size)."""
    return a == b


def _memoized(same: Callable[..., bool]) -> Callable[[object, object], bool]:
    """`same`, asked once per pair of containers in the running scope (`walk.same`: for the first
    question, `same(a, b, True)` compares children in C first)."""

    def walk(a, b) -> bool:
        if a is b:
            return True
        if type(a) not in _JSON_CONTAINERS or type(b) not in _JSON_CONTAINERS:
            return same(a, b)
        memo = _memo.get()
        if memo is None:
            return same(a, b)
        key = (id(a), id(b))
        hit = memo.get(key)
        if hit is not None:
            return hit[2]
        result = same(a, b)
        memo[key] = (a, b, result)
        return result

    walk.same = same
    return walk


def freeze(v):
    """A hashable stand-in for a JSON value of no known shape (nil stays None)."""
    t = type(v)
    if t is dict or t is list:
        return _freeze(v)
    if t is float and v.is_integer():
        return int(v)
    return v


def _freeze(v):
    t = type(v)
    if t is dict:
        return ("d",) + _sorted_items((k, _freeze(x)) for k, x in v.items())
    if t is list:
        return ("l",) + tuple(_freeze(x) for x in v)
    if t is float and v.is_integer():
        return int(v)
    return v


def _sorted_items(pairs) -> tuple:
    """(key, form) pairs in key order; keys of mixed types (YAML allows them, JSON does not) by repr."""
    items = list(pairs)
    try:
        items.sort()
    except TypeError:
        items.sort(key=lambda kv: repr(kv[0]))
    return tuple(items)


class Equality:
    """Equality and canonical-form functions for the shapes of one document (built lazily, cached)."""

    def __init__(self, res: Resolver):
        self.res = res
        self._eq: dict[int, Callable] = {}
        self._canon: dict[int, Callable] = {}

    def _members(self, shape: Shape) -> list[tuple[str, Shape, bool]]:
        return [(k, self.res.shape(s), bool(s.get("x-dv-value"))) for k, s in shape.props.items()]

    def _elem(self, schema: dict | None) -> tuple[Shape | None, bool]:
        if not isinstance(schema, dict):
            return None, False
        return self.res.shape(schema), bool(schema.get("x-dv-value"))

    def _cached(self, table: dict, shape: Shape | None, build):
        if shape is None:
            return build(None)
        fn = table.get(id(shape))
        if fn is None:
            cell: list = []
            table[id(shape)] = lambda *a: cell[0](*a)  # recursion: a forward reference until built
            cell.append(build(shape))
            fn = table[id(shape)] = cell[0]
        return fn

    # -- equality --------------------------------------------------------------------
    def eq_fn(self, shape: Shape | None) -> Callable[[object, object], bool]:
        """Equality of two values at a position of this shape (either may be None = nil/absent).

        Linear in the values however often it is asked: the first question compares in C (`==`),
        then each child in C; below a child that differs, every container pair is compared once and remembered
        (by identity, between `open_scope` and `close_scope`), so ratcheting at every level of a deep update
        costs one walk, not one per level."""
        if shape is None or shape.kind not in _WALKED:
            return _plain_eq  # no containers to walk
        walk = top = None  # built on the first question that needs them: a create never asks

        def eq(a, b):
            nonlocal walk, top
            if a is b:
                return True
            if walk is None:
                walk = self.walk_fn(shape)
                top = getattr(walk, "same", None)
            if type(a) not in _JSON_CONTAINERS or type(b) not in _JSON_CONTAINERS:
                return walk(a, b)
            memo = _memo.get()
            if memo is None:  # outside a validation: remembered for this question only
                memo = {}
            else:
                hit = memo.get((id(a), id(b)))
                if hit is not None:
                    return hit[2]
            if a == b:
                return True  # not remembered: a ratcheted value is not walked into again
            if top is None:
                return walk(a, b)
            token = _memo.get()
            _memo.set(memo)
            try:  # children compared in C first, the unequal ones walked: C work at most twice the size
                result = top(a, b, True)
            finally:
                _memo.set(token)
            memo[(id(a), id(b))] = (a, b, result)
            return result

        return eq

    def walk_fn(self, shape: Shape | None) -> Callable[[object, object], bool]:
        """Equality without C `==` on containers: each container pair is compared once (memoized)."""
        return self._cached(self._eq, shape, self._build_walk)

    def _build_walk(self, shape: Shape | None):
        kind = shape.kind if shape is not None else "any"
        if kind == "struct":
            members = {k: (self.walk_fn(s), s.kind, vf) for k, s, vf in self._members(shape)}

            def same(a, b, top: bool = False) -> bool:
                if type(a) is not dict or type(b) is not dict:
                    return a == b  # mistyped data: not walked (validation does not descend into it either)
                ok = True
                for k in a.keys() | b.keys() if len(a) + len(b) < len(members) else members:
                    m = members.get(k)
                    if m is None:
                        continue  # a field the schema does not know: the decoder drops it
                    x, y = a.get(k), b.get(k)
                    if x is y or (top and x == y):
                        continue
                    f, sub_kind, vf = m
                    if vf and sub_kind not in _CONTAINERS:
                        if x is None:
                            x = ZERO.get(sub_kind)
                        if y is None:
                            y = ZERO.get(sub_kind)
                    if not f(x, y):
                        ok = False  # go on: every pair below is remembered, none asked twice
                return ok

            return _memoized(same)
        if kind == "list":
            item, _ = self._elem(shape.items)
            item_eq = self.walk_fn(item)
            item_zero = self._zero_of(shape.items)

            def same(a, b, top: bool = False) -> bool:
                if not a and not b:
                    return a in (None, []) and b in (None, [])
                if type(a) is not list or type(b) is not list or len(a) != len(b):
                    return False
                ok = True
                for x, y in zip(a, b, strict=True):
                    if x is not y and not (top and x == y):
                        if x is None:
                            x = item_zero
                        if y is None:
                            y = item_zero
                        if not item_eq(x, y):
                            ok = False
                return ok

            return _memoized(same)
        if kind == "map":
            val, _ = self._elem(shape.values)
            val_eq = self.walk_fn(val)
            val_zero = self._zero_of(shape.values)

            def same(a, b, top: bool = False) -> bool:
                if not a and not b:
                    return a in (None, {}) and b in (None, {})
                if type(a) is not dict or type(b) is not dict or a.keys() != b.keys():
                    return False
                ok = True
                for k, x in a.items():
                    y = b[k]
                    if x is not y and not (top and x == y):
                        if x is None:
                            x = val_zero
                        if y is None:
                            y = val_zero
                        if not val_eq(x, y):
                            ok = False
                return ok

            return _memoized(same)
        return _plain_eq

    def _zero_of(self, schema) -> object:
        """What a nil element decodes to: the zero value for a value element, else nil."""
        shape, vf = self._elem(schema)
        return ZERO.get(shape.kind) if shape is not None and vf else None

    # -- canonical forms --------------------------------------------------------------
    def canon_fn(self, shape: Shape | None) -> Callable[[object], object]:
        """A hashable form of a non-nil value at a position of this shape: equal values, equal forms."""
        return self._cached(self._canon, shape, self._build_canon)

    def value_canon(self, shape: Shape | None, value_field: bool) -> Callable[[object], object]:
        """Like `canon_fn`, for a position that may be nil: a value position's nil is its zero value;
        a nil list or map is the empty one."""
        canon = self.canon_fn(shape)
        kind = shape.kind if shape is not None else "any"
        zero = ZERO.get(kind) if (value_field or kind in _CONTAINERS) else None
        if zero is None:
            return canon if canon is freeze else lambda v: None if v is None else canon(v)
        return lambda v: canon(zero if v is None else v)

    def _build_canon(self, shape: Shape | None):
        kind = shape.kind if shape is not None else "any"
        if kind == "struct":
            members = [(k, self.value_canon(s, vf)) for k, s, vf in self._members(shape)]

            def canon(v):
                if type(v) is not dict:
                    return freeze(v)
                get = v.get
                return ("s",) + tuple(c(get(k)) for k, c in members)

            return canon
        if kind in _CONTAINERS:
            elem_shape, vf = self._elem(shape.items if kind == "list" else shape.values)
            elem = self.value_canon(elem_shape, vf)
            if kind == "list":
                return lambda v: ("l",) + tuple(elem(x) for x in v) if type(v) is list else freeze(v)
            return lambda v: (
                (("m",) + _sorted_items((k, elem(x)) for k, x in v.items())) if type(v) is dict else freeze(v)
            )
        return freeze

    def key_fn(self, item_schema: dict | None, keys: tuple) -> Callable[[object], object]:
        """A list-map item's key as Go compares it: value key fields default to their zero value,
        pointer key fields to nil. A non-object item has no key (None)."""
        item = self.res.shape(item_schema) if isinstance(item_schema, dict) else None
        props = item.props if item is not None else {}
        parts = []
        for k in keys:
            s = props.get(k)
            parts.append((k, self.value_canon(self.res.shape(s), bool(s.get("x-dv-value"))) if s else freeze))

        if len(parts) == 1:  # the common list-map: one key field, no generator
            ((k0, c0),) = parts

            def key(v):
                return (c0(v.get(k0)),) if type(v) is dict else None

            key.field = k0  # for a quick test of uniqueness on the raw values (structural._duplicates)
            return key

        if len(parts) == 2:  # two key fields (containerPort and protocol): no generator either
            ((k0, c0), (k1, c1)) = parts

            def key(v):
                if type(v) is not dict:
                    return None
                get = v.get
                return (c0(get(k0)), c1(get(k1)))

            key.field = (k0, k1)  # as above, the two fields' raw values
            return key

        def key(v):
            if type(v) is not dict:
                return None
            get = v.get
            return tuple(c(get(k)) for k, c in parts)

        return key
