"""An `apiextensions.k8s.io/v1beta1` CRD read as the API server stored it, in v1's shape: v1beta1's
defaults (`version` ↔ `versions`, `preserveUnknownFields: true`), then the internal-to-v1
conversion, which copies the top-level `validation`, `subresources` and `additionalPrinterColumns`
into every version (apiextensions' `Convert_apiextensions_CustomResourceDefinitionSpec_To_v1_…`).
The v1beta1 API is gone since Kubernetes 1.22, but its CRDs (kubeconform's fixtures among them)
still describe the objects of their kinds."""

from __future__ import annotations

V1BETA1 = "apiextensions.k8s.io/v1beta1"
V1 = "apiextensions.k8s.io/v1"


def _column(c: object) -> object:
    """A v1beta1 printer column in v1's spelling (`JSONPath` is `jsonPath`)."""
    if not isinstance(c, dict) or "JSONPath" not in c:
        return c
    out = {k: v for k, v in c.items() if k != "JSONPath"}
    out["jsonPath"] = c["JSONPath"]
    return out


def as_v1(crd: dict) -> dict:
    """`crd` in v1's shape when it is a v1beta1 CRD (a new dict; the input is left as it is), else `crd`."""
    spec = crd.get("spec")
    if crd.get("apiVersion") != V1BETA1 or not isinstance(spec, dict):
        return crd
    spec = dict(spec)
    version = spec.pop("version", None)
    versions = [dict(v) if isinstance(v, dict) else v for v in spec.get("versions") or []]
    if not versions and isinstance(version, str) and version:
        versions = [{"name": version, "served": True, "storage": True}]
    spec.setdefault("preserveUnknownFields", True)
    moved = {
        "schema": spec.pop("validation", None),
        "subresources": spec.pop("subresources", None),
        "additionalPrinterColumns": spec.pop("additionalPrinterColumns", None),
    }
    for v in versions:
        if not isinstance(v, dict):
            continue
        for key, value in moved.items():
            if value is not None:
                v[key] = value
        if isinstance(v.get("additionalPrinterColumns"), list):
            v["additionalPrinterColumns"] = [_column(c) for c in v["additionalPrinterColumns"]]
    spec["versions"] = versions
    return {**crd, "apiVersion": V1, "spec": spec}
