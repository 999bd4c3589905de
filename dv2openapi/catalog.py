"""The tag catalog and vendor-keyword reference, rendered from the registry."""

from __future__ import annotations

from evaluator.schema.vocabulary import VENDOR

from .registry import REGISTRY, SCOPE_NAMES
from .renderdoc import summary


def tags_markdown() -> str:
    lines = [
        "# Tag catalog",
        "",
        "Generated from `dv2openapi/registry.py` (`dv2openapi tags --markdown`).",
        "",
        "| Tag | Scopes | Payload | Arguments | Applies to | Description | Example | CRD rendering |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name in sorted(REGISTRY, key=str.lower):
        d = REGISTRY[name]
        scopes = ", ".join(SCOPE_NAMES[s] for s in sorted(d.scopes))
        kinds = ", ".join(sorted(d.kinds)) if d.kinds else "any"
        lines.append(
            f"| `+k8s:{name}` | {scopes} | {d.payload} | {d.args or '-'} | {kinds} | {d.doc} | "
            f"`{d.example}` | [{summary(name)}](crd-rendering.md#k8s{name.lower()}) |"
        )
    return "\n".join(lines) + "\n"


def tags_text() -> str:
    out = []
    for name in sorted(REGISTRY, key=str.lower):
        d = REGISTRY[name]
        out.append(
            f"+k8s:{name}\n    {d.doc}\n    scopes: {', '.join(SCOPE_NAMES[s] for s in sorted(d.scopes))}"
            f"; payload: {d.payload}" + (f"; args: {d.args}" if d.args else "") + f"\n    e.g. {d.example}"
        )
    return "\n".join(out) + "\n"


def vendor_markdown() -> str:
    lines = [
        "# Vendor keywords (`x-dv-*`)",
        "",
        "What OpenAPI cannot say, dv2openapi says with these keywords; dv-eval implements each one. "
        "Generated from `evaluator/schema/vocabulary.py`, which also holds each value's schema: dv-eval "
        "rejects a schema whose keyword values do not fit (a `SchemaError` naming the JSON pointer).",
        "",
        "| Keyword | Value | Semantics | Emitted by |",
        "| --- | --- | --- | --- |",
    ]
    for kw, v in VENDOR.items():
        lines.append(f"| `{kw}` | `{v.shape}` | {v.semantics} | {v.emitted_by} |")
    return "\n".join(lines) + "\n"
