"""Regenerate the committed artefacts: schemas/ from examples/, and docs/ from the registry.

python tools/generate.py           # write
python tools/generate.py --check   # exit 1 if anything would change (drift)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from dv2openapi.catalog import tags_markdown, vendor_markdown
from dv2openapi.clients import declare_kinds, file_name, for_clients, to_jsonschema
from dv2openapi.crd import to_crd
from dv2openapi.frontend import build_model
from dv2openapi.openapi import to_openapi
from dv2openapi.output import dump_yaml
from dv2openapi.renderdoc import clients_markdown, crd_rendering_markdown

ROOT = Path(__file__).resolve().parent.parent
# example folder -> (CRD kind, group) for the examples that ship a CRD
CRDS = {"widget": ("Widget", "example.com")}
# example folder -> (kind, group, version): its OpenAPI document's kind, and its JSON Schemas in schemas/jsonschema/
KINDS = {
    "widget": ("Widget", "example.com", "v1"),
    "csr": ("CertificateSigningRequest", "certificates.k8s.io", "v1"),
    "replicationcontroller": ("ReplicationController", "", "v1"),
}


def artefacts() -> dict[Path, str]:
    out: dict[Path, str] = {}
    for types in sorted((ROOT / "examples").glob("*/types.py")):
        name = types.parent.name
        rel = types.relative_to(ROOT)
        doc = to_openapi(build_model(str(rel)))
        kind, group, version = KINDS[name]
        published = for_clients(declare_kinds(doc, group, version, (kind,)))
        out[ROOT / "schemas" / f"{name}.openapi.yaml"] = dump_yaml(published)
        for strict in (False, True):
            schema = json.dumps(to_jsonschema(doc, kind, group, version, strict), indent=2) + "\n"
            out[ROOT / "schemas" / "jsonschema" / file_name(kind, version, strict)] = schema
        if name in CRDS:
            kind, group = CRDS[name]
            crd_doc = to_openapi(build_model(str(rel), [kind]))
            out[ROOT / "schemas" / f"{name}.crd.yaml"] = dump_yaml(to_crd(crd_doc, kind, group))
    out[ROOT / "docs" / "tags.md"] = tags_markdown()
    out[ROOT / "docs" / "vendor-keywords.md"] = vendor_markdown()
    out[ROOT / "docs" / "crd-rendering.md"] = crd_rendering_markdown()
    out[ROOT / "docs" / "clients.md"] = _spliced(ROOT / "docs" / "clients.md", clients_markdown())
    return out


def _spliced(path: Path, generated: str) -> str:
    """`path`'s text with `generated` between its begin/end markers (the rest is written by hand)."""
    text = path.read_text(encoding="utf-8")
    head, begin, rest = text.partition("<!-- begin: generated")
    marker, _, rest = rest.partition("\n")
    _, end, tail = rest.partition("<!-- end: generated -->")
    if not begin or not end:
        raise SystemExit(f"{path}: the <!-- begin: generated ... --> / <!-- end: generated --> markers are missing")
    return f"{head}{begin}{marker}\n{generated}{end}{tail}"


def main(argv: list[str]) -> int:
    import os

    os.chdir(ROOT)
    stale = []
    for path, text in artefacts().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            stale.append(path.relative_to(ROOT))
            if "--check" not in argv:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    if "--check" in argv and stale:
        print("out of date: " + ", ".join(map(str, stale)) + " (run python tools/generate.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
