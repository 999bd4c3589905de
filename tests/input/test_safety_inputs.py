"""Nothing wrong passes silently: schemas are read once and cached by content, empty or kindless
schemas, conflicts, CRD Lists, unreadable directories and unbounded inputs (issue 17)."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from evaluator.input import schemacache
from evaluator.input.loader import InputError
from evaluator.run.cli import main
from tests.cli import invoke

S = "schemas/widget.crd.yaml"
I = "examples/widget/objects/invalid.yaml"  # noqa: E741 - the issue's name
VALID = "examples/widget/objects/valid.yaml"
CONFIGMAP = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata: {a: b}\n"


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "dv-eval"


def run(*args):
    return invoke(main, list(args))


def cli(*args, stdin=None, env_cache=None):
    env = dict(os.environ, XDG_CACHE_HOME=env_cache) if env_cache else None
    return subprocess.run(
        [sys.executable, "-m", "evaluator.run.cli", *args], stdin=stdin, capture_output=True, timeout=60, env=env
    )


# 1. read once, judge what was read; entries keyed by content and verified ------------------


def test_a_schema_from_a_pipe_is_judged_and_does_not_poison_the_cache(tmp_path):
    xdg = str(tmp_path / "xdg")
    with open(S, "rb") as f:
        piped = cli("--schema", "/dev/stdin", I, stdin=f, env_cache=xdg)
    assert piped.returncode == 1, piped.stdout + piped.stderr
    again = cli("--schema", S, I, env_cache=xdg)
    assert again.returncode == 1, again.stdout + again.stderr


def test_a_schema_on_standard_input_is_read_once(tmp_path):
    with open(S, "rb") as f:
        r = cli("--schema", "-", I, stdin=f, env_cache=str(tmp_path / "xdg"))
    assert r.returncode == 1, r.stdout + r.stderr


def test_a_file_replaced_after_the_read_is_judged_as_read(tmp_path, monkeypatch):
    f = tmp_path / "s.yaml"
    f.write_text(Path(S).read_text())
    real_open = os.open
    opened = []

    def swap_after_open(path, *a, **k):  # an editor saves between two reads: there must be only one
        fd = real_open(path, *a, **k)
        if str(path) == str(f):
            opened.append(path)
            new = tmp_path / "new.yaml"
            new.write_text("type: object\n")
            os.replace(new, f)  # as an editor or git saves: a new file under the old name
        return fd

    monkeypatch.setattr(os, "open", swap_after_open)
    docs = schemacache.load_docs(str(f))
    monkeypatch.undo()
    assert opened, "the file was not opened through os.open: this test no longer replaces it"
    assert docs[0]["kind"] == "CustomResourceDefinition"
    assert schemacache.load_docs(str(f)) == [{"type": "object"}]


def test_an_entry_copied_under_another_key_is_rejected(cache, tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("type: object\nproperties: {x: {type: string}}\n")
    b.write_text("type: object\nproperties: {x: {type: integer}}\n")
    schemacache.load_docs(str(a))
    schemacache.load_docs(str(b))
    entries = {p.name: p.read_bytes() for p in cache.iterdir()}
    (ka, kb) = sorted(entries, key=lambda n: n != _key(a))
    (cache / kb).write_bytes(entries[ka])  # b's entry now holds a's parse
    assert schemacache.load_docs(str(b))[0]["properties"]["x"]["type"] == "integer"


def _key(p: Path) -> str:
    import hashlib

    return hashlib.sha256(p.read_bytes()).hexdigest() + ".marshal"


# 10. never wait on, never read unbounded ---------------------------------------------------


def test_a_fifo_or_device_cache_entry_is_ignored(cache, tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("type: object\n")
    cache.mkdir(parents=True)
    os.mkfifo(cache / _key(f))
    assert schemacache.load_docs(str(f)) == [{"type": "object"}]  # returns: the FIFO is not waited on
    os.unlink(cache / _key(f))
    os.symlink("/dev/zero", cache / _key(f))
    assert schemacache.load_docs(str(f)) == [{"type": "object"}]


def test_an_endless_schema_is_one_line_past_the_limit(monkeypatch):
    monkeypatch.setattr(schemacache, "MAX_SCHEMA_BYTES", 1 << 20)
    with pytest.raises(InputError, match=r"^/dev/zero: larger than 1 MiB, the limit for a schema file$"):
        schemacache.load_docs("/dev/zero")
    yes = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
    try:
        with pytest.raises(InputError, match="larger than 1 MiB"):
            schemacache.load_docs(f"/dev/fd/{yes.stdout.fileno()}")
    finally:
        yes.kill()
        yes.wait()
        yes.stdout.close()


# 2. an empty schema is an error --------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "# only a comment\n", "---\n", "---\n---\n# c\n"])
@pytest.mark.parametrize("ext", ["yaml", "json"])
def test_an_empty_schema_is_an_error(tmp_path, text, ext):
    f = tmp_path / f"s.{ext}"
    f.write_text(text)
    r = run("--schema", str(f), VALID)
    assert r.exit_code == 2 and r.output.count("\n") == 1 and str(f) in r.output, r.output


# 3. a schema routes only the kinds it names --------------------------------------------------


def test_a_crd_does_not_capture_other_kinds(tmp_path):
    cm = tmp_path / "cm.yaml"
    cm.write_text(CONFIGMAP)
    r = run("--schema", S, "--missing-schemas", "skip", str(cm))
    assert r.exit_code == 0 and "Required value" not in r.output and "skipped" in r.output, r.output
    r = run("--schema", S, str(cm))
    assert r.exit_code == 1 and "Required value" not in r.output and 'no matches for kind "ConfigMap"' in r.output


def test_a_bare_schema_needs_type(tmp_path):
    bare = tmp_path / "trainingjob.json"
    bare.write_text('{"type": "object", "required": ["spec"], "properties": {"spec": {"type": "object"}}}')
    rc = tmp_path / "rc.yaml"
    rc.write_text("apiVersion: v1\nkind: ReplicationController\nmetadata: {name: x}\n")
    r = run("--schema", str(bare), str(rc))
    assert r.exit_code == 2 and "names no kind" in r.output and "--type" in r.output, r.output
    r = run("--schema", str(bare), "--type", "Object", str(rc))  # selected explicitly: judged with it
    assert r.exit_code == 1 and "spec: Required value" in r.output, r.output


# 4. two schemas for one kind are a conflict ----------------------------------------------------


def test_two_schemas_for_one_kind_are_a_conflict(tmp_path):
    crd = yaml.safe_load(Path(S).read_text())
    crd["metadata"]["annotations"] = {}
    crd["spec"]["versions"][0]["schema"] = {
        "openAPIV3Schema": {"type": "object", "x-kubernetes-preserve-unknown-fields": True}
    }
    stale = tmp_path / "a-stale.yaml"
    stale.write_text(yaml.safe_dump(crd))
    for args in (["--schema", str(stale), "--schema", S], ["--schema", S, "--schema", str(stale)]):
        r = run(*args, I)
        assert r.exit_code == 2 and str(stale) in r.output and S in r.output, r.output
        assert r.output.count("\n") == 1
    d = tmp_path / "dir"
    d.mkdir()
    (d / "a.yaml").write_text(stale.read_text())
    (d / "b.yaml").write_text(Path(S).read_text())
    assert run("--schema", str(d), I).exit_code == 2


def test_the_same_schema_twice_is_no_conflict():
    assert run("--schema", S, "--schema", S, I).exit_code == 1


# 5. a CRD List is read as its CRDs ---------------------------------------------------------


@pytest.mark.parametrize("kind", ["List", "CustomResourceDefinitionList"])
@pytest.mark.parametrize("in_dir", [False, True])
def test_a_crd_list_is_expanded(tmp_path, kind, in_dir):
    crd = yaml.safe_load(Path(S).read_text())
    f = tmp_path / "crds.yaml"
    f.write_text(yaml.safe_dump({"apiVersion": "v1", "kind": kind, "items": [crd], "metadata": {}}))
    r = run("--schema", str(tmp_path if in_dir else f), I)
    assert r.exit_code == 1, r.output


# 6. an unreadable subdirectory is reported ----------------------------------------------------


def test_an_unreadable_subdirectory_is_reported(tmp_path, monkeypatch):
    # tests run as root here (EACCES never happens), so os.walk's listing of one directory fails by mock
    (tmp_path / "ok.yaml").write_text(Path(VALID).read_text())
    (tmp_path / "locked").mkdir()
    real = os.scandir

    def scandir(path="."):
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    for args in (["--schema", S, str(tmp_path)], ["--schema", str(tmp_path), VALID]):
        r = run(*args)
        assert r.exit_code == 2 and "locked: cannot read directory: Permission denied" in r.output, r.output
        assert r.output.count("\n") == 1


def test_a_fifo_in_a_manifest_directory_is_reported_not_waited_on(tmp_path):
    (tmp_path / "ok.yaml").write_text(Path(VALID).read_text())
    os.mkfifo(tmp_path / "pipe.yaml")
    r = run("--schema", S, str(tmp_path))
    assert r.exit_code == 2 and "pipe.yaml: not a regular file" in r.output, r.output


def test_an_endless_manifest_document_is_one_line_past_the_limit(monkeypatch, tmp_path):
    from evaluator.input import loader

    monkeypatch.setattr(loader, "MAX_DOC_CHARS", 1 << 20)
    yes = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
    try:
        with pytest.raises(InputError, match=r"^/dev/fd/\d+: document 1: larger than 1 MiB$"):
            list(loader.iter_docs(f"/dev/fd/{yes.stdout.fileno()}"))
    finally:
        yes.kill()
        yes.wait()
        yes.stdout.close()
    many = tmp_path / "many.yaml"  # the limit is per document: a long stream of small ones is fine
    many.write_text("---\n".join(["a: " + "x" * 1000 + "\n"] * 3000))
    assert len(list(loader.iter_docs(str(many)))) == 3000


# -- JSON manifests and standard input (issue 42) ------------------------------------------------

SMILE = '{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "a"}, "spec": {"x": "%s"}}\n'


@pytest.mark.parametrize(
    ("escaped", "read"),
    [
        ("\\ud83d\\ude00", "\U0001f600"),  # a pair, as json.dumps and `jq -a` write it: joined
        ("\\uD83D\\uDE00", "\U0001f600"),
        ("\\ud83d!", "\ufffd!"),  # a lone high surrogate: U+FFFD, as Go's encoding/json reads it
        ("\\ude00\\ud83d", "\ufffd\ufffd"),  # low then high: two lone ones
        ("\\\\ud83d", "\\ud83d"),  # an escaped backslash: no escape at all
        ("\\ud83d\\u0041", "\ufffdA"),  # a high surrogate before a non-surrogate escape
    ],
)
def test_a_json_manifest_reads_surrogate_escapes_as_go_does(escaped, read):
    from evaluator.input.loader import iter_docs

    text = SMILE % escaped
    assert [d.value["spec"]["x"] for d in iter_docs("w.json", text)] == [read]


def test_a_json_file_with_a_surrogate_pair_is_judged_with_its_lines(tmp_path):
    f = tmp_path / "w.json"
    head = '{\n  "apiVersion": "example.com/v1",\n  "kind": "Widget",\n  "metadata": {"name": "a"},\n'
    f.write_text(head + '  "spec": {"size": "Huge", "x": "\\ud83d\\ude00"}\n}\n')
    r = run("--schema", S, str(f))
    assert r.exit_code == 1 and "invalid YAML" not in r.output, r.output
    assert f"({f}:5)" in r.stdout and "spec.size" in r.stdout


def test_a_long_json_stream_rewrites_escapes_across_every_read(tmp_path):
    """The loader reads a file in parts: an escape cut between two parts is still one character."""
    body = ",".join(f'"k{i}": "\\ud83d\\ude00\\\\ud83d"' for i in range(3000))
    f = tmp_path / "w.json"
    f.write_text('{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}, "data": {' + body + "}}\n")
    from evaluator.input.loader import iter_docs

    (doc,) = iter_docs(str(f))
    assert set(doc.value["data"].values()) == {"\U0001f600\\ud83d"} and len(doc.value["data"]) == 3000


def test_surrogate_escapes_held_back_at_any_cut_give_the_whole_texts_reading():
    from evaluator.input.gojson import surrogate_escapes

    text = "x\\\\\\ud83d\\ude00y\\ud83d\\u0041\\\\ude00z\\ude00"
    whole = surrogate_escapes(text)[0]
    for cut in range(len(text) + 1):
        done, held = surrogate_escapes(text[:cut], final=False)
        assert done + surrogate_escapes(held + text[cut:])[0] == whole, cut


def test_empty_standard_input_fails_as_kubeconform_does():
    """`helm template … | dv-eval` where nothing was printed: a CI gate fails (kubeconform's words)."""
    for args in (["--schema", S, "-"], ["--schema", S, "-summary"]):
        r = subprocess.run([sys.executable, "-m", "evaluator.run.cli", *args], input=b"", capture_output=True)
        assert r.returncode == 2 and b"failing to read data from stdin" in r.stderr + r.stdout, r
    r = subprocess.run([sys.executable, "-m", "evaluator.run.cli", "--schema", S, "-"], input=b"\n")
    assert r.returncode == 0  # a blank stream holds no object, as a blank file


def test_an_empty_file_in_a_folder_stays_valid(tmp_path):
    (tmp_path / "empty.yaml").write_text("")
    r = run("--schema", S, str(tmp_path))
    assert r.exit_code == 0, r.output


# -- files found, never waited on (issue 42) -----------------------------------------------------

WIDGET = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\nspec: {}\n"


def _in_subprocess(*args: str) -> subprocess.CompletedProcess:
    """dv-eval in a process of its own: a read that blocks is a timeout here, not a hung suite."""
    return subprocess.run(
        [sys.executable, "-m", "evaluator.run.cli", *args], capture_output=True, text=True, timeout=60
    )


def test_a_ref_to_a_fifo_is_refused_not_waited_on(tmp_path):
    import json

    top = tmp_path / "schemas"
    top.mkdir()
    schema = {"type": "object", "properties": {"spec": {"$ref": "defs.json#/definitions/Spec"}}}
    (top / "widget.json").write_text(json.dumps(schema))
    os.mkfifo(top / "defs.json")
    obj = tmp_path / "w.yaml"
    obj.write_text(WIDGET)
    r = _in_subprocess("-schema-location", str(top) + "/{{ .ResourceKind }}.json", str(obj))
    assert r.returncode == 2 and "defs.json: not a regular file" in r.stdout + r.stderr, r


def test_a_fifo_the_user_names_is_still_read(tmp_path):
    from evaluator.input.inputfile import open_input

    fifo = tmp_path / "crd.yaml"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"cat {S} > {fifo}"])
    with open(open_input(str(fifo), named=True), "rb") as f:
        assert f.read().startswith(b"apiVersion")
    writer.wait(timeout=60)
    with pytest.raises(InputError, match="not a regular file"):
        open_input(str(fifo), named=False)


NON_BLOCKING_STDIN = """
import os, sys
os.set_blocking(0, False)  # as a shell or a parent process can leave it
sys.argv = ["dv-eval", "--schema", sys.argv[1], "-"]
from evaluator.run.cli import main
main()
"""


def test_a_non_blocking_standard_input_is_waited_on():
    """Data that arrives after the read began, on a descriptor left non-blocking: read, not an error."""
    proc = subprocess.Popen(
        [sys.executable, "-c", NON_BLOCKING_STDIN, S],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    time.sleep(2)  # the child starts reading before the data comes (an ordering, not a timing check)
    out, err = proc.communicate(Path(I).read_bytes(), timeout=120)
    assert proc.returncode == 1 and b"Blue_Widget" in out and not err, (out, err)
