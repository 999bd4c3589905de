"""kubeconform's schema locations (`--schema-location`): where the schema of each object's kind is
looked up, in order, as kubeconform looks it up; dv-eval downloads nothing.

- `default`: Kubernetes' built-in kinds (`--kubernetes-version`, from kubernetes-validate), where
  kubeconform would download kubernetes-json-schema.
- A path template, rendered per object with kubeconform's fields (`{{ .ResourceKind }}`, …). A
  location not ending in `json` is a folder laid out as kubernetes-json-schema: kubeconform's
  `/{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json`
  is appended, and the release's `-local` file of the kind is read first where the folder has it:
  the same schema with Kubernetes' definitions by name (`_definitions.json`), so that its own types
  are decoded as the API server decodes them (`godecoding`), which the standalone file's inlined
  copies do not allow. A file that is not there means "not here": the next location is tried.
- An `http(s)://` template is read from a kubeconform download cache (`--cache DIR`, files named
  by the SHA-256 of the URL); an entry missing there is an error (the object is not judged), as
  nothing shows it would not have been found.

A file found is used as one given with `--schema`: a CRD or an OpenAPI document routes the object
by its kind; a JSON Schema export of dv2openapi, unchanged since, by the document it embeds (the
same verdicts as that OpenAPI document's); another bare JSON schema (what kubeconform reads)
validates the object it was found for, its `$ref`s to other files
(`_definitions.json#/definitions/…`) read and bundled in.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from urllib.parse import urljoin

from evaluator.input import schemacache
from evaluator.input.document import InputError
from evaluator.kinds.godecoding import decoded, marked_inline
from evaluator.schema.published import embedded_document
from evaluator.schema.schemaerror import SchemaError

from .builtin import openapi30
from .routing import ADMISSION_VERSION, Catalog, Target, admit_crds

DEFAULT = "default"
KUBERNETES_JSON_SCHEMA = (
    "/{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json"
)
BY_NAME = "/{{ .NormalizedKubernetesVersion }}-local/{{ .ResourceKind }}{{ .KindSuffix }}.json"  # read first
FIELDS = ("NormalizedKubernetesVersion", "StrictSuffix", "ResourceKind", "ResourceAPIVersion", "Group", "KindSuffix")
_ACTION = re.compile(r"\{\{(.*?)\}\}")
_FIELD = re.compile(r"\s*\.(\w+)\s*")
_REF = "#/components/schemas/"

Find = Callable[[tuple], Target | None]


class Template:
    """One path or URL template, checked when given (fields, folder, cache)."""

    def __init__(self, location: str, cache: str | None):
        self.remote = location.startswith("http")  # as kubeconform tells them apart
        folder = not location.endswith("json")
        texts = [location] if not folder else [location + KUBERNETES_JSON_SCHEMA]
        if folder and not self.remote:
            texts.insert(0, location + BY_NAME)
        self.candidates = [_parts(text, location) for text in texts]  # each: text, or (field,)
        if self.remote:
            if cache is None:
                raise InputError(
                    f"--schema-location {location}: dv-eval does not download schemas; pass --cache DIR holding "
                    "kubeconform's downloads, a local folder or template, or default (the built-in kinds)"
                )
        else:
            where = os.path.dirname(self.candidates[-1][0]) or "."
            if not os.path.isdir(where):
                raise InputError(f"--schema-location {location}: no folder {where} (no schema could be found there)")

    def render(self, gvk: tuple, k8s_version: str, strict: bool) -> list[str]:
        """The paths (or URL) for (group, version, kind), with kubeconform's values of the fields: the
        first that exists is read."""
        group, version, kind = gvk
        api = f"{group}/{version}" if group else version
        parts = api.split("/")
        suffix = "-" + parts[0].split(".")[0].lower() + ("-" + parts[1].lower() if len(parts) > 1 else "")
        values = {
            "NormalizedKubernetesVersion": k8s_version,
            "StrictSuffix": "-strict" if strict else "",
            "ResourceKind": kind.lower(),
            "ResourceAPIVersion": parts[-1],
            "Group": parts[0],
            "KindSuffix": suffix,
        }
        return ["".join(p if isinstance(p, str) else values[p[0]] for p in parts) for parts in self.candidates]


def _parts(text: str, location: str) -> list[str | tuple[str]]:
    """A template's text cut into literal text and (field,) actions, checked."""
    parts: list[str | tuple[str]] = []
    pos = 0
    for m in _ACTION.finditer(text):
        field = _FIELD.fullmatch(m[1])
        if field is None or field[1] not in FIELDS:
            known = ", ".join("." + f for f in FIELDS)
            raise InputError(f"--schema-location {location}: cannot use {m[0]!r} (a template knows {known})")
        parts += [text[pos : m.start()], (field[1],)]
        pos = m.end()
    parts.append(text[pos:])
    if any(isinstance(p, str) and "{{" in p for p in parts):
        raise InputError(f"--schema-location {location}: an unclosed template action '{{{{'")
    return parts


def normalized(version: str | None) -> str:
    """`{{ .NormalizedKubernetesVersion }}`: `master` (also for none or `latest`), else `v1.37.0`
    (`1.37` is completed as `1.37.0`)."""
    if version in (None, "master", "latest"):
        return "master"
    v = version.removeprefix("v")
    return "v" + (v + ".0" if v.count(".") == 1 else v)


def finder(
    locations: list[str], builtin: Find | None, k8s_version: str | None, strict: bool, cache: str | None
) -> Find:
    """(group, version, kind) -> the Target of the first location that has a schema for it, or None.
    `builtin` stands for `default`; templates are checked here, so a bad one fails before any input is read."""
    order: list[Template | None] = [None if loc == DEFAULT else Template(loc, cache) for loc in locations]
    version = normalized(k8s_version)
    files: dict[str, dict] = {}  # a file or URL -> its (single) document, read once
    found: dict[tuple, Target | None] = {}

    def find(gvk: tuple) -> Target | None:
        if gvk not in found:  # an error is not kept: it is raised again for each object of the kind
            hit = None
            for t in order:
                hit = builtin(gvk) if t is None else _in(t, gvk)
                if hit is not None:
                    break
            found[gvk] = hit
        return found[gvk]

    def _in(t: Template, gvk: tuple) -> Target | None:
        if t.remote:
            (where,) = t.render(gvk, version, strict)
            path = _cached(where, cache)
        else:
            where = next((w for w in t.render(gvk, version, strict) if os.path.isfile(w)), None)
            if where is None:
                return None
            path = where
        docs = schemacache.load_docs(path, lambda docs: _admitted(docs, where), ADMISSION_VERSION, named=False)
        if len(docs) != 1 or not isinstance(docs[0], dict):
            raise SchemaError(f"{where}: a schema found by --schema-location must be one document (a mapping)")
        doc = docs[0]
        files[where] = doc
        sub = Catalog()
        if doc.get("kind") == "CustomResourceDefinition" or any(k in doc for k in ("openapi", "components", "swagger")):
            sub.add_doc(doc, where)
        elif embedded_document(doc) is not None:  # dv2openapi's export: the document it stands for
            sub.add_doc(embedded_document(doc), where)
            return sub.by_gvk.get(gvk)  # None: the export is of another apiVersion
        else:  # a bare JSON schema: the one for this object's kind
            gvks = [{"group": gvk[0], "version": gvk[1], "kind": gvk[2]}]
            bundle = _bundle(doc, where, gvk[2], lambda f: _read(f, files, cache), gvks)
            from evaluator.kinds.handwritten import WARNED

            if (gvk[0], gvk[2]) in WARNED:  # a pod's lists, as the server holds them
                marked_inline(bundle["components"]["schemas"][gvk[2]])
            sub.add_doc(bundle, where)
        hit = sub.by_gvk.get(gvk)
        if hit is None:
            api = f"{gvk[0]}/{gvk[1]}" if gvk[0] else gvk[1]
            raise SchemaError(f'{where}: found for kind "{gvk[2]}" in version "{api}", but it holds no schema for it')
        return hit

    return find


def _admitted(docs: list, where: str) -> list:
    admit_crds(docs, where)
    return docs


def _cached(url: str, cache: str | None) -> str:
    """The file of `url` in a kubeconform download cache; an InputError when it is not there."""
    import hashlib

    path = os.path.join(cache or "", hashlib.sha256(url.encode()).hexdigest())
    if not os.path.isfile(path):
        raise InputError(f"{url}: not in the cache {cache} (dv-eval does not download schemas)")
    return path


def _read(where: str, files: dict, cache: str | None) -> dict:
    """The document of a file or URL that a `$ref` names, read once."""
    if where not in files:
        path = _cached(where, cache) if where.startswith(("http://", "https://")) else where
        docs = schemacache.load_docs(path, named=False)  # a FIFO it names is refused, never waited on
        if len(docs) != 1 or not isinstance(docs[0], dict):
            raise SchemaError(f"{where}: a referenced schema file must be one document (a mapping)")
        files[where] = docs[0]
    return files[where]


def _bundle(root: dict, where: str, name: str, read: Callable[[str], dict], gvks: list) -> dict:
    """An OpenAPI document of the JSON schema `root` (from `where`) under `name`, with every schema its
    `$ref`s reach, in its own file or others, under components.schemas (JSON Schema's `type: [T,
    "null"]` as `nullable`)."""
    schemas: dict = {}
    names: dict[tuple[str, str], str] = {}  # (file, JSON pointer) -> its name in components.schemas
    todo: list[tuple[str, str]] = []

    def component(file: str, pointer: str) -> str:
        if (file, pointer) not in names:
            base = _unescape(pointer.rsplit("/", 1)[-1]) if pointer else os.path.basename(file)
            taken = {name, *names.values()}
            n, i = base, 2
            while n in taken:
                n, i = f"{base}_{i}", i + 1
            names[(file, pointer)] = n
            todo.append((file, pointer))
        return _REF + names[(file, pointer)]

    def rewrite(node: object, file: str, top: bool = False) -> object:
        if isinstance(node, list):
            return [rewrite(v, file) for v in node]
        if not isinstance(node, dict):
            return node
        out = {}
        for k, v in node.items():
            if k == "$ref" and isinstance(v, str):
                target, _, pointer = v.partition("#")
                if pointer and not pointer.startswith("/"):
                    raise SchemaError(f"{file}: $ref {v!r}: only JSON pointers (#/…) are supported")
                out[k] = component(_resolve(file, target) if target else file, pointer)
            elif k in ("enum", "default", "example", "const"):  # values, not schemas
                out[k] = v
            elif top and k in ("definitions", "$defs", "$schema", "$id", "id"):
                continue  # what a file holds for $refs (bundled as they are reached), and its identity
            else:
                out[k] = rewrite(v, file)
        return out

    schemas[name] = {**rewrite(root, where, top=True), "x-kubernetes-group-version-kind": gvks}
    while todo:
        file, pointer = todo.pop()
        node = _at(read(file), pointer, file)
        schemas[names[(file, pointer)]] = rewrite(node, file, top=not pointer)
    return decoded({"openapi": "3.0.3", "components": {"schemas": {k: openapi30(v) for k, v in schemas.items()}}})


def _resolve(file: str, target: str) -> str:
    """The file or URL a `$ref` names, relative to the file it is in."""
    if file.startswith(("http://", "https://")) or target.startswith(("http://", "https://")):
        return urljoin(file, target)
    return os.path.normpath(os.path.join(os.path.dirname(file), target))


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def _at(doc: dict, pointer: str, file: str) -> object:
    node: object = doc
    for token in pointer.split("/")[1:] if pointer else ():
        key = _unescape(token)
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        else:
            raise SchemaError(f"{file}: $ref #{pointer}: no such schema in the file")
    return node
