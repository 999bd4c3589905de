"""A types file's own code cannot take over dv2openapi: exits, prints, bad encodings, huge payloads."""

import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from dv2openapi.cli import main
from tests import yamlc

HEAD = "from dataclasses import dataclass\nimport os, sys\n"
TYPE = "@dataclass\nclass T:\n    # +k8s:minimum=1\n    a: int\n"


def translate(tmp_path, source: str | bytes, *args):
    f = tmp_path / "types.py"
    f.write_bytes(source if isinstance(source, bytes) else source.encode())
    return CliRunner().invoke(main, ["openapi", str(f), *args])


@pytest.mark.parametrize(
    "code,reason",
    [
        ("sys.exit(0)\n", "cannot import: it called sys.exit(0)"),
        ("sys.exit('bye')\n", "cannot import: it called sys.exit('bye')"),
        ("os._exit(0)\n", "translation ended without a result (exit status 0)"),
        ("import signal; os.kill(os.getpid(), signal.SIGKILL)\n", "killed by signal 9"),
    ],
)
def test_exiting_at_import_is_a_one_line_error(tmp_path, code, reason):
    r = translate(tmp_path, HEAD + TYPE + code)
    assert r.exit_code == 2 and reason in r.stderr and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_crd_and_output_file_are_isolated_too(tmp_path):
    f = tmp_path / "types.py"
    f.write_text(HEAD + TYPE + "os._exit(3)\n")
    out = tmp_path / "out.yaml"
    r = CliRunner().invoke(main, ["crd", str(f), "--type", "T", "--group", "x.io", "-o", str(out)])
    assert r.exit_code == 2 and "exit status 3" in r.stderr and not out.exists()


def test_print_at_import_does_not_pollute_the_yaml(tmp_path):
    f = tmp_path / "types.py"
    f.write_text(HEAD + "print('hello from import')\nos.write(1, b'raw bytes on fd 1\\n')\n" + TYPE)
    r = subprocess.run([sys.executable, "-m", "dv2openapi.cli", "openapi", str(f)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    doc = yamlc.safe_load(r.stdout)
    assert doc["components"]["schemas"]["T"]["properties"]["a"]["minimum"] == 1
    assert "hello from import" in r.stderr and "raw bytes on fd 1" in r.stderr


def test_latin1_file_is_a_one_line_error_and_a_declared_encoding_works(tmp_path):
    latin = "# caf\xe9\n".encode("latin-1") + (HEAD + TYPE).encode()
    r = translate(tmp_path, latin)
    assert r.exit_code == 2 and "not UTF-8 text" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = translate(tmp_path, b"# -*- coding: latin-1 -*-\n" + latin)
    assert r.exit_code == 0 and "minimum: 1" in r.stdout


@pytest.mark.parametrize("digits", ["9" * 5000, "9223372036854775808", "-9223372036854775809"])
def test_out_of_range_integer_payload_is_a_one_line_error(tmp_path, digits):
    r = translate(tmp_path, HEAD + TYPE.replace("minimum=1", f"minimum={digits}"))
    assert r.exit_code == 2 and "out of range (tag integers are Go int64)" in r.stderr
    assert len(r.stderr) < 400 and "internal error" not in r.stderr


def test_int64_bounds_are_accepted(tmp_path):
    r = translate(tmp_path, HEAD + TYPE.replace("minimum=1", "minimum=-9223372036854775808"))
    assert r.exit_code == 0 and "minimum: -9223372036854775808" in r.stdout


@pytest.mark.parametrize(
    "code",
    [
        "import threading, time\nthreading.Thread(target=lambda: time.sleep(3600)).start()\n",  # non-daemon
        "import time\nif os.fork() == 0:\n    time.sleep(3600)\n    os._exit(0)\n",  # a child that lives on
    ],
)
def test_what_the_types_file_starts_never_keeps_dv2openapi_running(tmp_path, code):
    f = tmp_path / "types.py"
    f.write_text(HEAD + code + TYPE)
    # through a pipe, as `dv2openapi ... 2>&1 | cat` reads it: ends when dv2openapi ends
    r = subprocess.run(
        [sys.executable, "-m", "dv2openapi.cli", "openapi", str(f)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        timeout=60,
    )
    assert r.returncode == 0 and b"minimum: 1" in r.stdout, r.stdout[-500:]


def test_a_types_file_that_runs_too_long_is_one_line_exit_2(tmp_path, monkeypatch):
    monkeypatch.setenv("DV2OPENAPI_TIMEOUT", "0.5")
    r = translate(tmp_path, HEAD + "import time\ntime.sleep(3600)\n" + TYPE)
    assert r.exit_code == 2 and "took longer than 0.5 s" in r.output and len(r.output.strip().splitlines()) == 1


def test_a_long_chain_of_types_translates(tmp_path):
    lines = ["from __future__ import annotations", "from dataclasses import dataclass", "from typing import Optional"]
    for i in range(300):
        lines += ["@dataclass", f"class T{i}:", f"    nxt: Optional[T{i + 1}]" if i < 299 else "    n: int"]
    r = translate(tmp_path, "\n".join(lines) + "\n", "--type", "T0")
    assert r.exit_code == 0, r.output
    assert set(yamlc.safe_load(r.stdout)["components"]["schemas"]) == {f"T{i}" for i in range(300)}


@pytest.mark.parametrize(
    "code",
    [
        "import time\nif os.fork() == 0:\n    open(PIDFILE, 'w').write(str(os.getpid()))\n    time.sleep(600)\n"
        "    os._exit(0)\nos._exit(0)\n",  # the issue's: a child kept asleep, holding the pipe
        "if os.fork() != 0:\n    os._exit(0)\nopen(PIDFILE, 'w').write(str(os.getpid()))\n",  # the fork goes on
    ],
)
def test_the_import_ends_when_its_process_ends_whatever_it_forked(tmp_path, code):
    """The import's process ended without a result: said at once (not after DV2OPENAPI_TIMEOUT), and
    the process group it left is ended."""
    import os

    pidfile = tmp_path / "pid"
    f = tmp_path / "types.py"
    f.write_text(HEAD + f"PIDFILE = {str(pidfile)!r}\n" + code + TYPE)
    env = dict(os.environ, DV2OPENAPI_TIMEOUT="600")  # waiting for the limit would be the test's timeout
    r = subprocess.run(
        [sys.executable, "-m", "dv2openapi.cli", "openapi", str(f)], capture_output=True, text=True, timeout=60, env=env
    )
    assert r.returncode == 2 and "translation ended without a result (exit status 0)" in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    if pidfile.exists():  # the forked process got that far: it is ended (gone, or a zombie nobody reaps)
        status = Path(f"/proc/{pidfile.read_text()}/status")
        for _ in range(100):  # SIGKILL was sent before dv2openapi ended; allow the kernel its moment
            if not status.exists() or "zombie" in status.read_text():
                break
            time.sleep(0.1)
        assert not status.exists() or "zombie" in status.read_text()
