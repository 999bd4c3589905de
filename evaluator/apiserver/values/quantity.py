"""Kubernetes resource quantities (`resource.ParseQuantity`), exactly, as fractions."""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: importing typing costs ~3 ms of a run that only checks syntax
if TYPE_CHECKING:
    from fractions import Fraction  # imported when a value is computed: a check of syntax needs none

SHAPE = r"^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$"  # quoted by the format error, as Go does
FORMAT_WRONG = f"quantities must match the regular expression '{SHAPE}'"
NUMERIC = "unable to parse numeric part of quantity"
SUFFIX = "unable to parse quantity's suffix"
_BINARY_EXPONENT = {"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}
_DECIMAL = {"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
_DIGITS = frozenset("0123456789")
_SUFFIX_CHARS = frozenset("eEinumkKMGTP")
# Of what Go's strings.TrimSpace trims, the characters Go's JSON encoding leaves unescaped (a tab or a
# newline reaches the decoder as `\t`, `\n`, which it keeps)
_JSON_SPACES = " \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
MAX_EXPONENT = 10_000  # a value's power of ten that `parse` computes (10**10000 is ~4 KiB): past it, an error


def parse(text: str) -> Fraction:
    """The exact value of a quantity; ValueError with the apimachinery message otherwise, or when its
    exponent is past MAX_EXPONENT (`1e999999999` parses in Go, which keeps the power of ten apart;
    computing it here would take minutes)."""
    from fractions import Fraction

    error, negative, whole, fraction, base, exponent = _scan(text)
    if error is not None:
        raise ValueError(error)
    if abs(exponent) > MAX_EXPONENT:
        raise ValueError(f"quantity {text!r:.40}: a power of ten past 10^{MAX_EXPONENT} is not evaluated")
    value = Fraction(int(whole + fraction or "0"), 10 ** len(fraction)) * Fraction(base) ** exponent
    return -value if negative else value


def decode_problem(text: str) -> str | None:
    """What the API server's decoder says of a quantity sent as a JSON string (`Quantity.UnmarshalJSON`:
    its spaces trimmed, then `resource.ParseQuantity`): None when it takes it, else the error."""
    return problem(text.strip(_JSON_SPACES))


def problem(text: str) -> str | None:
    """What `resource.ParseQuantity` says of `text`: None when it parses, else its error."""
    return _scan(text)[0]


def _scan(text: str) -> tuple:
    """`text` read as apimachinery's parser reads it, step by step: (its error or None, negative, the
    digits before and after the point, the suffix's base and exponent). Only the syntax is followed,
    never the value, so any exponent takes the same work."""
    if not text:
        return FORMAT_WRONG, False, "", "", 10, 0
    end = len(text)
    negative = text[0] == "-"
    pos = 1 if text[0] in "+-" else 0
    while pos < end and text[pos] == "0":
        pos += 1
    if pos == end:
        return None, negative, "", "", 10, 0  # zeros, or a sign alone: 0
    zeros = pos > (1 if text[0] in "+-" else 0)  # the number has a digit (a zero) so far
    start = pos
    while pos < end and text[pos] in _DIGITS:
        pos += 1
    whole, fraction = text[start:pos], ""
    if pos < end and text[pos] == ".":
        start = pos = pos + 1
        while pos < end and text[pos] in _DIGITS:
            pos += 1
        fraction = text[start:pos]
    start = pos
    while pos < end and text[pos] in _SUFFIX_CHARS:
        pos += 1
    if pos < end:
        pos += text[pos] in "+-"
        while pos < end and text[pos] in _DIGITS:
            pos += 1
        if pos < end:
            return FORMAT_WRONG, negative, whole, fraction, 10, 0
    suffix = text[start:]
    num, denom = len(whole) or 1, len(fraction)  # an empty numerator is "0"
    if suffix in _DECIMAL:
        base, exponent = 10, _DECIMAL[suffix]
        precision, scale = 18 - num - denom, exponent
    elif suffix in _BINARY_EXPONENT:
        base, exponent = 2, _BINARY_EXPONENT[suffix]
        precision, scale = (15 - num - exponent * 3 // 10 - 1 if not denom else -1), 0
    else:
        exponent = _go_int64(suffix[1:]) if len(suffix) > 1 and suffix[0] in "eE" else None
        if exponent is None:
            return SUFFIX, negative, whole, fraction, 10, 0
        base = 10
        precision, scale = 18 - num - denom, _int32(exponent)
    if not (precision >= 0 and _int32(scale - denom) >= -9) and not (zeros or whole or fraction):
        error = NUMERIC  # read as a decimal (not an int64 of at most 18 digits), which needs a digit
    else:
        error = None
    return error, negative, whole, fraction, base, exponent


def _go_int64(text: str) -> int | None:
    """strconv.ParseInt(text, 10, 64), or None where it fails."""
    body = text[1:] if text[:1] in ("+", "-") else text
    digits = body.lstrip("0")
    if not body or not all(c in _DIGITS for c in body) or len(digits) > 19:
        return None  # not a number, or past int64 (and past what `int` converts at all)
    n = -int(digits or "0") if text[0] == "-" else int(digits or "0")
    return n if -(2**63) <= n < 2**63 else None


def _int32(n: int) -> int:
    """Go's int32(n): the low 32 bits, two's complement."""
    return (n + 2**31) % 2**32 - 2**31


def as_int64(value: Fraction) -> int | None:
    """The value as an int64 (`Quantity.AsInt64`), or None when it is a fraction or too large."""
    if value.denominator != 1 or not -(2**63) <= value.numerator < 2**63:
        return None
    return value.numerator


_DECIMAL_SUFFIX = {e: s for s, e in _DECIMAL.items()}
_BINARY_SUFFIX = {e: s for s, e in _BINARY_EXPONENT.items()} | {0: ""}
_MAX_ALLOWED = 2**63 - 1  # resource.maxAllowed: a BinarySI quantity's cap


def canonical(text: str) -> str:
    """`Quantity.String()` of a quantity that parses: apimachinery's `CanonicalizeBytes` of what
    `ParseQuantity` makes of it (its magnitude rounded up to a nano; a binary one capped at 2^63-1 and,
    below 1, decimal): `0.5` -> `500m`, `1.5Gi` -> `1536Mi`, `1000` -> `1k`, `1.5e3` -> `1500`."""
    from fractions import Fraction

    _, _, _, _, base, _ = _scan(text)
    value = parse(text)
    suffix = text.lstrip("+-0123456789.")
    form = "binary" if base == 2 else "decimal" if suffix in _DECIMAL else "exponent"
    sign, magnitude = (-1 if value < 0 else 1), abs(value)
    nanos = -(-magnitude * 10**9 // 1)  # rounded up to a nano (inf.RoundUp: away from zero)
    magnitude = Fraction(nanos, 10**9)
    if form == "binary":
        magnitude = min(magnitude, Fraction(_MAX_ALLOWED))
        if 0 < magnitude < 1:
            form = "decimal"
    if magnitude == 0:
        return "0"
    if form == "binary" and magnitude >= 1024 and magnitude.denominator == 1:  # AsCanonicalBase1024Bytes
        mantissa, exponent = magnitude.numerator, 0
        while mantissa % 1024 == 0 and exponent < 60:
            mantissa, exponent = mantissa // 1024, exponent + 10
        return f"{'-' if sign < 0 else ''}{mantissa}{_BINARY_SUFFIX[exponent]}"
    mantissa, exponent = magnitude.numerator * (10**9 // magnitude.denominator), -9  # AsCanonicalBytes
    while mantissa % 10 == 0:
        mantissa, exponent = mantissa // 10, exponent + 1
    shift = exponent % 3  # down to a multiple of three
    mantissa, exponent = mantissa * 10**shift, exponent - shift
    end = (f"e{exponent}" if exponent else "") if form == "exponent" else _DECIMAL_SUFFIX.get(exponent, "")
    return f"{'-' if sign < 0 else ''}{mantissa}{end}"
