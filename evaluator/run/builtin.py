"""Kubernetes' built-in kinds, offline: the schemas the `kubernetes-validate` package ships.

kubernetes-validate (Apache-2.0) packages the JSON schemas generated from Kubernetes' published
OpenAPI documents, one folder per minor release; `_definitions.json` holds every definition with
its `x-kubernetes-group-version-kind`. They are JSON Schema 2020-12 spellings of the OpenAPI
schemas, turned back into OpenAPI 3.0 here: `$defs` references, `type: [T, "null"]` as
`type: T` + `nullable`, and IntOrString as `x-kubernetes-int-or-string`.
"""

from __future__ import annotations

import os
import re
import zlib
from collections.abc import Callable
from importlib.machinery import PathFinder

from evaluator.input import schemacache
from evaluator.input.document import InputError
from evaluator.kinds.godecoding import INT_OR_STRING, TABLES, decoded
from evaluator.run.routing import Target, count_rules
from evaluator.schema.shape import reached

PACKAGE = "kubernetes_validate"
INSTALL = "pip install 'dv2openapi[kubernetes]'"


class MissingPackage(InputError):
    """kubernetes-validate is not installed."""


def _schema_root() -> str:
    # located, not imported (importing it pulls in jsonschema); on sys.path first: importlib.util, which
    # also asks installed import hooks, takes ~2 ms to import
    spec = PathFinder.find_spec(PACKAGE)
    if spec is None:
        import importlib.util

        spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise MissingPackage(f"--kubernetes-version needs the kubernetes-validate package: {INSTALL}")
    return os.path.join(next(iter(spec.submodule_search_locations)), "kubernetes-json-schema")


def available() -> list[str]:
    """The Kubernetes minor versions shipped, oldest first ("1.25", …)."""
    found = []
    for name in os.listdir(_schema_root()):
        m = re.fullmatch(r"v(\d+)\.(\d+)\.\d+-local", name)
        if m:
            found.append((int(m[1]), int(m[2])))
    return [f"{a}.{b}" for a, b in sorted(found)]


def pick(version: str) -> str:
    """The shipped minor version for "1.37", "v1.37.0" or "latest" (kubeconform's "master"); an InputError if none."""
    have = available()
    if version in ("latest", "master"):
        want = have[-1] if have else ""
    else:
        m = re.fullmatch(r"v?(\d+)\.(\d+)(?:\.\d+)?", version)
        want = f"{m[1]}.{m[2]}" if m else ""
    if want not in have:
        raise InputError(f"--kubernetes-version {version}: not available (kubernetes-validate ships {', '.join(have)})")
    return want


def load(want: str) -> dict:
    """An OpenAPI 3.0 document of every definition of Kubernetes `want` (a `pick` result)."""
    import json

    path = os.path.join(_schema_root(), f"v{want}.0-local", "_definitions.json")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror}") from None
    text = text.replace('"#/$defs/', '"#/components/schemas/')
    defs = {k: openapi30(v) for k, v in json.loads(text)["$defs"].items()}
    if INT_OR_STRING in defs:
        defs[INT_OR_STRING] = {"x-kubernetes-int-or-string": True}
    return decoded(
        {
            "openapi": "3.0.3",
            "info": {"title": f"Kubernetes {want}", "version": want},
            "components": {"schemas": defs},
        }
    )


def openapi30(x):
    """`type: [T, "null"]` -> `type: T, nullable: true` throughout (the same set of values); list items
    and map values are Go values (`x-dv-value`): a null one is decoded to its type's zero value, which
    is then validated, as the API server decodes `containers: [null]` to one empty Container."""
    if isinstance(x, list):
        return [openapi30(v) for v in x]
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
            out[k] = {name: openapi30(sub) for name, sub in v.items()}
        elif k in ("description", "enum", "default", "example"):
            out[k] = v
        elif k in ("items", "additionalProperties") and isinstance(v, dict):
            out[k] = {**openapi30(v), "x-dv-value": True}
        else:
            out[k] = openapi30(v)
    return out


def lookup(version: str) -> Callable[[tuple], Target | None]:
    """(group, version, kind) -> the built-in kind's Target, or None. The index of kinds and each
    kind's schemas (only the definitions it reaches) come from the user cache after the first run
    (`schemacache`): a run that validates a Deployment reads ~0.1 MB, not the 1.8 MB of every
    definition."""
    want = pick(version)
    path = os.path.join(_schema_root(), f"v{want}.0-local", "_definitions.json")
    try:
        st = os.stat(path)
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror}") from None
    # entry names: the entries' format (bump it with them; the tables of `godecoding` that shape them
    # count), the release, its file's path, size and time
    shaped = zlib.crc32(path.encode() + TABLES.encode())
    base = f"k8s8-{want}-{shaped:08x}-{st.st_size}-{st.st_mtime_ns}-"
    state: dict = {}

    def full() -> dict:
        if "doc" not in state:
            state["doc"] = load(want)
        return state["doc"]

    def find(gvk: tuple) -> Target | None:
        if "index" not in state:
            rows = _cached(base + "index", lambda: [[*k, t.name] for k, t in index(full(), want).items()])
            state["index"] = {(g, v, k): name for g, v, k, name in rows}
        name = state["index"].get(gvk)
        if name is None:
            return None
        if name not in state:
            doc, rules = _cached(base + name, lambda: _kind(full(), name))
            state[name] = Target(
                doc, name, f"Kubernetes {want} (kubernetes-validate)", builtin=True, rules=rules, trusted=True
            )
        return state[name]

    return find


def _cached(key: str, build: Callable[[], object]):
    """A JSON value from the user cache under `key` (the release, its file's path, size and time, what it
    is: a file name), or built and stored there."""
    hit = schemacache.read_entry(key)
    if hit is not None:
        return hit[0]
    value = build()
    schemacache.write_entry(key, [value])
    return value


def _kind(doc: dict, name: str) -> list:
    """[the document cut down to what `name` reaches, the CEL rules in it]: a cache entry."""
    cut = _reached(doc, name)
    return [cut, count_rules(cut, name)]


def _reached(doc: dict, name: str) -> dict:
    """The document cut down to the definitions `name` reaches."""
    return {**doc, "components": {"schemas": reached(doc["components"]["schemas"], name)}}


def index(doc: dict, version: str) -> dict:
    """(group, version, kind) -> Target for every top-level kind of the document."""
    out = {}
    source = f"Kubernetes {version} (kubernetes-validate)"
    for name, s in doc["components"]["schemas"].items():
        for gvk in s.get("x-kubernetes-group-version-kind") or ():
            out.setdefault(
                (gvk.get("group", ""), gvk.get("version", ""), gvk.get("kind", "")),
                Target(doc, name, source, builtin=True, trusted=True),
            )
    return out
