"""dv-eval imports only what a run needs: a short run does not pay for jsonschema, worker pools, click or
dataclasses (with `inspect`, ~10 ms of a ~60 ms run); once its schema is in the cache, nor for json and
threading (~2 ms: a valid object formats no error, and a run starts no thread)."""

import subprocess
import sys

HEAVY = ("jsonschema", "multiprocessing", "openapi_spec_validator", "re2", "click", "dataclasses", "inspect")
WARM = ("json", "threading")  # what a run with its schema cached does not load either
PROBE = f"""
import sys
sys.argv = ["dv-eval", "--schema", "schemas/widget.openapi.yaml", "examples/widget/objects/valid.yaml"]
from dv2openapi.evaluator.cli import main
try:
    main()
except SystemExit as e:
    code = e.code
print(code, *sorted(m for m in {HEAVY + WARM!r} if m in sys.modules))
"""


def test_one_valid_object_loads_no_heavy_module(tmp_path):
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": ""}
    runs = [subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True)]
    runs.append(subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True))
    cold, warm = (r.stdout.splitlines()[-1].split() for r in runs)
    assert cold[0] == warm[0] == "0" and not set(cold) & set(HEAVY) and warm == ["0"], (cold, warm)


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
