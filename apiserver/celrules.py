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

from . import cellib
from .correlate import MISSING, child_schema
from .golang import go_type
from .paths import Path, fmt

URL_BASE64 = re.compile(r"[A-Za-z0-9_-]*={0,2}")
NAN = float("nan")  # a stand-in for an unreadable value: not even equal to itself
UNREADABLE = "__unreadable__"  # marks where an unreadable field was left out
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
    return cellib.new_env(variables)


ENV = _env(True)
ENV_NO_OLD = _env(False)


@functools.cache
def compile_rule(rule: str, optional_old: bool):
    """The compiled program of a rule (raises on a compile error)."""
    rule = cellib.rewrite(rule)
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


def _mismatch(value: Any, schema: dict) -> str | None:
    """Why the API server cannot hand `value` to CEL under `schema` (`invalid data, …`), or None."""
    t = schema.get("type")
    if value is None:
        return None if schema.get("nullable") or not t else "invalid data, got null for schema with nullable=false"
    got = go_type(value)
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


def to_cel(value: Any, schema: dict | None, bad: dict, name: str = "", stand_in: str = "") -> Any:
    """A JSON value as the API server hands it to CEL. A value it cannot convert (a wrong type, a
    non-nullable null, undecodable bytes) lands in `bad` (field name → the server's runtime error)
    and is left as is, or with `stand_in` "drop" left out of its object (NaN in a list), or with
    "nan" replaced by NaN: see `_reads_unreadable`."""
    if schema is None:
        return value
    mismatch = _mismatch(value, schema)
    if mismatch is not None:
        bad.setdefault(name, mismatch)
        return NAN if stand_in else value
    if value is None:
        return value
    if isinstance(value, dict):
        named = bool(schema.get("properties"))
        out = {}
        for k, v in value.items():
            sub = child_schema(schema, k)
            cv = to_cel(v, sub, bad, k, stand_in)
            if stand_in == "drop" and cv is NAN and named:
                out[UNREADABLE + escape(k)] = True  # what `has()` of it finds: see `_reads_unreadable`
            else:
                out[escape(k) if named else k] = cv
        return out
    if isinstance(value, list):
        items = [to_cel(v, schema.get("items"), bad, name, stand_in) for v in value]
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
            return NAN if stand_in else value
    return value


def _reads_unreadable(rule: dict, value: Any, old: Any, schema: dict, has_old: bool, names: dict) -> bool:
    """Whether a rule reads a value the server cannot convert, where CEL does not absorb the
    error (`false && x`, `true || x`, an untaken `?:` branch absorb it). The server converts
    lazily; here the rule runs twice, once with the unreadable fields left out of their objects
    (reading one is an error, absorbed as the server absorbs it; `has()` of one, an error on the
    server too, is made one) and once with NaN in their place: an error, or an outcome that
    changes between the two, means the rule read one."""
    text = rule["rule"]
    for name in filter(None, names):
        field = re.escape(escape(name))
        text = re.sub(
            rf"has\(\s*([\w.]+)\.{field}\s*\)", rf"(has(\1.{field}) || has(\1.{UNREADABLE}{field}) && [][0])", text
        )
    runs = []
    for stand_in, form in (("drop", {**rule, "rule": text}), ("nan", rule)):
        self_val = to_cel(value, schema, {}, stand_in=stand_in)
        old_val = to_cel(old, schema, {}, stand_in=stand_in) if has_old else None
        runs.append(evaluate(form, self_val, old_val, has_old))
    return any(err is not None for _, err in runs) or runs[0] != runs[1]


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
    old_bad: dict = {}
    old_val = to_cel(old, schema, old_bad) if has_old else None
    unreadable = {**old_bad, **bad}
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
        whole = bad.get("") or (old_bad.get("") if transition else None)  # self (oldSelf) unreadable
        if unreadable and (whole or _reads_unreadable(rule, value, old, schema, has_old, unreadable)):
            why = whole or next((m for n, m in unreadable.items() if f".{n}" in rule["rule"]), None)
            detail = f"{why or next(iter(unreadable.values()))} evaluating rule: {_shown(rule)}"
            errs.append(("FieldValueInvalid", field, detail, shown))
            continue
        ok, err = evaluate(rule, self_val, old_val, has_old)
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
