"""Every CRD the emitter writes is one the API server admits (the admission checker says so)."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from dv2openapi.cli import main, summarize
from dv2openapi.crd import to_crd
from dv2openapi.errors import InputError
from dv2openapi.frontend import build_model
from dv2openapi.openapi import to_openapi
from dv2openapi.registry import REGISTRY
from dv2openapi.renderdoc import render
from evaluator.apiserver.crd.crdcheck import check_crd
from tests import yamlc
from tests.conformance.runner import CASES, document, load_cases

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [
    ("examples/widget/types.py", "Widget"),
    ("examples/replicationcontroller/types.py", "ReplicationController"),
    ("examples/csr/types.py", "CertificateSigningRequest"),
]
CONFORMANCE = sorted(
    {
        (str((CASES / c.folder / c.data.get("types", c.default_types)).relative_to(ROOT)), c.data["type"])
        for c in load_cases()
    }
)


def _is_struct(doc: dict, kind: str) -> bool:
    schema = doc["components"]["schemas"][kind]
    while "allOf" in schema and "properties" not in schema:
        schema = doc["components"]["schemas"][schema["allOf"][0]["$ref"].rsplit("/", 1)[1]]
    return schema.get("type") == "object" and "additionalProperties" not in schema


@pytest.mark.parametrize(
    "path,kind", EXAMPLES + CONFORMANCE, ids=lambda x: str(x).removeprefix("tests/conformance/cases/")
)
def test_generated_crd_is_admitted(path, kind):
    doc = document(str(ROOT / path))
    try:
        crd = to_crd(doc, kind, "example.com")
    except InputError as e:
        if not _is_struct(doc, kind):
            assert f"--type {kind} must name a struct" in str(e)
            return
        # only a cost no tag bounds may stop a struct: the error names the field and the fixing tag
        assert any(f"+k8s:{tag} on " in str(e) for tag in ("maxItems", "maxLength", "maxProperties")), str(e)
        assert kind == "ReplicationController", f"unexpected: {e}"
        return
    assert check_crd(crd) == []


def test_list_map_keys_default_to_the_zero_value_or_become_required(tmp_path):
    src = tmp_path / "t.py"
    src.write_text(
        "from dataclasses import dataclass\n"
        "from typing import Annotated, Optional\n\n"
        "@dataclass\nclass Item:\n    name: str\n    port: Annotated[int, '+k8s:minimum=1']\n"
        "    proto: Optional[str]\n    weight: int\n\n"
        "@dataclass\nclass T:\n"
        "    # +k8s:listType=map\n    # +k8s:listMapKey=name\n    # +k8s:listMapKey=port\n"
        "    # +k8s:listMapKey=proto\n    # +k8s:listMapKey=weight\n    items: list[Item]\n"
    )
    crd = to_crd(to_openapi(build_model(str(src), ["T"])), "T", "example.com")
    items = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["items"]["items"]
    assert items["properties"]["name"]["default"] == ""
    assert items["properties"]["proto"] == {"type": "string", "default": ""}  # no longer nullable
    assert "default" not in items["properties"]["port"] and items["required"] == ["port"]  # 0 < minimum
    assert items["properties"]["weight"]["default"] == 0  # int64 format: 0 is a valid default


@pytest.mark.parametrize(
    "option,value,expected",
    [
        ("--group", "example", "--group 'example': should be a domain with at least one dot"),
        ("--group", "Example.com", "--group 'Example.com': a lowercase RFC 1123 subdomain"),
        ("--version", "V1", "--version 'V1': a DNS-1035 label"),
        ("--plural", "wid.gets", "--plural 'wid.gets': a DNS-1035 label"),
    ],
)
def test_crd_options_are_checked_like_the_api_server(tmp_path, option, value, expected):
    out = tmp_path / "crd.yaml"
    args = ["crd", "examples/widget/types.py", "--type", "Widget", "--group", "example.com", option, value]
    r = CliRunner().invoke(main, [*args, "-o", str(out)])
    assert r.exit_code == 2 and expected in r.output and len(r.output.strip().splitlines()) == 1
    assert not out.exists()


def test_crd_type_must_name_a_struct(tmp_path):
    r = CliRunner().invoke(
        main,
        ["crd", "tests/conformance/cases/maps/typedef_to_map/models.py", "--type", "UnvalidatedType", "--group", "a.b"],
    )
    assert r.exit_code == 2 and "--type UnvalidatedType must name a struct" in r.output


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_tag_example_renders_into_an_admitted_crd(name):
    src, schema, _, error = render(name)
    assert error is None and REGISTRY[name].example.split("=")[0].split("(")[0] in src
    assert schema["type"] == "object" and schema["properties"]


def test_warnings_are_summarized_one_line_per_reason():
    warnings = [f"T.f{i}: x-dv-item has no CRD rendering" for i in range(5)] + ["T.g: other", "plain message"]
    assert summarize(warnings) == [
        "T.f0, T.f1, T.f2 and 2 more (--verbose): x-dv-item has no CRD rendering",
        "T.g: other",
        "plain message",
    ]


def test_shipped_example_output_is_a_short_summary():
    r = CliRunner().invoke(main, ["crd", "examples/widget/types.py", "--type", "Widget", "--group", "example.com"])
    assert r.exit_code == 0
    lines = [x for x in r.output.splitlines() if x.startswith("warning:")]
    verbose = CliRunner().invoke(main, ["crd", "examples/widget/types.py", "--type", "Widget", "--group", "a.b", "-v"])
    assert len(lines) <= 4 and len(lines) <= len([x for x in verbose.output.splitlines() if x.startswith("warning:")])


def test_kind_must_be_a_dns_label_apart_from_case(tmp_path):
    src = tmp_path / "t.py"
    src.write_text("from dataclasses import dataclass\n\n@dataclass\nclass My_Type:\n    a: str\n")
    with pytest.raises(InputError, match="--type 'My_Type': may have mixed case, but should otherwise match"):
        to_crd(to_openapi(build_model(str(src), ["My_Type"])), "My_Type", "example.com")


@pytest.mark.parametrize("path", sorted((ROOT / "schemas").glob("*.crd.yaml")), ids=lambda p: p.name)
def test_shipped_crds_are_admitted(path):
    assert check_crd(yamlc.safe_load(path.read_text())) == []


def test_a_rule_far_over_the_cost_limit_is_one_line_that_says_how_far_and_what_bounds_it(tmp_path):
    types = tmp_path / "claim.py"
    types.write_text(
        "from dataclasses import dataclass\n\n\n"
        "@dataclass\nclass Inner:\n    # +k8s:format=k8s-label-key\n    key: str\n\n\n"
        "@dataclass\nclass Mid:\n    tolerations: list[Inner]\n\n\n"
        "@dataclass\nclass Claim:\n    requests: list[Mid]\n"
    )
    r = CliRunner().invoke(main, ["crd", str(types), "--type", "Claim", "--group", "x.io"])
    assert r.exit_code == 2
    (line,) = [x for x in r.output.splitlines() if x.startswith("dv2openapi:")]
    assert "costs more than 100x the API server's per-rule limit" in line
    assert "+k8s:maxLength on Claim.requests[*].tolerations[*].key" in line
