"""`date`, `date-time` and `duration` strings as the API server hands them to CEL: a timestamp or a
duration (Kubernetes' `UnstructuredToVal`), read as strfmt and Go's time package read them.

cel-expr-python takes timestamps and durations into an activation only for variables declared with
that type, and a rule's `self` is `dyn`; so such a value goes to the engine as the canonical text of
its instant (UTC, nanoseconds) or length (seconds), and the rules read it through `timestamp()` or
`duration()` (`celrules` rewrites the reads the checked rule types so).
"""

from __future__ import annotations

import functools
import re

from evaluator.apiserver.values.formats import duration_ns, is_date
from evaluator.apiserver.values.gotime import civil, days

FORMATS = {"date": "timestamp", "date-time": "timestamp", "duration": "duration"}  # format -> CEL type

_CLOCK = r"([0-9]{2}):([0-9]{2})"
_SECONDS = r":([0-9]{2})(?:[.,]([0-9]+))?"
# strfmt.DateTimeFormats, in its order: what follows the date (clock, seconds and fraction, zone)
_LAYOUTS = (
    rf"T{_CLOCK}{_SECONDS}(Z|[+-][0-9]{{2}}:?[0-9]{{2}})",  # RFC 3339, with or without a colon
    rf"T{_CLOCK}{_SECONDS}()",  # ISO 8601 local time
    rf"T{_CLOCK}()()(Z)",  # reduced precision, UTC
    rf"T{_CLOCK}()()()",  # reduced precision, local time
    rf" {_CLOCK}{_SECONDS}()",  # "universal sortable"
    r"()()()()()",  # the date alone
)


@functools.cache
def _layouts() -> tuple[re.Pattern, ...]:
    return tuple(map(re.compile, _LAYOUTS))  # when first used: most CRDs have no such strings


def cel_text(fmt: str, value: str) -> str:
    """The text `timestamp()` or `duration()` reads as the value the server makes of `value`;
    ValueError in the server's words where it makes none."""
    if fmt == "duration":
        ns = duration_ns(value)
        if ns is None:
            raise ValueError(f"Invalid duration {value}: unable to parse {value} as duration")
        sign, ns = ("-" if ns < 0 else ""), abs(ns)
        return f"{sign}{ns // 10**9}.{ns % 10**9:09d}s"
    whole, nanos, _ = instant(fmt, value)
    y, mo, d, h, mi, s = civil(whole)
    return f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}.{nanos:09d}Z"


def instant(fmt: str, value: str) -> tuple[int, int, int]:
    """(Unix seconds, nanoseconds, zone offset in seconds east of UTC) of a `date` or `date-time`
    string, as the server's timestamp holds it (the offset the text gives is kept, as Go's
    time.Parse keeps it in a fixed zone); ValueError in the server's words where it makes none."""
    what = "date" if fmt == "date" else "date-time"
    found = _instant(value, fmt == "date")
    if found is None:
        raise ValueError(f"Invalid {what} formatted string {value}: cannot parse {value!r} as a {what}")
    return found


def _instant(value: str, date_only: bool) -> tuple[int, int, int] | None:
    """(Unix seconds, nanoseconds, offset) of a date (time.Parse("2006-01-02")) or of a date-time
    (strfmt.ParseDateTime: its layouts in order, UTC where no zone is given)."""
    if len(value) < 10 or not is_date(value[:10]):
        return None
    year, month, day = int(value[:4]), int(value[5:7]), int(value[8:10])
    for layout in _layouts()[-1:] if date_only else _layouts():
        m = layout.fullmatch(value, 10)
        if not m:
            continue
        hour, minute, sec = (int(g) if g else 0 for g in m.groups()[:3])
        if hour > 23 or minute > 59 or sec > 59:
            return None
        frac, zone = m[4] or "", m[5] or ""
        offset = 0
        if zone and zone != "Z":
            hh, mm = int(zone[1:3]), int(zone[-2:])
            if hh > 23 or mm > 59:
                return None
            offset = (hh * 3600 + mm * 60) * (1 if zone[0] == "+" else -1)
        whole = days(year, month, day) * 86400 + hour * 3600 + minute * 60 + sec - offset
        return whole, int((frac + "000000000")[:9]), offset
    return None
