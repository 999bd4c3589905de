"""dv-eval imports only what a run needs: a short run does not pay for jsonschema, worker pools, click or
dataclasses (with `inspect`, ~10 ms of a ~60 ms run)."""

import subprocess
import sys

HEAVY = ("jsonschema", "multiprocessing", "openapi_spec_validator", "re2", "click", "dataclasses", "inspect")
PROBE = f"""
import sys
sys.argv = ["dv-eval", "--schema", "schemas/widget.openapi.yaml", "examples/widget/objects/valid.yaml"]
from dv2openapi.evaluator.cli import main
try:
    main()
except SystemExit as e:
    code = e.code
print(code, *sorted(m for m in {HEAVY!r} if m in sys.modules))
"""


def test_one_valid_object_loads_no_heavy_module(tmp_path):
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": ""}
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True).stdout
    assert out.splitlines()[-1] == "0"


def test_a_bad_schema_value_is_still_explained(tmp_path):
    bad = tmp_path / "s.yaml"
    bad.write_text("type: object\nproperties:\n  a: {type: string, maxLength: -1}\n")
    obj = tmp_path / "o.yaml"
    obj.write_text("a: x\n")
    r = subprocess.run(
        [sys.executable, "-m", "dv2openapi.evaluator.cli", "--schema", str(bad), "--type", "Object", str(obj)],
        capture_output=True,
        text=True,
        env={"XDG_CACHE_HOME": str(tmp_path), "PATH": ""},
    )
    assert r.returncode == 2 and "maxLength" in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr
