"""OpenAPI document -> apiextensions.k8s.io/v1 CustomResourceDefinition.

The schema is made structural: `$ref`/`allOf` inlined, a type at every level,
only keys kube-apiserver accepts. Vendor semantics become CEL
`x-kubernetes-validations` where CEL can state them; anything else is a
warning (never silently dropped). The full OpenAPI document rides along in
the `dv2openapi.dev/openapi` annotation so dv-eval keeps every rule.
"""

from __future__ import annotations

import json

from .crdadmit import admission_error, make_admissible
from .errors import InputError

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
    "byte",
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
CEL_FORMATS = {
    "k8s-short-name": (
        "self.matches('^[a-z0-9]([-a-z0-9]*[a-z0-9])?$') && size(self) <= 63",
        "must be a lowercase RFC 1123 label",
    ),
    "k8s-long-name": (
        "self.matches('^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$') && size(self) <= 253",
        "must be a lowercase RFC 1123 subdomain",
    ),
    "k8s-uuid": (
        "self.matches('^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')",
        "must be a lowercase UUID in 8-4-4-4-12 format",
    ),
}


# The length bound a format implies (emitted as maxLength: it keeps CEL cost estimates bounded).
FORMAT_MAX_LENGTH = {"k8s-short-name": 63, "k8s-long-name": 253, "k8s-uuid": 36}


def _lit(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'"
    return str(v)


class _Structural:
    def __init__(self, doc: dict, warn):
        self.schemas = doc["components"]["schemas"]
        self.warn = warn

    def flatten(self, schema: dict, where: str, stack: tuple = ()) -> dict:
        """Inline $ref/allOf into one dict (later parts win on conflicts)."""
        out: dict = {}
        if "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[1]
            if name in stack:
                self.warn(
                    f"{where}: recursive type {name} cannot be expressed in a CRD; "
                    "left as x-kubernetes-preserve-unknown-fields"
                )
                return {"type": "object", "x-kubernetes-preserve-unknown-fields": True}
            out.update(self.flatten(self.schemas[name], where, stack + (name,)))
            stack = stack + (name,)
        for sub in schema.get("allOf", ()):
            part = self.flatten(sub, where, stack)
            stack = part.pop("__stack", stack)  # a $ref inside allOf extends the recursion stack
            for k, v in part.items():
                if k == "x-kubernetes-validations":
                    out.setdefault(k, []).extend(v)
                else:
                    out.setdefault(k, v)
        for k, v in schema.items():
            if k not in ("$ref", "allOf"):
                out[k] = v
        out["__stack"] = stack
        return out

    def convert(self, schema: dict, where: str, stack: tuple = ()) -> dict:
        s = self.flatten(schema, where, stack)
        stack = s.pop("__stack")
        out = {k: v for k, v in s.items() if k in KEEP}
        rules: list = []
        if out.get("format") and out["format"] not in FORMATS:
            fmt = out.pop("format")
            if fmt in CEL_FORMATS:
                rule, msg = CEL_FORMATS[fmt]
                rules.append({"rule": rule, "message": msg})
                _bound_length(out, FORMAT_MAX_LENGTH.get(fmt))
            else:
                self.warn(f"{where}: format {fmt} has no CRD equivalent; left out")
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
            out["properties"] = {k: self.convert(v, f"{where}.{k}", stack) for k, v in s["properties"].items()}
            for name, prop in s["properties"].items():
                flat = self.flatten(prop, where, stack)
                rules += self.parent_rules(name, flat, f"{where}.{name}")
        if isinstance(s.get("additionalProperties"), dict):
            vals = dict(s["additionalProperties"])
            if "x-dv-each-val" in s:
                vals = {"allOf": [vals, s["x-dv-each-val"]]}
            out["additionalProperties"] = self.convert(vals, f"{where}[*]", stack)
        if "items" in s:
            items = dict(s["items"])
            if "x-dv-each-val" in s:
                items = {"allOf": [items, s["x-dv-each-val"]]}
            out["items"] = self.convert(items, f"{where}[*]", stack)
        for sub in s.get("x-dv-subfield", ()):
            prop = out.get("properties", {}).get(sub["field"])
            if prop is not None:
                merged = self.convert({"allOf": [s["properties"][sub["field"]], sub["schema"]]}, where, stack)
                out["properties"][sub["field"]] = merged
        if s.get("x-dv-unique") == "set" and "x-kubernetes-list-type" not in out:
            out["x-kubernetes-list-type"] = "set"
        rules += self.self_rules(s, where)
        for k in sorted(s):
            if k.startswith("x-dv-") and k not in HANDLED:
                self.warn(f"{where}: {k} has no CRD rendering; enforced by dv-eval only")
        if rules:
            out["x-kubernetes-validations"] = rules
        return out

    def self_rules(self, s: dict, where: str) -> list:
        rules = []
        if "x-dv-neq" in s:
            rules.append(
                {
                    "rule": f"self != {_lit(s['x-dv-neq'])}",
                    "message": f"must not be equal to {json.dumps(s['x-dv-neq'])}",
                }
            )
        if "x-dv-max-bytes" in s:
            rules.append(
                {
                    "rule": f"size(bytes(self)) <= {s['x-dv-max-bytes']}",
                    "message": f"may not be more than {s['x-dv-max-bytes']} bytes",
                }
            )
        if s.get("x-dv-immutable"):
            rules.append({"rule": "self == oldSelf", "message": "field is immutable"})
        if "NoModify" in s.get("x-dv-update", ()):
            rules.append({"rule": "self == oldSelf", "message": "field cannot be modified once set"})
        if s.get("x-dv-monotonic"):
            rules.append({"rule": "self >= oldSelf", "message": "may not be decreased"})
        for g in s.get("x-dv-unions", []) + s.get("x-dv-zero-or-one-of", []):
            members = [m for m in g["members"] if "item" not in m]
            if len(members) != len(g["members"]):
                self.warn(f"{where}: unions over list items have no CRD rendering; enforced by dv-eval only")
                continue
            has = ", ".join(f"has(self.{m['field']})" for m in members)
            names = ", ".join(f"`{m['field']}`" for m in members)
            if "discriminator" in g:
                d = g["discriminator"]
                for m in members:
                    rules.append(
                        {
                            "rule": f"(has(self.{d}) && self.{d} == {_lit(m['memberName'])}) == has(self.{m['field']})",
                            "message": f"{m['field']} must be specified exactly when `{d}` is "
                            f"{json.dumps(m['memberName'])}",
                        }
                    )
            elif g in s.get("x-dv-unions", []):
                rules.append(
                    {"rule": f"[{has}].filter(x, x).size() == 1", "message": f"must specify exactly one of: {names}"}
                )
            else:
                rules.append(
                    {"rule": f"[{has}].filter(x, x).size() <= 1", "message": f"must specify at most one of: {names}"}
                )
        for key, required in (("x-dv-dependent-required", True), ("x-dv-dependent-forbidden", False)):
            for trig, deps in s.get(key, {}).items():
                for d in deps:
                    rule = f"!has(self.{trig}) || {'' if required else '!'}has(self.{d})"
                    msg = f"{d} {'must' if required else 'may not'} be set when {trig} is set"
                    rules.append({"rule": rule, "message": msg})
        if s.get("x-dv-if-enabled") or s.get("x-dv-if-disabled") or s.get("x-dv-alpha"):
            self.warn(f"{where}: option-gated and alpha rules are enforced by dv-eval only")
        for entry in s.get("x-dv-beta", ()):
            inner = self.self_rules(entry["schema"], where)
            rules += inner
        return rules

    def parent_rules(self, name: str, prop: dict, where: str) -> list:
        rules = []
        if prop.get("x-dv-forbidden"):
            rules.append({"rule": f"!has(self.{name})", "message": f"{name}: Forbidden"})
        for r in prop.get("x-dv-update", ()):
            if r == "NoSet":
                rules.append(
                    {
                        "rule": f"has(oldSelf.{name}) || !has(self.{name})",
                        "message": f"{name}: field cannot be set once created",
                    }
                )
            elif r in ("NoClear", "NoUnset"):
                rules.append(
                    {
                        "rule": f"!has(oldSelf.{name}) || has(self.{name})",
                        "message": f"{name}: field cannot be cleared once set",
                    }
                )
        return rules


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
    "x-dv-enum-exclude",
    "x-dv-opaque",
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
    root = _Structural(doc, warn).convert({"$ref": "#/components/schemas/" + kind}, kind)
    if root.get("type") != "object" or "additionalProperties" in root or root.get("x-kubernetes-int-or-string"):
        raise InputError(f"--type {kind} must name a struct (a CRD's root is an object with fields)")
    make_admissible(root, kind, warn)
    props = root.setdefault("properties", {})
    props["apiVersion"] = {"type": "string"}
    props["kind"] = {"type": "string"}
    props["metadata"] = {"type": "object"}
    root["type"] = "object"
    plural = plural or (kind.lower() + ("es" if kind.lower().endswith("s") else "s"))
    version_entry: dict = {"name": version, "served": True, "storage": True, "schema": {"openAPIV3Schema": root}}
    subs = doc.get("x-dv-supports-subresources", [])
    sub = {}
    if "/status" in subs:
        sub["status"] = {}
    if "/scale" in subs:
        sub["scale"] = {"specReplicasPath": ".spec.replicas", "statusReplicasPath": ".status.replicas"}
    if sub:
        version_entry["subresources"] = sub
    meta: dict = {"name": f"{plural}.{group}"}
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"))
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
    admission_error(manifest, kind)
    return manifest
