"""What the benchmark sections share: timing, tables, dv-eval's command, Kubernetes' schemas and objects."""

from __future__ import annotations

import gc
import importlib
import importlib.resources
import json
import math
import os
import platform
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# The package as installed for this Python (never the checkout's sources through sys.path).
import evaluator  # noqa: E402
from evaluator.runtime import native  # noqa: E402

QUICK = False  # run.py's --quick: shorter timings in bench_interleaved


def bench_interleaved(fns: list, target: float = 1.5, rounds: int = 5) -> list[float]:
    """Best per-call seconds of each of `fns`, their rounds interleaved (one round of each in turn,
    ~target/rounds seconds of each per round): a shared machine's slow spells fall on all of them, so
    their ratios hold where the figures themselves drift."""
    if QUICK:
        target, rounds = min(target, 0.15), min(rounds, 3)
    counts = []
    for fn in fns:
        fn()  # warm up (lazy compilation, caches)
        n, t = 1, 0.0
        while True:  # calibrate: calls per round
            t0 = time.perf_counter()
            for _ in range(n):
                fn()
            t = time.perf_counter() - t0
            if t >= target / rounds / 4 or n >= 1 << 24:
                break
            n *= 4
        counts.append(max(1, int(n * (target / rounds) / max(t, 1e-9))))
    best = [math.inf] * len(fns)
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for _ in range(rounds):
            for i, (fn, n) in enumerate(zip(fns, counts, strict=True)):
                t0 = time.perf_counter()
                for _ in range(n):
                    fn()
                best[i] = min(best[i], (time.perf_counter() - t0) / n)
    finally:
        if gc_was:
            gc.enable()
    return best


def once(fn) -> tuple[float, object]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def table(title: str, headers: list[str], rows: list[list], notes: list[str] = ()) -> None:
    """A plain aligned table: numbers (and numeric-looking cells) right-aligned."""
    cells = [[str(c) for c in r] for r in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]

    def numeric(s: str) -> bool:
        return bool(re.fullmatch(r"[-+]?[\d.,]+(e[-+]?\d+)?\s*[a-zµ%×x/]*", s)) or s in ("-", "n/a")

    right = [all(numeric(r[i]) for r in cells) and cells != [] for i in range(len(headers))]
    print()
    print(title)
    print("=" * len(title))
    line = "  ".join(h.rjust(w) if ra else h.ljust(w) for h, w, ra in zip(headers, widths, right, strict=True))
    print(line.rstrip())
    print("  ".join("-" * w for w in widths))
    for r in cells:
        print("  ".join(c.rjust(w) if ra else c.ljust(w) for c, w, ra in zip(r, widths, right, strict=True)).rstrip())
    for n in notes:
        print("  note: " + n)
    sys.stdout.flush()


def us(sec: float) -> str:
    v = sec * 1e6
    return f"{v:,.1f}" if v < 1000 else f"{v:,.0f}"


def slope(xs: list[float], ys: list[float]) -> float:
    """Least-squares slope of log(y) on log(x)."""
    lx = [math.log(x) for x in xs]
    ly = [math.log(max(y, 1e-12)) for y in ys]
    mx, my = sum(lx) / len(lx), sum(ly) / len(ly)
    den = sum((x - mx) ** 2 for x in lx)
    return sum((x - mx) * (y - my) for x, y in zip(lx, ly, strict=True)) / den if den else float("nan")


def install_kind() -> str:
    """How dv-eval is installed, and whether its walk is compiled: an editable install's import hook
    costs every start ~10 ms; the walk runs compiled only where `pip install` built it."""
    walk = "compiled walk" if native.NATIVE else "pure-Python walk (DV_EVAL_PURE_PYTHON or no C compiler)"
    where = Path(evaluator.__file__).resolve().parent.parent
    if any(m.startswith("__editable__") for m in sys.modules) or where == ROOT / "dv2openapi":
        return f"dv-eval: editable install from {where.parent}, {walk} (+~10 ms per start; see benchmarks/README)"
    return f"dv-eval: regular install in {where.parent}, {walk}"


def dv_eval() -> list[str]:
    """The dv-eval of this Python's install (not another one that PATH may name first)."""
    exe = shutil.which("dv-eval", path=os.path.dirname(sys.executable))
    return [exe] if exe else [sys.executable, "-m", "evaluator.run.cli"]


def optional(name: str):
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def k8s_schema_dir() -> Path | None:
    kv = optional("kubernetes_validate")
    if kv is None:
        return None
    base = importlib.resources.files("kubernetes_validate") / "kubernetes-json-schema"
    names = [p.name for p in base.iterdir() if re.fullmatch(r"v\d+\.\d+\.\d+-local", p.name)]
    names.sort(key=lambda n: tuple(int(x) for x in n[1:].split("-")[0].split(".")))
    return Path(str(base / names[-1])) if names else None


def _rewrite_refs(x, prefix: str):
    """Point every definitions $ref (`/api/_definitions.json#/$defs/X`, `#/$defs/X`) at prefix + X."""
    text = json.dumps(x)
    text = text.replace('"/api/_definitions.json#/$defs/', '"' + prefix).replace('"#/$defs/', '"' + prefix)
    return json.loads(text)


INT_OR_STRING = "io.k8s.apimachinery.pkg.util.intstr.IntOrString"


def _to_openapi30(x, quirks: set):
    """JSON Schema 2020-12 as kubernetes-validate ships it -> OpenAPI 3.0 as our evaluator reads it.

    `type: [T, "null"]` -> `type: T, nullable: true` (the same set of values); everything else is kept.
    """
    if isinstance(x, list):
        return [_to_openapi30(v, quirks) for v in x]
    if not isinstance(x, dict):
        return x
    out = {}
    for k, v in x.items():
        if k == "type" and isinstance(v, list):
            ts = [t for t in v if t != "null"]
            if len(ts) != 1:
                raise ValueError(f"cannot express type {v} in OpenAPI 3.0")
            out["type"] = ts[0]
            if "null" in v:
                out["nullable"] = True
                quirks.add('type: [T, "null"] (JSON Schema 2020-12) -> type: T + nullable: true for ours')
        elif k == "properties" and isinstance(v, dict):
            out[k] = {p: _to_openapi30(s, quirks) for p, s in v.items()}
        elif (
            k == "format"
            and isinstance(v, str)
            and v not in ("int32", "int64", "double", "float", "byte", "date-time", "date", "binary", "password")
        ):
            quirks.add(f"format {v!r}")
            out[k] = v
        else:
            out[k] = _to_openapi30(v, quirks)
    return out


def load_k8s(schema_dir: Path, file: str, name: str) -> tuple[dict, dict, set]:
    """(OpenAPI doc for ours, self-contained JSON Schema for the others, quirks seen)."""
    defs = json.loads((schema_dir / "_definitions.json").read_text())["$defs"]
    root = json.loads((schema_dir / file).read_text())
    draft = root.pop("$schema", "https://json-schema.org/draft/2020-12/schema")
    root.pop("$id", None)  # its base URI only matters for the (rewritten) external refs
    js = {"$schema": draft, **_rewrite_refs(root, "#/$defs/"), "$defs": _rewrite_refs(defs, "#/$defs/")}
    quirks: set = set()
    schemas = {k: _to_openapi30(v, quirks) for k, v in _rewrite_refs(defs, "#/components/schemas/").items()}
    schemas[name] = _to_openapi30(_rewrite_refs(root, "#/components/schemas/"), quirks)
    ios = defs.get(INT_OR_STRING, {})
    if "oneOf" in ios:
        # kubernetes-validate spells IntOrString as oneOf [string|null, integer|null]; Kubernetes' own
        # OpenAPI marks it x-kubernetes-int-or-string, which is what our evaluator reads.
        schemas[INT_OR_STRING] = {"x-kubernetes-int-or-string": True}
        quirks.add("IntOrString = oneOf[string|null, integer|null] -> x-kubernetes-int-or-string for ours")
    for k in ("x-kubernetes-unions", "x-kubernetes-patch-strategy"):
        if k in json.dumps(defs):
            quirks.add(f"{k} keys present (ignored by every validator)")
    return (
        {"openapi": "3.0.3", "info": {"title": name, "version": "bench"}, "components": {"schemas": schemas}},
        js,
        quirks,
    )


def deployment_obj() -> dict:
    labels = {"app.kubernetes.io/name": "web", "app.kubernetes.io/component": "frontend", "tier": "web"}
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {
            "name": "web-frontend",
            "namespace": "prod",
            "labels": dict(labels),
            "annotations": {"deployment.kubernetes.io/revision": "7", "owner": "team-web"},
        },
        "spec": {
            "replicas": 3,
            "revisionHistoryLimit": 10,
            "progressDeadlineSeconds": 600,
            "selector": {"matchLabels": {"app.kubernetes.io/name": "web"}},
            "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 1}},
            "template": {
                "metadata": {"labels": dict(labels), "annotations": {"prometheus.io/scrape": "true"}},
                "spec": {
                    "serviceAccountName": "web",
                    "terminationGracePeriodSeconds": 30,
                    "securityContext": {"runAsNonRoot": True, "runAsUser": 1000, "fsGroup": 2000},
                    "nodeSelector": {"kubernetes.io/os": "linux"},
                    "tolerations": [{"key": "dedicated", "operator": "Equal", "value": "web", "effect": "NoSchedule"}],
                    "affinity": {
                        "podAntiAffinity": {
                            "preferredDuringSchedulingIgnoredDuringExecution": [
                                {
                                    "weight": 100,
                                    "podAffinityTerm": {
                                        "labelSelector": {
                                            "matchExpressions": [
                                                {"key": "app.kubernetes.io/name", "operator": "In", "values": ["web"]}
                                            ]
                                        },
                                        "topologyKey": "kubernetes.io/hostname",
                                    },
                                }
                            ]
                        }
                    },
                    "containers": [
                        {
                            "name": "web",
                            "image": "registry.example.com/web:1.42.0",
                            "imagePullPolicy": "IfNotPresent",
                            "args": ["--port=8080", "--log-level=info"],
                            "ports": [
                                {"name": "http", "containerPort": 8080, "protocol": "TCP"},
                                {"name": "metrics", "containerPort": 9090, "protocol": "TCP"},
                            ],
                            "env": [
                                {"name": "MODE", "value": "production"},
                                {"name": "POD_NAME", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}},
                                {"name": "DB_PASSWORD", "valueFrom": {"secretKeyRef": {"name": "db", "key": "pw"}}},
                            ],
                            "envFrom": [{"configMapRef": {"name": "web-config"}}],
                            "resources": {
                                "requests": {"cpu": "250m", "memory": "256Mi"},
                                "limits": {"cpu": "1", "memory": "512Mi"},
                            },
                            "livenessProbe": {
                                "httpGet": {"path": "/healthz", "port": "http"},
                                "initialDelaySeconds": 10,
                                "periodSeconds": 10,
                                "failureThreshold": 3,
                            },
                            "readinessProbe": {"httpGet": {"path": "/ready", "port": 8080}, "periodSeconds": 5},
                            "volumeMounts": [
                                {"name": "config", "mountPath": "/etc/web", "readOnly": True},
                                {"name": "tmp", "mountPath": "/tmp"},
                            ],
                            "securityContext": {
                                "allowPrivilegeEscalation": False,
                                "readOnlyRootFilesystem": True,
                                "capabilities": {"drop": ["ALL"]},
                            },
                        },
                        {
                            "name": "log-shipper",
                            "image": "registry.example.com/shipper:3.1",
                            "resources": {"requests": {"cpu": "50m", "memory": "64Mi"}},
                            "volumeMounts": [{"name": "tmp", "mountPath": "/var/log/web"}],
                        },
                    ],
                    "volumes": [
                        {"name": "config", "configMap": {"name": "web-config", "defaultMode": 420}},
                        {"name": "tmp", "emptyDir": {"sizeLimit": "1Gi"}},
                    ],
                },
            },
        },
    }


def make_validators(oa: dict, js: dict, name: str) -> dict:
    """name -> (compile seconds, first-call seconds, run(obj) -> n errors) or a reason string."""
    out: dict = {}
    t, v = once(lambda: evaluator.compile(oa, name))
    out["ours"] = (t, v.validate)

    js_mod = optional("jsonschema")
    if js_mod is None:
        out["jsonschema"] = "not installed"
    else:

        def build_js():
            cls = js_mod.validators.validator_for(js)
            return cls(js)

        t, jv = once(build_js)
        out["jsonschema"] = (t, lambda o, jv=jv: list(jv.iter_errors(o)))
        out["jsonschema"] += (type(jv).__name__,)

    fjs = optional("fastjsonschema")
    if fjs is None:
        out["fastjsonschema"] = "not installed"
    else:
        # fastjsonschema knows drafts 4/6/7 only: the same schema in draft-07 mode ($defs is then a plain
        # JSON-pointer target; type arrays, enum, required, oneOf, $ref mean the same).
        fj = {k: val for k, val in js.items() if k != "$schema"}
        fj["$schema"] = "http://json-schema.org/draft-07/schema#"
        try:
            t, f = once(lambda: fjs.compile(fj))

            def run_f(o, f=f):
                try:
                    f(o)
                    return []
                except fjs.JsonSchemaValueException as e:
                    return [e]

            out["fastjsonschema"] = (t, run_f, "draft-07, stops at 1st error")
        except Exception as e:  # noqa: BLE001 - report, don't crash
            out["fastjsonschema"] = f"compile failed: {type(e).__name__}: {str(e)[:80]}"

    rs = optional("jsonschema_rs")
    if rs is None:
        out["jsonschema_rs"] = "not installed"
    else:
        t, rv = once(lambda: rs.validator_for(js))
        out["jsonschema_rs"] = (t, lambda o, rv=rv: list(rv.iter_errors(o)), type(rv).__name__)
    return out


def _measure(cmd: list[str], cwd: str) -> dict:
    """Wall time, peak RSS (KiB) and exit code of a subprocess."""
    tv = shutil.which("time") if os.path.exists("/usr/bin/time") else None
    if tv and platform.system() == "Linux":
        t0 = time.perf_counter()
        p = subprocess.run(["/usr/bin/time", "-v", *cmd], cwd=cwd, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
        rss = int(m.group(1)) if m else None
        how = "/usr/bin/time -v"
    else:  # a helper process whose only child is the command: its RUSAGE_CHILDREN is that child's
        helper = (
            "import resource,subprocess,sys,time,json;t=time.perf_counter();"
            "r=subprocess.run(sys.argv[1:],stdout=subprocess.PIPE,stderr=subprocess.PIPE);"
            "print(json.dumps([r.returncode,time.perf_counter()-t,"
            "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,r.stdout.decode()[-300:]]))"
        )
        p = subprocess.run([sys.executable, "-c", helper, *cmd], cwd=cwd, capture_output=True, text=True)
        code, wall, rss, out = json.loads(p.stdout.strip().splitlines()[-1])
        p = subprocess.CompletedProcess(cmd, code, out, p.stderr)
        how = "getrusage(RUSAGE_CHILDREN)"
    last = (p.stdout or "").strip().splitlines()[-1:] or [""]
    return {"wall": wall, "rss": rss, "code": p.returncode, "summary": last[0], "how": how}
