"""Run the CRD/dv-eval differential on every record and print the counts by cause.

Usage: python tools/crd_differential.py   (about a minute; needs ../shared/reference-verdicts)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.crd_differential import run  # noqa: E402
from tests.shared_data import records  # noqa: E402


def main() -> None:
    rows = (
        r
        for r in records("reference-verdicts/validation-gen.jsonl.gz")
        if r["subresource"] is None and not (r["options"] and any(r["options"].values()))
    )
    counts = run(rows)
    total = sum(counts.values())
    for cause, n in counts.most_common():
        print(f"{n:7,}  {100 * n / total:5.2f}%  {cause}")
    print(f"{total:7,}  records")


if __name__ == "__main__":
    main()
