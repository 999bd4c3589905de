"""The CEL interpreter against Go itself: timestamps (evaluator/apiserver/cel/celtimestamps.py) as Go's
time package makes them when cel-go asks it (tests/clients/celtimestamps.go) on mutated RFC 3339 texts,
rules over timestamps as cel-go evaluates them, and conversions from strings and of doubles to strings
as Go's strconv and fmt give them (tests/clients/goconv.go); both programs built with Go's toolchain
from PyPI."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
from pathlib import Path

import pytest

from evaluator.apiserver.cel import celinterp, celtimestamps
from tests.apiserver.test_gotime import mutants
from tests.cel.test_celinterp import run
from tests.clients import golang
from tests.clients.npm import Unavailable

GETTERS = list(celtimestamps.GETTERS)
ZONES = ["", "UTC", "America/New_York", "Asia/Kolkata", "+05:30", "-03:15", "02:00", "x:10", "+01:75", "Mars/Olympus"]
ZONES += ["../zoneinfo/UTC", "/etc/localtime"]  # names Go refuses
DURATIONS = [0, 1, -1, 999999999, -1000000001, 86400 * 10**9, -3 * 10**18, 9 * 10**18, -(1 << 63)]


def valid_texts(n: int, seed: int = 5073) -> list[str]:
    """RFC 3339 texts of random instants over the years 1 to 9999 (and just past them by their
    offsets), fractions of 0 to 12 digits and offsets to Go's ±24:60."""
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        year, month = rnd.choice([1, 9999, rnd.randint(1, 9999), rnd.randint(1960, 2100)]), rnd.randint(1, 12)
        day = rnd.randint(1, 28 if month == 2 else 30)
        clock = f"{rnd.randint(0, 23):02d}:{rnd.randint(0, 59):02d}:{rnd.randint(0, 59):02d}"
        frac = "." + "".join(rnd.choice("0123456789") for _ in range(rnd.randint(1, 12))) if rnd.random() < 0.5 else ""
        zone = "Z" if rnd.random() < 0.3 else f"{rnd.choice('+-')}{rnd.randint(0, 24):02d}:{rnd.randint(0, 60):02d}"
        out.append(f"{year:04d}-{month:02d}-{day:02d}T{clock}{frac}{zone}")
    return out


@pytest.fixture(scope="module")
def go_timestamps() -> Path:
    try:
        return golang.build(Path(__file__).parents[1] / "clients" / "celtimestamps.go")
    except Unavailable as e:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Go's toolchain unavailable in CI: {e}")
        pytest.skip(f"Go's toolchain unavailable: {e}")


def _ours(text: str) -> dict:
    try:
        t = celtimestamps.of_string(text)
    except ValueError as e:
        return {"error": str(e)}
    got = {}
    for tz in ZONES:
        try:
            got[tz] = [celtimestamps.get(name, t, tz or None) for name in GETTERS]
        except ValueError as e:
            got[tz] = str(e)
    plus = []
    for d in DURATIONS:
        try:
            plus.append(celtimestamps.to_string(celtimestamps.add(t, d)))
        except ValueError as e:
            plus.append(str(e))
    return {"string": celtimestamps.to_string(t), "unix": t.sec, "getters": got, "plus": plus}


def test_timestamps_are_what_go_makes_of_them(go_timestamps):
    values = [*mutants(3_000), *valid_texts(3_000), "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z"]
    values += ["0000-12-31T23:59:59Z"]
    values += ["2024-03-10T06:59:59Z", "2024-03-10T07:00:00Z", "2024-11-03T05:30:00-00:30"]  # New York's DST
    text = "".join(json.dumps(v) + "\n" for v in values)
    out = subprocess.run([str(go_timestamps)], input=text, capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    assert len(lines) == len(values)
    wrong = []
    for value, line in zip(values, lines, strict=True):
        want = json.loads(line)
        want.pop("sinceEpoch", None)
        if want != (got := _ours(value)):
            wrong.append((value, want, got))
    assert not wrong, wrong[:3]
    assert sum("string" in json.loads(line) for line in lines) > 500  # the mutants hold valid times too


@pytest.mark.parametrize(
    "expr,value",
    [
        ("timestamp('2024-01-01T10:00:00+01:00').getHours()", 10),  # the text's own zone
        ("timestamp('2024-01-01T10:00:00+01:00').getHours('UTC')", 9),
        ("string(timestamp('2024-01-01T10:00:00.500+01:00'))", "2024-01-01T10:00:00.5+01:00"),
        ("timestamp('2024-01-01T00:00:00Z') + duration('1h') == timestamp('2024-01-01T01:00:00Z')", True),
        ("duration('1h') + timestamp('2024-01-01T00:00:00Z') > timestamp('2024-01-01T00:30:00Z')", True),
        ("timestamp('2024-01-02T00:00:00Z') - timestamp('2024-01-01T00:00:00Z') == duration('24h')", True),
        ("timestamp('2024-01-01T00:00:00Z') - duration('1s') < timestamp('2024-01-01T00:00:00Z')", True),
        ("int(timestamp('1969-12-31T23:59:59.5Z'))", -1),
        ("timestamp(86400).getDayOfWeek()", 5),  # 1970-01-02, a Friday
        ("timestamp('2024-03-01T00:00:00Z').getDayOfYear()", 60),
        ("timestamp('2024-01-01T00:00:00Z') == timestamp('2024-01-01T01:00:00+01:00')", True),
        ("type(timestamp('2024-01-01T00:00:00Z')) == google.protobuf.Timestamp", True),
        ("type(1) == int && type('a') == string && type(duration('1s')) != int", True),
        ("type(type(1)) == type", True),
    ],
)
def test_rules_over_timestamps_as_cel_go_evaluates_them(expr, value):
    assert run(expr, optimize=True)[0] == value


@pytest.mark.parametrize(
    "expr,error",
    [
        ("timestamp('2024-01-01')", "type conversion error from 'string' to 'google.protobuf.Timestamp'"),
        ("timestamp(253402300800)", "timestamp overflow"),
        ("timestamp('9999-12-31T23:59:59Z') + duration('1s')", "timestamp overflow"),
        ("timestamp('0001-01-01T00:00:00Z') - timestamp('9999-12-31T23:59:59Z')", "integer overflow"),
        ("timestamp('2024-01-01T00:00:00Z').getHours('Mars/Olympus')", "unknown time zone Mars/Olympus"),
        (
            "timestamp('2024-01-01T00:00:00Z').getHours('+01:60')",
            "timezone offset minutes out of range [0, 59]: +01:60",
        ),
        ("dyn(timestamp('2024-01-01T00:00:00Z')) < duration('1s')", "no such overload"),
        ("dyn(duration('1s')) - timestamp('2024-01-01T00:00:00Z')", "no such overload"),
    ],
)
def test_timestamp_errors_in_cel_gos_words(expr, error):
    value = run(expr, optimize=True)[0]
    assert isinstance(value, celinterp.Err) and value.message == error


@pytest.fixture(scope="module")
def go_conversions() -> Path:
    try:
        return golang.build(Path(__file__).parents[1] / "clients" / "goconv.go")
    except Unavailable as e:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Go's toolchain unavailable in CI: {e}")
        pytest.skip(f"Go's toolchain unavailable: {e}")


def _number_texts(n: int, seed: int = 5073) -> list[str]:
    """Texts of numbers, near-numbers and Go's special spellings, mutated."""
    rnd = random.Random(seed)
    seeds = ["0", "-0", "+5", "42", "9223372036854775807", "9223372036854775808", "-9223372036854775808"]
    seeds += ["18446744073709551615", "18446744073709551616", "1.5", ".5", "5.", "1e5", "1E-5", "1e400", "1e-400"]
    seeds += ["inf", "+Inf", "-infinity", "NaN", "+nan", "0x1p-2", "0X1.8P3", "0x1p2000", "1_000", " 1", "٣", ""]
    out = list(seeds)
    alphabet = [*"0123456789+-.eExXpPinfa_ ", "٣"]
    for _ in range(n):
        s = list(rnd.choice(seeds))
        for _ in range(rnd.randint(1, 3)):
            i, op = rnd.randrange(len(s) + 1), rnd.random()
            if op < 0.4 and s:
                s[min(i, len(s) - 1)] = rnd.choice(alphabet)
            elif op < 0.7:
                s.insert(i, rnd.choice(alphabet))
            elif s:
                del s[min(i, len(s) - 1)]
        out.append("".join(s))
    return out


def _bits(text: str) -> float:
    import struct

    return struct.unpack("<d", struct.pack("<Q", int(text)))[0]


def test_string_conversions_are_go_s(go_conversions):
    """int(), uint() and double() of a string and string() of a double, as cel-go asks Go for them."""
    import struct

    rnd = random.Random(1)
    texts = _number_texts(4_000)
    floats = [0.0, -0.0, 1e-4, 1e-5, 123456.0, 1234567.0, 1e21, 5e-324, math.inf, -math.inf, math.nan]
    floats += [rnd.choice([1, -1]) * 10 ** rnd.uniform(-30, 30) for _ in range(2_000)]
    floats += [float(rnd.randint(-(10**9), 10**9)) for _ in range(500)]
    queries = [[kind, t] for t in texts for kind in ("int", "uint", "double")]
    queries += [["g", str(struct.unpack("<Q", struct.pack("<d", f))[0])] for f in floats]
    text = "".join(json.dumps(q) + "\n" for q in queries)
    out = subprocess.run([str(go_conversions)], input=text, capture_output=True, text=True, check=True).stdout
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(queries)
    convert = {"int": celinterp._to_int, "uint": celinterp._to_uint, "double": celinterp._to_double}
    wrong = []
    for (kind, arg), want in zip(queries, answers, strict=True):
        if kind == "g":
            got = celinterp._str(struct.unpack("<d", struct.pack("<Q", int(arg)))[0])
        else:
            try:
                value = convert[kind](arg)
            except celinterp._Fail as e:
                assert str(e) == f"type conversion error from 'string' to '{kind}'"
                got = None
            else:
                got = str(struct.unpack("<Q", struct.pack("<d", value))[0]) if kind == "double" else str(int(value))
        both_nan = kind == "double" and got and want and math.isnan(_bits(got)) and math.isnan(_bits(want))
        if got != want and not both_nan:  # Go's NaN has a payload of its own
            wrong.append((kind, arg, want, got))
    assert not wrong, wrong[:5]
    assert sum(a is not None for (k, _), a in zip(queries, answers, strict=True) if k == "double") > 500
