"""`x-kubernetes-validations` rules run by Google's C++ CEL runtime.

The environment is the API server's for CRD rules: `self` and `oldSelf`, the
strings, optional and bindings extensions, and the Kubernetes library
functions the renderings use (written from the Kubernetes CEL documentation).
Values are converted the way `UnstructuredToVal` does: `number` fields are
doubles, `format: byte` strings are bytes (URL-safe base64, as
`strfmt.Base64`), `date`, `date-time` and `duration` strings timestamps and
durations (`celtime`), an object's null property is absent, and `set` / `map`
lists compare without regard to order (here: both sides are put in a
canonical order before evaluation).
"""

from __future__ import annotations

import functools
import json
import re
import sys
from typing import Any

from cel_expr_python import cel

from evaluator.apiserver.values.correlate import MISSING
from evaluator.apiserver.values.formats import duration_ns
from evaluator.apiserver.values.gofmt import go_type
from evaluator.apiserver.values.paths import Path, fmt

from . import celinterp, cellib, celtime
from .celtimestamps import Timestamp

NAN = float("nan")  # a stand-in for an unreadable value: not even equal to itself
UNREADABLE = "__unreadable__"  # marks where an unreadable field was left out
REASONS = {
    "FieldValueForbidden": "FieldValueForbidden",
    "FieldValueRequired": "FieldValueRequired",
    "FieldValueDuplicate": "FieldValueDuplicate",
}
MAX_MESSAGE_BYTES = 5 * 1024  # celconfig.MaxEvaluatedMessageExpressionSizeBytes
# what Go's strings.TrimSpace trims (unicode.IsSpace), which is not what Python's str.strip() trims
GO_SPACE = "\t\n\v\f\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000" + "".join(map(chr, range(0x2000, 0x200B)))
OPTIONAL_WRAP = "cel.bind(oldSelf, __hasOld ? optional.of(__old) : optional.none(), ({}))"


NO_VALUE = "<no value>"  # an error that shows no bad value (Required, Forbidden, a failed rule on an object, ...)


class RuleError(Exception):
    """A rule (or messageExpression) that does not compile: the CRD is unusable, say which rule."""


class EngineLimit(Exception):
    """A rule the CEL engine cannot run to its end where the API server would: no verdict."""


class ConversionError(Exception):
    """A value the API server cannot turn into a CEL value (bad base64 bytes)."""


def _env(old_self: bool):
    variables = {"self": cel.Type.DYN, "__old": cel.Type.DYN, "__hasOld": cel.Type.BOOL}
    if old_self:
        variables["oldSelf"] = cel.Type.DYN
    return cellib.new_env(variables)


ENV = _env(True)
ENV_NO_OLD = _env(False)


def source(rule: str, optional_old: bool) -> str:
    """The text the engine runs for a rule: the format library built in, oldSelf made optional."""
    rule = cellib.rewrite(rule)
    return OPTIONAL_WRAP.format(rule) if optional_old else rule


DEEP: set[tuple[str, bool]] = set()  # rules nested deeper than the engine parses: run by `celinterp`


@functools.cache
def compile_rule(rule: str, optional_old: bool):
    """The compiled program of a rule (raises RuntimeError on a compile error). A rule nested too
    deep for the engine's parser is run by `celinterp` (`DEEP`); where that does not model it, the
    engine runs it joined from its pieces (`celdeep`); past what the engine can read at all, the
    program is None."""
    text = source(rule, optional_old)
    try:
        return ENV.compile(text)
    except RuntimeError as e:
        from . import celdeep

        if not celdeep.too_deep(str(e)):
            raise
    DEEP.add((rule, optional_old))
    from .celsyntax import SyntaxProblem

    try:
        return ENV.deserialize(celdeep.parsed(text, ENV))
    except SyntaxProblem as e:
        raise RuntimeError(str(e)) from None
    except (RuntimeError, celdeep.TooDeep):
        return None


ENGINE_GAPS = ("Iteration budget exceeded", "cel.@mapInsert")  # what the engine cannot run, cel-go can


def run(rule: str, optional_old: bool, data: dict) -> tuple[Any, str | None]:
    """(plain value, error message in cel-go's words) of a rule or message expression on one
    activation. Past the engine's reach (nested deeper than it parses, a loop past its iteration
    budget, `transformMap`), `celinterp` runs it; EngineLimit where that does not model the rule."""
    program = compile_rule(rule, optional_old)
    deep = (rule, optional_old) in DEEP
    if deep or _past_budget(data):  # past the budget, the engine would loop up to it (seconds, for map()) and stop
        interpreted = _interpreted(rule, optional_old, data, deep=deep)
        if interpreted is not None:
            value, err = interpreted
            return value, (None if err is None else go_error(err))
    if program is None:
        raise _engine_limit(rule, "nested deeper than the engine reads")
    try:
        result = program.eval(data=data)
    except (RuntimeError, ValueError) as e:  # ValueError: a C++ exception (`lists.range(-3)`: vector::reserve)
        if isinstance(e, RuntimeError) and not any(gap in str(e) for gap in ENGINE_GAPS):
            raise
        interpreted = _interpreted(rule, optional_old, data)
        if interpreted is None:
            raise _engine_limit(rule, str(e)) from None
        value, err = interpreted
    else:
        value, err = (None, str(result.value())) if result.type() == cel.Type.ERROR else (result.plain_value(), None)
        if err is not None and _ENGINE_WORDED.search(err):
            value, err = _interpreted(rule, optional_old, data) or (value, err)
    return value, (None if err is None else go_error(err))


def _engine_limit(rule: str, why: str) -> EngineLimit:
    return EngineLimit(f"cannot run the rule {rule.strip(GO_SPACE)!r} as the API server does: {why}")


ENGINE_STEPS = 10_000  # about the comprehension steps the engine takes in one evaluation


def _past_budget(data: dict) -> bool:
    """Whether the values a rule sees hold more list items and map entries than the engine's
    iteration budget (a loop over them all would meet it); counts no further than that."""
    left = ENGINE_STEPS
    stack = list(data.values())
    while stack:
        v = stack.pop()
        if type(v) is list or type(v) is dict:
            left -= len(v)
            if left < 0:
                return True
            stack += v.values() if type(v) is dict else v
    return False


def _interpreted(rule: str, optional_old: bool, data: dict, deep: bool = False) -> tuple[Any, str | None] | None:
    """(value, error) of a rule past the engine's iteration budget, or nested deeper than it
    parses (`deep`), from `celinterp` (linear in the loop's length and the rule's size, values
    passed once); None where the interpreter does not model it."""
    from . import celast

    try:
        ast = _deep_tree(rule) if deep else _stored_tree(rule, optional_old)
    except celast.CompileError:
        return None
    if ast is None:
        return None
    variables = {"self": data["self"]}
    if optional_old:
        variables["oldSelf"] = celinterp.Opt(data["__old"]) if data["__hasOld"] else celinterp.NONE
    elif "oldSelf" in data:
        variables["oldSelf"] = data["oldSelf"]
    limit = sys.getrecursionlimit()
    if deep:
        sys.setrecursionlimit(max(limit, celast.DEEP_FRAMES))
    try:
        value = celinterp.evaluate(ast, variables)[0]
    except celinterp.Unsupported:
        return None
    finally:
        sys.setrecursionlimit(limit)
    return (None, value.message) if isinstance(value, celinterp.Err) else (value, None)


@functools.cache
def _deep_tree(rule: str):
    """The parsed tree `celinterp` runs for a rule nested deeper than the engine parses."""
    from . import celast

    return celast.parsed_rule(rule)


_STATUS = re.compile(r"(?:[A-Z_]+: )+")  # the engine's status codes before its message
_GO_ERRORS = [  # the engine's runtime errors, and cel-go's words for them
    (re.compile(r'Key not found in map : "(.*)"'), r"no such key: \1"),
    (re.compile(r"Key not found in map : (.*)"), r"no such key: \1"),
    (re.compile(r"Index error: index=(-?\d+) size=\d+"), r"index out of bounds: \1"),
    (re.compile(r"divide by zero"), "division by zero"),
    # cel-go's operand types answer a call they cannot take with a bare "no such overload" (an
    # int-or-string value compared with an int, say); the engine names the call
    (re.compile(r"No matching overloads found : .*"), "no such overload"),
    (re.compile(r"(?:double|uint64) out of int64 range"), "integer overflow"),
    (re.compile(r"(?:double|int64) out of uint64 range"), "unsigned integer overflow"),
    # a string that does not parse as the number it is converted to (String.ConvertToType)
    (re.compile(r"cannot convert string to (int|uint|double)"), r"type conversion error from 'string' to '\1'"),
    (re.compile(r"Type conversion error from 'string' to 'bool'"), "type conversion error from 'string' to 'bool'"),
    (re.compile(r"malformed UTF-8 bytes"), "invalid UTF-8 in bytes, cannot convert to string"),
    (
        re.compile(r"String to (Timestamp|Duration) conversion failed"),
        r"type conversion error from 'string' to 'google.protobuf.\1'",
    ),
    # the lists extension: cel-go's errors without the function's name before them
    (re.compile(r"sort\(\): unsupported type .*"), "list elements must be comparable"),
    (re.compile(r"(?:sort|flatten)\(\): (.*)"), r"\1"),
]
# the engine's errors whose cel-go words hold values the engine's do not (`index out of range: 4`,
# `invalid substring range. start: 2, end: 1`): the rule is run again in `celinterp` for them
# (and a selection or index on what is no map or list: cel-go has no such key, or an index error,
# and a presence test on it is false)
_ENGINE_WORDED = re.compile(
    r"<string>\.(?:charAt|substring)\(|Applying SELECT to non-message type|Index error: expected integer type"
    r"|Invalid container type"
)


def go_error(text: str) -> str:
    """A runtime error as cel-go words it (what the server puts before `evaluating rule`)."""
    text = _STATUS.sub("", text, count=1) if _STATUS.match(text) else text
    for pattern, words in _GO_ERRORS:
        if pattern.fullmatch(text):
            return pattern.sub(words, text)
    return text


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


@functools.lru_cache(maxsize=4096)
def escape(name: str) -> str:
    """A property name as CEL rules see it (the Kubernetes escaping rules for field names)."""
    if name in RESERVED:
        return f"__{name}__"
    out = name.replace("__", "__underscores__")
    for ch, word in ((".", "dot"), ("-", "dash"), ("/", "slash")):
        out = out.replace(ch, f"__{word}__")
    return out


_FITS = {"string": str, "boolean": bool, "object": dict, "array": list, "integer": int, "number": float}


def _mismatch(value: Any, schema: dict) -> str | None:
    """Why the API server cannot hand `value` to CEL under `schema` (`invalid data, …`), or None."""
    t = schema.get("type")
    if type(value) is _FITS.get(t):  # the common case, at once (`type(True) is int` is false)
        return None
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
        return f"invalid data, expected float, got {got}"
    return None


def to_cel(
    value: Any,
    schema: dict | None,
    bad: dict,
    name: str = "",
    stand_in: str = "",
    memo: dict | None = None,
    as_stored: bool = False,
) -> Any:
    """A JSON value as the API server hands it to CEL. A value it cannot convert (a wrong type, a
    non-nullable null, undecodable bytes) lands in `bad` (field name → the server's runtime error)
    and is left as is, or with `stand_in` "drop" left out of its object (NaN in a list), or with
    "nan" replaced by NaN: see `_reads_unreadable`. `memo` keeps the conversions of one request's
    objects, so that a subtree is converted once however many of its ancestors carry rules.
    `as_stored` keeps `set` and `map` lists in their order, marked unordered (`celinterp`)."""
    out, found = _convert(value, schema, name, stand_in, {} if memo is None else memo, as_stored)
    for field, why in found:
        bad.setdefault(field, why)
    return out


def _time_value(fmt: str, value: str) -> Any:
    """A `date`, `date-time` or `duration` string as the server's typed value, for `celinterp`."""
    if fmt == "duration":
        ns = duration_ns(value)
        if ns is None:
            celtime.cel_text(fmt, value)  # raises the server's words for it
        return celinterp.Duration(ns)
    return Timestamp(*celtime.instant(fmt, value))


def _stand_in(stand_in: str, value: Any, why: str) -> Any:
    """What takes an unconvertible value's place: itself (""), NaN, or the server's error value ("err")."""
    if not stand_in:
        return value
    return celinterp.Err(why) if stand_in == "err" else NAN


def _convert(
    value: Any, schema: dict | None, name: str, stand_in: str, memo: dict, as_stored: bool = False
) -> tuple[Any, tuple]:
    """(the CEL value, the unreadable (field, why) pairs below it, in document order)."""
    if schema is None:
        return value, ()
    mismatch = _mismatch(value, schema)
    if mismatch is not None:
        return _stand_in(stand_in, value, mismatch), ((name, mismatch),)
    compound = isinstance(value, (dict, list))
    if compound:  # a list's unreadable items are named after it
        key = (id(value), id(schema), stand_in, name if isinstance(value, list) else "", as_stored)
        hit = memo.get(key)
        if hit is not None:
            return hit
    if isinstance(value, dict):
        props = schema.get("properties")
        named = bool(props)
        extra = schema.get("additionalProperties")
        extra = extra if isinstance(extra, dict) else None
        out, found = {}, ()
        for k, v in value.items():
            if v is None and named:
                continue  # an object's null property is absent to CEL (`has()` false, a read "no such key")
            cv, below = _convert(v, props[k] if named and k in props else extra, k, stand_in, memo, as_stored)
            found += below
            if stand_in == "drop" and cv is NAN and named:
                out[UNREADABLE + escape(k)] = True  # what `has()` of it finds: see `_reads_unreadable`
            else:
                out[escape(k) if named else k] = cv
        result: tuple = (out, found)
    elif isinstance(value, list):
        items, found, sub = [], (), schema.get("items")
        for v in value:
            cv, below = _convert(v, sub, name, stand_in, memo, as_stored)
            items.append(cv)
            found += below
        if schema.get("x-kubernetes-list-type") in ("set", "map"):
            if as_stored:
                items = celinterp.UnorderedList(items)
            else:
                items.sort(key=_order(schema))
        result = (items, found)
    elif schema.get("type") == "number" and isinstance(value, int) and not isinstance(value, bool):
        return float(value), ()
    elif schema.get("format") in celtime.FORMATS and schema.get("type") == "string" and isinstance(value, str):
        try:
            if as_stored:  # the interpreter's own timestamp or duration, the value's zone kept
                return _time_value(schema["format"], value), ()
            return celtime.cel_text(schema["format"], value), ()
        except ValueError as e:
            return _stand_in(stand_in, value, str(e)), ((name, str(e)),)
    elif schema.get("format") == "byte" and isinstance(value, str):
        try:
            return url_base64(value), ()
        except ValueError as e:
            why = f"Invalid byte formatted string {value}: {e}"
            return _stand_in(stand_in, value, why), ((name, why),)
    else:
        return value, ()
    if compound:
        memo[key] = result
    return result


_URL_ALPHABET = {c: i for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")}


def url_base64(text: str) -> bytes:
    """Go's base64.URLEncoding.DecodeString (what strfmt's Base64 reads a `byte` string with): padded,
    line breaks skipped; ValueError with Go's "illegal base64 data at input byte N"."""

    def bad(at: int) -> ValueError:
        return ValueError(f"illegal base64 data at input byte {at}")

    out, quantum, i, n = bytearray(), [], 0, len(text)
    while i < n:
        c = text[i]
        i += 1
        if c in "\r\n":
            continue
        if c in _URL_ALPHABET:
            quantum.append(_URL_ALPHABET[c])
            if len(quantum) == 4:
                v = quantum[0] << 18 | quantum[1] << 12 | quantum[2] << 6 | quantum[3]
                out += v.to_bytes(3, "big")
                quantum = []
            continue
        if c != "=" or len(quantum) < 2:
            raise bad(i - 1)
        if len(quantum) == 2:  # a second "=" must follow, line breaks aside
            while i < n and text[i] in "\r\n":
                i += 1
            if i == n:
                raise bad(n)
            if text[i] != "=":
                raise bad(i - 1)
            i += 1
        while i < n and text[i] in "\r\n":
            i += 1
        if i < n:
            raise bad(i)
        v = sum(d << (18 - 6 * k) for k, d in enumerate(quantum))
        return bytes(out + v.to_bytes(3, "big")[: len(quantum) - 1])
    if quantum:  # the data ends inside a quantum, unpadded
        raise bad(n - len(quantum))
    return bytes(out)


def _as_stored(
    rule: dict, value: Any, old: Any, schema: dict, has_old: bool, memo: dict
) -> tuple[bool, str | None] | None:
    """(passed, runtime error) of a rule in `celinterp` over the values as the server holds them:
    `date`, `date-time` and `duration` strings as timestamps (their zone kept) and durations, and a
    value it cannot convert as the error value its lazy conversion yields where the rule reads it;
    None where the interpreter does not model the rule."""
    optional_old = bool(rule.get("optionalOldSelf"))
    ast = _stored_tree(rule["rule"], optional_old)
    if ast is None:
        return None
    self_val = to_cel(value, schema, {}, stand_in="err", memo=memo, as_stored=True)
    old_val = to_cel(old, schema, {}, stand_in="err", memo=memo, as_stored=True) if has_old else None
    variables = {"self": self_val}
    if optional_old:
        variables["oldSelf"] = celinterp.Opt(old_val) if has_old else celinterp.NONE
    elif has_old:
        variables["oldSelf"] = old_val
    try:
        result = celinterp.evaluate(ast, variables)[0]
    except celinterp.Unsupported:
        return None
    if isinstance(result, celinterp.Err):
        return False, result.message
    return result is True, None


@functools.lru_cache(maxsize=4096)
def _stored_tree(rule: str, optional_old: bool):
    """The checked tree `celinterp` runs for a rule (None where it does not compile)."""
    from . import celast

    try:
        return celast.compile_rule(rule, cel.Type.DYN, optional_old)
    except celast.CompileError:
        return None


def _reads_unreadable(rule: dict, value: Any, old: Any, schema: dict, has_old: bool, names: dict, memo: dict) -> bool:
    """Whether a rule reads a value the server cannot convert, where CEL does not absorb the
    error (`false && x`, `true || x`, an untaken `?:` branch absorb it). The server converts
    lazily; here the rule runs twice, once with the unreadable fields left out of their objects
    (reading one is an error, absorbed as the server absorbs it; `has()` of one, an error on the
    server too, is made one), once with NaN in their place and once with them as they are (equal
    in `self` and `oldSelf`: a list or map compared whole reads its items, and the server's
    comparison fails on one): an error, or an outcome that changes between the runs, means the rule
    read one."""
    text = rule["rule"]
    for name in filter(None, names):
        field = re.escape(escape(name))
        text = re.sub(
            rf"has\(\s*([\w.]+)\.{field}\s*\)", rf"(has(\1.{field}) || has(\1.{UNREADABLE}{field}) && [][0])", text
        )
    runs = []
    for stand_in, form in (("drop", {**rule, "rule": text}), ("nan", rule), ("", rule)):
        self_val = to_cel(value, schema, {}, stand_in=stand_in, memo=memo)
        old_val = to_cel(old, schema, {}, stand_in=stand_in, memo=memo) if has_old else None
        runs.append(evaluate(form, self_val, old_val, has_old))
    return any(err is not None for _, err in runs) or len(set(runs)) > 1


def evaluate(rule: dict, self_val: Any, old_val: Any, has_old: bool) -> tuple[bool, str | None]:
    """(passed, runtime error) of one rule on converted values."""
    optional_old = bool(rule.get("optionalOldSelf"))
    data = {"self": self_val}
    if optional_old:
        data.update({"__old": old_val, "__hasOld": has_old})
    elif has_old:
        data["oldSelf"] = old_val
    value, err = run(rule["rule"], optional_old, data)
    return value is True, err


@functools.cache
def uses_old_self(rule: str) -> bool:
    """Whether a rule is a transition rule (it does not compile without `oldSelf`)."""
    compile_rule(rule, False)
    text = source(rule, False)  # as the engine runs it: a rewritten or respelled call compiles only so
    try:
        ENV_NO_OLD.compile(text)
    except RuntimeError as e:
        from . import celast, celdeep
        from .celsyntax import SyntaxProblem

        if not celdeep.too_deep(str(e)):
            return True
        try:
            celdeep.check(text, dict.fromkeys(("self", "__old", "__hasOld"), cel.Type.DYN))
        except celdeep.TooDeep:  # too deep to check even in pieces: whether its tree names oldSelf
            try:
                return celast.reads_old_self(_deep_tree(rule))
            except celast.CompileError:
                return True
        except (RuntimeError, SyntaxProblem):
            return True
    return False


def node_errors(
    schema: dict, value: Any, old: Any, path: Path, ratchet: bool, memo: dict | None = None, plain_hold: bool = False
) -> list[tuple]:
    """The (type, field, detail, shown value) errors of the rules on one node; `old` is MISSING
    when uncorrelated; `memo` (see `to_cel`) is shared by the nodes of one request; `plain_hold`
    says the rules that read neither `oldSelf` nor an optional old value are known to hold."""
    rules = schema.get("x-kubernetes-validations")
    if not rules or value is None:
        return []
    memo = {} if memo is None else memo
    bad: dict = {}
    self_val = to_cel(value, schema, bad, memo=memo)
    has_old = old is not MISSING and old is not None
    old_bad: dict = {}
    old_val = to_cel(old, schema, old_bad, memo=memo) if has_old else None
    unreadable = {**old_bad, **bad}
    errs: list[tuple] = []
    field = fmt(path)
    shown = schema.get("type", "object")  # a rule's error shows the node's type as its value
    transitions = [_transition(rule, field) for rule in rules]
    runs = [_typed_rule(rule, schema) for rule in rules]  # as the engine runs them (see `celtime`)
    # where the engine answers otherwise than cel-go (`in_interpreter`), the rule runs in `celinterp`;
    # the engine, where that does not model the rule
    timed = [in_interpreter(rule, schema) for rule in rules]
    plain = tuple(
        r["rule"]
        for r, t, tm in zip(runs, transitions, timed, strict=True)
        if not t and not tm and not r.get("optionalOldSelf")
    )
    # Most objects pass: one run of the plain rules' conjunction stands for them all when it holds.
    all_hold = plain_hold or (not unreadable and len(plain) > 1 and _holds(_conjunction(plain), self_val))
    for rule, run_rule, transition, in_time in zip(rules, runs, transitions, timed, strict=True):
        if all_hold and not transition and not in_time and not rule.get("optionalOldSelf"):
            continue
        if transition and not has_old and not rule.get("optionalOldSelf"):
            continue
        found = _as_stored(run_rule, value, old, schema, has_old, memo) if unreadable or in_time else None
        if found is None and unreadable:  # a rule the interpreter does not model: tell by running it
            whole = bad.get("") or (old_bad.get("") if transition else None)  # self (oldSelf) unreadable
            if whole or _reads_unreadable(run_rule, value, old, schema, has_old, unreadable, memo):
                why = whole or next((m for n, m in unreadable.items() if f".{n}" in rule["rule"]), None)
                found = (False, why or next(iter(unreadable.values())))
        ok, err = found if found is not None else evaluate(run_rule, self_val, old_val, has_old)
        if err is not None and err.startswith("no such overload"):  # as the server words a call it cannot type
            detail = f"'{err}': call arguments did not match a supported operator, function or macro signature"
            errs.append(("FieldValueInvalid", field, f"{detail} for rule: {rule_shown(rule)}", shown))
            continue
        if err is not None:
            errs.append(("FieldValueInvalid", field, f"{err} evaluating rule: {rule_shown(rule)}", shown))
            continue
        if ok or (ratchet and not transition):
            continue
        where = field + (rule["fieldPath"] if rule.get("fieldPath") else "")
        stored = None
        expr = rule.get("messageExpression")
        if isinstance(expr, str) and (_has_times(SchemaKey(schema)) or _engine_differs(expr, False)):  # as cel-go
            stored = (
                to_cel(value, schema, {}, stand_in="err", memo=memo, as_stored=True),
                to_cel(old, schema, {}, stand_in="err", memo=memo, as_stored=True) if has_old else None,
            )
        detail = _message(rule, self_val, old_val, has_old, stored) or _default_message(rule)
        # a rule that fails shows the node's value, an object's or a list's none (field.OmitValueType)
        failed = NO_VALUE if schema.get("type") in ("object", "array") else value
        errs.append((REASONS.get(rule.get("reason", ""), "FieldValueInvalid"), where, detail, failed))
    return errs


class RulePlan:
    """What a CRD version's rules need, worked out once: the one program that stands for every rule
    reading no old value (see `holds`), how to convert the part of an object rules see, and which
    nodes carry only such rules."""

    def __init__(self, schema: dict):
        self.only_plain: set[int] = set()  # ids of the schema nodes whose rules all read no old value
        self.path = self._path(schema)
        self._program: object = _PENDING
        self.schema = schema

    def _path(self, schema: dict):
        """(converter, None, None) for a node with rules, or with rules below its list items (its
        value whole); (None, {CEL name: (key, plan)}, plan of the map values) above such nodes
        (only the way down); None where no rule lies below."""
        rules = schema.get("x-kubernetes-validations")
        props = {}
        for k, sub in (schema.get("properties") or {}).items():
            plan = self._path(sub) if isinstance(sub, dict) else None
            if plan is not None:
                props[escape(k)] = (k, plan)
        extra, items = (schema.get(key) for key in ("additionalProperties", "items"))
        extra = self._path(extra) if isinstance(extra, dict) else None
        items = self._path(items) if isinstance(items, dict) else None  # (every node below is visited)
        if rules and _all_plain(rules, schema):
            self.only_plain.add(id(schema))
        if rules or items is not None:
            return (_converter(SchemaKey(schema)), None, None)
        if not props and extra is None:
            return None
        return (None, props, extra)

    def holds(self, value: Any) -> bool:
        """Whether every rule of the object that reads neither `oldSelf` nor an optional old value
        holds, in one run of one program over the whole object (most objects pass; the caller then
        runs only the rest). False means "not known": run the rules node by node."""
        if self._program is _PENDING:
            self._program = _tree_program(self.schema)
        if self._program is None or self.path is None:
            return False
        try:
            self_val = _ruled(value, self.path)
        except _Unreadable:
            return False
        return _holds(self._program, self_val)


_PENDING = object()


def _ruled(value: Any, plan) -> Any:
    """The CEL value of what the rules see (`RulePlan._path`)."""
    convert, props, extra = plan
    if convert is not None:
        return convert(value)
    if type(value) is not dict:
        raise _Unreadable
    out = {}
    for name, (key, sub) in props.items():
        if key in value:
            out[name] = _ruled(value[key], sub)
    if extra is not None:  # a map's values (named as `to_cel` names them)
        known = {key for key, _ in props.values()}
        for k, v in value.items():
            if k not in known:
                out[escape(k) if props else k] = _ruled(v, extra)
    return out


def _all_plain(rules: list, schema: dict) -> bool:
    try:
        return all(_engine_plain(r, schema) for r in rules)
    except RuntimeError:
        return False


def _engine_plain(rule: dict, schema: dict) -> bool:
    """Whether the engine runs a rule that reads no old value (what `RulePlan.holds` joins)."""
    return not rule.get("optionalOldSelf") and not uses_old_self(rule["rule"]) and not in_interpreter(rule, schema)


def _order(schema: dict):
    """The sort key that puts a `set` or `map` list in one canonical order (so that lists equal as
    sets compare equal): a map list's items by their key fields, a set's scalars by type and value."""
    keys = [escape(k) for k in schema.get("x-kubernetes-list-map-keys") or ()]
    if schema.get("x-kubernetes-list-type") == "map" and keys:
        return lambda v: (0, tuple(_canonical(v.get(k)) for k in keys)) if isinstance(v, dict) else (1, _canonical(v))
    return lambda v: (0, type(v).__name__, v) if isinstance(v, (str, int, float)) else (1, "", _canonical(v))


def _canonical(v: Any) -> str:
    return json.dumps(v, sort_keys=True, default=repr)


class _Unreadable(Exception):
    """A value the server cannot hand to CEL: `RulePlan.holds` leaves it to the node-by-node run."""


def _raw(value: Any) -> Any:
    return value


@functools.lru_cache(maxsize=4096)
def _converter(key: SchemaKey):
    """`to_cel` for one schema, prepared once: a function of the value that raises _Unreadable
    where `to_cel` would record an unreadable value."""
    convert = _typed_converter(key.schema)
    if not key.schema.get("nullable"):
        return convert
    return lambda value: None if value is None else convert(value)


def _typed_converter(schema: dict):
    fits = _FITS.get(schema.get("type"))
    if schema.get("type") == "number" or schema.get("format") in _CONVERTED_FORMATS or fits is None:

        def general(value: Any) -> Any:
            bad: dict = {}
            out = to_cel(value, schema, bad)
            if bad:
                raise _Unreadable
            return out

        return general
    if fits is dict:
        props = schema.get("properties") or {}
        extra = schema.get("additionalProperties")
        extra = _converter(SchemaKey(extra)) if isinstance(extra, dict) else _raw
        fields = {k: (escape(k), _converter(SchemaKey(sub))) for k, sub in props.items()}

        def obj(value: Any) -> Any:
            if type(value) is not dict:
                raise _Unreadable
            out = {}
            for k, v in value.items():
                field = fields.get(k)
                if v is None and props:
                    continue  # an object's null property is absent (as in `_convert`)
                if field is None:
                    out[escape(k) if props else k] = extra(v)
                else:
                    out[field[0]] = field[1](v)
            return out

        return obj
    if fits is list:
        items = schema.get("items")
        item = _converter(SchemaKey(items)) if isinstance(items, dict) else _raw
        ordered = _order(schema) if schema.get("x-kubernetes-list-type") in ("set", "map") else None

        def array(value: Any) -> Any:
            if type(value) is not list:
                raise _Unreadable
            out = [item(v) for v in value]
            if ordered is not None:
                out.sort(key=ordered)
            return out

        return array

    def scalar(value: Any) -> Any:
        if type(value) is not fits:
            raise _Unreadable
        return value

    return scalar


class SchemaKey:
    """A schema as a cache key, by identity (schemas are dicts, and live as long as their CRD)."""

    def __init__(self, schema: dict):
        self.schema = schema

    def __hash__(self) -> int:
        return id(self.schema)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SchemaKey) and other.schema is self.schema


def _tree_program(schema: dict):
    """The program of `RulePlan.holds` for a schema (None when it has no such rule, or when a
    rule does not compile: the node-by-node run then names it)."""
    try:
        text = _tree_text(schema, "self", 0)
        return None if text == "true" else compile_rule(text, False)
    except RuntimeError:
        return None


def _tree_text(schema: dict, var: str, depth: int) -> str:
    """Every plain rule at or below a node whose value is the CEL variable `var` (null values and
    absent fields skip their rules, as node by node)."""
    parts = []
    plain = [r["rule"] for r in schema.get("x-kubernetes-validations") or () if _engine_plain(r, schema)]
    if plain:
        conj = " && ".join(f"({r})" for r in plain)
        parts.append(conj if var == "self" else f"cel.bind(self, {var}, {conj})")
    child = f"__v{depth + 1}"
    for name, sub in (schema.get("properties") or {}).items():
        inner = _tree_text(sub, child, depth + 1) if isinstance(sub, dict) else "true"
        if inner != "true":
            field = f"{var}.{escape(name)}"
            null = f" || {field} == null" if sub.get("nullable") else ""
            parts.append(f"!has({field}){null} || cel.bind({child}, {field}, {inner})")
    for key in ("additionalProperties", "items"):
        sub = schema.get(key)
        inner = _tree_text(sub, child, depth + 1) if isinstance(sub, dict) else "true"
        if inner == "true":
            continue
        null = f"{child} == null || " if sub.get("nullable") else ""
        if key == "items":
            parts.append(f"{var}.all({child}, {null}{inner})")
        else:
            k = f"__k{depth + 1}"
            parts.append(f"{var}.all({k}, cel.bind({child}, {var}[{k}], {null}{inner}))")
    return " && ".join(f"({p})" for p in parts) or "true"


def reads_old_self(rule: dict) -> bool:
    """Whether a rule reads `oldSelf` (False for one that does not compile: its run names it)."""
    try:
        return uses_old_self(rule["rule"])
    except (RuntimeError, KeyError, TypeError):
        return False


_CONVERTED_FORMATS = {"byte", *celtime.FORMATS}  # strings the server hands to CEL as another type


def _typed_rule(rule: dict, schema: dict) -> dict:
    """`rule` as the engine runs it on a node of `schema`: where the rule reads a `date`,
    `date-time` or `duration` string (its canonical text here, see `celtime`), through
    `timestamp()` or `duration()`, as the server's typed value."""
    text = _typed_text(rule["rule"], SchemaKey(schema), bool(rule.get("optionalOldSelf")))
    return rule if text == rule["rule"] else {**rule, "rule": text}


def in_interpreter(rule: dict, schema: dict) -> bool:
    """Whether a rule on a node of `schema` runs in `celinterp`, because the engine would answer
    otherwise than cel-go: it reads a `date`, `date-time` or `duration` value (cel-go keeps the
    text's zone and a duration's whole milliseconds), or calls a function the engine implements
    otherwise (`_ENGINE_DIFFERS`)."""
    return _typed_rule(rule, schema) is not rule or _engine_differs(rule["rule"], bool(rule.get("optionalOldSelf")))


# the engine's overloads whose answers are not cel-go's: converting a string to a number (strconv's
# syntax: `int(' 5')`, `uint('+5')` and `double('1e400')` are errors, `double('1_000')` is not), and
# `format` (cel-go's strings library at version 2: `%d` of a double is an error, `%f` groups
# digits, lists print their members as CEL literals; see `celformat`)
_ENGINE_DIFFERS = {"string_to_int64", "string_to_uint64", "string_to_double", "string_format"}
# and a duration or timestamp printed (`1.5s` and the text's own zone in cel-go; `1.500s` and UTC in the engine)
_ENGINE_DIFFERS |= {"duration_to_string", "timestamp_to_string"}
# and a string read as a timestamp (cel-go keeps its zone, which getters read), or as a duration
# unless a literal the engine reads as Go's time.ParseDuration does (`87600000h` passes int64
# nanoseconds: an error in cel-go)
_ENGINE_DIFFERS.add("string_to_timestamp")
_DIFFERING_CALL = re.compile(r"\b(?:u?int|double|string|duration|timestamp)\s*\(|\.\s*format\s*\(")


@functools.lru_cache(maxsize=4096)
def _engine_differs(rule: str, optional_old: bool) -> bool:
    """Whether a rule may call one of `_ENGINE_DIFFERS`."""
    if not _DIFFERING_CALL.search(rule):
        return False
    from .celast import CompileError, compile_rule
    from .celproto import nodes

    try:
        ast = compile_rule(rule, cel.Type.DYN, optional_old)
    except CompileError:
        return False  # its run names the problem
    return any(
        n.kind == "call"
        and (
            _ENGINE_DIFFERS.intersection(n.overloads)
            or "string_to_duration" in n.overloads
            and not (len(n.args) == 1 and n.args[0].kind == "const" and _same_duration(n.args[0].value))
        )
        for n in nodes(ast)
    )


@functools.lru_cache(maxsize=1024)
def _same_duration(text: Any) -> bool:
    """Whether the engine reads a duration literal as cel-go does (both read it, or neither)."""
    engine = ENV.compile(f"duration({json.dumps(text)})").eval(data={"self": None, "__old": None, "__hasOld": False})
    return (engine.type() != cel.Type.ERROR) == celinterp.converts("duration", text)


@functools.lru_cache(maxsize=4096)
def _typed_text(rule: str, key: SchemaKey, optional_old: bool) -> str:
    if not _has_times(key):
        return rule

    from .celast import CompileError, compile_rule
    from .celcost import cel_type, decl_of, typed_reads

    text = cellib.respell(rule)  # the text the checked rule's places are in
    decl = decl_of(key.schema, bool(key.schema.get("x-kubernetes-embedded-resource")))
    try:
        reads = typed_reads(compile_rule(text, cel_type(decl), optional_old), decl) if decl is not None else []
    except CompileError:
        return rule  # its run names the problem
    spans = [_span(text, n) + (kind,) for n, kind in reads]
    if any(start < 0 for start, _, _ in spans):
        return rule
    for start, end, kind in sorted(spans, reverse=True):
        text = f"{text[:start]}{kind}({text[start:end]}){text[end:]}"
    return text


def _span(text: str, n) -> tuple[int, int]:
    """Where a selection or variable of a checked rule stands in its text ((-1, -1) if unknown)."""
    if n.kind == "ident":
        start, end = n.offset, n.offset + len(n.value)
    else:  # a select: its `.`, the field's name, after its operand
        name = text.find(n.value, n.offset + 1)
        target = n.target
        while target is not None and target.kind != "ident":
            target = target.target if target.kind == "select" else (target.args[0] if target.args else None)
        start, end = (target.offset if target is not None else -1), name + len(n.value)
        if name < 0 or text[n.offset + 1 : name].strip():
            return -1, -1
    return (start, end) if 0 <= start < end and text[end - len(n.value) : end] == n.value else (-1, -1)


@functools.lru_cache(maxsize=1024)
def _has_times(key: SchemaKey) -> bool:
    """Whether a schema node or one below it is a `date`, `date-time` or `duration` string."""
    s = key.schema
    if s.get("type") == "string" and s.get("format") in celtime.FORMATS:
        return True
    subs = [*(s.get("properties") or {}).values(), s.get("items"), s.get("additionalProperties")]
    return any(isinstance(sub, dict) and _has_times(SchemaKey(sub)) for sub in subs)


def _transition(rule: dict, field: str) -> bool:
    """Whether a rule reads `oldSelf`; a rule that does not compile is a RuleError naming it."""
    try:
        return uses_old_self(rule["rule"])
    except RuntimeError as e:
        where = field or "<nil>"
        why = cellib.unspell(str(e))
        raise RuleError(f"{where}: x-kubernetes-validations rule {rule['rule']!r} does not compile: {why}") from None


@functools.lru_cache(maxsize=4096)
def _conjunction(rules: tuple[str, ...]):
    """One program for several rules, `(r1) && (r2) && …` (None if that does not compile)."""
    try:
        return compile_rule(" && ".join(f"({r})" for r in rules), False)
    except RuntimeError:
        return None


def _holds(program, self_val: Any) -> bool:
    if program is None:
        return False
    try:
        result = program.eval(data={"self": self_val})
    except RuntimeError:  # cel-expr-python's iteration budget, over all the rules at once: not known
        return False
    return result.type() == cel.Type.BOOL and result.plain_value() is True


def _message(rule: dict, self_val: Any, old_val: Any, has_old: bool, stored: tuple | None = None) -> str | None:
    """The text of a rule's messageExpression, as `evalMessageExpression` gives it: trimmed as Go's
    `strings.TrimSpace` trims; None (the server falls back to `message`) when it does not evaluate
    to a string, or to one that is blank, longer than 5 KiB or holds a line break. `stored`: the
    values as the server holds them (`to_cel(as_stored=True)`), where they hold times or the
    expression calls one of `_ENGINE_DIFFERS`: it then runs in `celinterp`, which prints a timestamp
    in its own zone, reads a number as strconv does and formats as cel-go does."""
    expr = rule.get("messageExpression")
    if not isinstance(expr, str) or not expr:
        return None
    interpreted = _interpreted_message(expr, stored, has_old) if stored is not None else None
    if interpreted is not None:
        value = interpreted[0]
    else:
        data = {"self": self_val}
        if has_old:
            data["oldSelf"] = old_val
        try:
            value, _ = run(expr, False, data)
        except RuntimeError as e:
            raise RuleError(f"messageExpression {expr!r} does not compile: {cellib.unspell(str(e))}") from None
    if not isinstance(value, str):
        return None
    text = value.strip(GO_SPACE)
    if not text or len(text.encode()) > MAX_MESSAGE_BYTES or "\n" in text:
        return None
    return text


def _interpreted_message(expr: str, stored: tuple, has_old: bool) -> tuple[Any] | None:
    """(value,) of a message expression in `celinterp` over stored values; None where it does not
    model the expression (the engine's run then gives the answer, or the compile error)."""
    ast = _stored_tree(expr, False)
    if ast is None:
        return None
    try:
        variables = {"self": stored[0], **({"oldSelf": stored[1]} if has_old else {})}
        value = celinterp.evaluate(ast, variables)[0]
    except celinterp.Unsupported:
        return None
    return (None if isinstance(value, celinterp.Err) else value,)


def _default_message(rule: dict) -> str:
    """`ruleMessageOrDefault`: the trimmed message, else `failed rule: ` and the trimmed rule."""
    message = rule.get("message")
    return message.strip(GO_SPACE) if message else f"failed rule: {rule['rule'].strip(GO_SPACE)}"


def rule_shown(rule: dict) -> str:
    """How a runtime error names its rule: by its message when it has one, else by its text."""
    message = rule.get("message")
    return message.strip(GO_SPACE) if isinstance(message, str) and message else rule["rule"].strip(GO_SPACE)
