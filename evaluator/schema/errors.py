"""Field errors, worded and typed as Kubernetes' `field.Error`."""

from __future__ import annotations

from evaluator.runtime.deep import deeply

REQUIRED, FORBIDDEN, INVALID, NOT_SUPPORTED = (
    "FieldValueRequired",
    "FieldValueForbidden",
    "FieldValueInvalid",
    "FieldValueNotSupported",
)
DUPLICATE, TOO_LONG, TOO_SHORT, TOO_MANY, TOO_FEW = (
    "FieldValueDuplicate",
    "FieldValueTooLong",
    "FieldValueTooShort",
    "FieldValueTooMany",
    "FieldValueTooFew",
)
TYPE_INVALID, NOT_FOUND, INTERNAL = "FieldValueTypeInvalid", "FieldValueNotFound", "InternalError"

TYPE_TEXT = {
    NOT_FOUND: "Not found",
    REQUIRED: "Required value",
    DUPLICATE: "Duplicate value",
    INVALID: "Invalid value",
    NOT_SUPPORTED: "Unsupported value",
    FORBIDDEN: "Forbidden",
    TOO_LONG: "Too long",
    TOO_MANY: "Too many",
    TOO_FEW: "Too few",
    INTERNAL: "Internal error",
    TYPE_INVALID: "Invalid value",
    TOO_SHORT: "Too short",
}
_NO_VALUE = {REQUIRED, FORBIDDEN, TOO_LONG, TOO_SHORT, INTERNAL}
OMITTED = object()  # a bad value that is not shown


class FieldError:
    """One validation error: type, field path, bad value, detail, origin, stability level."""

    __slots__ = ("type", "field", "bad_value", "detail", "origin", "level", "short_circuit")

    def __init__(
        self,
        type: str,
        field: str,
        bad_value: object,
        detail: str,
        origin: str = "",
        level: str = "",
        short_circuit: bool = False,
    ):
        self.type, self.field, self.bad_value, self.detail = type, field, bad_value, detail
        self.origin, self.level = origin, level
        self.short_circuit = short_circuit  # reported by a short-circuiting check (Go's MarkShortCircuit)

    def body(self) -> str:
        """The message after `field: `, as `field.Error.ErrorBody` renders it."""
        text = TYPE_TEXT.get(self.type, self.type)
        if self.type not in _NO_VALUE and self.bad_value is not OMITTED:
            v = self.bad_value
            if isinstance(v, str):
                import json  # here: a run with no error never loads it

                text += ": " + json.dumps(v, ensure_ascii=False)
            elif isinstance(v, bool):
                text += ": " + ("true" if v else "false")
            elif isinstance(v, int):
                text += f": {v}"
            elif isinstance(v, float):  # Go's %v: the shortest form, `1` for 1.0, `1e+06` for a million
                from evaluator.apiserver.values.gofmt import go_value  # here: only an error with a float loads it

                text += ": " + go_value(v)
            else:
                try:
                    text += ": " + deeply(_json, v)
                except RecursionError:  # deeper than even the retry's big stack takes
                    text += ": <a value nested too deeply to show>"
        if self.detail:
            text += ": " + self.detail
        return text

    def __str__(self) -> str:
        return f"{self.field}: {self.body()}"

    def __repr__(self) -> str:
        return f"FieldError({self.type}, {self.field!r}, {self.detail!r}, origin={self.origin!r})"


def undefined_option(option: str) -> str:
    """The reference's InternalError detail for a rule under an option the document does not declare."""
    import json  # here: a run with no error never loads it

    return f"undefined validation option {json.dumps(option)}"


def _json(v: object) -> str:
    import json

    return json.dumps(v, sort_keys=True, ensure_ascii=False, default=str, separators=(",", ":"))


def render_path(path: tuple | None) -> str:
    """`(((None, 'spec'), 'items'), 2)` -> `spec.items[2]`; map keys are 1-tuples.

    The root (no path) is `<nil>`, as Go's `field.Path.String()` prints a nil path.
    """
    if path is None:
        return "<nil>"
    segs = []
    while path is not None:
        path, seg = path
        segs.append(seg)
    out = []
    for seg in reversed(segs):
        if type(seg) is str:
            out.append("." + seg if out else seg)
        elif type(seg) is int:
            out.append(f"[{seg}]")
        else:
            out.append(f"[{seg[0]}]")
    return "".join(out)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
