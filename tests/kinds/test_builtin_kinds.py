"""Built-in kinds (--kubernetes-version) as the API server decodes them: Go's lists and maps hold
values, so a null item or map value is its type's zero value, then validated."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator.apiserver.values import quantity
from evaluator.kinds import godecoding
from evaluator.run.cli import main
from evaluator.schema.keywords import base64_problem, plain_base64, plain_quantity
from tests.cli import invoke

pytest.importorskip("kubernetes_validate", reason="built-in kinds need the kubernetes-validate package ([test] extra)")


def _deployment(container: dict | None, **pod) -> dict:
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "web"},
        "spec": {
            "selector": {"matchLabels": {"app": "web"}},
            "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [container], **pod}},
        },
    }


def _errors(tmp_path, obj: dict) -> tuple[int, list[str]]:
    path = tmp_path / "d.yaml"
    path.write_text(yaml.safe_dump(obj))
    r = invoke(main, ["--kubernetes-version", "1.37", str(path)])
    return r.exit_code, [line.split(" (")[0] for line in r.stdout.splitlines() if line.startswith("* ")]


C = "spec.template.spec.containers[0]"


@pytest.mark.parametrize(
    "container,pod,errors",
    [
        # one empty Container: no name, no image (validateContainerCommon)
        (None, {}, [f"* {C}.name: Required value", f"* {C}.image: Required value"]),
        ({"name": "a", "image": "x", "env": [None]}, {}, [f"* {C}.env[0].name: Required value"]),
        ({"name": "a", "image": "x", "ports": [None]}, {}, [f"* {C}.ports[0].containerPort: Required value"]),
        ({"name": "a", "image": "x", "args": [None], "command": [None]}, {}, []),  # "" is a valid argument
        ({"name": "a", "image": "x"}, {"nodeSelector": {"disk": None}}, []),  # "" is a valid label value
        ({"name": "a", "image": "x", "resources": {"limits": {"cpu": None}}}, {}, []),  # a zero Quantity
    ],
)
def test_a_null_item_or_map_value_is_its_zero_value(tmp_path, container, pod, errors):
    code, found = _errors(tmp_path, _deployment(container, **pod))
    assert (code, found) == (1 if errors else 0, errors)


# apimachinery's own cases (resource/quantity_test.go: TestQuantityParse, its table and its list of
# invalid strings), then ones read off its parser: which of its three errors, and its corners.
PARSES = ["0", "0n", "0Ki", "1", "1Ki", "3Ei", "100Ti", "5n", "50k", "1E", "1E-3", "1e3", "1E18", ".001", ".0001k"]
PARSES += ["1.G", ".", "-.", "-", "+", "00", "-0.5", "1e-10", ".001Ki", ".Ti", "1" * 30, "1e-9223372036854775808"]
PARSES += ["1e" + "0" * 5000 + "5", "9" * 5000]
REFUSED = {
    "quantities must match": ["1.1.M", "1+1.0M", "0.1am", "aoeu", " 1", "1 ", "", "1GB", "512mb", "1..5", "1 Gi"],
    "unable to parse quantity's suffix": ["0.1mi", ".5i", "1i", "-3.01i", "-3.01e-", "1ki", "1e", "1e+"]
    + ["1e9223372036854775808", "1e" + "9" * 5000],
    "unable to parse numeric part": [".Pi", ".Ei", ".e-10"],
}


@pytest.mark.parametrize("text", PARSES)
def test_a_quantity_apimachinery_parses(text):
    assert quantity.problem(text) is None


@pytest.mark.parametrize("text,error", [(t, e) for e, texts in REFUSED.items() for t in texts])
def test_a_quantity_apimachinery_refuses_with_its_error(text, error):
    assert quantity.problem(text).startswith(error)


def test_the_decoder_trims_only_the_spaces_json_leaves_unescaped():
    assert quantity.decode_problem(" 1Gi\u00a0\u3000") is None
    assert quantity.decode_problem("1Gi\t") and quantity.decode_problem("\n1Gi")  # sent as `\t`, `\n`


@pytest.mark.parametrize(
    "resources,errors",
    [
        ({"limits": {"memory": "1GB"}}, ['limits[memory]: Invalid value: "1GB": quantities must match']),
        ({"requests": {"cpu": "500 m"}}, ['requests[cpu]: Invalid value: "500 m": quantities must match']),
        ({"requests": {"cpu": "1ki"}}, ['requests[cpu]: Invalid value: "1ki": unable to parse quantity\'s suffix']),
        ({"limits": {"memory": "1Gi ", "cpu": "1e3"}, "requests": {"cpu": 0.5, "memory": "128M"}}, []),
    ],
)
def test_a_quantity_the_api_server_cannot_decode_is_invalid(tmp_path, resources, errors):
    code, found = _errors(tmp_path, _deployment({"name": "a", "image": "x", "resources": resources}))
    assert code == (1 if errors else 0) and len(found) == len(errors), found
    for line, want in zip(found, errors, strict=True):
        assert line.startswith(f"* {C}.resources.{want}"), line


def test_an_int_or_string_number_outside_int32_is_refused(tmp_path):
    service = {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"}, "spec": {"ports": [{"port": 80}]}}
    too_big = "Invalid value: 3000000000: must be of type int32"
    for target, error in [(3_000_000_000, too_big), ("http", ""), (8080, "")]:
        service["spec"]["ports"][0]["targetPort"] = target
        code, found = _errors(tmp_path, service)
        assert (code, found) == ((1, [f"* spec.ports[0].targetPort: {error}"]) if error else (0, [])), found


QUANTITY = {"oneOf": [{"type": "string"}, {"type": "number"}]}  # as Kubernetes publishes it
GVK = [{"group": "example.com", "version": "v1", "kind": "Thing"}]


def test_kubernetes_own_types_are_decoded_in_any_document_that_holds_them(tmp_path):
    """By name: in Kubernetes' own OpenAPI documents (--schema) and in JSON schemas found at a location."""
    thing = {"type": "object", "properties": {"size": {"$ref": "#/components/schemas/" + godecoding.QUANTITY}}}
    doc = {"openapi": "3.0.0", "components": {"schemas": {godecoding.QUANTITY: QUANTITY, "Thing": thing}}}
    doc["components"]["schemas"]["Thing"]["x-kubernetes-group-version-kind"] = GVK
    (tmp_path / "k8s.json").write_text(json.dumps(doc))
    folder = tmp_path / "schemas"
    folder.mkdir()
    (folder / "_definitions.json").write_text(json.dumps({"definitions": {godecoding.QUANTITY: QUANTITY}}))
    ref = {"$ref": f"_definitions.json#/definitions/{godecoding.QUANTITY}"}
    (folder / "thing.json").write_text(json.dumps({"type": "object", "properties": {"size": ref}}))
    for size, code in [("1GB", 1), ("1Gi", 0), (2.5, 0)]:
        obj = tmp_path / "thing.yaml"
        obj.write_text(yaml.safe_dump({"apiVersion": "example.com/v1", "kind": "Thing", "size": size}))
        for how in (
            ["--schema", str(tmp_path / "k8s.json")],
            ["--schema-location", f"{folder}/{{{{ .ResourceKind }}}}.json"],
        ):
            r = invoke(main, [*how, "--declarative-only", str(obj)])
            assert r.exit_code == code and ("quantities must match" in r.stdout) == bool(code), (how, r.output)


def test_a_kubernetes_json_schema_folder_is_read_by_name_where_it_can_be(tmp_path):
    """A folder location: the release's `-local` file of a kind (Kubernetes' types by name, decoded)
    before kubeconform's `-standalone` one (their copies written in place: no name, nothing decoded)."""
    folder = tmp_path / "kubernetes-json-schema"
    standalone, local = folder / "v1.30.0-standalone", folder / "v1.30.0-local"
    standalone.mkdir(parents=True)
    (standalone / "thing-example-v1.json").write_text(json.dumps({"type": "object", "properties": {"size": QUANTITY}}))
    obj = tmp_path / "thing.yaml"
    obj.write_text(yaml.safe_dump({"apiVersion": "example.com/v1", "kind": "Thing", "size": "1GB"}))
    args = ["--schema-location", str(folder), "--kubernetes-version", "1.30.0", "--declarative-only", str(obj)]
    assert invoke(main, args).exit_code == 0  # as kubeconform reads it: the type's name is lost
    local.mkdir()
    (local / "_definitions.json").write_text(json.dumps({"definitions": {godecoding.QUANTITY: QUANTITY}}))
    ref = {"$ref": f"_definitions.json#/definitions/{godecoding.QUANTITY}"}
    (local / "thing-example-v1.json").write_text(json.dumps({"type": "object", "properties": {"size": ref}}))
    r = invoke(main, args)
    assert r.exit_code == 1 and 'size: Invalid value: "1GB": quantities must match' in r.stdout, r.output


# Go's base64.StdEncoding as encoding/json decodes a []byte: where it stops, quantum by quantum
BASE64 = [
    ("", None),
    ("aGVsbG8=", None),
    ("aGVs\nbG8=", None),  # newlines are skipped
    ("aGVsbA==\n", None),
    ("aGVsbG8", 4),  # an unfinished last quantum: where it starts
    ("not base64!", 3),
    ("aGVsbG8==", 8),  # trailing garbage after the padding
    ("aGVsbA=", 7),  # the second "=" is missing: the input's end
    ("ab=c", 2),  # ... not a "=": the first one
    ("a===", 1),  # padding after one character
    ("\u00e9", 0),  # bytes, not characters
]


@pytest.mark.parametrize("text,at", BASE64)
def test_a_byte_string_is_decoded_as_go_decodes_base64(text, at):
    assert base64_problem(text) == (None if at is None else f"illegal base64 data at input byte {at}")


def test_a_secret_whose_data_is_not_base64_is_refused_without_showing_it(tmp_path):
    secret = {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}, "data": {"ok": "aGVsbG8="}}
    assert _errors(tmp_path, secret) == (0, [])
    secret["data"]["password"] = "hunter2!"
    code, found = _errors(tmp_path, secret)
    assert (code, found) == (1, ["* data[password]: Invalid value: illegal base64 data at input byte 7"])


@settings(max_examples=2000, deadline=None)
@given(st.text(st.sampled_from("0123456789.+-eEinumkKMGTP i\u0661"), max_size=8))
def test_a_quantity_the_walk_passes_without_the_parser_parses(text):
    if plain_quantity(text):
        assert quantity.decode_problem(text) is None


@settings(max_examples=2000, deadline=None)
@given(st.text(st.sampled_from("aZ09+/=\n\u00e9-"), max_size=10))
def test_base64_the_walk_passes_without_the_decoder_decodes(text):
    if plain_base64(text):
        assert base64_problem(text) is None
