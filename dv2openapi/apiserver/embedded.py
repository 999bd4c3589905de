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

from . import gotime
from .golang import go_value
from .names import is_dns1035_label
from .objectmeta import path_segment_name, validate_object_meta
from .paths import Path, at, fmt

META_FIELDS = ("apiVersion", "kind", "metadata")

# ObjectMeta's fields by JSON name: the Go type json.Unmarshal decodes each into
_STRING = ("name", "generateName", "namespace", "selfLink", "uid", "resourceVersion")
_OBJECT_META: dict[str, str] = {
    **dict.fromkeys(_STRING, "string"),
    "generation": "int64",
    "deletionGracePeriodSeconds": "int64",
    "creationTimestamp": "v1.Time",
    "deletionTimestamp": "v1.Time",
    "labels": "map[string]string",
    "annotations": "map[string]string",
    "finalizers": "[]string",
    "ownerReferences": "[]v1.OwnerReference",
    "managedFields": "[]v1.ManagedFieldsEntry",
}


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
    decode (`metadata_problem`; with `drop`, such fields are dropped instead)."""
    if not isinstance(meta, dict):  # null decodes to nothing; anything else not at all
        found = metadata_problem(meta)
        return {}, found[1] if found else ""
    found = None if drop else metadata_problem(meta)
    if found is not None:
        return {}, found[1]
    out = {}
    for k, v in meta.items():
        want = _OBJECT_META.get(k)
        if want is None or v is None or _decode_error(k, v, want):
            continue
        if v not in ("", 0, {}, []):
            out[k] = int(v) if want == "int64" else v
    return out, ""


def metadata_problem(meta: Any) -> tuple[str, str] | None:
    """(the field, "" for the whole value, and Go's json error) where `metadata` does not decode as an
    ObjectMeta, or None (null decodes to nothing). The round trip marshals a mapping with its keys
    sorted; a time's own decoder stops the decoding at its error, where a field of a wrong type is
    only the first error kept (encoding/json)."""
    if meta is None:
        return None
    if not isinstance(meta, dict):
        return "", f"json: cannot unmarshal {_json_kind(meta)} into Go value of type v1.ObjectMeta"
    kept = None
    for k in sorted(meta):
        want, v = _OBJECT_META.get(k), meta[k]
        problem = "" if want is None or v is None else _decode_error(k, v, want)
        if problem and want == "v1.Time":
            return k, problem
        if problem and kept is None:
            kept = k, problem
    return kept


def _decode_error(name: str, v: Any, want: str) -> str:
    """Go's json error for one ObjectMeta field (the type of a container's item included)."""
    if want == "v1.Time":  # metav1.Time unmarshals a string itself, then parses it as RFC 3339
        if not isinstance(v, str):
            return f"json: cannot unmarshal {_json_kind(v)} into Go value of type string"
        return gotime.problem(gotime.RFC3339, v) or ""
    if want == "int64":
        ok = isinstance(v, int | float) and not isinstance(v, bool) and float(v).is_integer() and abs(v) < 2**63
        bad = "number " + go_value(v) if isinstance(v, int | float) and not isinstance(v, bool) else _json_kind(v)
        return "" if ok else _field_error(bad, name, want)
    if want == "string":
        return "" if isinstance(v, str) else _field_error(_json_kind(v), name, want)
    if want.startswith("map"):
        if not isinstance(v, dict):
            return _field_error(_json_kind(v), name, want)
        item, inner = next(((x, "string") for x in v.values() if x is not None and not isinstance(x, str)), (None, ""))
    else:
        if not isinstance(v, list):
            return _field_error(_json_kind(v), name, want)
        inner = want[2:]
        fits = (lambda x: isinstance(x, str)) if inner == "string" else (lambda x: isinstance(x, dict))
        item = next((x for x in v if x is not None and not fits(x)), None)
    return _field_error(_json_kind(item), name, inner) if inner and item is not None else ""


def _field_error(kind: str, name: str, go_type: str) -> str:
    return f"json: cannot unmarshal {kind} into Go struct field ObjectMeta.{name} of type {go_type}"


def _json_kind(v: Any) -> str:
    """The JSON kind encoding/json names in a type error."""
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int | float):
        return "number"
    return {str: "string", list: "array", dict: "object"}.get(type(v), "null")


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
        elif k == "kind" and (problems := is_dns1035_label(v.lower())):
            detail = "may have mixed case, but should otherwise match: " + ",".join(problems)
            errs.append(("FieldValueInvalid", p, detail, v))
    return errs


def standalone_errors(obj: dict) -> list[tuple]:
    """One embedded resource's errors on its own: its decoding error, else its validation errors."""
    copy = dict(obj)
    broken = coerce(copy, {"x-kubernetes-embedded-resource": True})
    return [broken] if broken else resource_errors(copy)
