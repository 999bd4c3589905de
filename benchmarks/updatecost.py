"""How update validation grows with depth: new/old objects that differ at the bottom, ratcheting at every level.

Usage: python benchmarks/updatecost.py [--depths 100,200,400,800,990] [--unknown 1000]

Rows: depth, seconds for one `validate(new, old)` (best of 3) of a recursive struct (`a: T`, a
list of T, a string with maxLength 3) whose leaf differs; then the same with `--unknown` fields
the schema does not know at every level (200 levels max). The ratio column is time / previous
time over depth / previous depth: about 1 when the work is linear.
"""

from __future__ import annotations

import argparse
import time

import evaluator

SCHEMA = {
    "openapi": "3.0.3",
    "components": {
        "schemas": {
            "T": {
                "type": "object",
                "properties": {
                    "a": {"$ref": "#/components/schemas/T"},
                    "l": {"type": "array", "items": {"$ref": "#/components/schemas/T"}},
                    "x": {"type": "string", "maxLength": 3},
                },
            }
        }
    },
}


def chain(depth: int, leaf: str, unknown: int) -> dict:
    """`depth` nested levels, `unknown` unknown fields and a short list at each, `leaf` at the bottom."""
    root: dict = {}
    cur = root
    for _ in range(depth):
        cur.update({f"u{i}": i for i in range(unknown)})
        cur.update(x="ab", l=[{"x": "a"}] * 3, a={})
        cur = cur["a"]
    cur["x"] = leaf
    return root


def best(fn, rounds: int = 3) -> float:
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depths", default="100,200,400,800,990")
    ap.add_argument("--unknown", type=int, default=1000)
    args = ap.parse_args()
    v = evaluator.compile(SCHEMA, "T")
    depths = [int(d) for d in args.depths.split(",")]
    for unknown, label in ((0, "plain"), (args.unknown, f"{args.unknown} unknown fields per level")):
        print(f"# {label}\n{'depth':>6} {'seconds':>9} {'ratio':>6}")
        prev = None
        for d in depths if not unknown else [d for d in depths if d <= 200]:
            new, old = chain(d, "toolong", unknown), chain(d, "old", unknown)
            t = best(lambda new=new, old=old: v.validate(new, old))
            ratio = f"{(t / prev[1]) / (d / prev[0]):6.2f}" if prev else ""
            print(f"{d:>6} {t:>9.4f} {ratio}")
            prev = (d, t)


if __name__ == "__main__":
    main()
