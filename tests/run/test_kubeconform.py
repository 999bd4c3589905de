"""dv-eval run as kubeconform is run: its flags as it spells them, its schema locations, its outputs,
and its own fixtures (../shared/realworld/kubeconform) with the exit codes its acceptance tests expect."""

from __future__ import annotations

import io
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from evaluator.run.cli import main
from evaluator.run.kubeconform_output import REPORTERS as FORMATS
from evaluator.run.reporters import Summary
from evaluator.run.verdict import Finding, Unusable, Verdict
from tests import yamlc
from tests.cli import invoke
from tests.realworld import REALWORLD

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("kubernetes_validate", reason="built-in kinds need the kubernetes-validate package ([test] extra)")

JOB = (  # a Job the API server takes but for its metadata: one container, a restartPolicy it allows
    "apiVersion: batch/v1\nkind: Job\nmetadata:\n  {meta}\nspec:\n  template:\n    spec:\n"
    "      restartPolicy: Never\n      containers: [{{name: pi, image: perl}}]\n"
)


@pytest.mark.parametrize(
    "meta,code,message",
    [
        ("generateName: pi-", 0, ""),  # the server names it before validating: valid
        ("generateName: " + "a" * 80, 0, ""),  # cut to 58 characters first: no length error
        ("generateName: Pi-", 1, "metadata.generateName: Invalid value"),
        ("namespace: x", 1, "metadata.name: Required value: name or generateName is required"),
    ],
)
def test_a_builtin_kind_created_with_generate_name(tmp_path, meta, code, message):
    (tmp_path / "job.yaml").write_text(JOB.format(meta=meta))
    r = invoke(main, ["--kubernetes-version", "1.37", str(tmp_path / "job.yaml")])
    assert r.exit_code == code and message in r.stdout, r.output


# -- kubeconform's acceptance tests (acceptance.bats, acceptance-nonetwork.bats at e65429b1), run
# with kubeconform's own command lines in its folder: (arguments, standard input, its exit code)
ACCEPTANCE = [
    ("-summary fixtures/valid.yaml", None, 0),
    ("-summary fixtures/folder", None, 0),
    ("-verbose fixtures/int_or_string.yaml", None, 0),
    ("-kubernetes-version 1.20.0 -summary fixtures/valid.json", None, 0),
    ("-verbose fixtures/generate_name.yaml", None, 0),
    ("-verbose fixtures/quantity.yaml", None, 0),
    ("-verbose fixtures/null_string.yaml", None, 0),
    ("-summary fixtures/multi_valid.yaml", None, 0),
    ("fixtures/multi_invalid.yaml", None, 1),
    ("fixtures/invalid.yaml", None, 1),
    ("fixtures/not-here", None, 1),
    ("-summary fixtures/blank.yaml", None, 0),
    ("-summary fixtures/comment.yaml", None, 0),
    ("-summary fixtures/missing_kind.yaml", None, 1),
    ("-summary fixtures/missing_apiversion.yaml", None, 1),
    ("-summary fixtures/missing_kind_value.yaml", None, 1),
    ("fixtures/test_crd.yaml", None, 1),
    ("-ignore-missing-schemas fixtures/test_crd.yaml", None, 0),
    ("-summary fixtures/extra_property.yaml", None, 0),
    ("-strict -kubernetes-version 1.20.0 fixtures/extra_property.yaml", None, 1),
    ("-strict -kubernetes-version 1.20.0 fixtures/duplicate_property.yaml", None, 1),
    ("-kubernetes-version 1.20.0 fixtures/duplicate_property.yaml", None, 0),
    ("-schema-location default fixtures/valid.yaml", None, 0),
    ("-schema-location 'http://foo' fixtures/valid.yaml", None, 1),
    ("-schema-location 'foo' fixtures/valid.yaml", None, 1),
    ("-schema-location 'foo {{ .Foo }}' fixtures/valid.yaml", None, 1),
    ("-kubernetes-version 1.25 fixtures/valid.yaml", None, 1),
    ("-summary", "fixtures/valid.yaml", 0),
    ("-summary -", "fixtures/valid.yaml", 0),
    ("-", "fixtures/invalid.yaml", 1),
    ("-verbose -skip ReplicationController fixtures/valid.yaml", None, 0),
    ("-verbose -skip v1/ReplicationController fixtures/valid.yaml", None, 0),
    ("-verbose -skip v2/ReplicationController fixtures/valid.yaml", None, 0),
    ("-verbose -reject ReplicationController fixtures/valid.yaml", None, 1),
    (
        "-summary --ignore-filename-pattern 'crd' --ignore-filename-pattern '.*invalid.*' fixtures/multi_invalid.yaml "
        "fixtures/list_invalid.yaml fixtures/quantity.yaml fixtures/crd_schema.yaml",
        None,
        0,
    ),
    ("-cache cache_does_not_exist -summary fixtures/valid.yaml", None, 1),
    ("-output tap fixtures/valid.yaml", None, 0),
    ("-summary fixtures/list_valid.yaml", None, 0),
    ("-summary", "fixtures/list_valid.yaml", 0),
    ("-summary fixtures/list_invalid.yaml", None, 1),
    ("-summary -", "fixtures/list_invalid.yaml", 1),
    ("-summary fixtures/list_empty_valid.yaml", None, 0),
    ("-summary fixtures/multi_with_list.yaml", None, 0),
    ("-output junit -summary fixtures/valid.yaml", None, 0),
    (
        "-schema-location default -schema-location "
        "'https://raw.githubusercontent.com/datreeio/CRDs-catalog/main/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json'"
        " fixtures/httpproxy.yaml",
        None,
        0,
    ),
    (
        "-schema-location ./fixtures/grafanaalertrulegroup_v1beta1.json "
        "./fixtures/grafana-alert-rule-group-sample.yaml",
        None,
        0,
    ),
    # acceptance-nonetwork.bats
    ("-cache fixtures/cache/ fixtures/valid.yaml", None, 0),
    (
        "-schema-location './fixtures/registry/{{ .ResourceKind }}{{ .KindSuffix }}.json' fixtures/test_crd.yaml",
        None,
        0,
    ),
    (
        "-schema-location 'fixtures/{{ .ResourceKind }}.json' "
        "-schema-location './fixtures/registry/{{ .ResourceKind }}{{ .KindSuffix }}.json' fixtures/test_crd.yaml",
        None,
        0,
    ),
    (
        "-cache fixtures/cache -summary -schema-location 'https://raw.githubusercontent.com/yannh/kubernetes-json-schema/"
        "master/{{ .NormalizedKubernetesVersion }}{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json' "
        "fixtures/valid.yaml",
        None,
        0,
    ),
]
SELECTOR = (  # k8s.io/kubernetes pkg/apis/apps/validation: ValidateDaemonSetSpec
    "its DaemonSet's selector does not match its template's labels (it has none): the API server refuses it"
)
NOT_SHIPPED = (
    "kubernetes-validate ships Kubernetes 1.25 and later: an unknown release is a usage error, not another's schemas"
)
# where dv-eval's exit code differs on purpose (docs/kubeconform.md says why): arguments -> (its code, why)
DIFFERENT = {
    "fixtures/not-here": (2, "input that cannot be read is unusable input (2); kubeconform exits 1 for every error"),
    "-summary fixtures/extra_property.yaml": (1, SELECTOR),
    "-kubernetes-version 1.20.0 -summary fixtures/valid.json": (2, NOT_SHIPPED),
    "-strict -kubernetes-version 1.20.0 fixtures/extra_property.yaml": (2, NOT_SHIPPED),
    "-strict -kubernetes-version 1.20.0 fixtures/duplicate_property.yaml": (2, NOT_SHIPPED),
    "-kubernetes-version 1.20.0 fixtures/duplicate_property.yaml": (2, NOT_SHIPPED),
    "-schema-location 'http://foo' fixtures/valid.yaml": (2, "dv-eval downloads nothing: a URL needs --cache (usage)"),
    "-schema-location 'foo' fixtures/valid.yaml": (2, "a location in no existing folder is a usage error"),
    "-schema-location 'foo {{ .Foo }}' fixtures/valid.yaml": (2, "a bad template is a usage error (2)"),
    "-kubernetes-version 1.25 fixtures/valid.yaml": (0, "dv-eval's own spelling of a release, 1.25, is accepted"),
    "-cache cache_does_not_exist -summary fixtures/valid.yaml": (2, "a missing cache folder is a usage error (2)"),
    "-schema-location default -schema-location "
    "'https://raw.githubusercontent.com/datreeio/CRDs-catalog/main/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json'"
    " fixtures/httpproxy.yaml": (2, "dv-eval downloads nothing: a URL needs --cache (usage)"),
}
KUBECONFORM = REALWORLD / "kubeconform"


@pytest.mark.skipif(not KUBECONFORM.exists(), reason=f"shared data {KUBECONFORM} not present")
@pytest.mark.parametrize("args,stdin,code", ACCEPTANCE)
def test_kubeconforms_acceptance_tests_with_its_own_flags(args, stdin, code, monkeypatch):
    monkeypatch.chdir(KUBECONFORM)
    data = (KUBECONFORM / stdin).read_text() if stdin else None
    r = invoke(main, shlex.split(args), input=data)
    want, why = DIFFERENT.get(args, (code, ""))
    assert r.exit_code == want, (why, r.output)
    if want == 2:
        assert r.stdout == "" or r.stdout.endswith("1 unusable\n"), r.output  # unusable: said, not judged
        assert r.stderr.count("\n") <= 1, r.stderr


def test_every_difference_is_a_case_and_documented():
    doc = (ROOT / "docs" / "kubeconform.md").read_text()
    cases = [a for a, _, _ in ACCEPTANCE]
    for args, (_code, _why) in DIFFERENT.items():
        assert args in cases
    for phrase in (f"{len(ACCEPTANCE)} command lines", "1.20.0", "exits 1 for every error", "no such folder", "1.25"):
        assert phrase in doc, phrase


def _summary(n: int, where: str, valid: int, invalid: int = 0, errors: int = 0, skipped: int = 0) -> str:
    found = f"{n} resource{'s' if n > 1 else ''} found {where}"
    return f"{found} - Valid: {valid}, Invalid: {invalid}, Errors: {errors}, Skipped: {skipped}"


def _in_files(n: int, files: int, valid: int, **counts: int) -> str:
    return "Summary: " + _summary(n, f"in {files} file{'s' if files > 1 else ''}", valid, **counts)


def _stdin(n: int, valid: int, **counts: int) -> str:
    return "Summary: " + _summary(n, "parsing stdin", valid, **counts)


# acceptance.bats' checks of the output, where dv-eval's exit code is kubeconform's: arguments, standard
# input, and the lines it expects (a line ending in `...` is a prefix: the message after it is
# dv-eval's, not kubeconform's JSON-schema library's)
OUTPUTS = [
    ("-summary fixtures/valid.yaml", None, [_in_files(1, 1, 1)]),
    ("-summary fixtures/folder", None, [_in_files(7, 2, 7)]),
    ("-verbose fixtures/int_or_string.yaml", None, ["fixtures/int_or_string.yaml - Service heapster is valid"]),
    (
        "-verbose fixtures/generate_name.yaml",
        None,
        ["fixtures/generate_name.yaml - Job pi-{{ generateName }} is valid"],
    ),
    ("-verbose fixtures/quantity.yaml", None, ["fixtures/quantity.yaml - LimitRange mem-limit-range is valid"]),
    ("-verbose fixtures/null_string.yaml", None, ["fixtures/null_string.yaml - Service frontend is valid"]),
    ("-summary fixtures/null_string.yaml", None, [_in_files(1, 1, 1)]),
    ("-summary fixtures/multi_valid.yaml", None, [_in_files(6, 1, 6)]),
    ("-summary fixtures/blank.yaml", None, [_in_files(0, 1, 0)]),
    ("-summary fixtures/comment.yaml", None, [_in_files(0, 1, 0)]),
    ("-summary fixtures/missing_kind.yaml", None, ["...missing 'kind' key", _in_files(1, 1, 0, errors=1)]),
    ("-summary fixtures/missing_apiversion.yaml", None, ["...missing 'apiVersion' key", _in_files(1, 1, 0, errors=1)]),
    ("-summary fixtures/missing_kind_value.yaml", None, ["...missing 'kind' key", _in_files(1, 1, 0, errors=1)]),
    ("-summary", "fixtures/valid.yaml", [_stdin(1, 1)]),
    ("-summary -", "fixtures/valid.yaml", [_stdin(1, 1)]),
    (
        "-verbose -skip ReplicationController fixtures/valid.yaml",
        None,
        ["fixtures/valid.yaml - bob ReplicationController skipped"],
    ),
    (
        "-verbose -skip v1/ReplicationController fixtures/valid.yaml",
        None,
        ["fixtures/valid.yaml - bob ReplicationController skipped"],
    ),
    (
        "-verbose -skip v2/ReplicationController fixtures/valid.yaml",
        None,
        ["fixtures/valid.yaml - ReplicationController bob is valid"],
    ),
    (
        "-verbose -reject ReplicationController fixtures/valid.yaml",
        None,
        [
            "fixtures/valid.yaml - ReplicationController bob failed validation: "
            "prohibited resource kind ReplicationController"
        ],
    ),
    (
        "-summary --ignore-filename-pattern 'crd' --ignore-filename-pattern '.*invalid.*' fixtures/multi_invalid.yaml "
        "fixtures/list_invalid.yaml fixtures/quantity.yaml fixtures/crd_schema.yaml",
        None,
        [_in_files(1, 1, 1)],
    ),
    (
        "-output tap fixtures/valid.yaml",
        None,
        ["TAP version 13", "ok 1 - fixtures/valid.yaml (v1/ReplicationController//bob)", "1..1"],
    ),
    ("-summary fixtures/list_valid.yaml", None, [_in_files(6, 1, 6)]),
    ("-summary", "fixtures/list_valid.yaml", [_stdin(6, 6)]),
    (
        "-summary fixtures/list_invalid.yaml",
        None,
        ["fixtures/list_invalid.yaml - ReplicationController bob is invalid: ...", _in_files(2, 1, 1, invalid=1)],
    ),
    (
        "-summary -",
        "fixtures/list_invalid.yaml",
        ["stdin - ReplicationController bob is invalid: ...", _stdin(2, 1, invalid=1)],
    ),
    ("-summary fixtures/list_empty_valid.yaml", None, [_in_files(0, 1, 0)]),
    ("-summary fixtures/multi_with_list.yaml", None, [_in_files(2, 1, 2)]),
]


@pytest.mark.skipif(not KUBECONFORM.exists(), reason=f"shared data {KUBECONFORM} not present")
@pytest.mark.parametrize("args,stdin,lines", OUTPUTS)
def test_the_outputs_kubeconforms_tests_read(args, stdin, lines, monkeypatch):
    monkeypatch.chdir(KUBECONFORM)
    data = (KUBECONFORM / stdin).read_text() if stdin else None
    r = invoke(main, shlex.split(args), input=data)
    printed = r.stdout.splitlines()
    assert len(printed) == len(lines), r.output
    for got, want in zip(printed, lines, strict=True):
        if want.startswith("..."):
            assert got.endswith(want[3:]), (got, want)
        elif want.endswith("..."):
            assert got.startswith(want[:-3]), (got, want)
        else:
            assert got == want


@pytest.mark.skipif(not KUBECONFORM.exists(), reason=f"shared data {KUBECONFORM} not present")
def test_every_checked_output_is_an_acceptance_case():
    cases = {a: code for a, _, code in ACCEPTANCE} | {"-summary fixtures/null_string.yaml": 0}
    for args, _, _ in OUTPUTS:
        assert args in cases and args not in DIFFERENT, args


@pytest.mark.skipif(not KUBECONFORM.exists(), reason=f"shared data {KUBECONFORM} not present")
def test_a_file_without_kind_is_named_not_printed(tmp_path, monkeypatch):
    """A 4 KB document without `kind`: the report names the file and line, never the content."""
    big = tmp_path / "big.yaml"
    big.write_text("apiVersion: v1\nmetadata: {name: x}\ndata:\n" + "".join(f"  k{i}: {'v' * 40}\n" for i in range(90)))
    assert big.stat().st_size > 4000
    for args in ([str(big)], ["--kubernetes-version", "1.37", "-o", "json", str(big)], ["-summary", str(big)]):
        r = invoke(main, args)
        assert r.exit_code == 1 and "v" * 40 not in r.output and len(r.output) < 600, r.output
        assert str(big) in r.output, r.output
    r = invoke(main, [str(big)])
    assert f"Object 'Kind' is missing (or pass --type NAME to pick a schema) ({big}:1)" in r.stdout, r.stdout
    r = invoke(main, ["-summary", str(big)])
    assert r.stdout.splitlines()[0] == f"{big} - failed validation: error while parsing: missing 'kind' key"


# -- the command line as Go's flag package reads it --------------------------------------------

WIDGET_CRD = str(ROOT / "schemas" / "widget.crd.yaml")
BAD_WIDGET = str(ROOT / "examples" / "widget" / "objects" / "invalid.yaml")
BROKEN = str(ROOT / "examples" / "repository" / "manifests" / "widgets" / "broken.yaml")  # an unknown field too


@pytest.mark.parametrize(
    "args",
    [
        ["-strict", "-output", "json"],
        ["--strict", "--output", "json"],
        ["-strict=true", "-output=json"],
        ["--strict=1", "--output=json"],
    ],
)
def test_go_flag_spellings_mean_the_same(args):
    r = invoke(main, ["--schema", WIDGET_CRD, "--batch", *args, BROKEN])
    doc = json.loads(r.stdout)
    assert r.exit_code == 1 and doc["kind"] == "List", r.output
    assert "UnknownField" in [c["reason"] for c in doc["items"][0]["details"]["causes"]]  # --strict


def test_a_boolean_flag_switched_off_and_bad_values():
    r = invoke(main, ["--schema", WIDGET_CRD, "-strict=false", "-output=json", BROKEN])
    assert r.exit_code == 1 and "UnknownField" not in r.stdout, r.output
    for args, message in [
        (["-strict=maybe", "x.yaml"], 'invalid boolean value "maybe" for -strict'),
        (["x.yaml", "-schema-location"], "flag needs an argument: -schema-location"),
        (["-skip", "a/b/c/D", "x.yaml"], "--skip a/b/c/D: not a kind, nor apiVersion/kind"),
        (["-reject", "v1/", "x.yaml"], "--reject v1/: not a kind, nor apiVersion/kind"),
        (["-ignore-filename-pattern", "(", "x.yaml"], "--ignore-filename-pattern: "),
        (["-output", "yaml", "x.yaml"], "argument -o/--output: invalid choice: 'yaml'"),
    ]:
        r = invoke(main, args)
        assert r.exit_code == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1, r.output
        assert message in r.stderr, r.stderr


def test_skip_and_reject_by_group_version_kind(tmp_path):
    (tmp_path / "w.yaml").write_text(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\nspec: {size: Huge, replicas: 0}\n"
    )
    base = ["--schema", WIDGET_CRD, "-o", "json", "--batch", str(tmp_path / "w.yaml")]
    assert invoke(main, base).exit_code == 1
    for skip in ("Widget", "example.com/v1/Widget"):
        r = invoke(main, [*base, "--skip", skip])
        item = json.loads(r.stdout)["items"][0]
        assert r.exit_code == 0 and item["reason"] == "Skipped", r.output
    r = invoke(main, [*base, "--skip", "example.com/v2/Widget"])
    assert r.exit_code == 1  # another version: judged
    r = invoke(
        main,
        ["--schema", WIDGET_CRD, "--reject", "example.com/v1/Widget", str(ROOT / "examples/widget/objects/valid.yaml")],
    )
    assert r.exit_code == 1 and "kind: Forbidden: prohibited resource kind Widget (--reject)" in r.stdout, r.output


def test_two_files_are_two_files_the_kubeconform_way(tmp_path):
    """NEW OLD is dv-eval's own form (with --schema or --kubernetes-version); without a schema option,
    with --schema-location or with kubeconform's spelling, two files are never an update that would
    ratchet the old file's errors away."""
    old = tmp_path / "old.yaml"
    old.write_text((ROOT / "examples/widget/objects/invalid.yaml").read_text())
    new = tmp_path / "new.yaml"
    new.write_text(old.read_text())
    update = invoke(main, ["--schema", WIDGET_CRD, str(new), str(old)])
    assert update.exit_code == 0, update.output  # an update that changes nothing: ratcheted
    for args in (["-schema-location", str(tmp_path)], ["--schema-location", str(tmp_path)], ["-strict"]):
        r = invoke(main, ["--schema", WIDGET_CRD, *args, str(new), str(old)])
        assert r.exit_code == 1 and r.stdout.count("is invalid") == 2, (args, r.output)


def test_no_file_reads_standard_input_but_not_a_terminal():
    valid = (ROOT / "examples/widget/objects/valid.yaml").read_text()
    r = invoke(main, ["--schema", WIDGET_CRD], input=valid)
    assert r.exit_code == 0 and "1 valid" in r.stdout, r.output
    r = subprocess.run(  # /dev/null is a character device, as a terminal is: nothing will be piped in
        [sys.executable, "-m", "evaluator.run.cli", "--schema", WIDGET_CRD],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
    )
    assert r.returncode == 2 and r.stdout == "", r
    assert r.stderr.startswith("dv-eval: no file to validate, and standard input is a terminal"), r.stderr


def test_exit_on_error_stops_at_the_first_failure(tmp_path):
    for i in range(3):
        (tmp_path / f"{i}.yaml").write_text(Path(BAD_WIDGET).read_text())
    r = invoke(main, ["--schema", WIDGET_CRD, "-exit-on-error", "-o", "json", str(tmp_path)])
    doc = json.loads(r.stdout)
    assert r.exit_code == 1 and doc["summary"]["objects"] == 1, r.output
    r = invoke(main, ["--schema", WIDGET_CRD, "-o", "json", str(tmp_path)])
    assert json.loads(r.stdout)["summary"]["objects"] == 3


def test_verbose_summary_pretty_and_tap(tmp_path, monkeypatch):
    valid = str(ROOT / "examples/widget/objects/valid.yaml")
    quiet = invoke(main, ["--schema", WIDGET_CRD, "--batch", valid, BAD_WIDGET])
    loud = invoke(main, ["--schema", WIDGET_CRD, "--batch", "-verbose", valid, BAD_WIDGET])
    assert "is valid" not in quiet.stdout and 'Widget "blue-widget" is valid' in loud.stdout
    single = invoke(main, ["--schema", WIDGET_CRD, "--summary", valid])
    assert single.stdout.splitlines()[-1] == "1 object: 1 valid, 0 invalid"
    monkeypatch.setenv("NO_COLOR", "1")
    r = invoke(main, ["--schema", WIDGET_CRD, "-o", "pretty", "-verbose", "--batch", valid, BAD_WIDGET])
    lines = r.stdout.splitlines()
    assert lines[0].startswith("\u2714 ") and "is valid" in lines[0], r.stdout
    assert lines[1].startswith("\u2716 ") and "is invalid" in lines[1] and lines[2].startswith("    ")
    monkeypatch.delenv("NO_COLOR")
    assert "\033[31m" in invoke(main, ["--schema", WIDGET_CRD, "-o", "pretty", BAD_WIDGET]).stdout
    (tmp_path / "evil\nok 9 - x.yaml").write_text(Path(BAD_WIDGET).read_text())  # a name that forges a test point
    r = invoke(main, ["--schema", WIDGET_CRD, "-o", "tap", "-summary", str(tmp_path)])
    lines = r.stdout.splitlines()
    assert lines[0] == "TAP version 13" and lines[1].startswith("not ok 1 - ") and "\\nok 9" in lines[1]
    assert lines[2:] == ["1..1", "# 1 object: 0 valid, 1 invalid"]


def test_without_kubernetes_validate_no_schema_option_says_what_to_pass(monkeypatch):
    import importlib.util

    from evaluator.run import builtin

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda n, *a: None if n == "kubernetes_validate" else real(n, *a))
    monkeypatch.setattr(builtin, "PathFinder", type("NotThere", (), {"find_spec": staticmethod(lambda n: None)}))
    r = invoke(main, [BAD_WIDGET])
    assert r.exit_code == 2 and r.stderr.startswith("dv-eval: no schema: pass --schema PATH or --schema-location")
    r = invoke(main, ["-schema-location", "default", BAD_WIDGET])
    assert r.stderr == "dv-eval: --schema-location default needs the kubernetes-validate package: " + (
        "pip install 'dv2openapi[kubernetes]'\n"
    )


# -- schema locations ----------------------------------------------------------------------------

RC = "apiVersion: v1\nkind: ReplicationController\nmetadata: {name: bob}\nspec: {replicas: %s}\n"
CONFIG = "apiVersion: example.com/v1beta2\nkind: Config\nmetadata: {name: c}\nspec: {level: %s}\n"


def _kubernetes_json_schema_folder(top: Path) -> None:
    """A folder laid out as kubernetes-json-schema: per release, standalone and strict variants, and
    a non-standalone variant whose kinds point into _definitions.json."""
    spec = {"type": "object", "properties": {"replicas": {"type": ["integer", "null"], "minimum": 0}}}
    root = {"type": "object", "properties": {"spec": spec, "kind": {"type": "string"}}}
    for d in ("v1.30.0-standalone", "v1.30.0-standalone-strict", "master-standalone"):
        (top / d).mkdir(parents=True)
        extra = {"additionalProperties": False} if d.endswith("strict") else {}
        (top / d / "replicationcontroller-v1.json").write_text(json.dumps({**root, **extra}))
    (top / "v1.30.0").mkdir()
    ref = {"$ref": "_definitions.json#/definitions/io.k8s.api.core.v1.ReplicationControllerSpec"}
    (top / "v1.30.0" / "replicationcontroller-v1.json").write_text(json.dumps({**root, "properties": {"spec": ref}}))
    spec_max = {**spec, "properties": {"replicas": {"$ref": "#/definitions/Replicas"}}}
    defs = {"io.k8s.api.core.v1.ReplicationControllerSpec": spec_max, "Replicas": {"type": "integer", "maximum": 5}}
    (top / "v1.30.0" / "_definitions.json").write_text(json.dumps({"definitions": defs}))


def test_a_folder_laid_out_as_kubernetes_json_schema(tmp_path):
    top = tmp_path / "schemas"
    _kubernetes_json_schema_folder(top)
    obj = tmp_path / "rc.yaml"
    for replicas, version, strict, code in [
        ("2", "1.30.0", [], 0),
        ("-1", "1.30.0", [], 1),
        ("-1", None, [], 1),  # master
        ('"x"', "1.30.0", [], 1),
        ("null", "1.30.0", [], 0),  # type [integer, "null"]: nullable
    ]:
        obj.write_text(RC % replicas)
        args = ["-schema-location", str(top), *strict, str(obj)]
        args += ["-kubernetes-version", version] if version else []
        r = invoke(main, args)
        assert r.exit_code == code, (replicas, version, r.output)
    obj.write_text(RC % "2" + "extra: 1\n")
    r = invoke(main, ["-schema-location", str(top), "-kubernetes-version", "1.30", "-strict", str(obj)])
    assert r.exit_code == 1 and 'unknown field "extra"' in r.stdout, r.output  # the -strict variant (and --strict)
    template = str(top) + "/{{ .NormalizedKubernetesVersion }}/{{ .ResourceKind }}{{ .KindSuffix }}.json"
    for replicas, code in (("5", 0), ("6", 1)):  # the maximum only _definitions.json holds
        obj.write_text(RC % replicas)
        r = invoke(main, ["-schema-location", template, "-kubernetes-version", "1.30.0", str(obj)])
        assert r.exit_code == code, r.output


def test_template_fields_for_a_group_and_the_first_location_that_has_it(tmp_path):
    schema = {"type": "object", "properties": {"spec": {"properties": {"level": {"type": "integer", "maximum": 3}}}}}
    (tmp_path / "example.com").mkdir()
    (tmp_path / "example.com" / "config-example-v1beta2_v1beta2.json").write_text(json.dumps(schema))
    obj = tmp_path / "c.yaml"
    template = str(tmp_path) + "/{{ .Group }}/{{ .ResourceKind }}{{ .KindSuffix }}_{{ .ResourceAPIVersion }}.json"
    for level, code in (("3", 0), ("4", 1)):
        obj.write_text(CONFIG % level)
        r = invoke(
            main,
            ["-schema-location", str(tmp_path) + "/{{ .ResourceKind }}.json", "-schema-location", template, str(obj)],
        )
        assert r.exit_code == code, r.output
    r = invoke(main, ["-schema-location", str(tmp_path) + "/{{ .ResourceKind }}.json", str(obj)])
    assert r.exit_code == 1 and "could not find schema for Config" in r.stdout  # in no location
    r = invoke(
        main,
        [
            "-schema-location",
            str(tmp_path) + "/{{ .ResourceKind }}.json",
            "-ignore-missing-schemas",
            "-summary",
            str(obj),
        ],
    )
    assert r.exit_code == 0 and r.stdout.endswith("Skipped: 1\n")


def test_a_crd_found_by_a_template_is_judged_as_the_api_server_would(tmp_path):
    crd = tmp_path / "widget.json"
    crd.write_text(json.dumps(yamlc.safe_load(Path(WIDGET_CRD).read_text())))
    r = invoke(main, ["-schema-location", str(tmp_path) + "/{{ .ResourceKind }}.json", BAD_WIDGET])
    assert r.exit_code == 1 and "spec.replicas" in r.stdout, r.output
    other = tmp_path / "gadget.yaml"
    other.write_text("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\n".replace("Widget", "Gadget", 1))
    (tmp_path / "gadget.json").write_text(crd.read_text())  # the Widget CRD, found for a Gadget
    r = invoke(main, ["-schema-location", str(tmp_path) + "/{{ .ResourceKind }}.json", str(other)])
    assert (
        r.exit_code == 2 and 'found for kind "Gadget" in version "example.com/v1", but it holds no schema' in r.output
    )


def test_a_url_is_read_from_kubeconforms_cache_only(tmp_path):
    import hashlib

    url = "https://schemas.example/{{ .ResourceKind }}.json"
    cache = tmp_path / "cache"
    cache.mkdir()
    schema = {"type": "object", "properties": {"spec": {"$ref": "defs.json#/definitions/Spec"}}}
    defs = {"definitions": {"Spec": {"properties": {"replicas": {"type": "integer", "maximum": 3}}}}}
    for name, doc in (("replicationcontroller.json", schema), ("defs.json", defs)):
        key = hashlib.sha256(f"https://schemas.example/{name}".encode()).hexdigest()
        (cache / key).write_text(json.dumps(doc))
    obj = tmp_path / "rc.yaml"
    for replicas, code in (("3", 0), ("4", 1)):
        obj.write_text(RC % replicas)
        assert invoke(main, ["-cache", str(cache), "-schema-location", url, str(obj)]).exit_code == code
    obj.write_text(CONFIG % "1")  # no entry for it: not judged, whatever -ignore-missing-schemas says
    r = invoke(main, ["-cache", str(cache), "-schema-location", url, "-ignore-missing-schemas", str(obj)])
    assert r.exit_code == 2 and "https://schemas.example/config.json: not in the cache" in r.stdout, r.output
    r = invoke(main, ["-schema-location", url, str(obj)])
    assert r.exit_code == 2 and "dv-eval does not download schemas" in r.stderr


# -- kubeconform's report formats, as its own output tests (pkg/output/*_test.go) expect them --------


def _deployment(status: str) -> Verdict:
    """kubeconform's test object: deployment.yml, an apps/v1 Deployment named my-app."""
    vd = Verdict("Deployment", "my-app", "apps/v1", "deployment.yml", 1)
    if status == "invalid":
        vd.errors.append(Finding("spec.replicas", "spec.replicas: bar", "FieldValueInvalid", 5))
    return vd


def _report(fmt: str, results: list, summary: bool = False, verbose: bool = False, files=None) -> str:
    out = io.StringIO()
    reporter = FORMATS[fmt](out, files or ["deployment.yml"], verbose, summary)
    for r in results:
        reporter.verdict(r) if isinstance(r, Verdict) else reporter.unusable(r)
    reporter.end(Summary())
    return out.getvalue()


SUMMARY_1 = "Summary: 1 resource found in 1 file - Valid: 1, Invalid: 0, Errors: 0, Skipped: 0\n"


def test_text_and_pretty_as_kubeconforms_tests_expect():
    assert _report("text", [], files=[]) == ""
    assert _report("text", [_deployment("valid")], summary=True) == SUMMARY_1
    assert _report("text", [_deployment("valid")], summary=True, verbose=True) == (
        "deployment.yml - Deployment my-app is valid\n" + SUMMARY_1
    )
    assert _report("pretty", [], files=[]) == ""
    assert _report("pretty", [_deployment("valid")], summary=True) == SUMMARY_1
    assert _report("pretty", [_deployment("valid")], summary=True, verbose=True) == (
        "\033[32m\u2714\033[0m deployment.yml: \033[32mDeployment my-app is valid\033[0m\n" + SUMMARY_1
    )


def test_tap_as_kubeconforms_tests_expect():
    want = "TAP version 13\nok 1 - deployment.yml (apps/v1/Deployment//my-app)\n1..1\n"
    assert _report("tap", [_deployment("valid")], summary=True) == want
    assert _report("tap", [_deployment("valid")], summary=True, verbose=True) == want


def test_json_as_kubeconforms_tests_expect():
    assert _report("json", [], files=[]) == '{\n  "resources": []\n}\n'
    counts = {"valid": 1, "invalid": 0, "errors": 0, "skipped": 0}
    assert json.loads(_report("json", [_deployment("valid")], summary=True)) == {"resources": [], "summary": counts}
    valid = {"filename": "deployment.yml", "kind": "Deployment", "name": "my-app", "version": "apps/v1"}
    doc = json.loads(_report("json", [_deployment("valid")], summary=True, verbose=True))
    assert doc == {"resources": [{**valid, "status": "statusValid", "msg": ""}], "summary": counts}
    text = _report("json", [_deployment("invalid")], summary=True, verbose=True)
    assert list(json.loads(text)["resources"][0]) == [*valid, "status", "msg", "validationErrors"]  # key order
    assert json.loads(text)["resources"][0] | {"msg": ""} == {
        **valid,
        "status": "statusInvalid",
        "msg": "",
        "validationErrors": [{"path": "/spec/replicas", "msg": "bar"}],
    }
    assert json.loads(text)["summary"] == {"valid": 0, "invalid": 1, "errors": 0, "skipped": 0}


def test_junit_as_kubeconforms_tests_expect():
    def timeless(text: str) -> str:
        return re.sub(r'time="[^"]*"', 'time=""', text)

    assert timeless(_report("junit", [], summary=True, files=[])) == (
        '<testsuites name="kubeconform" time="" tests="0" failures="0" disabled="0" errors="0"></testsuites>\n'
    )
    case = '    <testcase name="my-app" classname="Deployment@apps/v1" time="">'
    assert timeless(_report("junit", [_deployment("valid")], summary=True)) == (
        '<testsuites name="kubeconform" time="" tests="1" failures="0" disabled="0" errors="0">\n'
        '  <testsuite name="deployment.yml" id="1" tests="1" failures="0" errors="0" disabled="0" skipped="0">\n'
        f"{case}</testcase>\n"
        "  </testsuite>\n"
        "</testsuites>\n"
    )
    error = Unusable("deployment.yml", "error validating deployment.yml")
    invalid = _deployment("invalid")
    invalid.file = "deployment3.yml"
    text = timeless(_report("junit", [error, invalid], summary=True, files=["deployment.yml", "deployment3.yml"]))
    assert text.splitlines() == [
        '<testsuites name="kubeconform" time="" tests="2" failures="1" disabled="0" errors="1">',
        '  <testsuite name="deployment.yml" id="1" tests="1" failures="0" errors="1" disabled="0" skipped="0">',
        '    <testcase name="" classname="@" time="">',  # an unusable document: no kind, name or version
        '      <error message="error validating deployment.yml" type=""></error>',
        "    </testcase>",
        "  </testsuite>",
        '  <testsuite name="deployment3.yml" id="2" tests="1" failures="1" errors="0" disabled="0" skipped="0">',
        case,
        '      <failure message="spec.replicas: bar" type=""></failure>',
        "    </testcase>",
        "  </testsuite>",
        "</testsuites>",
    ]


@pytest.mark.skipif(not KUBECONFORM.exists(), reason=f"shared data {KUBECONFORM} not present")
def test_junit_is_valid_against_kubeconforms_schema(monkeypatch):
    """As kubeconform's acceptance test checks it; a skipped object is written as kubeconform writes
    it, `<skipped message="">`, which its junit.xsd does not allow (the attribute)."""
    xmlschema = pytest.importorskip("xmlschema", reason="the [test] extra's XSD validator")
    monkeypatch.chdir(KUBECONFORM)
    args = "-output junit -summary fixtures/valid.yaml fixtures/list_invalid.yaml fixtures/missing_kind.yaml"
    r = invoke(main, shlex.split(args))
    assert r.exit_code == 1 and r.stdout.startswith('<testsuites name="kubeconform"'), r.output
    xmlschema.XMLSchema("fixtures/junit.xsd").validate(r.stdout)
    assert 'tests="4" failures="1" disabled="0" errors="1"' in r.stdout
    r = invoke(main, shlex.split(args + " -skip Service"))
    assert 'disabled="1"' in r.stdout and '<skipped message=""></skipped>' in r.stdout


def test_hostile_names_cannot_forge_report_lines():
    vd = Verdict("Deployment", "a\nok 9 - forged # SKIP", "apps/v1", "x.yaml", 1)
    vd.errors.append(Finding("spec", 'spec: Invalid value: "\x1b[2J"', "FieldValueInvalid", 1))
    for fmt in ("text", "pretty", "tap"):
        lines = _report(fmt, [vd], summary=True, files=["x.yaml"]).splitlines()
        assert not any(line.startswith("ok 9") for line in lines) and "\x1b[2J" not in "".join(lines), (fmt, lines)
    assert re.search(r"(?<!\\)# SKIP", _report("tap", [vd], files=["x.yaml"])) is None  # escaped: \# SKIP
    doc = _report("junit", [vd], files=["x.yaml"])
    assert "&#xA;" in doc and "\x1b" not in doc
    assert json.loads(_report("json", [vd], files=["x.yaml"]))["resources"][0]["name"] == vd.name
