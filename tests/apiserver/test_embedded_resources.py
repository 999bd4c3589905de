"""Embedded resources (`x-kubernetes-embedded-resource: true`) in the API server model: kept from
pruning, coerced by the request decoder, validated (apiextensions-apiserver's schema/objectmeta)."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml

from evaluator.apiserver.request.server import NOT_CHECKED, Validator
from evaluator.run.cli import main
from tests import yamlc
from tests.cli import invoke

INPUT = {"type": "object", "x-kubernetes-embedded-resource": True, "x-kubernetes-preserve-unknown-fields": True}
TEMPLATE = {  # a declared embedded resource: its apiVersion, kind and metadata are not in its properties
    "type": "object",
    "x-kubernetes-embedded-resource": True,
    "properties": {"spec": {"type": "object", "properties": {"size": {"type": "integer"}}}},
}


PROPS = {
    "input": INPUT,
    "template": TEMPLATE,
    "inputs": {"type": "array", "items": INPUT},
    "byName": {"type": "object", "additionalProperties": INPUT},
}


def _schema(spec_props: dict, rules: bool = False) -> dict:
    spec = {"type": "object", "properties": spec_props}
    if rules:
        spec["x-kubernetes-validations"] = [{"rule": "true"}]
    return {"type": "object", "properties": {"spec": spec}}


def _errors(spec: dict, old: dict | None = None, rules: bool = False) -> list[tuple]:
    version = {"name": "v1", "schema": {"openAPIV3Schema": _schema(PROPS, rules)}}
    server = Validator(
        {"spec": {"group": "example.com", "names": {"kind": "T"}, "scope": "Cluster", "versions": [version]}}
    )
    obj = {"apiVersion": "example.com/v1", "kind": "T", "metadata": {"name": "t"}, "spec": spec}
    prior = {**obj, "spec": old} if old is not None else None
    return sorted((e.type, e.field, e.detail) for e in server.validate(obj, prior))


def test_apiversion_and_kind_are_required():
    assert _errors({"input": {"resources": []}}) == [
        ("FieldValueRequired", "spec.input.apiVersion", ""),
        ("FieldValueRequired", "spec.input.kind", ""),
    ]
    assert _errors({"input": {"apiVersion": "fn.example.com/v1", "kind": "Input", "resources": []}}) == []


def test_the_paths_follow_items_and_map_keys():
    got = _errors({"inputs": [{"kind": "A"}], "byName": {"x": {"apiVersion": "v1"}}})
    assert got == [
        ("FieldValueRequired", "spec.byName[x].kind", ""),
        ("FieldValueRequired", "spec.inputs[0].apiVersion", ""),
    ]


def test_pruning_keeps_the_type_and_object_meta_of_a_declared_embedded_resource():
    template = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"size": 1}, "extra": 1}
    assert _errors({"template": template}) == []
    assert _errors({"template": {"spec": {"size": 1}}}) == [
        ("FieldValueRequired", "spec.template.apiVersion", ""),
        ("FieldValueRequired", "spec.template.kind", ""),
    ]


def test_apiversion_and_kind_are_checked():
    got = _errors({"input": {"apiVersion": "a/b/c", "kind": "9Lives"}})
    assert got == [
        ("FieldValueInvalid", "spec.input.apiVersion", "unexpected GroupVersion string: a/b/c"),
        (
            "FieldValueInvalid",
            "spec.input.kind",
            "may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case "
            "alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric "
            "character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
        ),
    ]
    assert _errors({"input": {"apiVersion": "", "kind": ""}}) == [
        ("FieldValueInvalid", "spec.input.apiVersion", "must not be empty"),
        ("FieldValueInvalid", "spec.input.kind", "must not be empty"),
    ]
    assert _errors({"input": {"apiVersion": "v1", "kind": "MixedCase"}}) == []


def test_the_metadata_is_validated_with_path_segment_names():
    meta = {"name": "a/b", "generateName": "x%", "namespace": "Not_A_Label", "labels": {"-bad": "v"}}
    got = _errors({"input": {"apiVersion": "v1", "kind": "K", "metadata": meta}})
    assert [(t, f) for t, f, _ in got] == [
        ("FieldValueInvalid", "spec.input.metadata.generateName"),
        ("FieldValueInvalid", "spec.input.metadata.labels"),
        ("FieldValueInvalid", "spec.input.metadata.name"),
        ("FieldValueInvalid", "spec.input.metadata.namespace"),
    ]
    assert ("FieldValueInvalid", "spec.input.metadata.name", "may not contain '/'") in got
    # no name is no error (the server validates a stand-in name); unknown metadata fields are dropped
    assert _errors({"input": {"apiVersion": "v1", "kind": "K", "metadata": {"labels": {"a": "b"}, "x": 1}}}) == []


def test_a_wrongly_typed_field_fails_the_decoding_alone():
    bad_type = {"input": {"apiVersion": 5, "kind": "K"}, "template": {"spec": {"size": "big"}}}
    assert _errors(bad_type) == [("FieldValueInvalid", "spec.input.apiVersion", "must be a string")]
    bad_meta = {"input": {"apiVersion": "v1", "kind": "K", "metadata": {"labels": {"a": 1}}}}
    assert _errors(bad_meta) == [
        (
            "FieldValueInvalid",
            "spec.input.metadata",
            "json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string",
        )
    ]
    assert _errors({"input": {"apiVersion": "v1", "kind": "K", "metadata": "m"}}) == [
        (
            "FieldValueInvalid",
            "spec.input.metadata",
            "json: cannot unmarshal string into Go value of type v1.ObjectMeta",
        )
    ]
    assert _errors({"input": {"apiVersion": "v1", "kind": "K", "metadata": {"generation": 1.5}}}) == [
        (
            "FieldValueInvalid",
            "spec.input.metadata",
            "json: cannot unmarshal number 1.5 into Go struct field ObjectMeta.generation of type int64",
        )
    ]


def test_errors_block_the_rules_and_are_never_ratcheted():
    spec = {"input": {"resources": []}}
    got = _errors(spec, rules=True)
    assert ("FieldValueInvalid", "<nil>", NOT_CHECKED) in got
    assert ("FieldValueRequired", "spec.input.kind", "") in _errors(spec, old=copy.deepcopy(spec))


def test_a_stored_object_with_malformed_embedded_fields_is_read_leniently():
    old = {"input": {"apiVersion": 5, "kind": "K", "metadata": {"labels": {"a": 1}, "name": "n"}}}
    assert _errors({"input": {"apiVersion": "v1", "kind": "K"}}, old=old) == []


PIPELINE = {"type": "array", "items": {"type": "object", "properties": {"step": {"type": "string"}, "input": INPUT}}}
COMPOSITION_CRD = {
    "apiVersion": "apiextensions.k8s.io/v1",
    "kind": "CustomResourceDefinition",
    "metadata": {"name": "compositions.example.com"},
    "spec": {
        "group": "example.com",
        "scope": "Cluster",
        "names": {"kind": "Composition", "plural": "compositions", "singular": "composition"},
        "versions": [
            {
                "name": "v1",
                "served": True,
                "storage": True,
                "schema": {"openAPIV3Schema": _schema({"pipeline": PIPELINE})},
            }
        ],
    },
}


def test_dv_eval_refuses_a_pipeline_input_without_api_version_and_kind(tmp_path):
    (tmp_path / "crd.yaml").write_text(yaml.safe_dump(COMPOSITION_CRD))
    obj = {"apiVersion": "example.com/v1", "kind": "Composition", "metadata": {"name": "c"}}
    for step_input, code in (({"resources": []}, 1), ({"apiVersion": "fn.example.com/v1", "kind": "In"}, 0)):
        (tmp_path / "c.yaml").write_text(
            yaml.safe_dump({**obj, "spec": {"pipeline": [{"step": "a", "input": step_input}]}})
        )
        r = invoke(main, ["--schema", str(tmp_path / "crd.yaml"), str(tmp_path / "c.yaml")])
        assert r.exit_code == code, r.output
        assert ("spec.pipeline[0].input.apiVersion: Required value" in r.output) is (code == 1), r.output


def test_dv_eval_on_an_openapi_document_checks_embedded_resources_as_the_server_does():
    import evaluator

    doc = {"openapi": "3.0.0", "components": {"schemas": {"T": {"type": "object", "properties": {"input": INPUT}}}}}
    validator = evaluator.compile(doc, "T")

    def errors(step_input: dict) -> list[str]:
        return sorted(str(e) for e in validator.validate({"input": step_input}))

    assert errors({}) == ["input.apiVersion: Required value", "input.kind: Required value"]
    assert errors({"apiVersion": "", "kind": "K", "metadata": {"name": "a/b"}}) == [
        'input.apiVersion: Invalid value: "": must not be empty',
        "input.metadata.name: Invalid value: \"a/b\": may not contain '/'",
    ]
    assert errors({"apiVersion": "v1", "kind": 5}) == ["input.kind: Invalid value: 5: must be a string"]
    assert errors({"apiVersion": "v1", "kind": "K", "metadata": {"name": "n", "unknown": 1}}) == []


def _root_errors(meta: object, old_meta: object = None) -> list[tuple]:
    version = {"name": "v1", "schema": {"openAPIV3Schema": _schema(PROPS)}}
    server = Validator(
        {"spec": {"group": "example.com", "names": {"kind": "T"}, "scope": "Cluster", "versions": [version]}}
    )
    obj = {"apiVersion": "example.com/v1", "kind": "T", "metadata": meta, "spec": {}}
    prior = {**obj, "metadata": old_meta} if old_meta is not None else None
    return [(e.type, e.field, e.detail) for e in server.validate(obj, prior)]


def test_a_request_whose_metadata_does_not_decode_is_refused():
    """The request decoder reads the root's metadata as an ObjectMeta (malformed fields are not dropped
    for a request): a time Go does not parse, or a field of a wrong type, refuses the object."""
    parse = 'parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"'
    assert _root_errors({"name": "t", "creationTimestamp": "yesterday"}) == [
        ("FieldValueInvalid", "metadata.creationTimestamp", parse)
    ]
    assert _root_errors({"name": "t", "labels": {"a": 1}}) == [
        (
            "FieldValueInvalid",
            "metadata.labels",
            "json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string",
        )
    ]
    # keys in the sorted order of the JSON round trip, but a time's own decoder stops the decoding
    both = {"name": "t", "annotations": {"a": 1}, "creationTimestamp": "yesterday"}
    assert _root_errors(both) == [("FieldValueInvalid", "metadata.creationTimestamp", parse)]
    assert _root_errors({"name": "t", "creationTimestamp": None, "deletionTimestamp": "2024-01-01T00:00:00Z"}) == []
    assert _root_errors(5) == [
        ("FieldValueInvalid", "metadata", "json: cannot unmarshal number into Go value of type v1.ObjectMeta")
    ]
    # a number past int64, however large (a Python caller's int: no float of it overflows)
    huge = "json: cannot unmarshal number 1" + "0" * 400 + " into Go struct field ObjectMeta.generation of type int64"
    assert _root_errors({"name": "t", "generation": 10**400}) == [("FieldValueInvalid", "metadata.generation", huge)]
    # a stored object's malformed metadata is read leniently, as before
    assert _root_errors({"name": "t"}, old_meta={"name": "t", "creationTimestamp": "yesterday"}) == []


def test_an_embedded_resource_s_time_is_parsed_as_go_parses_it():
    meta = {"name": "n", "creationTimestamp": "2024-01-01"}
    assert _errors({"input": {"apiVersion": "v1", "kind": "K", "metadata": meta}}) == [
        (
            "FieldValueInvalid",
            "spec.input.metadata",
            'parsing time "2024-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"',
        )
    ]


def test_an_object_of_our_crd_whose_metadata_does_not_decode_is_refused(tmp_path):
    """Our own CRD's objects are judged by the evaluator, but a cluster's request decoder reads their
    metadata first: the decoding error alone, as the server model gives it."""
    obj = yamlc.safe_load(Path("examples/widget/objects/valid.yaml").read_text())
    obj["metadata"]["creationTimestamp"] = "yesterday"
    path = tmp_path / "w.yaml"
    path.write_text(yaml.safe_dump(obj))
    lines = []
    for how in ([], ["--as-cluster"]):
        r = invoke(main, ["--schema", "schemas/widget.crd.yaml", *how, str(path)])
        lines.append([line.split(" (")[0] for line in r.stdout.splitlines() if line.startswith("* ")])
        assert r.exit_code == 1, r.output
    want = '* metadata.creationTimestamp: Invalid value: "yesterday": parsing time "yesterday" as "2006-01-02T'
    assert lines[0] == lines[1] and len(lines[0]) == 1 and lines[0][0].startswith(want), lines
