"""The tag registry: every `+k8s:` tag, defined once.

Each `TagDef` says where the tag may appear (scopes), what payload and
arguments it takes, which value kinds it applies to, what it emits into the
schema (its `emit` function), how a CRD renders it, and its docs.
`dv2openapi tags` and `docs/tags.md` are generated from this table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .grammar import Tag

MODULE, TYPE, FIELD, LISTVAL, MAPKEY, MAPVAL, CONST = "module", "type", "field", "listval", "mapkey", "mapval", "const"
VALUES = frozenset({TYPE, FIELD, LISTVAL, MAPKEY, MAPVAL})
SCOPE_NAMES = {
    MODULE: "module",
    TYPE: "type definitions",
    FIELD: "struct fields",
    LISTVAL: "list values",
    MAPKEY: "map keys",
    MAPVAL: "map values",
    CONST: "enum members",
}

NUMBER = frozenset({"int", "int32", "int64", "float"})
INTEGER = frozenset({"int", "int32", "int64"})
STRING = frozenset({"str"})
SCALAR = frozenset({"int", "int32", "int64", "float", "str", "bool"})
UPDATE_RULES = ("NoSet", "NoModify", "NoClear", "NoUnset", "NoAddItem", "NoRemoveItem")
UNIQUE = ("set", "map")
LIST_TYPES = ("atomic", "set", "map")


@dataclass(frozen=True)
class TagDef:
    """One tag: name, scopes, payload, applicable kinds, emitter, docs."""

    name: str
    scopes: frozenset
    payload: str  # none | int | nonneg | string | scalar | tag | word | words
    doc: str
    emit: Callable[[object, Tag], None]
    example: str
    kinds: frozenset | None = None  # value kinds it applies to; None = any
    args: str = ""
    stability: str = "stable"


REGISTRY: dict[str, TagDef] = {}


def tag(name, scopes, payload, doc, example, kinds=None, args="", stability="stable"):
    """Register the decorated emitter as the tag `name`."""

    def register(emit):
        REGISTRY[name] = TagDef(
            name,
            frozenset(scopes),
            payload,
            doc,
            emit,
            example,
            frozenset(kinds) if kinds else None,
            args,
            stability,
        )
        return emit

    return register


# --- requiredness ------------------------------------------------------------


@tag(
    "required",
    {FIELD},
    "none",
    "The field must be specified; for a value (non-pointer) field the zero value counts as unset.",
    "+k8s:required",
)
def _required(t, tag):
    if t.kind == "struct" and not t.pointer:
        t.fail("non-pointer structs cannot be required; use Optional[...]")
    t.put("x-dv-required", True)


@tag(
    "optional",
    {FIELD},
    "none",
    "The field may be omitted; when unset (nil, or the zero value of a value field) no other validation of it runs.",
    "+k8s:optional",
)
def _optional(t, tag):
    if t.kind == "struct" and not t.pointer:
        t.fail("non-pointer structs cannot be optional; use Optional[...]")
    has_default, default = t.field_default()
    if has_default:
        # as validation-gen: the server fills in a default, so the field is effectively required;
        # a value field whose default is its zero value cannot tell unset from set: no rule
        zero = {"str": "", "bool": False}.get(t.kind, 0)
        same = (
            default == zero
            and (type(default) is bool) == (type(zero) is bool)
            and (type(default) is str) == (type(zero) is str)
        )
        if not t.pointer and t.kind not in ("list", "map") and same:
            return
        t.put("x-dv-required", True)
        return
    t.put("x-dv-optional", True)


@tag(
    "forbidden",
    {FIELD},
    "none",
    "The field may not be specified (the zero value of a value field counts as unset).",
    "+k8s:forbidden",
)
def _forbidden(t, tag):
    if t.kind == "struct" and not t.pointer:
        t.fail("non-pointer structs cannot be forbidden; use Optional[...]")
    t.put("x-dv-forbidden", True)


# --- limits ----------------------------------------------------------------------


def _std(keyword):
    def emit(t, tag):
        t.put(keyword, tag.value)

    return emit


tag(
    "minimum",
    VALUES,
    "int",
    "The value must be greater than or equal to the payload.",
    "+k8s:minimum=0",
    INTEGER,
)(_std("minimum"))
tag(
    "maximum",
    VALUES,
    "int",
    "The value must be less than or equal to the payload.",
    "+k8s:maximum=10",
    INTEGER,
)(_std("maximum"))
tag(
    "exclusiveMinimum",
    VALUES,
    "int",
    "The value must be greater than the payload.",
    "+k8s:exclusiveMinimum=0",
    NUMBER,
)(lambda t, tag: t.put_many({"minimum": tag.value, "exclusiveMinimum": True}))
tag(
    "exclusiveMaximum",
    VALUES,
    "int",
    "The value must be less than the payload.",
    "+k8s:exclusiveMaximum=10",
    NUMBER,
)(lambda t, tag: t.put_many({"maximum": tag.value, "exclusiveMaximum": True}))
tag(
    "maxLength",
    VALUES,
    "nonneg",
    "The string may be at most this many characters long.",
    "+k8s:maxLength=63",
    STRING,
)(_std("maxLength"))
tag(
    "minLength",
    VALUES,
    "nonneg",
    "The string must be at least this many characters long.",
    "+k8s:minLength=1",
    STRING,
)(_std("minLength"))
tag(
    "maxBytes",
    VALUES,
    "nonneg",
    "The string may be at most this many bytes long (UTF-8).",
    "+k8s:maxBytes=256",
    STRING,
)(_std("x-dv-max-bytes"))
tag(
    "maxItems",
    VALUES,
    "nonneg",
    "The list may have at most this many items.",
    "+k8s:maxItems=5",
    {"list"},
)(_std("maxItems"))
tag(
    "minItems",
    VALUES,
    "nonneg",
    "The list must have at least this many items.",
    "+k8s:minItems=1",
    {"list"},
)(_std("minItems"))
tag(
    "maxProperties",
    VALUES,
    "nonneg",
    "The map may have at most this many entries.",
    "+k8s:maxProperties=5",
    {"map"},
)(_std("maxProperties"))
tag(
    "minProperties",
    VALUES,
    "nonneg",
    "The map must have at least this many entries.",
    "+k8s:minProperties=1",
    {"map"},
)(_std("minProperties"))


@tag(
    "neq",
    VALUES,
    "scalar",
    "The value may not equal the payload (string, integer or boolean).",
    '+k8s:neq="default"',
    SCALAR,
)
def _neq(t, tag):
    want = {"str": str, "bool": bool}.get(t.kind, int)
    if t.kind == "str" and not isinstance(tag.value, str):
        value = tag.raw
    elif type(tag.value) is not want:
        t.fail(f"expected a {want.__name__} payload for a {t.kind} value")
    else:
        value = tag.value
    t.put("x-dv-neq", value)


@tag(
    "format",
    VALUES,
    "word",
    "The string has a Kubernetes format (k8s-short-name, k8s-long-name, k8s-ip, ...).",
    "+k8s:format=k8s-short-name",
    STRING,
)
def _format(t, tag):
    from evaluator.schema.formats import FORMATS

    if tag.value not in FORMATS:
        t.fail(f"unknown format {tag.value!r}; expected one of: {', '.join(sorted(FORMATS))}")
    t.put("format", tag.value)


# --- enums -------------------------------------------------------------------------


@tag("enum", {TYPE}, "none", "The string type is an enum of its members' values.", "+k8s:enum", {"enum"})
def _enum(t, tag):
    t.enum()


@tag(
    "enumExclude",
    {CONST},
    "none",
    "This member is not part of the enum (with ifEnabled/ifDisabled: only under that option).",
    "+k8s:enumExclude",
)
def _enum_exclude(t, tag):
    t.put("x-dv-enum-exclude", [{"value": t.member}])


# --- options, lifecycle, subresources --------------------------------------------


def _wrap(keyword, key):
    def emit(t, tag):
        name = tag.arg(key, 0)
        if not isinstance(name, str) or not name:
            t.fail(f'expected a {key} name argument, e.g. {tag.name}("MyFeature")')
        t.put(keyword, [{key: name, "schema": t.nested(tag.value, wrap=(keyword, {key: name}))}])

    return emit


tag(
    "ifEnabled",
    VALUES | {CONST},
    "tag",
    "The payload applies only when the option is enabled.",
    '+k8s:ifEnabled("MyFeature")=+k8s:required',
    args="option (string)",
)(_wrap("x-dv-if-enabled", "option"))
tag(
    "ifDisabled",
    VALUES | {CONST},
    "tag",
    "The payload applies only when the option is disabled.",
    '+k8s:ifDisabled("MyFeature")=+k8s:required',
    args="option (string)",
)(_wrap("x-dv-if-disabled", "option"))


def _subresource_path(t, tag) -> str:
    path = tag.arg("subresource", 0)
    if not isinstance(path, str) or not path.strip("/"):
        t.fail(f'expected a subresource path argument, e.g. {tag.name}("/status")')
    return "/" + path.strip("/")


def _if_subresource(keyword):
    def emit(t, tag):
        path = _subresource_path(t, tag)
        t.put(keyword, [{"subresource": path, "schema": t.nested(tag.value, wrap=(keyword, {"subresource": path}))}])

    return emit


tag(
    "ifSubresource",
    VALUES,
    "tag",
    "The payload applies only when the request writes this subresource (KEP-5073).",
    '+k8s:ifSubresource("/status")=+k8s:required',
    args="subresource path (string)",
)(_if_subresource("x-dv-if-subresource"))
tag(
    "ifNotSubresource",
    VALUES,
    "tag",
    "The payload applies unless the request writes this subresource (KEP-5073).",
    '+k8s:ifNotSubresource("/resize")=+k8s:immutable',
    args="subresource path (string)",
)(_if_subresource("x-dv-if-not-subresource"))


def _level(keyword):
    def emit(t, tag):
        since = tag.arg("since", 0)
        outer, t.level = t.level, keyword.rsplit("-", 1)[1]
        try:
            entry = {"schema": t.nested(tag.value, wrap=(keyword, {}))}
        finally:
            t.level = outer
        # opacity (of the value, its items or its keys) and list-map keys are structural:
        # validation-gen applies them at any level
        if entry["schema"].pop("x-dv-opaque", None):
            t.put("x-dv-opaque", True)
        for key in ("x-dv-each-val", "x-dv-each-key"):
            each = entry["schema"].get(key)
            if each and each.pop("x-dv-opaque", None):
                if not each:
                    entry["schema"].pop(key)
                t.put(key, {"x-dv-opaque": True})
        keys = entry["schema"].pop("x-kubernetes-list-map-keys", None)
        if keys:
            t.put("x-kubernetes-list-map-keys", keys)
        if not entry["schema"]:
            return
        if since is not None:
            entry["since"] = str(since)
        t.put(keyword, [entry])

    return emit


tag(
    "alpha",
    VALUES,
    "tag",
    "The payload is an alpha-level rule: evaluated and reported, never enforced (shadowed).",
    '+k8s:alpha(since: "1.35")=+k8s:minimum=1',
    args="since (version, optional)",
)(_level("x-dv-alpha"))
tag(
    "beta",
    VALUES,
    "tag",
    "The payload is a beta-level rule: enforced unless beta rules are turned off.",
    '+k8s:beta(since: "1.35")=+k8s:minimum=1',
    args="since (version, optional)",
)(_level("x-dv-beta"))


@tag(
    "supportsSubresource",
    {MODULE, TYPE},
    "string",
    'A subresource (e.g. "/status") the type supports (on a type, as validation-gen reads it; in a '
    "module's leading block, for every type without its own).",
    '+k8s:supportsSubresource="/status"',
)
def _supports(t, tag):
    t.put("x-dv-supports-subresources", [tag.value])


@tag(
    "isSubresource",
    {MODULE, TYPE},
    "string",
    "The type's validations apply only when validating this subresource (on a type, or in a "
    "module's leading block for every type without its own).",
    '+k8s:isSubresource="/status"',
)
def _is_sub(t, tag):
    t.put("x-dv-subresource", tag.value)


# --- update rules ------------------------------------------------------------------


@tag(
    "immutable",
    {FIELD, TYPE, LISTVAL, MAPVAL},
    "none",
    "The value may not change on update (setting or clearing it is a change).",
    "+k8s:immutable",
)
def _immutable(t, tag):
    t.put("x-dv-immutable", True)


@tag(
    "update",
    {FIELD, LISTVAL, MAPVAL},
    "words",
    "Update constraints: NoSet, NoModify, NoClear (alias NoUnset), NoAddItem, NoRemoveItem.",
    "+k8s:update=NoModify,NoClear",
)
def _update(t, tag):
    rules = [w.strip() for w in str(tag.value).split(",") if w.strip()]
    bad = [r for r in rules if r not in UPDATE_RULES]
    if bad or not rules:
        t.fail(f"expected a comma list of {', '.join(UPDATE_RULES)}")
    if ("NoAddItem" in rules or "NoRemoveItem" in rules) and t.kind not in ("list", "map"):
        t.fail("NoAddItem and NoRemoveItem apply to lists and maps")
    t.put("x-dv-update", rules)


@tag(
    "monotonic",
    VALUES,
    "none",
    "On update the integer may not decrease.",
    "+k8s:monotonic",
    INTEGER,
)
def _monotonic(t, tag):
    t.put("x-dv-monotonic", True)


# --- lists and maps ------------------------------------------------------------


@tag(
    "listType",
    VALUES,
    "word",
    "The list's semantics: atomic, set (unique items) or map (unique keys; needs listMapKey).",
    "+k8s:listType=map",
    {"list"},
)
def _list_type(t, tag):
    if tag.value not in LIST_TYPES:
        t.fail(f"expected one of: {', '.join(LIST_TYPES)}")
    if tag.value == "map" and t.elem_kind() != "struct":
        t.fail("only lists of structs can be list-maps")
    t.put("x-kubernetes-list-type", tag.value)


@tag(
    "listMapKey",
    VALUES,
    "word",
    "A field of the item struct that is part of the list-map key (repeatable).",
    "+k8s:listMapKey=name",
    {"list"},
)
def _list_map_key(t, tag):
    if tag.value not in t.elem_fields():
        t.fail(f"the item type has no field {tag.value!r}")
    t.put("x-kubernetes-list-map-keys", [tag.value])


@tag(
    "unique",
    VALUES,
    "word",
    "The list's items are unique: `set` by value, `map` by the listMapKey fields.",
    "+k8s:unique=set",
    {"list"},
)
def _unique(t, tag):
    if tag.value not in UNIQUE:
        t.fail(f"expected one of: {', '.join(UNIQUE)}")
    t.put("x-dv-unique", tag.value)


@tag(
    "customUnique",
    VALUES,
    "none",
    "Uniqueness is checked by hand-written code: no uniqueness check is generated.",
    "+k8s:customUnique",
    {"list"},
)
def _custom_unique(t, tag):
    t.put("x-dv-custom-unique", True)


@tag(
    "eachVal",
    VALUES,
    "tag",
    "The payload applies to every item of a list or value of a map.",
    "+k8s:eachVal=+k8s:minimum=1",
    {"list", "map"},
)
def _each_val(t, tag):
    t.each_val(tag.value)


@tag(
    "eachKey",
    VALUES,
    "tag",
    "The payload applies to every key of a map.",
    "+k8s:eachKey=+k8s:maxLength=8",
    {"map"},
)
def _each_key(t, tag):
    t.put("x-dv-each-key", t.nested(tag.value, scope=MAPKEY, texpr=("prim", "str")))


@tag(
    "item",
    VALUES,
    "tag",
    "The payload applies to the list-map item whose key fields have the given values.",
    '+k8s:item(type: "Approved")=+k8s:immutable',
    {"list"},
    args="one named argument per listMapKey field (string, int or bool)",
)
def _item(t, tag):
    t.item(tag)


@tag(
    "subfield",
    VALUES,
    "tag",
    "The payload applies to the named field of this struct.",
    '+k8s:subfield("name")=+k8s:required',
    {"struct"},
    args="field JSON name (string)",
)
def _subfield(t, tag):
    name = tag.arg("name", 0)
    if name not in t.struct_fields():
        t.fail(f"the struct has no field {name!r}")
    t.subfield(name, tag.value)


# --- cross-field rules -----------------------------------------------------------


@tag(
    "unionDiscriminator",
    {FIELD},
    "none",
    "This field's value names the union member that must be set.",
    '+k8s:unionDiscriminator(union: "u")',
    args="union (string, optional)",
)
def _union_disc(t, tag):
    t.union("x-dv-unions", tag.arg("union", 0, ""), discriminator=True)


@tag(
    "unionMember",
    {FIELD, LISTVAL},
    "none",
    "This field is a member of an exactly-one-of union.",
    '+k8s:unionMember(union: "u", memberName: "M")',
    args="union (string, optional), memberName (string, optional; default: the field's Python name)",
)
def _union_member(t, tag):
    t.union("x-dv-unions", tag.arg("union", 0, ""), member_name=tag.arg("memberName"))


@tag(
    "zeroOrOneOfMember",
    {FIELD, LISTVAL},
    "none",
    "This field is a member of an at-most-one-of group.",
    "+k8s:zeroOrOneOfMember",
    args="union (string, optional), memberName (string, optional)",
)
def _zero_or_one(t, tag):
    t.union("x-dv-zero-or-one-of", tag.arg("union", 0, ""), member_name=tag.arg("memberName"))


def _dependent(keyword):
    def emit(t, tag):
        other = tag.arg("field", 0)
        if other not in t.sibling_fields():
            t.fail(f"expected the JSON name of a sibling field, got {other!r}")
        t.parent_put(keyword, {t.json: [other]})

    return emit


tag(
    "dependentRequired",
    {FIELD},
    "none",
    "When this field is set, the named sibling must be set too.",
    "+k8s:dependentRequired(otherField)",
    args="sibling field JSON name",
)(_dependent("x-dv-dependent-required"))
tag(
    "dependentForbidden",
    {FIELD},
    "none",
    "When this field is set, the named sibling must not be set.",
    "+k8s:dependentForbidden(otherField)",
    args="sibling field JSON name",
)(_dependent("x-dv-dependent-forbidden"))


@tag(
    "modeDiscriminator",
    {FIELD},
    "none",
    "This string or bool field selects which ifMode rules apply to its siblings.",
    '+k8s:modeDiscriminator(modality: "m")',
    {"str", "bool", "enum"},
    args="modality (string, optional)",
)
def _mode_disc(t, tag):
    t.mode(tag.arg("modality", None, ""), discriminator=True)


@tag(
    "ifMode",
    {FIELD},
    "tag",
    "The payload applies to this field when the mode discriminator has the given value.",
    '+k8s:ifMode("A")=+k8s:required',
    args="mode (string), modality (string, optional)",
)
def _if_mode(t, tag):
    mode = tag.arg("mode", 0)
    if mode is None:
        t.fail("missing required mode")
    t.mode(
        tag.arg("modality", None, ""),
        value=str(mode).lower() if isinstance(mode, bool) else str(mode),
        payload=tag.value,
    )


# --- type references -------------------------------------------------------------


@tag(
    "opaqueType",
    {FIELD, TYPE, LISTVAL, MAPKEY, MAPVAL},
    "none",
    "Validations declared on the referenced type are ignored here.",
    "+k8s:opaqueType",
)
def _opaque(t, tag):
    t.put("x-dv-opaque", True)


@tag(
    "default",
    {FIELD},
    "scalar",
    "The default value (recorded; defaulting is not validation).",
    '+k8s:default="x"',
)
def _default(t, tag):
    t.put("default", tag.value)


@tag(
    "customValidation",
    {TYPE, FIELD},
    "none",
    "Hand-written validation is called here (recorded, no-op).",
    "+k8s:customValidation",
)
def _custom(t, tag):
    t.put("x-dv-custom-validation", True)


# --- test tags -------------------------------------------------------------------


def _fixed(result):
    def emit(t, tag):
        flags = [f.strip() for f in str(tag.arg("flags", None, "")).split(",") if f.strip()]
        bad = [f for f in flags if f not in ("ShortCircuit", "NonError")]
        if bad:
            t.fail(f"unknown flag: {bad[0]!r}")
        entry = {"result": result, "message": "" if tag.value is None else str(tag.value)}
        if flags:
            entry["flags"] = flags
        cohort = tag.arg("cohort")
        if cohort:
            entry["cohort"] = str(cohort)
        t.put("x-dv-fixed", [entry])

    return emit


tag(
    "validateTrue",
    VALUES,
    "string",
    "Test tag: always passes.",
    '+k8s:validateTrue="why"',
    args="flags (ShortCircuit,NonError), typeArg, cohort",
    stability="alpha",
)(_fixed(True))
tag(
    "validateFalse",
    VALUES,
    "string",
    'Test tag: always fails with "forced failure: <payload>".',
    '+k8s:validateFalse="why"',
    args="flags (ShortCircuit,NonError), typeArg, cohort",
    stability="alpha",
)(_fixed(False))


@tag(
    "validateError",
    VALUES,
    "string",
    "Test tag: reports an internal error.",
    '+k8s:validateError="why"',
    stability="alpha",
)
def _validate_error(t, tag):
    t.put("x-dv-fixed", [{"result": "error", "message": str(tag.value)}])


tag(
    "validateTrueAlpha",
    VALUES,
    "string",
    "Test tag: always passes (an alpha-stability tag).",
    '+k8s:validateTrueAlpha="why"',
    stability="alpha",
)(_fixed(True))
tag(
    "validateTrueBeta",
    VALUES,
    "string",
    "Test tag: always passes (a beta-stability tag).",
    '+k8s:validateTrueBeta="why"',
    stability="beta",
)(_fixed(True))
