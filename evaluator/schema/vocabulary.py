"""The schema vocabulary dv-eval understands, declared once, and the compile-time check against it.

Every keyword the evaluator reads has a value schema here (a JSON Schema fragment, checked with
the `jsonschema` library); the `x-dv-*` keywords also carry their documentation, from which
docs/vendor-keywords.md is generated. `check(doc, ref)` walks every schema reachable from `ref`
(following `$ref`s) before anything is compiled, and raises a `SchemaError` naming the JSON
pointer of the offending keyword: a malformed value, an unknown `x-dv-*` keyword or `format`
name, a bad `pattern`, or a `$ref` / `allOf` loop that never descends into the data.
"""

from __future__ import annotations

import math
from collections import namedtuple
from collections.abc import Iterator

from .formats import FORMATS
from .schemaerror import SchemaError
from .shape import JSON_TYPES, resolve_ref

SCHEMA = {"type": "object"}  # a sub-schema position: checked when the walk reaches it
_STR = {"type": "string"}
_BOOL = {"type": "boolean"}
_COUNT = {"type": "integer", "minimum": 0}
_NUMBER = {"type": "number"}
_STRINGS = {"type": "array", "items": _STR}
_SCALAR = {"type": ["string", "integer", "number", "boolean"]}


def _entries(**props) -> dict:
    """An array of objects with these properties; the ones not marked optional (a `?` suffix) required."""
    required = [k for k in props if not k.endswith("_")]
    properties = {k.rstrip("_"): v for k, v in props.items()}
    return {
        "type": "array",
        "items": {"type": "object", "properties": properties, "required": required, "additionalProperties": False},
    }


_MEMBER = {
    "type": "object",
    "properties": {"field": _STR, "item": {"type": "object"}, "label": _STR, "memberName": _STR},
    "anyOf": [{"required": ["field"]}, {"required": ["item"]}],
    "additionalProperties": False,
}
_UNION = _entries(members_={"type": "array", "items": _MEMBER}, union_=_STR, discriminator_=_STR)
_UNION["items"]["required"] = ["members"]
UPDATE_WORDS = ["NoSet", "NoModify", "NoClear", "NoUnset", "NoAddItem", "NoRemoveItem"]
# Format names: OpenAPI's, the ones kube-apiserver knows (k8s.io/apiextensions-apiserver
# pkg/apiserver/validation/formats.go; compared with dashes removed, as it does), Kubernetes'
# own `int-or-string`, `quantity`, `rfc3339` and `rfc3339-micro` (a resource.Quantity, a metav1.Time
# and a metav1.MicroTime as the API server decodes them: evaluator/kinds/godecoding.py) and the k8s-* formats
# this evaluator implements.
KNOWN_FORMATS = {
    *("int32", "int64", "float", "double", "byte", "binary", "date", "date-time", "password", "int-or-string"),
    *("quantity", "rfc3339", "rfc3339-micro"),
    *("bsonobjectid", "uri", "email", "hostname", "ipv4", "ipv6", "cidr", "mac", "uuid", "uuid3", "uuid4", "uuid5"),
    *("isbn", "isbn10", "isbn13", "creditcard", "ssn", "hexcolor", "rgbcolor", "duration", "datetime"),
    *FORMATS,
}
_FORMAT_KEYS = {f.replace("-", "") for f in KNOWN_FORMATS}


# One `x-dv-*` keyword: its value schema, the value as the docs show it, its meaning, the tags that emit it.
Vendor = namedtuple("Vendor", "value shape semantics emitted_by")


VENDOR: dict[str, Vendor] = {
    "x-dv-value": Vendor(
        _BOOL,
        "true",
        "Go value (non-pointer) field: absent means the zero value, and the zero value counts as "
        "unset for required/optional/forbidden/update.",
        "any non-Optional field",
    ),
    "x-dv-required": Vendor(
        _BOOL,
        "true",
        "The field must be set (only inside option/lifecycle payloads; otherwise the parent's `required`).",
        "required",
    ),
    "x-dv-optional": Vendor(_BOOL, "true", "When unset, no other rule of the field runs.", "optional"),
    "x-dv-forbidden": Vendor(_BOOL, "true", "The field must be unset.", "forbidden"),
    "x-dv-max-bytes": Vendor(_COUNT, "integer", "At most N UTF-8 bytes (Too long, origin maxBytes).", "maxBytes"),
    "x-dv-neq": Vendor(
        {"type": ["string", "integer", "boolean"]},
        "string | integer | boolean",
        "The value may not equal this (origin neq).",
        "neq",
    ),
    "x-dv-enum-exclude": Vendor(
        _entries(value={}, option=_STR, excludeWhen_=_BOOL),
        "[{value, option, excludeWhen}]",
        "Enum values excluded when the option is on (excludeWhen: true) or off (false).",
        "enumExclude under ifEnabled/ifDisabled",
    ),
    "x-dv-if-enabled": Vendor(
        _entries(option=_STR, schema=SCHEMA),
        "[{option, schema}]",
        "`schema` applies only when the option is enabled.",
        "ifEnabled",
    ),
    "x-dv-if-disabled": Vendor(
        _entries(option=_STR, schema=SCHEMA),
        "[{option, schema}]",
        "`schema` applies only when the option is disabled.",
        "ifDisabled",
    ),
    "x-dv-if-subresource": Vendor(
        _entries(subresource=_STR, schema=SCHEMA),
        "[{subresource, schema}]",
        "`schema` applies only when validating a write to this subresource.",
        "ifSubresource",
    ),
    "x-dv-if-not-subresource": Vendor(
        _entries(subresource=_STR, schema=SCHEMA),
        "[{subresource, schema}]",
        "`schema` applies except when validating a write to this subresource.",
        "ifNotSubresource",
    ),
    "x-dv-alpha": Vendor(
        _entries(since_=_STR, schema=SCHEMA),
        "[{since?, schema}]",
        "`schema` is alpha: its errors are shadowed (reported, never failing).",
        "alpha",
    ),
    "x-dv-beta": Vendor(
        _entries(since_=_STR, schema=SCHEMA),
        "[{since?, schema}]",
        "`schema` is beta: enforced unless beta enforcement is off (--no-beta).",
        "beta",
    ),
    "x-dv-immutable": Vendor(
        _BOOL, "true", "On update the value may not change (Invalid, origin immutable).", "immutable"
    ),
    "x-dv-update": Vendor(
        {"type": "array", "items": {"enum": UPDATE_WORDS}},
        "[" + " | ".join(UPDATE_WORDS) + "]",
        "Update constraints (origin update); list items matched by key (list-map) or value.",
        "update",
    ),
    "x-dv-monotonic": Vendor(_BOOL, "true", "On update the integer may not decrease (origin monotonic).", "monotonic"),
    "x-dv-unique": Vendor(
        {"enum": ["set", "map"]},
        "set | map",
        "Items are unique by value / by list-map keys (Duplicate value).",
        "unique",
    ),
    "x-dv-custom-unique": Vendor(
        _BOOL, "true", "No generated uniqueness check (hand-written elsewhere).", "customUnique"
    ),
    "x-dv-each-val": Vendor(
        SCHEMA, "schema", "Applies to every item / map value (when not merged into items).", "eachVal"
    ),
    "x-dv-each-key": Vendor(
        SCHEMA, "schema", "Applies to every map key; errors at the map's path.", "eachKey, typed map keys"
    ),
    "x-dv-item": Vendor(
        _entries(match={"type": "object", "minProperties": 1, "additionalProperties": _SCALAR}, schema=SCHEMA),
        "[{match: {key: value}, schema}]",
        "Applies to the list-map item with these key values.",
        "item",
    ),
    "x-dv-subfield": Vendor(
        _entries(field=_STR, schema=SCHEMA),
        "[{field, schema}]",
        "Applies to the named field of this struct.",
        "subfield",
    ),
    "x-dv-unions": Vendor(
        _UNION,
        "[{union?, discriminator?, members: [{field, memberName} | {item, label, memberName}]}]",
        "Exactly one member set (or the one the discriminator names); origin union. A member with `item` "
        "(and no `field`) is a list-map item; such a union sits on the list and `label` names the member in errors.",
        "unionMember, unionDiscriminator",
    ),
    "x-dv-zero-or-one-of": Vendor(
        _UNION, "[{union?, members: [...]}]", "At most one member set; origin zeroOrOneOf.", "zeroOrOneOfMember"
    ),
    "x-dv-dependent-required": Vendor(
        {"type": "object", "additionalProperties": _STRINGS},
        "{field: [fields]}",
        "When the field is set, these must be set (origin dependentRequired).",
        "dependentRequired",
    ),
    "x-dv-dependent-forbidden": Vendor(
        {"type": "object", "additionalProperties": _STRINGS},
        "{field: [fields]}",
        "When the field is set, these must not be (origin dependentForbidden).",
        "dependentForbidden",
    ),
    "x-dv-modes": Vendor(
        _entries(
            modality_=_STR,
            discriminator=_STR,
            fields={"type": "object", "additionalProperties": _entries(mode=_SCALAR, schema=SCHEMA)},
        ),
        "[{modality?, discriminator, fields: {field: [{mode, schema}]}}]",
        "Per-field rules selected by the discriminator's value.",
        "modeDiscriminator, ifMode",
    ),
    "x-dv-opaque": Vendor(
        _BOOL,
        "true",
        "Rules of the referenced type are not applied here (on a struct: its fields' rules are skipped).",
        "opaqueType",
    ),
    "x-dv-embedded": Vendor(
        _entries(name=_STR, fields_=_STRINGS, schema=SCHEMA),
        "[{name, fields, schema}]",
        "Go embedded structs of this struct: `fields` are the properties promoted from it (listed in "
        "`properties` too, where dv-eval skips them); the embedded struct is those keys, validated "
        "against `schema` as one field (a pointer one is nil when none is present), at the struct's own "
        "path, or at `name` (the Go type) when the struct is the root object.",
        '`field(metadata={"inline": True})`',
    ),
    "x-dv-fixed": Vendor(
        _entries(
            result={"enum": [True, False, "error"]},
            message_=_SCALAR,
            flags_={"type": "array", "items": {"enum": ["ShortCircuit", "NonError"]}},
            cohort_=_STR,
        ),
        "[{result, message, flags?, cohort?}]",
        'Test rules: always pass (true), always fail with "forced failure: <message>" (false), or an '
        'internal error ("error"); `flags`: ShortCircuit, NonError; a `cohort` groups rules.',
        "validateTrue/False/Error",
    ),
    "x-dv-custom-validation": Vendor(
        _BOOL, "true", "Hand-written validation was declared here (recorded, not run).", "customValidation"
    ),
    "x-dv-subresource": Vendor(
        _STR, "string", "The type's rules apply only when validating this subresource.", "isSubresource"
    ),
    "x-dv-supports-subresources": Vendor(
        _STRINGS,
        "[string]",
        "On a type: the subresources it supports; at document level: those of every type without its own.",
        "supportsSubresource",
    ),
    "x-dv-unset": Vendor(
        _BOOL,
        "true",
        "Marks the first branch of an optional value field's `anyOf` in a published document: null or the "
        "zero value (unset), for clients. dv-eval reads the second branch's keywords as the field's own.",
        "optional (published document)",
    ),
    "x-dv-client": Vendor(
        _BOOL,
        "true",
        "Marks an `allOf` entry of a published document that tells clients, in standard keywords, what "
        "dv-eval rejects by Go value semantics (a field whose zero value fails its rules is required, …). "
        "dv-eval drops the entry.",
        "required, listType (published document)",
    ),
}

STANDARD: dict[str, dict] = {
    "type": {"enum": ["string", "integer", "number", "boolean", "array", "object", "null"]},
    "format": _STR,
    "pattern": _STR,
    "$ref": _STR,
    "minimum": _NUMBER,
    "maximum": _NUMBER,
    "exclusiveMinimum": _BOOL,
    "exclusiveMaximum": _BOOL,
    "multipleOf": {"type": "number", "exclusiveMinimum": 0},
    "minLength": _COUNT,
    "maxLength": _COUNT,
    "minItems": _COUNT,
    "maxItems": _COUNT,
    "minProperties": _COUNT,
    "maxProperties": _COUNT,
    "uniqueItems": _BOOL,
    "enum": {"type": "array"},
    "required": _STRINGS,
    "nullable": _BOOL,
    "properties": {"type": "object", "additionalProperties": SCHEMA},
    "items": SCHEMA,
    "additionalProperties": {"type": ["object", "boolean"]},
    "allOf": {"type": "array", "items": SCHEMA},
    "anyOf": {"type": "array", "items": SCHEMA, "minItems": 1},
    "oneOf": {"type": "array", "items": SCHEMA, "minItems": 1},
    "not": SCHEMA,
    "x-kubernetes-list-type": {"enum": ["atomic", "set", "map"]},
    "x-kubernetes-list-map-keys": {**_STRINGS, "minItems": 1},
    "x-kubernetes-map-type": {"enum": ["granular", "atomic"]},
    "x-kubernetes-int-or-string": _BOOL,
    "x-kubernetes-preserve-unknown-fields": _BOOL,
    "x-kubernetes-embedded-resource": _BOOL,
    "x-kubernetes-group-version-kind": _entries(group=_STR, version=_STR, kind=_STR),
}

_VALUES = {**STANDARD, **{k: v.value for k, v in VENDOR.items()}}  # keyword -> its value's schema
_QUICK_KEYS = {
    "type",
    "enum",
    "items",
    "minItems",
    "properties",
    "required",
    "additionalProperties",
    "minProperties",
    "minimum",
    "exclusiveMinimum",
    "anyOf",
}


def _fits(value_schema: dict, v: object) -> bool:
    """True when `v` surely fits `value_schema` (a subset of JSON Schema, at Python speed); False means
    "ask jsonschema", which decides and explains. Keeps jsonschema out of a run whose schema is fine."""
    if not value_schema.keys() <= _QUICK_KEYS:
        return False
    t = value_schema.get("type")
    if t is not None and not any(type(v) in JSON_TYPES[x] for x in ([t] if isinstance(t, str) else t)):
        return False
    if "anyOf" in value_schema and not any(_fits(sub, v) for sub in value_schema["anyOf"]):
        return False
    if "enum" in value_schema and not any(type(v) is type(x) and v == x for x in value_schema["enum"]):
        return False
    if type(v) is list:
        if len(v) < value_schema.get("minItems", 0):
            return False
        items = value_schema.get("items")
        if items is not None and not all(_fits(items, x) for x in v):
            return False
    if type(v) is dict:
        props, extra = value_schema.get("properties", {}), value_schema.get("additionalProperties", True)
        if len(v) < value_schema.get("minProperties", 0) or not all(k in v for k in value_schema.get("required", ())):
            return False
        for k, x in v.items():
            sub = props.get(k, extra)
            if sub is False or (sub is not True and not _fits(sub, x)):
                return False
    minimum, above = value_schema.get("minimum"), value_schema.get("exclusiveMinimum")
    return not (
        type(v) in (int, float) and ((minimum is not None and v < minimum) or (above is not None and v <= above))
    )


_VALIDATORS: dict = {}  # keyword -> jsonschema validator, built when first needed


def _first_error(key: str, value: object):
    import jsonschema  # only for a value the quick test could not accept

    if key not in _VALIDATORS:
        _VALIDATORS[key] = jsonschema.Draft7Validator(_VALUES[key])
    return next(iter(_VALIDATORS[key].iter_errors(value)), None)


# Where sub-schemas sit: keyword -> how to reach them ("one", "map": values, "list": entries,
# "entries": each entry's `schema`, "modes": x-dv-modes' rules).
_CHILDREN = {
    "properties": "map",
    "items": "one",
    "additionalProperties": "one",
    "not": "one",
    "x-dv-each-val": "one",
    "x-dv-each-key": "one",
    "allOf": "list",
    "anyOf": "list",
    "oneOf": "list",
    "x-dv-item": "entries",
    "x-dv-subfield": "entries",
    "x-dv-if-enabled": "entries",
    "x-dv-if-disabled": "entries",
    "x-dv-if-subresource": "entries",
    "x-dv-if-not-subresource": "entries",
    "x-dv-alpha": "entries",
    "x-dv-beta": "entries",
    "x-dv-modes": "modes",
}
# Children that apply at the same position of the data (a loop through these never ends).
_SAME_LEVEL = {"allOf", "anyOf", "oneOf", "not"} | {k for k, how in _CHILDREN.items() if how in ("entries", "modes")}
_SAME_LEVEL -= {"x-dv-item", "x-dv-subfield", "x-dv-modes"}  # these select a part of the value


def _esc(key: str) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _children(schema: dict) -> Iterator[tuple[str, str, dict]]:
    """(keyword, pointer suffix, sub-schema) for every sub-schema of a (checked) schema."""
    for key, how in _CHILDREN.items():
        value = schema.get(key)
        if value is None or value is True or value is False:
            continue
        if how == "one":
            yield key, _esc(key), value
        elif how == "map":
            for name, sub in value.items():
                yield key, f"{_esc(key)}/{_esc(name)}", sub
        elif how == "list":
            for i, sub in enumerate(value):
                yield key, f"{_esc(key)}/{i}", sub
        elif how == "entries":
            for i, entry in enumerate(value):
                yield key, f"{_esc(key)}/{i}/schema", entry["schema"]
        else:
            for i, group in enumerate(value):
                for name, rules in group["fields"].items():
                    for j, rule in enumerate(rules):
                        yield key, f"{_esc(key)}/{i}/fields/{_esc(name)}/{j}/schema", rule["schema"]


def _show(value: object) -> str:
    import json  # here: only a bad value is shown

    text = json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _problem(e) -> str:  # a jsonschema.ValidationError
    """A short, JSON-worded reason for a value that does not fit its keyword's schema."""
    v = e.validator_value
    if e.validator == "type":
        kinds = " or ".join(("an " if k[0] in "aeio" else "a ") + k for k in ([v] if isinstance(v, str) else v))
        return f"must be {kinds}, got {_show(e.instance)}"
    if e.validator == "enum":
        return f"must be one of {', '.join(_show(x) for x in v)}; got {_show(e.instance)}"
    if e.validator == "required":
        return f"missing {e.message.split(' is a required')[0]}"
    if e.validator == "additionalProperties":
        return f"unexpected key ({e.message.split('(')[-1].rstrip(')')})"
    if e.validator in ("minimum", "exclusiveMinimum", "minItems", "minProperties"):
        return f"{e.validator} {v}: got {_show(e.instance)}"
    if e.validator == "anyOf":
        return "needs a 'field' or an 'item'"
    return e.message


def _check_node(schema: dict, pointer: str) -> None:
    for key in schema:
        if isinstance(key, str) and key.startswith("x-dv-") and key not in VENDOR:
            raise SchemaError(f"{pointer}/{_esc(key)}: unknown vendor keyword {key!r}")
    for key, value in schema.items():
        value_schema = _VALUES.get(key)
        if value_schema is None:
            continue  # not a keyword of ours: ignored, as OpenAPI ignores unknown keywords
        if _fits(value_schema, value):
            continue
        error = _first_error(key, value)
        if error is not None:
            where = "".join("/" + _esc(str(p)) for p in error.absolute_path)
            raise SchemaError(f"{pointer}/{_esc(key)}{where}: {_problem(error)}")
    for key in ("minimum", "maximum", "multipleOf"):
        v = schema.get(key)
        if isinstance(v, float) and not math.isfinite(v):
            raise SchemaError(f"{pointer}/{key}: must be a finite number, got {v}")  # as JSON cannot hold it
    fmt = schema.get("format")
    if fmt is not None and fmt.replace("-", "") not in _FORMAT_KEYS:
        raise SchemaError(f"{pointer}/format: unknown format {fmt!r}")
    if "pattern" in schema:
        compile_pattern(schema["pattern"], f"{pointer}/pattern")


def compile_pattern(pattern: str, where: str = "pattern"):
    """An RE2 regexp; a bad one is a one-line SchemaError (no RE2 log lines on stderr)."""
    import re2  # only for schemas that use patterns

    options = re2.Options()
    options.log_errors = False
    try:
        return re2.compile(pattern, options)
    except re2.error as e:
        reason = e.args[0] if e.args else e
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise SchemaError(f"{where}: invalid RE2 pattern {_show(pattern)}: {reason}") from None


def check(doc: dict, ref: str) -> None:
    """Check every schema reachable from `ref` against the vocabulary (see the module docstring)."""
    if "x-dv-supports-subresources" in doc:
        _check_node({"x-dv-supports-subresources": doc["x-dv-supports-subresources"]}, "#")
    seen: set[int] = set()
    same: dict[int, list[tuple[int, str]]] = {}  # schema -> same-position children (id, pointer)
    pointers: dict[int, str] = {}
    stack = [(resolve_ref(doc, ref, "#"), ref)]
    while stack:
        schema, pointer = stack.pop()
        if id(schema) in seen:
            continue
        seen.add(id(schema))
        pointers[id(schema)] = pointer
        _check_node(schema, pointer)
        level = same.setdefault(id(schema), [])
        if "$ref" in schema:
            target = resolve_ref(doc, schema["$ref"], f"{pointer}/$ref")
            level.append((id(target), schema["$ref"]))
            stack.append((target, schema["$ref"]))
        for key, suffix, sub in _children(schema):
            if key in _SAME_LEVEL:
                level.append((id(sub), f"{pointer}/{suffix}"))
            stack.append((sub, f"{pointer}/{suffix}"))
    _no_loops(same, pointers)


def _no_loops(same: dict, pointers: dict) -> None:
    """A cycle of `$ref` / `allOf` / wrapper edges never moves into the data: it would recurse forever."""
    state: dict[int, int] = {}  # 1: on the current path, 2: done
    for start in same:
        if state.get(start):
            continue
        path = [start]
        state[start] = 1
        iters = [iter(same.get(start, ()))]
        while iters:
            nxt = next(iters[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                iters.pop()
                continue
            node = nxt[0]
            if state.get(node) == 1:
                loop = [pointers[n] for n in path[path.index(node) :]] + [pointers[node]]
                raise SchemaError(f"{pointers[node]}: $ref loop: {' -> '.join(loop)}")
            if not state.get(node):
                state[node] = 1
                path.append(node)
                iters.append(iter(same.get(node, ())))
