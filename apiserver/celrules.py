"""`x-kubernetes-validations` rules run by Google's C++ CEL runtime.

The environment is the API server's for CRD rules: `self` and `oldSelf`, the
strings, optional and bindings extensions, and the Kubernetes library
functions the renderings use (written from the Kubernetes CEL documentation).
Values are converted the way `UnstructuredToVal` does: `number` fields are
doubles, `format: byte` strings are bytes (URL-safe base64, as
`strfmt.Base64`), and `set` / `map` lists compare without regard to order
(here: both sides are put in a canonical order before evaluation).
"""

from __future__ import annotations

import base64
import binascii
import functools
import json
import re
from typing import Any

from cel_expr_python import cel
from cel_expr_python.ext import ext_bindings, ext_optional, ext_strings

from . import cellib
from .correlate import MISSING, child_schema
from .paths import Path, fmt

URL_BASE64 = re.compile(r"[A-Za-z0-9_-]*={0,2}")
REASONS = {
    "FieldValueForbidden": "FieldValueForbidden",
    "FieldValueRequired": "FieldValueRequired",
    "FieldValueDuplicate": "FieldValueDuplicate",
}
OPTIONAL_WRAP = "cel.bind(oldSelf, __hasOld ? optional.of(__old) : optional.none(), ({}))"


class RuleError(Exception):
    """A rule (or messageExpression) that does not compile: the CRD is unusable, say which rule."""


class ConversionError(Exception):
    """A value the API server cannot turn into a CEL value (bad base64 bytes)."""


def _env(old_self: bool):
    variables = {"self": cel.Type.DYN, "__old": cel.Type.DYN, "__hasOld": cel.Type.BOOL}
    if old_self:
        variables["oldSelf"] = cel.Type.DYN
    return cel.NewEnv(
        variables=variables,
        extensions=[ext_strings.ExtStrings(), ext_optional.ExtOptional(), ext_bindings.ExtBindings()],
        functions=cellib.declarations(),
    )


ENV = _env(True)
ENV_NO_OLD = _env(False)


@functools.cache
def compile_rule(rule: str, optional_old: bool):
    """The compiled program of a rule (raises on a compile error)."""
    return ENV.compile(OPTIONAL_WRAP.format(rule) if optional_old else rule)


RESERVED = set(
    [
        "true",
        "false",
        "null",
        "in",
        "as",
        "break",
        "const",
        "continue",
        "else",
        "for",
        "function",
        "if",
        "import",
        "let",
        "loop",
        "package",
        "namespace",
        "return",
        "var",
        "void",
        "while",
    ]
)


def escape(name: str) -> str:
    """A property name as CEL rules see it (the Kubernetes escaping rules for field names)."""
    if name in RESERVED:
        return f"__{name}__"
    out = name.replace("__", "__underscores__")
    for ch, word in ((".", "dot"), ("-", "dash"), ("/", "slash")):
        out = out.replace(ch, f"__{word}__")
    return out


GO_TYPES = {bool: "bool", int: "int64", float: "float64", str: "string", dict: "map[string]interface {}"}


def _mismatch(value: Any, schema: dict) -> str | None:
    """Why the API server cannot hand `value` to CEL under `schema` (`invalid data, …`), or None."""
    t = schema.get("type")
    if value is None:
        return None if schema.get("nullable") or not t else "invalid data, got null for schema with nullable=false"
    got = GO_TYPES.get(type(value), "[]interface {}")
    if schema.get("x-kubernetes-int-or-string"):
        return None
    if t == "object" and not isinstance(value, dict):
        return "invalid data, expected a map for the provided schema with type=object"
    if t == "array" and not isinstance(value, list):
        return "invalid data, expected an array for the provided schema with type=array"
    if t == "string" and not isinstance(value, str):
        return f"invalid data, expected string, got {got}"
    if t == "integer" and (isinstance(value, bool) or not isinstance(value, int)):
        return f"invalid data, expected int, got {got}"
    if t == "boolean" and not isinstance(value, bool):
        return f"invalid data, expected bool, got {got}"
    if t == "number" and (isinstance(value, bool) or not isinstance(value, (int, float))):
        return f"invalid data, expected double, got {got}"
    return None


def to_cel(value: Any, schema: dict | None, bad: dict, name: str = "") -> Any:
    """A JSON value as the API server hands it to CEL. A value it cannot convert (a wrong type, a
    non-nullable null, undecodable bytes) is left as is and its field name lands in `bad` with the
    server's runtime error: a rule that reads it fails with that error."""
    if schema is None:
        return value
    mismatch = _mismatch(value, schema)
    if mismatch is not None:
        bad.setdefault(name, mismatch)
        return value
    if value is None:
        return value
    if isinstance(value, dict):
        named = bool(schema.get("properties"))
        return {escape(k) if named else k: to_cel(v, child_schema(schema, k), bad, k) for k, v in value.items()}
    if isinstance(value, list):
        items = [to_cel(v, schema.get("items"), bad, name) for v in value]
        if schema.get("x-kubernetes-list-type") in ("set", "map"):
            items.sort(key=lambda v: json.dumps(v, sort_keys=True, default=repr))
        return items
    if schema.get("type") == "number" and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if schema.get("format") == "byte" and isinstance(value, str):
        try:
            if len(value) % 4 or not URL_BASE64.fullmatch(value):
                raise binascii.Error(value)
            return base64.b64decode(value, altchars=b"-_", validate=True)
        except binascii.Error:
            bad.setdefault(name, "invalid bytes")
            return value
    return value


def evaluate(rule: dict, self_val: Any, old_val: Any, has_old: bool) -> tuple[bool, str | None]:
    """(passed, runtime error) of one rule on converted values."""
    optional_old = bool(rule.get("optionalOldSelf"))
    prog = compile_rule(rule["rule"], optional_old)
    data = {"self": self_val}
    if optional_old:
        data.update({"__old": old_val, "__hasOld": has_old})
    elif has_old:
        data["oldSelf"] = old_val
    result = prog.eval(data=data)
    if result.type() == cel.Type.ERROR:
        return False, str(result.value())
    return result.plain_value() is True, None


@functools.cache
def uses_old_self(rule: str) -> bool:
    """Whether a rule is a transition rule (it does not compile without `oldSelf`)."""
    compile_rule(rule, False)
    try:
        ENV_NO_OLD.compile(rule)
    except RuntimeError:
        return True
    return False


def node_errors(schema: dict, value: Any, old: Any, path: Path, ratchet: bool) -> list[tuple]:
    """The (type, field, detail, shown value) errors of the rules on one node; `old` is MISSING when uncorrelated."""
    rules = schema.get("x-kubernetes-validations")
    if not rules or value is None:
        return []
    bad: dict = {}
    self_val = to_cel(value, schema, bad)
    has_old = old is not MISSING and old is not None
    old_val = to_cel(old, schema, {}) if has_old else None
    errs = []
    field = fmt(path)
    shown = schema.get("type", "object")  # a rule's error shows the node's type as its value
    for rule in rules:
        try:
            transition = uses_old_self(rule["rule"])
        except RuntimeError as e:
            where = field or "<nil>"
            raise RuleError(f"{where}: x-kubernetes-validations rule {rule['rule']!r} does not compile: {e}") from None
        if transition and not has_old and not rule.get("optionalOldSelf"):
            continue
        ok, err = evaluate(rule, self_val, old_val, has_old)
        # The server converts lazily: a rule fails on an unreadable value when it reads it. Taken
        # here as: the rule names the field, or it errs with the unreadable value left in place.
        unreadable = bad.get("") or next((m for n, m in bad.items() if f".{n}" in rule["rule"]), None)
        if unreadable is None and bad and err is not None:
            unreadable = next(iter(bad.values()))
        if unreadable is not None:
            errs.append(("FieldValueInvalid", field, f"{unreadable} evaluating rule: {_shown(rule)}", shown))
            continue
        if err is not None:
            errs.append(("FieldValueInvalid", field, f"{err} evaluating rule: {_shown(rule)}", shown))
            continue
        if ok or (ratchet and not transition):
            continue
        where = field + (rule["fieldPath"] if rule.get("fieldPath") else "")
        detail = _message(rule, self_val) or rule.get("message") or f"failed rule: {rule['rule']}"
        errs.append((REASONS.get(rule.get("reason", ""), "FieldValueInvalid"), where, detail, shown))
    return errs


def _message(rule: dict, self_val: Any) -> str | None:
    """The text of a rule's messageExpression, when it has one that evaluates to a non-empty,
    single-line string (the server falls back to `message` otherwise)."""
    expr = rule.get("messageExpression")
    if not isinstance(expr, str):
        return None
    try:
        result = compile_rule(expr, False).eval(data={"self": self_val})
    except RuntimeError as e:
        raise RuleError(f"messageExpression {expr!r} does not compile: {e}") from None
    text = result.plain_value() if result.type() == cel.Type.STRING else None
    return text if text and "\n" not in text else None


def _shown(rule: dict) -> str:
    """How a runtime error names its rule: by its message when it has one, else by its text."""
    message = rule.get("message")
    return message.strip() if isinstance(message, str) and message.strip() else rule["rule"]
