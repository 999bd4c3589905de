#!/usr/bin/env python3
"""Translating a Go type nested N lists deep: time against depth (linear is the target).

    python benchmarks/deep_types.py [--depths 750,1500,3000]

Each depth is a package of one struct whose field is `[]…[]string`, translated by `dv2openapi
openapi` in-process (best of three, CPU time of this process). The growth exponent k of t ~ c·N^k
is fitted on log-log: about 1 when linear (copying each level's schema once made it about 2).
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from click.testing import CliRunner  # noqa: E402

from dv2openapi.cli import main as dv2openapi  # noqa: E402


def _translate(depth: int, where: Path) -> float:
    pkg = where / f"d{depth}"
    pkg.mkdir()
    (pkg / "types.go").write_text(f'package d{depth}\n\ntype T struct {{\n\tX {"[]" * depth}string `json:"x"`\n}}\n')
    best = math.inf
    for _ in range(3):
        start = time.process_time()
        r = CliRunner().invoke(dv2openapi, ["openapi", str(pkg), "-o", str(where / "out.yaml")])
        best = min(best, time.process_time() - start)
        if r.exit_code != 0:
            sys.exit(f"depth {depth}: {r.output.strip()}")
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--depths", default="750,1500,3000")
    depths = [int(d) for d in ap.parse_args().depths.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        times = [_translate(d, Path(tmp)) for d in depths]
    for d, t in zip(depths, times, strict=True):
        print(f"depth {d:>6}: {t:.2f} s CPU")
    xs, ys = [math.log(d) for d in depths], [math.log(max(t, 1e-6)) for t in times]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    k = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)
    print(f"growth exponent k = {k:.2f} (target about 1: linear)")


if __name__ == "__main__":
    main()
