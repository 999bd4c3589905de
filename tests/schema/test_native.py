"""The compiled hot path (`evaluator.runtime.native`): used when built and current, never mixed with stale
builds, as safe on deep data as the Python sources, and the Python sources still agree with the
reference when used alone."""

import ast
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from evaluator.runtime import native

ROOT = Path(__file__).resolve().parents[2]
PURE = {**os.environ, "DV_EVAL_PURE_PYTHON": "1"}
PROBE = "import evaluator.runtime.native as n, evaluator.schema.structural as s; print(n.NATIVE, s.__file__)"


def test_setup_builds_the_modules_native_chooses():
    tree = ast.parse((ROOT / "setup.py").read_text())
    hot = next(ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign) and n.targets[0].id == "HOT")
    assert tuple(hot) == native.HOT


def test_a_checkout_with_a_compiler_runs_compiled():
    if os.environ.get("DV_EVAL_PURE_PYTHON", "") not in ("", "0"):
        pytest.skip("DV_EVAL_PURE_PYTHON is set: this run tests the Python sources")
    if not shutil.which(sysconfig.get_config_var("CC").split()[0] or "cc"):
        pytest.skip("no C compiler on this machine: pip installed the Python sources only")
    assert native.NATIVE, "built modules missing or older than their sources: run `pip install -e .` again"


def _copy(tmp_path: Path) -> Path:
    """The evaluator package (with whatever is built, the server model inside it) in a directory of
    its own (first on the path); its schema engine's folder."""
    shutil.copytree(ROOT / "evaluator", tmp_path / "evaluator", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path / "evaluator" / "schema"


def _probe(path: Path, env: dict | None = None) -> tuple[str, str]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=path,
        capture_output=True,
        text=True,
        check=True,
        env={**(env or os.environ), "PYTHONPATH": str(path)},
    ).stdout.split()
    return out[0], out[1]


@pytest.mark.skipif(not native.NATIVE, reason="the compiled modules are not built here (pure Python run)")
def test_a_stale_or_partial_build_falls_back_to_the_sources_whole(tmp_path):
    pkg = _copy(tmp_path)
    assert _probe(tmp_path) == ("True", str(next(pkg.glob("structural.*.so"))))
    later = next(pkg.glob("keywords.*.so")).stat().st_mtime + 60  # an edit since the build, in one module
    os.utime(pkg / "keywords.py", (later, later))
    assert _probe(tmp_path) == ("False", str(pkg / "structural.py"))
    os.utime(pkg / "keywords.py", (later - 120, later - 120))
    next(pkg.glob("context.*.so")).unlink()  # one module did not build
    assert _probe(tmp_path) == ("False", str(pkg / "structural.py"))


@pytest.mark.skipif(not native.NATIVE, reason="the compiled modules are not built here (pure Python run)")
def test_the_environment_can_ask_for_the_sources(tmp_path):
    assert _probe(ROOT, PURE) == ("False", str(ROOT / "evaluator" / "schema" / "structural.py"))


DEEP = """
import sys, threading
import evaluator
schema = {"openapi": "3.0.0", "components": {"schemas": {"N": {"type": "object", "properties": {
    "v": {"type": "integer", "minimum": 0}, "l": {"type": "array", "items": {"$ref": "#/components/schemas/N"}}}}}}}
v = evaluator.compile(schema, "N")

def nest(n, leaf):
    for _ in range(n):
        leaf = {"l": [leaf]}
    return leaf

def run(n, update=False):
    try:
        return len(v.validate(nest(n, {"v": -1}), nest(n, {"v": 1}) if update else None))
    except evaluator.DepthError:
        return "DepthError"

out = []
for n in (10, 149, 151, 1000, 1500, 200_000):
    out.append(run(n))
for n in (10, 151, 1000, 200_000):  # an update is measured as the walk descends into changed fields
    out.append(run(n, update=True))
threading.stack_size(256 << 10)  # a small thread stack: the walk must still not overflow it
t = threading.Thread(target=lambda: out.extend([run(149), run(1000)]))
t.start(); t.join()
print(*out)
"""


@pytest.mark.parametrize("env", [None, PURE], ids=["as built", "sources"])
def test_deep_data_never_crashes_the_process(env):
    """A compiled walk recurses on the C stack, where no recursion limit stops it: the data is
    measured first (`deep.check_room`), so both builds give the same answers, and a DepthError
    instead of a crash (each level here is a dict and a list)."""
    r = subprocess.run([sys.executable, "-c", DEEP], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["1", "1", "1", "1", "1", "DepthError", "1", "1", "1", "DepthError", "1", "1"]


FREE = """
import threading
import evaluator
schema = {"openapi": "3.0.0", "components": {"schemas": {"T": {"type": "object", "properties": {
    "n": {"type": "integer"},
    "free": {"type": "object", "x-kubernetes-preserve-unknown-fields": True},
    "set": {"type": "array", "x-kubernetes-list-type": "set", "items": {}},
    "bag": {"type": "object", "additionalProperties": {}},
    "fixed": {"enum": [{"a": 1}]}}}}}}
v = evaluator.compile(schema, "T")

def nest(n, leaf=1):
    for i in range(n):
        leaf = {"k": [leaf]} if i % 2 else [leaf]
    return leaf

def run(field, n, update=False):
    new = {field: [nest(n), nest(n, 2)] if field == "set" else nest(n)}
    try:
        errors = v.validate(new, {field: nest(n, 3)} if update else None)
    except evaluator.DepthError:
        return "DepthError"
    return "|".join(str(e)[:60] for e in errors) or "ok"

out = []
for field in ("n", "free", "set", "bag", "fixed"):
    out += [run(field, n) for n in (10, 299, 1000, 200_000)] + [run(field, n, True) for n in (1000, 200_000)]
threading.stack_size(256 << 10)  # a small thread stack
t = threading.Thread(target=lambda: out.extend([run("set", 299), run("set", 1000), run("n", 1000), run("fixed", 1000)]))
t.start(); t.join()
print(*out, sep=chr(10))
"""


def test_deep_data_in_a_schema_that_does_not_recurse():
    """A schema without recursive types bounds how deep a compiled walk goes, so its data is not
    measured (only what recurses on the data itself: a set's items, `deep.check_room` in `freeze`).
    Deep data where such a schema does not reach, as a wrong type, an enum value or a set item:
    never a crash, and the answers of the Python sources."""
    runs = [
        subprocess.run([sys.executable, "-c", FREE], capture_output=True, text=True, env=env, timeout=300)
        for env in (None, PURE)
    ]
    for r in runs:
        assert r.returncode == 0, r.stderr[-2000:]
    built, sources = (r.stdout.splitlines() for r in runs)
    assert built == sources
    assert built[1 * 6 + 3] == "ok"  # 200,000 levels where the schema does not look
    assert built[2 * 6 + 3] == "DepthError"  # ... as an item of a set: compared by value
    assert "<a value nested too deeply to show>" in built[3]  # a wrong type, 200,000 levels deep


CHAIN = """
import sys
import evaluator
defs = {f"T{i}": {"type": "object", "properties": {"a": {"$ref": f"#/components/schemas/T{i + 1}"}}}
        for i in range(100_000)}
defs["T100000"] = {"type": "object"}
deep = {}
for _ in range(300):
    deep = {"a": deep}
try:  # trusted: compiled as a walk meets each struct, so the object meets the limit
    evaluator.compile({"openapi": "3.0.0", "components": {"schemas": defs}}, "T0", trusted=sys.argv[1] == "1")
    print("compiled")
    evaluator.compile({"openapi": "3.0.0", "components": {"schemas": defs}}, "T0", trusted=True).validate(deep)
except evaluator.SchemaError as e:
    print(e)
"""


@pytest.mark.parametrize("env", [None, PURE], ids=["as built", "sources"])
@pytest.mark.parametrize("trusted", ["0", "1"])
def test_a_long_ref_chain_is_a_schema_error_not_a_crash(env, trusted):
    r = subprocess.run([sys.executable, "-c", CHAIN, trusted], capture_output=True, text=True, env=env, timeout=300)
    if trusted == "1":
        assert r.returncode == 0 and r.stdout.splitlines() == ["compiled", "the schema nests too deeply to compile"], r
    else:
        assert r.returncode == 0 and r.stdout.strip() == "#/components/schemas/T0: nests too deeply to compile", r


@pytest.mark.skipif(not native.NATIVE, reason="this run already tests the Python sources alone")
def test_the_sources_alone_agree_with_the_reference():
    """The pure-Python fallback gives validation-gen's verdicts too (the reference corpus and the
    conformance cases, run once more in a process that imports the sources)."""
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "tests/conformance"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=PURE,
        timeout=1800,
    )
    assert r.returncode == 0, r.stdout[-3000:]
    assert " passed" in r.stdout.splitlines()[-1]


def test_version_says_which_walk_runs():
    r = subprocess.run([sys.executable, "-m", "evaluator.run.cli", "--version"], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("dv-eval 0.1.0, validation walk: "), r
    assert ("walk: compiled" in r.stdout) == native.NATIVE


DEPLOYMENT = {
    "apiVersion": "apps/v1",
    "kind": "Deployment",
    "metadata": {"name": "web", "labels": {"app": "web"}},
    "spec": {
        "replicas": 2,
        "selector": {"matchLabels": {"app": "web"}},
        "template": {
            "metadata": {"labels": {"app": "web"}},
            "spec": {
                "initContainers": [{"name": "init", "image": "busybox", "command": ["true"]}],
                "containers": [
                    {
                        "name": "app",
                        "image": "nginx:1.27",
                        "ports": [{"containerPort": 80, "protocol": "TCP"}, {"containerPort": 443, "name": "tls"}],
                        "env": [
                            {"name": "A", "value": "1"},
                            {"name": "B", "valueFrom": {"fieldRef": {"fieldPath": "x"}}},
                        ],
                        "resources": {"limits": {"cpu": "1"}, "requests": {"memory": "64Mi"}},
                    }
                ],
                "volumes": [{"name": "cfg", "configMap": {"name": "cfg"}}],
                "tolerations": [{"key": "k", "operator": "Exists"}],
            },
        },
    },
}
JUNK = [None, "", "x", 0, 7, -1, 2**31, -(2**63) - 1, 1.5, True, [], {}, [None], [7], {"a": None}, {"name": "app"}]


def _mutant(rnd) -> dict:
    """The Deployment with one to three random edits: a value replaced by junk, a key removed, a list
    item duplicated or junk appended, an unknown key added."""
    import copy

    obj = copy.deepcopy(DEPLOYMENT)
    for _ in range(rnd.randint(1, 3)):
        spots, todo = [], [obj]
        while todo:  # every container in the object
            x = todo.pop()
            spots.append(x)
            todo += [v for v in (x.values() if isinstance(x, dict) else x) if isinstance(v, (dict, list))]
        spot = rnd.choice(spots)
        keys = list(spot) if isinstance(spot, dict) else list(range(len(spot)))
        op = rnd.randrange(4)
        if op == 0 and keys:
            spot[rnd.choice(keys)] = copy.deepcopy(rnd.choice(JUNK))
        elif op == 1 and keys and isinstance(spot, dict):
            del spot[rnd.choice(keys)]
        elif op == 2 and isinstance(spot, list):
            spot.append(copy.deepcopy(rnd.choice(spot) if spot and rnd.random() < 0.5 else rnd.choice(JUNK)))
        elif isinstance(spot, dict):
            spot[rnd.choice(["zz", "name", "replicas", "ports", "containers"])] = copy.deepcopy(rnd.choice(JUNK))
    return obj


@pytest.mark.skipif(not native.NATIVE, reason="the compiled modules are not built here: nothing to compare")
def test_the_compiled_walk_and_the_sources_agree_on_mutated_built_in_objects(tmp_path):
    """Kubernetes' own kinds are not in the reference corpus: both builds judge 400 mutated
    Deployments (seeded) and must print the same verdicts, errors and paths."""
    import json
    import random

    pytest.importorskip("kubernetes_validate", reason="the built-in kinds come from the kubernetes extra")
    rnd = random.Random(29)
    (tmp_path / "in").mkdir()
    for i in range(400):
        (tmp_path / "in" / f"d{i:03d}.json").write_text(json.dumps(_mutant(rnd)))
    cmd = [sys.executable, "-m", "evaluator.run.cli", "-o", "json", "--jobs", "1", str(tmp_path / "in")]
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    built = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    sources = subprocess.run(cmd, capture_output=True, text=True, env={**env, **PURE}, timeout=300)
    assert built.returncode == sources.returncode == 1, (built.stderr[-2000:], sources.stderr[-2000:])
    assert built.stdout == sources.stdout and built.stderr == sources.stderr
    reasons = {r for r in ("Invalid", "Required", "Duplicate", "TypeInvalid") if f'"FieldValue{r}"' in built.stdout}
    assert len(reasons) == 4, reasons  # the mutants are invalid in several ways
