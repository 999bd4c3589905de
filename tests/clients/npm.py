"""The JavaScript clients, pinned, installed once per set of pins into a cache directory."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

PINS = {"ajv": "8.17.1", "ajv-draft-04": "1.0.0", "yaml": "2.8.3", "yaml-language-server": "1.25.0"}


class Unavailable(Exception):
    """The clients cannot be installed here; the message says why."""


def cache_dir() -> Path:
    """$DV2OPENAPI_TEST_CACHE, else ~/.cache/dv2openapi-tests (or under $XDG_CACHE_HOME)."""
    if os.environ.get("DV2OPENAPI_TEST_CACHE"):
        return Path(os.environ["DV2OPENAPI_TEST_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "dv2openapi-tests"


def node_modules() -> Path:
    """The `node_modules` directory holding PINS (installed with npm the first time)."""
    npm = shutil.which("npm")
    if not shutil.which("node") or not npm:
        raise Unavailable("node and npm are not installed (apt-get install -y nodejs npm)")
    key = hashlib.sha256(json.dumps(PINS, sort_keys=True).encode()).hexdigest()[:12]
    final = cache_dir() / f"npm-{key}"
    if (final / "installed").exists():
        return final / "node_modules"
    cache_dir().mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="npm-", dir=cache_dir()))
    try:
        (work / "package.json").write_text(json.dumps({"private": True, "dependencies": PINS}))
        cmd = [npm, "install", "--no-audit", "--no-fund", "--no-package-lock", "--prefix", str(work)]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
        except subprocess.TimeoutExpired:
            raise Unavailable("npm install took over 15 minutes") from None
        if r.returncode:
            last = (r.stderr.strip().splitlines() or ["no output"])[-1]
            raise Unavailable(f"npm install {' '.join(f'{k}@{v}' for k, v in PINS.items())} failed: {last}")
        (work / "installed").write_text(json.dumps(PINS))
        with contextlib.suppress(OSError):  # atomic: a concurrent run that finished first keeps its copy
            work.rename(final)
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    return final / "node_modules"
