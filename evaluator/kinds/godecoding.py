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
# Lists whose published list-map keys the API server does not hold unique as the schema says
# (k8s.io/kubernetes pkg/apis/core/validation/validation.go; pkg/api/pod/warnings.go): a duplicate
# container port, env name, imagePullSecret or hostAlias is a warning; container and volume names
# are unique by hand-written code (handwritten/podspec.py: `containers[1].name: Duplicate value`).
_CONTAINER_LISTS = ("ports", "env")
HAND_WRITTEN_UNIQUENESS = {
    "io.k8s.api.core.v1.Container": _CONTAINER_LISTS,
    "io.k8s.api.core.v1.EphemeralContainer": _CONTAINER_LISTS,
    "io.k8s.api.core.v1.PodSpec": ("containers", "initContainers", "volumes", "imagePullSecrets", "hostAliases"),
}
# Fields the published schema calls required that the API server does not require (it decodes a
# built-in kind into its Go type, never checks the schema's `required`, and its hand-written
# validation accepts the zero value or its defaults fill it in); later releases publish them as
# optional (serviceName from 1.33, podSelector from 1.34, apiGroup from 1.36)
SERVER_OPTIONAL = {
    "io.k8s.api.apps.v1.StatefulSetSpec": ("serviceName",),  # ValidateStatefulSetSpec never reads it
    "io.k8s.api.networking.v1.NetworkPolicySpec": ("podSelector",),  # empty: every pod of the namespace
    "io.k8s.api.rbac.v1.RoleRef": ("apiGroup",),  # SetDefaults_RoleBinding: rbac.authorization.k8s.io
    "io.k8s.api.core.v1.HTTPHeader": ("value",),  # validateHTTPHeaders checks the name only
    "io.k8s.api.core.v1.Sysctl": ("value",),  # validateSysctls checks the name only
    "io.k8s.api.core.v1.ISCSIVolumeSource": ("lun",),  # validateISCSIVolumeSource: lun 0 to 255
    "io.k8s.api.core.v1.ISCSIPersistentVolumeSource": ("lun",),
    "io.k8s.api.scheduling.v1.PriorityClass": ("value",),  # ValidatePriorityClass: 0 is a priority
    "io.k8s.api.discovery.v1.EndpointSlice": ("endpoints",),  # ValidateEndpointSlice: none is allowed
    "io.k8s.api.batch.v1.PodFailurePolicyOnPodConditionsPattern": ("status",),  # SetDefaults_Job: True
    "io.k8s.api.batch.v1.PodFailurePolicyRule": ("onPodConditions",),  # or onExitCodes (up to 1.28)
    "io.k8s.api.apps.v1.ControllerRevision": ("revision",),  # ValidateControllerRevision: 0 is one
}

# what the tables above make of a document, for the names of the cache entries built with them
TABLES = repr((DECODERS, _NO_RULE, HAND_WRITTEN_UNIQUENESS, SERVER_OPTIONAL))


def decoded(doc: dict) -> dict:
    """OpenAPI document `doc` with those types' values checked as their decoders check them, the
    lists of HAND_WRITTEN_UNIQUENESS left to the hand-written checks and SERVER_OPTIONAL's fields
    optional; `doc` itself when it holds none of them."""
    schemas = (doc.get("components") or {}).get("schemas")
    if not isinstance(schemas, dict):
        return doc
    found = {
        name: {**s, "format": fmt}
        for name, fmt in DECODERS.items()
        if isinstance(s := schemas.get(name), dict) and s.get("format") in _NO_RULE
    }
    for name, fields in HAND_WRITTEN_UNIQUENESS.items():
        s = schemas.get(name)
        properties = s.get("properties") if isinstance(s, dict) else None
        if isinstance(properties, dict) and any(isinstance(properties.get(f), dict) for f in fields):
            marked = {
                f: {**properties[f], "x-dv-custom-unique": True} for f in fields if isinstance(properties.get(f), dict)
            }
            found[name] = {**s, "properties": {**properties, **marked}}
    for name, fields in SERVER_OPTIONAL.items():
        s = found.get(name, schemas.get(name))
        required = s.get("required") if isinstance(s, dict) else None
        if isinstance(required, list) and any(f in required for f in fields):
            kept = [f for f in required if f not in fields]
            found[name] = {k: v for k, v in s.items() if k != "required"} | ({"required": kept} if kept else {})
    if not found:
        return doc
    return {**doc, "components": {**doc["components"], "schemas": {**schemas, **found}}}


def marked_inline(schema: object) -> None:
    """Mark, in place, the lists of HAND_WRITTEN_UNIQUENESS in a schema that holds Kubernetes' types
    inline, under no definition name (kubernetes-json-schema's standalone files), found by their
    fields: a container's (`name`, `image`, `ports` or `env`) and a pod spec's (`containers`)."""
    todo = [schema]
    while todo:
        node = todo.pop()
        if isinstance(node, list):
            todo += node
            continue
        if not isinstance(node, dict):
            continue
        properties = node.get("properties")
        if isinstance(properties, dict):
            if "containers" in properties:
                fields = HAND_WRITTEN_UNIQUENESS["io.k8s.api.core.v1.PodSpec"]
            elif "image" in properties and "name" in properties:
                fields = _CONTAINER_LISTS
            else:
                fields = ()
            for f in fields:
                if isinstance(properties.get(f), dict):
                    properties[f] = {**properties[f], "x-dv-custom-unique": True}
        todo += [v for k, v in node.items() if k not in ("enum", "default", "example", "const")]


def is_kubernetes_type(name: str) -> bool:
    """A definition of Kubernetes' own Go types, by its published name (`io.k8s.api.apps.v1.Deployment`):
    its kind is one the API server validates by hand-written code too."""
    return name.startswith("io.k8s.api.")
