"""Section 9 of benchmarks/run.py: growth with the input.

dv-eval with one worker (one process, so its peak RSS is the process' own) on 1,000 / 10,000 /
50,000 Deployment files and on 10 / 50 / 200 MB streams of Deployments. Wall time is fitted to
c·n^k by least squares on log-log; k is the growth exponent (target ≤ 1.05: linear). Peak RSS is
reported per run: flat memory means it does not grow with the number of files or the stream's size.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import common
import yaml


def _files(d: Path, text: str, n: int) -> None:
    d.mkdir()
    for i in range(n):
        (d / f"deploy-{i:05d}.yaml").write_text(text.replace("name: web-frontend", f"name: web-{i}", 1))


def _stream(path: Path, text: str, mb: float) -> int:
    n, size, target = 0, 0, int(mb * 1024 * 1024)
    with open(path, "w", encoding="utf-8") as f:
        while size < target:
            doc = "---\n" + text.replace("name: web-frontend", f"name: web-{n}", 1)
            f.write(doc)
            size += len(doc)
            n += 1
    return n


def section9(oa: dict, obj: dict, quick: bool) -> None:
    counts = (200, 1000) if quick else (1000, 10_000, 50_000)
    sizes = (1.0, 4.0) if quick else (10.0, 50.0, 200.0)
    print(
        f"\n## 9. Growth: dv-eval --jobs 1 on {', '.join(f'{n:,}' for n in counts)} files and "
        f"{', '.join(f'{m:g}' for m in sizes)} MB streams (load {os.getloadavg()[0]:.2f})"
    )
    text = yaml.safe_dump(obj, sort_keys=False)
    rows, fits = [], []
    with tempfile.TemporaryDirectory(prefix="dv-growth-") as d:
        tmp = Path(d)
        schema = tmp / "deployment.openapi.json"
        schema.write_text(json.dumps(oa))
        cmd = [*common.dv_eval(), "--schema", str(schema), "--jobs", "1"]
        (tmp / "one.yaml").write_text(text)
        common._measure([*cmd, str(tmp / "one.yaml")], d)  # fills the schema cache: every row runs warm
        for label, sizes_, make in (
            ("files", counts, lambda n, p: _files(p, text, n)),
            ("stream", sizes, lambda mb, p: _stream(p, text, mb)),
        ):
            xs, ys = [], []
            for size in sizes_:
                path = tmp / f"{label}-{size}"
                docs = make(size, path)
                r = common._measure([*cmd, str(path)], d)
                n = size if label == "files" else docs
                xs.append(n)
                ys.append(r["wall"])
                rows.append(
                    [
                        label,
                        f"{size:,}" if label == "files" else f"{size:g} MB",
                        f"{n:,}",
                        f"{r['wall']:.2f}",
                        f"{1e6 * r['wall'] / n:.0f}",
                        f"{(r['rss'] or 0) / 1024:.0f}",
                        str(r["code"]),
                    ]
                )
                shutil.rmtree(path) if path.is_dir() else path.unlink()
            fits.append(f"{label}: wall ∝ n^{common.slope(xs, ys):.3f} (target ≤ 1.05)")
    common.table(
        "9. Growth: one process", ["input", "size", "objects", "wall s", "µs/object", "peak RSS MB", "exit"], rows, fits
    )
