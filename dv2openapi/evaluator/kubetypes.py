"""Kubernetes' own Go types whose JSON decoding refuses values their published schema admits, found by
their definition name in any document that holds them (the built-in kinds, a kubernetes-json-schema
location, Kubernetes' own OpenAPI documents): the API server refuses such an object before any
validation, so dv-eval reports the value as invalid."""

from __future__ import annotations

QUANTITY = "io.k8s.apimachinery.pkg.api.resource.Quantity"
INT_OR_STRING = "io.k8s.apimachinery.pkg.util.intstr.IntOrString"
TIME = "io.k8s.apimachinery.pkg.apis.meta.v1.Time"
MICRO_TIME = "io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime"
# the format that says what each one's decoder refuses: a Quantity string that resource.ParseQuantity
# does not parse (`memory: 1GB`); an IntOrString number outside int32 (its IntVal); a time that Go's
# time.Parse does not read with the type's layout (`creationTimestamp: yesterday`, `2024-01-01`)
DECODERS = {QUANTITY: "quantity", INT_OR_STRING: "int32", TIME: "rfc3339", MICRO_TIME: "rfc3339-micro"}
# formats that say nothing more to the evaluator (Kubernetes' own OpenAPI v3 writes `int-or-string`;
# `date-time` is the times' published format)
_NO_RULE = (None, "int-or-string", "date-time")


def decoded(doc: dict) -> dict:
    """OpenAPI document `doc` with those types' values checked as their decoders check them; `doc`
    itself when it holds none of them."""
    schemas = (doc.get("components") or {}).get("schemas")
    if not isinstance(schemas, dict):
        return doc
    found = {
        name: {**s, "format": fmt}
        for name, fmt in DECODERS.items()
        if isinstance(s := schemas.get(name), dict) and s.get("format") in _NO_RULE
    }
    if not found:
        return doc
    return {**doc, "components": {**doc["components"], "schemas": {**schemas, **found}}}
