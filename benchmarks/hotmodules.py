#!/usr/bin/env python3
"""Which of the evaluator's compiled modules users feel: per-object validation of a Deployment (a
built-in kind) and of a Widget (a dv2openapi CRD's object), valid and invalid, and the Deployment
schema's compile, with every candidate module compiled, with one module run from its Python source
(the others compiled), and with none compiled. Each configuration runs in a process of its own, in
interleaved rounds; medians of each round's best. Needs a compiled editable install (every module of
`native.HOT` built) and kubernetes-validate:

    pip install -e '.[bench]' && python benchmarks/hotmodules.py     # ROUNDS=3 by default
"""

from __future__ import annotations

import ast
import json
import os
import statistics
import subprocess
import sys
import time

TOGETHER = {"schema.context": ("schema.context", "schema.structural")}  # structural.pxd cimports context's Ctx type
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _hot() -> tuple:
    """native.HOT, read from its source (importing `evaluator` here would import the modules before `_child`
    can choose their sources)."""
    with open(os.path.join(ROOT, "evaluator", "runtime", "native.py")) as f:
        tree = ast.parse(f.read())
    return next(ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign) and n.targets[0].id == "HOT")


CANDIDATES = _hot()  # below the `evaluator` package; to try another module, add it to HOT and reinstall


def _child(sources: list[str]) -> None:
    """In a process of its own: the timings with `sources` imported from their .py files."""
    import importlib.util

    here = os.path.join(ROOT, "evaluator")

    from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader

    class Sources:
        """Each candidate from its source (`sources`) or from its build, whatever native.py would choose."""

        @staticmethod
        def find_spec(name, path=None, target=None):
            pkg, _, mod = name.partition(".")
            if pkg != "evaluator" or mod not in CANDIDATES:
                return None
            if mod in sources or "*" in sources:
                return importlib.util.spec_from_file_location(name, os.path.join(here, *mod.split(".")) + ".py")
            for suffix in EXTENSION_SUFFIXES:
                built = os.path.join(here, *mod.split(".")) + suffix
                if os.path.exists(built):
                    return importlib.util.spec_from_file_location(name, built, loader=ExtensionFileLoader(name, built))
            raise SystemExit(f"{mod} is not built: pip install -e '.[bench]' with a C compiler at hand")

    class First(list):
        """sys.meta_path with Sources kept first (native.py inserts its own finder at 0)."""

        def insert(self, i, finder):
            super().insert(max(i, 1), finder)

    sys.meta_path = First([Sources, *sys.meta_path])
    import copy

    import yaml

    import evaluator
    from evaluator.run.builtin import lookup

    sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
    from common import deployment_obj

    target = lookup("latest")(("apps", "v1", "Deployment"))
    deployment = evaluator.compile(target.doc, target.name, trusted=True)
    good = deployment_obj()
    bad = copy.deepcopy(good)
    bad["spec"]["replicas"] = -1
    bad["spec"]["template"]["spec"]["containers"][0]["ports"][0]["containerPort"] = 70000
    with open(os.path.join(ROOT, "schemas", "widget.openapi.yaml")) as f:
        widget = evaluator.compile(yaml.safe_load(f), "Widget")
    with open(os.path.join(ROOT, "examples", "widget", "objects", "valid.yaml")) as f:
        w_good = yaml.safe_load(f)
    with open(os.path.join(ROOT, "examples", "widget", "objects", "invalid.yaml")) as f:
        w_bad = yaml.safe_load(f)

    def per_call(fn, n: int) -> float:
        best = float("inf")
        for _ in range(5):
            t = time.perf_counter()
            for _ in range(n):
                fn()
            best = min(best, (time.perf_counter() - t) / n)
        return best

    out = {
        "Deployment valid": per_call(lambda: deployment.validate(good), 300),
        "Deployment invalid": per_call(lambda: deployment.validate(bad), 300),
        "Widget valid": per_call(lambda: widget.validate(w_good), 2000),
        "Widget invalid": per_call(lambda: widget.validate(w_bad), 2000),
        "Deployment compile": per_call(
            lambda: evaluator.compile(copy.deepcopy(target.doc), target.name, trusted=True).validate(good), 5
        ),
    }
    print(json.dumps(out))


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        _child(sys.argv[2].split(",") if sys.argv[2] else [])
        return
    rounds = int(os.environ.get("ROUNDS", "3"))
    configs = {"all compiled": []}
    configs.update({f"{m} from source": list(TOGETHER.get(m, (m,))) for m in CANDIDATES})
    configs["none compiled"] = ["*"]
    results: dict[str, list[dict]] = {c: [] for c in configs}
    for _ in range(rounds):
        for name, sources in configs.items():
            cmd = [sys.executable, __file__, "--child", ",".join(sources)]
            run = subprocess.run(cmd, capture_output=True, text=True, check=True)
            results[name].append(json.loads(run.stdout))
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    base = {k: statistics.median(r[k] for r in results["all compiled"]) for k in results["all compiled"][0]}
    print(f"load average after the run: {load}; {rounds} rounds; per call, median of the rounds' best of 5")
    print(f"{'configuration':28}" + "".join(f"{k:>21}" for k in base))
    for name, runs in results.items():
        cells = []
        for k, b in base.items():
            m = statistics.median(r[k] for r in runs)
            cells.append(f"{m * 1e6:10.0f} µs ({m / b:4.2f}×)")
        print(f"{name:28}" + "".join(f"{c:>21}" for c in cells))


if __name__ == "__main__":
    main()
