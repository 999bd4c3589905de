"""`<string>.format(<list>)` as the API server runs it: cel-go's strings library at version 2
(`ext/formatting.go`, the legacy formatter), whose `%f` and `%e` print through golang.org/x/text's
message printer for `en_US` (digit grouping, `×10` with superscript exponents).

Values are told apart by their CEL type name (`type_name`), as cel-go switches on `arg.Type()`;
`to_string` is the value's conversion to string (cel-go's `ConvertToType(StringType)`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from evaluator.apiserver.values.gofmt import go_quote

DEFAULT_PRECISION = 6
INT64_MAX = (1 << 63) - 1
_SUPER = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_STRINGABLE = {"int", "uint", "double", "bool", "string", "google.protobuf.Timestamp", "bytes"}
_STRINGABLE |= {"google.protobuf.Duration", "type"}


class FormatError(Exception):
    """The error value `format` returns (its message is cel-go's)."""


def format_string(text: str, args: list, type_name: Callable[[Any], str], to_string: Callable[[Any], str]) -> str:
    """cel-go's parseFormatString over the format text's bytes, one argument per clause."""
    clauses = _Clauses(type_name, to_string)
    src, out, i, arg = text.encode(), bytearray(), 0, 0
    while i < len(src):
        if src[i] != 0x25:  # not '%'
            out.append(src[i])
            i += 1
            continue
        if i + 1 < len(src) and src[i + 1] == 0x25:
            out.append(0x25)
            i += 2
            continue
        if arg >= len(args):
            raise FormatError(f"index {arg} out of range")
        if i + 1 >= len(src):
            raise FormatError("unexpected end of string")
        read, clause = _parse_clause(src, i + 1, clauses)
        try:
            piece = clause(args[arg])
        except FormatError as e:
            raise FormatError(f"error during formatting: {e}") from None
        out += piece.encode()
        i += 1 + read
        arg += 1
    return out.decode()


def _parse_clause(src: bytes, start: int, clauses: _Clauses) -> tuple[int, Callable[[Any], str]]:
    """(bytes read, the clause's formatter) of the clause after a `%` (parseFormattingClause)."""
    j, precision = start, None
    if src[j] == 0x2E:  # '.'
        j += 1
        digits_from = j
        while True:
            if j >= len(src):
                raise _clause_error("error while parsing precision: could not find end of precision specifier")
            if not 0x30 <= src[j] <= 0x39:
                break
            j += 1
        precision = _atoi(src[digits_from:j].decode())
    verb = chr(src[j])  # a byte as a rune, as cel-go reads it
    formatter = {
        "s": clauses.string,
        "d": clauses.decimal,
        "f": lambda v: clauses.fixed(v, precision),
        "e": lambda v: clauses.scientific(v, precision),
        "b": clauses.binary,
        "x": lambda v: clauses.hex(v, False),
        "X": lambda v: clauses.hex(v, True),
        "o": clauses.octal,
    }.get(verb)
    if formatter is None:
        raise _clause_error(f'unrecognized formatting clause "{verb}"')
    return j + 1 - start, formatter


def _clause_error(message: str) -> FormatError:
    return FormatError(f"could not parse formatting clause: {message}")


def _atoi(digits: str) -> int:
    """strconv.Atoi of the precision's digits."""
    value = int(digits) if digits else None
    if value is None or value > INT64_MAX:
        why = "value out of range" if digits else "invalid syntax"
        raise _clause_error(
            "error while parsing precision: error while converting precision to integer: "
            f'strconv.Atoi: parsing "{digits}": {why}'
        )
    return value


class _Clauses:
    """The formatter of each clause (cel-go's stringFormatter)."""

    def __init__(self, type_name: Callable[[Any], str], to_string: Callable[[Any], str]):
        self.type_name = type_name
        self.to_string = to_string

    def string(self, v: Any) -> str:
        """FormatString (`%s`)."""
        kind = self.type_name(v)
        if kind == "list":
            return self.list(v)
        if kind == "map":
            return self.map(v)
        if kind in _STRINGABLE:
            try:
                return self.to_string(v)
            except FormatError as e:
                raise FormatError(f"could not convert argument {go_quote(str(e))} to string") from None
        if kind == "null_type":
            return "null"
        raise FormatError(
            "string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, "
            f"durations, and timestamps, was given {kind}"
        )

    def decimal(self, v: Any) -> str:
        kind = self.type_name(v)
        if kind in ("int", "uint"):
            return str(int(v))
        raise FormatError(f"decimal clause can only be used on integers, was given {kind}")

    def _double(self, v: Any, clause: str) -> float:
        kind = self.type_name(v)
        if kind == "double":
            return float(v)
        if kind == "string" and v in ("NaN", "Infinity", "-Infinity"):
            return float(v.replace("Infinity", "inf"))
        raise FormatError(f"{clause} clause can only be used on doubles, was given {kind}")

    def fixed(self, v: Any, precision: int | None) -> str:
        x = self._double(v, "fixed-point")
        return printer_fixed(x, DEFAULT_PRECISION if precision is None else precision)

    def scientific(self, v: Any, precision: int | None) -> str:
        x = self._double(v, "scientific")
        return printer_scientific(x, DEFAULT_PRECISION if precision is None else precision)

    def binary(self, v: Any) -> str:
        kind = self.type_name(v)
        if kind in ("int", "uint"):
            return _signed(int(v), lambda n: format(n, "b"))
        if kind == "bool":
            return "1" if v else "0"
        raise FormatError(f"only integers and bools can be formatted as binary, was given {kind}")

    def hex(self, v: Any, upper: bool) -> str:
        kind = self.type_name(v)
        if kind in ("string", "bytes"):
            out = (v.encode() if kind == "string" else bytes(v)).hex()
        elif kind in ("int", "uint"):
            out = _signed(int(v), lambda n: format(n, "x"))
        else:
            raise FormatError(f"only integers, byte buffers, and strings can be formatted as hex, was given {kind}")
        return out.upper() if upper else out

    def octal(self, v: Any) -> str:
        kind = self.type_name(v)
        if kind in ("int", "uint"):
            return _signed(int(v), lambda n: format(n, "o"))
        raise FormatError(f"octal clause can only be used on integers, was given {kind}")

    # -- lists and maps, their members written as CEL literals -----------------------------

    def member(self, v: Any) -> str:
        """clauseForType of the member's type, then quoteForCEL."""
        kind = self.type_name(v)
        if kind in ("int", "uint"):
            return str(int(v))
        if kind in ("string", "bytes", "bool", "null_type", "type"):
            text = self.string(v)
            return go_quote(text) if kind == "string" else "b" + go_quote(text) if kind == "bytes" else text
        if kind in ("google.protobuf.Timestamp", "google.protobuf.Duration"):
            call = "timestamp" if kind == "google.protobuf.Timestamp" else "duration"
            return f"{call}({go_quote(self.to_string(v))})"
        if kind == "list":
            return self.list(v)
        if kind == "map":
            return self.map(v)
        if kind == "double":
            text = _go_fixed(float(v), DEFAULT_PRECISION)
            return go_quote(text) if math.isinf(v) or math.isnan(v) else text
        raise FormatError(f"no formatting function for {kind}")

    def list(self, items: list) -> str:
        return "[" + ", ".join(self.member(v) for v in items) + "]"

    def map(self, m: dict) -> str:
        pairs = []
        for key, value in m.items():
            kind = self.type_name(key)  # a CEL map's keys: strings, bools, ints and uints
            text = str(int(key)) if kind in ("int", "uint") else self.string(key)
            key_text = go_quote(text) if kind == "string" else text
            pairs.append((key_text.encode(), key_text, self.member(value)))
        pairs.sort(key=lambda p: p[0])  # Go's string order: by bytes
        return "{" + ", ".join(f"{k}:{v}" for _, k, v in pairs) + "}"


def _signed(n: int, digits: Callable[[int], str]) -> str:
    """Go's %b, %x, %o of an integer: a minus sign, then the magnitude's digits."""
    return "-" + digits(-n) if n < 0 else digits(n)


def _go_fixed(x: float, precision: int) -> str:
    """Go's fmt `%.6f` (a double inside a list or map)."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "+Inf" if x > 0 else "-Inf"
    return f"{x:.{precision}f}"


# -- golang.org/x/text's printer, en_US ----------------------------------------------------------
# cel-go prints `%f` with Sprintf("%.<p>f") and `%e` with Sprintf("%<p>e") (a width, not a
# precision: `%e` always shows 6 fraction digits, padded to p characters). The printer reads the
# number through strconv, then lays it out by en's patterns: `#,##0.###` and `#E0`.

_TOO_LARGE = 1_000_000  # fmt's parsenum: a width or precision past this is no number at all
NO_VERB = "%!(NOVERB)"


def _parsenum_fails(n: int) -> bool:
    """Whether x/text's parsenum gives up on the digits of n (it checks before each digit)."""
    digits = str(n)
    num = 0
    for c in digits:
        if num > _TOO_LARGE:
            return True
        num = num * 10 + int(c)
    return False


def _int16(n: int) -> int:
    return ((n + 0x8000) & 0xFFFF) - 0x8000


def _decimal_digits(text: str) -> tuple[str, int]:
    """The significant digits of strconv's text and their exponent (value = 0.DIGITS × 10^exp),
    leading and trailing zeros dropped, as x/text's Decimal reads and normalizes it."""
    mantissa, _, e = text.partition("e")
    whole, _, frac = mantissa.partition(".")
    digits = whole + frac
    exp = len(whole) + (int(e) if e else 0)
    significant = digits.lstrip("0")
    exp -= len(digits) - len(significant)
    significant = significant.rstrip("0")
    return (significant, exp) if significant else ("", 0)


def _group(int_digits: str) -> str:
    """en's grouping of the integer digits by three."""
    head = len(int_digits) % 3 or 3
    return ",".join([int_digits[:head]] + [int_digits[i : i + 3] for i in range(head, len(int_digits), 3)])


def printer_fixed(x: float, precision: int) -> str:
    """message.NewPrinter(en_US).Sprintf("%.<precision>f", x): fmtDecimalFloat, appendDecimal."""
    if _parsenum_fails(precision):
        return NO_VERB
    if math.isnan(x):
        return "NaN"
    neg = x < 0
    if math.isinf(x):
        return ("-" if neg else "") + "∞"
    min_frac, max_frac = precision & 0xFF, _int16(precision)  # the printer's uint8 and int16 fields
    magnitude = -x if neg else abs(x)
    digits, exp = _decimal_digits(f"{magnitude:.{max_frac}f}" if max_frac >= 0 else repr(magnitude))
    end = max(len(digits), exp + min_frac) if digits else min_frac
    if not digits:
        exp = 0
    num_frac = end - exp
    if exp > 0:
        int_part = _group(digits[:exp].ljust(exp, "0"))
        frac_digits = digits[exp:]
    else:
        int_part, frac_digits = "0", "0" * -exp + digits
    out = ("-" if neg else "") + int_part
    if num_frac > 0:
        out += "." + frac_digits.ljust(num_frac, "0")
    return out


def printer_scientific(x: float, width: int) -> str:
    """message.NewPrinter(en_US).Sprintf("%<width>e", x): fmtScientific at 7 significant digits,
    appendScientific, padded with spaces before to the width (its uint16 field) in runes."""
    if _parsenum_fails(width):
        return NO_VERB
    neg = x < 0
    if math.isnan(x):
        body = "NaN"
    elif math.isinf(x):
        body = ("-" if neg else "") + "∞"
    else:
        digits, exp = _decimal_digits(f"{-x if neg else abs(x):.6e}")
        if not digits:
            digits, exp = "0", 1
        exponent = exp - 1
        sign = "⁻" if exponent < 0 else ""
        power = "".join(_SUPER[int(c)] for c in str(abs(exponent)).rjust(2, "0"))
        body = f"{'-' if neg else ''}{digits[0]}.{digits[1:].ljust(DEFAULT_PRECISION, '0')}×10{sign}{power}"
    pad = (width & 0xFFFF) - len(body)  # width 0 is the `0` flag: no width at all
    return " " * pad + body if width and pad > 0 else body
