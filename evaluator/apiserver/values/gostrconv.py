"""Go's strconv and fmt as cel-go's conversions ask them: `int()`, `uint()` and `double()` of a
string (strconv.ParseInt, ParseUint in base 10, ParseFloat) and `string()` of a double (`%g`)."""

from __future__ import annotations

import math
import re
from decimal import Decimal

INT_MIN, INT_MAX, UINT_MAX = -(1 << 63), (1 << 63) - 1, (1 << 64) - 1


def format_g(f: float) -> str:
    """fmt.Sprintf("%g", f): the shortest digits; the exponent form below 1e-4 and from 1e6."""
    if math.isnan(f):
        return "NaN"
    if math.isinf(f):
        return "+Inf" if f > 0 else "-Inf"
    if f == 0:
        return "-0" if math.copysign(1, f) < 0 else "0"
    sign, digits, exponent = Decimal(repr(f)).normalize().as_tuple()
    text = "".join(map(str, digits))
    point = len(text) + int(exponent)  # where the decimal point falls in the digits
    neg = "-" if sign else ""
    if not -4 <= point - 1 < 6:  # %e: one digit, the rest after the point, a two-digit exponent at least
        e = point - 1
        mantissa = text[0] + ("." + text[1:] if len(text) > 1 else "")
        return f"{neg}{mantissa}e{'-' if e < 0 else '+'}{abs(e):02d}"
    if point <= 0:
        return f"{neg}0.{'0' * -point}{text}"
    if point >= len(text):
        return f"{neg}{text}{'0' * (point - len(text))}"
    return f"{neg}{text[:point]}.{text[point:]}"


def parse_int(text: str, signed: bool) -> int | None:
    """strconv.ParseInt / ParseUint in base 10 (a sign only for ParseInt; ASCII digits only)."""
    body = text[1:] if signed and text[:1] in ("+", "-") else text
    if not body or not body.isascii() or not body.isdigit():
        return None
    n = int(text)
    return n if (INT_MIN <= n <= INT_MAX if signed else n <= UINT_MAX) else None


_GO_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_GO_HEX = re.compile(r"[+-]?0[xX](?:[0-9a-fA-F]+(?:\.[0-9a-fA-F]*)?|\.[0-9a-fA-F]+)[pP][+-]?[0-9]+")


def underscores_ok(text: str) -> bool:
    """strconv's underscoreOK: each `_` between two digits, or between a base prefix and a digit."""
    body = text[1:] if text[:1] in ("+", "-") else text
    hex_digits = len(body) >= 2 and body[0] == "0" and body[1] in "xX"
    saw, i = "^", 0
    if len(body) >= 2 and body[0] == "0" and body[1] in "bBoOxX":
        saw, i = "0", 2
    for c in body[i:]:
        if "0" <= c <= "9" or hex_digits and c in "abcdefABCDEF":
            saw = "0"
        elif c == "_":
            if saw != "0":
                return False
            saw = "_"
        elif saw == "_":
            return False
        else:
            saw = "!"
    return saw != "_"


def parse_float(text: str) -> float | None:
    """strconv.ParseFloat(text, 64): decimal or hexadecimal, `inf`/`infinity`/`nan` in any case;
    None where Go refuses it, a finite text past the float64 range included."""
    low = text.lower()
    if low.lstrip("+-") in ("inf", "infinity") and len(low) - len(low.lstrip("+-")) <= 1:
        return -math.inf if low[0] == "-" else math.inf
    if low == "nan":
        return math.nan
    if "_" in text:
        if not underscores_ok(text):
            return None
        text = text.replace("_", "")
    if _GO_DECIMAL.fullmatch(text):
        f = float(text)
    elif _GO_HEX.fullmatch(text):
        try:
            f = float.fromhex(text)
        except OverflowError:
            return None
    else:
        return None
    return None if math.isinf(f) else f
