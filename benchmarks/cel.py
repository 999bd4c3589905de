#!/usr/bin/env python3
"""A repository of gateway-api objects through dv-eval: CEL rules on vs the same CRDs without them.

    python benchmarks/cel.py [--rounds 7]

Every object of ../shared/realworld/gateway-api/examples (both channels' examples, against the
experimental CRDs, which serve every version they use) is judged through dv-eval's own path
(schema catalog, routing, the apiserver model) as creates, twice per round: once with the CRDs as
published (CEL rules on), once with every `x-kubernetes-validations` removed. Rounds are
interleaved so that load on a shared machine hits both alike; the figure is the median ratio of
paired rounds (target: CEL run within 1.5x of the run without rules). Rules are compiled once per
CRD, on first use, as in a dv-eval run: the first round is reported apart.
"""

from __future__ import annotations

import argparse
import copy
import os
import statistics
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]

from evaluator.input.loader import iter_docs  # noqa: E402
from evaluator.run.routing import Catalog  # noqa: E402
from evaluator.run.verdict import Options, judge  # noqa: E402

GATEWAY = ROOT.parent / "shared" / "realworld" / "gateway-api"


def _strip(node):
    if isinstance(node, dict):
        return {k: _strip(v) for k, v in node.items() if k != "x-kubernetes-validations"}
    if isinstance(node, list):
        return [_strip(v) for v in node]
    return node


def _options(crds: list[dict]) -> Options:
    catalog = Catalog()
    for crd in crds:
        catalog.add_doc(copy.deepcopy(crd), "bench")
    return Options(catalog)


def _run(opts: Options, docs: list) -> tuple[float, int]:
    start = time.perf_counter()
    invalid = 0
    for d in docs:
        invalid += judge(opts, d, None).failed
    return time.perf_counter() - start, invalid


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    if not GATEWAY.exists():
        sys.exit(f"benchmarks/cel.py: {GATEWAY} not found (shared data beside the checkout)")
    crds = [
        d
        for f in sorted((GATEWAY / "config" / "crd" / "experimental").glob("*.yaml"))
        for d in yaml.safe_load_all(f.read_text())
        if isinstance(d, dict) and d.get("kind") == "CustomResourceDefinition"
    ]
    rules = sum(str(c).count("'rule'") for c in crds)
    docs = [
        d
        for f in sorted((GATEWAY / "examples").rglob("*.yaml"))
        for d in iter_docs(str(f))
        if isinstance(d.value, dict) and str(d.value.get("apiVersion", "")).startswith("gateway.networking")
    ]
    with_cel, without = _options(crds), _options([_strip(c) for c in crds])
    first_cel, _ = _run(with_cel, docs)
    first_plain, _ = _run(without, docs)
    ratios, cel_times, plain_times = [], [], []
    for _ in range(args.rounds):
        c, bad_c = _run(with_cel, docs)
        p, bad_p = _run(without, docs)
        cel_times.append(c)
        plain_times.append(p)
        ratios.append(c / p)
    print(
        f"load: {os.getloadavg()[0]:.2f} (1-min average); "
        f"{len(docs)} gateway-api objects, {len(crds)} CRDs, {rules} rules"
    )
    print(f"first round (rules compiled on first use): CEL {first_cel * 1e3:.0f} ms, no CEL {first_plain * 1e3:.0f} ms")
    print(
        f"median of {args.rounds} paired rounds: CEL {statistics.median(cel_times) * 1e3:.1f} ms "
        f"({statistics.median(cel_times) / len(docs) * 1e6:.0f} us/object), no CEL "
        f"{statistics.median(plain_times) * 1e3:.1f} ms; ratio {statistics.median(ratios):.2f} "
        f"(target <= 1.5); invalid: {bad_c} with CEL, {bad_p} without"
    )


if __name__ == "__main__":
    main()
