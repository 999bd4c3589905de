"""dv-eval imports only what a run needs: a short run does not pay for jsonschema, worker pools, click or
dataclasses (with `inspect`, ~10 ms of a ~60 ms run); once its schema is in the cache, nor for json,
threading and hashlib (~6 ms: a valid object formats no error, a run starts no thread, a cache entry
is found by checksums and compared, and holds the OpenAPI document a dv2openapi CRD embeds), nor for
typing and decimal (~5 ms, which only error messages and the API server model need)."""

import subprocess
import sys

import pytest

HEAVY = ("jsonschema", "multiprocessing", "openapi_spec_validator", "re2", "click", "dataclasses", "inspect")
WARM = ("json", "threading", "hashlib", "typing", "decimal")  # what a run with its schema cached does not load either
PROBE = f"""
import sys
sys.argv = ["dv-eval", "--schema", sys.argv[1], "examples/widget/objects/valid.yaml"]
from evaluator.run.cli import main
try:
    main()
except SystemExit as e:
    code = e.code
print(code, *sorted(m for m in {HEAVY + WARM!r} if m in sys.modules))
"""


@pytest.mark.parametrize("schema", ["schemas/widget.openapi.yaml", "schemas/widget.crd.yaml"])
def test_one_valid_object_loads_no_heavy_module(tmp_path, schema):
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": ""}
    probe = [sys.executable, "-c", PROBE, schema]
    runs = [subprocess.run(probe, capture_output=True, text=True, env=env, check=True) for _ in range(2)]
    cold, warm = (r.stdout.splitlines()[-1].split() for r in runs)
    assert cold[0] == "0" and warm == ["0"], (cold, warm)
    if schema.endswith(".openapi.yaml"):  # a CRD's first read runs the API server's admission checks
        assert not set(cold) & set(HEAVY), cold


def test_a_bad_schema_value_is_still_explained(tmp_path):
    bad = tmp_path / "s.yaml"
    bad.write_text("type: object\nproperties:\n  a: {type: string, maxLength: -1}\n")
    obj = tmp_path / "o.yaml"
    obj.write_text("a: x\n")
    r = subprocess.run(
        [sys.executable, "-m", "evaluator.run.cli", "--schema", str(bad), "--type", "Object", str(obj)],
        capture_output=True,
        text=True,
        env={"XDG_CACHE_HOME": str(tmp_path), "PATH": ""},
    )
    assert r.returncode == 2 and "maxLength" in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr
