"""Embedded resources (`x-kubernetes-embedded-resource: true`) as apiextensions-apiserver treats them.

Pruning leaves their `apiVersion`, `kind` and `metadata` alone (server.prune). The request decoder
then coerces them (`schema/objectmeta.Coerce`): `apiVersion` and `kind` must be strings and
`metadata` must decode as an ObjectMeta, which it is rewritten to (unknown and empty fields
dropped); a failure there rejects the request before any validation. Validation
(`schema/objectmeta.Validate`, on create and update alike, never ratcheted) requires `apiVersion`
and `kind` and checks them and the metadata (a missing name is not an error; names are path
segments). Both walk the schema's properties, additionalProperties and items; the root is one only
when its own schema says so (the server's type and ObjectMeta checks cover the resource itself).
"""

from __future__ import annotations

from typing import Any

from evaluator.apiserver.values.names import name_dns1035_label
from evaluator.apiserver.values.paths import Path, at, fmt

from . import metadecode
from .objectmeta import path_segment_name, validate_object_meta

META_FIELDS = ("apiVersion", "kind", "metadata")


def _children(value: Any, schema: dict, path: Path):
    """The children the server's objectmeta walks visit: properties, additionalProperties, items."""
    if isinstance(value, dict):
        props = schema.get("properties") or {}
        extra = schema.get("additionalProperties")
        for k, v in value.items():
            if k in props and isinstance(props[k], dict):
                yield v, props[k], at(path, k)
            elif isinstance(extra, dict):
                yield v, extra, at(path, k, False)
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        for i, v in enumerate(value):
            yield v, schema["items"], at(path, i)


def coerce(value: Any, schema: dict, path: Path = (), drop: bool = False) -> tuple | None:
    """Coerce the embedded resources below `value` in place; the decoding error that rejects the
    request, if any (`drop`, as for a stored object, drops malformed fields instead)."""
    if isinstance(value, dict) and schema.get("x-kubernetes-embedded-resource"):
        for k in [k for k in ("apiVersion", "kind") if k in value and not isinstance(value[k], str)]:
            if not drop:
                return ("FieldValueInvalid", fmt(at(path, k)), "must be a string", value[k])
            del value[k]
        if "metadata" in value:
            meta, problem = _object_meta(value["metadata"], drop)
            if problem and not drop:
                return ("FieldValueInvalid", fmt(at(path, "metadata")), problem, value["metadata"])
            if not problem:  # metadata that is no object at all stays as it is in a stored object
                value["metadata"] = meta
    for v, sub, p in _children(value, schema, path):
        found = coerce(v, sub, p, drop)
        if found:
            return found
    return None


def _object_meta(meta: Any, drop: bool) -> tuple[dict, str]:
    """Metadata as ObjectMeta's JSON round trip leaves it, and Go's json error when it does not
    decode (`metadecode.problem`; with `drop`, such fields are dropped instead)."""
    if not isinstance(meta, dict):  # null decodes to nothing; anything else not at all
        found = metadecode.problem(meta)
        return {}, found[1] if found else ""
    found = None if drop else metadecode.problem(meta)
    if found is not None:
        return {}, found[1]
    out = {}
    for k, v in meta.items():
        want = metadecode.OBJECT_META.get(k)
        if want is None or v is None or metadecode.field_error_text(k, v, want):
            continue
        if v not in ("", 0, {}, []):
            out[k] = int(v) if want == "int64" else v
    return out, ""


def validate(value: Any, schema: dict, path: Path = ()) -> list[tuple]:
    """`objectmeta.Validate` below the root: the errors of every embedded resource."""
    errs: list[tuple] = []
    if isinstance(value, dict) and schema.get("x-kubernetes-embedded-resource"):
        errs += resource_errors(value, path)
    for v, sub, p in _children(value, schema, path):
        errs += validate(v, sub, p)
    return errs


def resource_errors(obj: dict, path: Path = ()) -> list[tuple]:
    """`validateEmbeddedResource`: apiVersion and kind required and well-formed, metadata valid."""
    errs: list[tuple] = [("FieldValueRequired", fmt(at(path, k)), "") for k in ("apiVersion", "kind") if k not in obj]
    for k in (k for k in META_FIELDS if k in obj):
        v, p = obj[k], fmt(at(path, k))
        if k == "metadata":
            meta = v if isinstance(v, dict) else {}
            meta = {**meta, "name": meta.get("name") or "fakename"}
            namespaced = bool(meta.get("namespace"))
            errs += validate_object_meta(meta, namespaced=namespaced, name_rule=path_segment_name, field=p)
        elif not isinstance(v, str):
            errs.append(("FieldValueInvalid", p, "must be a string", v))
        elif not v:
            errs.append(("FieldValueInvalid", p, "must not be empty", v))
        elif k == "apiVersion" and v.count("/") > 1:
            errs.append(("FieldValueInvalid", p, f"unexpected GroupVersion string: {v}", v))
        elif k == "kind" and (problems := name_dns1035_label(v.lower())):
            detail = "may have mixed case, but should otherwise match: " + ",".join(problems)
            errs.append(("FieldValueInvalid", p, detail, v))
    return errs


def standalone_errors(obj: dict) -> list[tuple]:
    """One embedded resource's errors on its own: its decoding error, else its validation errors."""
    copy = dict(obj)
    broken = coerce(copy, {"x-kubernetes-embedded-resource": True})
    return [broken] if broken else resource_errors(copy)
