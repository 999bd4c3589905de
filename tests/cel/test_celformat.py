"""`<string>.format(<list>)` as the API server runs it (`celformat`): cel-go's strings library at
version 2 (`ext/formatting.go`), whose `%f` and `%e` print through golang.org/x/text's message
printer for en_US. The expected texts are what cel-go v0.29 and x/text v0.40 print (the versions
k8s.io/apiserver requires); with a checkout of golang.org/x/text named by DV_XTEXT_CHECKOUT, the
printer's numbers are also compared with x/text itself on generated doubles."""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from evaluator.apiserver.cel import celformat, celrules
from evaluator.apiserver.values.correlate import MISSING
from tests.cel.test_celinterp import run
from tests.clients import golang
from tests.clients.npm import Unavailable, cache_dir

# fmt: off
FORMATS = [
    # %s: a value's string conversion; a list or map written as CEL literals, map keys sorted
    ("'%s and %s'.format(['a', 1])", "a and 1"),
    ("'%s'.format([1.5])", "1.5"),
    ("'%s'.format([[1.5, 'a', b'x', null, true, 2u]])", '[1.500000, "a", b"x", null, true, 2]'),
    ("'%s'.format([{'b': 1, 'a': 2.0, 'c\\n': [1.0/0.0]}])", '{"a":2.000000, "b":1, "c\\n":["+Inf"]}'),
    ("'%s'.format([{true: 1, 2: 'x'}])", '{2:"x", true:1}'),
    ("'%s'.format([[duration('1h'), timestamp('2023-02-03T23:31:20Z')]])",
     '[duration("3600s"), timestamp("2023-02-03T23:31:20Z")]'),
    ("'%s'.format([duration('1h45m47s')])", "6347s"),
    ("'%s'.format([type(1)])", "int"),
    ("'%s'.format([self])", '{"n":1}'),  # an object is a map on the server
    ("'%s'.format([null])", "null"),
    ("'%.3s'.format(['abc'])", "abc"),  # a precision any clause may carry
    ("'100%% %s'.format(['sure'])", "100% sure"),
    # %d %b %x %X %o: Go's fmt
    ("'%d %d'.format([-42, 42u])", "-42 42"),
    ("'%b %b %b'.format([5, -5, true])", "101 -101 1"),
    ("'%x %X %x %x'.format([26, 26, -26, 'hi'])", "1a 1A -1a 6869"),
    ("'%x'.format([b'\\xff\\x00'])", "ff00"),
    ("'%o %o'.format([30, -8])", "36 -10"),
    # %f and %e: x/text's en_US printer (grouping; `%e` takes the precision as a width)
    ("'%.2f'.format([1234.5])", "1,234.50"),
    ("'%f'.format([-1234567.0005])", "-1,234,567.000500"),
    ("'%.0f'.format([0.5])", "0"),
    ("'%.2f'.format([-0.0001])", "-0.00"),
    ("'%.300f'.format([1.5])", "1.5" + "0" * 43),  # the printer keeps 300 % 256 fraction digits
    ("'%f'.format(['NaN'])", "NaN"),
    ("'%f'.format(['-Infinity'])", "-∞"),
    ("'%e'.format([2.71828])", "2.718280×10⁰⁰"),
    ("'%e'.format([-1e-7])", "-1.000000×10⁻⁰⁷"),
    ("'%.20e'.format([12345.678])", "       1.234568×10⁰⁴"),
    ("'%.0e'.format([9.9999999])", "1.000000×10⁰¹"),
]

ERRORS = [
    ("'%d'.format([1.5])", "error during formatting: decimal clause can only be used on integers, was given double"),
    ("'%f'.format([1])", "error during formatting: fixed-point clause can only be used on doubles, was given int"),
    ("'%e'.format(['x'])", "error during formatting: scientific clause can only be used on doubles, was given string"),
    ("'%b'.format([1.0])",
     "error during formatting: only integers and bools can be formatted as binary, was given double"),
    ("'%x'.format([true])",
     "error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given bool"),
    ("'%o'.format([[1]])", "error during formatting: octal clause can only be used on integers, was given list"),
    ("'%s'.format([optional.of(1)])",
     "error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, "
     "types, durations, and timestamps, was given optional_type"),
    ("'%s'.format([[optional.of(1)]])", "error during formatting: no formatting function for optional_type"),
    ("'%s'.format([b'\\xff'])",
     "error during formatting: could not convert argument "
     '"invalid UTF-8 in bytes, cannot convert to string" to string'),
    ("'%s %s'.format([1])", "index 1 out of range"),
    ("'%'.format([1])", "unexpected end of string"),
    ("'%'.format([])", "index 0 out of range"),
    ("'%q'.format([1])", 'could not parse formatting clause: unrecognized formatting clause "q"'),
    ("'%.'.format([1])",
     "could not parse formatting clause: error while parsing precision: could not find end of precision specifier"),
    ("'%.s'.format([1])",
     "could not parse formatting clause: error while parsing precision: error while converting precision to "
     'integer: strconv.Atoi: parsing "": invalid syntax'),
    ("'%.99999999999999999999f'.format([1.0])",
     "could not parse formatting clause: error while parsing precision: error while converting precision to "
     'integer: strconv.Atoi: parsing "99999999999999999999": value out of range'),
]
# fmt: on


@pytest.mark.parametrize(("expr", "want"), FORMATS)
def test_format_prints_as_cel_go(expr, want):
    assert run(expr, {"self": {"n": 1}})[0] == want


@pytest.mark.parametrize(("expr", "want"), ERRORS)
def test_format_fails_in_cel_go_s_words(expr, want):
    value = run(expr, {"self": {"n": 1}})[0]
    assert getattr(value, "message", value) == want


def test_a_precision_past_fmt_s_reach_prints_no_verb():
    """x/text's printer gives up on a width or precision of over seven digits, as fmt does."""
    assert celformat.printer_fixed(1.5, 100_000_000) == celformat.NO_VERB
    assert celformat.printer_scientific(1.5, 100_000_000) == celformat.NO_VERB
    assert len(celformat.printer_scientific(1.5, 10_000_000)) == 10_000_000 & 0xFFFF  # its uint16 width


def _errors(schema: dict, rule: dict, value: dict) -> list:
    schema = {**schema, "x-kubernetes-validations": [rule]}
    return celrules.node_errors(schema, value, MISSING, (("spec", True),), ratchet=False)


def test_the_rules_and_messages_that_format_run_in_the_interpreter():
    """The engine's `format` is not cel-go's (`%d` of a double prints it; `%f` groups nothing)."""
    schema = {"type": "object", "properties": {"r": {"type": "number"}}}
    rule = {"rule": "'%d'.format([self.r]) == '1'"}
    assert celrules.in_interpreter(rule, schema)
    errs = _errors(schema, rule, {"r": 1.5})
    assert [e[2] for e in errs] == [
        "error during formatting: decimal clause can only be used on integers, was given double "
        "evaluating rule: '%d'.format([self.r]) == '1'"
    ]
    message = {"rule": "self.r < 1000.0", "messageExpression": "'r is %.1f'.format([self.r])"}
    errs = _errors(schema, message, {"r": 1234.5})
    assert [e[2] for e in errs] == ["r is 1,234.5"]


# --- against golang.org/x/text itself, where a checkout of it is named ----------------------

ORACLE = """package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// each line: {"F": a Sprintf format, "X": a double's bits}; prints the en_US printer's text
func main() {
	tag, _ := language.MatchStrings(language.NewMatcher([]language.Tag{language.MustParse("en_US")}), "en_US")
	p := message.NewPrinter(tag)
	in, out := bufio.NewScanner(os.Stdin), bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		var q struct {
			F string
			X uint64
		}
		json.Unmarshal(in.Bytes(), &q)
		b, _ := json.Marshal(p.Sprintf(q.F, math.Float64frombits(q.X)))
		fmt.Fprintln(out, string(b))
	}
}
"""


@pytest.fixture(scope="module")
def xtext_printer() -> Path:
    checkout = os.environ.get("DV_XTEXT_CHECKOUT")
    if not checkout or not (Path(checkout) / "message" / "print.go").is_file():
        pytest.skip("no golang.org/x/text checkout named by DV_XTEXT_CHECKOUT (its printer is the reference)")
    try:
        go = golang.toolchain()
    except Unavailable as e:
        pytest.skip(f"Go's toolchain unavailable: {e}")
    gopath = cache_dir() / "xtext-gopath"
    target = gopath / "src" / "golang.org" / "x" / "text"
    shutil.rmtree(gopath, ignore_errors=True)
    target.parent.mkdir(parents=True)
    target.symlink_to(Path(checkout).resolve())
    source = gopath / "printer.go"
    source.write_text(ORACLE)
    exe = gopath / "printer"
    env = {**os.environ, "GOPATH": str(gopath), "GO111MODULE": "off", "GOTOOLCHAIN": "local", "GOPROXY": "off"}
    env |= {"GOCACHE": str(cache_dir() / "go-build"), "CGO_ENABLED": "0"}
    r = subprocess.run([str(go), "build", "-o", str(exe), str(source)], capture_output=True, text=True, env=env)
    if r.returncode:
        pytest.fail(f"building the x/text printer failed: {r.stderr[-500:]}")
    return exe


def _doubles(n: int, rng: random.Random) -> list[float]:
    near = [0.0, -0.0, 0.5, 2.5, 0.005, 1e21, 5e-324, 1.7976931348623157e308, 9.9999995, 999.9995, math.inf, math.nan]
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.25:
            out.append(rng.choice(near) * rng.choice([1, -1]))
        elif r < 0.55:
            out.append(struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0])
        else:
            out.append(rng.uniform(-10, 10) * 10 ** rng.randint(-30, 30))
    return out


def test_the_printer_s_numbers_are_x_text_s(xtext_printer):
    rng = random.Random(5073)
    widths = [0, 1, 2, 3, 6, 17, 40, 255, 256, 300, 32767, 32768, 40000, 65536, 70000, 1_000_001, 10_000_010]
    cases = []
    for x in _doubles(4000, rng):
        p = rng.choice(widths + [rng.randint(0, 400)])
        cases.append(("f", p, x) if rng.random() < 0.5 else ("e", p, x))
    lines = [
        json.dumps({"F": f"%.{p}f" if verb == "f" else f"%{p}e", "X": struct.unpack("<Q", struct.pack("<d", x))[0]})
        for verb, p, x in cases
    ]
    text = "\n".join(lines) + "\n"
    out = subprocess.run([str(xtext_printer)], input=text, capture_output=True, text=True, check=True)
    wrong = []
    for (verb, p, x), line in zip(cases, out.stdout.splitlines(), strict=True):
        ours = celformat.printer_fixed(x, p) if verb == "f" else celformat.printer_scientific(x, p)
        if ours != json.loads(line):
            wrong.append((verb, p, x, json.loads(line)[:60], ours[:60]))
    assert not wrong, wrong[:5]
