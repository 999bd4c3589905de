"""Which schema of a document validates an object: --type, apiVersion/kind, or the only one."""

from __future__ import annotations

import json

from .schemaerror import SchemaError

ANNOTATION = "dv2openapi.dev/openapi"


def as_openapi(doc: object) -> dict:
    """An OpenAPI document from an OpenAPI doc, a CRD manifest or a bare schema."""
    if not isinstance(doc, dict):
        raise SchemaError("the schema file must hold a mapping")
    if doc.get("kind") == "CustomResourceDefinition":
        ann = (doc.get("metadata") or {}).get("annotations") or {}
        if ANNOTATION in ann:
            try:
                return json.loads(ann[ANNOTATION])
            except ValueError as e:
                raise SchemaError(f"bad {ANNOTATION} annotation: {e}") from None
        spec = doc.get("spec") or {}
        kind = (spec.get("names") or {}).get("kind", "Object")
        schemas = {}
        for ver in spec.get("versions") or []:
            s = (ver.get("schema") or {}).get("openAPIV3Schema")
            if isinstance(s, dict):
                s = dict(s)
                s.setdefault(
                    "x-kubernetes-group-version-kind",
                    [{"group": spec.get("group", ""), "version": ver.get("name", ""), "kind": kind}],
                )
                schemas[f"{kind}.{ver.get('name', '')}" if len(spec["versions"]) > 1 else kind] = s
        if not schemas:
            raise SchemaError("the CRD has no spec.versions[].schema.openAPIV3Schema")
        return {"openapi": "3.0.3", "components": {"schemas": schemas}}
    if "components" in doc or "openapi" in doc or "definitions" in doc:
        if "definitions" in doc and "components" not in doc:  # Swagger 2 (Kubernetes' own /openapi/v2)
            text = json.dumps(doc).replace("#/definitions/", "#/components/schemas/")
            d = json.loads(text)
            return {"openapi": "3.0.3", "components": {"schemas": d["definitions"]}}
        return doc
    if "type" in doc or "properties" in doc:
        return {"openapi": "3.0.3", "components": {"schemas": {"Object": doc}}}
    raise SchemaError("not an OpenAPI document, CRD manifest or schema")


def schema_root(doc: object, type_name: str | None, obj: object = None) -> tuple[dict, str]:
    """(the OpenAPI document, the $ref of the schema to validate with)."""
    doc = as_openapi(doc)
    schemas = (doc.get("components") or {}).get("schemas") or {}
    if not isinstance(schemas, dict) or not schemas:
        raise SchemaError("the document has no components.schemas")
    if type_name:
        if type_name not in schemas:
            raise SchemaError(f"unknown type {type_name!r} (known: {', '.join(sorted(schemas)[:20])})")
        return doc, "#/components/schemas/" + type_name
    if isinstance(obj, dict) and obj.get("kind"):
        api = str(obj.get("apiVersion", ""))
        group, _, version = api.rpartition("/")
        hits = []
        for name, s in schemas.items():
            for gvk in (s.get("x-kubernetes-group-version-kind") or []) if isinstance(s, dict) else []:
                if gvk.get("kind") == obj["kind"] and gvk.get("version") == version and gvk.get("group", "") == group:
                    hits.append(name)
        if len(hits) == 1:
            return doc, "#/components/schemas/" + hits[0]
        if obj["kind"] in schemas:
            return doc, "#/components/schemas/" + obj["kind"]
    if len(schemas) == 1:
        return doc, "#/components/schemas/" + next(iter(schemas))
    raise SchemaError(f"several schemas and none selected: pass --type NAME (known: {', '.join(sorted(schemas)[:20])})")
