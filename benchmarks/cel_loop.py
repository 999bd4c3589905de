#!/usr/bin/env python3
"""Steps per second of a CEL loop over `self`: the fast engine and the cel-go interpreter.

    python benchmarks/cel_loop.py [--steps 100000]

The rule `self.l.all(x, x >= 0 && self.l.size() > 0)` runs on a list of `--steps` integers
through `celinterp` (what a loop past cel-expr-python's iteration budget runs on), and on a list
the fast engine can take whole (9,000 items, under its 10,000-step budget) through cel-expr-python.
Time linear in the loop's length shows as the same steps per second at 10,000 and 100,000 steps.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cel_expr_python import cel  # noqa: E402

from evaluator.apiserver.cel import celinterp, celrules  # noqa: E402
from evaluator.apiserver.cel.celast import compile_rule  # noqa: E402

RULE = "self.l.all(x, x >= 0 && self.l.size() > 0)"


def interpreter_rate(steps: int) -> float:
    ast = compile_rule(RULE, cel.Type.DYN)
    value = {"l": list(range(steps))}
    start = time.perf_counter()
    result, _ = celinterp.evaluate(ast, {"self": value})
    assert result is True
    return steps / (time.perf_counter() - start)


def engine_rate(steps: int = 9000) -> float:
    program = celrules.compile_rule(RULE, False)
    data = {"self": {"l": list(range(steps))}}
    start = time.perf_counter()
    assert program.eval(data=data).plain_value() is True
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000)
    args = parser.parse_args()
    print(f"fast engine, 9,000 steps: {engine_rate():,.0f} steps/s")
    for steps in (10_000, args.steps):
        print(f"interpreter, {steps:,} steps: {interpreter_rate(steps):,.0f} steps/s")


if __name__ == "__main__":
    main()
