"""Kubernetes' built-in kinds, offline: the schemas the `kubernetes-validate` package ships.

kubernetes-validate (Apache-2.0) packages the JSON schemas generated from Kubernetes' published
OpenAPI documents, one folder per minor release; `_definitions.json` holds every definition with
its `x-kubernetes-group-version-kind`. They are JSON Schema 2020-12 spellings of the OpenAPI
schemas, turned back into OpenAPI 3.0 here: `$defs` references, `type: [T, "null"]` as
`type: T` + `nullable`, and IntOrString as `x-kubernetes-int-or-string`.
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Callable
from pathlib import Path

from .loader import InputError
from .routing import Target

PACKAGE = "kubernetes_validate"
INSTALL = "pip install 'dv2openapi[kubernetes]'"
INT_OR_STRING = "io.k8s.apimachinery.pkg.util.intstr.IntOrString"


def _schema_root() -> Path:
    spec = importlib.util.find_spec(PACKAGE)  # located, not imported: importing it pulls in jsonschema
    if spec is None or not spec.submodule_search_locations:
        raise InputError(f"--kubernetes-version needs the kubernetes-validate package: {INSTALL}")
    return Path(next(iter(spec.submodule_search_locations))) / "kubernetes-json-schema"


def available() -> list[str]:
    """The Kubernetes minor versions shipped, oldest first ("1.25", …)."""
    found = []
    for p in _schema_root().iterdir():
        m = re.fullmatch(r"v(\d+)\.(\d+)\.\d+-local", p.name)
        if m:
            found.append((int(m[1]), int(m[2])))
    return [f"{a}.{b}" for a, b in sorted(found)]


def pick(version: str) -> str:
    """The shipped minor version for "1.37", "v1.37.0" or "latest"; an InputError if none."""
    have = available()
    if version == "latest":
        want = have[-1] if have else ""
    else:
        m = re.fullmatch(r"v?(\d+)\.(\d+)(?:\.\d+)?", version)
        want = f"{m[1]}.{m[2]}" if m else ""
    if want not in have:
        raise InputError(f"--kubernetes-version {version}: not available (kubernetes-validate ships {', '.join(have)})")
    return want


def load(want: str) -> dict:
    """An OpenAPI 3.0 document of every definition of Kubernetes `want` (a `pick` result)."""
    path = _schema_root() / f"v{want}.0-local" / "_definitions.json"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror}") from None
    text = text.replace('"#/$defs/', '"#/components/schemas/')
    defs = {k: _openapi30(v) for k, v in json.loads(text)["$defs"].items()}
    if INT_OR_STRING in defs:
        defs[INT_OR_STRING] = {"x-kubernetes-int-or-string": True}
    return {
        "openapi": "3.0.3",
        "info": {"title": f"Kubernetes {want}", "version": want},
        "components": {"schemas": defs},
    }


def _openapi30(x):
    """`type: [T, "null"]` -> `type: T, nullable: true` throughout (the same set of values)."""
    if isinstance(x, list):
        return [_openapi30(v) for v in x]
    if not isinstance(x, dict):
        return x
    out = {}
    for k, v in x.items():
        if k == "type" and isinstance(v, list):
            types = [t for t in v if t != "null"]
            out["type"] = types[0] if len(types) == 1 else v
            if "null" in v:
                out["nullable"] = True
        elif k == "properties" and isinstance(v, dict):
            out[k] = {name: _openapi30(sub) for name, sub in v.items()}
        elif k in ("description", "enum", "default", "example"):
            out[k] = v
        else:
            out[k] = _openapi30(v)
    return out


def lookup(version: str) -> Callable[[tuple], Target | None]:
    """(group, version, kind) -> the built-in kind's Target, or None; the schemas load on first use."""
    want = pick(version)
    table: dict = {}

    def find(gvk: tuple) -> Target | None:
        if not table:
            table.update(index(load(want), want))
        return table.get(gvk)

    return find


def index(doc: dict, version: str) -> dict:
    """(group, version, kind) -> Target for every top-level kind of the document."""
    out = {}
    source = f"Kubernetes {version} (kubernetes-validate)"
    for name, s in doc["components"]["schemas"].items():
        for gvk in s.get("x-kubernetes-group-version-kind") or ():
            out.setdefault(
                (gvk.get("group", ""), gvk.get("version", ""), gvk.get("kind", "")),
                Target(doc, name, source, builtin=True),
            )
    return out
