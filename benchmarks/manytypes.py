"""A large types file (2N tiny tagged dataclasses, N NewTypes) through `dv2openapi openapi`, `crd` and `dv-eval`.

Usage: python benchmarks/manytypes.py [--groups 300] [--rounds 3] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEADER = """from __future__ import annotations

from dataclasses import dataclass
from typing import NewType, Optional

from dv2openapi.types import int32

"""


def types_file(n: int) -> str:
    """Source of a types file with `n` small tagged dataclasses, NewTypes and list-maps, one root."""
    out = [HEADER]
    for i in range(n):
        out.append(f'# +k8s:minimum=1\nCount{i} = NewType("Count{i}", int32)\n\n')
        out.append(
            f"@dataclass\nclass Item{i}:\n"
            f"    # +k8s:required\n    # +k8s:maxLength=63\n    name: str\n"
            f"    # +k8s:optional\n    # +k8s:minimum=0\n    value: Optional[int32]\n\n\n"
        )
        out.append(
            f"@dataclass\nclass Part{i}:\n"
            f"    # +k8s:required\n    # +k8s:maxLength=253\n    name: str\n"
            f"    # +k8s:optional\n    count: Optional[Count{i}]\n"
            f"    # +k8s:optional\n    # +k8s:listType=map\n    # +k8s:listMapKey=name\n"
            f"    # +k8s:maxItems=16\n    items: list[Item{i}]\n\n\n"
        )
    fields = "".join(f"    # +k8s:optional\n    part{i}: Optional[Part{i}]\n" for i in range(n))
    out.append(f"@dataclass\nclass Root:\n{fields}")
    return "".join(out)


def valid_object(n: int) -> str:
    """A valid Root object setting every part (one list-map item each), as YAML."""
    part = "part{0}:\n  name: p{0}\n  count: 2\n  items:\n  - name: a\n    value: 1\n"
    return "apiVersion: example.com/v1\nkind: Root\n" + "".join(part.format(i) for i in range(n))


def _best(cmd: list[str], rounds: int, env: dict) -> float:
    """Best wall time of `rounds` runs of `cmd` (each must exit 0)."""
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--groups", type=int, default=300, help="groups of 2 dataclasses + 1 NewType (default 300)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--keep", metavar="DIR", help="write the inputs and outputs here instead of a temporary folder")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(args.keep or tmp)
        d.mkdir(parents=True, exist_ok=True)
        src, doc, crd, obj = d / "manytypes.py", d / "manytypes.openapi.yaml", d / "manytypes.crd.yaml", d / "obj.yaml"
        src.write_text(types_file(args.groups))
        obj.write_text(valid_object(args.groups))
        bindir = Path(sys.executable).parent
        tool, evaluate = str(bindir / "dv2openapi"), str(bindir / "dv-eval")
        env = {**os.environ, "XDG_CACHE_HOME": str(d / "cache")}  # a private schema cache, filled by round 1
        rows = [
            ("dv2openapi openapi", [tool, "openapi", str(src), "-o", str(doc)]),
            ("dv2openapi crd", [tool, "crd", str(src), "--type", "Root", "--group", "example.com", "-o", str(crd)]),
            ("dv-eval (one object)", [evaluate, "--schema", str(doc), "--type", "Root", str(obj)]),
        ]
        size = src.stat().st_size // 1024
        print(f"{2 * args.groups} dataclasses, {args.groups} NewTypes, 1 root ({size} KiB of source)")
        for name, cmd in rows:
            print(f"  {name:24} {_best(cmd, args.rounds, env):6.2f} s  (best of {args.rounds})")
        import yaml

        import evaluator

        parsed = yaml.load(doc.read_text(), Loader=yaml.CSafeLoader)
        t = time.perf_counter()
        evaluator.compile(parsed, "Root")
        took, count = time.perf_counter() - t, len(parsed["components"]["schemas"])
        print(f"  {'evaluator.compile(Root)':24} {took:6.2f} s  ({count} schemas, in process)")


if __name__ == "__main__":
    main()
