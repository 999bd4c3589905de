"""Four behaviours of the API server on custom resources, each from the server code named beside it."""

from __future__ import annotations

from evaluator.apiserver.request.server import Validator


def _crd(schema: dict, **version) -> dict:
    return {
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "things.example.com"},
        "spec": {
            "group": "example.com",
            "names": {"kind": "Thing", "plural": "things"},
            "scope": "Namespaced",
            "versions": [
                {"name": "v1", "served": True, "storage": True, "schema": {"openAPIV3Schema": schema}, **version}
            ],
        },
    }


OPEN = {"type": "object", "properties": {"spec": {"type": "object", "x-kubernetes-preserve-unknown-fields": True}}}


def _errors(crd: dict, new: dict, old: dict | None = None) -> list[tuple]:
    return [(e.type, e.field, e.detail) for e in Validator(crd).validate(new, old)]


def test_an_update_without_namespace_takes_the_stored_objects():
    # k8s.io/apiserver pkg/endpoints/handlers/rest.go, EnsureObjectNamespaceMatchesRequestNamespace: an
    # empty namespace is the request's, and an update's request names the stored object's
    old = {"apiVersion": "example.com/v1", "kind": "Thing", "metadata": {"name": "a", "namespace": "prod"}}
    for new in ({**old, "metadata": {"name": "a"}}, {k: v for k, v in old.items() if k != "metadata"}):
        errs = _errors(_crd(OPEN), new, old)
        assert not [e for e in errs if e[1] == "metadata.namespace"], errs
    moved = {**old, "metadata": {"name": "a", "namespace": "dev"}}
    assert ("FieldValueInvalid", "metadata.namespace", "field is immutable") in _errors(_crd(OPEN), moved, old)


def test_a_null_item_of_a_list_with_an_enum_is_also_unsupported():
    # kube-openapi validate/schema.go, SchemaValidator.Validate: a nil value runs the type validator and
    # the common validator (its enum)
    schema = {
        "type": "object",
        "properties": {"modes": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}},
    }
    errs = _errors(
        _crd(schema), {"apiVersion": "example.com/v1", "kind": "Thing", "metadata": {"name": "x"}, "modes": ["a", None]}
    )
    assert errs == [
        ("FieldValueTypeInvalid", "modes[1]", 'modes[1] in body must be of type string: "null"'),
        ("FieldValueNotSupported", "modes[1]", 'supported values: "a", "b"'),
    ]


def test_all_of_adds_one_error_when_its_schemas_fail():
    # kube-openapi validate/schema_props.go, validateAllOf: the branches' errors (go-openapi's
    # Result.Merge reports one error once), then mustValidateAllSchemasMsg, ". None validated" when no
    # branch holds
    fields = {"a": {"type": "integer"}, "b": {"type": "integer"}}
    spec = {"type": "object", "properties": fields, "allOf": [{"required": ["a"]}, {"required": ["a"]}]}
    schema = {"type": "object", "properties": {"spec": spec}}
    obj = {"apiVersion": "example.com/v1", "kind": "Thing", "metadata": {"name": "x"}, "spec": {}}
    assert _errors(_crd(schema), obj) == [
        ("FieldValueRequired", "spec.a", ""),
        ("FieldValueInvalid", "<nil>", '"spec" must validate all the schemas (allOf). None validated'),
    ]
    spec["allOf"] = [{"required": ["a"]}, {"required": ["b"]}]
    assert _errors(_crd(schema), {**obj, "spec": {"b": 1}}) == [
        ("FieldValueRequired", "spec.a", ""),
        ("FieldValueInvalid", "<nil>", '"spec" must validate all the schemas (allOf)'),
    ]


def test_the_scale_subresource_reads_the_stored_status_on_update():
    # apiextensions-apiserver pkg/registry/customresource/validator.go, ValidateScaleStatus: the
    # status an update keeps (the stored one) read with unstructured.NestedInt64
    schema = {
        **OPEN,
        "properties": {
            **OPEN["properties"],
            "status": {"type": "object", "x-kubernetes-preserve-unknown-fields": True},
        },
    }
    scale = {"specReplicasPath": ".spec.replicas", "statusReplicasPath": ".status.replicas"}
    crd = _crd(schema, subresources={"status": {}, "scale": scale})
    old = {"apiVersion": "example.com/v1", "kind": "Thing", "metadata": {"name": "a"}, "status": "broken"}
    detail = ".status.replicas accessor error: broken is of the type string, expected map[string]interface{}"
    assert _errors(crd, old, old) == [("FieldValueInvalid", ".status.replicas", detail)]
    assert _errors(crd, {k: v for k, v in old.items() if k != "status"}) == []  # a create has no status
