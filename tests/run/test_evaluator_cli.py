"""dv-eval's contract: exit codes, kubectl-style text, Status JSON, batch mode and bad input."""

import errno
import io
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import evaluator
from evaluator.run.cli import main
from tests import yamlc
from tests.cli import invoke

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = "schemas/widget.openapi.yaml"
VALID = "examples/widget/objects/valid.yaml"
INVALID = "examples/widget/objects/invalid.yaml"


def run(*args):
    return invoke(main, list(args))


def test_exit_codes_and_kubectl_text():
    assert run("--schema", SCHEMA, VALID).exit_code == 0
    r = run("--schema", SCHEMA, INVALID)
    assert r.exit_code == 1
    lines = r.output.splitlines()
    assert lines[0] == 'The Widget "Blue_Widget" is invalid:'
    assert (
        "* spec.replicas: Invalid value: -1: must be greater than or equal to 0 (examples/widget/objects/"
        "invalid.yaml:7)" in lines
    )


def test_json_status_object():
    r = run("--schema", SCHEMA, INVALID, "-o", "json")
    s = json.loads(r.output)
    assert (s["kind"], s["apiVersion"], s["status"], s["reason"], s["code"]) == (
        "Status",
        "v1",
        "Failure",
        "Invalid",
        422,
    )
    # as the API server's `NewInvalid` writes it: the group in the details and the message, each
    # cause's message its error's body (the field apart), several errors as an aggregate prints them
    assert s["details"]["name"] == "Blue_Widget" and s["details"]["kind"] == "Widget"
    assert s["details"]["group"] == "example.com"
    assert s["message"].startswith('Widget.example.com "Blue_Widget" is invalid: [')
    assert s["message"].endswith("]") and "spec.replicas: Invalid value: -1: " in s["message"]
    cause = next(c for c in s["details"]["causes"] if c["field"] == "spec.replicas")
    assert cause == {
        "reason": "FieldValueInvalid",
        "field": "spec.replicas",
        "origin": "minimum",
        "message": "Invalid value: -1: must be greater than or equal to 0",
        "file": INVALID,
        "line": 7,
    }
    assert [c["field"] for c in s["details"]["shadowedCauses"]] == ["spec.description"]
    ok = json.loads(run("--schema", SCHEMA, VALID, "-o", "json").output)
    assert ok["status"] == "Success"


def test_no_beta_shadows_beta_rules(tmp_path):
    obj = tmp_path / "w.yaml"
    text = Path(VALID).read_text().replace("tags: [blue, round]", "tags: [a, b, c, d, e, f, g, h, i]")
    obj.write_text(text)
    assert run("--schema", SCHEMA, str(obj)).exit_code == 1
    r = run("--schema", SCHEMA, str(obj), "--no-beta")
    assert r.exit_code == 0 and "[beta]" in r.output


def test_batch_directory_and_stream(tmp_path):
    (tmp_path / "a.yaml").write_text(Path(VALID).read_text())
    (tmp_path / "b.yaml").write_text(Path(VALID).read_text() + "---\n" + Path(INVALID).read_text())
    r = run("--schema", SCHEMA, str(tmp_path))
    assert r.exit_code == 1 and "3 objects: 2 valid, 1 invalid" in r.output
    r2 = run("--schema", SCHEMA, str(tmp_path), "--jobs", "2", "-o", "json")
    items = json.loads(r2.output)["items"]
    assert sorted(i["status"] for i in items) == ["Failure", "Success", "Success"]


@pytest.mark.parametrize("content", ["", "# only a comment\n", "---\n# c\n---\n"])
def test_a_blank_or_comment_only_file_passes_alone_as_in_a_directory(tmp_path, content):
    f = tmp_path / "o.yaml"
    f.write_text(content)
    alone, in_dir = run("--schema", SCHEMA, str(f)), run("--schema", SCHEMA, str(tmp_path))
    assert alone.exit_code == in_dir.exit_code == 0, (alone.output, in_dir.output)
    last = {alone.output.strip().splitlines()[-1], in_dir.output.strip().splitlines()[-1]}
    assert last == {"0 objects: 0 valid, 0 invalid"}


@pytest.mark.parametrize(
    "content,reason",
    [
        ("a: [1, 2\n", "invalid YAML"),
        ("- 1\n- 2\n", "root must be a mapping"),
        (  # a 1 KB alias bomb: 2 references per level, 45 levels
            "a0: &a0 [x, y]\n" + "".join(f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]\n" for i in range(1, 45)),
            "excessive aliasing",
        ),
        ("a: " + "[" * 5000 + "]" * 5000 + "\n", "nesting"),
    ],
)
def test_bad_objects_exit_2_with_one_line(tmp_path, content, reason):
    f = tmp_path / "o.yaml"
    f.write_text(content)
    r = run("--schema", SCHEMA, str(f))
    assert r.exit_code == 2, r.output
    assert reason in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "schema,reason",
    [
        (
            {"openapi": "3.0.3", "components": {"schemas": {"T": {"$ref": "#/components/schemas/Nope"}}}},
            "dangling $ref",
        ),
        (
            {"openapi": "3.0.3", "components": {"schemas": {"T": {"type": "object", "x-dv-bogus": 1}}}},
            "unknown vendor keyword",
        ),
        (
            {"openapi": "3.0.3", "components": {"schemas": {"T": {"type": "string", "pattern": "("}}}},
            "invalid RE2 pattern",
        ),
    ],
)
def test_bad_schemas_exit_2(tmp_path, schema, reason):
    s = tmp_path / "s.json"
    s.write_text(json.dumps(schema))
    (tmp_path / "o.yaml").write_text("a: 1\n")
    r = run("--schema", str(s), str(tmp_path / "o.yaml"))
    assert r.exit_code == 2 and reason in r.output


def test_unknown_type_and_missing_file():
    assert "unknown type" in run("--schema", SCHEMA, "--type", "Nope", VALID).output
    r = run("--schema", SCHEMA, "missing.yaml")
    assert r.exit_code == 2 and "missing.yaml" in r.output


def test_wrong_json_type_is_a_field_error_not_a_cascade():
    v = evaluator.compile(yamlc.safe_load(Path(SCHEMA).read_text()), "Widget")
    errs = v.validate(
        {
            "apiVersion": "v1",
            "kind": "Widget",
            "metadata": {"name": "a"},
            "spec": {"size": "Small", "replicas": "three", "clusterRef": "x", "sourceType": ""},
        }
    )
    assert [(e.type, e.field) for e in errs] == [("FieldValueTypeInvalid", "spec.replicas")]


def test_huge_string_and_catastrophic_pattern_do_not_hang():
    doc = {
        "openapi": "3.0.3",
        "components": {
            "schemas": {
                "T": {"type": "object", "properties": {"s": {"type": "string", "pattern": "^(a+)+$", "maxLength": 10}}}
            }
        },
    }
    v = evaluator.compile(doc, "T")
    errs = v.validate({"s": "a" * 5_000_000 + "!"})
    assert {(e.type, e.origin) for e in errs} == {("FieldValueTooLong", "maxLength"), ("FieldValueInvalid", "pattern")}


def test_python_api_create_and_update():
    v = evaluator.compile(yamlc.safe_load(Path(SCHEMA).read_text()), "Widget")
    obj = yamlc.safe_load(Path(VALID).read_text())
    assert v.validate(obj) == []
    new = json.loads(json.dumps(obj))
    new["spec"]["clusterRef"] = "elsewhere"
    errs = v.validate(new, obj)
    assert [(e.type, e.field, e.origin) for e in errs] == [("FieldValueInvalid", "spec.clusterRef", "immutable")]
    assert errs[0].bad_value is None and errs[0].detail == "field is immutable"


def test_help_teaches():
    r = run("--help")
    assert r.exit_code == 0 and "Exit codes" in r.output and "--enable" in r.output


def test_if_subresource_and_if_not_subresource(tmp_path):
    from dv2openapi.frontend import build_model
    from dv2openapi.openapi import to_openapi

    src = tmp_path / "m.py"
    src.write_text(
        '# +k8s:supportsSubresource="/status"\n'
        "from __future__ import annotations\nfrom dataclasses import dataclass\nfrom typing import Optional\n"
        "@dataclass\nclass T:\n"
        '    # +k8s:ifSubresource("/status")=+k8s:required\n    phase: Optional[str]\n'
        '    # +k8s:ifNotSubresource("status")=+k8s:immutable\n    size: int\n'
    )
    v = evaluator.compile(to_openapi(build_model(str(src))), "T")
    assert [(e.type, e.field) for e in v.validate({"size": 1}, subresource="/status")] == [
        ("FieldValueRequired", "phase")
    ]
    assert v.validate({"size": 1}) == []
    assert [e.origin for e in v.validate({"size": 2}, {"size": 1})] == ["immutable"]
    assert v.validate({"size": 2, "phase": "x"}, {"size": 1}, subresource="status") == []


def test_unforeseen_failure_is_one_line_exit_2(monkeypatch):
    import evaluator.run.cli as cli

    def boom(*args, **kwargs):
        raise KeyError("surprise")

    monkeypatch.setattr(cli, "judge", boom)
    monkeypatch.setattr("evaluator.run.verdict.judge", boom)  # the direct reader's path judges through verdict
    r = run("--schema", SCHEMA, VALID)
    assert r.exit_code == 2 and "internal error" in r.output and "Traceback" not in r.output


def test_unsupported_subresource_is_one_clear_line():
    r = run("--schema", SCHEMA, VALID, "--subresource", "/scale")
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1
    assert "--subresource /scale: Widget has no validation for it" in r.output
    assert run("--schema", SCHEMA, VALID, "--subresource", "/status").exit_code == 0


def test_no_path_can_inject_a_github_workflow_command(tmp_path):
    evil = tmp_path / "dir\n::error file=evil::injected"
    evil.mkdir()
    (evil / "w.yaml").write_text("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\nspec: {}\nspec: {}\n")
    r = invoke(main, ["--schema", "schemas/widget.crd.yaml", "-o", "github", str(evil)])
    lines = (r.stdout + r.stderr).splitlines()
    assert any("Widget" in line for line in lines), r.output  # it was judged, and said so
    assert not [line for line in lines if line.startswith("::error file=evil")]


def test_closed_standard_input_is_one_line_exit_2():
    r = subprocess.run(
        [sys.executable, "-m", "evaluator.run.cli", "--schema", "schemas/widget.crd.yaml", "-"],
        capture_output=True,
        text=True,
        preexec_fn=lambda: os.close(0),  # stdin closed, as `<&-` leaves it
    )
    assert r.returncode == 2 and r.stderr.strip() == "dv-eval: -: standard input is closed", r.stderr


def test_closed_standard_output_is_one_line_exit_2():
    """Through the `dv-eval` command's entry point (which ends the process itself once its output is
    flushed): one line, exit 2."""
    args = ["--schema", "schemas/widget.crd.yaml", "examples/widget/objects/valid.yaml"]
    code = f"import sys; from evaluator.run.cli import entry; sys.argv[1:] = {args!r}; entry()"
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        preexec_fn=lambda: os.close(1),  # stdout closed, as `>&-` leaves it
    )
    assert r.returncode == 2 and r.stderr.strip() == "dv-eval: standard output is closed", r.stderr


def test_a_json_schema_with_a_byte_order_mark_loads(tmp_path):
    s = tmp_path / "s.json"
    s.write_bytes(b'\xef\xbb\xbf{"type": "object", "properties": {"a": {"type": "string"}}}')
    (tmp_path / "o.yaml").write_text("a: 1\n")
    r = run("--type", "Object", "--schema", str(s), str(tmp_path / "o.yaml"))
    assert r.exit_code == 1 and "a: Invalid value: 1: must be of type string" in r.output, r.output


def test_options_after_paths_and_paths_after_a_double_dash(tmp_path, monkeypatch):
    crd = str(Path("schemas/widget.crd.yaml").resolve())
    (tmp_path / "-odd.yaml").write_text(Path("examples/widget/objects/invalid.yaml").read_text())
    r = run("examples/widget/objects/valid.yaml", "--schema", crd)
    assert r.exit_code == 0, r.output
    monkeypatch.chdir(tmp_path)
    r = run("--schema", crd, "--", "-odd.yaml")  # a path that looks like an option
    assert r.exit_code == 1 and "spec.replicas" in r.output, r.output
    r = run("--schema", crd, "--jobs", "0", "x.yaml")
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1 and "--jobs" in r.stderr, r.stderr


# Inputs that cannot be read as named: usage errors, one line, exit 2, before anything is read ----


def _usage_error(r, message: str) -> None:
    assert (r.exit_code, r.stdout) == (2, ""), r.output
    assert r.stderr == f"dv-eval: {message} (see dv-eval --help)\n"


def test_a_schema_directory_without_a_schema_is_an_error(tmp_path):
    (tmp_path / "cm.yaml").write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n")
    (tmp_path / "kustomization.yaml").write_text("resources: [cm.yaml]\n")
    r = run("--schema", str(tmp_path), "--missing-schemas", "skip", VALID)  # every object would be skipped
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == (
        f"dv-eval: {tmp_path}: no schema in this directory (none of its 2 *.yaml, *.yml, *.json files holds a CRD, "
        "an OpenAPI document or a schema)\n"
    )
    (tmp_path / "widget.crd.yaml").write_text(Path("schemas/widget.crd.yaml").read_text())
    assert run("--schema", str(tmp_path), VALID).exit_code == 0  # one schema among them is enough


@pytest.mark.parametrize("old", ["new.yaml", "./new.yaml", "../{dir}/new.yaml", "symlink.yaml", "hardlink.yaml"])
def test_new_and_old_being_one_file_is_a_usage_error(tmp_path, monkeypatch, old):
    schema = str(Path(SCHEMA).resolve())
    monkeypatch.chdir(tmp_path)
    Path("new.yaml").write_text(Path(ROOT / INVALID).read_text())
    os.symlink("new.yaml", "symlink.yaml")
    os.link("new.yaml", "hardlink.yaml")
    old = old.format(dir=tmp_path.name)
    r = run("--schema", schema, "new.yaml", old)  # an update of itself: every error would ratchet away
    _usage_error(
        r, f"new.yaml and {old} are the same file: an update needs the stored object (OLD) in a file of its own"
    )


def test_one_file_twice_in_a_batch_is_judged_twice():
    r = run("--schema", SCHEMA, "--batch", INVALID, INVALID)
    assert r.exit_code == 1 and r.stdout.splitlines()[-1] == "2 objects: 0 valid, 2 invalid"


@pytest.mark.parametrize(
    "args,first,second",
    [
        (["--schema", "-", "-"], "--schema -", "-"),
        (["--schema", SCHEMA, "-", "-"], "-", "-"),
        (["--schema", "-", "--schema", "-", VALID], "--schema -", "--schema -"),
        (["--schema", "-", "/dev/stdin"], "--schema -", "/dev/stdin"),
    ],
)
def test_standard_input_named_twice_is_a_usage_error(args, first, second):
    r = subprocess.run(
        [sys.executable, "-m", "evaluator.run.cli", *args],
        input=Path(SCHEMA).read_text(),
        capture_output=True,
        text=True,
    )
    assert (r.returncode, r.stdout) == (2, ""), r.stdout + r.stderr
    assert r.stderr == (
        f"dv-eval: {first} and {second} read the same standard input, which can be read only once "
        "(see dv-eval --help)\n"
    )


def test_a_fifo_named_twice_is_a_usage_error_not_a_wait(tmp_path):
    fifo = tmp_path / "schema.fifo"
    os.mkfifo(fifo)
    r = subprocess.run(
        [sys.executable, "-m", "evaluator.run.cli", "--schema", str(fifo), str(fifo)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == (
        f"dv-eval: --schema {fifo} and {fifo} read the same pipe, which can be read only once (see dv-eval --help)\n"
    )


FULL = Path("/dev/full")
_ENTRY = "import sys; from evaluator.run.cli import entry; sys.argv[1:] = sys.argv[2:]; entry()"


@pytest.mark.skipif(not FULL.exists(), reason="/dev/full (a device every write to fails) is Linux's")
@pytest.mark.parametrize("how", ["entry", "main"])  # the `dv-eval` command, and `python -m evaluator.run.cli`
@pytest.mark.parametrize(
    "args",
    [
        [INVALID],
        [VALID],
        [VALID, "-o", "json"],
        ["--batch", INVALID, VALID, "-o", "junit"],
        [INVALID, "-o", "github"],
        ["--version"],
    ],
)
def test_a_write_error_on_standard_output_is_one_line_exit_2(args, how):
    start = [sys.executable, "-c", _ENTRY, "x"] if how == "entry" else [sys.executable, "-m", "evaluator.run.cli"]
    with open(FULL, "w") as full:
        r = subprocess.run([*start, "--schema", SCHEMA, *args], stdout=full, stderr=subprocess.PIPE, text=True)
    assert (r.returncode, r.stderr) == (
        2,
        "dv-eval: cannot write the report to standard output: No space left on device\n",
    )


class _FullDisk(io.RawIOBase):
    """A file on a full disk: every write fails, so buffered output fails when it is flushed."""

    def writable(self) -> bool:
        return True

    def write(self, b) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_report_that_fails_only_when_flushed_is_one_line_exit_2(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BufferedWriter(_FullDisk()), encoding="utf-8"))
    with pytest.raises(SystemExit) as end:
        main(["--schema", SCHEMA, INVALID])  # a few hundred bytes: held in the buffer until the end
    assert end.value.code == 2
    assert capsys.readouterr().err == "dv-eval: cannot write the report to standard output: No space left on device\n"


@pytest.mark.parametrize("fmt", ["json", "junit", "github"])
def test_an_unreadable_file_still_gives_a_well_formed_report(fmt, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [\n")
    for args in ([str(bad)], [VALID, str(bad)], [str(bad), VALID]):  # one file, an update, either unreadable
        r = run("--schema", SCHEMA, *args, "-o", fmt)
        assert r.exit_code == 2, r.output
        assert "invalid YAML" in r.stdout
        if fmt == "json":
            statuses = json.loads(r.stdout)["items"]
            assert any(st["status"] == "Failure" and st["code"] == 400 for st in statuses)
        elif fmt == "junit":
            assert ET.fromstring(r.stdout).get("errors") == "1"
        else:
            assert r.stdout.startswith("::error file=")
    r = run("--schema", SCHEMA, str(bad))  # text: one line on stderr, as before
    assert r.exit_code == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1


def test_the_progress_counter_never_shares_a_line_with_a_report(monkeypatch):
    from evaluator.run import cli

    shown = []

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    progress = cli._Progress(None)
    for _ in range(50):
        progress.tick()
    shown.append(err.getvalue())
    cli._Report().write("The Widget ...\n")
    assert shown[0].endswith("validated 50 objects")
    assert err.getvalue().endswith("\r\033[K")  # cleared before the report was written
