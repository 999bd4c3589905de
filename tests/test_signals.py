"""Signals and a closed stdout: the whole run ends at once, quietly, with the shell's exit codes."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SCHEMA = "schemas/widget.openapi.yaml"
VALID = "examples/widget/objects/valid.yaml"


def _wait_for_reader(fifo: Path, proc: subprocess.Popen) -> int:
    """Open the FIFO's write end once the CLI (or a worker) has it open for reading."""
    for _ in range(3000):  # a hang guard, not a timing assertion
        try:
            return os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.01)
    raise AssertionError("the CLI never opened its input")


def _group_gone(pgid: int) -> bool:
    for _ in range(500):
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.01)
    return False


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("sig,code,whole_group", [(signal.SIGINT, 130, True), (signal.SIGTERM, 143, False)])
def test_signal_ends_the_run_and_its_workers(tmp_path, jobs, sig, code, whole_group):
    fifo = tmp_path / "blocked.yaml"
    os.mkfifo(fifo)
    args = [sys.executable, "-m", "evaluator.cli", "--schema", SCHEMA, str(fifo), VALID, VALID, "--jobs", jobs]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    fd = _wait_for_reader(fifo, proc)
    try:
        if whole_group:  # Ctrl-C in a terminal signals the whole foreground group
            os.killpg(proc.pid, sig)
        else:  # `kill PID` / a CI runner's SIGTERM reaches the parent only
            proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
    finally:
        os.close(fd)
    assert proc.returncode == code
    assert b"Traceback" not in err and err == b"", err
    assert _group_gone(proc.pid), "a worker outlived the run"


@pytest.mark.parametrize(
    "args",
    [
        ["-m", "evaluator.cli", "--schema", SCHEMA, "examples/widget/objects/invalid.yaml"],
        ["-m", "dv2openapi.cli", "openapi", "examples/widget/types.py"],
        ["-m", "dv2openapi.cli", "tags"],
    ],
)
def test_closed_stdout_ends_quietly(args):
    """`dv-eval ... | head -1`: the reader is gone before the output is written."""
    proc = subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 141 and err == b"", err


@pytest.mark.parametrize("sig,code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_signal_ends_dv2openapi_and_its_translation_child(tmp_path, sig, code):
    fifo = tmp_path / "blocked"
    os.mkfifo(fifo)
    types = tmp_path / "types.py"
    types.write_text(f"open({str(fifo)!r}).read()  # blocks at import\n")
    args = [sys.executable, "-m", "dv2openapi.cli", "openapi", str(types)]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    fd = _wait_for_reader(fifo, proc)
    try:
        os.killpg(proc.pid, sig)
        out, err = proc.communicate(timeout=30)
    finally:
        os.close(fd)
    assert proc.returncode == code and out == b"" and err == b"", err
    assert _group_gone(proc.pid)


def test_a_signal_during_a_write_leaves_no_temporary_file(tmp_path):
    tmp = tmp_path / ".dv2openapi-x.tmp"
    probe = (
        "import os, signal, sys\n"
        "from evaluator.process import TEMPORARY, cli_signals\n"
        f"open({str(tmp)!r}, 'w').write('half')\n"
        f"TEMPORARY.add({str(tmp)!r})\n"
        "with cli_signals():\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    signal.pause()\n"
    )
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, timeout=60)
    assert r.returncode == 143 and r.stderr == b"" and not tmp.exists()
