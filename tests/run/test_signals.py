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


def _state(pid: int) -> str:
    """Where a process waits (its state and kernel wait channel, its threads' count): for a failure's message."""
    try:
        status = dict(
            line.split(":\t", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":\t" in line
        )
        wchan = Path(f"/proc/{pid}/wchan").read_text()
    except OSError as e:
        return f"no /proc entry ({e.strerror})"
    keys = ("State", "Threads", "SigPnd", "ShdPnd", "SigBlk", "SigCgt")
    return f"wchan {wchan}, " + ", ".join(f"{k} {status.get(k, '?').strip()}" for k in keys)


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
    args = [
        sys.executable,
        "-m",
        "evaluator.run.cli",
        "--schema",
        SCHEMA,
        str(fifo),
        VALID,
        VALID,
        "--jobs",
        jobs,
    ]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    fd = _wait_for_reader(fifo, proc)
    try:
        if whole_group:  # Ctrl-C in a terminal signals the whole foreground group
            os.killpg(proc.pid, sig)
        else:  # `kill PID` / a CI runner's SIGTERM reaches the parent only
            proc.send_signal(sig)
        try:
            out, err = proc.communicate(timeout=120)  # a hang guard (a loaded CI machine is slow), not a timing
        except subprocess.TimeoutExpired:
            where = _state(proc.pid)
            proc.kill()
            proc.communicate()
            raise AssertionError(f"the run did not end on {sig!r}: {where}") from None
    finally:
        os.close(fd)
    assert proc.returncode == code
    assert b"Traceback" not in err and err == b"", err
    assert _group_gone(proc.pid), "a worker outlived the run"


@pytest.mark.parametrize(
    "args",
    [
        ["-m", "evaluator.run.cli", "--schema", SCHEMA, "examples/widget/objects/invalid.yaml"],
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
        "from evaluator.runtime.process import TEMPORARY, cli_signals\n"
        f"open({str(tmp)!r}, 'w').write('half')\n"
        f"TEMPORARY.add({str(tmp)!r})\n"
        "with cli_signals():\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    signal.pause()\n"
    )
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, timeout=60)
    assert r.returncode == 143 and r.stderr == b"" and not tmp.exists()


# A cache entry held between its write and its rename (in the run's own process, or in a --jobs
# worker), so that the signal comes while its temporary file exists.
_HELD_WRITE = """
import os, sys, time
from evaluator.run import batch, cli
batch.MIN_FILES = batch.PER_FILE = 0  # workers for any input
parent, replace = os.getpid(), os.replace
def held(src, dst):
    if (os.getpid() != parent) == (sys.argv[1] == "worker"):
        os.write(1, b"writing\\n")  # one write: workers' lines never interleave
        time.sleep(60)
    replace(src, dst)
os.replace = held
cli.main(sys.argv[2:])
"""


def _signal_while_writing(where: str, args: list, cache: Path, sig: int) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    cmd = [sys.executable, "-c", _HELD_WRITE, where, *args]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True)
    assert proc.stdout.readline() == b"writing\n", proc.communicate()
    assert list((cache / "dv-eval").glob(".tmp-*"))  # the write is under way
    if sig == signal.SIGINT:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + sig and err == b"", err
    assert _group_gone(proc.pid)
    assert list((cache / "dv-eval").glob(".tmp-*")) == []


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_a_schema_is_cached_leaves_no_temporary_file(tmp_path, sig):
    schema = tmp_path / "s.yaml"
    schema.write_text(Path(SCHEMA).read_text())
    _signal_while_writing("parent", ["--schema", str(schema), VALID], tmp_path / "xdg", sig)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_a_worker_caches_a_kind_leaves_no_temporary_file(tmp_path, sig):
    pytest.importorskip("kubernetes_validate", reason="built-in kinds need the kubernetes-validate package")
    (tmp_path / "a.yaml").write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n")  # the parent's
    for i in range(4):  # the workers': a kind not cached yet
        (tmp_path / f"s{i}.yaml").write_text(f"apiVersion: v1\nkind: Service\nmetadata: {{name: s{i}}}\n")
    files = sorted(str(p) for p in tmp_path.glob("*.yaml"))
    _signal_while_writing("worker", ["--kubernetes-version", "1.37", "--jobs", "2", *files], tmp_path / "xdg", sig)


PENDING_SIGNAL_THEN_READ = """
import ctypes, functools, operator, os, signal
from evaluator.input.inputfile import text_reader
from evaluator.runtime.process import cli_signals

with cli_signals():
    r, w = os.pipe()  # the writer stays open and writes nothing: a read waits
    stream = text_reader(r)
    kill = functools.partial(ctypes.CDLL(None).kill, os.getpid(), signal.SIGTERM)
    # C calls C: the signal lands and the read begins with no bytecode in between, as in compiled code
    any(map(operator.call, [kill, stream.read]))
"""


def test_a_signal_that_lands_just_before_a_read_of_a_pipe_still_ends_the_run():
    """CPython runs a handler between bytecodes; a signal that arrived while compiled code ran (the
    Cython loader) once left a FIFO's blocking read waiting forever (a CI run under load)."""
    proc = subprocess.run(
        [sys.executable, "-c", PENDING_SIGNAL_THEN_READ], capture_output=True, timeout=120, stdin=subprocess.DEVNULL
    )
    assert proc.returncode == 143, proc.stderr
