"""Kubernetes' own types, exactly: the verdicts validation-gen's generated code gives on k8s.io/api.

- Go packages the project wrote (`tests/golang/`), one per kind of rule k8s.io/api relies on, with
  the verdicts the generated Go code gives (read from validation-gen's emitter and apimachinery's
  `validate` package).
- With checkouts of k8s.io/api (DV2OPENAPI_K8S_API) and k8s.io/apimachinery
  (DV2OPENAPI_APIMACHINERY), the requests of `../shared/k8s-verdicts/` replay through documents
  built from the Go sources, against the errors the generated code returned.
"""

from __future__ import annotations

import functools
import os
import re
import time
from collections import Counter
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import evaluator
from dv2openapi.cli import main as dv2openapi
from dv2openapi.golang.model import _GoSource, build_go_model
from dv2openapi.golang.packages import go_files, load_package, package_of
from dv2openapi.golang.standins import STANDINS, WIRE
from dv2openapi.golang.syntax import comment_block, parse_file, type_blocks
from dv2openapi.openapi import to_openapi
from evaluator.run.cli import main as dv_eval
from tests import yamlc
from tests.cli import invoke
from tests.conformance.corpus import _key  # (type, field, origin, level, detail), Go type names aside
from tests.shared_data import SHARED, records

ROOT = Path(__file__).resolve().parents[2]
GO = ROOT / "tests" / "golang"


@functools.cache
def _validator(package: str, type_name: str) -> evaluator.Validator:
    return evaluator.compile(to_openapi(build_go_model(str(GO / package))), type_name)


def _verdict(package: str, type_name: str, new: dict, old: dict | None = None, **kw) -> list[tuple]:
    """(type, field, origin, level) of every error, sorted."""
    errs = _validator(package, type_name).validate(new, old, **kw)
    return sorted((e.type, e.field, e.origin, e.level) for e in errs)


# --- level wrappers keep the wrapped tag's semantics --------------------------------------------

REF = {"roleRef": {"name": "admin"}}


def test_a_wrapped_dependency_reports_at_its_level():
    assert _verdict("levels", "Spec", {**REF, "workload": "w", "group": "g"}) == [
        ("FieldValueForbidden", "group", "dependentForbidden", "alpha")
    ]
    assert _verdict("levels", "Spec", {**REF, "perIndex": 1}) == [
        ("FieldValueRequired", "limit", "dependentRequired", "beta")
    ]
    assert _verdict("levels", "Spec", {**REF, "perIndex": 1, "limit": 2, "workload": "w"}) == []


def test_a_wrapped_optional_stops_the_wrapped_rules_on_an_empty_value():
    tolerations = {"tolerations": [{}, {"key": ""}, {"key": "not a key"}]}
    assert _verdict("levels", "Spec", {**REF, **tolerations}) == [
        ("FieldValueInvalid", "tolerations[2].key", "format=k8s-label-key", "alpha")
    ]


def test_a_wrapped_immutable_that_fails_stops_the_value_s_validation():
    old = {"roleRef": {"name": "admin"}}
    assert _verdict("levels", "Spec", {"roleRef": {}}, old) == [("FieldValueInvalid", "roleRef", "immutable", "alpha")]
    assert _verdict("levels", "Spec", {"roleRef": {}}) == [("FieldValueRequired", "roleRef.name", "", "beta")]


def test_a_wrapped_opaque_each_val_leaves_the_items_rules_out():
    assert _verdict("levels", "Spec", {**REF, "templates": [{"name": "Not_A_Name"}, {}]}) == []


# --- constants: enum members defined from other constants ---------------------------------------


def test_enum_members_defined_from_another_package_s_constants():
    schemas = to_openapi(build_go_model(str(GO / "constants/discovery")))["components"]["schemas"]
    assert schemas["AddressType"]["enum"] == ["IPv4", "IPv6", "FQDN"]
    assert schemas["Drink"]["enum"] == ["café", "thé", "IP-raw\\n", "AB"]  # Go's escapes; a raw string's are text
    assert schemas["Size"]["enum"] == ["S", "L"]  # repeated values are one member; "M" is excluded
    v = _validator("constants/discovery", "Endpoints")
    assert not v.validate({"addressType": "IPv6", "drink": "café", "size": "L"})
    (err,) = v.validate({"addressType": "IPv5", "drink": "thé", "size": "S"})
    assert (err.type, err.field, err.detail) == (
        "FieldValueNotSupported",
        "addressType",
        'supported values: "FQDN", "IPv4", "IPv6"',
    )


# --- list semantics written under level wrappers -------------------------------------------------


def test_a_wrapped_custom_unique_leaves_the_uniqueness_check_out_but_items_correlate():
    two = {"conditions": [{"type": "Approved"}, {"type": "Approved", "reason": "a very long reason"}]}
    assert _verdict("lists", "Status", two) == [("FieldValueTooLong", "conditions[1].reason", "maxLength", "")]
    old = {"conditions": [{"type": "Approved", "reason": "a very long reason"}]}
    new = {"conditions": [{"type": "Denied"}, {"type": "Approved", "reason": "a very long reason"}]}
    assert _verdict("lists", "Status", new, old) == []  # the Approved item is unchanged: ratcheted


def test_items_of_an_atomic_list_unique_by_key_correlate_and_ratchet():
    old = {"sharedCounters": [{"name": "gpu"}]}
    new = {"sharedCounters": [{"name": "Mem_1"}, {"name": "gpu"}]}
    assert _verdict("lists", "Spec", new, old) == [
        ("FieldValueInvalid", "sharedCounters[0].name", "format=k8s-short-name", "beta"),
        ("FieldValueRequired", "sharedCounters[0].counters", "", "beta"),
    ]
    dup = {"sharedCounters": [{"name": "gpu", "counters": {"a": {}}}, {"name": "gpu", "counters": {"b": {}}}]}
    assert _verdict("lists", "Spec", dup) == [("FieldValueDuplicate", "sharedCounters[1]", "", "beta")]


# --- apimachinery's meta/v1: its own rules, and none of the server's hand-written ones ------------


def test_apimachinery_s_alpha_rules_on_conditions_and_object_metadata():
    status = {"conditions": [{"type": "Ready", "status": "Maybe", "reason": ""}]}
    assert _verdict("objects/v1", "Gadget", {"metadata": {"name": "g"}, "spec": {}, "status": status}) == [
        ("FieldValueNotSupported", "status.conditions[0].status", "", "alpha"),
        ("FieldValueRequired", "status.conditions[0].lastTransitionTime", "", "alpha"),  # hand-written, in Go
        ("FieldValueRequired", "status.conditions[0].reason", "", "alpha"),
    ]
    ok = {"type": "Ready", "status": "True", "reason": "Up", "lastTransitionTime": "2026-01-01T00:00:00Z"}
    assert _verdict("objects/v1", "Gadget", {"spec": {}, "status": {"conditions": [ok]}}) == []
    old = {"metadata": {"name": "g", "uid": "a"}, "spec": {}}
    assert _verdict("objects/v1", "Gadget", {"metadata": {"name": "g", "uid": "b"}, "spec": {}}, old) == [
        ("FieldValueInvalid", "metadata.uid", "immutable", "alpha")
    ]


def test_names_namespaces_and_labels_are_the_server_s_checks_not_declarative_rules():
    obj = {"metadata": {"name": "Bad_Name", "namespace": "Not_A_Label", "labels": {"-bad": "x"}}, "spec": {}}
    assert _verdict("objects/v1", "Gadget", obj) == []
    assert sorted(e.field for e in evaluator.object_meta_errors(obj)) == [
        "metadata.labels",
        "metadata.name",
        "metadata.namespace",
    ]


def test_an_update_without_a_namespace_is_in_the_stored_object_s():
    """The request of an update is the stored object's namespace (k8s.io/apiserver fills an empty
    one from the request), never `default`: no 'field is immutable'."""
    old = {"metadata": {"name": "g", "namespace": "prod"}}
    assert evaluator.object_meta_errors({"metadata": {"name": "g"}}, old) == []
    moved = evaluator.object_meta_errors({"metadata": {"name": "g", "namespace": "dev"}}, old)
    assert [(e.field, e.detail) for e in moved] == [("metadata.namespace", "field is immutable")]


def test_a_long_name_is_counted_in_characters_and_a_long_label_in_bytes():
    # the server checks names with util/validation (its MaxLenError says characters) and labels
    # with content's label checks (bytes), as its messages say
    obj = {"metadata": {"name": "a" * 254, "labels": {"k": "v" * 64}}, "spec": {}}
    details = sorted(str(e).rsplit(": ", 1)[-1] for e in evaluator.object_meta_errors(obj))
    assert details == ["must be no more than 253 characters", "must be no more than 63 bytes"]


def test_a_subfield_s_rules_are_one_group_whatever_their_level():
    assert _verdict("objects/v1", "Sprocket", {"metadata": {}}) == []  # optional gates the format
    bad = [("FieldValueInvalid", "metadata.name", "format=k8s-long-name", "beta")]
    assert _verdict("objects/v1", "Sprocket", {"metadata": {"name": "Bad_Name"}}) == bad
    assert _verdict("objects/v1", "Cog", {"metadata": {}}) == bad  # no optional: "" is checked


# --- dv-eval: a create as the API server validates it ----------------------------------------------


def _file(tmp_path: Path, name: str, obj: dict) -> str:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(obj))
    return str(path)


def test_a_generate_name_names_the_object_before_it_is_validated(tmp_path):
    widget = yamlc.safe_load((ROOT / "examples/widget/objects/valid.yaml").read_text())
    widget["metadata"] = {"generateName": "blue-"}
    r = invoke(dv_eval, ["--schema", str(ROOT / "schemas/widget.openapi.yaml"), _file(tmp_path, "w.yaml", widget)])
    assert r.exit_code == 0, r.output
    widget["metadata"] = {"generateName": "Blue-"}  # the generated name fails the type's own format
    r = invoke(dv_eval, ["--schema", str(ROOT / "schemas/widget.openapi.yaml"), _file(tmp_path, "w.yaml", widget)])
    assert r.exit_code == 1 and '* metadata.name: Invalid value: "Blue-' in r.output, r.output
    cog = {"apiVersion": "objects.example.com/v1", "kind": "Cog", "metadata": {"generateName": "cog-"}}
    schema = _file(tmp_path, "objects.openapi.yaml", to_openapi(build_go_model(str(GO / "objects/v1"))))
    assert invoke(dv_eval, ["--schema", schema, _file(tmp_path, "cog.yaml", cog)]).exit_code == 0
    assert _verdict("objects/v1", "Cog", cog) != []  # validation-gen's verdict on the object as given


def test_kubeconform_s_generate_name_fixture_is_valid():
    fixture = SHARED / "realworld/kubeconform/fixtures/generate_name.yaml"
    if not fixture.exists():
        pytest.skip(f"shared data {fixture} not present (it sits beside the checkout in CI and worktrees)")
    r = invoke(dv_eval, ["--kubernetes-version", "latest", str(fixture)])
    assert r.exit_code == 0, r.output


def test_the_server_s_metadata_checks_run_by_default_and_apart_with_declarative_only(tmp_path):
    schema = _file(tmp_path, "objects.openapi.yaml", to_openapi(build_go_model(str(GO / "objects/v1"))))
    gadget = {"apiVersion": "objects.example.com/v1", "kind": "Gadget", "metadata": {"name": "Bad_Name"}, "spec": {}}
    path = _file(tmp_path, "gadget.yaml", gadget)
    r = invoke(dv_eval, ["--schema", schema, path])
    assert r.exit_code == 1
    assert '* metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of' in r.output
    assert invoke(dv_eval, ["--schema", schema, "--declarative-only", path]).exit_code == 0
    job = {"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "Bad_Name"}, "spec": {"template": {}}}
    r = invoke(dv_eval, ["--kubernetes-version", "latest", _file(tmp_path, "job.yaml", job)])
    assert r.exit_code == 1 and '* metadata.name: Invalid value: "Bad_Name"' in r.output, r.output


# --- with checkouts: validation-gen's verdicts on k8s.io/api, and apimachinery's own tags ----------

K8S_API = os.environ.get("DV2OPENAPI_K8S_API")
APIMACHINERY = os.environ.get("DV2OPENAPI_APIMACHINERY")
META = "k8s.io/apimachinery/pkg/apis/meta/v1"


@pytest.mark.skipif(
    not K8S_API,
    reason="set DV2OPENAPI_K8S_API to a checkout of k8s.io/api (and DV2OPENAPI_APIMACHINERY to one of "
    "k8s.io/apimachinery, else the built-in stand-ins are used) to replay ../shared/k8s-verdicts",
)
def test_k8s_verdicts_replay_through_documents_built_from_k8s_io_api():
    modules = {"k8s.io/apimachinery": APIMACHINERY} if APIMACHINERY else {}

    @functools.cache
    def validator(gv: str, type_name: str) -> evaluator.Validator:
        return evaluator.compile(to_openapi(build_go_model(str(Path(K8S_API) / gv), None, modules)), type_name)

    compared, disagreements = 0, []
    for rec in records("k8s-verdicts/requests.jsonl.gz"):
        compared += 1
        errs = validator(rec["gv"], rec["type"]).validate(
            rec["new"], rec["old"], options=rec["options"], subresource=rec["subresource"], update=rec["update"]
        )
        got = Counter(
            _key({"type": e.type, "field": e.field, "origin": e.origin, "level": e.level, "detail": e.detail})
            for e in errs
        )
        if got != Counter(_key(e) for e in rec["go_errors"]):
            disagreements.append(rec["id"])
    assert compared == 6749
    assert disagreements == []


@pytest.mark.skipif(
    not APIMACHINERY, reason="set DV2OPENAPI_APIMACHINERY to a checkout of k8s.io/apimachinery to compare the stand-ins"
)
def test_the_stand_ins_carry_exactly_apimachinery_s_tags():
    def tags(package) -> dict:
        out = {}
        for name, (f, spec) in package.types.items():
            if name in WIRE[META]:
                continue
            src = _GoSource(f, [])
            out[name] = [t.tag.text for t in src._split(type_blocks(f, spec.line))[0]]
            if spec.node.type == "struct_type":
                body = next(c for c in spec.node.children if c.type == "field_declaration_list")
                for decl in (c for c in body.children if c.type == "field_declaration"):
                    sites = src._split(comment_block(f, decl.start_point[0] + 1))[0]
                    out[f"{name}.{f.src(decl.children[0])}"] = [t.tag.text for t in sites]
        return out

    standin = tags(package_of([parse_file("standin.go", STANDINS[META].encode())], "v1", "", META))
    real = tags(load_package(go_files(str(Path(APIMACHINERY) / "pkg/apis/meta/v1")), META))
    assert {k: real.get(k) for k in standin} == standin


# --- hostile Go packages: Go's own refusals are one line with file:line, exit 2, fast -----------------

HOSTILE = GO / "hostile"


@pytest.mark.parametrize(
    "package, message",
    [
        ("typedefcycle", r"typedefcycle/types.go:6: invalid recursive type A: A refers to B refers to A$"),
        ("aliascycle", r"aliascycle/types.go:4: invalid recursive type alias A$"),
        ("selfbyvalue", r"selfbyvalue/types.go:13: invalid recursive type T: T refers to U refers to T$"),
        ("arraycycle", r"arraycycle/types.go:5: invalid recursive type T: T refers to T$"),
        ("constcycle", r"constcycle/types.go:8: constant Y is defined through itself$"),
    ],
)
def test_go_s_invalid_recursive_types_are_refused(package, message):
    start = time.monotonic()
    r = CliRunner().invoke(dv2openapi, ["openapi", str(HOSTILE / package)])
    assert r.exit_code == 2 and len(r.output.splitlines()) == 1, r.output
    assert re.search(message, r.output.strip()), r.output
    assert time.monotonic() - start < 30  # a hang guard: a typedef cycle once spun until the 60 s limit


def test_lists_nested_thousands_deep_translate(tmp_path):
    # how the time grows with the depth is measured in benchmarks/deep_types.py, not here
    r = CliRunner().invoke(dv2openapi, ["openapi", str(HOSTILE / "deepslices"), "-o", str(tmp_path / "out.yaml")])
    assert r.exit_code == 0, r.output
    text = (tmp_path / "out.yaml").read_text()  # too deep for PyYAML to read back
    assert text.count("type: array") == 3000 and text.count("type: string") == 1


def test_a_file_that_is_not_utf8_is_go_s_refusal(tmp_path):
    (tmp_path / "t.go").write_bytes(b'package p\n\ntype T struct {\n\tX string `json:"x\xff"`\n}\n')
    r = CliRunner().invoke(dv2openapi, ["openapi", str(tmp_path)])
    assert r.exit_code == 2 and r.output.strip().endswith("t.go:4: illegal UTF-8 encoding"), r.output


def test_entries_named_dot_go_that_are_not_files_are_passed_over(tmp_path):
    (tmp_path / "t.go").write_text('package p\n\ntype T struct {\n\tX string `json:"x"`\n}\n')
    (tmp_path / "dir.go").mkdir()
    os.mkfifo(tmp_path / "fifo.go")  # reading it would wait for a writer
    start = time.monotonic()
    r = CliRunner().invoke(dv2openapi, ["openapi", str(tmp_path)])
    assert r.exit_code == 0 and "T:" in r.output, r.output
    assert time.monotonic() - start < 30  # a hang guard: reading the FIFO would wait forever


def test_apimachinery_s_own_source_is_read_from_the_module_cache_or_vendor(tmp_path, monkeypatch):
    version = "v0.0.0-20260723070748-eed236ceee2c"
    (tmp_path / "api/v1").mkdir(parents=True)
    (tmp_path / "api/go.mod").write_text(f"module example.com/api\n\nrequire (\n\tk8s.io/apimachinery {version}\n)\n")
    (tmp_path / "api/v1/types.go").write_text(
        'package v1\n\nimport metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"\n\n'
        'type Status struct {\n\tConditions []metav1.Condition `json:"conditions"`\n}\n'
    )
    meta = 'package v1\n\ntype Condition struct {\n\t// +k8s:maxLength=%d\n\tType string `json:"type"`\n}\n'
    cache = tmp_path / "cache/k8s.io" / f"apimachinery@{version}/pkg/apis/meta/v1"
    cache.mkdir(parents=True)
    (cache / "types.go").write_text(meta % 3)
    monkeypatch.setenv("GOMODCACHE", str(tmp_path / "cache"))

    def max_length() -> int | None:
        schemas = to_openapi(build_go_model(str(tmp_path / "api/v1")))["components"]["schemas"]
        return schemas["Condition"]["properties"]["type"].get("maxLength")

    assert max_length() == 3
    vendored = tmp_path / "api/vendor/k8s.io/apimachinery/pkg/apis/meta/v1"
    vendored.mkdir(parents=True)
    (vendored / "types.go").write_text(meta % 5)
    assert max_length() == 5  # the vendor directory first, as the go command
    monkeypatch.setenv("GOMODCACHE", str(tmp_path / "nowhere"))
    for d in (vendored, cache):
        (d / "types.go").unlink()
        d.rmdir()
    assert max_length() is None  # the built-in stand-in
