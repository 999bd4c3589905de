"""A CronJob's `schedule` as validateScheduleFormat checks it on create (k8s.io/kubernetes
pkg/apis/batch/validation/validation.go): robfig/cron v3's ParseStandard (five fields or a
descriptor, its errors as its parser words them), and no `TZ` in it (the `timeZone` field says that).

Left out: an `@every` duration that Go's time.ParseDuration refuses (its several errors are not
modelled), a `TZ=` prefix with no field after it (Go's slicing panics there), and the `timeZone`
field's own check (the time zone database of the server's build)."""

from __future__ import annotations

import re
import zoneinfo

from evaluator.apiserver.values.gofmt import go_quote
from evaluator.schema.errors import INVALID, FieldError

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_DAYS = ("sun", "mon", "tue", "wed", "thu", "fri", "sat")
# (min, max, names) of minute, hour, day of month, month, day of week
_BOUNDS = (
    (0, 59, {}),
    (0, 23, {}),
    (1, 31, {}),
    (1, 12, {m: i + 1 for i, m in enumerate(_MONTHS)}),
    (0, 6, {d: i for i, d in enumerate(_DAYS)}),
)
DESCRIPTORS = ("@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly")
_ATOI = re.compile(r"[+-]?[0-9]+")
_INT64 = 2**63


class _Refused(Exception):
    """The parser's error."""


def schedule_problems(spec: str) -> list[str]:
    """validateScheduleFormat's details for a non-empty schedule."""
    found = []
    try:
        _parse_standard(spec)
    except _Refused as e:
        found.append(str(e))
    if "TZ" in spec:
        found.append("cannot use TZ or CRON_TZ in schedule, use timeZone field instead")
    return found


def schedule_errors(spec: object, path: str) -> list[FieldError]:
    """The errors of a CronJob's schedule (an empty one is the schema's `required`)."""
    if not isinstance(spec, str) or not spec:
        return []
    return [FieldError(INVALID, path, spec, detail) for detail in schedule_problems(spec)]


def _parse_standard(spec: str) -> None:
    """cron.ParseStandard: Parser.Parse with Minute | Hour | Dom | Month | Dow | Descriptor."""
    if spec.startswith(("TZ=", "CRON_TZ=")):
        space = spec.find(" ")
        if space < 0:
            return  # Go slices with -1 and panics: not modelled
        name = spec[spec.index("=") + 1 : space]
        if not _location(name):
            raise _Refused(f"provided bad location {name}: unknown time zone {name}")
        spec = spec[space:].strip(" \t\n\v\f\r\x85\xa0")
    if spec.startswith("@"):
        if spec in DESCRIPTORS or spec.startswith("@every "):
            return
        raise _Refused(f"unrecognized descriptor: {spec}")
    fields = spec.split()
    if len(fields) != 5:
        raise _Refused(f"expected exactly 5 fields, found {len(fields)}: [{' '.join(fields)}]")
    for field, bounds in zip(fields, _BOUNDS, strict=True):
        for expr in filter(None, field.split(",")):
            _range(expr, bounds)


def _location(name: str) -> bool:
    """time.LoadLocation: "" and UTC are UTC, Local the machine's; else the zone database's names."""
    if name in ("", "UTC", "Local"):
        return True
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return False
    return True


def _range(expr: str, bounds: tuple) -> None:
    """getRange: number | number "-" number [ "/" number ], `*` or `?` for every value."""
    low, high, names = bounds
    range_and_step = expr.split("/")
    low_and_high = range_and_step[0].split("-")
    if low_and_high[0] in ("*", "?"):
        start, end = low, high
    else:
        start = _int_or_name(low_and_high[0], names)
        if len(low_and_high) == 1:
            end = start
        elif len(low_and_high) == 2:
            end = _int_or_name(low_and_high[1], names)
        else:
            raise _Refused(f"too many hyphens: {expr}")
    if len(range_and_step) == 1:
        step = 1
    elif len(range_and_step) == 2:
        step = _int(range_and_step[1])
        if len(low_and_high) == 1:
            end = high  # "N/step" is "N-max/step"
    else:
        raise _Refused(f"too many slashes: {expr}")
    if start < low:
        raise _Refused(f"beginning of range ({start}) below minimum ({low}): {expr}")
    if end > high:
        raise _Refused(f"end of range ({end}) above maximum ({high}): {expr}")
    if start > end:
        raise _Refused(f"beginning of range ({start}) beyond end of range ({end}): {expr}")
    if step == 0:
        raise _Refused(f"step of range should be a positive number: {expr}")


def _int_or_name(expr: str, names: dict) -> int:
    return names.get(expr.lower()) if expr.lower() in names else _int(expr)


def _int(expr: str) -> int:
    """mustParseInt: strconv.Atoi, not negative."""
    if not _ATOI.fullmatch(expr):
        raise _Refused(f"failed to parse int from {expr}: strconv.Atoi: parsing {go_quote(expr)}: invalid syntax")
    num = int(expr)
    if not -_INT64 <= num < _INT64:
        raise _Refused(f"failed to parse int from {expr}: strconv.Atoi: parsing {go_quote(expr)}: value out of range")
    if num < 0:
        raise _Refused(f"negative number ({num}) not allowed: {expr}")
    return num
