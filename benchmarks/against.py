"""`dv-eval --against REV` on a repository of changed objects, beside judging the new side alone.

Usage: python benchmarks/against.py [--objects 2000] [--rounds 5] [--jobs 1] [--instructions]

A git repository in a temporary directory: `--objects` Deployments in files of ten, committed, then
every one changed in the work tree (image and replicas: an allowed update) and a tenth of the files
moved to another folder. Timed in interleaved rounds after a warm-up, medians of wall time: the
work tree alone (`dv-eval --kubernetes-version latest manifests/`, every object a create) and
against the commit (`--against HEAD manifests/`: git read, both sides parsed, every object judged
as an update). The ratio is the second over the first (target: at most 1.5), in wall time and in
CPU time (user + system of the run's processes: steadier than wall time on a shared machine).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-{i}
  namespace: team-{ns}
  labels: {{app: web-{i}}}
spec:
  replicas: {replicas}
  selector:
    matchLabels: {{app: web-{i}}}
  template:
    metadata:
      labels: {{app: web-{i}}}
    spec:
      containers:
        - name: web
          image: nginx:{tag}
          ports:
            - containerPort: 8080
          resources:
            requests: {{cpu: 100m, memory: 128Mi}}
"""


def git(repo: str, *args: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    cmd = ["git", "-c", "user.name=bench", "-c", "user.email=bench@example.com", *args]
    subprocess.run(cmd, cwd=repo, env=env, check=True, capture_output=True)


def write(repo: str, objects: int, tag: str, replicas: int, moved: bool) -> None:
    for f in range(0, objects, 10):
        folder = "manifests/moved" if moved and f % 100 == 0 else "manifests/apps"
        os.makedirs(os.path.join(repo, folder), exist_ok=True)
        docs = [DEPLOYMENT.format(i=i, ns=i % 7, tag=tag, replicas=replicas) for i in range(f, min(f + 10, objects))]
        with open(os.path.join(repo, folder, f"apps-{f}.yaml"), "w") as out:
            out.write("---\n".join(docs))


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _instructions(cmd: list[str], repo: str) -> int:
    """The instructions one run executes, its child processes' (git) included: callgrind's totals."""
    out = tempfile.mkdtemp(prefix="dv-eval-callgrind-")
    try:
        vg = ["valgrind", "--tool=callgrind", "--trace-children=yes", f"--callgrind-out-file={out}/cg.%p"]
        subprocess.run([*vg, *cmd], cwd=repo, capture_output=True, check=True)
        total = 0
        for name in os.listdir(out):
            with open(os.path.join(out, name)) as f:
                total += next((int(line.split()[1]) for line in f if line.startswith("totals:")), 0)
        return total
    finally:
        shutil.rmtree(out, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--objects", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--jobs", default="1")
    ap.add_argument(
        "--instructions",
        action="store_true",
        help="also count the instructions each run executes, git's included (valgrind's callgrind, once "
        "each): a figure a shared machine's load does not move",
    )
    a = ap.parse_args()
    dv_eval = os.path.join(os.path.dirname(sys.executable), "dv-eval")
    repo = tempfile.mkdtemp(prefix="dv-eval-against-")
    try:
        git(repo, "init", "-q")
        write(repo, a.objects, "1.27", 2, moved=False)
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "base")
        shutil.rmtree(os.path.join(repo, "manifests"))
        write(repo, a.objects, "1.28", 3, moved=True)
        base = [dv_eval, "--kubernetes-version", "latest", "--jobs", a.jobs]
        runs = {"new side alone": base + ["manifests/"], "--against HEAD": base + ["--against", "HEAD", "manifests/"]}
        times: dict = {k: [] for k in runs}
        cpu: dict = {k: [] for k in runs}
        for r in range(a.rounds + 1):
            for name, cmd in runs.items():
                t, used = time.perf_counter(), _children_cpu()
                done = subprocess.run(cmd, cwd=repo, capture_output=True, text=True)
                if done.returncode != 0:
                    sys.exit(f"{name}: exit {done.returncode}: {done.stderr or done.stdout[-500:]}")
                if r:  # the first round warms the cache
                    times[name].append(time.perf_counter() - t)
                    cpu[name].append(_children_cpu() - used)
        print(f"{a.objects} changed Deployments, {a.rounds} rounds, --jobs {a.jobs}: {done.stdout.strip()}")
        wall = {k: statistics.median(v) for k, v in times.items()}
        cpus = {k: statistics.median(v) for k, v in cpu.items()}
        for name in runs:
            print(f"  {name:16} wall {wall[name]:7.3f} s  cpu {cpus[name]:7.3f} s")
        ratio = [m["--against HEAD"] / m["new side alone"] for m in (wall, cpus)]
        print(f"  ratio            wall {ratio[0]:7.2f}    cpu {ratio[1]:7.2f}  (target <= 1.5)")
        if a.instructions:
            counts = {name: _instructions(cmd, repo) for name, cmd in runs.items()}
            for name, n in counts.items():
                print(f"  {name:16} {n / 1e9:7.3f} G instructions")
            print(f"  ratio            {counts['--against HEAD'] / counts['new side alone']:7.2f}")
    finally:
        shutil.rmtree(repo, ignore_errors=True)


if __name__ == "__main__":
    main()
