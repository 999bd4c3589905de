"""OpenAPI document -> apiextensions.k8s.io/v1 CustomResourceDefinition.

The schema is made structural: `$ref`/`allOf` inlined, a type at every level,
only keys kube-apiserver accepts. Vendor semantics become CEL
`x-kubernetes-validations` where CEL can state them, with Go semantics (value
fields, set/clear transitions on the parent, rules that pass when their fields
are unchanged, as dv-eval ratchets); anything else is a warning (never silently
dropped). The full OpenAPI document rides along in the `dv2openapi.dev/openapi`
annotation so dv-eval keeps every rule. docs/crd-rendering.md says where the
API server's verdict and dv-eval's still differ.
"""

from __future__ import annotations

import json
import re

import evaluator
from evaluator.apiserver.crd.crdcheck import check_crd
from evaluator.schema.select import DIGEST, spec_digest

from ..clients import declare_kinds
from ..errors import InputError
from .admit import admission_error, make_admissible, zero_default
from .formats import FORMAT_RULES
from .formats import MAX_LENGTH as FORMAT_MAX_LENGTH
from .rules import Field, Unsupported, ident, lit, predicates

ANNOTATION = "dv2openapi.dev/openapi"
MAX_ANNOTATION = 256 * 1024
KEEP = {
    "type",
    "format",
    "description",
    "default",
    "enum",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "nullable",
    "required",
    "x-kubernetes-int-or-string",
    "x-kubernetes-list-type",
    "x-kubernetes-list-map-keys",
    "x-kubernetes-map-type",
    "x-kubernetes-preserve-unknown-fields",
    "x-kubernetes-embedded-resource",
}
FORMATS = {
    "int32",
    "int64",
    "float",
    "double",
    "date",
    "date-time",
    "password",
    "uuid",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "cidr",
    "mac",
    "duration",
    "uri",
}


class _Structural:
    def __init__(self, doc: dict, warn):
        self.doc = doc
        self.schemas = doc["components"]["schemas"]
        self._warn, self._warned = warn, set()

    def warn(self, msg: str) -> None:
        """Each warning once (schemas are flattened more than once)."""
        if msg not in self._warned:
            self._warned.add(msg)
            self._warn(msg)

    def flatten(self, schema: dict, where: str, stack: tuple = ()) -> dict:
        """Inline $ref/allOf, and the payloads enforced by default (beta, ifDisabled), into one dict.

        List-valued vendor keywords (rules) are concatenated; for other keys the schema's own
        value wins over its parts."""
        out: dict = {}
        parts: list = []
        if schema.get("x-dv-opaque"):  # the referenced types' rules do not apply: their shape only
            return self.flatten(self.opaque(schema, stack), where, stack)
        if "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[1]
            if name in stack:
                self.warn(
                    f"{where}: recursive type {name} cannot be expressed in a CRD; "
                    "left as x-kubernetes-preserve-unknown-fields"
                )
                return {"type": "object", "x-kubernetes-preserve-unknown-fields": True, "__stack": stack}
            stack = stack + (name,)
            parts.append(self.schemas[name])
        parts += schema.get("allOf", ())
        parts += [e["schema"] for e in schema.get("x-dv-beta", ())]
        if schema.get("x-dv-if-disabled"):
            self.warn(f"{where}: option-gated rules rendered for the default state (every option off)")
            parts += [e["schema"] for e in schema["x-dv-if-disabled"]]
        if schema.get("x-dv-if-enabled"):
            self.warn(f"{where}: rules gated on an enabled option are not rendered (every option is off by default)")
        if schema.get("x-dv-alpha"):
            self.warn(f"{where}: alpha rules are not enforced (dv-eval shadows them too)")
        for sub in parts:
            part = self.flatten(sub, where, stack)
            stack = part.pop("__stack", stack)
            for k, v in part.items():
                if isinstance(v, list) and k.startswith("x-") and k in out and k not in LIST_VALUED_KEEP:
                    out[k] = out[k] + v
                elif k in BOUNDS and k in out:
                    out[k] = BOUNDS[k](v, out[k])
                else:
                    out.setdefault(k, v)
        for k, v in schema.items():
            if k in ("$ref", "allOf", "x-dv-beta", "x-dv-if-disabled", "x-dv-if-enabled", "x-dv-alpha"):
                continue
            if isinstance(v, list) and k.startswith("x-") and k in out and k not in LIST_VALUED_KEEP:
                out[k] = v + out[k]
            elif k in BOUNDS and k in out:
                out[k] = BOUNDS[k](v, out[k])  # both bounds are enforced: the stricter one holds
            else:
                out[k] = v
        out["__stack"] = stack
        return out

    def opaque(self, schema: dict, stack: tuple) -> dict:
        """An opaque node: its own rules, with the shape (no rules) of what it references and of its fields."""
        shape = self.shape({k: v for k, v in schema.items() if k in ("$ref", "allOf")}, stack)
        own = {k: v for k, v in schema.items() if k not in ("$ref", "allOf", "x-dv-opaque", "required")}
        if "properties" in own:
            own["properties"] = {k: self.shape(v, stack) for k, v in own["properties"].items()}
        return {**shape, **own}

    def shape(self, schema: dict, stack: tuple) -> dict:
        """The structure of a schema, $refs inlined, without any rule."""
        out: dict = {}
        if "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[1]
            if name in stack:
                return {"type": "object", "x-kubernetes-preserve-unknown-fields": True}
            stack = stack + (name,)
            out.update(self.shape(self.schemas[name], stack))
        for part in schema.get("allOf", ()):
            for k, v in self.shape(part, stack).items():
                out.setdefault(k, v)
        for k, v in schema.items():
            if k == "properties":
                out[k] = {n: self.shape(x, stack) for n, x in v.items()}
            elif k in ("items", "additionalProperties") and isinstance(v, dict):
                out[k] = self.shape(v, stack)
            elif k in SHAPE:
                out[k] = v
        return out

    def convert(
        self, schema: dict, where: str, stack: tuple = (), corr: bool = True, root: bool = False, field: bool = False
    ) -> dict:
        """The structural schema of one node; `corr`: the server correlates old values here; `field`: the
        node is a struct field (its own validateFalse rules sit on the parent)."""
        s = self.flatten(schema, where, stack)
        stack = s.pop("__stack")
        if field and s.get("x-dv-fixed"):
            own = [id(e) for e in _own_fixed(schema)]
            s["x-dv-fixed"] = [e for e in s["x-dv-fixed"] if id(e) not in own]
        out = {k: v for k, v in s.items() if k in KEEP}
        rules: list = []
        zero_ok = _optional_zero(s)
        if out.get("format") and out["format"] not in FORMATS:
            fmt = out.pop("format")
            if fmt in FORMAT_RULES:
                rule, msg = FORMAT_RULES[fmt]
                rules.append({"rule": f"{zero_ok}{rule}", "message": msg, STRICT: True})
                _bound_length(out, FORMAT_MAX_LENGTH.get(fmt))
            else:
                self.warn(f"{where}: format {fmt} has no CRD equivalent; left out")
        if zero_ok:
            rules += _zero_exempt(out)
        if "enum" in out:
            out["enum"] = self.enum_values(s, where)
            if zero_ok and out["enum"] and "" not in out["enum"]:
                out["enum"].append("")  # an optional Go value field holding "" is unset: no rule runs
            if not out["enum"]:
                del out["enum"]
                rules.append({"rule": "false", "message": "supported values: none (an enum type without values)"})
        if "x-dv-max-bytes" in s:
            _bound_length(out, s["x-dv-max-bytes"])  # N bytes hold at most N characters
        if "x-kubernetes-int-or-string" in s:
            out.pop("type", None)
        elif "type" not in out:
            if "properties" in s or "additionalProperties" in s:
                out["type"] = "object"
            elif "items" in s:
                out["type"] = "array"
            else:
                out.setdefault("x-kubernetes-preserve-unknown-fields", True)
        if "properties" in s:
            out["properties"] = {
                k: self.convert(v, f"{where}.{k}", stack, corr, field=True) for k, v in s["properties"].items()
            }
            for sub in s.get("x-dv-subfield", ()):
                if sub["field"] in out["properties"]:
                    merged = {"allOf": [s["properties"][sub["field"]], sub["schema"]]}
                    out["properties"][sub["field"]] = self.convert(
                        merged, f"{where}.{sub['field']}", stack, corr, field=True
                    )
            out.pop("required", None)
            rules += self.struct_rules(s, where, stack, corr, root, out)
        if isinstance(s.get("additionalProperties"), dict):
            vals = _each_val(s["additionalProperties"], s)
            out["additionalProperties"] = self.convert(vals, f"{where}[*]", stack, corr)
            rules += self.lift_false(out["additionalProperties"], where)
        if "items" in s:
            items = _each_val(s["items"], s)
            item_corr = corr and s.get("x-kubernetes-list-type") == "map"
            if self.flat(items, where, stack).get("x-dv-immutable"):
                self.warn(f"{where}: immutable items: the CRD keeps existing items unchanged (dv-eval: no added items)")
            out["items"] = self.convert(items, f"{where}[*]", stack, item_corr)
            if "set" in (s.get("x-dv-unique"), s.get("x-kubernetes-list-type")):
                self.set_item_zeros(out["items"], self.flat(items, where, stack), f"{where}[*]", stack)
            rules += self.lift_false(out["items"], where)
        if s.get("x-dv-unique") == "set" and "x-kubernetes-list-type" not in out:
            out["x-kubernetes-list-type"] = "set"
        rules += self.self_rules(s, where, stack, corr)
        if not field and not root and corr:  # items and map values: transitions on the node itself
            if s.get("x-dv-immutable"):
                rules.append({"rule": "self == oldSelf", "message": "field is immutable"})
            if "NoModify" in s.get("x-dv-update", ()):
                rules.append({"rule": "self == oldSelf", "message": "field cannot be modified once set"})
        for k in sorted(s):
            if k.startswith("x-dv-") and k not in HANDLED:
                self.warn(f"{where}: {k} has no CRD rendering; enforced by dv-eval only")
        if rules:
            out["x-kubernetes-validations"] = rules
        return out

    def set_item_zeros(self, item: dict, flat: dict, at: str, stack: tuple) -> None:
        """Items of a set are compared as Go values, where an absent value field equals its zero value; the
        server compares them after defaulting, so value fields that are not required get their zero value as
        default (where the server accepts it)."""
        for name, prop in item.get("properties", {}).items():
            f = self.flat(flat["properties"][name], at, stack)
            if not f.get("x-dv-value") or name in item.get("required", ()) or zero_default(prop):
                continue
            if prop.get("type") in ("array", "object") and not set(prop) & {"minItems", "minProperties", RULES}:
                prop["default"] = [] if prop["type"] == "array" else {}  # nil and empty are equal in Go
                if "properties" in prop:  # a value struct: its own fields too
                    self.set_item_zeros(prop, f, f"{at}.{name}", stack)
                continue
            self.warn(
                f"{at}.{name}: the server compares set items as JSON, where an absent value field differs from "
                "its zero value (dv-eval compares Go values); duplicates that differ so are enforced by dv-eval only"
            )

    def lift_false(self, child: dict, where: str) -> list:
        """Rules that fail on every item fail exactly when there is an item: stated on the list or map
        itself they cost nothing per item (the server multiplies item rules by the possible item count),
        but the server then ratchets them per list, where dv-eval ratchets per unchanged item."""
        rules = child.get("x-kubernetes-validations", [])
        lifted = [r for r in rules if r["rule"] == "false"]
        if lifted:
            self.warn(f"{where}: rules that fail on every item are stated on the list (ratcheted per list)")
            child["x-kubernetes-validations"] = [r for r in rules if r["rule"] != "false"] or child.pop(
                "x-kubernetes-validations"
            )
        # an item's fieldPath names a field of the item, not of the list: the server would reject it here
        return [{**{k: v for k, v in r.items() if k != "fieldPath"}, "rule": "size(self) == 0"} for r in lifted]

    def enum_values(self, s: dict, where: str) -> list:
        """The enum in the default state: values excluded while their option is off are left out."""
        excluded = {e["value"] for e in s.get("x-dv-enum-exclude", ()) if not e.get("excludeWhen", True)}
        if s.get("x-dv-enum-exclude"):
            self.warn(f"{where}: option-gated rules rendered for the default state (every option off)")
        return [v for v in s["enum"] if v not in excluded]

    # -- rules of one node ------------------------------------------------------------------
    def self_rules(self, s: dict, where: str, stack: tuple, corr: bool) -> list:
        rules = []
        if "x-dv-neq" in s:
            rules.append(
                {
                    "rule": f"self != {lit(s['x-dv-neq'])}",
                    "message": f"must not be equal to {json.dumps(s['x-dv-neq'])}",
                    STRICT: True,
                }
            )
        if "x-dv-max-bytes" in s:
            n = s["x-dv-max-bytes"]
            rules.append(
                {"rule": f"size(bytes(self)) <= {n}", "message": f"may not be more than {n} bytes", STRICT: True}
            )
        for e in s.get("x-dv-fixed", ()):
            if e.get("result") is True or "NonError" in e.get("flags", ()):
                continue
            rules.append({"rule": "false", "message": f"forced failure: {e.get('message', '')}"})
        if s.get("x-dv-monotonic") and not s.get("x-dv-value"):
            rules.append({"rule": "self >= oldSelf", "message": "may not be decreased"})
        if "x-dv-each-key" in s:
            rules += self.each_key_rules(s, where, stack, corr)
        if "items" in s or "additionalProperties" in s:
            rules += self.list_rules(s, where, stack)
        return rules

    def each_key_rules(self, s: dict, where: str, stack: tuple, corr: bool) -> list:
        key = self.flatten(s["x-dv-each-key"], where, stack)
        key.pop("__stack")
        try:
            preds = predicates(key, "k")
        except Unsupported as e:
            self.warn(f"{where}: eachKey rule {e} has no CRD rendering; enforced by dv-eval only")
            return []
        out = []
        for p, msg in preds:
            if p == "false":  # no key may exist: constant cost
                self.warn(f"{where}: a rule failing on every key is stated on the map (ratcheted per map)")
                out.append({"rule": "size(self) == 0", "message": msg})
            elif corr:  # keys already in the old map are not checked again (dv-eval ratchets per key)
                rule = f"self.all(k, (oldSelf.hasValue() && k in oldSelf.value()) || {p})"
                out.append({"rule": rule, "message": msg, "optionalOldSelf": True})
            else:
                out.append({"rule": f"self.all(k, {p})", "message": msg})
        return out

    def list_rules(self, s: dict, where: str, stack: tuple) -> list:
        rules = []
        lt = s.get("x-kubernetes-list-type")
        keys = s.get("x-kubernetes-list-map-keys", [])
        if "items" in s and s.get("x-dv-unique") == "map" and lt != "map" and keys:
            eq = self.key_equality(s, keys, "x", "y", where, stack)
            rules.append(
                {
                    "rule": f"self.all(x, self.exists_one(y, {eq}))",
                    "message": "Duplicate value",
                    "reason": "FieldValueDuplicate",
                }
            )
        if "items" in s and s.get("x-dv-unique") == "set" and lt not in (None, "set"):
            rules.append(
                {
                    "rule": "self.all(x, self.exists_one(y, y == x))",
                    "message": "Duplicate value",
                    "reason": "FieldValueDuplicate",
                }
            )
        for entry in s.get("x-dv-item", ()):
            rules += self.item_rules(s, entry, where, stack)
        if "items" in s:
            rules += self.item_union_rules(s, where, stack)
        return rules

    def item_union_rules(self, s: dict, where: str, stack: tuple) -> list:
        """Unions whose members are list items (selected by key values): on the list."""
        item = self.flat(s["items"], where, stack)
        props = item.get("properties", {})
        rules = []
        exactly = s.get("x-dv-unions", [])
        for g in exactly + s.get("x-dv-zero-or-one-of", []):
            members = g.get("members", [])
            if not members or any("item" not in m for m in members) or "discriminator" in g:
                continue

            def member(lst: str, m: dict) -> str:
                match = " && ".join(
                    Field(k, self.flat(props.get(k, {}), where, stack)).equals("x", lit(v))
                    for k, v in m["item"].items()
                )
                return f"{lst}.exists(x, {match})"

            sets = [member("self", m) for m in members]
            labels = ", ".join(f"`{m.get('label', m.get('memberName', ''))}`" for m in members)
            op, word = ("==", "exactly") if g in exactly else ("<=", "at most")
            rule = {
                "rule": f"[{', '.join(sets)}].filter(b, b).size() {op} 1",
                "message": f"must specify {word} one of: {labels}",
            }
            rules.append(rule)  # ratcheted per unchanged list (dv-eval: per unchanged membership)
        return rules

    def key_equality(self, s: dict, keys: list, a: str, b: str, where: str, stack: tuple) -> str:
        item = self.flatten(s["items"], where, stack)
        props = item.get("properties", {})
        return " && ".join(Field(k, self.flat(props.get(k, {}), where, stack)).unchanged(a, b) for k in keys)

    def item_rules(self, s: dict, entry: dict, where: str, stack: tuple) -> list:
        item = self.flatten(s["items"], where, stack)
        props = item.get("properties", {})
        match = " && ".join(
            Field(k, self.flat(props.get(k, {}), where, stack)).equals("x", lit(v)) for k, v in entry["match"].items()
        )
        try:
            preds = self.fragment_predicates(entry["schema"], "x", item, where, stack)
        except Unsupported as e:
            self.warn(f"{where}: item rule {e} has no CRD rendering; enforced by dv-eval only")
            return []
        if preds:
            self.warn(f"{where}: rules of the item {entry['match']} are checked on the list (ratcheted per list)")
        return [{"rule": f"self.all(x, !({match}) || {p})", "message": msg} for p, msg in preds]

    def fragment_predicates(self, frag: dict, x: str, like: dict, where: str, stack: tuple) -> list:
        """Predicates of a payload fragment applied to the value `x` (shaped like `like`)."""
        frag = self.flat(frag, where, stack)
        out = []
        for sub in frag.pop("x-dv-subfield", ()):
            fld = Field(sub["field"], self.flat(like.get("properties", {}).get(sub["field"], {}), where, stack))
            inner = self.flat(sub["schema"], where, stack)
            out += self.field_predicates(fld, inner, x)
        return out + predicates(frag, x)

    def field_predicates(self, fld: Field, frag: dict, obj: str) -> list:
        """Predicates of a fragment applied to field `fld` of the object `obj` (Go presence rules)."""
        frag = dict(frag)
        out = []
        if frag.pop("x-dv-required", False):
            out.append((fld.is_set(obj), f"{fld.name}: Required value"))
        if frag.pop("x-dv-forbidden", False):
            out.append((f"!{fld.is_set(obj)}", f"{fld.name}: Forbidden"))
        optional = frag.pop("x-dv-optional", False)
        value = fld.val(obj) if fld.zero is not None and not optional else f"{obj}.{fld.cel}"
        guard = fld.is_set(obj) if optional else (fld.has(obj) if fld.zero is None else None)
        for p, msg in predicates(frag, value):
            out.append((f"!{guard} || {p}" if guard else p, f"{fld.name}: {msg}"))
        return out

    def field(self, name: str, schema: dict, where: str, stack: tuple) -> Field:
        """A struct field with its Go semantics (a value struct knows its own fields)."""

        def children(flat: dict) -> dict:
            props = flat.get("properties", {})
            return {k: Field(k, self.flat(v, where, stack)) for k, v in props.items() if _ident_ok(k)}

        return Field(name, self.flat(schema, where, stack), children)

    def flat(self, schema: dict, where: str, stack: tuple) -> dict:
        out = self.flatten(schema, where, stack)
        out.pop("__stack")
        return out

    # -- rules a struct states about its fields ----------------------------------------------
    def struct_rules(self, s: dict, where: str, stack: tuple, corr: bool, root: bool, out: dict) -> list:
        fields: dict = {}
        for name, prop in s["properties"].items():
            if root and name in ROOT_FIELDS:
                continue  # replaced by the resource's own apiVersion, kind and ObjectMeta
            try:
                fields[name] = self.field(name, prop, f"{where}.{name}", stack)
            except Unsupported as e:
                self.warn(f"{where}.{name}: {e}; its presence rules are enforced by dv-eval only")
        guard = _Guard(corr)
        rules: list = []
        absent = self.absent_errors(s)
        for name, fld in fields.items():
            raw = s["properties"][name]
            flat = self.flat(raw, f"{where}.{name}", stack)
            path = f".{fld.cel}" if fld.cel == name else None
            if name in absent and root:  # the server never ratchets the root: a rule that does it per field
                rtype, msg, paths = absent[name]
                # a present value struct's own fields report what its zero value lacks
                present = fld.has if fld.kind == "struct" else fld.is_set
                rule = {"rule": present("self"), "message": msg, "reason": rtype}
                unset = " && ".join(dict.fromkeys(_unset_at(fld, p, "oldSelf.value()") for p in paths))
                rules.append(_at(guard(rule, unset), path))
            elif name in absent:  # OpenAPI costs no CEL budget (these structs may sit in long lists)
                out.setdefault("required", []).append(name)
                if absent[name][0] == "FieldValueRequired" and fld.value:
                    _require_non_zero(out["properties"][name], fld)
            unchanged = fld.unchanged("self", "oldSelf.value()")
            if flat.get("x-dv-forbidden"):
                rule = {"rule": f"!{fld.is_set('self')}", "message": "Forbidden", "reason": "FieldValueForbidden"}
                rules.append(_at(guard(rule, unchanged), path))
            subs = [sub["schema"] for sub in s.get("x-dv-subfield", ()) if sub["field"] == name]
            # an unset optional or forbidden field skips its other rules
            optional = any(x.get(k) for x in [flat, *subs] for k in ("x-dv-optional", "x-dv-forbidden"))
            for e in [x for part in [raw, *subs] for x in _own_fixed(part)]:
                fails = f"!{fld.is_set('self')}" if optional else "false"
                rule = {"rule": fails, "message": f"forced failure: {e.get('message', '')}"}
                rules.append(_at(guard(rule, unchanged), path))
            rules += [_at(r, path) for r in self.update_rules(fld, flat, corr, where)]
        return rules + self.group_rules(s, fields, where, guard)

    def update_rules(self, fld: Field, flat: dict, corr: bool, where: str) -> list:
        """Transition rules on a field, stated on its parent so that set and clear count."""
        updates = set(flat.get("x-dv-update", ()))
        if not corr:
            if updates or flat.get("x-dv-immutable"):
                self.warn(f"{where}.{fld.name}: update rules cannot be stated here (no old value to compare)")
            return []
        old, new = "oldSelf", "self"
        rules = []
        if flat.get("x-dv-immutable"):
            rules.append({"rule": fld.unchanged(new, old), "message": "field is immutable"})
        if "NoModify" in updates:
            both = f"{fld.is_set(new)} && {fld.is_set(old)}" if fld.kind != "struct" or not fld.value else "true"
            rules.append(
                {"rule": f"!({both}) || {fld.unchanged(new, old)}", "message": "field cannot be modified once set"}
            )
        if "NoSet" in updates:
            rules.append(
                {"rule": f"{fld.is_set(old)} || !{fld.is_set(new)}", "message": "field cannot be set once created"}
            )
        if updates & {"NoClear", "NoUnset"}:
            rules.append(
                {"rule": f"!{fld.is_set(old)} || {fld.is_set(new)}", "message": "field cannot be cleared once set"}
            )
        if flat.get("x-dv-monotonic") and fld.zero is not None:
            rules.append({"rule": f"{fld.val(new)} >= {fld.val(old)}", "message": "may not be decreased"})
        for rule, test in (("NoAddItem", ("self", "oldSelf")), ("NoRemoveItem", ("oldSelf", "self"))):
            if rule in updates:
                rules.append(self.item_set_rule(fld, flat, rule, *test, where))
        return rules

    def item_set_rule(self, fld: Field, flat: dict, rule: str, a: str, b: str, where: str) -> dict:
        """NoAddItem (every item of self is in oldSelf) / NoRemoveItem (the reverse)."""
        xs, ys = fld.val(a), fld.val(b)
        if fld.kind == "map":
            test = f"{xs}.all(k, k in {ys})"
        else:
            keys = flat.get("x-kubernetes-list-map-keys")
            eq = self.key_equality(flat, keys, "x", "y", where, ()) if keys else "x == y"
            test = f"{xs}.all(x, {ys}.exists(y, {eq}))"
        verb = "added" if rule == "NoAddItem" else "removed"
        return {"rule": test, "message": f"item may not be {verb}", "reason": "FieldValueForbidden"}

    def group_rules(self, s: dict, fields: dict, where: str, guard) -> list:
        """Unions, zero-or-one-of groups, dependent fields and modes."""
        rules = []
        for g in s.get("x-dv-unions", []) + s.get("x-dv-zero-or-one-of", []):
            members = [m for m in g["members"] if m.get("field") in fields]
            if len(members) != len(g["members"]):
                self.warn(f"{where}: unions over list items have no CRD rendering; enforced by dv-eval only")
                continue
            sets = [fields[m["field"]].is_set("self") for m in members]
            names = ", ".join(f"`{m['field']}`" for m in members)
            same = [
                f"{x} == {fields[m['field']].is_set('oldSelf.value()')}" for x, m in zip(sets, members, strict=True)
            ]
            if "discriminator" in g and g["discriminator"] in fields:
                d = fields[g["discriminator"]]
                same.append(d.unchanged("self", "oldSelf.value()"))
                for m, is_set in zip(members, sets, strict=True):
                    rule = {
                        "rule": f"{d.equals('self', lit(m['memberName']))} == {is_set}",
                        "message": f"{m['field']} must be specified exactly when `{g['discriminator']}` is "
                        f"{json.dumps(m['memberName'])}",
                    }
                    rules.append(guard(rule, " && ".join(same)))
                continue
            word, op = ("exactly", "==") if g in s.get("x-dv-unions", []) else ("at most", "<=")
            rule = {
                "rule": f"[{', '.join(sets)}].filter(x, x).size() {op} 1",
                "message": f"must specify {word} one of: {names}",
            }
            rules.append(guard(rule, " && ".join(same)))
        for key, required in (("x-dv-dependent-required", True), ("x-dv-dependent-forbidden", False)):
            for trig, deps in s.get(key, {}).items():
                if trig not in fields or any(d not in fields for d in deps):
                    continue
                t = fields[trig]
                for d in deps:
                    dep = fields[d]
                    rule = f"!{t.is_set('self')} || {'' if required else '!'}{dep.is_set('self')}"
                    msg = f"{d} {'must' if required else 'may not'} be set when {trig} is set"
                    same = " && ".join(f"{f.is_set('self')} == {f.is_set('oldSelf.value()')}" for f in (t, dep))
                    rules.append(guard({"rule": rule, "message": msg}, same))
        for g in s.get("x-dv-modes", ()):
            rules += self.mode_rules(g, fields, where, guard)
        return rules

    def mode_rules(self, g: dict, fields: dict, where: str, guard) -> list:
        d = fields.get(g["discriminator"])
        if d is None:
            return []
        disc = d.val("self") if d.zero is not None else f"self.{d.cel}"
        rules = []
        for name, entries in g.get("fields", {}).items():
            fld = fields.get(name)
            if fld is None:
                continue
            if all(_alpha_only(e["schema"]) for e in entries):
                self.warn(f"{where}.{name}: alpha mode rules are not enforced (dv-eval shadows them too)")
                continue
            modes = [e["mode"] for e in entries]
            mode_lits = [lit(m == "true") if d.kind == "boolean" else lit(m) for m in modes]
            same = f"{d.unchanged('self', 'oldSelf.value()')} && {fld.unchanged('self', 'oldSelf.value()')}"
            rule = {
                "rule": f"{disc} in [{', '.join(mode_lits)}] || !{fld.is_set('self')}",
                "message": f"{name}: Forbidden",
                "reason": "FieldValueForbidden",
            }
            rules.append(guard(rule, same))
            for e, m in zip(entries, mode_lits, strict=True):
                if _alpha_only(e["schema"]):
                    continue
                try:
                    preds = self.field_predicates(fld, self.flat(e["schema"], where, ()), "self")
                except Unsupported as err:
                    self.warn(f"{where}.{name}: mode rule {err} has no CRD rendering; enforced by dv-eval only")
                    continue
                rules += [guard({"rule": f"{disc} != {m} || {p}", "message": msg}, same) for p, msg in preds]
        return rules

    def absent_errors(self, s: dict) -> dict:
        """What dv-eval says about each field of this struct when it is absent: name -> (reason, message, paths)."""
        probe = {"type": "object", "properties": s["properties"], "required": s.get("required", [])}
        if s.get("x-dv-subfield"):
            probe["x-dv-subfield"] = s["x-dv-subfield"]
        doc = {**self.doc, "components": {"schemas": {**self.schemas, PROBE: probe}}}
        out: dict = {}
        for e in evaluator.compile(doc, PROBE).validate({}, options=()):
            if e.level == "alpha":
                continue
            name = _first_segment(e.field, s["properties"])
            if name is not None and name not in out:
                out[name] = (REASONS.get(e.type, "FieldValueInvalid"), e.detail or "Required value", [])
            if name is not None:
                out[name][2].append(e.field)
        return out


def _alpha_only(schema: dict) -> bool:
    """A mode member's rules that are all alpha-level (`+k8s:alpha=+k8s:ifMode(...)=...`)."""
    return bool(schema.get("x-dv-alpha")) and set(schema) <= {"x-dv-alpha", "description"}


PROBE = "__dv2openapi_probe__"
_SELF = re.compile(r"\bself\b")
ROOT_FIELDS = ("apiVersion", "kind", "metadata")
STRICT = "__strict"  # marks a rule rendering a tag's own constraint: never shed for cost
REASONS = {"FieldValueRequired": "FieldValueRequired", "FieldValueForbidden": "FieldValueForbidden"}
BOUNDS = {
    **dict.fromkeys(("minimum", "minLength", "minItems", "minProperties"), max),
    **dict.fromkeys(("maximum", "maxLength", "maxItems", "maxProperties", "x-dv-max-bytes"), min),
}
LIST_VALUED_KEEP = {"x-kubernetes-list-map-keys"}
RULES = "x-kubernetes-validations"
SHAPE = {  # what an opaque type keeps of the types it references: structure, Go value semantics
    "type",
    "description",
    "nullable",
    "x-dv-value",
    "x-kubernetes-int-or-string",
    "x-kubernetes-preserve-unknown-fields",
    "x-kubernetes-embedded-resource",
}


def _each_val(elem: dict, s: dict) -> dict:
    """An item or map value schema with the eachVal payload (an opaque payload makes the element opaque)."""
    each = s.get("x-dv-each-val")
    if not each:
        return dict(elem)
    return {"allOf": [{**elem, "x-dv-opaque": True} if each.get("x-dv-opaque") else elem, each]}


def _ident_ok(name: str) -> bool:
    try:
        ident(name)
    except Unsupported:
        return False
    return True


def _unset_at(fld: Field, path: str, obj: str) -> str:
    """The value dv-eval reports an absent field's error at (`fld`, or one of a value struct's own fields)
    is unset in `obj`: dv-eval ratchets the error when that value is unchanged."""
    sub = path[len(fld.name) + 1 :] if path.startswith(fld.name + ".") else ""
    child = (fld.children or {}).get(sub)
    if child is None:
        return f"!{fld.is_set(obj)}"
    return f"(!{fld.has(obj)} || !{child.is_set(f'{obj}.{fld.cel}')})"


def _first_segment(path: str, props: dict) -> str | None:
    """The property a field path starts with."""
    for name in sorted(props, key=len, reverse=True):
        if path == name or path.startswith((name + ".", name + "[")):
            return name
    return None


def _optional_zero(s: dict) -> str:
    """`size(self) == 0 || ` (or `self == 0 || `) for an optional Go value scalar: its zero value is unset."""
    if not (s.get("x-dv-optional") and s.get("x-dv-value")):
        return ""
    return {"string": "size(self) == 0 || ", "integer": "self == 0 || ", "number": "self == 0.0 || "}.get(
        s.get("type", ""), ""
    )


def _zero_exempt(out: dict) -> list:
    """Bounds the zero value of an optional value field would fail, as CEL rules that let it pass."""
    rules = []
    zero = "0.0" if out.get("type") == "number" else "0"
    for key, op in (("minimum", ">="), ("maximum", "<=")):
        if key in out and not (out[key] <= 0 if key == "minimum" else out[key] >= 0):
            rules.append({"rule": f"self == {zero} || self {op} {out.pop(key)}", "message": f"{key} violated"})
    if out.get("minLength", 0) > 0:
        n = out.pop("minLength")
        rules.append({"rule": f"size(self) == 0 || size(self) >= {n}", "message": f"must be at least {n} characters"})
    if "pattern" in out:
        p = out.pop("pattern")
        rules.append({"rule": f"size(self) == 0 || self.matches({lit(p)})", "message": f"must match '{p}'"})
    return rules


def _shed_costly(manifest: dict, warn) -> list:
    """Drop rules whose estimated cost the API server would refuse, when they render a rule the server
    cannot afford (test rules, eachKey, item, uniqueness, update lists, ratcheting guards): warn instead.
    Tag renderings marked strict stay, so that `admission_error` names the tag that bounds them."""
    schema = manifest["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
    while True:
        problems = check_crd(manifest)
        costly = [p for p in problems if "budget" in p.detail or "cost total" in p.detail]
        for p in costly:
            path = re.findall(r"[^.\[\]]+|\[\d+\]", p.field.replace("spec.validation.openAPIV3Schema", "", 1))
            node: object = schema
            for part in path[:-1] if path and path[-1] == "rule" else path:
                node = node[int(part[1:-1])] if part.startswith("[") else node[part]
            if isinstance(node, dict) and "rule" in node and not node.get(STRICT):
                where = _schema_path(manifest["spec"]["names"]["kind"], path) + node.get("fieldPath", "")
                warn(
                    f"{where or 'root'}: rule ({node.get('message', node['rule'])}) exceeds the API server's CEL cost "
                    "limit; enforced by dv-eval only (a +k8s:maxItems/maxProperties/maxLength bound lets it in)"
                )
                node["__drop"] = True
                break
        else:
            return problems
        _remove_dropped(schema)


def _schema_path(kind: str, parts: list) -> str:
    """`Kind.a.b[*]` for the path parts of a rule (as the generator's warnings name fields)."""
    out = kind
    it = iter(parts)
    for part in it:
        if part == "properties":
            out += "." + next(it)
        elif part in ("items", "additionalProperties"):
            out += "[*]"
        elif part == "x-kubernetes-validations":
            break
    return out


def _remove_dropped(s: dict) -> None:
    if "x-kubernetes-validations" in s:
        kept = [r for r in s["x-kubernetes-validations"] if not r.get("__drop")]
        if kept:
            s["x-kubernetes-validations"] = kept
        else:
            del s["x-kubernetes-validations"]
    for sub in [*s.get("properties", {}).values(), s.get("items"), s.get("additionalProperties")]:
        if isinstance(sub, dict):
            _remove_dropped(sub)


def _unmark(s: dict) -> None:
    for r in s.get("x-kubernetes-validations", ()):
        r.pop(STRICT, None)
    for sub in [*s.get("properties", {}).values(), s.get("items"), s.get("additionalProperties")]:
        if isinstance(sub, dict):
            _unmark(sub)


def _metadata_name_rules(meta: dict | None, kind: str, warn) -> list:
    """Rules of the type's `metadata.name` as root rules on `self.metadata.name` (a CRD's `metadata`
    schema is the server's own ObjectMeta; its other fields are validated by the server)."""
    if not meta or not meta.get("properties"):
        return []
    name = dict(meta["properties"].get("name") or {})
    others = sorted(k for k, v in meta["properties"].items() if k != "name" and _has_constraints(v))
    if others:
        warn(f"{kind}.metadata: rules on {', '.join(others)} are not rendered (the API server validates ObjectMeta)")
    x = "self.metadata.name"
    rules = []
    for r in name.pop("x-kubernetes-validations", []):
        if "oldSelf" in r["rule"]:
            continue
        on_name = _SELF.sub(x, r["rule"])
        rules.append({**r, "rule": f"!has({x}) || ({on_name})"})
    try:
        preds = predicates(name, x)
    except Unsupported as e:
        warn(f"{kind}.metadata.name: {e} is not rendered")
        preds = []
    rules += [{"rule": f"!has({x}) || {p}", "message": msg} for p, msg in preds]
    same = f"{x} == oldSelf.value().metadata.name"
    # no fieldPath: the server checks it against the CRD's own `metadata` schema, which has no fields
    return [_Guard(True)({**r, "message": f"metadata.name: {r['message']}"}, same) for r in rules]


def _has_constraints(s: dict) -> bool:
    return any(k not in ("type", "description", "nullable", "format") for k in s) or bool(s.get("format"))


def _require_non_zero(prop: dict, fld: Field) -> None:
    """A required Go value field may not hold its zero value either."""
    bound = {"string": "minLength", "list": "minItems", "map": "minProperties"}.get(fld.kind)
    if bound:
        prop[bound] = max(prop.get(bound, 1), 1)
    elif fld.zero is not None:
        rule = {"rule": f"self != {fld.zero}", "message": "Required value", "reason": "FieldValueRequired"}
        prop.setdefault("x-kubernetes-validations", []).append(rule)


class _Guard:
    """Makes a struct rule pass on an update that leaves what it tests unchanged (dv-eval ratchets
    each rule on the fields it reads; the server only per unchanged node, and never at the root)."""

    def __init__(self, corr: bool):
        self.corr = corr

    def __call__(self, rule: dict, unchanged: str) -> dict:
        if not self.corr:
            return rule
        return {**rule, "rule": f"(oldSelf.hasValue() && {unchanged}) || ({rule['rule']})", "optionalOldSelf": True}


def _own_fixed(raw: dict) -> list:
    """validateFalse entries of the field itself (not of its type): they run even when the field is absent."""
    out = list(raw.get("x-dv-fixed", ()))
    for part in [*raw.get("allOf", ()), *(e["schema"] for e in raw.get("x-dv-beta", ()))]:
        if "$ref" not in part:
            out += _own_fixed(part)
    return [e for e in out if e.get("result") is not True and "NonError" not in e.get("flags", ())]


def _at(rule: dict, path: str | None) -> dict:
    """A parent rule reported at the field (fieldPath), when the field has a plain name."""
    return {**rule, "fieldPath": path} if path else rule


def _bound_length(out: dict, bound: int | None) -> None:
    """Emit an implied maxLength unless a tighter one is there."""
    if bound is not None and out.get("type") == "string" and out.get("maxLength", bound) >= bound:
        out["maxLength"] = bound


HANDLED = {
    "x-dv-value",
    "x-dv-required",
    "x-dv-optional",
    "x-dv-forbidden",
    "x-dv-neq",
    "x-dv-max-bytes",
    "x-dv-immutable",
    "x-dv-update",
    "x-dv-monotonic",
    "x-dv-unions",
    "x-dv-zero-or-one-of",
    "x-dv-dependent-required",
    "x-dv-dependent-forbidden",
    "x-dv-each-val",
    "x-dv-subfield",
    "x-dv-unique",
    "x-dv-if-enabled",
    "x-dv-if-disabled",
    "x-dv-alpha",
    "x-dv-beta",
    "x-dv-custom-validation",
    "x-dv-subresource",
    "x-dv-supports-subresources",
    "x-dv-enum-exclude",
    "x-dv-opaque",
    "x-dv-fixed",
    "x-dv-each-key",
    "x-dv-item",
    "x-dv-modes",
}


def to_crd(
    doc: dict,
    kind: str,
    group: str,
    version: str = "v1",
    scope: str = "Namespaced",
    plural: str | None = None,
    warn=lambda msg: None,
) -> dict:
    """The CRD manifest for `kind` of an OpenAPI document."""
    schemas = doc["components"]["schemas"]
    if kind not in schemas:
        raise InputError(f"no type named {kind!r} (types: {', '.join(sorted(schemas))})")
    if scope not in ("Namespaced", "Cluster"):
        raise InputError(f"--scope must be Namespaced or Cluster, got {scope!r}")
    root = _Structural(doc, warn).convert({"$ref": "#/components/schemas/" + kind}, kind, root=True)
    if root.get("type") != "object" or "additionalProperties" in root or root.get("x-kubernetes-int-or-string"):
        raise InputError(f"--type {kind} must name a struct (a CRD's root is an object with fields)")
    make_admissible(root, kind, warn)
    props = root.setdefault("properties", {})
    props["apiVersion"] = {"type": "string"}
    props["kind"] = {"type": "string"}
    name_rules = _metadata_name_rules(props.get("metadata"), kind, warn)
    if name_rules:
        root["x-kubernetes-validations"] = root.get("x-kubernetes-validations", []) + name_rules
    props["metadata"] = {"type": "object"}
    root["type"] = "object"
    plural = plural or (kind.lower() + ("es" if kind.lower().endswith("s") else "s"))
    version_entry: dict = {"name": version, "served": True, "storage": True, "schema": {"openAPIV3Schema": root}}
    subs = schemas[kind].get("x-dv-supports-subresources") or doc.get("x-dv-supports-subresources", [])
    sub = {}
    if "/status" in subs:
        sub["status"] = {}
    if "/scale" in subs:
        sub["scale"] = {"specReplicasPath": ".spec.replicas", "statusReplicasPath": ".status.replicas"}
    if sub:
        version_entry["subresources"] = sub
    meta: dict = {"name": f"{plural}.{group}"}
    text = json.dumps(declare_kinds(doc, group, version, (kind,)), sort_keys=True, separators=(",", ":"))
    if len(text) <= MAX_ANNOTATION:
        meta["annotations"] = {ANNOTATION: text}
    else:
        warn(f"the OpenAPI document is larger than {MAX_ANNOTATION} bytes; not embedded in the CRD")
    manifest = {
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": meta,
        "spec": {
            "group": group,
            "names": {"kind": kind, "listKind": kind + "List", "plural": plural, "singular": kind.lower()},
            "scope": scope,
            "versions": [version_entry],
        },
    }
    problems = _shed_costly(manifest, warn)
    _unmark(root)
    admission_error(manifest, kind, problems)
    if "annotations" in meta:  # what the embedded document stands for, so that an edit shows
        meta["annotations"][DIGEST] = spec_digest(manifest["spec"])
    return manifest
