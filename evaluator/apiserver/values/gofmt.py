"""How Go's `fmt` prints a decoded JSON value (`%T`, `%v`) and a string (`%q`), for messages that quote one."""

from __future__ import annotations

import decimal
import json
import unicodedata
from typing import Any

TYPES = {
    type(None): "<nil>",
    bool: "bool",
    int: "int64",
    float: "float64",
    str: "string",
    list: "[]interface {}",
    dict: "map[string]interface {}",
}


def go_type(v: Any) -> str:
    """`%T` of an `unstructured` value."""
    return TYPES.get(type(v), "[]interface {}")


_ESCAPES = {"\a": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\v": "\\v"}


def go_quote(s: str) -> str:
    """`%q` of a string (strconv.Quote): printable characters as they are, the rest escaped."""
    out = ['"']
    for c in s:
        o = ord(c)
        if c in '"\\':
            out.append("\\" + c)
        elif c == " " or (unicodedata.category(c)[0] in "LMNPS"):
            out.append(c)
        elif c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif o < 0x20 or o == 0x7F:
            out.append(f"\\x{o:02x}")
        elif 0xD800 <= o < 0xE000:  # a lone surrogate: Go decoded it as U+FFFD
            out.append("\ufffd")
        else:
            out.append(f"\\u{o:04x}" if o < 0x10000 else f"\\U{o:08x}")
    return "".join(out) + '"'


def go_value(v: Any) -> str:
    """`%v` of an `unstructured` value (maps print with sorted keys, as Go's fmt does)."""
    if v is None:
        return "<nil>"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return _float(v)
    if isinstance(v, list):
        return "[" + " ".join(go_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "map[" + " ".join(f"{k}:{go_value(x)}" for k, x in sorted(v.items())) + "]"
    return str(v)


_HTML_SAFE = str.maketrans({c: f"\\u{ord(c):04x}" for c in "<>&\u2028\u2029"})


def go_json(v: Any) -> str:
    """encoding/json's Marshal of an `unstructured` value: compact, map keys sorted, `<`, `>` and `&`
    escaped as HTML-safe, a float in the shortest form (exponent form below 1e-6 and from 1e21)."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        if v != 0 and not 1e-6 <= abs(v) < 1e21:  # strconv's 'e' form, shortest digits, "e-07" as "e-7"
            mant, exp = repr(v).split("e")
            return f"{mant}e{exp[0]}{exp[1:].removeprefix('0') if exp[0] == '-' else exp[1:]}"
        return format(decimal.Decimal(repr(v)).normalize(), "f")
    if isinstance(v, list):
        return "[" + ",".join(go_json(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(f"{go_json(str(k))}:{go_json(x)}" for k, x in sorted(v.items())) + "}"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False).translate(_HTML_SAFE)
    return str(v)


def _float(v: float) -> str:
    """`%v` of a float64 (`%g`, shortest): exponent form below 1e-4 and from 1e6 up."""
    if v != v:
        return "NaN"
    if v in (float("inf"), float("-inf")):
        return "+Inf" if v > 0 else "-Inf"
    d = decimal.Decimal(repr(v)).normalize()
    sign, digits, exp = d.as_tuple()
    point = len(digits) + int(exp)
    x = point - 1
    if -4 <= x < 6:
        return format(d, "f")
    mant = str(digits[0]) + ("." + "".join(map(str, digits[1:])) if len(digits) > 1 else "")
    return f"{'-' if sign else ''}{mant}e{'+' if x >= 0 else '-'}{abs(x):02d}"
