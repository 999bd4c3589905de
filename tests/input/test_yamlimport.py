"""PyYAML imported through the evaluator (`evaluator/input/yamlimport.py`): its import-time patterns are
compiled on first use, and PyYAML reads and writes exactly as when imported directly."""

import subprocess
import sys

PROBE = """
import re, sys
if sys.argv[1] == "evaluator":
    import evaluator.input.loader  # noqa: F401 - imports yaml its own way
import yaml
import yaml.reader
print(isinstance(yaml.reader.Reader.NON_PRINTABLE, re.Pattern))
text = "a: yes\\nb: 1.5\\nc: 2001-12-14\\nd: ~\\ne: 0x1F\\nf: '007'\\ng: x\\n"
print(yaml.safe_load(text), yaml.load(text, Loader=yaml.SafeLoader))
print(yaml.safe_dump({"a": "yes", "b": "1.5", "c": "2001-12-14", "d": None, "e": "null", "f": "plain"}))
try:
    yaml.load("a: b\\x07", Loader=yaml.SafeLoader)  # the pure reader's check of printable characters
except yaml.YAMLError as e:
    print(type(e).__name__, str(e).splitlines()[0])
"""


def _probe(first: str) -> list[str]:
    r = subprocess.run([sys.executable, "-c", PROBE, first], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout.splitlines()


def test_pyyaml_behaves_the_same_with_its_patterns_compiled_on_first_use():
    deferred, direct = _probe("evaluator"), _probe("yaml")
    assert deferred[0] == "False" and direct[0] == "True"  # deferred through the evaluator only
    assert deferred[1:] == direct[1:]
    assert deferred[-1].startswith("ReaderError")
