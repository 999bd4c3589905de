"""ObjectMeta as a custom resource's request decoder reads it (`objectmeta.GetObjectMetaWithOptions`):
the Go type encoding/json decodes each field into, and Go's error where a value does not decode."""

from __future__ import annotations

from evaluator.apiserver.values import gotime

# ObjectMeta's fields by JSON name: the Go type json.Unmarshal decodes each into
_STRING = ("name", "generateName", "namespace", "selfLink", "uid", "resourceVersion")
OBJECT_META: dict[str, str] = {
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


def problem(meta: object) -> tuple[str, str] | None:
    """(the field, "" for the whole value, and Go's json error) where `metadata` does not decode as an
    ObjectMeta, or None (null decodes to nothing). The round trip marshals a mapping with its keys
    sorted; a time's own decoder stops the decoding at its error, where a field of a wrong type is
    only the first error kept (encoding/json)."""
    if meta is None:
        return None
    if not isinstance(meta, dict):
        return "", f"json: cannot unmarshal {json_kind(meta)} into Go value of type v1.ObjectMeta"
    kept = None
    for k in sorted(meta):
        want, v = OBJECT_META.get(k), meta[k]
        text = "" if want is None or v is None else field_error_text(k, v, want)
        if text and want == "v1.Time":
            return k, text
        if text and kept is None:
            kept = k, text
    return kept


def field_error_text(name: str, v: object, want: str) -> str:
    """Go's json error for one ObjectMeta field (the type of a container's item included)."""
    if want == "v1.Time":  # metav1.Time unmarshals a string itself, then parses it as RFC 3339
        if not isinstance(v, str):
            return f"json: cannot unmarshal {json_kind(v)} into Go value of type string"
        return gotime.problem(gotime.RFC3339, v) or ""
    if want == "int64":
        if not isinstance(v, int | float) or isinstance(v, bool):
            return _field_error(json_kind(v), name, want)
        if abs(v) < 2**63 and (type(v) is int or v.is_integer()):  # range first: no float of a huge int
            return ""
        from evaluator.apiserver.values.gofmt import go_value  # only an error's words need it (golang loads decimal)

        return _field_error("number " + go_value(v), name, want)
    if want == "string":
        return "" if isinstance(v, str) else _field_error(json_kind(v), name, want)
    if want.startswith("map"):
        if not isinstance(v, dict):
            return _field_error(json_kind(v), name, want)
        item, inner = next(((x, "string") for x in v.values() if x is not None and not isinstance(x, str)), (None, ""))
    else:
        if not isinstance(v, list):
            return _field_error(json_kind(v), name, want)
        inner = want[2:]
        fits = (lambda x: isinstance(x, str)) if inner == "string" else (lambda x: isinstance(x, dict))
        item = next((x for x in v if x is not None and not fits(x)), None)
    return _field_error(json_kind(item), name, inner) if inner and item is not None else ""


def _field_error(kind: str, name: str, go_type: str) -> str:
    return f"json: cannot unmarshal {kind} into Go struct field ObjectMeta.{name} of type {go_type}"


def json_kind(v: object) -> str:
    """The JSON kind encoding/json names in a type error."""
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int | float):
        return "number"
    return {str: "string", list: "array", dict: "object"}.get(type(v), "null")
