"""Kubernetes' own Go types whose JSON decoding refuses values their published schema admits, found by
their definition name in any document that holds them (the built-in kinds, a kubernetes-json-schema
location, Kubernetes' own OpenAPI documents): the API server refuses such an object before any
validation, so dv-eval reports the value as invalid."""

from __future__ import annotations

QUANTITY = "io.k8s.apimachinery.pkg.api.resource.Quantity"
INT_OR_STRING = "io.k8s.apimachinery.pkg.util.intstr.IntOrString"
# the format that says what each one's decoder refuses: a Quantity string that resource.ParseQuantity
# does not parse (`memory: 1GB`); an IntOrString number outside int32 (its IntVal)
DECODERS = {QUANTITY: "quantity", INT_OR_STRING: "int32"}
_NO_RULE = (None, "int-or-string")  # formats that say nothing more (Kubernetes' own OpenAPI v3 writes the second)


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
