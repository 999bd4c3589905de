"""The CI recipes of docs/ci.md run as written: the GitHub Action's steps (action.yml, with the
inputs of the documented workflow), the GitLab job's script, the pre-commit hook on the files
pre-commit would pass it, and the shell completion scripts of dv-eval and dv2openapi."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from evaluator.run.cli import main
from tests import yamlc
from tests.cli import invoke
from tests.shared_data import SHARED

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "ci.md").read_text()
BLOCKS = re.findall(r"^```(\w+)\n(.*?)^```$", DOC, re.M | re.S)
BIN = Path(sys.executable).parent  # this environment's dv-eval and dv2openapi
XSD = SHARED / "realworld" / "kubeconform" / "fixtures" / "junit.xsd"


def _yaml_block(key: str) -> dict:
    (found,) = [yamlc.safe_load(body) for lang, body in BLOCKS if lang == "yaml" and f"{key}:" in body]
    return found


def _checkout(dest: Path) -> Path:
    """This repository's files as a checkout has them (tracked and new, not ignored)."""
    names = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    for name in filter(None, names):
        src = ROOT / os.fsdecode(name)
        if src.is_file():
            (dest / os.fsdecode(name)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / os.fsdecode(name))
    return dest


def _project(where: Path) -> Path:
    """A repository to check, as the docs lay it out: crds/ and manifests/ (objects of built-in kinds,
    of CRDs, invalid ones, one kind without a schema)."""
    shutil.copytree(ROOT / "examples" / "repository" / "crds", where / "crds")
    shutil.copy(ROOT / "schemas" / "widget.crd.yaml", where / "crds")
    shutil.copytree(ROOT / "examples" / "repository" / "manifests", where / "manifests")
    return where


def _pure(env: dict) -> dict:
    """The install without compiling (DV_EVAL_PURE_PYTHON: the same verdicts, minutes less of CPU)."""
    return {**env, "DV_EVAL_PURE_PYTHON": "1"}


def test_the_documented_workflow_runs_the_actions_steps(tmp_path):
    """action.yml's `run:` steps as the runner runs them (bash -e, each step's env with `${{ … }}`
    filled in from the documented workflow's `with:` and the inputs' defaults), installing from a
    copy of this checkout."""
    action = yamlc.safe_load((ROOT / "action.yml").read_text())
    workflow = _yaml_block("jobs")
    (step,) = [s for s in workflow["jobs"]["manifests"]["steps"] if "<repository>" in s["uses"]]
    inputs = {k: str(v.get("default", "")) for k, v in action["inputs"].items()}
    assert set(step["with"]) <= set(inputs)
    inputs.update({k: str(v) for k, v in step["with"].items()})
    inputs["python"] = sys.executable  # Python 3.11 or later, as on the runner
    context = {"github.action_path": str(_checkout(tmp_path / "action")), "runner.temp": str(tmp_path / "temp")}
    context.update({f"inputs.{k}": v for k, v in inputs.items()})
    (tmp_path / "temp").mkdir()
    work = _project(tmp_path / "work")

    def fill(text: str) -> str:
        return re.sub(r"\$\{\{\s*([\w.-]+)\s*\}\}", lambda m: context[m[1]], text)

    assert action["runs"]["using"] == "composite"
    results = []
    for s in action["runs"]["steps"]:
        env = _pure({**os.environ, **{k: fill(v) for k, v in s.get("env", {}).items()}})
        assert s["shell"] == "bash" and "${{" not in s["run"]  # inputs reach the script as variables only
        results.append(
            subprocess.run(["bash", "-e", "-c", s["run"]], cwd=work, env=env, capture_output=True, text=True)
        )
    install, run = results
    assert install.returncode == 0, install.stderr
    assert run.returncode == 1, run.stderr  # invalid objects fail the job
    errors = [line for line in run.stdout.splitlines() if line.startswith("::error file=manifests/")]
    assert any("spec.colour" in e for e in errors) and any("ServiceMonitor" in e for e in errors), run.stdout
    assert run.stdout.splitlines()[-1].startswith("10 objects:")


def test_the_action_with_no_file_fails_instead_of_waiting(tmp_path):
    action = yamlc.safe_load((ROOT / "action.yml").read_text())
    script = action["runs"]["steps"][1]["run"]
    (tmp_path / "venv" / "bin").mkdir(parents=True)
    (tmp_path / "venv" / "bin" / "dv-eval").symlink_to(BIN / "dv-eval")
    env = {**os.environ, "VENV": str(tmp_path / "venv"), "FILES": "", "SCHEMAS": "", "ARGS": ""}
    env.update(KUBERNETES_VERSION="latest", OUTPUT="github")
    r = subprocess.run(["bash", "-e", "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "no file to validate" in r.stderr, r


def test_the_gitlab_job_script_and_its_junit_report(tmp_path):
    job = _yaml_block("artifacts")["dv-eval"]
    assert job["artifacts"]["reports"]["junit"] == "dv-eval.xml" and job["artifacts"]["when"] == "always"
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    source = _checkout(tmp_path / "source")
    variables = {**job["variables"], "DV2OPENAPI": source.as_uri()}  # this checkout instead of the git URL
    env = _pure({**os.environ, **variables, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"})
    work = _project(tmp_path / "work")
    r = subprocess.run(
        ["bash", "-e", "-c", "\n".join(job["script"])], cwd=work, env=env, capture_output=True, text=True
    )
    assert r.returncode == 1, r.stderr  # invalid objects fail the job
    assert (venv / "bin" / "dv-eval").exists()  # installed by the script's pip
    report = (work / job["artifacts"]["reports"]["junit"]).read_text()
    root = ET.fromstring(report)
    assert int(root.get("tests")) == 10 and int(root.get("failures")) >= 1
    if XSD.exists():
        xmlschema = pytest.importorskip("xmlschema", reason="xmlschema (a test dependency) validates JUnit")
        xmlschema.XMLSchema(str(XSD)).validate(report)


def _pre_commit_selects(hook: dict, files: list[str]) -> list[str]:
    """The files pre-commit passes a hook: `files` and `exclude` searched as regexes, `types_or`
    by extension as pre-commit's `identify` tags them."""
    tags = {".yaml": "yaml", ".yml": "yaml", ".json": "json"}
    return [
        f
        for f in files
        if re.search(hook.get("files", ""), f)
        and not re.search(hook.get("exclude", "^$"), f)
        and tags.get(os.path.splitext(f)[1]) in hook.get("types_or", ["yaml", "json"])
    ]


MANIFEST_KEYS = {  # pre-commit's manifest schema (clientlib.MANIFEST_HOOK_DICT)
    "id", "name", "entry", "language", "alias", "files", "exclude", "types", "types_or", "exclude_types",
    "additional_dependencies", "args", "always_run", "fail_fast", "pass_filenames", "description",
    "language_version", "log_file", "minimum_pre_commit_version", "require_serial", "stages", "verbose",
}  # fmt: skip


@pytest.mark.parametrize("configured", [False, True])
def test_the_pre_commit_hook_on_the_files_pre_commit_passes(tmp_path, configured):
    (hook,) = yamlc.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert set(hook) <= MANIFEST_KEYS and hook["language"] == "python"
    assert "kubernetes-validate" in hook["additional_dependencies"]
    if configured:  # the documented .pre-commit-config.yaml: its hook settings over the manifest's
        (repo,) = _yaml_block("repos")["repos"]
        assert repo["rev"] == "<commit sha>"
        (settings,) = repo["hooks"]
        hook = {**hook, **settings}
    work = _project(tmp_path)
    other = {
        ".github/workflows/ci.yml": "on: push\njobs: {}\n",
        ".gitlab-ci.yml": "test:\n  script: [true]\n",
        ".pre-commit-config.yaml": "repos: []\n",
        "chart/Chart.yaml": "apiVersion: v2\nname: web\nversion: 1.0.0\n",
        "chart/values.yaml": "replicas: 2\n",
        "chart/templates/deploy.yaml": "replicas: {{ .Values.replicas }}\n",
        "kustomization.yaml": "resources: [manifests/web/deployment.yaml]\n",
        "docker-compose.yml": "services: {}\n",
        "package.json": '{"name": "x"}\n',
    }
    for name, text in other.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(text)
    files = sorted(str(p.relative_to(work)) for p in work.rglob("*") if p.is_file())
    chosen = _pre_commit_selects(hook, files)
    assert chosen and all(f.startswith(("manifests/", "crds/")) for f in chosen), chosen
    if configured:
        assert all(f.startswith("manifests/") for f in chosen)
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    command = [*shlex.split(hook["entry"]), *hook.get("args", [])]
    r = subprocess.run([*command, *chosen], cwd=work, env=env, capture_output=True, text=True)
    assert r.returncode == 1, r.stderr  # the invalid manifests, and the ServiceMonitor without a schema
    assert "ServiceMonitor" in r.stdout and "Object 'Kind' is missing" not in r.stdout, r.stdout
    valid = ["manifests/web/deployment.yaml", "manifests/widgets/blue.yaml"]
    r = subprocess.run([*command, *valid], cwd=work, env=env, capture_output=True, text=True)
    assert r.returncode == (0 if configured else 1), r.stdout  # a Widget needs its CRD (--schema)


def test_the_documented_dv_eval_commands_run(monkeypatch):
    monkeypatch.chdir(ROOT)
    docs = [(ROOT / "docs" / name).read_text() for name in ("ci.md", "kubeconform.md")]
    lines = [
        line
        for text in docs
        for lang, body in re.findall(r"^```(\w+)\n(.*?)^```$", text, re.M | re.S)
        if lang == "sh"
        for line in body.splitlines()
        if line.startswith("dv-eval ")
    ]
    assert lines
    for line in lines:
        r = invoke(main, shlex.split(line, comments=True)[1:])
        assert r.exit_code in (0, 1), (line, r.output)


# -- shell completion ----------------------------------------------------------------------------


def _completion_lines(shell: str) -> list[str]:
    (body,) = [b for lang, b in BLOCKS if lang == shell]
    return body.strip().splitlines()


def _bash_complete(setup: str, words: list[str], tmp_path: Path) -> list[str]:
    """COMPREPLY of the completion function that `setup` registers, for the command line `words`
    (the last one being completed), in a fresh bash."""
    script = f"""{setup}
COMP_WORDS=({" ".join(shlex.quote(w) for w in words)}); COMP_CWORD={len(words) - 1}
COMP_LINE="${{COMP_WORDS[*]}}"; COMP_POINT=${{#COMP_LINE}}
$(complete -p {words[0]} | sed -E 's/.* -F ([^ ]+) .*/\\1/') {words[0]} "${{COMP_WORDS[-1]}}" "${{COMP_WORDS[-2]}}"
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    r = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout.split()


def test_bash_completion_of_dv_eval_as_documented(tmp_path):
    dv_eval, _ = _completion_lines("bash")
    (tmp_path / "crds").mkdir()
    (tmp_path / "widget.yaml").write_text("")
    assert set(_bash_complete(dv_eval, ["dv-eval", "--out"], tmp_path)) == {"--output"}
    assert _bash_complete(dv_eval, ["dv-eval", "-o", "j"], tmp_path) == ["json", "junit"]
    assert _bash_complete(dv_eval, ["dv-eval", "--missing-schemas", ""], tmp_path) == ["error", "skip"]
    assert set(_bash_complete(dv_eval, ["dv-eval", "--schema-location", "d"], tmp_path)) == {"default"}
    assert _bash_complete(dv_eval, ["dv-eval", "--schema", "cr"], tmp_path) == ["crds"]
    assert _bash_complete(dv_eval, ["dv-eval", "wid"], tmp_path) == ["widget.yaml"]
    every = set(_bash_complete(dv_eval, ["dv-eval", "--"], tmp_path))
    assert {"--schema", "--schema-location", "--strict", "--summary", "--completion", "--reject"} <= every


def test_bash_completion_of_dv2openapi_as_documented(tmp_path):
    _, dv2openapi = _completion_lines("bash")
    assert set(_bash_complete(dv2openapi, ["dv2openapi", ""], tmp_path)) >= {"crd", "openapi", "tags"}
    assert "--group" in _bash_complete(dv2openapi, ["dv2openapi", "crd", "--gr"], tmp_path)


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_completion_scripts_load_and_register(tmp_path):
    setup = "\n".join(_completion_lines("zsh"))
    script = f"autoload -U compinit && compinit -u -d {tmp_path}/dump\n{setup}\n"
    script += "print -r -- $_comps[dv-eval] $_comps[dv2openapi]\n"
    script += "_arguments() { print -rl -- $@ }; cd " + shlex.quote(str(tmp_path)) + " && _dv_eval"  # its specs
    (tmp_path / "x--schema[glob]").write_text("")  # a file a spec left unquoted would match as a pattern
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "HOME": str(tmp_path)}
    r = subprocess.run(["zsh", "-f", "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    registered, *specs = r.stdout.splitlines()
    assert registered.split() == ["_dv_eval", "_dv2openapi_completion"], r.stdout
    assert "*--schema[OpenAPI document, CRD manifest or Kubernetes OpenAPI document, or a directory of them " in (
        "\n".join(specs)
    )
    assert (
        "(-o --output)-o[one of text, json, junit, github, tap, pretty]:value:(text json junit github tap pretty)"
        in specs
    )
    assert "--strict[Report unknown fields as the API server's strict field validation does]" in specs
    assert specs[-1] == "*:file:_files"


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_completion_as_documented(tmp_path):
    setup = "\n".join(_completion_lines("fish"))
    (tmp_path / "widget.yaml").write_text("")
    script = f"{setup}\ncomplete -C 'dv-eval --output j'\ncomplete -C 'dv-eval --strict wid'\ncomplete -C 'dv2openapi '"
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "HOME": str(tmp_path)}
    r = subprocess.run(["fish", "--no-config", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    words = [line.split("\t")[0] for line in r.stdout.splitlines()]
    assert {"json", "junit", "widget.yaml", "crd", "openapi", "tags"} <= set(words), r.stdout
