"""The tag catalog and vendor-keyword reference, rendered from the registry."""

from __future__ import annotations

from .registry import REGISTRY, SCOPE_NAMES
from .renderdoc import summary

VENDOR_KEYWORDS = [
    # (keyword, value shape, semantics, emitted by)
    (
        "x-dv-value",
        "true",
        "Go value (non-pointer) field: absent means the zero value, and the zero value counts as "
        "unset for required/optional/forbidden/update.",
        "any non-Optional field",
    ),
    (
        "x-dv-required",
        "true",
        "The field must be set (only inside option/lifecycle payloads; otherwise the parent's `required`).",
        "required",
    ),
    ("x-dv-optional", "true", "When unset, no other rule of the field runs.", "optional"),
    ("x-dv-forbidden", "true", "The field must be unset.", "forbidden"),
    ("x-dv-max-bytes", "integer", "At most N UTF-8 bytes (Too long, origin maxBytes).", "maxBytes"),
    ("x-dv-neq", "string | integer | boolean", "The value may not equal this (origin neq).", "neq"),
    (
        "x-dv-enum-exclude",
        "[{value, option, excludeWhen}]",
        "Enum values excluded when the option is on (excludeWhen: true) or off (false).",
        "enumExclude under ifEnabled/ifDisabled",
    ),
    ("x-dv-if-enabled", "[{option, schema}]", "`schema` applies only when the option is enabled.", "ifEnabled"),
    ("x-dv-if-disabled", "[{option, schema}]", "`schema` applies only when the option is disabled.", "ifDisabled"),
    (
        "x-dv-alpha",
        "[{since?, schema}]",
        "`schema` is alpha: its errors are shadowed (reported, never failing).",
        "alpha",
    ),
    (
        "x-dv-beta",
        "[{since?, schema}]",
        "`schema` is beta: enforced unless beta enforcement is off (--no-beta).",
        "beta",
    ),
    ("x-dv-immutable", "true", "On update the value may not change (Invalid, origin immutable).", "immutable"),
    (
        "x-dv-update",
        "[NoSet | NoModify | NoClear | NoUnset | NoAddItem | NoRemoveItem]",
        "Update constraints (origin update); list items matched by key (list-map) or value.",
        "update",
    ),
    ("x-dv-monotonic", "true", "On update the integer may not decrease (origin monotonic).", "monotonic"),
    ("x-dv-unique", "set | map", "Items are unique by value / by list-map keys (Duplicate value).", "unique"),
    ("x-dv-custom-unique", "true", "No generated uniqueness check (hand-written elsewhere).", "customUnique"),
    ("x-dv-each-val", "schema", "Applies to every item / map value (when not merged into items).", "eachVal"),
    ("x-dv-each-key", "schema", "Applies to every map key; errors at the map's path.", "eachKey, typed map keys"),
    ("x-dv-item", "[{match: {key: value}, schema}]", "Applies to the list-map item with these key values.", "item"),
    ("x-dv-subfield", "[{field, schema}]", "Applies to the named field of this struct.", "subfield"),
    (
        "x-dv-unions",
        "[{union?, discriminator?, members: [{field, memberName} | {item, label, memberName}]}]",
        "Exactly one member set (or the one the discriminator names); origin union. A member with `item` "
        "(and no `field`) is a list-map item; such a union sits on the list and `label` names the member in errors.",
        "unionMember, unionDiscriminator",
    ),
    (
        "x-dv-zero-or-one-of",
        "[{union?, members: [...]}]",
        "At most one member set; origin zeroOrOneOf.",
        "zeroOrOneOfMember",
    ),
    (
        "x-dv-dependent-required",
        "{field: [fields]}",
        "When the field is set, these must be set (origin dependentRequired).",
        "dependentRequired",
    ),
    (
        "x-dv-dependent-forbidden",
        "{field: [fields]}",
        "When the field is set, these must not be (origin dependentForbidden).",
        "dependentForbidden",
    ),
    (
        "x-dv-modes",
        "[{modality?, discriminator, fields: {field: [{mode, schema}]}}]",
        "Per-field rules selected by the discriminator's value.",
        "modeDiscriminator, ifMode",
    ),
    (
        "x-dv-opaque",
        "true",
        "Rules of the referenced type are not applied here (on a struct: its fields' rules are skipped).",
        "opaqueType",
    ),
    (
        "x-dv-embedded",
        "[{name, fields, schema}]",
        "Go embedded structs of this struct: `fields` are the properties promoted from it (listed in "
        "`properties` too, where dv-eval skips them); the embedded struct is those keys, validated "
        "against `schema` as one field (a pointer one is nil when none is present), at the struct's own "
        "path, or at `name` (the Go type) when the struct is the root object.",
        '`field(metadata={"inline": True})`',
    ),
    (
        "x-dv-fixed",
        "[{result, message, flags?}]",
        "Test rules: always pass (true), always fail with "
        '"forced failure: <message>" (false), or an internal error ("error").',
        "validateTrue/False/Error",
    ),
    (
        "x-dv-custom-validation",
        "true",
        "Hand-written validation was declared here (recorded, not run).",
        "customValidation",
    ),
    (
        "x-dv-subresource",
        "string",
        "The type's rules apply only when validating this subresource.",
        "isSubresource (module)",
    ),
    (
        "x-dv-supports-subresources",
        "[string]",
        "Document level: subresources the types support.",
        "supportsSubresource (module)",
    ),
]


def tags_markdown() -> str:
    lines = [
        "# Tag catalog",
        "",
        "Generated from `dv2openapi/registry.py` (`dv2openapi tags --markdown`).",
        "",
        "| Tag | Scopes | Payload | Arguments | Applies to | Description | Example | CRD rendering |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name in sorted(REGISTRY, key=str.lower):
        d = REGISTRY[name]
        scopes = ", ".join(SCOPE_NAMES[s] for s in sorted(d.scopes))
        kinds = ", ".join(sorted(d.kinds)) if d.kinds else "any"
        lines.append(
            f"| `+k8s:{name}` | {scopes} | {d.payload} | {d.args or '-'} | {kinds} | {d.doc} | "
            f"`{d.example}` | [{summary(name)}](crd-rendering.md#k8s{name.lower()}) |"
        )
    return "\n".join(lines) + "\n"


def tags_text() -> str:
    out = []
    for name in sorted(REGISTRY, key=str.lower):
        d = REGISTRY[name]
        out.append(
            f"+k8s:{name}\n    {d.doc}\n    scopes: {', '.join(SCOPE_NAMES[s] for s in sorted(d.scopes))}"
            f"; payload: {d.payload}" + (f"; args: {d.args}" if d.args else "") + f"\n    e.g. {d.example}"
        )
    return "\n".join(out) + "\n"


def vendor_markdown() -> str:
    lines = [
        "# Vendor keywords (`x-dv-*`)",
        "",
        "What OpenAPI cannot say, dv2openapi says with these keywords; dv-eval implements each one. "
        "Generated from `dv2openapi/catalog.py`.",
        "",
        "| Keyword | Value | Semantics | Emitted by |",
        "| --- | --- | --- | --- |",
    ]
    for kw, shape, sem, by in VENDOR_KEYWORDS:
        lines.append(f"| `{kw}` | `{shape}` | {sem} | {by} |")
    return "\n".join(lines) + "\n"
