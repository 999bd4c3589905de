"""Bounded work: update validation is linear in depth; deep validation is safe from several threads (issue 17)."""

import sys
import threading

import evaluator
from evaluator.runtime.deep import DEEP_RECURSION

SCHEMA = {
    "openapi": "3.0.3",
    "components": {
        "schemas": {
            "T": {
                "type": "object",
                "properties": {
                    "a": {"$ref": "#/components/schemas/T"},
                    "l": {"type": "array", "items": {"$ref": "#/components/schemas/T"}},
                    "m": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/T"}},
                    "x": {"type": "string", "maxLength": 3},
                },
            }
        }
    },
}


def chain(depth: int, leaf: str) -> dict:
    root: dict = {}
    cur = root
    for _ in range(depth):
        cur.update(x="ab", l=[{"x": "a"}, {"x": "b"}], m={"k": {"x": "c"}}, a={}, unknown=list(range(20)))
        cur = cur["a"]
    cur["x"] = leaf
    return root


def equality_calls(v, new, old) -> int:
    """Python function calls made in evaluator/schema/equality.py during one validation: the counted work."""
    calls = 0

    def profile(frame, event, arg):
        nonlocal calls
        if event == "call" and frame.f_code.co_filename.endswith("equality.py"):
            calls += 1

    sys.setprofile(profile)
    try:
        result = v.validate(new, old)
    finally:
        sys.setprofile(None)
    assert not result.valid  # the leaf differs and is too long: validation reached it
    return calls


def test_update_equality_work_is_linear_in_depth():
    v = evaluator.compile(SCHEMA, "T")
    small, large = (equality_calls(v, chain(d, "toolong"), chain(d, "old")) for d in (50, 200))
    assert large <= 4 * small * 1.1, (small, large)  # 4x the depth, at most ~4x the work (cubic was 64x)


def test_a_990_level_update_is_validated():
    v = evaluator.compile(SCHEMA, "T")
    (error,) = v.validate(chain(990, "toolong"), chain(990, "old"))
    assert error.type == "FieldValueTooLong" and error.field == "a" + ".a" * 989 + ".x"


def test_threads_sharing_a_validator_on_deep_objects():
    # ~1,200 levels need the deep retry (the raised recursion limit); a thread that restored the
    # limit while another was deep inside gave that one a spurious DepthError
    v = evaluator.compile(
        {
            "openapi": "3.0.3",
            "components": {
                "schemas": {"T": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/T"}}}
            },
        },
        "T",
    )
    obj: dict = {}
    cur = obj
    for _ in range(1200):
        cur["a"] = {}
        cur = cur["a"]
    cur["a"] = 5
    assert sys.getrecursionlimit() < DEEP_RECURSION
    failures: list = []
    counts: list = []

    def work():
        for _ in range(8):
            try:
                counts.append(len(v.validate(obj)))
            except Exception as e:  # DepthError, RecursionError: both wrong here
                failures.append(e)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures and counts == [1] * 64
    assert sys.getrecursionlimit() < DEEP_RECURSION  # restored


ADDRESS_LIMITED = """
import json, resource, sys, threading
import evaluator
v = evaluator.compile(json.loads(sys.argv[1]), "T")
obj = {}
cur = obj
for _ in range(1500):
    cur["a"] = {}
    cur = cur["a"]
out = []
go = threading.Event()

def validate():
    go.wait()
    try:
        out.append(("ok", v.validate(obj).valid))
    except evaluator.DepthError as e:
        out.append(("DepthError", str(e)))
    except BaseException as e:
        out.append((type(e).__name__, str(e)))

threads = [threading.Thread(target=validate) for _ in range(8)]
for t in threads:  # started before the limit: what is limited is the walk's own retry thread
    t.start()
# `ulimit -v` as some CI runners set it: room for this process and its threads, not for a 512 MiB stack
used = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (used + (128 << 20), resource.RLIM_INFINITY))
go.set()
for t in threads:
    t.join()
print(json.dumps(sorted(set(map(tuple, out)))))
"""


def test_under_an_address_space_limit_deep_data_is_a_clear_depth_error():
    """The deep walk's retry thread cannot get its stack under `ulimit -v`: a DepthError naming the
    limit, from every one of 8 threads, never `RuntimeError: can't start new thread`."""
    import json
    import subprocess

    r = subprocess.run(
        [sys.executable, "-c", ADDRESS_LIMITED, json.dumps(SCHEMA)], capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, r.stderr[-2000:]
    ((kind, message),) = json.loads(r.stdout)
    assert kind == "DepthError" and "ulimit -v" in message and "cannot start" in message, message
