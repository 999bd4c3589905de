"""The Go frontend (`dv2openapi/golang/`): Go API packages read as gengo and validation-gen read
them, into the same type model as Python types.

- Go packages the project wrote (`tests/golang/`, each the Go form of a conformance port) give the
  same OpenAPI document as the port.
- Go semantics, on small packages written here.
- With a checkout of kubernetes/code-generator named by DV2OPENAPI_CODE_GENERATOR, every package
  of validation-gen's `output_tests` translates and the reference verdicts replay through the
  Go-built documents with 0 disagreements; with a checkout of k8s.io/api named by DV2OPENAPI_K8S_API,
  every group/version that carries validation tags translates.
"""

from __future__ import annotations

import functools
import os
import textwrap
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

import evaluator
from dv2openapi.cli import main as dv2openapi
from dv2openapi.errors import InputError
from dv2openapi.frontend import build_model
from dv2openapi.golang.model import build_go_model
from dv2openapi.openapi import to_openapi
from evaluator.run.cli import main as dv_eval
from tests.cli import invoke
from tests.conformance import corpus

ROOT = Path(__file__).resolve().parents[2]
GO = ROOT / "tests" / "golang"
PORTS = {
    "embedded": "embedded",
    "typedefs": "typedefs",
    "enum": "tags/enum",
    "mapkeys": "maps/keys",
    "union": "tags/union/union/discriminated/simple",
    "pointers": "pointers",
}


@pytest.mark.parametrize("go", sorted(PORTS))
def test_go_package_gives_the_ports_document(go):
    from_go = to_openapi(build_go_model(str(GO / go)))
    from_python = to_openapi(build_model(str(ROOT / "tests/conformance/cases" / PORTS[go] / "models.py")))
    from_go.pop("info"), from_python.pop("info")  # the title is the file's or the package's name
    assert from_go == from_python


def _package(tmp_path: Path, files: dict[str, str], module: str | None = "example.com/m") -> Path:
    if module:
        (tmp_path / "go.mod").write_text(f"module {module}\n\ngo 1.24\n")
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return tmp_path


def _schemas(path: Path, *names: str) -> dict:
    return to_openapi(build_go_model(str(path), list(names) or None))["components"]["schemas"]


def test_json_names_pointers_slices_maps_and_integer_kinds(tmp_path):
    pkg = _package(
        tmp_path,
        {
            "p/types.go": """
            package p

            type T struct {
                A     string            `json:"a,omitempty"`
                B     *int32            `json:"b,omitzero"`
                C     []byte            `json:"c"`
                D     map[string][]bool `json:"d"`
                E     uint8             `json:"e"`
                F     float32
                Skip  string `json:"-"`
                hidden int
                Any   interface{} `json:"any" protobuf:"bytes,1,opt"`
            }
            """
        },
    )
    props = _schemas(pkg / "p")["T"]["properties"]
    assert list(props) == ["a", "b", "c", "d", "e", "F", "any"]
    assert props["b"]["format"] == "int32" and props["b"]["nullable"] is True
    assert props["c"]["format"] == "byte"
    assert props["d"]["additionalProperties"]["items"]["type"] == "boolean"
    assert props["e"]["format"] == "int32" and props["F"]["type"] == "number"
    assert props["any"]["x-kubernetes-preserve-unknown-fields"] is True


def test_type_tags_come_from_the_block_above_and_the_one_before_it(tmp_path):
    pkg = _package(
        tmp_path,
        {
            "p/types.go": """
            package p

            // +k8s:minimum=1

            // Count is a count.
            // +k8s:maximum=9 # at most nine
            type Count int

            // +k8s:minimum=2
            var x = 1

            type Other int
            """
        },
    )
    schemas = _schemas(pkg / "p")
    assert schemas["Count"] == {
        "description": "Count is a count.",
        "type": "integer",
        "format": "int64",
        "minimum": 1,
        "maximum": 9,
    }
    assert schemas["Other"] == {"type": "integer", "format": "int64"}  # code sits between: not its block


def test_enums_aliases_and_other_generators_tags(tmp_path):
    pkg = _package(
        tmp_path,
        {
            "p/doc.go": """
            // +k8s:deepcopy-gen=package
            // +k8s:protobuf-gen=package
            // +k8s:openapi-model-package=io.example.p
            // +groupName=example.com
            package p
            """,
            "p/types.go": """
            package p

            // +k8s:enum
            type Mode string

            const (
                // +k8s:enumExclude
                ModeA Mode = "A"
                ModeB = Mode("B")
                Unrelated = "x"
            )

            type Same = Mode

            // +k8s:prerelease-lifecycle-gen:introduced=1.30
            type T struct {
                // +k8s:optional
                M Same `json:"m"`
            }
            """,
        },
    )
    schemas = _schemas(pkg / "p")
    assert schemas["Mode"]["enum"] == ["B"]  # ModeA is excluded; Unrelated is no Mode
    assert "Same" not in schemas  # an alias is the type it names
    assert schemas["T"]["properties"]["m"]["allOf"] == [{"$ref": "#/components/schemas/Mode"}]


def test_other_packages_through_go_mod_and_go_module_and_apimachinery_stand_ins(tmp_path):
    pkg = _package(
        tmp_path,
        {
            "api/v1/doc.go": """
            // +groupName=example.com
            package v1
            """,
            "api/v1/types.go": """
            package v1

            import (
                metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
                "k8s.io/apimachinery/pkg/util/intstr"
                shared "example.com/m/shared"
                ext "other.org/ext"
            )

            // +k8s:supportsSubresource="/status"
            type Widget struct {
                metav1.TypeMeta   `json:",inline"`
                metav1.ObjectMeta `json:"metadata,omitempty"`
                Spec   shared.Spec      `json:"spec"`
                Port   intstr.IntOrString `json:"port"`
                Extra  ext.Thing        `json:"extra"`
            }
            """,
            "shared/types.go": """
            package shared

            type Spec struct {
                // +k8s:minimum=0
                Replicas int32 `json:"replicas"`
            }
            """,
            "elsewhere/ext/thing.go": """
            package ext

            type Thing struct {
                Name string `json:"name"`
            }
            """,
        },
    )
    with pytest.raises(InputError, match="cannot find package 'other.org/ext' .*--go-module other.org/ext=DIR"):
        build_go_model(str(pkg / "api/v1"))
    modules = {"other.org/ext": str(pkg / "elsewhere/ext")}
    doc = to_openapi(build_go_model(str(pkg / "api/v1"), ["Widget"], modules))
    widget = doc["components"]["schemas"]["Widget"]
    assert widget["x-kubernetes-group-version-kind"] == [{"group": "example.com", "version": "v1", "kind": "Widget"}]
    assert widget["x-dv-supports-subresources"] == ["/status"]
    assert {"kind", "apiVersion", "metadata", "spec", "port", "extra"} <= set(widget["properties"])
    assert widget["properties"]["port"]["x-kubernetes-int-or-string"] is True
    v = evaluator.compile(doc, "Widget")
    obj = {"metadata": {"name": "Bad_Name"}, "spec": {"replicas": -1}, "port": 80, "extra": {"name": "x"}}
    # ObjectMeta's name is the API server's hand-written check, not a declarative rule: apart
    assert [e.field for e in v.validate(obj)] == ["spec.replicas"]
    assert [e.field for e in evaluator.object_meta_errors(obj)] == ["metadata.name"]


def test_generated_files_are_skipped_and_bad_go_is_one_error(tmp_path):
    pkg = _package(
        tmp_path,
        {
            "p/types.go": 'package p\n\ntype T struct {\n\tA int `json:"a"`\n}\n',
            "p/zz_generated.deepcopy.go": (
                "// Code generated by deepcopy-gen. DO NOT EDIT.\n\npackage p\n\nfunc (x *T) {{{\n"
            ),
            "p/types_test.go": "package p_test\n\nthis is not Go\n",
            "q/types.go": "package q\n\ntype T struct {\n",
        },
    )
    assert list(_schemas(pkg / "p")) == ["T"]
    with pytest.raises(InputError, match=r"q/types.go:\d+: not valid Go"):
        build_go_model(str(pkg / "q"))
    with pytest.raises(InputError, match="no .go files"):
        build_go_model(str(tmp_path))


def test_cli_reads_a_go_package_and_dv_eval_adds_its_rules_to_a_built_in_kind(tmp_path):
    pkg = _package(
        tmp_path,
        {
            "apps/v1/doc.go": "// +groupName=apps\npackage v1\n",
            "apps/v1/types.go": """
            package v1

            import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

            type Deployment struct {
                metav1.TypeMeta   `json:",inline"`
                metav1.ObjectMeta `json:"metadata,omitempty"`
                Spec DeploymentSpec `json:"spec"`
            }

            type DeploymentSpec struct {
                // +k8s:optional
                // +k8s:minimum=0
                Replicas *int32 `json:"replicas,omitempty"`
            }
            """,
        },
    )
    schema = tmp_path / "apps-v1.openapi.yaml"
    r = CliRunner().invoke(dv2openapi, ["openapi", str(pkg / "apps/v1"), "-o", str(schema)])
    assert r.exit_code == 0, r.output
    obj = tmp_path / "deploy.yaml"
    obj.write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: Web_1}\n"
        "spec: {replicas: -1, selector: {matchLabels: {a: b}}, template: {spec: {containers: 7}}}\n"
    )
    r = invoke(dv_eval, ["--kubernetes-version", "latest", "--schema", str(schema), str(obj)])
    assert r.exit_code == 1
    lines = [line for line in r.output.splitlines() if line.startswith("* ")]
    assert any(line.startswith("* spec.replicas: Invalid value: -1") for line in lines)  # the Go type's rule
    assert any(line.startswith("* spec.template.spec.containers:") for line in lines)  # the published shape
    assert sum(line.startswith("* metadata.name:") for line in lines) == 1  # ObjectMeta, once


CODE_GENERATOR = os.environ.get("DV2OPENAPI_CODE_GENERATOR")
K8S_API = os.environ.get("DV2OPENAPI_K8S_API")


@pytest.mark.skipif(
    not CODE_GENERATOR,
    reason="set DV2OPENAPI_CODE_GENERATOR to a checkout of kubernetes/code-generator to replay the reference "
    "verdicts through validation-gen's own Go test packages (README: Kubernetes' own types)",
)
def test_reference_verdicts_replay_through_validation_gens_own_go_packages():
    tests = Path(CODE_GENERATOR) / "cmd/validation-gen/output_tests"
    packages = sorted({p.parent for p in tests.rglob("*.go") if not p.name.endswith("_test.go")})
    for d in packages:
        to_openapi(build_go_model(str(d)))  # every package translates

    @functools.cache
    def validator(package: str, type_name: str):
        return evaluator.compile(to_openapi(build_go_model(str(tests / package))), type_name)

    compared = 0
    disagreements = []
    for rec in corpus.records():
        if rec["package"] in corpus.SKIPPED:
            continue
        compared += 1
        opts = rec["options"]
        errs = validator(rec["package"], rec["type"]).validate(
            rec["new"],
            rec["old"],
            options={} if opts is None else opts,
            subresource=rec["subresource"],
            update=rec["update"],
        )
        got = Counter(
            corpus._key({"type": e.type, "field": e.field, "origin": e.origin, "level": e.level, "detail": e.detail})
            for e in errs
        )
        if got != Counter(corpus._key(e) for e in rec["errors"]):
            disagreements.append(rec["id"])
    assert compared > 56000
    assert disagreements == []


@pytest.mark.skipif(not K8S_API, reason="set DV2OPENAPI_K8S_API to a checkout of k8s.io/api to translate all of it")
def test_every_tagged_group_version_of_k8s_io_api_translates():
    root = Path(K8S_API)
    tagged = sorted(
        {p.parent for p in root.rglob("types.go") if "+k8s:" in p.read_text(encoding="utf-8", errors="replace")}
    )
    assert len(tagged) > 40
    for d in tagged:
        doc = to_openapi(build_go_model(str(d)), [])
        assert doc["components"]["schemas"], d


# -- Go's own rules for recursive types (issue 42) -------------------------------------------------


def test_structs_embedding_each_other_through_pointers_are_walked_as_encoding_json_walks_them(tmp_path):
    path = _package(
        tmp_path,
        {
            "types.go": """\
            package v1

            type A struct {
            \t*B `json:",inline"`
            \tX int `json:"x"`
            }

            type B struct {
            \t*A `json:",inline"`
            \tY int `json:"y"`
            }
            """
        },
    )
    schemas = _schemas(path)
    assert list(schemas["A"]["properties"]) == ["x", "y"] and list(schemas["B"]["properties"]) == ["y", "x"]
    assert [e["fields"] for e in schemas["A"]["x-dv-embedded"]] == [["y"]]


def test_a_promoted_field_at_the_shallowest_depth_wins_and_a_struct_embedded_twice_hides_its_fields(tmp_path):
    path = _package(
        tmp_path,
        {
            "types.go": """\
            package v1

            type D struct {
            \tX int `json:"x"`
            \tZ int `json:"z"`
            }

            type B struct {
            \tX string `json:"x"`
            \tD `json:",inline"`
            }

            type C struct {
            \tD `json:",inline"`
            }

            type T struct {
            \tB `json:",inline"`
            \tC `json:",inline"`
            }
            """
        },
    )
    props = _schemas(path, "T")["T"]["properties"]
    # x: B's own (depth 1) beats D's (depth 2); z: D is embedded twice at depth 2, so it hides itself
    assert list(props) == ["x"] and props["x"]["type"] == "string"


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("type A = B\ntype B = A\n", "types.go:3: invalid recursive type alias A"),  # used by nothing
        ("type A = []B\ntype B = *A\n", "types.go:3: invalid recursive type alias A"),  # through composites
        ("type Z = Y\ntype Y = X\ntype X = Y\n", "types.go:4: invalid recursive type alias Y"),  # Z is no member
    ],
)
def test_a_cycle_of_aliases_is_gos_error_even_when_unused(tmp_path, source, message):
    path = _package(tmp_path, {"types.go": "package v1\n\n" + source + '\ntype T struct {\n\tF int `json:"f"`\n}\n'})
    r = CliRunner().invoke(dv2openapi, ["openapi", str(path)])
    assert r.exit_code == 2 and r.output.strip().endswith(message), r.output
    assert len(r.output.strip().splitlines()) == 1


def test_an_alias_of_a_recursive_defined_type_is_no_cycle(tmp_path):
    source = 'package v1\n\ntype L = N\ntype M = L\n\ntype N struct {\n\tNext *M `json:"next"`\n}\n'
    path = _package(tmp_path, {"types.go": source})
    assert "N" in _schemas(path)
