"""Kubernetes' time types as the API server decodes them (evaluator/apiserver/values/gotime.py): Go's
`time.Parse` with metav1.Time's layout (RFC 3339) and metav1.MicroTime's (six fractional digits),
compared with Go itself (tests/clients/gotime.go, built with Go's toolchain from PyPI), then the
verdicts dv-eval gives built-in kinds that hold them."""

from __future__ import annotations

import json
import os
import random
import subprocess
from importlib.util import find_spec
from pathlib import Path

import pytest
import yaml

from evaluator.apiserver.values.gotime import RFC3339, RFC3339_MICRO, problem
from evaluator.run.cli import main
from tests.cli import invoke
from tests.clients import golang
from tests.clients.npm import Unavailable

VALID = [
    "2024-01-01T00:00:00Z",
    "2024-02-29T23:59:59.999999999+05:30",
    "2024-01-01T1:02:03Z",  # Go's `15` takes one digit
    "2024-01-01T00:00:00,5Z",  # a fraction the layout does not ask for, after a comma too
    "2024-01-01T00:00:00+24:00",  # Go allows offsets to 24 hours and 60 minutes
]
SEEDS = [*VALID, "2023-02-29T00:00:00Z", "2024-01-01", "2024-01-01T00:00:00", "2024-13-01T00:00:00Z"]
SEEDS += ["2024-01-01T24:00:00Z", "2024-01-01T00:00:00.123456Z", "2024-01-01T00:00:00.-12345Z", "yesterday"]
SEEDS += ["2024-01-01T00:00:00+25:00", "2024-01-01T00:00:00+01:61", "2024-01-01T00:00:00Zé", "0000-01-01T00:00:00Z"]
ALPHABET = [*"0123456789-+:.,TZtz ", "é", "\u00a0", "\x01", '"', "\\", "\ufffd", "\u2028", "\x7f"]


def mutants(n: int, seed: int = 5073) -> list[str]:
    """The seeds, then `n` of them with one to three characters replaced, inserted or deleted."""
    rnd = random.Random(seed)
    out = list(SEEDS)
    for _ in range(n):
        s = list(rnd.choice(SEEDS))
        for _ in range(rnd.randint(1, 3)):
            i, op = rnd.randrange(len(s) + 1), rnd.random()
            if op < 0.4 and s:
                s[min(i, len(s) - 1)] = rnd.choice(ALPHABET)
            elif op < 0.7:
                s.insert(i, rnd.choice(ALPHABET))
            elif s:
                del s[min(i, len(s) - 1)]
        out.append("".join(s))
    return out


@pytest.fixture(scope="module")
def go_time() -> Path:
    try:
        return golang.build(Path(__file__).parents[1] / "clients" / "gotime.go")
    except Unavailable as e:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Go's toolchain unavailable in CI: {e}")
        pytest.skip(f"Go's toolchain unavailable: {e}")


def test_go_parses_times_as_gotime_says(go_time):
    values = mutants(20_000)
    text = "".join(json.dumps(v) + "\n" for v in values)
    out = subprocess.run([str(go_time)], input=text, capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(out) == len(values)
    wrong = [
        (v, want, got)
        for v, line in zip(values, out, strict=True)
        if (want := json.loads(line)) != (got := [problem(RFC3339, v) or "", problem(RFC3339_MICRO, v) or ""])
    ]
    assert not wrong, wrong[:5]
    assert sum(not json.loads(line)[0] for line in out) > 500  # the mutants hold valid times too


@pytest.mark.parametrize("value", VALID)
def test_rfc3339_takes_what_go_takes(value):
    assert problem(RFC3339, value) is None


@pytest.mark.parametrize(
    "value,error",
    [
        ("yesterday", 'as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"'),
        ("2024-01-01", 'cannot parse "" as "T"'),
        ("2024-13-01T00:00:00Z", ": month out of range"),
        ("2023-02-29T00:00:00Z", ": day out of range"),
        ("2024-01-01T00:00:00+25:00", ": time zone offset hour out of range"),
        ("2024-01-01T00:00:00Z ", ': extra text: " "'),
        ("2024-01-01T00:00:00+01:00é", ': extra text: "\\xc3\\xa9"'),  # Go quotes each byte
    ],
)
def test_rfc3339_refuses_with_go_s_words(value, error):
    assert problem(RFC3339, value).endswith(error)


def test_micro_time_needs_six_fractional_digits():
    assert problem(RFC3339_MICRO, "2024-01-01T00:00:00.000001Z") is None
    assert problem(RFC3339_MICRO, "2024-01-01T00:00:00Z").endswith('cannot parse "Z" as ".000000"')
    assert problem(RFC3339_MICRO, "2024-01-01T00:00:00.1234567Z").endswith('cannot parse "7Z" as "Z07:00"')


needs_kinds = pytest.mark.skipif(
    find_spec("kubernetes_validate") is None,
    reason="built-in kinds need the kubernetes-validate package ([test] extra)",
)


def _errors(tmp_path, obj: dict) -> tuple[int, list[str]]:
    path = tmp_path / "o.yaml"
    path.write_text(yaml.safe_dump(obj))
    r = invoke(main, ["--kubernetes-version", "1.37", str(path)])
    return r.exit_code, [line.split(" (")[0] for line in r.stdout.splitlines() if line.startswith("* ")]


@needs_kinds
@pytest.mark.parametrize(
    "stamp,error",
    [
        ("yesterday", 'parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"'),
        ("2024-01-01", 'parsing time "2024-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"'),
        ("2024-01-01T00:00:00Z", None),
        (None, None),  # kubectl's `creationTimestamp: null`
    ],
)
def test_an_object_whose_time_the_api_server_cannot_decode_is_invalid(tmp_path, stamp, error):
    obj = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c", "creationTimestamp": stamp}}
    want = (1, [f'* metadata.creationTimestamp: Invalid value: "{stamp}": {error}']) if error else (0, [])
    assert _errors(tmp_path, obj) == want


@needs_kinds
def test_a_micro_time_is_read_with_its_own_layout(tmp_path):
    lease = {"apiVersion": "coordination.k8s.io/v1", "kind": "Lease", "metadata": {"name": "l"}, "spec": {}}
    lease["spec"]["acquireTime"] = "2024-01-01T00:00:00.000000Z"
    assert _errors(tmp_path, lease) == (0, [])
    lease["spec"]["acquireTime"] = "2024-01-01T00:00:00Z"
    code, found = _errors(tmp_path, lease)
    assert code == 1 and found == [
        '* spec.acquireTime: Invalid value: "2024-01-01T00:00:00Z": parsing time "2024-01-01T00:00:00Z" as '
        '"2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000"'
    ]


def test_hostile_values_get_go_s_answer():
    """Any number of fractional digits parses; a long tail is Go's "extra text", byte by byte; a lone
    surrogate (which Go's JSON decoder turns into U+FFFD) is quoted as U+FFFD's bytes."""
    assert problem(RFC3339, "2024-01-01T00:00:00." + "1" * 1_000_000 + "Z") is None
    tail = problem(RFC3339, "2024-01-01T00:00:00Z" + "é" * 100_000)
    assert tail.endswith(': extra text: "' + "\\xc3\\xa9" * 100_000 + '"')
    assert problem(RFC3339, "\ud800x").endswith('cannot parse "\\xef\\xbf\\xbdx" as "2006"')
