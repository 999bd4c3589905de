"""Reading a built-in kind's JSON as the API server's Go types hold it: a null list item is its
type's zero value; a value of another JSON type is left to the schema walk."""

from __future__ import annotations

import json
from collections.abc import Iterator

from evaluator.schema.errors import NOT_SUPPORTED, TYPE_TEXT, FieldError


def items(value: object) -> Iterator[tuple[int, dict]]:
    """The objects of a list, by index (a null item is an empty object; other types are skipped)."""
    if not isinstance(value, list):
        return
    for i, item in enumerate(value):
        if item is None:
            yield i, {}
        elif isinstance(item, dict):
            yield i, item


def text(value: object, default: str | None = None) -> str | None:
    """A string field: its value, "" when absent or null (Go's zero value), else `default`."""
    if value is None:
        return ""
    return value if isinstance(value, str) else default


def integer(value: object) -> int | None:
    """An integer field: its value, 0 when absent or null, None when of another type."""
    if value is None:
        return 0
    return value if type(value) is int else None


def chdir_prefix_problems(name: str) -> list[str]:
    """apimachinery's `hasChDirPrefix` checks of a name used as a file name (env vars, config keys)."""
    if name in (".", ".."):
        return [f"must not be '{name}'"]
    return ["must not start with '..'"] if name.startswith("..") else []


class GoValueError(FieldError):
    """A field error whose bad value Go prints with `%#v` (a typed slice): `go_text` is that rendering."""

    __slots__ = ("go_text",)

    def __init__(self, type: str, field: str, go_text: str, detail: str):
        super().__init__(type, field, None, detail)
        self.go_text = go_text

    def body(self) -> str:
        return f"{TYPE_TEXT[self.type]}: {self.go_text}: {self.detail}"


def not_supported(path: str, value: object, allowed: tuple[str, ...]) -> FieldError:
    """field.NotSupported: the value and the quoted list of supported values."""
    return FieldError(NOT_SUPPORTED, path, value, "supported values: " + ", ".join(json.dumps(a) for a in allowed))
