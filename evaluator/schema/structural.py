"""Keywords that walk into children or relate fields: properties, items, maps,
item/subfield/each selectors, unions, modes, dependencies, update rules, and
the option / lifecycle wrappers."""

from __future__ import annotations

import sys

from evaluator.runtime.deep import check_room

from . import errors as E
from .context import NOOLD
from .equality import freeze
from .schemaerror import SchemaError
from .shape import JSON_TYPES, NIL_LIST

# --- structs ---------------------------------------------------------------------


def _old(y, zero):
    return zero if y is None else y


def kw_properties(c, props, schema, shape, n):
    if not isinstance(props, dict):
        raise SchemaError("properties must be a mapping")
    tables = Tables()
    always: tuple = ()  # the update walk's entries (see `_entry`), set by `build`
    lazy: dict = {}
    pending: dict = {}  # a deferring compiler's fields that have nothing to check when absent, by name
    depth = c.depth  # how deep the struct nests: a deferred build counts on from there (MAX_NESTING)

    def build() -> None:
        """Compile the fields: at once, or (a deferring compiler) when a walk first meets the struct."""
        outer, c.depth = c.depth, depth
        try:
            _build()
        finally:
            c.depth = outer

    def _build() -> None:
        nonlocal always, lazy
        required = set(schema.get("required", ()))
        promoted = {f for e in schema.get("x-dv-embedded", ()) for f in e.get("fields", ())}  # see kw_embedded_structs
        compiled = []
        for name, sub in props.items():
            if name in promoted:
                continue
            # interned: an object whose keys are interned too (Python literals) is looked up by identity
            key = sys.intern(name) if type(name) is str else name
            if name in required:
                sub = {**sub, "x-dv-required": True}
            elif c.deferring and c.quiet_when_absent(sub):
                pending[key] = sub  # compiled when an object first has it (`lazy_entry`)
                continue
            node = c.node(sub, "field")
            compiled.append((key, node, node.zero))
        # Properties whose absent value can fault are walked always; the rest only when present
        # (in the new or, on update, the old object): cost follows the object, not the schema.
        always = tuple(_entry(*e) for e in compiled if not e[1].absent_noop)
        lazy = {e[0]: _entry(*e) for e in compiled if e[1].absent_noop}
        flat = {e[0]: _create_field(e) for e in always + tuple(lazy.values())}
        flat.update({name: Field(name, None, None, "", False, first_use(name), None) for name in pending})
        fast_always = tuple(flat[e[0]] for e in always)
        for rank, f in enumerate(fast_always):
            f.rank = rank
        tables.always, tables.fields = fast_always, flat

    def lazy_entry(name):
        """The entry of a field walked only when present; a pending one is compiled now (and
        replaces its stand-in in `tables.fields`). None: no such field."""
        e = lazy.get(name)
        if e is not None or name not in pending:
            return e
        outer, c.depth = c.depth, depth
        try:
            node = c.node(pending[name], "field")
        except RecursionError:  # as `Tables.fill`
            raise SchemaError("the schema nests too deeply to compile") from None
        finally:
            c.depth = outer
        e = lazy[name] = _entry(name, node, node.zero)
        tables.fields[name] = _create_field(e)
        del pending[name]  # last: a field that fails to compile fails again at its next use
        return e

    def first_use(name):
        """A pending field's stand-in check: compile it, then run its node (what the compiled
        field's `check`, or its inlined type test and check, do)."""

        def check(v, ov, path, ctx):
            lazy_entry(name)[4](v, ov, path, ctx)

        return check

    def visit(e, x, v, ov, has_old, path, ctx):
        name, node, zero, eq, core, leaf = e
        if x is None:
            x = zero
        if has_old:
            y = ov.get(name)
            if y is None:
                y = zero
            if ctx.update and eq(x, y):
                return
        else:
            y = NOOLD
        if ctx.measured:
            _descend(name, core, leaf, x, y, path, ctx)
            return
        check_room(x, y)  # a compiled update walk measures only the fields it descends into (see Validator._run)
        ctx.measured = True
        try:
            _descend(name, core, leaf, x, y, path, ctx)
        finally:
            ctx.measured = False

    def check(v, ov, path, ctx):
        if tables.build is not None:
            tables.fill()
        has_old = type(ov) is dict
        if has_old and ctx.update:  # update: ratchet per field (rare path; creates take the loop below)
            for e in always:
                visit(e, v.get(e[0]), v, ov, has_old, path, ctx)
            for name, x in v.items():
                e = lazy_entry(name)
                if e is not None:
                    visit(e, x, v, ov, has_old, path, ctx)
        else:  # the hot path (no old object to ratchet against)
            _walk_fields(tables.always, tables.fields, v, ov.get if has_old else None, path, None, ctx)
        if has_old and ctx.update:
            for name, y in ov.items():
                if y is not None and v.get(name) is None:
                    e = lazy_entry(name)
                    if e is not None:
                        visit(e, None, v, ov, has_old, path, ctx)

    if c.deferring:
        tables.build = build
    else:
        build()
    check.props_walk = True  # see Node.props_only
    check.tables = tables  # a create's walk: `_walk_fields(tables.always, tables.fields, v, None, path, None, ctx)`
    return check


def _entry(name, node, zero) -> tuple:
    """A struct field as the update walk takes it: ratcheting is done there, so a child that is a bare
    type test or a $ref hop costs no call."""
    return (name, node, zero, node.eq, node.core, node.leaf)


def _create_field(e: tuple) -> Field:
    """A struct field as a create's walk takes it: a leaf's type test inline, else the node's core."""
    name, node, zero, _eq, core, leaf = e
    if leaf is None:
        return Field(name, zero, None, "", False, core, node.accept)
    return Field(name, zero, leaf[0], leaf[1], leaf[2], leaf[3], node.accept)


class Tables:
    """A struct's fields as a create's walk takes them (`_walk_fields`; typed in structural.pxd): those
    walked even when absent (`always`, in schema order) and all of them by name (`fields`). A deferring
    compiler leaves them to `build`, which `fill` runs when a walk first meets the struct: a schema's
    types that no object reaches are never compiled."""

    __slots__ = ("always", "fields", "build")

    def __init__(self):
        self.always, self.fields, self.build = (), {}, None

    def fill(self) -> None:
        try:
            self.build()
        except RecursionError:  # the compiler's count of nested schemas (MAX_NESTING), counted on
            raise SchemaError("the schema nests too deeply to compile") from None
        self.build = None  # last: a failed build is tried again, and fails again, at the next visit


class Field:
    """A struct field as a create's walk takes it (`_walk_fields`; typed in structural.pxd): `types`
    (a leaf's JSON types, tested inline; None: `check` is the node's core, which tests them), the
    `check` to run on a value of those types (None: the type test is all), `tables` (the check is a
    struct's field walk, which `_walk_fields` then enters without a call; `items`, `values`: a list's or
    a map's), `required`, `zero`, and `accept` (what `check` passes, tested without calling it; None:
    always call it)."""

    __slots__ = (
        "name",
        "zero",
        "types",
        "t0",
        "detail",
        "required",
        "check",
        "accept",
        "tables",
        "items",
        "values",
        "rank",
    )

    def __init__(self, name, zero, types, detail, required, check, accept):
        self.name, self.zero, self.types, self.detail = name, zero, types, detail
        self.rank = -1  # a struct field walked even when absent: its place among those (kw_properties)
        self.t0 = types[0] if types else None  # the common type, told by identity before `types` is searched
        self.required, self.check, self.accept = required, check, accept
        # a leaf's check that is a walk a create may enter without calling it (kw_properties, _list_check, _map_check)
        walks = check is not None and types is not None
        self.tables = getattr(check, "tables", None) if walks else None
        self.items = getattr(check, "items", None) if walks else None
        self.values = getattr(check, "values", None) if walks else None


_VALUE_TYPES = frozenset({str, int, float, bool, list, dict})


class Accept:
    """Values a node's checks pass without a word, told apart without calling them (`_accepts`; typed
    in structural.pxd): a value of one of `kinds`; a string of `min_len`..`max_len` characters that
    `search` (a pattern's) finds; a number not below `lo` (above, if `lo_strict`) nor above `hi`
    (below, if `hi_strict`); an integer in [`int_lo`, `int_hi`); one of `members`. A value outside
    may still pass: the checks then run, and word what they find."""

    __slots__ = (
        "kinds",
        "k0",
        "min_len",
        "max_len",
        "lo",
        "lo_strict",
        "hi",
        "hi_strict",
        "int_lo",
        "int_hi",
        "members",
        "search",
    )

    def __init__(self, kinds, spec: dict):
        self.kinds = kinds
        self.k0 = next(iter(kinds)) if len(kinds) == 1 else None  # the only kind, told by identity
        self.min_len, self.max_len = spec.get("min_len", 0), spec.get("max_len", sys.maxsize)
        self.lo, self.lo_strict = spec.get("lo"), spec.get("lo_strict", False)
        self.hi, self.hi_strict = spec.get("hi"), spec.get("hi_strict", False)
        self.int_lo, self.int_hi = spec.get("int_lo"), spec.get("int_hi")
        self.members, self.search = spec.get("members"), spec.get("search")


def accept_of(types: tuple | None, checks: list) -> Accept | None:
    """The `Accept` of a node of JSON `types` (None: any) whose value checks are `checks`, when each
    check says what it passes (`check.accept`: a dict of `Accept`'s bounds, or `kinds`); else None."""
    kinds = _VALUE_TYPES if types is None else _VALUE_TYPES & frozenset(types)
    spec: dict = {}
    for c in checks:
        own = getattr(c, "accept", None)
        if own is None:
            return None
        for key, value in own.items():
            if key == "kinds":
                kinds = kinds & value
            elif key == "max_len" or key == "min_len":
                spec[key] = value if key not in spec else (min if key == "max_len" else max)(spec[key], value)
            elif key in spec:
                return None  # two bounds of one kind (allOf): left to the checks
            else:
                spec[key] = value
    return Accept(kinds, spec)


def _accepts(a: Accept, x) -> bool:
    """Whether `x` certainly passes the checks `a` stands for (False: run them)."""
    t = type(x)
    if t is not a.k0 and t not in a.kinds:
        return False
    if t is str:
        n = len(x)
        if n < a.min_len or n > a.max_len:
            return False
        if a.search is not None and not a.search(x):
            return False
    elif t is int or t is float:
        if a.lo is not None and (x <= a.lo if a.lo_strict else x < a.lo):
            return False
        if a.hi is not None and (x >= a.hi if a.hi_strict else x > a.hi):
            return False
        if t is int and a.int_lo is not None and not a.int_lo <= x < a.int_hi:
            return False
    elif t is not bool:
        return a.members is None  # a list or a map: never an enum's member
    return a.members is None or x in a.members


def _walk_fields(fast_always: tuple, fields: dict, v: dict, olds, parent, key, ctx) -> None:
    """A struct's fields on a create (no old object to ratchet against): those present in `v`, in its
    order, each found with one lookup in `fields` (all of them, by name); then the always-walked ones
    (`fast_always`, in schema order) that were absent or nil. A field's errors come out as if the
    always-walked fields had run first, in schema order, then the others in `v`'s order (`_reorder`).
    The struct's path is `(parent, key)` (`parent` itself when `key` is None), made only when a field
    needs more than `_passes`. `olds`: the old object's `get`, or None. Compiled, with C-typed
    containers (structural.pxd)."""
    made = key is None  # whether `path` is made
    path = parent
    errors = ctx.errors
    n = len(fast_always)
    marks = None  # (rank, start, end) of each field that reported, in the order the fields ran
    seen = 0  # the always-walked fields that were present: bit `rank`, for the first 63
    one = 1  # typed as `seen` is (structural.pxd): its shifts are 64-bit
    for name, x in v.items():
        f = fields.get(name)
        if f is None or x is None:
            continue
        rank = f.rank
        if rank >= 0:
            if rank < 63:
                seen |= one << rank
        else:
            rank = n
        if _passes(f, x):
            continue
        if not made:
            path, made = (parent, key), True
        start = len(errors)
        _run_field(f, x, olds, path, name, ctx)
        if len(errors) != start:
            marks = [] if marks is None else marks
            marks.append((rank, start, len(errors)))
    if n and (n > 63 or seen != (one << n) - 1):
        for f in fast_always:
            if f.rank < 63 and (seen >> f.rank) & 1:
                continue
            x = v.get(f.name)
            if x is not None:
                continue  # walked above (rank 63 and over)
            if not made:
                path, made = (parent, key), True
            start = len(errors)
            x = f.zero
            if x is None and f.required:
                ctx.add(E.REQUIRED, (path, f.name), "", "", "").short_circuit = True
            if (x is not None or f.types is None) and not _passes(f, x):
                _run_field(f, x, olds, path, f.name, ctx)
            if len(errors) != start:
                marks = [] if marks is None else marks
                marks.append((f.rank, start, len(errors)))
    if marks is not None and len(marks) > 1:
        _reorder(errors, marks)


def _reorder(errors: list, marks: list) -> None:
    """Put the errors of a struct's fields, marked as (rank, start, end) in the order the fields ran,
    in the order of their ranks (the order the fields ran in, among equal ones)."""
    ordered = sorted(marks)
    if ordered != marks:
        errors[marks[0][1] : marks[-1][2]] = [e for _, start, end in ordered for e in errors[start:end]]


def _passes(f: Field, x) -> bool:
    """Whether `x` needs nothing more as field `f`'s value: a leaf's type that has no check, or a
    value its `Accept` passes (never nil). Else `_run_field` takes it."""
    if f.types is not None:
        if type(x) is not f.t0 and type(x) not in f.types:
            return False
        if f.check is None:
            return True
    return f.accept is not None and _accepts(f.accept, x)


def _run_field(f: Field, x, olds, path, name, ctx) -> None:
    """Field `f`'s value `x` at `(path, name)`, one that `_passes` did not pass: a leaf's wrong type;
    else, with no old object at all (`olds` None), a struct's, list's or map's walk entered without a
    call (`f.tables`, `f.items`, `f.values`), or `f.check`."""
    if f.types is not None and type(x) is not f.t0 and type(x) not in f.types:
        ctx.add(E.TYPE_INVALID, (path, name), x, f.detail, "")
        return
    if olds is not None:
        f.check(x, _old(olds(name), f.zero), (path, name), ctx)
    elif f.tables is not None:
        tables = f.tables
        if tables.build is not None:
            tables.fill()
        _walk_fields(tables.always, tables.fields, x, None, path, name, ctx)
    elif f.items is not None and not (f.items.correlate and ctx.update):
        _walk_list(f.items, x, (path, name), ctx)
    elif f.values is not None:
        _walk_values(x, f.values, (path, name), ctx)
    else:
        f.check(x, NOOLD, (path, name), ctx)


def _descend(name, core, leaf, x, y, path, ctx):
    """Validate field `name`'s value `x` (old value `y`): a leaf's checks inline, else its node."""
    if leaf is not None:
        if x is None:
            if leaf[2]:
                ctx.add(E.REQUIRED, (path, name), "", "", "").short_circuit = True
        elif type(x) not in leaf[0]:
            ctx.add(E.TYPE_INVALID, (path, name), x, leaf[1], "")
        elif leaf[3] is not None:
            leaf[3](x, y, (path, name), ctx)
        return
    core(x, y, (path, name), ctx)


def _view(v, fields: tuple, pointer: bool):
    """An embedded struct as Go decodes it from its parent's JSON object: the promoted fields; a
    pointer stays nil unless one of them is present."""
    x = {k: v[k] for k in fields if k in v}
    return None if pointer and not x else x


def kw_embedded_structs(c, entries, schema, shape, n):
    """Go embedded structs: validated as one field (ratcheted as a whole) over the promoted keys.
    validation-gen paths: the parent's own path, or the Go type's name at the root (nil path)."""
    if not isinstance(entries, list):
        raise SchemaError("x-dv-embedded must be a list")
    compiled = []
    for e in entries:
        if not isinstance(e, dict) or not isinstance(e.get("schema"), dict) or not isinstance(e.get("name"), str):
            raise SchemaError("x-dv-embedded entries need a 'name' and a 'schema'")
        node = c.node(e["schema"], "field")
        compiled.append((e["name"], tuple(e.get("fields", ())), node.pointer, node.validate))

    def check(v, ov, path, ctx):
        for name, fields, pointer, validate in compiled:
            old = _view(ov, fields, pointer) if type(ov) is dict else NOOLD
            validate(_view(v, fields, pointer), old, (None, name) if path is None else path, ctx)

    return check


def kw_required(c, value, schema, shape, n):
    if "properties" in schema:
        return None  # folded into the properties' presence checks
    names = tuple(value)

    def check(v, ov, path, ctx):
        for name in names:
            if v.get(name) is None:
                ctx.add(E.REQUIRED, (path, name), "", "", "")

    return check


# --- lists -----------------------------------------------------------------------


def list_matcher(c, schema, shape):
    """How items of this list correlate (with old items, or for uniqueness): by key (map) or by value."""
    if shape.corr_type == "map" or schema.get("x-dv-unique") == "map":
        return c.eqs.key_fn(shape.items, tuple(shape.map_keys))
    return _item_canon(c, shape)


def _item_canon(c, shape):
    items = shape.items if isinstance(shape.items, dict) else None
    return c.eqs.value_canon(c.res.shape(items) if items else None, bool(items and items.get("x-dv-value")))


def _opaque_elem(sub, each):
    """An element schema, opaque when the eachVal payload says so."""
    if each and each.get("x-dv-opaque") and not sub.get("x-dv-opaque"):
        return {**sub, "x-dv-opaque": True}
    return sub


def _correlates(schema, shape) -> bool:
    """Set and map lists (also under an option or level wrapper) correlate items with old items."""
    return shape.corr_type in ("set", "map") or schema.get("x-dv-unique") in ("set", "map")


def _each_val_nodes(c, each, elem_schema):
    """An eachVal payload as two nodes: its short-circuit checks (which, failing on any element,
    stop the whole list or map as the reference's early return does) and the rest."""
    if not each:
        return None, None
    vf = bool(elem_schema.get("x-dv-value"))
    sc = c.node(each, "elem", vf, like=elem_schema, phase="pre")
    rest = c.node(each, "elem", vf, like=elem_schema, phase="body")
    return (sc if sc.has_pre else None), rest


def _stopped(ctx, before: int) -> bool:
    """Did checks since `before` report an error (which stops the node, at any level)?"""
    return len(ctx.errors) > before


def kw_items(c, items, schema, shape, n):
    return _list_check(c, items, schema, shape, schema.get("x-dv-each-val"), True)


def _list_check(c, items, schema, shape, each, own):
    """Items of a list: their own schema (`own`) and the eachVal payload, correlated with old
    items where the list type says so; then uniqueness (only with `own`)."""
    elem = c.node(_opaque_elem(items, each), "elem")
    sc, extra = _each_val_nodes(c, each, items)
    key = list_matcher(c, schema, shape)
    field = getattr(key, "field", None)  # see _duplicates
    unique = None if shape.custom_unique or not own else (schema.get("x-dv-unique") or shape.list_type)
    unique = unique if unique in ("set", "map") else None
    nodes = ((elem,) if own else ()) + ((extra,) if extra else ())
    correlate = _correlates(schema, shape)

    leaf = elem.leaf if extra is None else None
    fast = extra is None and own
    elem_core = elem.core
    # a nil item: skipped if a pointer, else its zero value (`zero`: None for a pointer)
    zero = None if elem.pointer else elem.zero
    # items that are a type test and at most one check (`_walk_items`)
    items_leaf = leaf is not None
    item_walk = Field(None, zero, leaf[0], leaf[1], False, leaf[3], elem.accept) if items_leaf else None

    def correlated(v, ov, ctx):
        """(item, old item or NOOLD) for each non-nil item; nil pointer items are skipped."""
        index = None
        if correlate and ctx.update and type(ov) is list and ov:
            index = {}
            for o in ov:
                if o is not None:
                    index.setdefault(key(o), o)
        for i, item in enumerate(v):
            old = NOOLD if index is None else index.get(key(item), NOOLD)
            if item is None:
                if zero is None:
                    continue
                item = zero
            yield i, item, old

    def check(v, ov, path, ctx):
        if sc is not None:
            before = len(ctx.errors)
            for i, item, old in correlated(v, ov, ctx):
                sc.validate(item, old, (path, i), ctx)
            if _stopped(ctx, before):
                return True
        if fast and not (correlate and ctx.update):  # no item ratcheting: the inlined hot path
            if items_leaf and type(v) is list:
                _walk_items(v, item_walk, path, ctx)
            else:
                for i, item in enumerate(v):
                    if item is None:
                        if zero is None:
                            continue
                        item = zero
                    elem_core(item, NOOLD, (path, i), ctx)
        else:
            for i, item, old in correlated(v, ov, ctx):
                for nd in nodes:
                    nd.validate(item, old, (path, i), ctx)
        if unique and len(v) > 1:
            _duplicates(key, field, v, path, ctx)

    if sc is None and fast and items_leaf:
        check.items = Items(item_walk, correlate, unique is not None, key, field)
    return check


class Items:
    """A list's create walk as a parent enters it without a call (`_walk_list`; typed in
    structural.pxd): each `item` as `_run_field` takes a field; then, if `unique`, the items' keys
    (`key`, `field`: see `_duplicates`). Not entered on an update when items `correlate`."""

    __slots__ = ("item", "correlate", "unique", "key", "field")

    def __init__(self, item: Field, correlate: bool, unique: bool, key, field):
        self.item, self.correlate, self.unique, self.key, self.field = item, correlate, unique, key, field


def _walk_list(w: Items, v: list, path, ctx) -> None:
    """A list field's value on a create, as its check (`_list_check`) walks it."""
    _walk_items(v, w.item, path, ctx)
    if w.unique and len(v) > 1:
        _duplicates(w.key, w.field, v, path, ctx)


def _walk_items(v: list, item: Field, path, ctx) -> None:
    """A list's items, with no old items to ratchet against (`_run_field`): a nil one is `item.zero`,
    the value Go decodes it to (None: a pointer, skipped)."""
    for i, x in enumerate(v):
        if x is None:
            x = item.zero
            if x is None:
                continue
        if not _passes(item, x):
            _run_field(item, x, None, path, i, ctx)


def _duplicates(key, field, v, path, ctx):
    """Items of `v` whose `key` an earlier item has. `field`: a list-map's key field, or its two key
    fields, whose values, when every item has them as hashable JSON scalars, none nil, are as distinct
    as their keys (canonical forms keep scalars apart as `==` does): the common case is then one set
    of raw values (of the first field, when they are all distinct; else of the pairs)."""
    if field is not None:
        first = field if type(field) is str else field[0]  # distinct first key values: distinct keys
        try:
            raw = {item[first] for item in v}
        except (KeyError, TypeError):  # an item without it, or not a map; a map or list value
            raw = None
        if raw is not None and len(raw) == len(v) and None not in raw:
            return
        if type(field) is not str:
            f0, f1 = field
            try:
                pairs = {(item[f0], item[f1]) for item in v}
            except (KeyError, TypeError):
                pairs = None
            if pairs is not None and len(pairs) == len(v):
                for a, b in pairs:
                    if a is None or b is None:
                        break
                else:
                    return
    elif len(set(map(key, v))) == len(v):  # the common case, at C speed: no duplicates
        return
    seen = set()
    for i, item in enumerate(v):
        if item is None:
            continue  # nil items are reported apart (PtrSliceNoNils)
        k = key(item)
        if k in seen:
            ctx.add(E.DUPLICATE, (path, i), item, "", "")
        else:
            seen.add(k)


def kw_list_semantics(c, value, schema, shape, n):
    """listType / unique written apart from `items` (under an option or level wrapper, or on a
    field whose list type is defined elsewhere): the uniqueness check alone."""
    if "items" in schema or value not in ("set", "map") or shape.custom_unique:
        return None
    keys = schema.get("x-kubernetes-list-map-keys") or shape.map_keys
    key = c.eqs.key_fn(shape.items, tuple(keys)) if value == "map" else _item_canon(c, shape)
    field = getattr(key, "field", None)

    def check(v, ov, path, ctx):
        if type(v) is list and len(v) > 1:
            _duplicates(key, field, v, path, ctx)

    return check


def kw_unique(c, value, schema, shape, n):
    if "x-kubernetes-list-type" in schema and schema["x-kubernetes-list-type"] in ("set", "map"):
        return None  # the list type's check covers it
    return kw_list_semantics(c, value, {k: x for k, x in schema.items() if k != "x-dv-unique"}, shape, n)


def kw_each_val(c, each, schema, shape, n):
    if "items" in schema or "additionalProperties" in schema:
        return None  # applied by kw_items / kw_values
    # the list or map is defined elsewhere (a typedef): only the payload runs here, on its elements
    if shape.kind == "list":
        items = shape.items if isinstance(shape.items, dict) else {"x-dv-value": True}
        return _list_check(c, items, schema, shape, each, False)
    if shape.kind == "map":
        values = shape.values if isinstance(shape.values, dict) else {}
        return _map_check(c, values, each, False)
    raise SchemaError("x-dv-each-val applies to arrays and maps")


def kw_values(c, values, schema, shape, n):
    if not isinstance(values, dict):
        return None
    return _map_check(c, values, schema.get("x-dv-each-val"), True)


def _map_check(c, values, each, own):
    """Values of a map (by key against old values): their own schema (`own`) and the eachVal payload."""
    node = c.node(_opaque_elem(values, each), "elem")
    sc, extra = _each_val_nodes(c, each, values)
    nodes = ((node,) if own else ()) + ((extra,) if extra else ())

    leaf = node.leaf if extra is None else None
    zero = None if node.pointer else node.zero  # a nil value: the value Go decodes it to
    # a create's values (`_walk_values`): a leaf's type test and check, else the node's core
    fast = None
    if leaf is not None:
        fast = Field(None, zero, leaf[0], leaf[1], False, leaf[3], node.accept)
    elif extra is None and own:
        fast = Field(None, zero, None, "", False, node.core, node.accept)

    def check(v, ov, path, ctx):
        has_old = type(ov) is dict
        if sc is not None:
            before = len(ctx.errors)
            for k, x in v.items():
                if x is None and zero is not None:
                    x = zero
                sc.validate(x, ov.get(k, NOOLD) if has_old else NOOLD, (path, (k,)), ctx)
            if _stopped(ctx, before):
                return True
        if fast is not None and not has_old:  # a create: the inlined hot path
            _walk_values(v, fast, path, ctx)
            return
        for k, x in v.items():
            y = ov.get(k, NOOLD) if has_old else NOOLD
            if x is None and zero is not None:
                x = zero
            for nd in nodes:
                nd.validate(x, y, (path, (k,)), ctx)

    if sc is None and fast is not None:
        check.values = fast  # a create's walk: `_walk_values(v, fast, path, ctx)`
    return check


def _walk_values(v: dict, f: Field, path, ctx) -> None:
    """A map's values, with no old values to ratchet against, as `_walk_fields` takes a field (`f`): a
    nil value is `f.zero`, the value Go decodes it to (None: a pointer, which a leaf skips)."""
    for k, x in v.items():
        if x is None:
            x = f.zero
            if x is None and f.types is not None:
                continue
        if not _passes(f, x):
            _run_field(f, x, None, path, (k,), ctx)


def kw_each_key(c, frag, schema, shape, n):
    node = c.node(frag, "type")

    def check(v, ov, path, ctx):
        has_old = type(ov) is dict
        for k in v:
            if ctx.update and has_old and k in ov:
                continue
            node.validate(k, NOOLD, path, ctx)

    return check


def _item_finder(c, shape, match: dict):
    """The first item of a list whose key fields equal `match` (Go: a nil pointer key never matches)."""
    key = c.eqs.key_fn(shape.items, tuple(match))
    want = tuple(freeze(x) for x in match.values())

    def find(lst):
        if type(lst) is list:
            for i, it in enumerate(lst):
                if key(it) == want:
                    return i, it
        return -1, None

    return find


def kw_item(c, entries, schema, shape, n):
    rules = []
    for entry in entries:
        match = entry.get("match")
        if not isinstance(match, dict) or not match:
            raise SchemaError("x-dv-item entries need a non-empty match")
        node = c.node(entry.get("schema", {}), "frag", True, like=shape.items or {})
        rules.append((_item_finder(c, shape, match), node))

    def check(v, ov, path, ctx):
        for find, node in rules:
            i, new = find(v)
            if new is None:
                continue
            _, old = find(ov)
            if ctx.update and old is not None and node.eq(new, old):
                continue
            node.validate(new, NOOLD if old is None else old, (path, i), ctx)

    return check


def kw_subfield(c, entries, schema, shape, n):
    cohorts: dict = {}  # one cohort per subfield: its short-circuit checks gate all its rules
    for entry in entries:
        cohorts.setdefault(entry["field"], []).append(entry["schema"])
    subs = []
    for name, schemas in cohorts.items():
        prop = shape.props.get(name)
        if prop is None:
            raise SchemaError(f"x-dv-subfield names unknown field {name!r}")
        vf = bool(prop.get("x-dv-value"))
        base = c.node(prop, "frag")
        guard = None
        if not shape.opaque:
            # the field's own short-circuit checks (required, immutable, ...) gate the subfield
            # rules too, silently: they report through the type's own validation
            full = {**prop, "x-dv-required": True} if name in shape.required else prop

            def guard(nd, full=full, prop=prop):
                checks = tuple(c.checks(full, c.res.shape(prop), "frag", nd)[0])
                return [_silent(checks)] if checks else []

        merged = _merge_frags(schemas)
        node = c.node(merged, "frag", vf, like=prop, guard=guard)
        subs.append((name, node, base.zero, base.eq))

    def check(v, ov, path, ctx):
        has_old = type(ov) is dict
        for name, node, zero, eq in subs:
            x = v.get(name)
            if x is None:
                x = zero
            y = NOOLD
            if has_old:
                y = ov.get(name)
                if y is None:
                    y = zero
                if ctx.update and eq(x, y):
                    continue
            node.validate(x, y, (path, name), ctx)

    return check


def _merge_frags(frags: list) -> dict:
    """One schema for several payload fragments: list keywords concatenate, the rest nest in allOf."""
    out: dict = {}
    rest = []
    for f in frags:
        extra = {}
        for k, x in f.items():
            if k not in out:
                out[k] = x
            elif isinstance(out[k], list) and isinstance(x, list):
                out[k] = out[k] + x
            elif out[k] != x:
                extra[k] = x
        if extra:
            rest.append(extra)
    if rest:
        out["allOf"] = list(out.get("allOf", ())) + rest
    return out


def _silent(checks):
    """Short-circuit checks that may stop a node but whose errors are dropped."""

    def check(v, ov, path, ctx):
        errors = ctx.errors
        before = len(errors)
        stop = False
        for ch in checks:
            if ch(v, ov, path, ctx):
                stop = True
        del errors[before:]
        return stop

    return check


# --- cross-field rules ----------------------------------------------------------


def _is_set_fn(c, shape, member):
    item = member.get("item")
    if "field" not in member:
        # a list-item member of a union on the list itself: set when a matching item exists
        if not item:
            raise SchemaError("union members need a 'field' or an 'item'")
        find = _item_finder(c, shape, item)
        return lambda v: find(v)[1] is not None
    name = member["field"]
    prop = shape.props.get(name)
    if prop is None:
        raise SchemaError(f"union member names unknown field {name!r}")
    unset = c.node(prop, "frag").unset
    if item:
        pairs = tuple(item.items())
        return lambda v: (
            type(v) is dict
            and type(v.get(name)) is list
            and any(type(it) is dict and all(it.get(k) == val for k, val in pairs) for it in v[name])
        )
    return lambda v: type(v) is dict and not unset(v.get(name))


def _union(kind):
    def factory(c, groups, schema, shape, n):
        compiled = []
        for g in groups:
            members = g.get("members", [])
            fns = tuple(_is_set_fn(c, shape, m) for m in members)
            names = tuple(m.get("label") or m["field"] for m in members)
            values = tuple(m.get("memberName", m.get("field", "")) for m in members)
            compiled.append((g.get("discriminator"), fns, names, values))

        def check(v, ov, path, ctx):
            for disc, fns, names, values in compiled:
                _run_union(kind, disc, fns, names, values, v, ov, path, ctx)

        return check

    return factory


def _run_union(kind, disc, fns, names, values, v, ov, path, ctx):
    has_old = type(ov) in (dict, list) and ov is not NIL_LIST  # Go: the old value is not its zero value
    new_set = [f(v) for f in fns]
    changed = False
    if ctx.update:
        old_set = [f(ov) if type(ov) in (dict, list) else False for f in fns]
        changed = new_set != old_set
    all_fields = ", ".join(f"`{x}`" for x in names)
    errs = []
    if disc is not None:
        dval = v.get(disc) or ""
        if ctx.update and type(ov) is dict:
            changed = changed or dval != (ov.get(disc) or "")
        for is_set, name, member in zip(new_set, names, values, strict=False):
            if is_set and dval != member:
                errs.append((name, f'may only be specified when `{disc}` is "{member}"'))
            elif not is_set and dval == member:
                errs.append((name, f'must be specified when `{disc}` is "{dval}"'))
        if ctx.update and has_old and not changed:
            return
        for name, detail in errs:
            ctx.add(E.INVALID, (path, name), "", detail, "union")
        return
    if ctx.update and has_old and not changed:
        return
    specified = [x for x, s in zip(names, new_set, strict=False) if s]
    if len(specified) > 1:
        word = "exactly" if kind == "union" else "at most"
        ctx.add(E.INVALID, path, "{" + ", ".join(specified) + "}", f"must specify {word} one of: {all_fields}", kind)
    elif not specified and kind == "union":
        ctx.add(E.INVALID, path, "", f"must specify one of: {all_fields}", "union")


def _dependent(required):
    def factory(c, deps, schema, shape, n):
        pairs = []
        for trigger, others in deps.items():
            t = _is_set_fn(c, shape, {"field": trigger})
            for other in others:
                pairs.append((trigger, t, other, _is_set_fn(c, shape, {"field": other})))

        def check(v, ov, path, ctx):
            has_old = type(ov) is dict
            for tname, tset, dname, dset in pairs:
                if ctx.update and has_old and tset(v) == tset(ov) and dset(v) == dset(ov):
                    continue
                if not tset(v) or dset(v) != (not required):
                    continue
                if required:
                    ctx.add(E.REQUIRED, (path, dname), "", f"must be set when {tname} is set", "dependentRequired")
                else:
                    ctx.add(E.FORBIDDEN, (path, dname), "", f"may not be set when {tname} is set", "dependentForbidden")

        return check

    return factory


def kw_modes(c, groups, schema, shape, n):
    compiled = []
    for g in groups:
        disc = g.get("discriminator")
        if disc is None:
            raise SchemaError("x-dv-modes group without a discriminator")
        dprop = shape.props.get(disc, {})
        dzero = False if c.res.shape(dprop).kind == "boolean" else ""
        for name, rules in g.get("fields", {}).items():
            prop = shape.props.get(name)
            if prop is None:
                raise SchemaError(f"x-dv-modes names unknown field {name!r}")
            vf = bool(prop.get("x-dv-value"))
            base = c.node(prop, "frag")
            table = {r["mode"]: c.node(r["schema"], "frag", vf, like=prop) for r in rules}
            # a mode without rules for this field forbids it; when every rule has the same
            # stability level, so does that implicit rule
            levels = {_level_of(r["schema"]) for r in rules}
            default = _forbid(base.unset, levels.pop() if len(levels) == 1 else "")
            compiled.append((disc, dzero, name, base.zero, base.eq, table, default))

    def check(v, ov, path, ctx):
        has_old = type(ov) is dict
        for disc, dzero, name, zero, eq, table, default in compiled:
            d = v.get(disc, dzero)
            if type(d) in (list, dict):
                continue  # a discriminator of the wrong type: its own type check reports it, no mode applies
            x = v.get(name)
            if x is None:
                x = zero
            y = NOOLD
            if has_old:
                y = ov.get(name)
                if y is None:
                    y = zero
                if ctx.update and ov.get(disc, dzero) == d and eq(x, y):
                    continue
            key = ("true" if d else "false") if type(d) is bool else d
            node = table.get(key)
            if node is not None:
                node.validate(x, y, (path, name), ctx)
            else:
                default(x, (path, name), ctx)

    return check


def _level_of(frag: dict) -> str:
    """The stability level of a payload wholly wrapped in +k8s:alpha / +k8s:beta, else ""."""
    if len(frag) == 1:
        key = next(iter(frag))
        if key in ("x-dv-alpha", "x-dv-beta"):
            return key[5:]
    return ""


def _forbid(unset, level):
    def check(v, path, ctx):
        if unset(v):
            return
        saved = ctx.level
        if level and saved != "alpha":
            ctx.level = level
        ctx.add(E.FORBIDDEN, path, "", "", "")
        ctx.level = saved

    return check


# --- update rules ---------------------------------------------------------------


def _items_comparable(kind: str, v, ov) -> bool:
    """Both values are nil or of the collection kind the item rules walk."""
    want = dict if kind == "map" else list
    return kind in ("map", "list") and all(x is None or type(x) is want for x in (v, ov))


def kw_update(c, rules, schema, shape, n):
    rules = tuple(rules)
    kind = shape.kind
    pointer = n.pointer  # a value (non-pointer) struct is always set
    key = list_matcher(c, schema, shape) if kind == "list" else None

    def check(v, ov, path, ctx):
        if not ctx.update:
            return
        before = len(ctx.errors)
        _update_rules(v, ov, path, ctx)
        return len(ctx.errors) > before

    def _update_rules(v, ov, path, ctx):
        if ov is NOOLD:
            if pointer and kind not in ("list", "map"):
                ov = None
            else:
                return
        if kind in ("list", "map"):
            old_empty, new_empty = not ov, not v
        elif kind == "struct" and not pointer:
            old_empty = new_empty = None
        else:
            old_empty, new_empty = n.unset(ov), n.unset(v)
        for rule in rules:
            if rule == "NoSet" and old_empty is True and new_empty is False:
                ctx.add(E.INVALID, path, None, "field cannot be set once created", "update")
            elif rule in ("NoClear", "NoUnset") and old_empty is False and new_empty is True:
                ctx.add(E.INVALID, path, None, "field cannot be cleared once set", "update")
            elif (
                rule == "NoModify"
                and kind not in ("list", "map")
                and ((old_empty is False and new_empty is False) or (old_empty is None))
            ):
                ctx.add(E.INVALID, path, None, "field cannot be modified once set", "update")
            elif rule in ("NoAddItem", "NoRemoveItem") and not _items_comparable(kind, v, ov):
                continue  # a value of the wrong type (its type check reports it): no items to compare
            elif rule == "NoAddItem":
                if kind == "map":
                    for k in v or ():
                        if not (type(ov) is dict and k in ov):
                            ctx.add(E.FORBIDDEN, (path, (k,)), "", "item may not be added", "update")
                else:
                    old_keys = {key(o) for o in (ov or ()) if o is not None}
                    for i, item in enumerate(v or ()):
                        if item is not None and key(item) not in old_keys:
                            ctx.add(E.FORBIDDEN, (path, i), "", "item may not be added", "update")
            elif rule == "NoRemoveItem":
                if kind == "map":
                    for k in ov or {}:
                        if not v or k not in v:
                            ctx.add(E.FORBIDDEN, (path, (k,)), "", "item may not be removed", "update")
                else:
                    new_keys = {key(x) for x in v or () if x is not None}
                    for o in ov or ():
                        if o is not None and key(o) not in new_keys:
                            ctx.add(E.FORBIDDEN, path, "", "item may not be removed", "update")

    return check


# --- other structural keywords --------------------------------------------------


_TYPE_ONLY = {"type", "nullable", "format", "description", "title"}


def kw_any_of(keyword):
    def factory(c, subs, schema, shape, n):
        subs = [s for s in subs if isinstance(s, dict)]
        if schema.get("x-kubernetes-int-or-string") and keyword == "anyOf":
            return None  # the int-or-string type check covers it
        detail = f"must validate {'one' if keyword == 'oneOf' else 'at least one'} of the schemas in {keyword}"
        if subs and all(set(s) <= _TYPE_ONLY and s.get("type") in JSON_TYPES for s in subs):
            # branches that only name a type: a type test, no sub-validation
            branches = [(JSON_TYPES[s["type"]], bool(s.get("nullable"))) for s in subs]
            passing = set()  # the JSON value types that pass (any other type passes no branch)
            for t in (str, int, float, bool, list, dict, type(None)):
                passed = sum(1 for types, nullable in branches if t in types or (t is type(None) and nullable))
                if passed == 1 or (passed and keyword == "anyOf"):
                    passing.add(t)

            def fast(v, ov, path, ctx):
                if type(v) not in passing:
                    ctx.add(E.INVALID, path, v, detail, keyword)

            fast.accept = {"kinds": frozenset(passing)}
            return fast
        nodes = [c.node(s, "type") for s in subs]

        def check(v, ov, path, ctx):
            from .context import Ctx

            passed = 0
            for nd in nodes:
                sub = Ctx(ctx.update, ctx.options, ctx.subresource, ctx.declared)
                nd.validate(v, ov, path, sub)
                passed += not sub.errors
            if (keyword == "anyOf" and not passed) or (keyword == "oneOf" and passed != 1):
                ctx.add(E.INVALID, path, v, detail, keyword)

        return check

    return factory


def kw_not(c, sub, schema, shape, n):
    node = c.node(sub, "type")

    def check(v, ov, path, ctx):
        from .context import Ctx

        s = Ctx(ctx.update, ctx.options, ctx.subresource, ctx.declared)
        node.validate(v, ov, path, s)
        if not s.errors:
            ctx.add(E.INVALID, path, v, "must not validate the schema (not)", "not")

    return check


def kw_embedded(c, value, schema, shape, n):
    """An embedded resource's apiVersion, kind and metadata, checked as the API server checks them."""
    if not value:
        return None
    from evaluator.apiserver.request.embedded import standalone_errors

    def check(v, ov, path, ctx):
        for etype, field, detail, *bad in standalone_errors(v):
            at = path
            for key in field.split("."):
                at = (at, key)
            ctx.add(etype, at, bad[0] if bad else "", detail)

    return check


PRE_STRUCTURAL = {"x-dv-update"}  # short-circuit: run with the presence checks, even on unset values
STRUCTURAL = {
    "properties": kw_properties,
    "x-dv-embedded": kw_embedded_structs,
    "required": kw_required,
    "items": kw_items,
    "additionalProperties": kw_values,
    "x-dv-each-val": kw_each_val,
    "x-dv-each-key": kw_each_key,
    "x-dv-item": kw_item,
    "x-dv-subfield": kw_subfield,
    "x-dv-unions": _union("union"),
    "x-dv-zero-or-one-of": _union("zeroOrOneOf"),
    "x-dv-dependent-required": _dependent(True),
    "x-dv-dependent-forbidden": _dependent(False),
    "x-dv-modes": kw_modes,
    "x-dv-update": kw_update,
    "x-kubernetes-list-type": kw_list_semantics,
    "x-dv-unique": kw_unique,
    "anyOf": kw_any_of("anyOf"),
    "oneOf": kw_any_of("oneOf"),
    "not": kw_not,
    "x-kubernetes-embedded-resource": kw_embedded,
}


# --- wrappers: options and lifecycle --------------------------------------------


def _gate(c, entry, shape, n, cond, level=None):
    if not isinstance(entry, dict) or not isinstance(entry.get("schema"), dict):
        raise SchemaError("option / lifecycle entries need a 'schema'")
    pre, body = c.fragment(entry["schema"], shape, n)

    def make(checks, on_nil):
        """The wrapped checks, gated; on a nil value only `on_nil` of them run, as unwrapped."""
        if not checks:
            return None
        checks, on_nil = tuple(checks), tuple(on_nil)

        def check(v, ov, path, ctx):
            run = checks if v is not None else on_nil
            if not run or not cond(ctx, path):
                return
            saved = ctx.level
            if level and saved != "alpha":
                ctx.level = level
            try:
                for ch in run:
                    if ch(v, ov, path, ctx):
                        return True
            finally:
                ctx.level = saved

        check.nil_ok = bool(on_nil)
        return check

    # short-circuit checks see nil values (presence); other checks only when they run on nil
    return make(pre, pre), make(body, [ch for ch in body if getattr(ch, "nil_ok", False)])


def _if_option(enabled):
    def wrap(c, entry, shape, n):
        option = entry.get("option")
        if not isinstance(option, str):
            raise SchemaError("option entries need an 'option' name")
        # the reference checks the option once per generated validator: once per field of a mode group
        schema = entry.get("schema")
        modes = schema.get("x-dv-modes") if isinstance(schema, dict) and len(schema) == 1 else None
        checks = sum(len(g.get("fields", ())) for g in modes if isinstance(g, dict)) if isinstance(modes, list) else 1

        def cond(ctx, path):
            if ctx.declared is not None and option not in ctx.declared:
                for _ in range(checks):
                    ctx.add(E.INTERNAL, path, None, E.undefined_option(option), "")
                return False
            return (option in ctx.options) == enabled

        return _gate(c, entry, shape, n, cond)

    return wrap


def _if_subresource(matches):
    def wrap(c, entry, shape, n):
        target = entry.get("subresource")
        if not isinstance(target, str) or not target.strip("/"):
            raise SchemaError("subresource entries need a 'subresource' path")
        target = "/" + target.strip("/")
        return _gate(c, entry, shape, n, lambda ctx, path: (ctx.subresource == target) == matches)

    return wrap


WRAPPERS = {
    "x-dv-if-subresource": _if_subresource(True),
    "x-dv-if-not-subresource": _if_subresource(False),
    "x-dv-if-enabled": _if_option(True),
    "x-dv-if-disabled": _if_option(False),
    "x-dv-alpha": lambda c, e, s, n: _gate(c, e, s, n, lambda ctx, path: True, "alpha"),
    "x-dv-beta": lambda c, e, s, n: _gate(c, e, s, n, lambda ctx, path: True, "beta"),
}
