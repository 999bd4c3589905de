"""`dv-eval --against REV|PATH`: objects paired by identity across a git history the test makes (moves,
renames, namespaces defaulted and explicit, Lists, kinds without schemas), judged as updates, creates,
unchanged or deleted; bad revisions and paths are one line, exit 2; the repository's own config runs
nothing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from evaluator.run.cli import main
from tests import yamlc
from tests.cli import invoke

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="--against REV reads git through git")

ROOT = Path(__file__).resolve().parents[2]
WIDGET_CRD = str(ROOT / "schemas/widget.crd.yaml")


def git(repo: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    cmd = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args]
    return subprocess.run(cmd, cwd=repo, env=env, capture_output=True, text=True, check=True).stdout


def write(repo: Path, name: str, *objects: dict) -> None:
    (repo / name).parent.mkdir(parents=True, exist_ok=True)
    (repo / name).write_text(yaml.safe_dump_all(objects, sort_keys=False))


def commit(repo: Path, message: str = "c") -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)


@pytest.fixture
def repo(tmp_path, monkeypatch) -> Path:
    r = tmp_path / "repo"
    r.mkdir()
    git(r, "init", "-q")
    monkeypatch.chdir(r)
    return r


def cm(name: str, namespace: str | None = None, **data: str) -> dict:
    meta = {"name": name} if namespace is None else {"name": name, "namespace": namespace}
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": meta, "data": data}


def widget(name: str, size: str = "Small", replicas: int = 1, storage: str | None = None) -> dict:
    spec: dict = {"size": size, "replicas": replicas, "clusterRef": "east-1"}
    if storage is not None:
        spec["storageClassName"] = storage
    return {"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": name}, "spec": spec}


def run(*args: str, input: str | None = None):
    return invoke(main, list(args), input=input)


def changes(*args: str, input: str | None = None) -> tuple[int, dict, dict]:
    """(exit code, {(kind, name): (change, valid)}, the summary's counts) of a `-o json` run."""
    r = run(*args, "-o", "json", input=input)
    assert r.exit_code in (0, 1), r.output
    doc = json.loads(r.stdout)
    seen = {(s["details"]["kind"], s["details"]["name"]): (s["change"], s["status"]) for s in doc["items"]}
    return r.exit_code, seen, doc["summary"]


K8S = ("--kubernetes-version", "1.37")


def test_moves_renames_lists_and_namespaces_pair_by_identity(repo):
    write(repo, "a.yaml", cm("moved", x="1"), cm("explicit", "default", x="1"))
    write(repo, "b.yaml", {"apiVersion": "v1", "kind": "List", "items": [cm("listed", x="1"), cm("gone", x="1")]})
    write(repo, "ns.yaml", cm("other-ns", "team-a", x="1"))
    commit(repo)
    (repo / "sub").mkdir()
    git(repo, "mv", "a.yaml", "sub/renamed.yaml")
    write(repo, "sub/renamed.yaml", cm("moved", x="1"), cm("explicit", x="2"))  # its namespace now defaulted
    write(repo, "b.yaml", cm("listed", x="2"))  # out of its List
    write(repo, "ns.yaml", cm("other-ns", "team-b", x="1"))  # another namespace: another object
    r = run(*K8S, "--against", "HEAD", "-o", "json", ".")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    seen = sorted((s["details"]["name"], s["change"], s.get("previous", {}).get("file")) for s in doc["items"])
    assert seen == [
        ("explicit", "updated", "a.yaml@HEAD"),
        ("gone", "deleted", "b.yaml@HEAD"),
        ("listed", "updated", "b.yaml@HEAD"),
        ("moved", "unchanged", "a.yaml@HEAD"),
        ("other-ns", "created", None),
        ("other-ns", "deleted", "ns.yaml@HEAD"),
    ]
    counts = {k: doc["summary"][k] for k in ("objects", "valid", "updated", "created", "unchanged", "deleted")}
    assert counts == {"objects": 4, "valid": 4, "updated": 2, "created": 1, "unchanged": 1, "deleted": 2}


def test_a_refused_update_names_both_revisions(repo):
    write(repo, "w.yaml", widget("w", storage="fast", replicas=3))
    commit(repo)
    git(repo, "mv", "w.yaml", "widget.yaml")
    write(repo, "widget.yaml", widget("w", storage="slow", replicas=3))
    r = run("--schema", WIDGET_CRD, "--against", "HEAD", ".")
    assert r.exit_code == 1, r.output
    assert 'The Widget "w" is invalid (update: w.yaml@HEAD \u2192 widget.yaml):' in r.stdout
    assert "spec.storageClassName" in r.stdout and "(widget.yaml:" in r.stdout
    assert r.stdout.rstrip().endswith("1 object: 0 valid, 1 invalid; 1 updated, 0 created, 0 unchanged, 0 deleted")
    # the same verdict as the update path given the two files
    (repo / "old.yaml").write_text(git(repo, "show", "HEAD:w.yaml"))
    direct = run("--schema", WIDGET_CRD, "widget.yaml", "old.yaml")
    assert direct.exit_code == 1
    assert [ln for ln in direct.stdout.splitlines() if ln.startswith("*")] == [
        ln for ln in r.stdout.splitlines() if ln.startswith("*")
    ]


def test_the_same_object_as_a_create_is_valid(repo):
    """The update's error comes from the pair: the new object alone is a valid create."""
    write(repo, "w.yaml", widget("w", storage="fast"))
    commit(repo)
    write(repo, "w.yaml", widget("w", storage="slow"))
    assert run("--schema", WIDGET_CRD, "w.yaml").exit_code == 0
    assert run("--schema", WIDGET_CRD, "--against", "HEAD", "w.yaml").exit_code == 1


def test_an_unchanged_object_is_not_judged(repo):
    """An invalid object already stored and not touched is no change: unchanged, exit 0."""
    write(repo, "w.yaml", widget("w", replicas=-1))
    commit(repo)
    assert run("--schema", WIDGET_CRD, "w.yaml").exit_code == 1
    code, seen, _ = changes("--schema", WIDGET_CRD, "--against", "HEAD")
    assert (code, seen) == (0, {("Widget", "w"): ("unchanged", "Success")})


def test_a_value_of_another_type_is_a_change(repo):
    """`true` equals `1` in Python, not to the server."""
    (repo / "c.yaml").write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: 'b'}\n")
    (repo / "w.yaml").write_text(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {replicas: 1, clusterRef: e}\n"
    )
    commit(repo)
    (repo / "w.yaml").write_text(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {replicas: true, clusterRef: e}\n"
    )
    _, seen, _ = changes("--schema", WIDGET_CRD, *K8S, "--against", "HEAD", "--missing-schemas", "skip")
    assert seen[("Widget", "w")][0] == "updated" and seen[("ConfigMap", "c")][0] == "unchanged"


def test_kinds_without_schemas_are_skipped_or_errors_as_without_against(repo):
    mon = {"apiVersion": "monitoring.coreos.com/v1", "kind": "ServiceMonitor", "metadata": {"name": "m"}, "spec": {}}
    write(repo, "m.yaml", mon)
    commit(repo)
    write(repo, "m.yaml", {**mon, "spec": {"a": 1}})
    assert run(*K8S, "--against", "HEAD", ".").exit_code == 1  # no schema: an error, as always
    code, seen, summary = changes(*K8S, "--against", "HEAD", "--missing-schemas", "skip", ".")
    assert code == 0 and summary["skipped"] == 1 and seen[("ServiceMonitor", "m")] == ("updated", "Success")


def test_cluster_scoped_kinds_have_no_namespace_and_group_is_part_of_identity(repo):
    ns = {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team", "namespace": "x"}}
    write(repo, "ns.yaml", ns)
    write(repo, "cm.yaml", cm("c", "default"))
    commit(repo)
    write(repo, "ns.yaml", {**ns, "metadata": {"name": "team", "labels": {"a": "b"}}})  # the stray namespace dropped
    write(repo, "cm.yaml", {**cm("c"), "apiVersion": "example.com/v1"})  # another group: another object
    _, seen, summary = changes(*K8S, "--against", "HEAD", "--missing-schemas", "skip", ".")
    assert seen[("Namespace", "team")][0] == "updated"
    assert summary["created"] == 1 and summary["deleted"] == 1


def test_against_a_path_and_a_stream(repo):
    old = repo / "old"
    write(repo, "old/all.yaml", widget("w", storage="fast"), widget("v"))
    write(repo, "new/w.yaml", widget("w", storage="slow"))
    r = run("--schema", WIDGET_CRD, "--against", str(old), "new")
    assert r.exit_code == 1 and f"(update: {old}/all.yaml \u2192 new/w.yaml)" in r.stdout, r.output
    assert 'Widget "v" deleted' in r.stdout
    stream = (repo / "old/all.yaml").read_text()
    r = run("--schema", WIDGET_CRD, "--against", "-", "new", input=stream)
    assert r.exit_code == 1 and "(update: -@" not in r.stdout and "(update: - \u2192 new/w.yaml)" in r.stdout
    # the new side from standard input, the old side from a file
    r = run("--schema", WIDGET_CRD, "--against", "old/all.yaml", input=(repo / "new/w.yaml").read_text())
    assert r.exit_code == 1 and "(update: old/all.yaml \u2192 -)" in r.stdout


@pytest.mark.parametrize("fmt", ["json", "junit", "github", "tap", "pretty", "text"])
def test_every_format_carries_the_change(repo, fmt):
    write(repo, "w.yaml", widget("w", storage="fast"), widget("gone"))
    write(repo, "same.yaml", widget("same"))
    commit(repo)
    write(repo, "w.yaml", widget("w", storage="slow"))
    write(repo, "new.yaml", widget("fresh"))
    r = run("--schema", WIDGET_CRD, "--against", "HEAD", "--verbose", "-o", fmt, ".")
    assert r.exit_code == 1, r.output
    out = r.stdout
    assert "w.yaml@HEAD" in out and "gone" in out  # the refused update names the old file; the deleted one
    if fmt == "github":
        line = next(ln for ln in out.splitlines() if ln.startswith("::error"))
        assert "file=w.yaml,line=" in line and "w.yaml@HEAD" in line
        assert any(ln.startswith("::notice") and "gone" in ln for ln in out.splitlines())
    elif fmt == "json":
        doc = json.loads(out)
        assert {s["details"]["name"]: s["change"] for s in doc["items"]} == {
            "w": "updated",
            "gone": "deleted",
            "same": "unchanged",
            "fresh": "created",
        }
        assert [doc["summary"][c] for c in ("updated", "created", "unchanged", "deleted")] == [1, 1, 1, 1]
    else:
        for word in ("update", "create", "unchanged", "deleted"):
            assert word in out, (word, out)


def test_bad_revisions_and_paths_are_one_line_exit_2(repo, tmp_path):
    write(repo, "c.yaml", cm("c"))
    commit(repo)
    for args, said in [
        (["--against", "no-such-branch", "."], "--against no-such-branch: no such revision in the repository at "),
        (["--against", "HEAD", ".", str(tmp_path)], f"{tmp_path}: outside the repository at "),
        (["--against", "HEAD", "-"], "a revision pairs files of the repository, not standard input"),
        (["--against", "--upload-pack=touch x", "."], "no such revision"),
        (["--against", "", "."], "--against: expected a git revision or a path"),
    ]:
        r = run(*K8S, *args)
        assert r.exit_code == 2 and r.stdout == "", (args, r.output)
        assert len(r.stderr.splitlines()) == 1 and said in r.stderr, (args, r.stderr)
    assert not (repo / "x").exists()
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    write(outside, "c.yaml", cm("c"))
    r = run(*K8S, "--against", "HEAD", str(outside))
    assert r.exit_code == 2 and "not in a git repository" in r.stderr and len(r.stderr.splitlines()) == 1


def test_a_shallow_clone_without_the_revision_says_so(repo, tmp_path):
    write(repo, "c.yaml", cm("c", x="1"))
    commit(repo)
    base = git(repo, "rev-parse", "HEAD").strip()
    write(repo, "c.yaml", cm("c", x="2"))
    commit(repo)
    shallow = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{repo}", str(shallow))
    os.chdir(shallow)
    r = run(*K8S, "--against", base, ".")
    assert r.exit_code == 2 and "shallow clone" in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr
    assert run(*K8S, "--against", "HEAD", ".").exit_code == 0  # the revision it has


def test_the_repositorys_own_config_runs_nothing(repo, tmp_path):
    """fsmonitor, hooks, filters, textconv and aliases set by the repository (an untrusted pull request's)
    never run: each would write a marker file."""
    marker = tmp_path / "marker"
    evil = tmp_path / "evil.sh"
    evil.write_text(f'#!/bin/sh\necho ran "$@" >> {marker}\ncat\n')
    evil.chmod(0o755)
    write(repo, "c.yaml", cm("c", x="1"))
    (repo / ".gitattributes").write_text("*.yaml filter=evil diff=evil\n")
    commit(repo)
    for key, value in [
        ("core.fsmonitor", str(evil)),
        ("core.hooksPath", str(tmp_path)),
        ("filter.evil.smudge", str(evil)),
        ("filter.evil.clean", str(evil)),
        ("filter.evil.process", str(evil)),
        ("diff.evil.textconv", str(evil)),
        ("alias.ls-tree", f"!{evil}"),
        ("alias.cat-file", f"!{evil}"),
        ("alias.rev-parse", f"!{evil}"),
        ("core.pager", str(evil)),
        ("core.sshCommand", str(evil)),
    ]:
        git(repo, "config", key, value)
    for hook in ("post-checkout", "pre-commit", "reference-transaction"):
        (tmp_path / hook).write_text(evil.read_text())
        (tmp_path / hook).chmod(0o755)
    write(repo, "c.yaml", cm("c", x="2"))
    # a GIT_DIR inherited from a hook's environment does not redirect it
    os.environ["GIT_DIR"] = str(tmp_path / "nowhere")
    try:
        _, seen, _ = changes(*K8S, "--against", "HEAD", ".")
    finally:
        del os.environ["GIT_DIR"]
    assert seen == {("ConfigMap", "c"): ("updated", "Success")}
    assert not marker.exists(), marker.read_text()
    git(repo, "diff")  # the trap is armed: porcelain runs the repository's textconv and fsmonitor
    assert marker.exists()


def test_exit_on_error_stops_before_the_deleted(repo):
    write(repo, "a.yaml", widget("a", storage="fast"), widget("gone"))
    commit(repo)
    write(repo, "a.yaml", widget("a", storage="slow"))
    r = run("--schema", WIDGET_CRD, "--against", "HEAD", "--exit-on-error", ".")
    assert r.exit_code == 1 and "gone" not in r.stdout


def _transition_updates(corpus: str, crds: int = 5) -> list[dict]:
    """Update requests of `corpus` on its first `crds` CRDs with transition rules (`oldSelf`): for each,
    the first refused one with an immutability error and the first accepted one that changes the object."""
    from tests.shared_data import SHARED, records

    taken: dict = {}
    out = []
    for r in records(f"{corpus}/requests.jsonl.gz"):
        if not r["update"] or r["new"] == r["old"] or (r["crd"], r["server_valid"]) in taken:
            continue
        named = [(o.get("metadata") or {}).get("name") for o in (r["new"], r["old"])]
        if not named[0] or named[0] != named[1]:  # a stored object the server could never have stored
            continue
        if not r["server_valid"] and not any("immutable" in e["detail"] for e in r["server_errors"]):
            continue
        crd = SHARED / corpus / "crds" / r["crd"]
        if "oldSelf" not in crd.read_text() or len({c for c, _ in taken} | {r["crd"]}) > crds:
            continue
        taken[(r["crd"], r["server_valid"])] = True
        out.append({**r, "crd_path": str(crd)})
    return out


@pytest.mark.parametrize("corpus", ["crd-verdicts", "crd-wild"])
def test_crd_transition_rules_across_commits_as_the_server_judged(tmp_path, monkeypatch, corpus):
    """Recorded updates of public CRDs with transition rules (../shared/<corpus>): the stored object
    committed, the request's object in the work tree; --against HEAD refuses exactly the updates the
    real API server refused, with the errors of dv-eval's update path given the two files."""
    requests = _transition_updates(corpus)
    assert requests, f"no update on a CRD with a transition rule in {corpus}"
    for i, r in enumerate(requests):
        repo = tmp_path / f"r{i}"
        repo.mkdir()
        git(repo, "init", "-q")
        monkeypatch.chdir(repo)
        (repo / "obj.yaml").write_text(json.dumps(r["old"]))
        commit(repo)
        (repo / "obj.yaml").write_text(json.dumps(r["new"]))
        (tmp_path / f"old{i}.json").write_text(json.dumps(r["old"]))
        paired = run("--schema", r["crd_path"], "--against", "HEAD", "-o", "json", "obj.yaml")
        direct = run("--schema", r["crd_path"], "-o", "json", "obj.yaml", str(tmp_path / f"old{i}.json"))
        assert paired.exit_code == (0 if r["server_valid"] else 1), (r["id"], r["server_errors"], paired.output)
        item = json.loads(paired.stdout)["items"][0]
        assert item["change"] == "updated" and item["previous"]["file"] == "obj.yaml@HEAD"
        causes = [(c["field"], c["message"]) for c in item["details"].get("causes", [])]
        assert causes == [(c["field"], c["message"]) for c in json.loads(direct.stdout)["details"].get("causes", [])]


def test_built_in_kinds_update_rules_across_commits(repo):
    """A Deployment's selector changed in a pull request: `field is immutable`, on the new file's line,
    naming both files; its ConfigMap edited freely."""
    deploy = {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "web"},
        "spec": {
            "selector": {"matchLabels": {"app": "web"}},
            "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [{"name": "c", "image": "x"}]}},
        },
    }
    write(repo, "web.yaml", deploy, cm("conf", x="1"))
    commit(repo)
    moved = json.loads(json.dumps(deploy).replace('{"app": "web"}', '{"app": "web2"}'))
    write(repo, "apps/web.yaml", moved)
    write(repo, "apps/conf.yaml", cm("conf", x="2"))
    (repo / "web.yaml").unlink()
    r = run(*K8S, "--against", "HEAD", "-o", "github", ".")
    assert r.exit_code == 1, r.output
    errors = [ln for ln in r.stdout.splitlines() if ln.startswith("::error")]
    assert len(errors) == 1 and "file=apps/web.yaml,line=" in errors[0]
    assert "web.yaml@HEAD \u2192 apps/web.yaml" in errors[0]
    assert errors[0].endswith('::spec.selector: Invalid value: {"matchLabels":{"app":"web2"}}: field is immutable')


def test_the_github_actions_against_input(repo, tmp_path):
    """action.yml's run step with `against` set (the pull request's base): the refused update is an
    annotation on the new file's line naming the base's file."""
    import sys

    action = yamlc.safe_load((ROOT / "action.yml").read_text())
    script = action["runs"]["steps"][1]["run"]
    (tmp_path / "venv" / "bin").mkdir(parents=True)
    (tmp_path / "venv" / "bin" / "dv-eval").symlink_to(Path(sys.executable).parent / "dv-eval")
    write(repo, "manifests/w.yaml", widget("w", storage="fast"))
    commit(repo)
    write(repo, "manifests/w.yaml", widget("w", storage="slow"))
    env = {**os.environ, "VENV": str(tmp_path / "venv"), "FILES": "manifests/", "SCHEMAS": WIDGET_CRD, "ARGS": ""}
    env.update(KUBERNETES_VERSION="latest", OUTPUT="github", AGAINST="HEAD")
    r = subprocess.run(["bash", "-e", "-c", script], cwd=repo, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr
    (error,) = [ln for ln in r.stdout.splitlines() if ln.startswith("::error")]
    assert "file=manifests/w.yaml" in error and "manifests/w.yaml@HEAD \u2192 manifests/w.yaml" in error


def _ci_recipe(marker: str) -> dict:
    """The YAML block of docs/ci.md holding `marker`."""
    import re

    blocks = re.findall(r"^```yaml\n(.*?)^```$", (ROOT / "docs" / "ci.md").read_text(), re.M | re.S)
    (found,) = [yamlc.safe_load(b) for b in blocks if marker in b]
    return found


def _widgets(repo: Path) -> None:
    (repo / "crds").mkdir()
    shutil.copy(WIDGET_CRD, repo / "crds")
    write(repo, "manifests/w.yaml", widget("w", storage="fast"))


def test_the_documented_gitlab_merge_request_job(tmp_path):
    """docs/ci.md's GitLab job, its script as written (but the install: this environment's dv-eval) in a
    merge request's clone, its target branch fetched from the origin."""
    import sys

    job = _ci_recipe("dv-eval-changes:\n")["dv-eval-changes"]
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q", "-b", "main")
    _widgets(origin)
    commit(origin)
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{origin}", str(clone))
    write(clone, "manifests/w.yaml", widget("w", storage="slow"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(CI_MERGE_REQUEST_TARGET_BRANCH_NAME="main", PATH=f"{Path(sys.executable).parent}:{env['PATH']}")
    script = [line for line in job["script"] if not line.startswith("pip install")]
    r = subprocess.run(["bash", "-e", "-c", "\n".join(script)], cwd=clone, env=env, capture_output=True, text=True)
    assert r.returncode == 1, r.stderr
    assert "(update: manifests/w.yaml@origin/main \u2192 manifests/w.yaml)" in r.stdout


def test_the_documented_pre_commit_hook(repo):
    """docs/ci.md's local pre-commit hook: its entry as pre-commit runs it (no file names)."""
    import shlex

    (hook,) = _ci_recipe("id: dv-eval-changes")[0]["hooks"]
    assert hook["pass_filenames"] is False
    _widgets(repo)
    commit(repo)
    write(repo, "manifests/w.yaml", widget("w", storage="slow"))
    r = run(*shlex.split(hook["entry"])[1:])
    assert r.exit_code == 1 and "(update: manifests/w.yaml@HEAD \u2192 manifests/w.yaml)" in r.stdout, r.output
    write(repo, "manifests/w.yaml", widget("w", storage="fast", replicas=4))
    assert run(*shlex.split(hook["entry"])[1:]).exit_code == 0


@pytest.mark.parametrize("old_ns,new_ns", [(None, "default"), ("default", None)])
def test_a_namespace_defaulted_on_one_side_is_no_change_of_namespace(repo, old_ns, new_ns):
    """Both sides defaulted alike: no `metadata.namespace` immutability error for a namespace written
    on one side only, for a built-in kind and for a third-party CRD's object."""
    db = {"apiVersion": "example.com/v1", "kind": "Database", "metadata": {"name": "db"}, "spec": {}}
    crds = str(ROOT / "examples/repository/crds")
    for obj in (
        cm("c", old_ns, x="1"),
        {**db, "metadata": {"name": "db", **({"namespace": old_ns} if old_ns else {})}},
    ):
        write(repo, f"{obj['kind']}.yaml", obj)
    commit(repo)
    for obj in (
        cm("c", new_ns, x="2"),
        {**db, "metadata": {"name": "db", **({"namespace": new_ns} if new_ns else {})}},
    ):
        write(repo, f"{obj['kind']}.yaml", obj)
    r = run(*K8S, "--schema", crds, "--against", "HEAD", "-o", "json", ".")
    doc = json.loads(r.stdout)
    assert [(s["details"]["kind"], s["change"]) for s in doc["items"]] == [
        ("ConfigMap", "updated"),
        ("Database", "updated"),
    ]
    assert not any("namespace" in c["field"] for s in doc["items"] for c in s["details"].get("causes", [])), r.stdout
