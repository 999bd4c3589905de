"""CEL timestamps as cel-go's `types.Timestamp` holds them (a Go `time.Time`), for `celinterp`.

A timestamp is an instant and the zone it is shown in: `timestamp()` of a string keeps the offset
the text gives (Go's time.Parse puts it in a fixed zone), and so do the server's `date-time`
values; the getters without a zone argument, `string()` and arithmetic use and keep that zone.
Errors are ValueErrors in cel-go's words.
"""

from __future__ import annotations

import functools
import zoneinfo
from datetime import UTC, datetime

from evaluator.apiserver.values import gotime

MIN_UNIX, MAX_UNIX = -62135596800, 253402300799  # 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z
INT_MIN, INT_MAX = -(1 << 63), (1 << 63) - 1
SECOND = 1_000_000_000
TIMESTAMP = "google.protobuf.Timestamp"
OVERFLOW = "timestamp overflow"


class Timestamp:
    """Unix seconds, nanoseconds in [0, 1e9) and the zone's offset (seconds east of UTC)."""

    __slots__ = ("sec", "nsec", "offset")

    def __init__(self, sec: int, nsec: int = 0, offset: int = 0):
        self.sec, self.nsec, self.offset = sec, nsec, offset

    def instant(self) -> tuple[int, int]:
        return self.sec, self.nsec

    def __eq__(self, other: object) -> bool:
        return type(other) is Timestamp and other.instant() == self.instant()

    def __hash__(self) -> int:
        return hash(("timestamp", self.sec, self.nsec))

    def __lt__(self, other: Timestamp) -> bool:
        return self.instant() < other.instant()

    def __gt__(self, other: Timestamp) -> bool:
        return self.instant() > other.instant()

    def __repr__(self) -> str:
        return f"Timestamp({self.sec}, {self.nsec}, {self.offset})"


def _checked(sec: int, nsec: int, offset: int) -> Timestamp:
    if not MIN_UNIX <= sec <= MAX_UNIX:
        raise ValueError(OVERFLOW)
    return Timestamp(sec, nsec, offset)


def of_string(text: str) -> Timestamp:
    """timestamp(string): time.Parse(time.RFC3339, text), within the years 1 to 9999."""
    try:
        sec, nsec, offset = gotime.parse(gotime.RFC3339, text)
    except gotime.ParseError:
        raise ValueError(f"type conversion error from 'string' to '{TIMESTAMP}'") from None
    return _checked(sec, nsec, offset)


def of_int(seconds: int) -> Timestamp:
    """timestamp(int): Unix seconds, in UTC."""
    return _checked(seconds, 0, 0)


def to_string(t: Timestamp) -> str:
    """string(timestamp): t.Format(time.RFC3339Nano), in the timestamp's zone."""
    y, mo, d, h, mi, s = gotime.civil(t.sec + t.offset)
    frac = f".{t.nsec:09d}".rstrip("0") if t.nsec else ""
    if t.offset == 0:
        zone = "Z"
    else:
        sign, minutes = ("-" if t.offset < 0 else "+"), abs(t.offset) // 60
        zone = f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"
    return f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}{frac}{zone}"


def _add_int64(a: int, b: int) -> int:
    if not INT_MIN <= a + b <= INT_MAX:
        raise ValueError("integer overflow")
    return a + b


def add(t: Timestamp, ns: int) -> Timestamp:
    """addTimeDurationChecked: seconds and nanoseconds apart, overflow and range checked."""
    sec2 = abs(ns) // SECOND * (1 if ns >= 0 else -1)  # Go's division truncates toward zero
    sec = _add_int64(t.sec, sec2)
    nsec = t.nsec + (ns - sec2 * SECOND)
    if nsec < 0 or nsec >= SECOND:
        sec = _add_int64(sec, int(nsec / SECOND))
        nsec -= int(nsec / SECOND) * SECOND
        if nsec < 0:
            sec = _add_int64(sec, -1)
            nsec += SECOND
    return _checked(sec, nsec, t.offset)


def subtract_duration(t: Timestamp, ns: int) -> Timestamp:
    """subtractTimeDurationChecked: the duration negated (overflow checked), then added."""
    if ns == INT_MIN:
        raise ValueError("integer overflow")
    return add(t, -ns)


def between(a: Timestamp, b: Timestamp) -> int:
    """subtractTimeChecked: a - b in nanoseconds, overflow checked."""
    sec = _add_int64(a.sec, -b.sec)
    scaled = sec * SECOND
    if not INT_MIN <= scaled <= INT_MAX:
        raise ValueError("integer overflow")
    return _add_int64(scaled, a.nsec - b.nsec)


@functools.cache
def _zone(name: str) -> zoneinfo.ZoneInfo | None:
    """time.LoadLocation: "" and "UTC" are UTC (and "Local", the server's zone), else the tz database."""
    if name in ("", "UTC", "Local"):
        return None
    if ".." in name or name[0] in "/\\":  # Go's containsDotDot and absolute names
        raise ValueError("time: invalid location name")
    try:
        return zoneinfo.ZoneInfo(name)
    except (ValueError, OSError, zoneinfo.ZoneInfoNotFoundError):
        raise ValueError(f"unknown time zone {name}") from None


def _atoi(text: str) -> int:
    """strconv.Atoi, its errors in its words."""
    body = text[1:] if text[:1] in ("+", "-") else text
    if not body or not body.isascii() or not body.isdigit():
        raise ValueError(f'strconv.Atoi: parsing "{text}": invalid syntax')
    n = int(text)
    if not INT_MIN <= n <= INT_MAX:
        raise ValueError(f'strconv.Atoi: parsing "{text}": value out of range')
    return n


def _offset_in(t: Timestamp, tz: str) -> int:
    """The offset of the zone a getter's argument names at the instant (cel-go's timeZone)."""
    if ":" not in tz:
        zone = _zone(tz)
        if zone is None:
            return 0
        inside = min(max(t.sec, MIN_UNIX + 86400), MAX_UNIX - 86400)  # what Python's datetime holds
        moment = datetime.fromtimestamp(inside, UTC).astimezone(zone)
        delta = moment.utcoffset()
        return int(delta.total_seconds()) if delta is not None else 0
    at = tz.index(":")
    hours, minutes = _atoi(tz[:at]), _atoi(tz[at + 1 :])
    if not 0 <= minutes <= 59:
        raise ValueError(f"timezone offset minutes out of range [0, 59]: {tz}")
    return (hours * 60 - minutes if tz[0] == "-" else hours * 60 + minutes) * 60


def _fields(t: Timestamp, tz: str | None) -> tuple[int, int, int, int, int, int, int]:
    """(year, month, day, hour, minute, second, Unix day) in the timestamp's zone or the one named."""
    local = t.sec + (t.offset if tz is None else _offset_in(t, tz))
    return (*gotime.civil(local), local // 86400)


def _year_day(y: int, mo: int, d: int) -> int:
    return gotime.days(y, mo, d) - gotime.days(y, 1, 1)


GETTERS = {  # cel-go's timestamp getters, on (fields, nanoseconds)
    "getFullYear": lambda f, ns: f[0],
    "getMonth": lambda f, ns: f[1] - 1,
    "getDayOfYear": lambda f, ns: _year_day(*f[:3]),
    "getDate": lambda f, ns: f[2],
    "getDayOfMonth": lambda f, ns: f[2] - 1,
    "getDayOfWeek": lambda f, ns: (f[6] + 4) % 7,  # 1970-01-01 was a Thursday
    "getHours": lambda f, ns: f[3],
    "getMinutes": lambda f, ns: f[4],
    "getSeconds": lambda f, ns: f[5],
    "getMilliseconds": lambda f, ns: ns // 1_000_000,
}


def get(name: str, t: Timestamp, tz: str | None = None) -> int:
    """A getter of a timestamp, in its own zone or (`tz`) the one the argument names."""
    return GETTERS[name](_fields(t, tz), t.nsec)
