"""Whole dv-eval runs, as users wait for them (sections 5 and 6 of benchmarks/run.py).

5. Start-up: `dv-eval --schema S one.yaml` with the Deployment schema as YAML (cache cold and
   warm) and as JSON.
6. Batches: a directory of Deployment files and one large stream of Deployments, `--jobs 1` and
   `--jobs 2`, beside kubeconform (a binary the user supplies with `--kubeconform PATH`) on the same
   schema and the same manifests.

The machine may be shared: every command is run in interleaved rounds (A B C, A B C, ...) and the
tables show medians (and minima for start-up), with the CPU time next to the wall time.
"""

from __future__ import annotations

import copy
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import time
from pathlib import Path

import common  # the helpers the benchmark sections share (its directory is first on sys.path)
import yaml


def _env(cache: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as installed: with .pyc
    env["XDG_CACHE_HOME"] = cache
    return env


def run_once(cmd: list[str], env: dict | None = None) -> dict:
    """Wall and CPU seconds (the command and its children), exit code and output of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall": wall, "cpu": cpu, "code": p.returncode, "out": p.stdout, "err": p.stderr}


def interleaved(cmds: dict, rounds: int, before=None) -> dict:
    """name -> list of run_once results, the commands taking turns; `before(name)` runs untimed first."""
    out: dict = {name: [] for name in cmds}
    for _ in range(rounds):
        for name, (cmd, env) in cmds.items():
            if before:
                before(name)
            out[name].append(run_once(cmd, env))
    return out


def med(runs: list, key: str) -> float:
    return statistics.median(r[key] for r in runs)


def _unusable(res: dict) -> list[str]:
    """Notes for dv-eval runs that exited 2 (unusable input): their timings measure a refusal."""
    return [
        f"FAILED: {name} exited 2, so its figures measure nothing: {(r['err'].strip().splitlines() or [''])[0][:160]}"
        for name, runs in res.items()
        if name.startswith("dv-eval")
        for r in runs[:1]
        if r["code"] == 2
    ]


def _invalid(text: str) -> int | None:
    """The invalid count of a dv-eval or kubeconform summary line."""
    m = re.search(r"(\d+) invalid\b", text) or re.search(r"Invalid: (\d+)", text)
    return int(m.group(1)) if m else None


# --- inputs ---------------------------------------------------------------------------------


def make_inputs(tmp: Path, oa: dict, js: dict, obj: dict, files: int, stream_mb: float) -> dict:
    """Schemas (ours as YAML and JSON, kubeconform's JSON Schema) and manifests; every 4th file and
    every 500th stream document is invalid (spec.replicas is a string)."""
    (tmp / "deployment.openapi.yaml").write_text(yaml.safe_dump(oa, sort_keys=False))
    (tmp / "deployment.openapi.json").write_text(json.dumps(oa))
    kc = tmp / "kubeconform-schemas"
    kc.mkdir()
    (kc / "deployment-apps-v1.json").write_text(json.dumps(js))
    bad = copy.deepcopy(obj)
    bad["spec"]["replicas"] = "three"
    good_text, bad_text = yaml.safe_dump(obj, sort_keys=False), yaml.safe_dump(bad, sort_keys=False)
    (tmp / "one.yaml").write_text(good_text)
    d = tmp / "manifests"
    d.mkdir()
    for i in range(files):
        text = bad_text if i % 4 == 3 else good_text
        (d / f"deploy-{i:05d}.yaml").write_text(text.replace("name: web-frontend", f"name: web-{i}", 1))
    n, size, target = 0, 0, int(stream_mb * 1024 * 1024)
    with open(tmp / "stream.yaml", "w", encoding="utf-8") as f:
        while size < target:
            text = "---\n" + (bad_text if n % 500 == 7 else good_text).replace(
                "name: web-frontend", f"name: web-{n}", 1
            )
            f.write(text)
            size += len(text)
            n += 1
    return {
        "kc_schemas": kc,
        "dir": d,
        "files": files,
        "stream": tmp / "stream.yaml",
        "docs": n,
        "mb": size / 1048576,
        "dir_invalid": files // 4,
        "stream_invalid": len(range(7, n, 500)),
    }


def kubeconform_cmd(exe: str, schemas: Path, *args: str) -> list[str]:
    return [exe, "-schema-location", str(schemas / "{{.ResourceKind}}{{.KindSuffix}}.json"), "-summary", *args]


# --- section 5: start-up -----------------------------------------------------------------------


def section5(tmp: Path, inp: dict, kubeconform: str | None, table, quick: bool) -> None:
    print("\n## 5. Start-up: one small file, the Deployment schema (1.5 MB as JSON) as YAML or JSON")
    ours = common.dv_eval()
    warm, cold = str(tmp / "cache-warm"), str(tmp / "cache-cold")
    one = str(tmp / "one.yaml")
    cmds = {
        "dv-eval, schema as YAML, cache cold (first run)": (
            [*ours, "--schema", str(tmp / "deployment.openapi.yaml"), one],
            _env(cold),
        ),
        "dv-eval, schema as YAML, cache warm": (
            [*ours, "--schema", str(tmp / "deployment.openapi.yaml"), one],
            _env(warm),
        ),
        "dv-eval, schema as JSON": ([*ours, "--schema", str(tmp / "deployment.openapi.json"), one], _env(warm)),
    }
    if kubeconform:
        cmds["kubeconform"] = (kubeconform_cmd(kubeconform, inp["kc_schemas"], one), None)
    for cmd, env in cmds.values():  # warm-up: .pyc files written, cache filled, files in the page cache
        run_once(cmd, env)

    def before(name: str) -> None:
        if "cold" in name:
            shutil.rmtree(cold, ignore_errors=True)

    res = interleaved(cmds, 3 if quick else 15, before)
    rows, failed = [], _unusable(res)
    for name, runs in res.items():
        codes = sorted({r["code"] for r in runs})
        rows.append(
            [
                name,
                f"{min(r['wall'] for r in runs) * 1e3:,.0f}",
                f"{med(runs, 'wall') * 1e3:,.0f}",
                f"{med(runs, 'cpu') * 1e3:,.0f}",
                ",".join(map(str, codes)),
            ]
        )
    table(
        "5. Start-up: wall ms for one small file (interleaved rounds)",
        ["run", "min wall ms", "median wall ms", "median CPU ms", "exit"],
        rows,
        failed
        + [
            "target: under 120 ms wall; the cache is $XDG_CACHE_HOME/dv-eval (parsed YAML schemas, marshal)",
            "CPU = user + system time of the process; on a shared machine the wall median includes waiting "
            "for a core, the minimum and the CPU time do not",
        ],
    )


# --- section 6: batches and kubeconform ---------------------------------------------------------


def section6(tmp: Path, inp: dict, kubeconform: str | None, table, quick: bool) -> None:
    print(
        f"\n## 6. Batches: {inp['files']:,} Deployment files and one {inp['mb']:,.0f} MB stream "
        f"({inp['docs']:,} Deployments), --jobs 1 / 2" + (", beside kubeconform" if kubeconform else "")
    )
    ours = common.dv_eval()
    schema = str(tmp / "deployment.openapi.json")
    env = _env(str(tmp / "cache-warm"))
    rows, notes = [], []
    for label, path, expect in (
        ("directory", inp["dir"], inp["dir_invalid"]),
        ("stream", inp["stream"], inp["stream_invalid"]),
    ):
        cmds = {f"dv-eval --jobs {j}": ([*ours, "--schema", schema, "--jobs", str(j), str(path)], env) for j in (1, 2)}
        if kubeconform:
            for n in (1, 2):
                cmds[f"kubeconform -n {n}"] = (
                    kubeconform_cmd(kubeconform, inp["kc_schemas"], "-n", str(n), str(path)),
                    None,
                )
        res = interleaved(cmds, 1 if quick else 3)
        notes += _unusable(res)
        base = med(res["dv-eval --jobs 1"], "wall")
        for name, runs in res.items():
            found = {_invalid(r["out"]) for r in runs}
            rows.append(
                [
                    label,
                    name,
                    f"{med(runs, 'wall'):.2f}",
                    f"{med(runs, 'cpu'):.2f}",
                    f"{base / med(runs, 'wall'):.2f}×",
                    ",".join(str(f) for f in found),
                    expect,
                ]
            )
        one, two = res["dv-eval --jobs 1"][0]["out"], res["dv-eval --jobs 2"][0]["out"]
        notes.append(
            f"{label}: --jobs 2 output {'identical to' if one == two else 'DIFFERS FROM'} --jobs 1 "
            f"({len(one.splitlines()):,} lines, every error with file:line)"
        )
    if not kubeconform:
        notes.append("kubeconform: skipped (pass --kubeconform PATH to a kubeconform binary to compare)")
    table(
        "6. Batches: median wall and CPU seconds (interleaved rounds)",
        ["input", "run", "wall s", "CPU s", "vs --jobs 1", "invalid found", "invalid made"],
        rows,
        notes
        + [
            "vs --jobs 1 = dv-eval --jobs 1 wall / this wall (>1: faster); target for --jobs 2: >= 1.6",
            "same schema for both tools: kubernetes-validate's apps/v1 Deployment (ours: converted to "
            "OpenAPI 3.0 as in section 1, as JSON; kubeconform: the JSON Schema)",
        ],
    )
