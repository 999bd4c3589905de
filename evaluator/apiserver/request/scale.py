"""The scale subresource's checks on every write: the replica counts and the label selector its
paths name must be readable (`unstructured.NestedInt64` / `NestedString`) and in range."""

from __future__ import annotations

from typing import Any

from evaluator.apiserver.values.gofmt import go_type, go_value

INT32_MAX = 2**31 - 1


def scale_errors(obj: dict, scale: Any) -> list:
    """Errors of `specReplicasPath`, `statusReplicasPath` and `labelSelectorPath` on an object,
    with the path as written in the CRD for field (the server's `field.NewPath(path)`)."""
    if not isinstance(scale, dict):
        return []
    errs = []
    for key in ("specReplicasPath", "statusReplicasPath"):
        path = scale.get(key)
        if not isinstance(path, str):
            continue
        value, problem = _nested(obj, path, int, "int64")
        if problem:
            errs.append(("FieldValueInvalid", path, problem, 0))
        elif value is not None and value < 0:
            errs.append(("FieldValueInvalid", path, "should be a non-negative integer", value))
        elif value is not None and value > INT32_MAX:
            errs.append(("FieldValueInvalid", path, f"should be less than or equal to {INT32_MAX}", value))
    path = scale.get("labelSelectorPath")
    if isinstance(path, str):
        _, problem = _nested(obj, path, str, "string")
        if problem:
            errs.append(("FieldValueInvalid", path, problem, ""))
    return errs


def _nested(obj: dict, path: str, kind: type, go_kind: str) -> tuple[Any, str]:
    """The value at a dotted path and the accessor error `unstructured` gives, if any."""
    fields = path.removeprefix(".").split(".")
    value: Any = obj
    for i, name in enumerate(fields):
        if value is None:
            return None, ""
        if not isinstance(value, dict):
            where = "." + ".".join(fields[: i + 1])
            return None, _accessor(where, value, "map[string]interface{}")
        if name not in value:
            return None, ""
        value = value[name]
    if isinstance(value, kind) and not isinstance(value, bool):
        return value, ""
    return None, _accessor("." + ".".join(fields), value, go_kind)


def _accessor(where: str, value: Any, expected: str) -> str:
    return f"{where} accessor error: {go_value(value)} is of the type {go_type(value)}, expected {expected}"
