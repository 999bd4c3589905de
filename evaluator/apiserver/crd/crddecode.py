"""Decoding a CustomResourceDefinition into its Go type, as the API server does before admission.

A CRD whose fields have the wrong JSON type (`required: num`, `properties: [1]`, `served: "yes"`,
`enum: abc`) never reaches validation: Go's JSON decoder refuses it with an `UnmarshalTypeError`
(`json: cannot unmarshal string into Go struct field JSONSchemaProps.spec.versions.schema.
openAPIV3Schema.properties.required of type []string`). The shapes below are the apiextensions/v1
Go types (field name → Go type); `decode` reports the first such error in document order and
returns the CRD as the decoder leaves it (nulls and values its custom decoders pass over dropped),
which is what admission then checks. Unknown fields are not errors (the server drops them, or
refuses them only when the client asks for strict field validation).
"""

from __future__ import annotations

from typing import Any

_SCHEMA = "JSONSchemaProps"
_STRUCTS: dict[str, dict[str, str]] = {
    "CustomResourceDefinition": {
        "apiVersion": "string",
        "kind": "string",
        "metadata": "ObjectMeta",
        "spec": "CustomResourceDefinitionSpec",
    },
    "ObjectMeta": {
        "name": "string",
        "generateName": "string",
        "namespace": "string",
        "labels": "map[string]string",
        "annotations": "map[string]string",
    },
    "CustomResourceDefinitionSpec": {
        "group": "string",
        "names": "CustomResourceDefinitionNames",
        "scope": "v1.ResourceScope",
        "versions": "[]CustomResourceDefinitionVersion",
        "conversion": "CustomResourceConversion",
        "preserveUnknownFields": "bool",
    },
    "CustomResourceDefinitionNames": {
        "plural": "string",
        "singular": "string",
        "shortNames": "[]string",
        "kind": "string",
        "listKind": "string",
        "categories": "[]string",
    },
    "CustomResourceConversion": {"strategy": "v1.ConversionStrategyType", "webhook": "WebhookConversion"},
    "WebhookConversion": {"clientConfig": "WebhookClientConfig", "conversionReviewVersions": "[]string"},
    "WebhookClientConfig": {"url": "string", "service": "ServiceReference", "caBundle": "[]uint8"},
    "ServiceReference": {"namespace": "string", "name": "string", "path": "string", "port": "int32"},
    "CustomResourceDefinitionVersion": {
        "name": "string",
        "served": "bool",
        "storage": "bool",
        "deprecated": "bool",
        "deprecationWarning": "string",
        "schema": "CustomResourceValidation",
        "subresources": "CustomResourceSubresources",
        "additionalPrinterColumns": "[]CustomResourceColumnDefinition",
        "selectableFields": "[]SelectableField",
    },
    "SelectableField": {"jsonPath": "string"},
    "CustomResourceColumnDefinition": {
        "name": "string",
        "type": "string",
        "format": "string",
        "description": "string",
        "priority": "int32",
        "jsonPath": "string",
    },
    "CustomResourceValidation": {"openAPIV3Schema": _SCHEMA},
    "CustomResourceSubresources": {
        "status": "CustomResourceSubresourceStatus",
        "scale": "CustomResourceSubresourceScale",
    },
    "CustomResourceSubresourceStatus": {},
    "CustomResourceSubresourceScale": {
        "specReplicasPath": "string",
        "statusReplicasPath": "string",
        "labelSelectorPath": "string",
    },
    _SCHEMA: {
        "id": "string",
        "$schema": "v1.JSONSchemaURL",
        "$ref": "string",
        "description": "string",
        "type": "string",
        "format": "string",
        "title": "string",
        "default": "JSON",
        "maximum": "float64",
        "exclusiveMaximum": "bool",
        "minimum": "float64",
        "exclusiveMinimum": "bool",
        "maxLength": "int64",
        "minLength": "int64",
        "pattern": "string",
        "maxItems": "int64",
        "minItems": "int64",
        "uniqueItems": "bool",
        "multipleOf": "float64",
        "enum": "[]v1.JSON",
        "maxProperties": "int64",
        "minProperties": "int64",
        "required": "[]string",
        "items": "JSONSchemaPropsOrArray",
        "allOf": "[]JSONSchemaProps",
        "oneOf": "[]JSONSchemaProps",
        "anyOf": "[]JSONSchemaProps",
        "not": _SCHEMA,
        "properties": "map[string]JSONSchemaProps",
        "additionalProperties": "JSONSchemaPropsOrBool",
        "patternProperties": "map[string]JSONSchemaProps",
        "dependencies": "v1.JSONSchemaDependencies",
        "additionalItems": "JSONSchemaPropsOrBool",
        "definitions": "v1.JSONSchemaDefinitions",
        "externalDocs": "ExternalDocumentation",
        "example": "JSON",
        "nullable": "bool",
        "x-kubernetes-preserve-unknown-fields": "bool",
        "x-kubernetes-embedded-resource": "bool",
        "x-kubernetes-int-or-string": "bool",
        "x-kubernetes-list-map-keys": "[]string",
        "x-kubernetes-list-type": "string",
        "x-kubernetes-map-type": "string",
        "x-kubernetes-validations": "v1.ValidationRules",
    },
    "ExternalDocumentation": {"description": "string", "url": "string"},
    "ValidationRule": {
        "rule": "string",
        "message": "string",
        "messageExpression": "string",
        "reason": "v1.FieldValueErrorReason",
        "fieldPath": "string",
        "optionalOldSelf": "bool",
    },
}
# named Go types over a plain one: what they hold
_NAMED = {
    "v1.ResourceScope": "string",
    "v1.ConversionStrategyType": "string",
    "v1.JSONSchemaURL": "string",
    "v1.FieldValueErrorReason": "string",
    "v1.JSONSchemaDefinitions": "map[string]JSONSchemaProps",
    "v1.JSONSchemaDependencies": "map[string]JSONSchemaPropsOrStringArray",
    "v1.ValidationRules": "[]ValidationRule",
}
_INT_BITS = {"int32": 32, "int64": 64}
_BASIC = ("string", "bool", "float64", "uint8", "int32", "int64")


class DecodeError(Exception):
    """The Go decoder's refusal, worded as `encoding/json` words it."""


def decode(crd: Any) -> Any:
    """The CRD as the API server's decoder leaves it; a DecodeError at the first type mismatch."""
    return _value(crd, "CustomResourceDefinition", "CustomResourceDefinition", ())


def _what(v: Any) -> str:
    """How `UnmarshalTypeError` names a JSON value."""
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, (int, float)):
        return "number"
    return {str: "string", list: "array", dict: "object"}.get(type(v), "value")


def _fail(v: Any, struct: str, path: tuple, go: str, shown: str | None = None) -> DecodeError:
    where = f"Go struct field {struct}.{'.'.join(path)}" if path else "Go value"
    return DecodeError(f"json: cannot unmarshal {shown or _what(v)} into {where} of type {_go_name(go)}")


def _go_name(go: str) -> str:
    """A type as Go prints it (`v1.` before the API package's types)."""
    for head in ("[]", "map[string]"):
        if go.startswith(head):
            return head + _go_name(go[len(head) :])
    return go if go in _BASIC or "." in go else f"v1.{go}"


def _value(v: Any, go: str, struct: str, path: tuple) -> Any:
    """`v` decoded as Go type `go` (`struct`/`path`: where, for the error)."""
    named, go = go, _NAMED.get(go, go)
    if v is None:  # null leaves a Go value as it is
        return None
    if go == "JSON" or (go == "[]v1.JSON" and isinstance(v, list)):
        return v
    if go == "string":
        if not isinstance(v, str):
            raise _fail(v, struct, path, named)
        return v
    if go == "bool":
        if not isinstance(v, bool):
            raise _fail(v, struct, path, go)
        return v
    if go == "float64":
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise _fail(v, struct, path, go)
        return v
    if go in _INT_BITS:
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise _fail(v, struct, path, go)
        bits = _INT_BITS[go]
        if (isinstance(v, float) and not v.is_integer()) or not -(1 << (bits - 1)) <= v < 1 << (bits - 1):
            raise _fail(v, struct, path, go, f"number {_go_number(v)}")
        return v
    if go == "[]uint8":  # base64 text
        if not isinstance(v, str):
            raise _fail(v, struct, path, go)
        return v
    if go == "JSONSchemaPropsOrBool":
        if isinstance(v, dict):
            return _value(v, _SCHEMA, struct, path)
        if isinstance(v, bool):
            return v
        raise DecodeError("boolean or JSON schema expected")
    if go in ("JSONSchemaPropsOrArray", "JSONSchemaPropsOrStringArray"):
        if isinstance(v, dict):
            return _value(v, _SCHEMA, struct, path)
        if isinstance(v, list):
            return _value(v, "[]JSONSchemaProps" if go == "JSONSchemaPropsOrArray" else "[]string", struct, path)
        return None  # its decoder passes any other value over
    if go.startswith("[]"):
        if not isinstance(v, list):
            raise _fail(v, struct, path, named)
        return [_value(x, go[2:], struct, path) for x in v]
    if go.startswith("map[string]"):
        if not isinstance(v, dict):
            raise _fail(v, struct, path, named)
        return {k: _value(x, go[len("map[string]") :], struct, path) for k, x in v.items()}
    fields = _STRUCTS[go]
    if not isinstance(v, dict):
        raise _fail(v, struct, path, go)
    out = {}
    for k, x in v.items():
        inner = fields.get(k)
        if inner is None:
            out[k] = x  # unknown: kept for the checks that name it
            continue
        decoded = _value(x, inner, go, (*path, k))
        if decoded is not None:
            out[k] = decoded
    return out


def _go_number(v: float) -> str:
    """A JSON number as the decoder quotes it (its text; YAML's numbers come back as JSON's)."""
    return repr(v) if isinstance(v, float) else str(v)
