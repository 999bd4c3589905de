"""Go's `time.Parse` for the two layouts Kubernetes' time types decode with: `metav1.Time` (RFC 3339)
and `metav1.MicroTime` (RFC 3339 with exactly six fractional digits). The API server refuses an object
whose time does not parse, with the error `time.Parse` returns, which `problem` words as Go does.

Go's fast path for RFC 3339 only takes values its general parser also takes, so the general parser,
followed element by element for these two layouts, decides.
"""

from __future__ import annotations

RFC3339 = "2006-01-02T15:04:05Z07:00"
RFC3339_MICRO = "2006-01-02T15:04:05.000000Z07:00"  # metav1.RFC3339Micro

# each layout as Go's nextStdChunk cuts it: (the literal text before an element, the element)
_DATE_CLOCK = ((b"", b"2006"), (b"-", b"01"), (b"-", b"02"), (b"T", b"15"), (b":", b"04"), (b":", b"05"))
_CHUNKS = {
    RFC3339: (*_DATE_CLOCK, (b"", b"Z07:00")),
    RFC3339_MICRO: (*_DATE_CLOCK, (b"", b".000000"), (b"", b"Z07:00")),
}
# time.quote's escapes, by byte: a control character or any byte of a non-ASCII character, `"`, `\\`
_QUOTED = {b: f"\\x{b:02x}" for b in (*range(0x20), *range(0x80, 0x100))} | {0x22: '\\"', 0x5C: "\\\\"}
_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


class _Bad(Exception):
    """An element that does not parse (Go's errBad): reported with the value from that element on."""


class ParseError(ValueError):
    """`time.Parse`'s error, in Go's words."""


def problem(layout: str, value: str) -> str | None:
    """What `time.Parse(layout, value)` returns as its error, or None when it parses."""
    try:
        parse(layout, value)
    except ParseError as e:
        return str(e)
    return None


def parse(layout: str, value: str) -> tuple[int, int, int]:
    """`time.Parse(layout, value)`: (Unix seconds, nanoseconds, the zone's offset in seconds east
    of UTC, kept as Go keeps it in a fixed zone); ParseError in Go's words where it does not parse."""
    try:
        rest = value.encode("utf-8")  # Go reads the string's bytes
    except UnicodeEncodeError:  # a lone surrogate, which Go's JSON decoder made U+FFFD
        value = value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
        rest = value.encode("utf-8")
    year = month = day = hour = minute = second = nanos = offset = 0
    chunks = _CHUNKS[layout]
    for i, (prefix, element) in enumerate(chunks):
        if not rest.startswith(prefix):
            raise ParseError(_cannot(layout, value, rest, prefix))
        rest = rest[len(prefix) :]
        hold, out_of_range = rest, None
        try:
            if element == b"2006":
                if len(rest) < 4 or not _digit(rest, 0):
                    raise _Bad
                year, rest = _atoi(rest[:4]), rest[4:]
            elif element == b"01":
                month, rest = _getnum(rest, True)
                out_of_range = "month" if not 1 <= month <= 12 else None
            elif element == b"02":
                day, rest = _getnum(rest, True)  # checked against the month once all is read
            elif element == b"15":
                hour, rest = _getnum(rest, False)
                out_of_range = "hour" if hour >= 24 else None
            elif element == b"04":
                minute, rest = _getnum(rest, True)
                out_of_range = "minute" if minute >= 60 else None
            elif element == b"05":
                second, rest = _getnum(rest, True)
                if second >= 60:
                    out_of_range = "second"
                elif len(rest) >= 2 and rest[0] in b".," and _digit(rest, 1) and chunks[i + 1][1][:1] != b".":
                    # a fraction the layout does not ask for: any number of digits is taken, the
                    # first nine kept (parseNanoseconds)
                    digits = rest[1:].lstrip(b"0123456789")
                    nanos = int((rest[1 : len(rest) - len(digits)] + b"000000000")[:9])
                    rest = digits
            elif element == b".000000":
                if len(rest) < 7 or rest[0] not in b".,":
                    raise _Bad
                nanos = _atoi(rest[1:7]) * 1000
                if nanos < 0:  # Go's atoi takes a sign
                    out_of_range = "fractional second"
                rest = rest[7:]
            else:  # Z07:00
                rest, out_of_range, offset = _zone(rest)
        except _Bad:
            raise ParseError(_cannot(layout, value, hold, element)) from None
        if out_of_range is not None:
            raise ParseError(f"parsing time {_quote(value)}: {out_of_range} out of range")
    if rest:
        raise ParseError(f"parsing time {_quote(value)}: extra text: {_quote(rest.decode())}")
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    if not 1 <= day <= _MONTH_DAYS[month - 1] + (month == 2 and leap):
        raise ParseError(f"parsing time {_quote(value)}: day out of range")
    return days(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offset, nanos, offset


def days(year: int, month: int, day: int) -> int:
    """Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm, as `civil` inverts it)."""
    year -= month <= 2
    era = year // 400
    yoe = year - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil(seconds: int) -> tuple[int, int, int, int, int, int]:
    """(year, month, day, hour, minute, second) of Unix seconds (UTC)."""
    days_since, rest = divmod(seconds, 86400)
    z = days_since + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + 3 if mp < 10 else mp - 9
    year = yoe + era * 400 + (month <= 2)
    return year, month, day, rest // 3600, rest % 3600 // 60, rest % 60


def _zone(rest: bytes) -> tuple[bytes, str | None, int]:
    """`Z`, or `±hh:mm` (hours to 24, minutes to 60, as Go allows): what follows, an out-of-range
    part (Go reports it before a bad sign or digit) and the offset in seconds east of UTC."""
    if rest[:1] == b"Z":
        return rest[1:], None, 0
    if len(rest) < 6 or rest[3:4] != b":":
        raise _Bad
    sign, hour, minute, rest = rest[:1], rest[1:3], rest[4:6], rest[6:]
    hours = minutes = 0
    bad = sign not in (b"+", b"-")
    try:
        hours = _getnum(hour, True)[0]
        minutes = _getnum(minute, True)[0]
    except _Bad:
        bad = True
    out_of_range = "time zone offset minute" if minutes > 60 else "time zone offset hour" if hours > 24 else None
    if out_of_range is None and bad:
        raise _Bad
    return rest, out_of_range, (hours * 3600 + minutes * 60) * (-1 if sign == b"-" else 1)


def _digit(s: bytes, i: int) -> bool:
    return i < len(s) and 48 <= s[i] <= 57


def _getnum(s: bytes, fixed: bool) -> tuple[int, bytes]:
    """One or two digits (`fixed`: two) and what follows them."""
    if not _digit(s, 0):
        raise _Bad
    if not _digit(s, 1):
        if fixed:
            raise _Bad
        return s[0] - 48, s[1:]
    return int(s[:2]), s[2:]


def _atoi(s: bytes) -> int:
    """Go's time.atoi: an optional sign, then digits only."""
    body = s[1:] if s[:1] in (b"+", b"-") else s
    if not all(48 <= c <= 57 for c in body):
        raise _Bad
    n = int(body or b"0")
    return -n if s[:1] == b"-" else n


def _quote(s: str) -> str:
    """Go's time.quote: in double quotes, `"` and `\\` escaped, and every byte of a character outside
    printable ASCII (its UTF-8 bytes, one by one) as `\\xHH`."""
    return '"' + s.encode("utf-8").decode("latin-1").translate(_QUOTED) + '"'


def _cannot(layout: str, value: str, rest: bytes, element: bytes) -> str:
    """Go's ParseError for an element that does not parse, `rest` being the value from there on."""
    return (
        f"parsing time {_quote(value)} as {_quote(layout)}: "
        f"cannot parse {_quote(rest.decode())} as {_quote(element.decode())}"
    )
