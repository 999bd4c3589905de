"""Which schema of a document validates an object: --type, apiVersion/kind, or the only one."""

from __future__ import annotations

from evaluator.schema.published import unpublished
from evaluator.schema.schemaerror import SchemaError

from .crdv1beta1 import as_v1

ANNOTATION = "dv2openapi.dev/openapi"
DIGEST = "dv2openapi.dev/spec-sha256"  # the rendered spec's: a CRD changed since is not ours any more


def spec_digest(spec: object) -> str:
    """The SHA-256 of a CRD's spec as canonical JSON."""
    import hashlib  # OpenSSL's bindings: 3 ms of every start, needed only for a dv2openapi CRD
    import json

    text = json.dumps(spec, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def rendered_by_us(crd: dict) -> bool:
    """Whether a CRD is dv2openapi's, unchanged since it was rendered: only then does the OpenAPI
    document it embeds stand for it. Anyone else's, or one edited since, is judged by its schema."""
    ann = (crd.get("metadata") or {}).get("annotations") if isinstance(crd.get("metadata"), dict) else None
    if not isinstance(ann, dict) or ANNOTATION not in ann or not isinstance(ann.get(DIGEST), str):
        return False
    return ann[DIGEST] == spec_digest(crd.get("spec"))


def as_openapi(doc: object) -> dict:
    """An OpenAPI document from an OpenAPI doc, a CRD manifest or a bare schema."""
    if not isinstance(doc, dict):
        raise SchemaError("the schema file must hold a mapping")
    if doc.get("kind") == "CustomResourceDefinition":
        return _from_crd(as_v1(doc))
    if "components" in doc or "openapi" in doc or "definitions" in doc:
        if "definitions" in doc and "components" not in doc:  # Swagger 2 (Kubernetes' own /openapi/v2)
            import json

            text = json.dumps(doc).replace("#/definitions/", "#/components/schemas/")
            d = json.loads(text)
            return {"openapi": "3.0.3", "components": {"schemas": d["definitions"]}}
        return doc
    if "type" in doc or "properties" in doc:
        return {"openapi": "3.0.3", "components": {"schemas": {"Object": doc}}}
    raise SchemaError("not an OpenAPI document, CRD manifest or schema")


def _mapping(value: object, where: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise SchemaError(f"{where}: must be a mapping, got {type(value).__name__}")
    return value


def embedded_openapi(crd: dict) -> dict | None:
    """The OpenAPI document a CRD that dv2openapi rendered embeds, when the CRD is unchanged since;
    None for any other CRD."""
    ann = _mapping(_mapping(crd.get("metadata"), "metadata").get("annotations"), "metadata.annotations")
    if ANNOTATION not in ann or not rendered_by_us(crd):
        return None
    import json  # only here: a CRD of anyone else's needs none

    try:
        embedded = json.loads(ann[ANNOTATION])
    except (TypeError, ValueError, RecursionError) as e:
        raise SchemaError(f"metadata.annotations[{ANNOTATION}]: not JSON: {e}") from None
    if not isinstance(embedded, dict):
        raise SchemaError(
            f"metadata.annotations[{ANNOTATION}]: must hold an OpenAPI document (a JSON object), "
            f"got {type(embedded).__name__}"
        )
    return embedded


def _from_crd(doc: dict) -> dict:
    """The OpenAPI document of a CRD: the one embedded by dv2openapi, else its versions' schemas."""
    embedded = embedded_openapi(doc)
    if embedded is not None:
        return embedded
    spec = _mapping(doc.get("spec"), "spec")
    kind = _mapping(spec.get("names"), "spec.names").get("kind", "Object")
    versions = spec.get("versions") or []
    if not isinstance(versions, list):
        raise SchemaError("spec.versions: must be a list")
    schemas = {}
    for i, ver in enumerate(versions):
        ver = _mapping(ver, f"spec.versions[{i}]")
        s = _mapping(ver.get("schema"), f"spec.versions[{i}].schema").get("openAPIV3Schema")
        if isinstance(s, dict):
            s = dict(s)
            s.setdefault(
                "x-kubernetes-group-version-kind",
                [{"group": str(spec.get("group", "")), "version": str(ver.get("name", "")), "kind": str(kind)}],
            )
            schemas[f"{kind}.{ver.get('name', '')}" if len(versions) > 1 else str(kind)] = s
    if not schemas:
        raise SchemaError("the CRD has no spec.versions[].schema.openAPIV3Schema")
    return {"openapi": "3.0.3", "components": {"schemas": schemas}}


def _gvks(schema: object) -> set:
    """(kind, version, group) triples a schema declares in x-kubernetes-group-version-kind."""
    gvks = schema.get("x-kubernetes-group-version-kind") if isinstance(schema, dict) else None
    return {
        (g.get("kind"), g.get("version"), g.get("group", ""))
        for g in (gvks if isinstance(gvks, list) else ())
        if isinstance(g, dict)
    }


def schema_root(doc: object, type_name: str | None, obj: object = None, *, published: bool = True) -> tuple[dict, str]:
    """(the OpenAPI document, the $ref of the schema to validate with). `published=False`: a document
    known to hold no client-published fields (Kubernetes' own schemas), not searched for them."""
    doc = as_openapi(doc)
    if published:
        doc = unpublished(doc)
    schemas = _mapping(doc.get("components"), "components").get("schemas") or {}
    if not isinstance(schemas, dict) or not schemas:
        raise SchemaError("the document has no components.schemas")
    if type_name:
        if type_name not in schemas:
            raise SchemaError(f"unknown type {type_name!r} (known: {', '.join(sorted(map(str, schemas))[:20])})")
        return doc, "#/components/schemas/" + type_name
    kind = obj.get("kind") if isinstance(obj, dict) else None
    if kind and isinstance(kind, str):
        group, _, version = str(obj.get("apiVersion", "")).rpartition("/")
        hits = [name for name, s in schemas.items() if (kind, version, group) in _gvks(s)]
        if len(hits) == 1:
            return doc, "#/components/schemas/" + hits[0]
        if kind in schemas:
            return doc, "#/components/schemas/" + kind
    if len(schemas) == 1:
        return doc, "#/components/schemas/" + next(iter(schemas))
    known = ", ".join(sorted(map(str, schemas))[:20])
    raise SchemaError(f"several schemas and none selected: pass --type NAME (known: {known})")
